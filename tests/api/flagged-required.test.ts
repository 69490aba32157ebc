import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoSites, storedOf } from './schema-fixtures';
import { createTestApp, type TestApp } from './support/app';
import { signedIn } from './support/signed-in';

/**
 * A required field with x-flags through the engine: required where the service has it (klient's
 * site, template aurora, has counters), neither asked nor changeable where it lacks it (klient2's
 * site, template minimal), written only as a schema file in a temporary folder.
 */
const counterNotes = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'resources.tags.fields.name', maxLength: 64, errorMessage: null },
    counter: { type: 'string', title: 'resources.appearance_template.fields.template_counter', maxLength: 64, 'x-flags': ['template:counters'] },
  },
  required: ['name', 'counter'],
  errorMessage: { required: { counter: 'validation.appearance.counter_required' } },
  'x-admin': {
    resource: 'counter_notes',
    scope: 'service',
    module: 'appearance',
    title: 'resources.tags.title',
    route: { path: '/usluga/{service_id}/wyglad/notatki', name: 'service_counter_notes', views: { list: '' } },
  },
};

let test: TestApp;
let schemasDir: string;
const { signIn, call } = signedIn(() => test);
let site: number;
let otherSite: number;
const notesOf = (service: number) => `/api/client_service/${service}/module/appearance`;

beforeAll(async () => {
  schemasDir = await mkdtemp(path.join(tmpdir(), 'panel-schemas-flagged-'));
  await cp('schemas', schemasDir, { recursive: true });
  await writeFile(path.join(schemasDir, 'counter-notes.schema.json'), JSON.stringify(counterNotes));
  test = await createTestApp({ schemasDir });
  await signIn('klient', 'klient2');
  ({ site, otherSite } = await demoSites(test));
});
afterAll(async () => {
  await test?.close();
  await rm(schemasDir, { recursive: true, force: true });
});

describe('a required field with x-flags', () => {
  it('is required where the service has it: a Polish 400 on the field, nothing stored', async () => {
    const before = await storedOf(test, site, 'counter_notes');
    for (const body of [{ name: 'Bez licznika' }, { name: 'Pusty licznik', counter: '' }]) {
      const refused = await call('POST', notesOf(site), body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json()).toEqual({ detail: 'Proszę poprawnie wypełnić formularz.', errors: { counter: 'Licznik jest wymagany.' } });
    }
    expect(await storedOf(test, site, 'counter_notes')).toEqual(before);
    const created = await call('POST', notesOf(site), { name: 'Z licznikiem', counter: 'licznik_dzienny' });
    expect(created.statusCode, created.body).toBe(201);
    const emptied = await call('PUT', `${notesOf(site)}/${created.json().id}`, { name: 'Z licznikiem', counter: '' });
    expect(emptied.statusCode).toBe(400);
    expect(emptied.json().errors).toEqual({ counter: 'Licznik jest wymagany.' });
    expect((await call('GET', `${notesOf(site)}/${created.json().id}`)).json().counter).toBe('licznik_dzienny');
  });

  it('is not asked where the service lacks it, and still may not be set there', async () => {
    const created = await call('POST', notesOf(otherSite), { name: 'Bez licznika' }, 'klient2');
    expect(created.statusCode, created.body).toBe(201);
    const refused = await call('POST', notesOf(otherSite), { name: 'Z licznikiem', counter: 'licznik_dzienny' }, 'klient2');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ counter: 'Szablon strony nie przewiduje pola Licznik.' });
  });

  it('still refuses a missing field that has no flags, with its own message', async () => {
    const missing = await call('POST', notesOf(site), { counter: 'licznik_dzienny' });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().errors)).toEqual(['name']);
  });
});
