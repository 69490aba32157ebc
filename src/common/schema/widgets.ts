import type { JsonSchema } from './types';

/** The form widgets a property may ask for beyond what its type and format give (see docs/adding-a-module.md). */
export type PropertyWidget = 'richtext' | 'map' | 'sortable' | 'document';

export const WIDGETS: readonly PropertyWidget[] = ['richtext', 'map', 'sortable', 'document'];

// The JSON type each x-widget draws.
const WIDGET_TYPES: Record<PropertyWidget, string> = { richtext: 'string', map: 'object', sortable: 'array', document: 'string' };

/** What is wrong with a property's x-widget (a registry error), or undefined. */
export function widgetProblem(property: JsonSchema): string | undefined {
  const named = property['x-widget'];
  if (named === undefined) return undefined;
  if (!WIDGETS.includes(named as PropertyWidget)) return `x-widget must be one of ${WIDGETS.join(', ')}`;
  const type = WIDGET_TYPES[named as PropertyWidget];
  if (property.type !== type) return `x-widget ${named as string} needs "type": "${type}"`;
  const coordinates = property.properties ?? {};
  if (named === 'map' && !['latitude', 'longitude'].every((name) => coordinates[name]?.type === 'number')) {
    return 'x-widget map needs number properties latitude and longitude';
  }
  return undefined;
}

/** The widget a property asks for: `x-widget`, or rich text by the standard `contentMediaType: text/html`. */
export function propertyWidget(property: JsonSchema): PropertyWidget | undefined {
  const named = property['x-widget'];
  if (WIDGETS.includes(named as PropertyWidget)) return named as PropertyWidget;
  return property.contentMediaType === 'text/html' ? 'richtext' : undefined;
}

/** The top-level properties holding HTML from the rich text editor: the server sanitises them before storing. */
export function richTextFields(schema: JsonSchema): string[] {
  return Object.entries(schema.properties ?? {})
    .filter(([, property]) => propertyWidget(property) === 'richtext')
    .map(([name]) => name);
}

/**
 * `"x-options": {path, query?, requires?}` on a property: its choices ({data: [{id, name}]}) come from
 * a call of its own module, `<collection>/<path>` with `query`, where `{field}` stands for another
 * field's value in the form (a source service's categories once the service is chosen). While such
 * a field is empty the choice is disabled, with the catalogue text `requires` under it.
 */
export interface PropertyOptions {
  path: string;
  query: Record<string, string>;
  requires?: string;
}

export function propertyOptions(property: JsonSchema): PropertyOptions | undefined {
  const given = property['x-options'] as Partial<PropertyOptions> | undefined;
  if (!given || typeof given.path !== 'string') return undefined;
  return { path: given.path, query: given.query ?? {}, ...(typeof given.requires === 'string' ? { requires: given.requires } : {}) };
}

const PLACEHOLDER = /\{([a-z][a-z0-9_]*)\}/g;

/** The call of x-options with the form's values put in, or null while a field it names is empty. */
export function optionsAddress(options: PropertyOptions, data: Record<string, unknown>): { path: string; query: Record<string, string> } | null {
  let missing = false;
  const fill = (text: string) =>
    text.replace(PLACEHOLDER, (_match, field: string) => {
      const value = data[field];
      if (value === undefined || value === null || value === '') missing = true;
      return encodeURIComponent(String(value ?? ''));
    });
  const path = fill(options.path);
  const query = Object.fromEntries(Object.entries(options.query).map(([name, value]) => [name, decodeURIComponent(fill(value))]));
  return missing ? null : { path, query };
}

/**
 * `"x-suffix": {path, field}` on a string property: the form shows after the input what a call of
 * its own module answers, `<collection>/<path>`'s `field` (the sender's local part is followed by
 * '@' and the service's domain). Put in an `if`/`then` branch, it shows only while the branch holds.
 */
export interface PropertySuffix {
  path: string;
  field: string;
}

export function propertySuffix(property: JsonSchema): PropertySuffix | undefined {
  const given = property['x-suffix'] as Partial<PropertySuffix> | undefined;
  if (!given || typeof given.path !== 'string' || typeof given.field !== 'string') return undefined;
  return { path: given.path, field: given.field };
}
