import type { AdminBlock } from '../../common/schema';
import { MAX_PER_PAGE } from '../platform/http/pagination';
import type { ListQuery } from './storage';

export const DEFAULT_PER_PAGE = 25;
const MAX_PAGE = 1_000_000;
const MAX_TEXT = 500;

/** One query parameter as text: the first of repeated ones (the storable-text hook already refused NUL). */
function text(raw: unknown): string | undefined {
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed ? trimmed.slice(0, MAX_TEXT) : undefined;
}

function integer(raw: unknown, fallback: number, max: number): number {
  const value = Number(text(raw));
  return Number.isSafeInteger(value) && value >= 1 ? Math.min(value, max) : fallback;
}

/**
 * The list parameters every schema-driven collection takes: page (1-based), per_page, sort (a
 * sortable column, the label or id), order (ASC|DESC), search, and one parameter per x-admin
 * filter. Anything unusable falls back to the defaults rather than failing.
 */
export function parseListQuery(raw: unknown, admin: AdminBlock, viewerId: number): ListQuery {
  const query = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const sortable = new Set(['id', admin.list.sort.field, admin.list.label, ...admin.list.columns.filter((c) => c.sortable).map((c) => c.field)]);
  const sortField = text(query.sort);
  const order = text(query.order)?.toUpperCase();
  const filters = (admin.list.filters ?? []).flatMap((filter) => {
    const value = text(query[filter.param ?? filter.field]);
    return value === undefined ? [] : [{ filter, value }];
  });
  return {
    page: integer(query.page, 1, MAX_PAGE),
    perPage: integer(query.per_page, DEFAULT_PER_PAGE, MAX_PER_PAGE),
    sort: {
      field: sortField && sortable.has(sortField) ? sortField : admin.list.sort.field,
      order: order === 'ASC' || order === 'DESC' ? order : admin.list.sort.order,
    },
    search: text(query.search),
    filters,
    viewerId,
  };
}
