import type { JsonSchema } from './types';
import { propertyWidget } from './widgets';

/**
 * The keyword the registry puts on every single-line text of a schema (a name, a subject, an
 * address: not HTML, not a text area's text, not a secret): such text may not hold bidirectional
 * controls (src/common/validation/text.ts), as the disk's names may not. The browser's precompiled
 * validators and the server's check it alike (extendAjv), with the message 'validation.text_direction_controls'.
 */
export const SINGLE_LINE_KEYWORD = 'x-single-line';

/** From this maxLength on a text is several lines, written in a text area (the forms draw it so). */
export const TEXT_AREA_FROM_LENGTH = 1000;

const isObject = (value: unknown): value is JsonSchema => typeof value === 'object' && value !== null && !Array.isArray(value);

function isSingleLineText(node: JsonSchema): boolean {
  const types = Array.isArray(node.type) ? node.type : [node.type];
  const long = typeof node.maxLength === 'number' && node.maxLength >= TEXT_AREA_FROM_LENGTH;
  return types.includes('string') && propertyWidget(node) === undefined && node.writeOnly !== true && !long;
}

/** A schema with SINGLE_LINE_KEYWORD on each of its single-line texts, however deep (items, nested objects, branches). */
export function withSingleLineChecks(node: JsonSchema): JsonSchema {
  const result: JsonSchema = { ...node };
  if (isObject(node.properties)) {
    // Boolean schemas (`true`, `false`) hold no text.
    const properties: Record<string, unknown> = node.properties;
    result.properties = Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, isObject(property) ? withSingleLineChecks(property) : property])) as Record<string, JsonSchema>;
  }
  for (const key of ['items', 'then', 'else'] as const) {
    if (isObject(node[key])) result[key] = withSingleLineChecks(node[key] as JsonSchema);
  }
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
    if (Array.isArray(node[key])) result[key] = (node[key] as unknown[]).map((part) => (isObject(part) ? withSingleLineChecks(part) : part));
  }
  if (isSingleLineText(node)) result[SINGLE_LINE_KEYWORD] = true;
  return result;
}
