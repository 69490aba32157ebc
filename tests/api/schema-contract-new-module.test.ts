import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/common/schema';
import { describeSchemaContract } from './support/schema-contract';

/**
 * A module added in the words of docs/adding-a-module.md: one schema file naming catalogue keys only
 * (no code, no seed line, no test of its own), dropped into a copy of schemas/. The contract's checks
 * pass for it, and its rule between fields holds on the server.
 */
const eventSchema = {
  $schema: '../x-admin.meta.json',
  type: 'object',
  title: 'resources.tags.title',
  properties: {
    name: {
      type: 'string',
      title: 'resources.tags.fields.name',
      minLength: 2,
      maxLength: 128,
      errorMessage: { type: 'validation.tags.name_required', minLength: 'validation.tags.name_min', maxLength: 'validation.tags.name_max' },
    },
    date_from: { type: 'string', format: 'date', title: 'resources.imports.fields.start_date' },
    date_to: { type: 'string', format: 'date', title: 'resources.news_items.fields.date' },
  },
  required: ['name'],
  errorMessage: { required: { name: 'validation.tags.name_required' } },
  'x-admin': {
    resource: 'events',
    scope: 'service',
    title: 'resources.tags.title',
    messages: { created: 'resources.tags.messages.created', updated: 'resources.tags.messages.updated', deleted: 'resources.tags.messages.deleted' },
    route: { path: '/usluga/{service_id}/wydarzenia', name: 'service_events', param: 'event_id', views: { list: '', create: 'dodaj', edit: 'edytuj/{event_id}' } },
    list: { columns: [{ field: 'name', sortable: true }, { field: 'date_from', sortable: true }] },
    rules: [{ field: 'date_to', op: '>=', than: 'date_from' }],
  },
};

const schemasDir = mkdtempSync(path.join(tmpdir(), 'panel-contract-'));
cpSync('schemas', schemasDir, { recursive: true });
writeFileSync(path.join(schemasDir, 'site', 'event.schema.json'), JSON.stringify(eventSchema, null, 2));
afterAll(() => rmSync(schemasDir, { recursive: true, force: true }));

const contract = describeSchemaContract({ schemasDir, only: (module) => module.admin.resource === 'events' });

describe('the new module\'s rule between fields, on the server', () => {
  it('refuses an end before the start with the Polish message on the end, stores nothing, and skips empty sides', async () => {
    const module = contract.registry.byResource('events')!;
    const { params, owner } = await contract.placeOf(module);
    const paths = apiPaths(module.admin, params);
    const count = async () => (await contract.call('GET', paths.collection, owner)).json().pagination.total as number;
    const before = await count();

    const refused = await contract.call('POST', paths.collection, owner, { name: 'Zjazd', date_from: '2026-11-23', date_to: '2026-11-22' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      detail: 'Proszę poprawnie wypełnić formularz.',
      errors: { date_to: 'Pole Data nie może zawierać daty wcześniejszej niż pole Data rozpoczęcia.' },
    });
    expect(await count()).toBe(before);

    const created = await contract.call('POST', paths.collection, owner, { name: 'Zjazd', date_from: '2026-11-23', date_to: '2026-11-23' });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json();
    expect((await contract.call('POST', paths.collection, owner, { name: 'Bez końca', date_from: '2026-11-23' })).statusCode).toBe(201);

    const update = await contract.call('PUT', paths.item(id), owner, { name: 'Zjazd', date_from: '2026-11-24', date_to: '2026-11-23' });
    expect(update.statusCode).toBe(400);
    expect(update.json().errors).toEqual({ date_to: 'Pole Data nie może zawierać daty wcześniejszej niż pole Data rozpoczęcia.' });
    expect((await contract.call('GET', paths.item(id), owner)).json()).toMatchObject({ date_from: '2026-11-23', date_to: '2026-11-23' });
  });
});
