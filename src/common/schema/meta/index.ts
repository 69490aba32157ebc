import type { JsonSchema } from '../types';
import { actionsPart } from './actions';
import { deliveryPart } from './delivery';
import { fieldsPart } from './fields';
import { filesPart } from './files';
import { flagsPart } from './flags';
import { listPart } from './list';
import { menuPart } from './menu';
import { modulePart } from './module';
import { catalogueKey, type MetaPart, propertySchema } from './part';
import { routePart } from './route';
import { rulesPart } from './rules';
import { storagePart } from './storage';

export type { MetaPart } from './part';

/** Every capability's part; a new one is listed here. */
export const META_PARTS: readonly MetaPart[] = [modulePart, routePart, listPart, flagsPart, filesPart, actionsPart, menuPart, storagePart, rulesPart, fieldsPart, deliveryPart];

/** Where the published meta-schema lives, relative to the repository (schema files name it by $schema). */
export const META_SCHEMA_FILE = 'schemas/x-admin.meta.json';

const schemaArray: JsonSchema = { type: 'array', items: propertySchema };
const names: JsonSchema = { type: 'array', items: { type: 'string' } };
const jsonTypes: JsonSchema = { enum: ['string', 'number', 'integer', 'boolean', 'object', 'array', 'null'] };
/** ajv-errors' errorMessage: a catalogue key for every check, keys by check, or null for the generic message. */
const errorMessage: JsonSchema = {
  anyOf: [catalogueKey, { type: 'null' }, { type: 'object', additionalProperties: { anyOf: [catalogueKey, { type: 'null' }, { type: 'object', additionalProperties: catalogueKey }] } }],
};

/** The JSON Schema (draft-07) keywords a property or a branch may use, as ajv 8 reads them. */
const JSON_SCHEMA_KEYWORDS: Record<string, JsonSchema> = {
  $comment: { type: 'string' },
  title: catalogueKey,
  description: { type: 'string' },
  default: {},
  examples: { type: 'array' },
  readOnly: { type: 'boolean' },
  writeOnly: { type: 'boolean' },
  type: { anyOf: [jsonTypes, { type: 'array', items: jsonTypes }] },
  enum: { type: 'array' },
  const: {},
  format: { type: 'string' },
  pattern: { type: 'string', format: 'regex' },
  contentMediaType: { type: 'string' },
  contentEncoding: { type: 'string' },
  minLength: { type: 'integer', minimum: 0 },
  maxLength: { type: 'integer', minimum: 0 },
  minimum: { type: 'number' },
  maximum: { type: 'number' },
  exclusiveMinimum: { type: 'number' },
  exclusiveMaximum: { type: 'number' },
  multipleOf: { type: 'number', exclusiveMinimum: 0 },
  items: propertySchema,
  minItems: { type: 'integer', minimum: 0 },
  maxItems: { type: 'integer', minimum: 0 },
  uniqueItems: { type: 'boolean' },
  contains: propertySchema,
  properties: { type: 'object', additionalProperties: propertySchema },
  additionalProperties: { anyOf: [{ type: 'boolean' }, propertySchema] },
  patternProperties: { type: 'object', additionalProperties: propertySchema },
  additionalItems: { anyOf: [{ type: 'boolean' }, propertySchema] },
  dependencies: { type: 'object', additionalProperties: { anyOf: [names, propertySchema] } },
  required: names,
  minProperties: { type: 'integer', minimum: 0 },
  maxProperties: { type: 'integer', minimum: 0 },
  propertyNames: propertySchema,
  if: propertySchema,
  then: propertySchema,
  else: propertySchema,
  allOf: schemaArray,
  anyOf: schemaArray,
  oneOf: schemaArray,
  not: propertySchema,
  errorMessage,
};

const merged = (key: 'admin' | 'property') => Object.assign({}, ...META_PARTS.map((part) => part[key] ?? {})) as Record<string, JsonSchema>;

/**
 * The meta-schema of a schema file (published as schemas/x-admin.meta.json by src/tools/meta-schema.ts):
 * the file's top-level keywords, x-admin with every part's keys, and each property's keywords,
 * unknown keys refused everywhere, so a typo is an error at start and editors autocomplete.
 */
export function xAdminMetaSchema(): JsonSchema {
  const property = merged('property');
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: 'x-admin.meta.json',
    title: 'A schema module of the panel (docs/adding-a-module.md)',
    type: 'object',
    properties: {
      $schema: { type: 'string', description: 'This meta-schema, relative to the file: "../x-admin.meta.json".' },
      $id: { type: 'string' },
      $comment: { type: 'string' },
      type: { const: 'object' },
      title: catalogueKey,
      description: { type: 'string' },
      properties: JSON_SCHEMA_KEYWORDS.properties,
      required: names,
      examples: { type: 'array', items: { type: 'object' } },
      if: propertySchema,
      then: propertySchema,
      else: propertySchema,
      allOf: schemaArray,
      errorMessage,
      'x-admin': { type: 'object', properties: merged('admin'), additionalProperties: false, required: ['resource', 'scope', 'route'] },
    },
    required: ['type', 'properties', 'x-admin'],
    additionalProperties: false,
    definitions: {
      property: { type: 'object', properties: { ...JSON_SCHEMA_KEYWORDS, ...property }, additionalProperties: false },
    },
  };
}
