import { invalidParameter, type Query, single } from '../../../../server/platform/http/query';

/** A calendar day YYYY-MM-DD (or a month YYYY-MM) that exists. */
export function calendar(query: Query, name: string, unit: 'day' | 'month'): string | undefined {
  const raw = single(query, name);
  if (raw === undefined) return undefined;
  const match = (unit === 'day' ? /^(\d{4})-(\d{2})-(\d{2})$/ : /^(\d{4})-(\d{2})$/).exec(raw);
  if (!match) throw invalidParameter(name);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3] ?? 1)];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (year < 2000 || year > 2999 || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) throw invalidParameter(name);
  return raw;
}

/** A LIKE pattern matching the text anywhere, its wildcards taken literally. */
export function containing(value: string): string {
  return `%${value.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
