import type { JsonSchema, ModuleSchema } from '../../common/schema/types';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The catalogue title of a oneOf/const choice, e.g. a config type's name. */
function choiceTitle(property: JsonSchema | undefined, value: unknown): string | undefined {
  const choices = (property?.oneOf ?? property?.anyOf) as JsonSchema[] | undefined;
  const choice = choices?.find((option) => option.const === value);
  return typeof choice?.title === 'string' ? choice.title : undefined;
}

/** A record value as text for lists and details: choices by their title, lists joined, flags as yes/no. */
export function displayValue(module: ModuleSchema, field: string, value: unknown, translate: Translate): string {
  if (value === undefined || value === null || value === '') return '';
  const property = module.schema.properties?.[field];
  const choice = choiceTitle(property, value);
  if (choice) return translate(choice);
  if (Array.isArray(value)) return value.map((item) => displayValue(module, `${field}.item`, item, translate)).join(', ');
  if (typeof value === 'boolean') return translate(value ? 'ra.boolean.true' : 'ra.boolean.false');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

