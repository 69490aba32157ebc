import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app';
import { serviceOf } from './schema-fixtures';

/** A module nobody wrote code for: one schema file, dropped into the schemas folder. */
const noteSchema = {
  type: 'object',
  title: 'resources.tags.title',
  properties: {
    title: { type: 'string', title: 'resources.tags.fields.name', minLength: 3, maxLength: 80 },
    priority: { type: 'integer', minimum: 1, maximum: 5 },
    labels: { type: 'array', items: { type: 'string' } },
  },
  required: ['title'],
  'x-admin': {
    resource: 'service_notes',
    scope: 'service',
    module: 'notes',
    title: 'resources.tags.title',
    route: { path: '/usluga/{service_id}/notatki', name: 'service_notes', param: 'note_id', views: { list: '', create: 'dodaj', edit: 'edytuj/{note_id}' } },
    list: { columns: [{ field: 'title', sortable: true }, { field: 'priority', sortable: true }], sort: { field: 'priority', order: 'DESC' }, search: ['title'], filters: [{ field: 'labels', param: 'label', op: 'contains' }] },
    unique: [{ fields: ['title'], message: 'errors.conflict' }],
    indexes: [{ field: 'labels', kind: 'gin' }],
  },
};

let test: TestApp;
let schemasDir: string;
let token: string;
let service: number;

beforeAll(async () => {
  schemasDir = await mkdtemp(path.join(tmpdir(), 'panel-schemas-'));
  await cp('schemas', schemasDir, { recursive: true });
  await writeFile(path.join(schemasDir, 'note.schema.json'), JSON.stringify(noteSchema));
  test = await createTestApp({ schemasDir });
  token = (await test.login('klient')).access_token;
  service = await serviceOf(test, 'klient', 9);
  await test.ctx.db.query("INSERT INTO client_service_modules (client_service_id, module) VALUES ($1, 'notes')", [service]);
});
afterAll(async () => {
  await test?.close();
  await rm(schemasDir, { recursive: true, force: true });
});

describe('a new schema file is a working module with no other change', () => {
  const base = () => `/api/client_service/${service}/module/notes`;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, as = token) => test.call({ method, url, token: as, payload });

  it('gives create, list (sort, search, filter), read, update and delete', async () => {
    const a = await call('POST', base(), { title: 'Zadzwonić do drukarni', priority: 2, labels: ['pilne'] });
    expect(a.statusCode).toBe(201);
    const b = (await call('POST', base(), { title: 'Zamówić papier', priority: 5, labels: ['biuro'] })).json();
    const list = (await call('GET', base())).json();
    expect(list.pagination.total).toBe(2);
    expect(list.data.map((n: { title: string }) => n.title)).toEqual(['Zamówić papier', 'Zadzwonić do drukarni']);
    expect((await call('GET', `${base()}?label=pilne`)).json().data).toHaveLength(1);
    expect((await call('GET', `${base()}?search=papier`)).json().data[0].id).toBe(b.id);

    expect((await call('PUT', `${base()}/${b.id}`, { title: 'Zamówić toner', priority: 1 })).json()).toMatchObject({ title: 'Zamówić toner', priority: 1 });
    expect((await call('GET', `${base()}/${b.id}`)).json().title).toBe('Zamówić toner');
    expect((await call('DELETE', `${base()}/${b.id}`)).statusCode).toBe(204);
    expect((await call('GET', `${base()}/${b.id}`)).statusCode).toBe(404);
  });

  it('validates with the schema and keeps its unique key', async () => {
    const invalid = await call('POST', base(), { title: 'ab', priority: 9 });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({
      detail: 'Proszę poprawnie wypełnić formularz.',
      errors: { title: 'Pole Nazwa tagu jest nieprawidłowe.', priority: 'Pole priority jest nieprawidłowe.' },
    });
    await call('POST', base(), { title: 'Jedyna taka' });
    expect((await call('POST', base(), { title: 'Jedyna taka' })).statusCode).toBe(409);
  });

  it('checks the module permission and the tenant', async () => {
    const other = (await test.login('klient2')).access_token;
    expect((await call('GET', base(), undefined, other)).statusCode).toBe(403);
  });

  it('creates the declared indexes at start', async () => {
    const { rows } = await test.ctx.db.query<{ indexdef: string }>("SELECT indexdef FROM pg_indexes WHERE tablename = 'module_records' AND indexdef LIKE '%service_notes%'");
    const definitions = rows.map((r) => r.indexdef).join('\n');
    expect(definitions).toMatch(/USING gin \(+data -> 'labels'::text\)+ jsonb_path_ops\)/);
    expect(definitions).toMatch(/CREATE UNIQUE INDEX/);
  });

  it('appears in the OpenAPI document and the docs page', async () => {
    const document = (await test.call({ method: 'GET', url: '/api/docs/openapi.json' })).json();
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/client_service/{service_id}/module/notes', '/client_service/{service_id}/module/notes/{id}']));
    expect(document.components.schemas.service_notes.properties.title.title).toBe('Nazwa tagu');
    expect(document.components.schemas.service_notes).not.toHaveProperty('x-admin');
    const page = await test.call({ method: 'GET', url: '/api/docs/' });
    const html = page.statusCode === 302 ? await test.call({ method: 'GET', url: page.headers.location as string }) : page;
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toMatch(/text\/html/);
    // The page's own CSP (scripts from 'self' only), without the https upgrade plain-HTTP installs cannot follow.
    const csp = String(html.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self'/);
    expect(csp).not.toMatch(/unsafe-inline'? *;.*script|upgrade-insecure-requests/);
  });
});
