import { type AdminBlock, type Period, PERIODS } from '../../common/schema';
import { invalidParameter } from '../platform/http/query';
import { readPage } from '../platform/http/pagination';
import type { ListQuery } from './storage';

export const DEFAULT_PER_PAGE = 25;
const MAX_TEXT = 500;

/** One query parameter as text: the first of repeated ones (the storable-text hook already refused NUL). */
function text(raw: unknown): string | undefined {
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed ? trimmed.slice(0, MAX_TEXT) : undefined;
}

/**
 * The list parameters every schema-driven collection takes: page (1-based), per_page, sort (a
 * sortable column, the label or id), order (ASC|DESC), search, and one parameter per x-admin
 * filter. The page is read as every list reads it (readPage: a 400 out of bounds); an unusable
 * sort or order falls back to the default rather than failing.
 */
export function parseListQuery(raw: unknown, admin: AdminBlock, viewerId: number): ListQuery {
  const query = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const sortable = new Set(['id', admin.list.sort.field, admin.list.label, ...admin.list.columns.filter((c) => c.sortable).map((c) => c.field)]);
  const sortField = text(query.sort);
  const order = text(query.order)?.toUpperCase();
  const filters = (admin.list.filters ?? []).flatMap((filter) => {
    const param = filter.param ?? filter.field;
    const value = text(query[param]) ?? filter.default;
    if (filter.op === 'period' && value !== undefined && !PERIODS.includes(value as Period)) throw invalidParameter(param);
    return value === undefined ? [] : [{ filter, value }];
  });
  const { page, perPage } = readPage(query, DEFAULT_PER_PAGE);
  return {
    page,
    perPage,
    sort: {
      field: sortField && sortable.has(sortField) ? sortField : admin.list.sort.field,
      order: order === 'ASC' || order === 'DESC' ? order : admin.list.sort.order,
    },
    search: text(query.search),
    filters,
    viewerId,
  };
}
