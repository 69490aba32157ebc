import { isCalendarDate } from '../../../../common/validation/dates';
import { invalidParameter, type Query, single } from '../../../../server/platform/http/query';

/** A calendar day YYYY-MM-DD (or a month YYYY-MM) that exists. */
export function calendar(query: Query, name: string, unit: 'day' | 'month'): string | undefined {
  const raw = single(query, name);
  if (raw === undefined) return undefined;
  const day = unit === 'day' ? raw : `${raw}-01`;
  // Years 2000–2999 only, as the reports have always taken them.
  if (!isCalendarDate(day) || day < '2000' || day >= '3000') throw invalidParameter(name);
  return raw;
}

/** A LIKE pattern matching the text anywhere, its wildcards taken literally. */
export function containing(value: string): string {
  return `%${value.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
