import { httpError } from './errors';

/**
 * Query parameters read strictly: a value that is not what the parameter takes is a 400 naming the
 * parameter in Polish (never a silent default, never a 500).
 */
export type Query = Record<string, unknown>;

export const invalidParameter = (parameter: string) => httpError(400, 'errors.invalid_parameter', { parameter });

/** A single string value, or undefined when the parameter is absent or empty (a repeated parameter is invalid). */
export function single(query: unknown, name: string): string | undefined {
  const value = query && typeof query === 'object' ? (query as Query)[name] : undefined;
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string') throw invalidParameter(name);
  return value;
}

/** A whole number from 1 to max, the fallback when absent. */
export function integer(query: unknown, name: string, fallback: number, max: number): number;
export function integer(query: unknown, name: string, fallback: undefined, max: number): number | undefined;
export function integer(query: unknown, name: string, fallback: number | undefined, max: number): number | undefined {
  const raw = single(query, name);
  if (raw === undefined) return fallback;
  if (!/^\d{1,16}$/.test(raw)) throw invalidParameter(name);
  const value = Number(raw);
  if (value < 1 || value > max) throw invalidParameter(name);
  return value;
}

export function oneOf<T extends string>(query: unknown, name: string, values: readonly T[]): T | undefined {
  const raw = single(query, name);
  if (raw === undefined) return undefined;
  if (!values.includes(raw as T)) throw invalidParameter(name);
  return raw as T;
}

export function text(query: unknown, name: string, maxLength: number): string | undefined {
  const raw = single(query, name);
  if (raw === undefined) return undefined;
  const trimmed = raw.trim();
  if (trimmed.length > maxLength || trimmed.includes('\0')) throw invalidParameter(name);
  return trimmed || undefined;
}
