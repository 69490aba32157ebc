import type { JsonSchema } from '../schema/types';

/*
 * A site form's submission schema, made from its fields: one pure function used by the panel's
 * preview (drawn by RJSF), the public API (handed to the site) and the server (which validates
 * every submission with it). Its titles are the editors' own labels, not catalogue keys.
 */

export const FIELD_KINDS = ['text', 'email', 'phone', 'number', 'textarea', 'choice', 'choices', 'date', 'consent', 'file'] as const;
export type FieldKind = (typeof FIELD_KINDS)[number];

/** The kinds whose answers are picked from the field's options (which they require). */
export const CHOICE_KINDS: readonly FieldKind[] = ['choice', 'choices'];

/** A form field as its module stores it (form_fields), in the form's order. */
export interface FormField {
  id: number;
  kind: FieldKind;
  label: string;
  help?: string;
  required?: boolean;
  options?: string[];
}

/** The longest answer to a one-line field, and to a long text (a text area from 1000 on). */
export const SHORT_ANSWER_MAX = 255;
export const LONG_ANSWER_MAX = 5000;
/** A phone number: digits, spaces, dashes, brackets, an optional leading plus. */
export const PHONE_PATTERN = '^\\+?[0-9 ()-]{6,20}$';

/** The property that carries a field's answer. */
export const answerKey = (field: Pick<FormField, 'id'>) => `field_${field.id}`;

function answerSchema(field: FormField): JsonSchema {
  const described: JsonSchema = { title: field.label, ...(field.help ? { description: field.help } : {}) };
  switch (field.kind) {
    case 'text':
      return { ...described, type: 'string', maxLength: SHORT_ANSWER_MAX };
    case 'email':
      return { ...described, type: 'string', format: 'email', maxLength: SHORT_ANSWER_MAX };
    case 'phone':
      return { ...described, type: 'string', pattern: PHONE_PATTERN };
    case 'number':
      return { ...described, type: 'number' };
    case 'textarea':
      return { ...described, type: 'string', maxLength: LONG_ANSWER_MAX };
    case 'choice':
      return { ...described, type: 'string', enum: field.options ?? [] };
    case 'choices':
      return { ...described, type: 'array', items: { type: 'string', enum: field.options ?? [] }, uniqueItems: true, ...(field.required ? { minItems: 1 } : {}) };
    case 'date':
      return { ...described, type: 'string', format: 'date' };
    // A required consent is one given: only true passes.
    case 'consent':
      return { ...described, type: 'boolean', ...(field.required ? { const: true } : {}) };
    // The file itself travels as a multipart part; the answer is its name.
    case 'file':
      return { ...described, type: 'string', format: 'data-url' };
  }
}

/** The JSON Schema of a form's submissions: an object with one property per field, in the fields' order. */
export function submissionSchema(fields: readonly FormField[]): JsonSchema {
  return {
    type: 'object',
    properties: Object.fromEntries(fields.map((field) => [answerKey(field), answerSchema(field)])),
    required: fields.filter((field) => field.required).map(answerKey),
    additionalProperties: false,
  };
}
