import type { JsonSchema } from './types';

/**
 * The keyword the registry puts on a required top-level property that has `x-flags`, holding the
 * catalogue key of its 'required' message: such a field is required only while its flags hold (a
 * template's colour version where the template has colours). JSON Schema's `required` cannot say
 * that, so the registry takes the field out of it; the server's field-flags capability and the
 * form check it for the service's offered fields instead.
 */
export const REQUIRED_WHEN_OFFERED = 'x-required-when-offered';

const hasFlags = (property: JsonSchema | undefined) => Array.isArray(property?.['x-flags']) && (property['x-flags'] as unknown[]).length > 0;

/** A schema whose required flagged fields carry REQUIRED_WHEN_OFFERED (their message key) instead of being in `required`. */
export function withFlaggedRequired(schema: JsonSchema): JsonSchema {
  const properties = schema.properties ?? {};
  const flagged = (schema.required ?? []).filter((field) => hasFlags(properties[field]));
  if (!flagged.length) return schema;
  const messages = schema.errorMessage as { required?: Record<string, string> | string } | string | undefined;
  const given = typeof messages === 'string' ? messages : messages?.required;
  const keyOf = (field: string) => (typeof given === 'string' ? given : (given?.[field] ?? 'validation.field_invalid'));
  const rest = typeof given === 'object' ? Object.fromEntries(Object.entries(given).filter(([field]) => !flagged.includes(field))) : given;
  const errorMessage = typeof messages === 'object' ? { ...messages, required: rest } : messages;
  const { required: _required, ...result } = schema;
  const required = schema.required!.filter((field) => !flagged.includes(field));
  return {
    ...result,
    ...(required.length ? { required } : {}),
    ...(errorMessage === undefined ? {} : { errorMessage }),
    properties: { ...properties, ...Object.fromEntries(flagged.map((field) => [field, { ...properties[field], [REQUIRED_WHEN_OFFERED]: keyOf(field) }])) },
  };
}

/** The fields required while offered, each with its message key. */
export const requiredWhenOffered = (schema: JsonSchema): [string, string][] =>
  Object.entries(schema.properties ?? {}).flatMap(([field, property]) =>
    typeof property[REQUIRED_WHEN_OFFERED] === 'string' ? [[field, property[REQUIRED_WHEN_OFFERED] as string]] : [],
  );

/** Whether a value leaves a required field empty. */
export const isEmptyValue = (value: unknown) => value === undefined || value === null || value === '';
