import { getDefaultRegistry } from '@rjsf/core';
import type { FieldProps } from '@rjsf/utils';
import { REQUIRED_WHEN_OFFERED } from '../../../common/schema/flagged-required';

const DefaultSchemaField = getDefaultRegistry().fields.SchemaField;

/**
 * Every field, drawn as required also when it is required only where the service has it (x-flags,
 * REQUIRED_WHEN_OFFERED): shown means offered, and JSON Schema's `required` cannot say so.
 */
export function OfferedSchemaField(props: FieldProps) {
  return <DefaultSchemaField {...props} required={props.required || typeof props.schema[REQUIRED_WHEN_OFFERED] === 'string'} />;
}
