import type { ErrorObject } from 'ajv';
import type { Translate, TranslateParams } from '../i18n/translate';
import { RULES_KEYWORD } from './rules';
import { SINGLE_LINE_KEYWORD } from './single-line';
import type { JsonSchema } from './types';

// No ajv code here: screens that only show server errors need not load the validator.

/** The catalogue key for a failed check that the schema gives no message for: '{field} is not valid.'. */
export const FIELD_INVALID_KEY = 'validation.field_invalid';

/** One field's failure: the field's dotted path, the catalogue key and its params ({min}, {max}, {field}). */
export interface FieldError {
  field: string;
  key: string;
  params: TranslateParams;
  /** A rule between fields: the other field's name, named in the message when it has no title. */
  other?: string;
}

// Our own keywords' messages, named by the field's title, where the schema gives none.
const KEYWORD_KEYS: Record<string, (params: ErrorObject['params']) => string> = {
  [SINGLE_LINE_KEYWORD]: (params) => (params.line_break ? 'validation.line_breaks' : 'validation.text_direction_controls'),
};

const MIN_KEYWORDS = new Set(['minLength', 'minimum', 'exclusiveMinimum', 'minItems', 'minProperties']);
const MAX_KEYWORDS = new Set(['maxLength', 'maximum', 'exclusiveMaximum', 'maxItems', 'maxProperties']);
// Summaries of other errors (a failed `then`, a failed branch); the errors inside say what is wrong.
const SUMMARY_KEYWORDS = new Set(['if', 'anyOf', 'oneOf', 'allOf', 'not']);

function fieldPath(error: ErrorObject): string {
  const segments = error.instancePath.split('/').slice(1).map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (error.keyword === 'required' || error.keyword === 'dependentRequired') segments.push(String(error.params.missingProperty));
  return segments.join('.');
}

function limitParams(error: ErrorObject): TranslateParams {
  const limit = error.params?.limit;
  if (typeof limit !== 'number') return {};
  if (MIN_KEYWORDS.has(error.keyword)) return { min: limit, smart_count: limit };
  if (MAX_KEYWORDS.has(error.keyword)) return { max: limit, smart_count: limit };
  return {};
}

/** The property schema at a dotted path (array items for numeric segments). */
function propertyAt(schema: JsonSchema, field: string): JsonSchema | undefined {
  let node: JsonSchema | undefined = schema;
  for (const segment of field.split('.')) {
    if (!node) return undefined;
    node = node.properties?.[segment] ?? (node.items as JsonSchema | undefined);
  }
  return node;
}

/** {min} and {max} of a property, for messages of checks that carry no limit (e.g. a wrong type). */
function boundParams(property: JsonSchema | undefined): TranslateParams {
  const params: TranslateParams = {};
  const min = property?.minimum ?? property?.minLength ?? property?.minItems;
  const max = property?.maximum ?? property?.maxLength ?? property?.maxItems;
  if (typeof min === 'number') params.min = min;
  if (typeof max === 'number') params.max = max;
  return params;
}

/**
 * Turns ajv's errors into one error per field (the first, in schema order). Messages from
 * errorMessage are catalogue keys; anything else gets the generic key with the field's title key.
 * The schema's own message for a field wins over one of ours, whichever ajv reported first.
 */
export function describeErrors(errors: readonly ErrorObject[] | null | undefined, schema: JsonSchema): FieldError[] {
  const byField = new Map<string, FieldError>();
  const ours = new Set<string>();
  for (const error of errors ?? []) {
    if (SUMMARY_KEYWORDS.has(error.keyword)) continue;
    const cause: ErrorObject = error.keyword === 'errorMessage' ? (error.params.errors as ErrorObject[])[0] : error;
    const field = fieldPath(cause);
    const schemaMessage = error.keyword === 'errorMessage' && Boolean(error.message);
    if (byField.has(field) && !(schemaMessage && ours.has(field))) continue;
    ours.delete(field);
    if (cause.keyword === RULES_KEYWORD) {
      // A rule between fields: its own message, naming both fields by their titles.
      const title = (name: string) => {
        const property = propertyAt(schema, name)?.title;
        return typeof property === 'string' ? property : name;
      };
      const than = String(cause.params.than);
      byField.set(field, { field, key: String(cause.params.message), params: { field: title(field), than: title(than) }, other: than });
    } else if (error.keyword === 'errorMessage' && error.message) {
      byField.set(field, { field, key: error.message, params: { ...boundParams(propertyAt(schema, field)), ...limitParams(cause) } });
    } else {
      const title = propertyAt(schema, field)?.title;
      byField.set(field, { field, key: KEYWORD_KEYS[cause.keyword]?.(cause.params) ?? FIELD_INVALID_KEY, params: { field: typeof title === 'string' ? title : field } });
      ours.add(field);
    }
  }
  return [...byField.values()];
}

/**
 * describeErrors, translated: {field: message}. A title key given as {field} is translated too.
 * A module dropped in without its texts still reads well: a message key the catalogue lacks (the
 * translation comes back as the key) gives the generic message, a title key it lacks the field's name.
 */
export function translateErrors(errors: readonly FieldError[], translate: Translate, schema?: JsonSchema): Record<string, string> {
  const known = (key: string, params?: TranslateParams) => {
    const text = translate(key, params);
    return text === key ? undefined : text;
  };
  const fieldName = (error: FieldError) => {
    const title = typeof error.params.field === 'string' ? error.params.field : schema && propertyAt(schema, error.field)?.title;
    return (typeof title === 'string' && known(title)) || error.field;
  };
  const result: Record<string, string> = {};
  for (const error of errors) {
    const params = { ...error.params };
    if (typeof params.field === 'string') params.field = fieldName(error);
    // The other field a rule names (%{than}), by its translated title.
    if (error.other !== undefined) params.than = known(String(params.than)) ?? error.other;
    result[error.field || '_'] = known(error.key, params) ?? translate(FIELD_INVALID_KEY, { field: fieldName(error) });
  }
  return result;
}

/** Keeps the schema's own top-level properties of a body: ids, URIs and other echoes are dropped. */
export function pickDeclared(schema: JsonSchema, body: Record<string, unknown>): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const name of Object.keys(schema.properties ?? {})) if (Object.hasOwn(body, name)) result[name] = body[name];
  return result;
}
