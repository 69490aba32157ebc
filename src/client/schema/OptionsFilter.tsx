import { Autocomplete, TextField } from '@mui/material';
import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useGetList } from 'react-admin';
import type { AdminFilter, AdminScope } from '../../common/schema/types';
import { useServicePermissions } from '../providers/service';
import { moduleOf } from './registry';

const TYPING_DELAY_MS = 300;
/** How many values the list offers at a time; typing narrows them on the server. */
const OPTIONS_PER_PAGE = 50;

/** A text that settles: the value after the user stops typing for a moment. */
export function useSettled(value: string): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), TYPING_DELAY_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

/**
 * Whether the user may read the module the values come from: a service module only when the service
 * grants it (asking for it otherwise would answer 403, which sends the whole page to the 403 screen).
 */
function useMayRead(module: string, scope: AdminScope, serviceId: string | undefined): boolean | undefined {
  const permissions = useServicePermissions(scope === 'service' ? serviceId : undefined);
  if (scope !== 'service') return true;
  return permissions.data ? permissions.data.modules.includes(module) : undefined;
}

/**
 * Another module's records offered as choices in a combo box: asked for only once the list opens,
 * when the user may read that module (`mayRead`), searched on the server as the user types.
 * `unchanged` is a text that narrows nothing (the chosen value the box shows).
 */
export function useRecordChoices(resource: string, params: Record<string, string>, options: { sort: { field: string; order: 'ASC' | 'DESC' }; unchanged?: string }) {
  const source = moduleOf(resource).admin;
  const mayRead = useMayRead(source.module, source.scope, params.service_id);
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const search = useSettled(typed);
  const records = useGetList(
    resource,
    {
      pagination: { page: 1, perPage: OPTIONS_PER_PAGE },
      sort: options.sort,
      filter: { search: search && search !== options.unchanged ? search : undefined },
      meta: params,
    },
    { enabled: open && mayRead === true, placeholderData: keepPreviousData },
  );
  return { mayRead, open, setOpen, typed, setTyped, records };
}

interface OptionsFilterProps {
  label: string;
  options: NonNullable<AdminFilter['options']>;
  /** The route params, the meta of the values' list. */
  params: Record<string, string>;
  value: string;
  onChange(value: string): void;
}

/**
 * A filter whose values are another module's records (a recipient's tags are tag names): a combo box
 * of the existing values, searched on the server as the user types. Without access to that module
 * it stays a plain text filter.
 */
export function OptionsFilter({ label, options, params, value, onChange }: OptionsFilterProps) {
  // The chosen value is shown in the box; only a new text narrows the list.
  const { mayRead, open, setOpen, typed, setTyped, records: values } = useRecordChoices(options.resource, params, {
    sort: { field: options.field, order: 'ASC' },
    unchanged: value,
  });

  if (mayRead === false) {
    return <TextField size="small" label={label} value={value} onChange={(event) => onChange(event.target.value)} />;
  }
  // The chosen value stays an option, so the box can show it whatever page of values is loaded.
  const names = [...new Set([value, ...(values.data ?? []).map((record) => String(record[options.field] ?? ''))].filter(Boolean))];
  return (
    <Autocomplete
      size="small"
      sx={{ minWidth: 220 }}
      // The list of values opens inside the page's main landmark, not in a portal outside it.
      disablePortal
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={names}
      // The server already searched: show what it found.
      filterOptions={(found) => found}
      loading={values.isFetching}
      value={value || null}
      onChange={(_event, next) => onChange(next ?? '')}
      inputValue={typed}
      onInputChange={(_event, text) => setTyped(text)}
      renderInput={(input) => <TextField {...input} label={label} />}
    />
  );
}
