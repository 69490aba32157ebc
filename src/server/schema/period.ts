import type { Period } from '../../common/schema';

/** How a store reads one date-time property in SQL: whether it is empty (an open bound), and its value as a time. */
export interface PeriodBound {
  open: string;
  time: string;
}

/**
 * The SQL condition that a record's period (from `from` to `until`, an empty or absent bound open) holds now
 * (current), has ended (past) or has not begun (future). CASE, not OR: an empty bound must never
 * reach the cast of a value kept as text.
 */
export function periodCondition(period: Period, from: PeriodBound | undefined, until?: PeriodBound): string {
  const started = from ? `CASE WHEN ${from.open} THEN true ELSE ${from.time} <= now() END` : 'true';
  const ended = until ? `CASE WHEN ${until.open} THEN false ELSE ${until.time} <= now() END` : 'false';
  if (period === 'past') return ended;
  if (period === 'future') return `NOT (${started})`;
  return `${started} AND NOT (${ended})`;
}

/** A date-time property of a JSONB record (data->>'name'; absent or empty: open). */
export const jsonbBound = (name: string): PeriodBound => ({ open: `coalesce(data->>'${name}', '') = ''`, time: `(data->>'${name}')::timestamptz` });
