/**
 * The one reading of dates the panel takes, shared by the browser forms and the server: a date
 * that does not exist ('2099-02-30') is refused rather than shifted to another day, and the year
 * stays within 0001–9999, where JavaScript writes an ISO date of four digits and PostgreSQL's date
 * and timestamptz read it (PostgreSQL has no year 0, and 10000-01-01 would be written +010000).
 */

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
// RFC 3339 date-time (T and Z in either case), the offset required: a moment, not a wall time.
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(?:[Zz]|([+-])(\d{2}):(\d{2}))$/;
const FIRST_YEAR = 1;
const LAST_YEAR = 9999;

function daysInMonth(year: number, month: number): number {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
}

function isDay(year: number, month: number, day: number): boolean {
  return year >= FIRST_YEAR && year <= LAST_YEAR && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** A calendar day written YYYY-MM-DD that exists. */
export function isCalendarDate(value: string): boolean {
  const match = DATE.exec(value);
  return match !== null && isDay(Number(match[1]), Number(match[2]), Number(match[3]));
}

/**
 * A moment written as RFC 3339 does ('2026-11-23T10:15:00+01:00', '2026-11-23T09:15:00Z'), as a
 * Date; undefined when it is not one: an impossible day or time (a leap second included, which
 * JavaScript cannot hold), an offset beyond ±23:59, or a moment outside the years 0001–9999.
 */
export function parseDateTime(value: string): Date | undefined {
  const match = DATE_TIME.exec(value);
  if (!match) return undefined;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number);
  const [offsetHours, offsetMinutes] = [Number(match[9] ?? 0), Number(match[10] ?? 0)];
  if (!isDay(year, month, day) || hour > 23 || minute > 59 || second > 59 || offsetHours > 23 || offsetMinutes > 59) return undefined;
  const moment = new Date(0);
  // setUTCFullYear, not Date.UTC: Date.UTC takes the years 0–99 for 1900–1999.
  moment.setUTCFullYear(year, month - 1, day);
  moment.setUTCHours(hour, minute, second, Number((match[7] ?? '0').padEnd(3, '0').slice(0, 3)));
  const offset = (match[8] === '-' ? -1 : 1) * (offsetHours * 60 + offsetMinutes);
  moment.setTime(moment.getTime() - offset * 60_000);
  const utcYear = moment.getUTCFullYear();
  return utcYear >= FIRST_YEAR && utcYear <= LAST_YEAR ? moment : undefined;
}

export const isDateTime = (value: string) => parseDateTime(value) !== undefined;
