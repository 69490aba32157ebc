import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceOf } from './schema-fixtures';
import { createTestApp, type CallOptions, type TestApp } from './support/app';
import { serviceOfPath } from './support/module-services';

/**
 * Every operation of the OpenAPI document, as klient (as root where klient is refused: /admin,
 * root-only calls of a service), with bad path ids, bad query values and bad bodies: deterministic
 * (a fixed seed) and bounded (a few bodies per operation). Not one answer may be a 5xx. The job
 * workers run, as on a server, so that calls queueing a job (a folder's archive) find their queue.
 */
const SEED = 18;
const BODIES_PER_OPERATION = 4;

type Method = CallOptions['method'];
interface Operation {
  method: Method;
  path: string;
  query: string[];
  fields: string[];
}

let test: TestApp;
let klient: string;
let admin: string;
let site: number;
let moduleService: (path: string) => number | undefined;
let operations: Operation[];

beforeAll(async () => {
  test = await createTestApp({ jobsEnabled: true });
  klient = (await test.login('klient')).access_token;
  admin = (await test.login('admin')).access_token;
  site = await serviceOf(test, 'klient', 1);
  // The reports read the mailings module's records (src/modules/newsletter/server/reports).
  moduleService = await serviceOfPath(test, 'klient', { '/client_service/{service_id}/reports': 'mailings' });
  const document = (await test.call({ method: 'GET', url: '/api/docs/openapi.json', token: klient })).json();
  const schemas = document.components.schemas as Record<string, { properties?: Record<string, unknown> }>;
  operations = Object.entries(document.paths as Record<string, Record<string, Record<string, unknown>>>).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => {
      const parameters = (operation.parameters ?? []) as { name: string; in: string }[];
      const body = (operation.requestBody as { content?: Record<string, { schema?: { $ref?: string } }> } | undefined)?.content?.['application/json']?.schema?.$ref;
      return {
        method: method.toUpperCase() as Method,
        path,
        query: parameters.filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name),
        fields: Object.keys(body ? (schemas[body.split('/').pop()!]?.properties ?? {}) : {}),
      };
    }),
  );
}, 60_000);
afterAll(() => test?.close());

// A service that has the module the operation belongs to, so that the call gets past the access check.
const serviceFor = (path: string) => moduleService(path) ?? site;

/** The operation's address with every placeholder filled (1 for ids), one of them replaced when asked. */
function address(operation: Operation, replaced?: { name: string; value: string }): string {
  const path = operation.path.replace(/\{([a-z_]+)\}/g, (_whole, name: string) => {
    if (name === replaced?.name) return replaced.value;
    return name === 'service_id' ? String(serviceFor(operation.path)) : name === 'name' ? 'plik' : '1';
  });
  return `/api${path}`;
}

const BAD_IDS = ['99999999999999999999', '9223372036854775808', '2147483648', '-1', '0', '1.5', '1e3', 'abc', '%E2%80%AE1', '%F0%9F%92%A9'];
const BAD_VALUES = ['99999999999999', '-1', '0', '10000-01-01', '2099-02-30', '2099-02-30T10:00:00Z', 'junk', '%E2%80%AE', 'x'.repeat(3000)];
const COMMON_QUERIES = [
  'page=99999999999999',
  'page=99999999999999999999999',
  'per_page=-1',
  'per_page=1000000',
  'page=1&page=2',
  'from=10000-01-01',
  'to=2099-02-30',
  'sort=%E2%80%AE',
  'order=junk',
  'search=%25%5C_',
];

const awkward = fc.oneof(
  fc.constantFrom(null, true, -1, 0, 2 ** 31, 2 ** 63, 1e308, -0.5, '', ' ', '10000-01-01', '2099-02-30', '2099-02-30T10:00:00Z', 'x'.repeat(100_000)),
  fc.constantFrom('Nazwa\u202Etxt.exe', '\u2066\u2067\u2068\u2069', 'a\u200Fb', '=1+1', '<script>alert(1)</script>', 'jan@example.com'),
  fc.string({ maxLength: 20 }),
  fc.integer(),
  fc.array(fc.oneof(fc.string({ maxLength: 5 }), fc.integer(), fc.constant(null)), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.oneof(fc.string({ maxLength: 5 }), fc.integer()), { maxKeys: 3 }),
);

/** Bodies for an operation: its own fields with awkward values, nulls for all of them, and not objects at all. */
function bodiesFor(operation: Operation, index: number): unknown[] {
  const fields = [...operation.fields, 'id', 'name', 'ids', 'public_end_date', 'target_directory_id'];
  const shaped = fc.dictionary(fc.constantFrom(...fields), awkward, { maxKeys: 8 });
  return [
    ...fc.sample(shaped, { seed: SEED + index, numRuns: BODIES_PER_OPERATION }),
    Object.fromEntries(fields.map((field) => [field, null])),
    [],
    'x',
    42,
  ];
}

describe('a fuzz of every route of the OpenAPI document', () => {
  it('answers no request with a 5xx', async () => {
    const failures: string[] = [];
    let token = klient;
    const send = async (method: Method, url: string, payload?: unknown) => {
      const json = payload === undefined ? {} : { payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } };
      const response = await test.call({ method, url, token, ...json });
      if (response.statusCode >= 500) failures.push(`${method} ${url.slice(0, 200)} ${JSON.stringify(payload)?.slice(0, 200) ?? ''} → ${response.statusCode} ${response.body.slice(0, 200)}`);
      return response.statusCode;
    };
    const writes = new Set<Method>(['POST', 'PUT', 'PATCH']);
    for (const [index, operation] of operations.entries()) {
      const body = writes.has(operation.method) ? {} : undefined;
      token = klient;
      if ((await send(operation.method, address(operation), body)) === 403) token = admin;
      for (const name of operation.path.match(/\{([a-z_]+)\}/g)?.map((placeholder) => placeholder.slice(1, -1)) ?? []) {
        for (const value of BAD_IDS) await send(operation.method, address(operation, { name, value }), body);
      }
      const queries = [...COMMON_QUERIES, ...operation.query.flatMap((name) => BAD_VALUES.map((value) => `${name}=${encodeURIComponent(value)}`))];
      for (const query of queries) await send(operation.method, `${address(operation)}?${query}`, body);
      if (writes.has(operation.method)) for (const payload of bodiesFor(operation, index)) await send(operation.method, address(operation), payload);
    }
    expect(operations.length).toBeGreaterThan(200);
    expect(failures).toEqual([]);
  }, 170_000);
});
