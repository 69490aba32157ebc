import { Autocomplete, TextField } from '@mui/material';
import { ariaDescribedByIds, type FieldProps } from '@rjsf/utils';
import { useMemo, useRef, useState } from 'react';
import { useGetMany, useParams } from 'react-admin';
import { referenceOf } from '../../../common/schema/registry';
import type { JsonSchema } from '../../../common/schema/types';
import { useRecordChoices } from '../OptionsFilter';
import { moduleOf } from '../registry';

type Value = string | number;
interface Option {
  value: Value;
  label: string;
}

/**
 * RJSF field of a property naming records of another module (x-ref on it, or on its items for a
 * list): a combo box of that module's records, searched on the server as the user types (its
 * list.search), one value or several. The server checks every value on save.
 */
export function ReferenceField({ fieldPathId, formData, onChange, schema, uiSchema, name, disabled, readonly, rawErrors, required }: FieldProps<Value | Value[]>) {
  const params = useParams() as Record<string, string>;
  const many = schema.type === 'array';
  const reference = referenceOf(name, name, schema as JsonSchema)!;
  const target = moduleOf(reference.resource).admin;
  // Without access to that module nothing is asked (it would answer 403): the box offers no choices.
  const { mayRead, open, setOpen, typed, setTyped, records } = useRecordChoices(target.resource, params, { sort: target.list.sort });
  // Whether the user is typing a search: otherwise a single choice's box shows the chosen record's name.
  const [searching, setSearching] = useState(false);
  const values = many ? ((formData as Value[] | undefined) ?? []) : formData === undefined || formData === null || formData === '' ? [] : [formData as Value];
  // The records chosen when the form opens, by id, for their names (a reference by another field shows that value).
  const byId = reference.field === 'id';
  const stored = useGetMany(target.resource, { ids: values, meta: params }, { enabled: byId && values.length > 0 && mayRead === true });
  // The labels of records seen so far, so a chosen id keeps its name.
  const labels = useRef(new Map<Value, string>());
  const optionOf = (record: Record<string, unknown>): Option => ({
    value: byId ? (record.id as Value) : String(record[reference.field] ?? ''),
    label: String(record[target.list.label] ?? record[reference.field] ?? record.id),
  });
  const found = (records.data ?? []).map(optionOf);
  for (const option of [...(stored.data ?? []).map(optionOf), ...found]) labels.current.set(option.value, option.label);
  // One value object per choice and name: the combo box clears what the user types whenever its value changes identity.
  const chosenKey = JSON.stringify(values.map((value) => [value, labels.current.get(value) ?? String(value)]));
  const chosen = useMemo(() => (JSON.parse(chosenKey) as [Value, string][]).map(([value, label]) => ({ value, label })), [chosenKey]);
  const options = [...chosen, ...found.filter((option) => !chosen.some((picked) => picked.value === option.value))];
  const id = fieldPathId.$id;
  const title = String(uiSchema?.['ui:title'] ?? schema.title ?? name);
  const invalid = Boolean(rawErrors?.length);
  return (
    <Autocomplete<Option, boolean>
      multiple={many}
      id={id}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={options}
      // The server already searched: show what it found.
      filterOptions={(shown) => shown}
      getOptionLabel={(option) => option.label}
      isOptionEqualToValue={(option, value) => option.value === value.value}
      loading={records.isFetching}
      disabled={disabled || readonly}
      value={many ? chosen : (chosen[0] ?? null)}
      onChange={(_event, next) => {
        const picked = Array.isArray(next) ? next.map((option) => option.value) : next ? next.value : undefined;
        onChange(picked as Value | Value[], fieldPathId.path);
      }}
      inputValue={many || searching ? typed : (chosen[0]?.label ?? '')}
      onInputChange={(_event, text, reason) => {
        // What the box writes itself (the chosen name, or nothing after a choice) searches nothing.
        setSearching(reason === 'input');
        setTyped(reason === 'input' ? text : '');
      }}
      renderInput={(input) => (
        // The field's errors are the form's own (under the field), tied to the input as for every other field.
        <TextField
          {...input}
          slotProps={{ ...input.slotProps, htmlInput: { ...input.slotProps.htmlInput, 'aria-describedby': ariaDescribedByIds(id) } }}
          label={title} required={required} error={invalid} />
      )}
    />
  );
}
