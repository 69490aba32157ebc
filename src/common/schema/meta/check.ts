import Ajv, { type ErrorObject } from 'ajv';
import { fixFor } from '../nearest';
import { SchemaFileError } from '../registry';
import { xAdminMetaSchema } from './index';

let validate: ReturnType<Ajv['compile']> | undefined;

/** /x-admin/list/columns/0 as x-admin.list.columns[0]. */
function keyPath(pointer: string, extra?: string): string {
  const segments = [...pointer.split('/').slice(1).map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~')), ...(extra === undefined ? [] : [extra])];
  return segments.reduce((path, segment) => (/^\d+$/.test(segment) ? `${path}[${segment}]` : path ? `${path}.${segment}` : segment), '');
}

/** One meta-schema error as "key path: problem; the fix"; typesAt: the types each failing path may have. */
function problemOf(error: ErrorObject, typesAt: Map<string, string[]>): string {
  const path = keyPath(error.instancePath);
  switch (error.keyword) {
    case 'type':
      return `${path}: must be ${typesAt.get(error.instancePath)!.join(' or ')}`;
    case 'additionalProperties': {
      const name = String(error.params.additionalProperty);
      const known = Object.keys((error.parentSchema as { properties?: object } | undefined)?.properties ?? {});
      return `${keyPath(error.instancePath, name)}: unknown key; ${fixFor(name, known)}`;
    }
    case 'required':
      return `${keyPath(error.instancePath, String(error.params.missingProperty))}: missing; add it`;
    case 'enum': {
      const allowed = (error.params.allowedValues as unknown[]).map(String);
      return `${path}: ${JSON.stringify(error.data)} is not allowed; ${fixFor(error.data, allowed)}`;
    }
    case 'const':
      return `${path}: must be ${JSON.stringify(error.params.allowedValue)}`;
    case 'pattern':
      return `${path}: ${JSON.stringify(error.data)} must match ${String(error.params.pattern)}`;
    default:
      return `${path}: ${error.message ?? error.keyword}`;
  }
}

// Errors that only sum up others (a failed anyOf names each branch's failure too).
const SUMMARIES = new Set(['anyOf', 'oneOf', 'if']);

/**
 * Checks a schema file as written against the x-admin meta-schema; throws SchemaFileError naming the
 * file, each wrong key's path and the fix ("schemas/site/news.schema.json x-admin.list.colums: unknown
 * key; did you mean columns?"). Server and build only: ajv compiles code, which the browser's CSP forbids.
 */
export function checkSchemaFile(file: unknown, source: string): void {
  validate ??= new Ajv({ allErrors: true, strict: false, verbose: true, validateFormats: false }).compile(xAdminMetaSchema());
  if (validate(file)) return;
  const errors = validate.errors ?? [];
  const specific = errors.filter((error) => !SUMMARIES.has(error.keyword));
  // A value failing an anyOf of types (a key, null or an object) fails each: one line names them all.
  const typesAt = new Map<string, string[]>();
  for (const error of specific) if (error.keyword === 'type') typesAt.set(error.instancePath, [...(typesAt.get(error.instancePath) ?? []), String(error.params.type)]);
  const problems = [...new Set((specific.length ? specific : errors).map((error) => problemOf(error, typesAt)))];
  throw new SchemaFileError(source, problems.join(`\n${source} `), ' ');
}
