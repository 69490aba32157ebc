import type { JsonSchema } from './types';

/** The form widgets a property may ask for beyond what its type and format give (see docs/adding-a-module.md). */
export type PropertyWidget = 'richtext' | 'map' | 'sortable';

const WIDGETS: readonly PropertyWidget[] = ['richtext', 'map', 'sortable'];

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
