import type { ErrorSchema, RJSFSchema, RJSFValidationError, UiSchema } from '@rjsf/utils';
import { toErrorSchema } from '@rjsf/utils';
import type { ErrorObject } from 'ajv';
import { describeErrors, translateErrors } from '../../common/schema/errors';
import { isEmptyValue, requiredWhenOffered } from '../../common/schema/flagged-required';
import { fieldTitleKey } from '../../common/schema/keys';
import type { JsonSchema, ModuleSchema } from '../../common/schema/types';
import { propertyOptions, propertyWidget, type PropertyWidget } from '../../common/schema/widgets';
import { referenceOf } from '../../common/schema/registry';
import { TEXT_AREA_FROM_LENGTH } from '../../common/schema/single-line';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Every subschema of a schema: properties, items and the conditional branches. */
function* subschemas(schema: JsonSchema): Generator<JsonSchema> {
  yield schema;
  for (const key of ['if', 'then', 'else', 'items', 'not']) {
    const child = schema[key];
    if (child && typeof child === 'object' && !Array.isArray(child)) yield* subschemas(child as JsonSchema);
  }
  for (const key of ['allOf', 'anyOf', 'oneOf']) {
    for (const child of (schema[key] as JsonSchema[] | undefined) ?? []) yield* subschemas(child);
  }
  for (const child of Object.values(schema.properties ?? {})) yield* subschemas(child);
}

/**
 * The `if` schemas of a form: RJSF checks them against the data at run time, but its schema parser
 * (which lists what to precompile) expands both branches and never meets them.
 */
export function conditionSchemas(schema: JsonSchema): JsonSchema[] {
  return [...subschemas(schema)].flatMap((node) => (node.if && typeof node.if === 'object' ? [node.if as JsonSchema] : []));
}

/** The schemas a property has anywhere (its own and those the conditional branches add). */
function propertyVariants(schema: JsonSchema, field: string): JsonSchema[] {
  return [...subschemas(schema)].flatMap((node) => (node.properties?.[field] ? [node.properties[field]] : []));
}

/** Drops the write-only fields from every `required` and their minimum length: empty keeps the stored value. */
function optionalWriteOnly(value: unknown, writeOnly: ReadonlySet<string>): unknown {
  if (Array.isArray(value)) return value.map((item) => optionalWriteOnly(item, writeOnly));
  if (!value || typeof value !== 'object') return value;
  const node = value as JsonSchema;
  const result: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(node)) {
    if (key === 'required' && Array.isArray(item)) result[key] = item.filter((name) => !writeOnly.has(name as string));
    else if (key === 'properties' && item && typeof item === 'object') {
      result[key] = Object.fromEntries(
        Object.entries(item as Record<string, JsonSchema>).map(([name, property]) => {
          const relaxed = optionalWriteOnly(property, writeOnly) as JsonSchema;
          if (!writeOnly.has(name)) return [name, relaxed];
          const { minLength: _minLength, ...rest } = relaxed;
          return [name, rest];
        }),
      );
    } else result[key] = optionalWriteOnly(item, writeOnly);
  }
  return result;
}

export function writeOnlyFields(module: ModuleSchema): Set<string> {
  return new Set(Object.entries(module.schema.properties ?? {}).filter(([, property]) => property.writeOnly === true).map(([name]) => name));
}

/**
 * The schema RJSF renders and validates: the module's, with the root title left to the page (one
 * h1) and, on edit, the write-only fields optional (the server keeps the stored secret when they come
 * empty). Titles stay catalogue keys: the form's uiSchema gives the translated labels, so the
 * validators can be compiled ahead (src/tools/build/schemaPlugin.ts) for exactly these two shapes.
 */
export function formSchema(module: ModuleSchema, editing: boolean): RJSFSchema {
  const { $id: _id, title: _title, 'x-admin': _admin, ...given } = module.schema;
  const schema = withoutReadOnly(given);
  return (editing ? optionalWriteOnly(schema, writeOnlyFields(module)) : schema) as RJSFSchema;
}

/** The form leaves out the properties only the server sets (a mailing's status): the details page shows them. */
function withoutReadOnly(schema: JsonSchema): JsonSchema {
  const properties = Object.entries(schema.properties ?? {});
  if (!properties.some(([, property]) => property.readOnly === true)) return schema;
  return { ...schema, properties: Object.fromEntries(properties.filter(([, property]) => property.readOnly !== true)) };
}

/** A conditional field: shown when one of the branches that mention it applies to the data. */
export interface FieldCondition {
  field: string;
  /** `if` schemas whose `then` mentions the field, and those whose `else` does (negated). */
  when: { if: JsonSchema; negate: boolean }[];
}

/**
 * Fields that only some branches of an if/then/else need (e.g. the SMTP fields of a sender config):
 * not required at the top, named in a branch's `required` or `properties`.
 */
export function conditionalFields(module: ModuleSchema): FieldCondition[] {
  const { schema } = module;
  const topRequired = new Set(schema.required ?? []);
  const conditions = new Map<string, FieldCondition['when']>();
  const branches = [schema, ...((schema.allOf as JsonSchema[] | undefined) ?? [])].filter((node) => node.if);
  for (const node of branches) {
    for (const [branch, negate] of [['then', false], ['else', true]] as const) {
      const target = node[branch] as JsonSchema | undefined;
      if (!target) continue;
      for (const field of new Set([...(target.required ?? []), ...Object.keys(target.properties ?? {})])) {
        if (topRequired.has(field)) continue;
        conditions.set(field, [...(conditions.get(field) ?? []), { if: node.if as JsonSchema, negate }]);
      }
    }
  }
  return [...conditions].map(([field, when]) => ({ field, when }));
}

/** The conditional fields hidden for the data, given a check of a schema against the data. */
export function hiddenFields(conditions: readonly FieldCondition[], matches: (schema: JsonSchema) => boolean): Set<string> {
  return new Set(conditions.filter(({ when }) => !when.some((branch) => matches(branch.if) !== branch.negate)).map(({ field }) => field));
}

/** Translated labels of a property, its list items and its choices, as uiSchema entries. */
function labels(property: JsonSchema, translate: Translate): UiSchema {
  const ui: UiSchema = {};
  if (typeof property.title === 'string') ui['ui:title'] = translate(property.title);
  const items = property.items as JsonSchema | undefined;
  if (items && typeof items === 'object' && !Array.isArray(items)) ui.items = labels(items, translate);
  for (const key of ['oneOf', 'anyOf'] as const) {
    const choices = property[key] as JsonSchema[] | undefined;
    if (choices) ui[key] = choices.map((choice) => labels(choice, translate));
  }
  return ui;
}

// The engine's widgets (src/client/schema/widgets) a property's x-widget or contentMediaType selects.
const WIDGET_UI: Record<PropertyWidget, UiSchema> = {
  richtext: { 'ui:widget': 'richtext' },
  map: { 'ui:field': 'map' },
  sortable: { 'ui:field': 'sortable' },
  // A document the server makes (a template's html from its blocks): shown on the details page, not edited.
  document: { 'ui:widget': 'hidden' },
};

/**
 * Labels translated; widgets by what the schema says: secrets as passwords, rich text, maps and
 * sortable lists by their x-widget, choices of the module's own calls by x-options, long texts as text
 * areas, hidden and server-set (readOnly) fields hidden (dates by their format).
 */
export function formUiSchema(
  module: ModuleSchema,
  translate: Translate,
  editing: boolean,
  hidden: ReadonlySet<string>,
  /** Per field, choices the server does not offer now (x-choices): shown, but not selectable. */
  disabledChoices: Readonly<Record<string, unknown[]>> = {},
): UiSchema {
  const ui: UiSchema = { 'ui:submitButtonOptions': { norender: true } };
  for (const [field, property] of Object.entries(module.schema.properties ?? {})) {
    const longest = Math.max(0, ...propertyVariants(module.schema, field).map((variant) => (typeof variant.maxLength === 'number' ? variant.maxLength : 0)));
    const chosen = propertyWidget(property);
    // Values only the server sets (readOnly) are not asked for.
    const widget = hidden.has(field) || property.readOnly === true
      ? { 'ui:widget': 'hidden' }
      : property.writeOnly === true
        ? { 'ui:widget': 'password', ...(editing ? { 'ui:help': translate('app.schema.write_only_hint') } : {}) }
        : chosen
          ? WIDGET_UI[chosen]
          : referenceOf(module.admin.resource, field, property)
            ? { 'ui:field': 'reference' }
          : propertyOptions(property)
            ? { 'ui:widget': 'options' }
          : longest >= TEXT_AREA_FROM_LENGTH
            ? { 'ui:widget': 'textarea' }
            : {};
    ui[field] = { ...labels(property, translate), ...widget, ...(disabledChoices[field]?.length ? { 'ui:enumDisabled': disabledChoices[field] } : {}) };
  }
  return ui;
}

/** RJSF's error back in ajv's shape, so the shared describeErrors gives the same messages as the server. */
function asAjvError(error: RJSFValidationError): ErrorObject {
  const params = (error.params ?? {}) as Record<string, unknown>;
  let segments = (error.property ?? '').split('.').filter(Boolean);
  if ('missingProperty' in params) segments = segments.slice(0, -1);
  return {
    keyword: error.name ?? '',
    instancePath: segments.map((segment) => `/${segment}`).join(''),
    schemaPath: error.schemaPath ?? '',
    params,
    message: error.message,
  };
}

export function asRjsfErrors(messages: Record<string, string>): RJSFValidationError[] {
  return Object.entries(messages).map(([field, message]) => ({
    property: field === '_' ? '' : `.${field}`,
    message,
    stack: message,
  }));
}

/**
 * The browser's errors with the server's words: one per field, catalogue messages (the schema's
 * errorMessage keys) translated with their {min}/{max}, anything else '{field} is not valid.'.
 */
export function translateFormErrors(errors: readonly RJSFValidationError[], module: ModuleSchema, translate: Translate): RJSFValidationError[] {
  const described = describeErrors(errors.map(asAjvError), module.schema);
  return asRjsfErrors(translateErrors(described, (key, params) => translate(key, params), module.schema));
}

/**
 * The fields required only where the service has them (x-flags, REQUIRED_WHEN_OFFERED) that the
 * form shows and the data leaves empty, each with its message: JSON Schema's `required` cannot say so.
 */
export function missingOfferedFields(module: ModuleSchema, data: Record<string, unknown>, hidden: ReadonlySet<string>, translate: Translate): Record<string, string> {
  return Object.fromEntries(
    requiredWhenOffered(module.schema)
      .filter(([field]) => !hidden.has(field) && isEmptyValue(data[field]))
      .map(([field, key]) => [field, translate(key, { field: translate(fieldTitleKey(module, field)) })]),
  );
}

/** The server's 400 {errors: {field: message}} (dotted paths) as RJSF's error schema, shown on the fields. */
export function serverErrorSchema(errors: Record<string, string>): ErrorSchema {
  return toErrorSchema(asRjsfErrors(errors));
}
