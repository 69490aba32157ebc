import type { RegistryFieldsType, RegistryWidgetsType } from '@rjsf/utils';
import { DateTimeWidget } from './DateTimeWidget';
import { MapField } from './MapField';
import { ReferenceField } from './ReferenceField';
import { RichTextWidget } from './RichTextWidget';
import { SortableArrayField } from './SortableArrayField';

/**
 * The engine's own widgets, by the names RJSF looks up: its date, date-time and time widgets (picked
 * by "format"), and "richtext" for the uiSchema formUiSchema writes (the heavy ones load lazily).
 */
export const schemaWidgets: RegistryWidgetsType = {
  DateWidget: DateTimeWidget,
  DateTimeWidget,
  TimeWidget: DateTimeWidget,
  richtext: RichTextWidget,
};

/** Fields for the uiSchema formUiSchema writes: "map" ({latitude, longitude}), "sortable" arrays, "reference" (x-ref). */
export const schemaFields: RegistryFieldsType = {
  map: MapField,
  sortable: SortableArrayField,
  reference: ReferenceField,
};
