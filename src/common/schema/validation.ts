import Ajv, { type ValidateFunction } from 'ajv';
import ajvErrors from 'ajv-errors';
import addFormats from 'ajv-formats';
import { customFormats } from './formats';

export * from './errors';
export { customFormats } from './formats';

/**
 * Makes an ajv instance read our schemas: formats, ajv-errors' errorMessage (catalogue keys) and the
 * x-admin annotation. The browser passes this as customizeValidator's extenderFn.
 */
export function extendAjv<T extends Ajv>(ajv: T): T {
  addFormats(ajv);
  for (const [name, validate] of Object.entries(customFormats)) ajv.addFormat(name, { type: 'string', validate });
  ajvErrors(ajv);
  if (!ajv.getKeyword('x-admin')) ajv.addKeyword({ keyword: 'x-admin', schemaType: 'object' });
  return ajv;
}

export function createAjv(): Ajv {
  return extendAjv(new Ajv({ allErrors: true, strict: false, coerceTypes: false, useDefaults: true }));
}

export type RecordValidator = ValidateFunction;
