import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshAddress } from './auth-support';
import { multipart, PNG, serviceOf } from './schema-fixtures';
import { createTestApp, type TestApp } from './support/app';

let test: TestApp;
let klient: string;
let newsletter: number;
let site: number;

beforeAll(async () => {
  test = await createTestApp();
  klient = (await test.login('klient')).access_token;
  newsletter = await serviceOf(test, 'klient', 9);
  site = await serviceOf(test, 'klient', 1);
});
afterAll(() => test?.close());

async function categoriesNamed(search: string): Promise<unknown[]> {
  const response = await test.call({ method: 'GET', url: `/api/client_service/${site}/module/news_categories?search=${search}`, token: klient });
  return response.json().data;
}

const TEXT_REFUSAL = { detail: 'Tekst zawiera niedozwolone znaki (znak NUL lub niepełny znak Unicode).' };
// JSON.stringify (and so every browser) sends both as \u escapes, which JSON.parse turns back into them.
const NUL = '\u0000';
const LONE_SURROGATE = '\ud800';

describe('text PostgreSQL cannot store is refused with 400', () => {
  it.each([
    ['POST', '/api/authentication', { username: `kli${NUL}ent`, password: 'x' }],
    ['POST', '/api/password_reminder', { username: `kli${NUL}ent` }],
    ['PUT', '/api/password_reminder', { username: `kli${NUL}ent`, confirm_code: 'abc' }],
    ['POST', '/api/authentication', { username: `kli${LONE_SURROGATE}ent`, password: 'x' }],
  ] as const)('%s %s with %j', async (method, url, fields) => {
    const response = await test.call({ method, url, payload: fields, remoteAddress: freshAddress() });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(TEXT_REFUSAL);
  });

  it.each([
    ['tags', () => `/api/client_service/${newsletter}/module/tags`, { name: `ab${LONE_SURROGATE}cd` }],
    ['recipients', () => `/api/client_service/${newsletter}/module/recipients`, { email: 'a@example.com', name: `ab${LONE_SURROGATE}cd` }],
    ['news categories', () => `/api/client_service/${site}/module/news_categories`, { name: `ab${LONE_SURROGATE}cd` }],
    ['sender config', () => `/api/client_service/${newsletter}/module/senders/configs`, { from: 'newsletter', from_name: `ab${LONE_SURROGATE}cd` }],
    ['tags, NUL', () => `/api/client_service/${newsletter}/module/tags`, { name: `ab${NUL}cd` }],
  ] as const)('a module record (%s)', async (_name, url, fields) => {
    const response = await test.call({ method: 'POST', url: url(), token: klient, payload: fields });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(TEXT_REFUSAL);
  });

  it('in a query string', async () => {
    const response = await test.call({ method: 'GET', url: `/api/client_service/${newsletter}/module/tags?search=a%00b`, token: klient });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(TEXT_REFUSAL);
  });

  it('in the multipart payload field', async () => {
    const form = multipart({ name: `ab${LONE_SURROGATE}cd` });
    const response = await test.call({ method: 'POST', url: `/api/client_service/${site}/upload/news_categories`, token: klient, payload: form.payload, headers: form.headers });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(TEXT_REFUSAL);
    expect(await categoriesNamed('ab')).toEqual([]);
  });
});

describe('a malformed multipart upload is refused with 400', () => {
  const upload = () => `/api/client_service/${site}/upload/news_categories`;

  it('without a boundary', async () => {
    const form = multipart({ name: 'Kategoria' });
    const response = await test.call({ method: 'POST', url: upload(), token: klient, payload: form.payload, headers: { 'content-type': 'multipart/form-data' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'Nieprawidłowe żądanie.' });
  });

  it('cut off in the middle of a part', async () => {
    const form = multipart({ name: 'Kategoria' });
    const truncated = form.payload.subarray(0, form.payload.length - 20);
    const response = await test.call({ method: 'POST', url: upload(), token: klient, payload: truncated, headers: form.headers });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'Nieprawidłowe żądanie.' });
  });

  it('cut off in the middle of the file', async () => {
    const form = multipart({ name: 'Kategoria' }, { name: 'f.png', type: 'image/png', data: Buffer.concat([PNG, Buffer.alloc(4096, 1)]) });
    const truncated = form.payload.subarray(0, form.payload.length - 2048);
    const response = await test.call({ method: 'POST', url: upload(), token: klient, payload: truncated, headers: form.headers });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'Nieprawidłowe żądanie.' });
    expect(await categoriesNamed('Kategoria')).toEqual([]);
  });
});
