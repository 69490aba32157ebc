import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PAGE } from '../../src/server/platform/http/pagination';
import { serviceOf } from './schema-fixtures';
import { createTestApp, type TestApp } from './support/app';
import { signedIn } from './support/signed-in';

let test: TestApp;
const users = signedIn(() => test);
let lists: Array<[string, string, string]>;

beforeAll(async () => {
  test = await createTestApp();
  await users.signIn('klient', 'admin');
  const newsletter = await serviceOf(test, 'klient', 9);
  const site = await serviceOf(test, 'klient', 1);
  const bip = await serviceOf(test, 'klient', 2);
  // [what, address, who]: every kind of list, schema-driven or written by hand.
  lists = [
    ['a schema list', `/api/client_service/${newsletter}/module/tags`, 'klient'],
    ['mailing summaries', `/api/client_service/${newsletter}/module/mailings/summaries`, 'klient'],
    ['import exports', `/api/client_service/${bip}/module/imports/exports`, 'klient'],
    ['recipient imports', `/api/client_service/${newsletter}/module/recipients/imports`, 'admin'],
    ['report of mailings', `/api/client_service/${newsletter}/reports/mailings`, 'klient'],
    ['delivery logs', `/api/client_service/${newsletter}/reports/logs`, 'klient'],
    ['the disk', `/api/client_service/${site}/module/files`, 'klient'],
    ['services', '/api/user/client_service', 'klient'],
    ['news', '/api/news', 'klient'],
  ];
});
afterAll(() => test?.close());

describe('every list reads page and per_page through one parser', () => {
  it.each([
    ['page=99999999999999', 'page'],
    ['page=99999999999999999999999', 'page'],
    [`page=${MAX_PAGE + 1}`, 'page'],
    ['page=0', 'page'],
    ['page=-1', 'page'],
    ['page=1e3', 'page'],
    ['page=abc', 'page'],
    ['page=1&page=2', 'page'],
    ['per_page=-1', 'per_page'],
    ['per_page=0', 'per_page'],
    ['per_page=1000000', 'per_page'],
  ])('?%s is a 400 naming %s', async (query, parameter) => {
    for (const [what, address, as] of lists) {
      const response = await users.call('GET', `${address}?${query}`, undefined, as);
      expect(response.statusCode, what).toBe(400);
      expect(response.json().detail, what).toBe(`Nieprawidłowa wartość parametru ${parameter}.`);
    }
  });

  it('the last page allowed answers, empty, with the total', async () => {
    for (const [what, address, as] of lists) {
      const response = await users.call('GET', `${address}?page=${MAX_PAGE}&per_page=100`, undefined, as);
      expect(response.statusCode, what).toBe(200);
      const body = response.json();
      expect(body.data ?? body.files, what).toEqual([]);
      expect(body.pagination.total, what).toEqual(expect.any(Number));
    }
  });
});
