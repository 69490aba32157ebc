import type { FastifyInstance } from 'fastify';
import { itemPattern, placeholders, SINGLE_LINE_KEYWORD, type JsonSchema, type ModuleSchema, type Registry } from '../../common/schema';
import { t } from '../platform/http/errors';
import { MAX_PAGE, MAX_PER_PAGE } from '../platform/http/pagination';
import { DEFAULT_PER_PAGE } from './list-query';

type Operation = Record<string, unknown>;
type PathItem = Record<string, Operation>;

export interface DocumentedOperation {
  method: string;
  path: string;
  operation: Operation;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Operations module plugins add beside the generic ones, for the OpenAPI document (decorated by the schema-modules plugin). */
    documentedOperations: DocumentedOperation[];
  }
}

/** Describes a call a module's own code serves, in the OpenAPI document beside the generic ones. */
export function documentOperation(app: FastifyInstance, method: string, path: string, operation: Operation): void {
  app.documentedOperations.push({ method, path, operation });
}

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

const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });
const errors = {
  400: errorResponse('Bad request; for forms {detail, errors: {field: message}}'),
  401: errorResponse('Not signed in'),
  403: errorResponse('No access to the service or module'),
  404: errorResponse('Not found'),
};

function pathParameters(pattern: string) {
  return placeholders(pattern).map((name) => ({ name, in: 'path', required: true, schema: name.endsWith('id') ? { type: 'integer', minimum: 1 } : { type: 'string' } }));
}

function moduleOperations(module: ModuleSchema): Record<string, PathItem> {
  const { admin } = module;
  const name = admin.resource;
  const tags = [t(admin.title)];
  const body = { $ref: `#/components/schemas/${name}` };
  const record = { $ref: `#/components/schemas/${name}_record` };
  const json = (schema: unknown) => ({ 'application/json': { schema } });
  const files = Object.keys(admin.files);
  const requestBody = {
    required: true,
    content: {
      ...json(body),
      ...(files.length
        ? { 'multipart/form-data': { schema: { type: 'object', properties: { payload: { type: 'string', description: `JSON: ${name}` }, file: { type: 'string', format: 'binary' } } } } }
        : {}),
    },
  };
  const ok = (schema: unknown, description = 'OK') => ({ description, content: json(schema) });
  const paths: Record<string, PathItem> = {};
  const add = (pattern: string, method: string, operation: Operation) => {
    paths[pattern] ??= {};
    paths[pattern][method] = { tags, parameters: pathParameters(pattern), ...operation, responses: { ...(operation.responses as object), ...errors } };
  };

  add(admin.api.path, 'options', { summary: 'The JSON Schema of the form', responses: { 200: ok({ type: 'object', properties: { schema: { type: 'object' } } }) } });
  if (admin.singleton) {
    add(admin.api.read ?? admin.api.path, 'get', { summary: 'The saved record, or {} before the first save', responses: { 200: ok(record) } });
    for (const pattern of new Set([admin.api.path, admin.api.upload])) {
      for (const method of ['post', 'put']) add(pattern, method, { summary: 'Save (create or replace)', requestBody, responses: { 200: ok(record) } });
    }
    return paths;
  }
  const list = {
    type: 'object',
    properties: { data: { type: 'array', items: record }, pagination: { type: 'object', properties: { total: { type: 'integer' } } } },
  };
  const queryParameters = [
    { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1, maximum: MAX_PAGE, default: 1 } },
    { name: 'per_page', in: 'query', schema: { type: 'integer', minimum: 1, maximum: MAX_PER_PAGE, default: DEFAULT_PER_PAGE } },
    { name: 'sort', in: 'query', schema: { type: 'string', default: admin.list.sort.field } },
    { name: 'order', in: 'query', schema: { type: 'string', enum: ['ASC', 'DESC'], default: admin.list.sort.order } },
    ...(admin.list.search?.length ? [{ name: 'search', in: 'query', description: admin.list.search.join(', '), schema: { type: 'string' } }] : []),
    ...(admin.list.filters ?? []).map((f) => ({ name: f.param ?? f.field, in: 'query', description: `${f.field} (${f.op})`, schema: { type: 'string' } })),
  ];
  const item = itemPattern(admin.api.path);
  add(admin.api.path, 'get', { summary: 'List', parameters: [...pathParameters(admin.api.path), ...queryParameters], responses: { 200: ok(list) } });
  add(`${admin.api.path}/dictionary`, 'get', { summary: 'Every record as {id, name}', responses: { 200: ok({ type: 'object' }) } });
  add(item, 'get', { summary: 'Read one', responses: { 200: ok(record) } });
  add(item, 'delete', { summary: 'Delete', responses: { 204: { description: 'Deleted' } } });
  for (const pattern of new Set([admin.api.path, admin.api.upload])) {
    add(pattern, 'post', { summary: 'Create', requestBody, responses: { 201: ok(record, 'Created'), 409: errorResponse('Unique key taken') } });
    add(itemPattern(pattern), 'put', { summary: 'Update', requestBody, responses: { 200: ok(record), 409: errorResponse('Unique key taken') } });
  }
  for (const [field, spec] of Object.entries(admin.files)) {
    add(`${item}/${spec.deletePath}`, 'delete', { summary: `Delete the ${field} file`, responses: { 204: { description: 'Deleted' } } });
  }
  return paths;
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

/** OpenAPI 3.1 of every schema-driven module (paths under /api), from the same files that validate. */
export function openApiDocument(registry: Registry, extra: readonly DocumentedOperation[] = []) {
  const modules = registry.modules.filter((m) => m.admin.crud);
  const paths: Record<string, PathItem> = {};
  for (const module of modules) {
    for (const [pattern, item] of Object.entries(moduleOperations(module))) paths[pattern] = { ...paths[pattern], ...item };
  }
  for (const { method, path, operation } of extra) {
    paths[path] = { ...paths[path], [method]: { parameters: pathParameters(path), ...operation, responses: { ...(operation.responses as object), ...errors } } };
  }
  return {
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
}
