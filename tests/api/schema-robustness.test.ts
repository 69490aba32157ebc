import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app';
import { multipart, serviceOf } from './schema-fixtures';

let test: TestApp;
let klient: string;
let admin: string;
let collections: { url: string; token: string }[];

beforeAll(async () => {
  test = await createTestApp();
  klient = (await test.login('klient')).access_token;
  admin = (await test.login('admin')).access_token;
  const newsletter = await serviceOf(test, 'klient', 9);
  const site = await serviceOf(test, 'klient', 1);
  collections = [
    { url: `/api/client_service/${newsletter}/module/tags`, token: klient },
    { url: `/api/client_service/${newsletter}/module/recipients`, token: klient },
    { url: `/api/client_service/${site}/module/news_categories`, token: klient },
    { url: `/api/client_service/${site}/upload/news_categories`, token: klient },
    { url: `/api/client_service/${newsletter}/module/senders/configs`, token: klient },
    { url: `/api/client_service/${newsletter}/limits`, token: admin },
    { url: '/api/content', token: admin },
  ];
});
afterAll(() => test?.close());

const RUNS = 40;
// Bodies shaped like ours (right names, any values) find more paths than arbitrary JSON alone.
const fieldNames = ['name', 'email', 'tags', 'prefix', 'description', 'content', 'config_type_id', 'smtp_port', 'from', 'from_name', 'panel_emaillabs_daily_mail_limit', '__proto__', 'id'];
const anyValue = fc.oneof(fc.jsonValue(), fc.string({ unit: 'binary' }), fc.constantFrom('\u0000', 'a\u0000b', '\ud800', -0, 1e308, 2 ** 53, -1, 1.5));
const body = fc.oneof(fc.jsonValue(), fc.dictionary(fc.constantFrom(...fieldNames), anyValue), fc.dictionary(fc.string(), anyValue));

function expectNoServerError(status: number, body: string) {
  expect(status, body).toBeLessThan(500);
  expect(() => JSON.parse(body)).not.toThrow();
}

describe('no input gives a 500', () => {
  it('random JSON bodies on create, update and save', async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: 6 }), fc.constantFrom('POST', 'PUT'), body, async (index, method, payload) => {
        const { url, token } = collections[index];
        const target = method === 'PUT' && !url.includes('configs') && !url.endsWith('/limits') ? `${url}/1` : url;
        const response = await test.call({ method: method as 'POST' | 'PUT', url: target, token, payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } });
        expectNoServerError(response.statusCode, response.body);
      }),
      { numRuns: RUNS * 3 },
    );
  });

  it('random multipart payloads', async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: 6 }), fc.oneof(fc.string(), body.map((b) => JSON.stringify(b))), fc.uint8Array({ maxLength: 64 }), async (index, payload, bytes) => {
        const { url, token } = collections[index];
        const form = multipart(payload, { name: 'f.png', type: 'image/png', data: Buffer.from(bytes) });
        const response = await test.call({ method: 'POST', url, token, payload: form.payload, headers: form.headers });
        expectNoServerError(response.statusCode, response.body);
      }),
      { numRuns: RUNS },
    );
  });

  it('random query strings on lists', async () => {
    const params = fc.dictionary(fc.constantFrom('page', 'per_page', 'sort', 'order', 'search', 'tag', 'prefix', 'x'), fc.oneof(fc.string(), fc.integer().map(String), fc.constantFrom('%00', '%', '_', '-1', '1e400', 'NaN', 'DESC', 'name')));
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: 6 }), params, fc.boolean(), async (index, query, repeat) => {
        const { url, token } = collections[index];
        const search = Object.entries(query)
          .flatMap(([k, v]) => (repeat ? [[k, v], [k, v]] : [[k, v]]))
          .map(([k, v]) => `${k}=${v.startsWith('%') ? v : encodeURIComponent(v)}`)
          .join('&');
        const response = await test.call({ method: 'GET', url: `${url}?${search}`, token });
        expectNoServerError(response.statusCode, response.body);
      }),
      { numRuns: RUNS * 2 },
    );
  });

  it('random ids on read, update, delete and file delete', async () => {
    const id = fc.oneof(fc.string({ minLength: 1 }).map(encodeURIComponent), fc.bigInt().map(String), fc.constantFrom('0', '-1', '1.5', '9223372036854775808', '2147483648', '1e3', '%00'));
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: 6 }), id, fc.constantFrom('GET', 'PUT', 'DELETE'), fc.constantFrom('', '/image', '/photo'), async (index, raw, method, suffix) => {
        const { url, token } = collections[index];
        const response = await test.call({ method: method as 'GET' | 'PUT' | 'DELETE', url: `${url}/${raw}${suffix}`, token, payload: method === 'PUT' ? { name: 'Nazwa' } : undefined });
        expectNoServerError(response.statusCode, response.body);
      }),
      { numRuns: RUNS * 2 },
    );
  });

  it('random service ids', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string({ minLength: 1 }).map(encodeURIComponent), fc.bigInt().map(String)), async (service) => {
        const response = await test.call({ method: 'GET', url: `/api/client_service/${service}/module/tags`, token: klient });
        expectNoServerError(response.statusCode, response.body);
      }),
      { numRuns: RUNS },
    );
  });
});
