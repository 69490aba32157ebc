/**
 * Catalogue keys by convention: a schema file names only its exceptions, the registry fills in the
 * rest (see docs/adding-a-module.md). For resource `r` and property `f`:
 *   - property title: resources.r.fields.f;
 *   - errorMessage per keyword the property has: type → validation.r.f_required, min* → _min,
 *     max* → _max, format/pattern → _invalid; the items of an array property: validation.r.f_item_*;
 *   - a required field (top level or in a conditional branch): errorMessage.required.f → validation.r.f_required;
 *   - x-admin title resources.r.title (and the schema's own title); messages created, updated
 *     (and deleted, unless a singleton): resources.r.messages.<event>.
 * An explicit value always wins; `null` leaves the message out (the generic 'Pole … jest nieprawidłowe.').
 */
import type { JsonSchema, ModuleSchema, SchemaFile } from './types';

/** The keywords that get a message, in the order their messages are listed (the first failing one is shown). */
const SUFFIX_BY_KEYWORD: readonly (readonly [string, string])[] = [
  ['type', 'required'],
  ['minLength', 'min'],
  ['minimum', 'min'],
  ['exclusiveMinimum', 'min'],
  ['minItems', 'min'],
  ['maxLength', 'max'],
  ['maximum', 'max'],
  ['exclusiveMaximum', 'max'],
  ['maxItems', 'max'],
  ['format', 'invalid'],
  ['pattern', 'invalid'],
];

type Messages = Record<string, unknown>;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A field's name in its keys: {product} left out, so the keys do not depend on the product. */
export function fieldKeyName(name: string): string {
  return name.replace(/\{product\}_?|_?\{product\}/g, '');
}

/** The given entries first where the convention names them, the convention's defaults, then the rest as given; nulls dropped. */
function merged(defaults: [string, string][], given: Messages): Messages | undefined {
  const result: Messages = {};
  for (const [name, key] of defaults) result[name] = given[name] === undefined ? key : given[name];
  for (const [name, value] of Object.entries(given)) if (!(name in result)) result[name] = value;
  for (const [name, value] of Object.entries(result)) if (value === null) delete result[name];
  return Object.keys(result).length ? result : undefined;
}

/** A property's errorMessage completed for the keywords it has; a string message covers them all. */
function propertyMessages(property: JsonSchema, prefix: string): unknown {
  const given = property.errorMessage;
  if (given === null || typeof given === 'string') return given ?? undefined;
  const defaults = SUFFIX_BY_KEYWORD.filter(([keyword]) => property[keyword] !== undefined).map(([keyword, suffix]): [string, string] => [keyword, `${prefix}_${suffix}`]);
  return merged(defaults, isObject(given) ? given : {});
}

/** Sets or (for undefined) removes one key of a schema node, in place. */
function assign(node: Record<string, unknown>, key: string, value: unknown): void {
  if (value === undefined) delete node[key];
  else node[key] = value;
}

function completeProperty(resource: string, name: string, property: JsonSchema, withTitle: boolean): JsonSchema {
  const field = fieldKeyName(name);
  const result: JsonSchema = { ...property };
  if (withTitle) assign(result, 'title', property.title === undefined ? `resources.${resource}.fields.${field}` : (property.title ?? undefined));
  assign(result, 'errorMessage', propertyMessages(property, `validation.${resource}.${field}`));
  if (isObject(property.items)) {
    const items: JsonSchema = { ...property.items };
    assign(items, 'errorMessage', propertyMessages(property.items, `validation.${resource}.${field}_item`));
    result.items = items;
  }
  return result;
}

/** An object schema (the root, or a `then`/`else`/`allOf` branch) with its properties' and required fields' keys. */
function completeNode(resource: string, node: JsonSchema, root: boolean): JsonSchema {
  const result: JsonSchema = { ...node };
  if (isObject(node.properties)) {
    // Boolean schemas (`true`, `false`) have nothing to name.
    result.properties = Object.fromEntries(
      Object.entries(node.properties).map(([name, property]) => [name, isObject(property) ? completeProperty(resource, name, property, root) : property]),
    );
  }
  const given = node.errorMessage;
  if (Array.isArray(node.required) && node.required.length && given !== null && typeof given !== 'string') {
    const messages: Messages = isObject(given) ? { ...given } : {};
    if (typeof messages.required !== 'string') {
      const defaults = node.required.map((field): [string, string] => [field, `validation.${resource}.${fieldKeyName(field)}_required`]);
      assign(messages, 'required', merged(defaults, isObject(messages.required) ? messages.required : {}));
    }
    assign(result, 'errorMessage', Object.keys(messages).length ? messages : undefined);
  }
  for (const branch of ['then', 'else'] as const) {
    if (isObject(node[branch])) result[branch] = completeNode(resource, node[branch] as JsonSchema, false);
  }
  if (Array.isArray(node.allOf)) result.allOf = node.allOf.map((part: unknown) => (isObject(part) ? completeNode(resource, part, false) : part));
  return result;
}

/**
 * A schema file with the keys its author left out filled in by convention. Files without a
 * resource name come back unchanged: loading them fails with the precise reason.
 */
export function withConventionalKeys(file: SchemaFile): SchemaFile {
  const admin = file['x-admin'];
  if (!isObject(admin) || typeof admin.resource !== 'string') return file;
  const { resource } = admin;
  const title = admin.title === undefined ? `resources.${resource}.title` : admin.title;
  const events = admin.singleton === true ? ['created', 'updated'] : ['created', 'updated', 'deleted'];
  const messages = merged(
    events.map((event): [string, string] => [event, `resources.${resource}.messages.${event}`]),
    isObject(admin.messages) ? admin.messages : {},
  );
  const completed = completeNode(resource, file, true) as SchemaFile;
  assign(completed, 'title', file.title === undefined ? title : (file.title ?? undefined));
  completed['x-admin'] = { ...admin, title, messages: (messages ?? {}) as SchemaFile['x-admin']['messages'] };
  return completed;
}

/** The catalogue key of a field's label: the property's title, or for file fields `<title base>.fields.<field>`. */
export function fieldTitleKey(module: ModuleSchema, field: string): string {
  const title = module.schema.properties?.[field]?.title;
  if (typeof title === 'string') return title;
  return `${module.admin.title.replace(/\.title$/, '')}.fields.${field}`;
}
