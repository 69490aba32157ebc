import type { JsonSchema } from './types';

/** The form widgets a property may ask for beyond what its type and format give (see docs/adding-a-module.md). */
export type PropertyWidget = 'richtext' | 'map' | 'sortable' | 'document';

const WIDGETS: readonly PropertyWidget[] = ['richtext', 'map', 'sortable', 'document'];

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
