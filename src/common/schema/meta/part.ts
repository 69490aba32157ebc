import type { JsonSchema } from '../types';

/**
 * One capability's share of the x-admin meta-schema (schemas/x-admin.meta.json): the x-admin keys it
 * reads and the keywords it reads on properties, each with the JSON Schema of its value. A new key is
 * a line in its capability's part; parts/index.ts lists the parts.
 */
export interface MetaPart {
  admin?: Record<string, JsonSchema>;
  property?: Record<string, JsonSchema>;
}

/** A name the engine uses in SQL, routes and catalogue keys. */
export const identifier: JsonSchema = { type: 'string', pattern: '^[a-z][a-z0-9_]*$' };

/** Every text of a schema is a key of the catalogues (i18n/pl.json, i18n/en.json), never a literal. */
export const catalogueKey: JsonSchema = { type: 'string', pattern: '^[a-z_]+(\\.[A-Za-z0-9_{}]+)+$', description: 'A catalogue key (i18n/pl.json), never a literal text.' };

/** An object of exactly these keys (unknown ones are typos). */
export function closed(properties: Record<string, JsonSchema>, required: string[] = [], description?: string): JsonSchema {
  return { type: 'object', ...(description ? { description } : {}), properties, additionalProperties: false, ...(required.length ? { required } : {}) };
}

export const listOf = (items: JsonSchema, description?: string): JsonSchema => ({ type: 'array', items, ...(description ? { description } : {}) });

/** A property schema, or a branch of the file's schema (then, else, allOf): the property definition of the meta-schema. */
export const propertySchema: JsonSchema = { $ref: '#/definitions/property' };

export const described = (description: string, schema: JsonSchema): JsonSchema => ({ ...schema, description });
