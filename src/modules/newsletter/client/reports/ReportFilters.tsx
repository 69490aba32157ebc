import { Box, Button } from '@mui/material';
import { type FormEvent, type ReactNode, useCallback, useId, useMemo, useState } from 'react';
import { useLocation, useNavigate, useTranslate } from 'react-admin';
import { DateTimeField } from '../../../../client/ui/DateTimeField';

/**
 * A report's filters and page, kept in the address (?search=&from=&page=...): Back restores them and
 * a copied link opens the same report. A change of a filter goes back to the first page.
 */
export function useReportParams(): [Record<string, string>, (change: Record<string, string | undefined>) => void] {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const values = useMemo(() => Object.fromEntries(new URLSearchParams(search)), [search]);
  const change = useCallback(
    (next: Record<string, string | undefined>) => {
      const params = new URLSearchParams(search);
      if (!('page' in next)) params.delete('page');
      for (const [name, value] of Object.entries(next)) {
        if (value === undefined || value === '' || (name === 'page' && value === '1')) params.delete(name);
        else params.set(name, value);
      }
      const query = params.toString();
      navigate({ pathname, search: query ? `?${query}` : '' });
    },
    [navigate, pathname, search],
  );
  return [values, change];
}

/** The page of the address (1 when absent or not a page number). */
export function pageOf(values: Record<string, string>): number {
  const page = Number.parseInt(values.page ?? '', 10);
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/**
 * A filter form: its fields are uncontrolled inputs named as the report's parameters, sent to the
 * address on "Pokaż" (or Enter); the form is remounted when the address changes, so Back shows the
 * filters of the report it returns to.
 */
export function FilterForm({ label, onApply, children }: { label: string; onApply(values: Record<string, string>): void; children: ReactNode }) {
  const translate = useTranslate();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    onApply(Object.fromEntries([...data.entries()].map(([name, value]) => [name, String(value).trim()])));
  };
  return (
    <Box component="form" role="search" aria-label={label} onSubmit={submit} sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
      {children}
      <Button type="submit" variant="outlined">
        {translate('resources.newsletter_reports.filters.apply')}
      </Button>
    </Box>
  );
}

/** A day (or month) field of a filter form: the panel's Polish picker, its ISO value sent under `name`. */
export function PeriodField({ name, label, value, type = 'date' }: { name: string; label: string; value?: string; type?: 'date' | 'month' }) {
  const id = useId();
  const [chosen, setChosen] = useState(value);
  return (
    <Box sx={{ width: 190 }}>
      <DateTimeField id={id} kind={type} label={label} value={chosen} onChange={setChosen} size="small" />
      <input type="hidden" name={name} value={chosen ?? ''} />
    </Box>
  );
}
