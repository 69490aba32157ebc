import type { RegistryFieldsType, RegistryWidgetsType } from '@rjsf/utils';
import { DateTimeWidget } from './DateTimeWidget';
import { MapField } from './MapField';
import { OfferedSchemaField } from './OfferedSchemaField';
import { OptionsWidget } from './OptionsWidget';
import { ReferenceField } from './ReferenceField';
import { RichTextWidget } from './RichTextWidget';
import { SortableArrayField } from './SortableArrayField';
import { TextWidget } from './TextWidget';

/**
 * The engine's own widgets, by the names RJSF looks up: its date, date-time and time widgets (picked
 * by "format"), text inputs (with x-suffix), "richtext" and "options" (x-options) for the uiSchema formUiSchema writes (the heavy ones load lazily).
 */
export const schemaWidgets: RegistryWidgetsType = {
  DateWidget: DateTimeWidget,
  DateTimeWidget,
  TimeWidget: DateTimeWidget,
  TextWidget,
  richtext: RichTextWidget,
  options: OptionsWidget,
};

/** Fields for the uiSchema formUiSchema writes: "map" ({latitude, longitude}), "sortable" arrays, "reference" (x-ref); every field drawn as required while offered. */
export const schemaFields: RegistryFieldsType = {
  map: MapField,
  sortable: SortableArrayField,
  reference: ReferenceField,
  SchemaField: OfferedSchemaField,
};
