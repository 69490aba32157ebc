import { MenuItem, TextField } from '@mui/material';
import { labelValue, type WidgetProps } from '@rjsf/utils';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useParams, useTranslate } from 'react-admin';
import { apiPaths, type PathParams } from '../../../common/schema/paths';
import { optionsAddress, propertyOptions } from '../../../common/schema/widgets';
import type { JsonSchema } from '../../../common/schema/types';
import { api } from '../../providers/http';
import { moduleOf } from '../registry';

/** What SchemaForm hands its widgets: the module and the whole form's values. */
export interface SchemaFormContext {
  resource: string;
  values: Record<string, unknown>;
}

type Choice = { id: number | string; name: string };

/**
 * RJSF widget of a property with x-options: a choice among what a call of the module answers, the
 * other fields' values put into its address. Disabled, with the schema's `requires` text, until
 * those fields are filled; a value the new choices no longer hold is cleared.
 */
export function OptionsWidget({ id, schema, label, hideLabel, value, required, disabled, readonly, rawErrors, onChange, onBlur, registry }: WidgetProps) {
  const translate = useTranslate();
  const params = useParams() as PathParams;
  const context = registry.formContext as SchemaFormContext;
  const options = propertyOptions(schema as JsonSchema)!;
  const address = optionsAddress(options, context.values);
  const collection = apiPaths(moduleOf(context.resource).admin, params).collection;
  const choices = useQuery({
    queryKey: [context.resource, 'options', collection, address],
    queryFn: ({ signal }) => api<{ data: Choice[] }>(`${collection}/${address!.path}`, { query: address!.query, signal }).then((answer) => answer.data),
    enabled: address !== null,
    staleTime: 60_000,
  });
  const loaded = address === null ? [] : choices.data;
  const stale = loaded !== undefined && value !== undefined && value !== null && !loaded.some((choice) => choice.id === value);
  useEffect(() => {
    if (stale) onChange(undefined);
  }, [stale, onChange]);

  // The field's errors show under it (RJSF's field template); this says only why there is nothing to choose.
  const invalid = Boolean(rawErrors?.length);
  const waiting = address === null && options.requires && !invalid ? translate(options.requires) : undefined;
  const help = choices.isFetching ? translate('app.widgets.options.loading') : (waiting ?? (loaded?.length === 0 ? translate('app.widgets.options.empty') : undefined));
  return (
    <TextField
      id={id}
      select
      fullWidth
      label={labelValue(label, hideLabel) ?? label}
      value={loaded?.some((choice) => choice.id === value) ? value : ''}
      required={required}
      disabled={disabled || readonly || address === null || choices.isPending}
      error={invalid}
      helperText={help}
      onChange={(event) => onChange(event.target.value === '' ? undefined : (schema as JsonSchema).type === 'string' ? event.target.value : Number(event.target.value))}
      onBlur={() => onBlur(id, value)}
    >
      {!required && <MenuItem value="">{translate('app.widgets.options.none')}</MenuItem>}
      {(loaded ?? []).map((choice) => (
        <MenuItem key={choice.id} value={choice.id}>
          {choice.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
