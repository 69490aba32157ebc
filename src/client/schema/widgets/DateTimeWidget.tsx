import { ariaDescribedByIds, labelValue, type WidgetProps } from '@rjsf/utils';
import { DateTimeField, type DateTimeKind } from '../../ui/DateTimeField';

function kindOf(format: unknown): DateTimeKind {
  return format === 'date-time' || format === 'time' ? format : 'date';
}

/** RJSF widget of "format": "date", "date-time" and "time" strings: Polish display, ISO values. */
export function DateTimeWidget({ id, schema, label, hideLabel, value, required, disabled, readonly, rawErrors, onChange, onBlur }: WidgetProps) {
  return (
    <DateTimeField
      id={id}
      kind={kindOf(schema.format)}
      label={labelValue(label, hideLabel) ?? label}
      value={typeof value === 'string' ? value : undefined}
      onChange={onChange}
      onBlur={() => onBlur(id, value)}
      required={required}
      disabled={disabled || readonly}
      error={Boolean(rawErrors?.length)}
      describedBy={ariaDescribedByIds(id, Boolean(schema.examples))}
    />
  );
}
