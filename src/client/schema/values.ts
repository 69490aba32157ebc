import { formatDate, formatNumber } from '../../common/format';
import type { JsonSchema, ModuleSchema } from '../../common/schema/types';
import { propertyWidget } from '../../common/schema/widgets';
import { fieldTitleKey } from '../../common/schema/keys';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The catalogue title of a oneOf/const choice, e.g. a config type's name. */
function choiceTitle(property: JsonSchema | undefined, value: unknown): string | undefined {
  const choices = (property?.oneOf ?? property?.anyOf) as JsonSchema[] | undefined;
  const choice = choices?.find((option) => option.const === value);
  return typeof choice?.title === 'string' ? choice.title : undefined;
}

/** A value of the engine's widgets as text: dates in Polish, rich text without its markup, a place by its coordinates. */
function widgetValue(property: JsonSchema | undefined, value: unknown, translate: Translate): string | undefined {
  if (!property) return undefined;
  const widget = propertyWidget(property);
  if (typeof value === 'string' && widget === 'richtext') return new DOMParser().parseFromString(value, 'text/html').body.textContent ?? '';
  // A day at noon: the same day in any browser time zone.
  if (typeof value === 'string' && property.format === 'date') return formatDate(`${value}T12:00:00`) || value;
  if (typeof value === 'string' && property.format === 'date-time') return formatDate(value, true) || value;
  const place = value as { latitude?: unknown; longitude?: unknown };
  if (widget === 'map' && typeof place.latitude === 'number' && typeof place.longitude === 'number') {
    return translate('app.widgets.map.display', { latitude: formatNumber(place.latitude), longitude: formatNumber(place.longitude) });
  }
  return undefined;
}

/** The longest value a change shows before and after (a news item's whole content would drown the list). */
const CHANGE_TEXT = 120;

/**
 * A history's changes (`x-display: "changes"`, items {field, before, after} of the changed
 * module's record): each as "<field label>: <before> → <after>", in that module's words.
 */
function changesText(value: unknown, translate: Translate, changed: () => ModuleSchema | undefined): string {
  const parent = changed();
  if (!parent || !Array.isArray(value)) return '';
  const shown = (field: string, part: unknown) => {
    const text = displayValue(parent, field, part, translate) || '—';
    return text.length > CHANGE_TEXT ? `${text.slice(0, CHANGE_TEXT)}…` : text;
  };
  return (value as { field: string; before: unknown; after: unknown }[])
    .map(({ field, before, after }) => `${translate(fieldTitleKey(parent, field))}: ${shown(field, before)} → ${shown(field, after)}`)
    .join('; ');
}

/** A record value as text for lists and details: choices by their title, lists joined, flags as yes/no, the widgets' values readable. */
export function displayValue(
  module: ModuleSchema,
  field: string,
  value: unknown,
  translate: Translate,
  /** For a history's changes: the module they name (changedModule). */
  changed: () => ModuleSchema | undefined = () => undefined,
): string {
  const property = module.schema.properties?.[field];
  if (property?.['x-display'] === 'changes' && value !== undefined && value !== null) return changesText(value, translate, changed);
  return propertyText(property, value, translate);
}

/** A value as text by its property's schema; a list's items by the items' schema (a role's modules by their titles). */
function propertyText(property: JsonSchema | undefined, value: unknown, translate: Translate): string {
  if (value === undefined || value === null || value === '') return '';
  const choice = choiceTitle(property, value);
  if (choice) return translate(choice);
  const shown = widgetValue(property, value, translate);
  if (shown !== undefined) return shown;
  if (Array.isArray(value)) return value.map((item) => propertyText(property?.items as JsonSchema | undefined, item, translate)).join(', ');
  if (typeof value === 'boolean') return translate(value ? 'ra.boolean.true' : 'ra.boolean.false');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
