import { placeholders, SINGLE_LINE_KEYWORD, type JsonSchema, type ModuleSchema, type Registry } from '../../common/schema';
import type { ApiRoute, DocumentedOperation, Operation } from '../platform/http/api-routes';
import { t } from '../platform/http/errors';
import { MAX_PAGE, MAX_PER_PAGE } from '../platform/http/pagination';
import { DEFAULT_PER_PAGE } from './list-query';

type PathItem = Record<string, Operation>;

// Keywords only our validator reads; OpenAPI readers would take them for unknown extensions.
const PRIVATE_KEYWORDS = new Set(['x-admin', 'errorMessage', '$id', SINGLE_LINE_KEYWORD]);

/** A schema as OpenAPI 3.1 shows it: titles translated, our private keywords left out. */
function publicSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(publicSchema);
  if (!schema || typeof schema !== 'object') return schema;
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([key]) => !PRIVATE_KEYWORDS.has(key))
      .map(([key, value]) => [key, key === 'title' && typeof value === 'string' ? t(value) : key === 'properties' ? mapValues(value, publicSchema) : publicSchema(value)]),
  );
}

function mapValues(value: unknown, fn: (v: unknown) => unknown): unknown {
  return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, fn(v)]));
}

export const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });
const errors = {
  400: errorResponse('Bad request; for forms {detail, errors: {field: message}}'),
  401: errorResponse('Not signed in'),
  403: errorResponse('No access to the service or module'),
  404: errorResponse('Not found'),
};

export const json = (schema: unknown) => ({ 'application/json': { schema } });
/** A 200 (or other success) answer of a JSON schema. */
export const ok = (schema: unknown, description = 'OK') => ({ description, content: json(schema) });
/** A module's record as the API answers it. */
export const recordOf = (module: ModuleSchema) => ({ $ref: `#/components/schemas/${module.admin.resource}_record` });

/** A module's record body: JSON, or multipart (`payload` JSON and `file`) for a module with files. */
export function recordBody(module: ModuleSchema) {
  const name = module.admin.resource;
  const multipart = { type: 'object', properties: { payload: { type: 'string', description: `JSON: ${name}` }, file: { type: 'string', format: 'binary' } } };
  return {
    required: true,
    content: { ...json({ $ref: `#/components/schemas/${name}` }), ...(Object.keys(module.admin.files).length ? { 'multipart/form-data': { schema: multipart } } : {}) },
  };
}

/** The query of a module's list (and of its export): page, sort, search and its filters. */
export function listParameters(module: ModuleSchema) {
  const { list } = module.admin;
  return [
    { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1, maximum: MAX_PAGE, default: 1 } },
    { name: 'per_page', in: 'query', schema: { type: 'integer', minimum: 1, maximum: MAX_PER_PAGE, default: DEFAULT_PER_PAGE } },
    { name: 'sort', in: 'query', schema: { type: 'string', default: list.sort.field } },
    { name: 'order', in: 'query', schema: { type: 'string', enum: ['ASC', 'DESC'], default: list.sort.order } },
    ...(list.search?.length ? [{ name: 'search', in: 'query', description: list.search.join(', '), schema: { type: 'string' } }] : []),
    ...(list.filters ?? []).map((f) => ({ name: f.param ?? f.field, in: 'query', description: `${f.field} (${f.op})`, schema: { type: 'string' } })),
  ];
}

function pathParameters(pattern: string) {
  return placeholders(pattern).map((name) => ({ name, in: 'path', required: true, schema: name.endsWith('id') ? { type: 'integer', minimum: 1 } : { type: 'string' } }));
}

/** A Fastify route pattern as an OpenAPI path under the /api server: `:id` (or `:id?`) is `{id}`, a wildcard `{path}`. */
export function openApiPath(url: string): string {
  return url
    .replace(/^\/api/, '')
    .replace(/:([A-Za-z_][A-Za-z0-9_]*)\??/g, '{$1}')
    .replace(/\*$/, '{path}');
}

/** What a route's Fastify schema tells of its call: the JSON body and the query it validates. */
function fromRouteSchema(route: ApiRoute): Operation {
  const { body, querystring } = (route.schema ?? {}) as { body?: unknown; querystring?: { properties?: Record<string, unknown> } };
  return {
    ...(body ? { requestBody: { required: true, content: json(body) } } : {}),
    ...(querystring?.properties ? { parameters: Object.entries(querystring.properties).map(([name, schema]) => ({ name, in: 'query', schema })) } : {}),
  };
}

/** The operation as the document shows it: its path's parameters, and the errors every call may answer. */
function completed(path: string, operation: Operation): Operation {
  const own = (operation.parameters ?? []) as { name: string; in: string }[];
  const parameters = [...pathParameters(path).filter((parameter) => !own.some((given) => given.in === 'path' && given.name === parameter.name)), ...own];
  return { ...operation, parameters, responses: { ...errors, ...((operation.responses as object | undefined) ?? { 200: { description: 'OK' } }) } };
}

function recordSchema(module: ModuleSchema): JsonSchema {
  const { admin, schema } = module;
  const writeOnly = new Set(Object.entries(schema.properties ?? {}).filter(([, p]) => p.writeOnly).map(([name]) => name));
  return {
    type: 'object',
    properties: {
      id: { type: 'integer' },
      ...(mapValues(Object.fromEntries(Object.entries(schema.properties ?? {}).filter(([name]) => !writeOnly.has(name))), publicSchema) as object),
      ...Object.fromEntries(
        Object.entries(admin.files).map(([field, spec]) => [
          `${field}_uri`,
          { type: ['string', 'null'], ...(spec.private ? { description: 'a signed URL valid for 5 minutes, fresh on every read' } : {}) },
        ]),
      ),
      ...Object.fromEntries(
        Object.entries(admin.files)
          .filter(([, spec]) => spec.thumbnails.length)
          .map(([field, spec]) => [
            `${field}_thumbnails`,
            { type: ['object', 'null'], properties: Object.fromEntries(spec.thumbnails.map((thumbnail) => [thumbnail.name, { type: 'string' }])) },
          ]),
      ),
      ...(admin.storage?.reads ? { is_read: { type: 'boolean' } } : {}),
      created_at: { type: 'string', format: 'date-time' },
      updated_at: { type: 'string', format: 'date-time' },
    },
  };
}

export interface ApiDocument {
  document: Record<string, unknown>;
  /** Registered routes without a description: left out of the document. */
  undescribed: ApiRoute[];
  /** Descriptions given apart (documentOperation) that name no registered route. */
  unmatched: DocumentedOperation[];
}

/**
 * OpenAPI 3.1 of the API (paths under /api) made from the routes the server registered, each with
 * the description given with it (its capability's or its module's), and the schema-driven modules'
 * bodies and records from the same files that validate them.
 */
export function openApiDocument(registry: Registry, routes: readonly ApiRoute[], documented: readonly DocumentedOperation[]): ApiDocument {
  const apart = new Map(documented.map((entry) => [`${entry.method.toLowerCase()} ${entry.path}`, entry]));
  const matched = new Set<DocumentedOperation>();
  const undescribed: ApiRoute[] = [];
  const paths: Record<string, PathItem> = {};
  for (const route of routes.filter((candidate) => !candidate.hidden)) {
    const path = openApiPath(route.url);
    const method = route.method.toLowerCase();
    const given = apart.get(`${method} ${path}`);
    if (given) matched.add(given);
    const operation = route.operation ?? given?.operation;
    if (!operation) {
      undescribed.push(route);
      continue;
    }
    paths[path] = { ...paths[path], [method]: completed(path, { ...fromRouteSchema(route), ...operation }) };
  }
  const modules = registry.modules.filter((m) => m.admin.crud);
  const document = {
    openapi: '3.1.0',
    info: { title: t('app.api_docs.title'), version: '1' },
    servers: [{ url: '/api' }],
    security: [{ jwt: [] }],
    paths,
    components: {
      securitySchemes: { jwt: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'JWT <access token>' } },
      schemas: {
        Error: { type: 'object', required: ['detail'], properties: { detail: { type: 'string' }, errors: { type: 'object', additionalProperties: { type: 'string' } } } },
        ...Object.fromEntries(modules.flatMap((m) => [[m.admin.resource, publicSchema(m.schema)], [`${m.admin.resource}_record`, recordSchema(m)]])),
      },
    },
  };
  return { document, undescribed, unmatched: documented.filter((entry) => !matched.has(entry)) };
}
