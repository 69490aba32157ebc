import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app';
import { multipart, serviceOf } from './schema-fixtures';
import { schemaModuleOf, serviceOfPath } from './support/module-services';

let test: TestApp;
let klient: string;
let admin: string;
let collections: { url: string; token: string }[];
let site: number;
let newsletter: number;
let moduleService: (path: string) => number | undefined;

beforeAll(async () => {
  test = await createTestApp();
  klient = (await test.login('klient')).access_token;
  admin = (await test.login('admin')).access_token;
  newsletter = await serviceOf(test, 'klient', 9);
  site = await serviceOf(test, 'klient', 1);
  moduleService = await serviceOfPath(test, 'klient');
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

function expectNoServerError(status: number, body: string, contentType = 'application/json') {
  expect(status, body).toBeLessThan(500);
  // Every answer is JSON, but a removal's 204 (an id that names a demo record), which has no body,
  // and the success of a call that answers a file (a list's CSV export).
  if (status === 204) expect(body).toBe('');
  else if (status >= 400 || contentType.startsWith('application/json')) expect(() => JSON.parse(body)).not.toThrow();
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

// Every kind of text that has broken servers: NUL, lone surrogates, non-characters, BOM, bidi
// overrides, combining marks, astral characters, any UTF-16 unit and any code point.
const awkwardUnit = fc.oneof(
  fc.constantFrom('\u0000', '\ud800', '\udbff', '\udc00', '\udfff', '\ufffe', '\uffff', '\ufeff', '\u202e', '\u0301', '😀', '\u{10ffff}', '%', "'", '\\'),
  fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
);
const awkwardText = fc.oneof(
  fc.string({ unit: awkwardUnit, maxLength: 24 }),
  // A valid-looking value with a sting in its tail gets past format checks to the database more often.
  fc.tuple(fc.constantFrom('Nazwa', 'a@example.com', 'newsletter', 'smtp.example.com'), fc.string({ unit: awkwardUnit, minLength: 1, maxLength: 3 })).map(([valid, tail]) => valid + tail),
);

/** Percent-encodes a query value, a lone surrogate as the three bytes UTF-8 would give it (encodeURIComponent throws on it). */
function encodeQueryValue(text: string): string {
  return [...text]
    .map((char) => {
      const code = char.codePointAt(0) ?? 0;
      if (code < 0xd800 || code > 0xdfff) return encodeURIComponent(char);
      return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map((byte) => `%${byte.toString(16).toUpperCase()}`).join('');
    })
    .join('');
}

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  $ref?: string;
  allOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  then?: JsonSchema;
  else?: JsonSchema;
}

interface Operation {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  queryStrings: string[];
  body?: { properties: Record<string, JsonSchema>; multipart: boolean };
}

const hasType = (schema: JsonSchema, type: string) => (Array.isArray(schema.type) ? schema.type.includes(type) : schema.type === type);

/** Every property a body schema names, conditional branches included. */
function bodyProperties(schema: JsonSchema, components: Record<string, JsonSchema>): Record<string, JsonSchema> {
  const resolved = schema.$ref ? components[schema.$ref.split('/').pop() ?? ''] : schema;
  const branches = [...(resolved.allOf ?? []), ...(resolved.anyOf ?? []), ...(resolved.oneOf ?? []), resolved.then, resolved.else].filter((branch) => branch !== undefined);
  return Object.assign({}, ...branches.map((branch) => bodyProperties(branch, components)), resolved.properties);
}

/** Text where the schema wants text, a plausible value elsewhere, so that the text is what gets tested. */
function valueFor(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (hasType(schema, 'string')) return awkwardText;
  if (hasType(schema, 'array')) return fc.array(valueFor(schema.items ?? {}), { maxLength: 3 });
  if (hasType(schema, 'integer') || hasType(schema, 'number')) return fc.integer({ min: 1, max: 3 });
  if (hasType(schema, 'boolean')) return fc.boolean();
  return fc.oneof(awkwardText, fc.integer({ min: 1, max: 3 }));
}

function requestFor(operation: Operation) {
  const path = operation.path.replace('{service_id}', String(moduleService(operation.path) ?? newsletter)).replace('{id}', '1');
  // Root writes the admin modules and the root-only ones (the sending limits).
  const owner = schemaModuleOf(test, operation.path);
  const token = owner && (owner.scope === 'admin' || owner.writeRole === 'root') ? admin : klient;
  const query = fc.dictionary(fc.constantFrom(...(operation.queryStrings.length ? operation.queryStrings : ['_'])), awkwardText, { maxKeys: operation.queryStrings.length });
  const fields = operation.body && fc.record(Object.fromEntries(Object.entries(operation.body.properties).map(([name, schema]) => [name, valueFor(schema)])), { requiredKeys: [] });
  // Unknown keys are text too.
  const body = fields ? fc.tuple(fields, fc.dictionary(awkwardText, awkwardText, { maxKeys: 2 })).map(([known, unknown]) => ({ ...unknown, ...known })) : fc.constant(undefined);
  const asMultipart = operation.body?.multipart ? fc.boolean() : fc.constant(false);
  return fc.record({ query, body, asMultipart }).map(({ query: values, body: payload, asMultipart: multipartBody }) => {
    const search = Object.entries(values).map(([name, value]) => `${name}=${encodeQueryValue(value)}`).join('&');
    const url = `/api${path}${search ? `?${search}` : ''}`;
    if (payload === undefined) return { method: operation.method, url, token };
    // JSON.stringify writes NUL and lone surrogates as \u escapes, as a browser would send them.
    if (!multipartBody) return { method: operation.method, url, token, payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } };
    const form = multipart(JSON.stringify(payload));
    return { method: operation.method, url, token, payload: form.payload, headers: form.headers };
  });
}

describe('arbitrary Unicode in every string field of the OpenAPI document', () => {
  let operations: Operation[];

  beforeAll(async () => {
    const document = (await test.call({ method: 'GET', url: '/api/docs/openapi.json', token: admin })).json();
    const components: Record<string, JsonSchema> = document.components.schemas;
    operations = Object.entries<Record<string, { parameters?: { name: string; in: string; schema: JsonSchema }[]; requestBody?: { content: Record<string, { schema: JsonSchema }> } }>>(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).flatMap(([method, spec]) => {
        const queryStrings = (spec.parameters ?? []).filter((p) => p.in === 'query' && hasType(p.schema, 'string')).map((p) => p.name);
        const json = spec.requestBody?.content['application/json'];
        const body = json && { properties: bodyProperties(json.schema, components), multipart: 'multipart/form-data' in (spec.requestBody?.content ?? {}) };
        // Only operations that take text: the others have nothing for this property to vary.
        if (queryStrings.length === 0 && !body) return [];
        return [{ method: method.toUpperCase() as Operation['method'], path, queryStrings, body }];
      }),
    );
  });

  it('covers the operations that take text', () => {
    expect(operations.length).toBeGreaterThanOrEqual(15);
    expect(operations.filter((operation) => operation.body?.multipart).length).toBeGreaterThan(0);
  });

  it('never answers 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...operations).chain(requestFor),
        async (request) => {
          const response = await test.call(request);
          expectNoServerError(response.statusCode, response.body, String(response.headers['content-type']));
        },
      ),
      { numRuns: RUNS * 5 },
    );
  });
});
