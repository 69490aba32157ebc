import { httpError } from '../../../../server/platform/http/errors';

/**
 * The reports' query parameters, read strictly: a value that is not what the parameter takes is a
 * 400 naming the parameter in Polish (never a silent default, never a 500).
 */
export type Query = Record<string, unknown>;

const invalid = (parameter: string) => httpError(400, 'errors.reports.invalid_parameter', { parameter });

/** A single string value, or undefined when the parameter is absent (a repeated parameter is invalid). */
function single(query: Query, name: string): string | undefined {
  const value = query[name];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string') throw invalid(name);
  return value;
}

export function integer(query: Query, name: string, fallback: number, max: number): number;
export function integer(query: Query, name: string, fallback: undefined, max: number): number | undefined;
export function integer(query: Query, name: string, fallback: number | undefined, max: number): number | undefined {
  const raw = single(query, name);
  if (raw === undefined) return fallback;
  if (!/^\d{1,10}$/.test(raw)) throw invalid(name);
  const value = Number(raw);
  if (value < 1 || value > max) throw invalid(name);
  return value;
}

export function oneOf<T extends string>(query: Query, name: string, values: readonly T[]): T | undefined {
  const raw = single(query, name);
  if (raw === undefined) return undefined;
  if (!values.includes(raw as T)) throw invalid(name);
  return raw as T;
}

export function text(query: Query, name: string, maxLength: number): string | undefined {
  const raw = single(query, name);
  if (raw === undefined) return undefined;
  const trimmed = raw.trim();
  if (trimmed.length > maxLength || trimmed.includes('\0')) throw invalid(name);
  return trimmed || undefined;
}

/** A calendar day YYYY-MM-DD (or a month YYYY-MM) that exists. */
export function calendar(query: Query, name: string, unit: 'day' | 'month'): string | undefined {
  const raw = single(query, name);
  if (raw === undefined) return undefined;
  const match = (unit === 'day' ? /^(\d{4})-(\d{2})-(\d{2})$/ : /^(\d{4})-(\d{2})$/).exec(raw);
  if (!match) throw invalid(name);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3] ?? 1)];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (year < 2000 || year > 2999 || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) throw invalid(name);
  return raw;
}

/** A LIKE pattern matching the text anywhere, its wildcards taken literally. */
export function containing(value: string): string {
  return `%${value.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** Page and page size as every list takes them (per_page at most 100, 25 when not given). */
export function paging(query: Query): { limit: number; offset: number } {
  const page = integer(query, 'page', 1, 1_000_000);
  const perPage = integer(query, 'per_page', 25, 100);
  return { limit: perPage, offset: (page - 1) * perPage };
}
