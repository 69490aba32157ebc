import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-admin';
import type { AdminList } from '../../common/schema/types';

export const PER_PAGE_OPTIONS = [10, 25, 50, 100];
const DEFAULT_PER_PAGE = 25;

export interface ListQuery {
  page: number;
  perPage: number;
  sort: { field: string; order: 'ASC' | 'DESC' };
  search: string;
  /** Values of the declared filters, by query parameter. */
  filters: Record<string, string>;
}

export interface ListQueryChange {
  page?: number;
  perPage?: number;
  sort?: ListQuery['sort'];
  search?: string;
  filters?: Record<string, string>;
}

const positive = (raw: string | null, fallback: number, allowed?: number[]) => {
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 1) return fallback;
  return allowed && !allowed.includes(value) ? fallback : value;
};

/**
 * A list's page, page size, sort, search and filters, kept in the address's query under the same
 * names the API takes (page, per_page, sort, order, search, each filter's parameter): Back restores
 * the previous state and a copied link opens the same list. Defaults are left out of the address.
 * Anything unknown or malformed in the address falls back to the default.
 */
export function useListQuery(list: AdminList): [ListQuery, (change: ListQueryChange, options?: { replace?: boolean }) => void] {
  // react-admin's router hooks, as the other schema screens use (the app's router, or a test's).
  const location = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const filterParams = useMemo(() => (list.filters ?? []).map((filter) => filter.param ?? filter.field), [list.filters]);
  const sortable = useMemo(
    () => new Set([list.sort.field, ...list.columns.filter((column) => column.sortable).map((column) => column.field)]),
    [list.sort.field, list.columns],
  );

  const query = useMemo<ListQuery>(() => {
    const sortField = params.get('sort');
    const order = params.get('order');
    return {
      page: positive(params.get('page'), 1),
      perPage: positive(params.get('per_page'), DEFAULT_PER_PAGE, PER_PAGE_OPTIONS),
      sort: {
        field: sortField && sortable.has(sortField) ? sortField : list.sort.field,
        order: order === 'ASC' || order === 'DESC' ? order : list.sort.order,
      },
      search: list.search?.length ? (params.get('search') ?? '') : '',
      filters: Object.fromEntries(filterParams.map((param) => [param, params.get(param) ?? ''])),
    };
  }, [params, filterParams, sortable, list.sort, list.search]);

  const change = useCallback(
    (next: ListQueryChange, options: { replace?: boolean } = {}) => {
      const merged = new URLSearchParams(location.search);
      const put = (name: string, value: string | number | undefined, fallback: string | number) => {
        if (value === undefined) return;
        if (value === '' || value === fallback) merged.delete(name);
        else merged.set(name, String(value));
      };
      put('page', next.page, 1);
      put('per_page', next.perPage, DEFAULT_PER_PAGE);
      if (next.sort) {
        const isDefault = next.sort.field === list.sort.field && next.sort.order === list.sort.order;
        put('sort', isDefault ? '' : next.sort.field, list.sort.field);
        put('order', isDefault ? '' : next.sort.order, list.sort.order);
      }
      put('search', next.search, '');
      for (const [param, value] of Object.entries(next.filters ?? {})) put(param, value, '');
      const search = merged.toString();
      if (search === location.search.replace(/^\?/, '')) return;
      navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, { replace: options.replace });
    },
    [location.pathname, location.search, navigate, list.sort],
  );

  return [query, change];
}
