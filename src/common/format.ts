/** SPEC 9 formatting helpers: Polish plurals, numbers, percentages and sizes. */
import type { TranslateParams } from './i18n/translate';
import { PANEL_TIME_ZONE } from './panel-time';

export { pluralize, polishPluralIndex } from './plural';

const LOCALE = 'pl-PL';

/**
 * A number in the Polish locale: digit groups separated by a (non-breaking) space, decimal comma.
 * Grouping is forced also for four-digit numbers, which Polish locale data leaves ungrouped by default,
 * so that sizes and counts line up the same way in lists.
 */
export function formatNumber(value: number, fractionDigits?: number): string {
  return new Intl.NumberFormat(LOCALE, {
    useGrouping: 'always',
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits ?? 3,
  }).format(value);
}

/** part / total as a percentage (number), or null when either input is falsy (0, NaN, missing). */
export function percentageOf(part: number | null | undefined, total: number | null | undefined): number | null {
  if (!part || !total) return null;
  return (part / total) * 100;
}

/** part / total as a percentage with 2 decimals in the Polish locale ("12,50"), or '' when either input is falsy. */
export function formatPercentage(part: number | null | undefined, total: number | null | undefined): string {
  const percentage = percentageOf(part, total);
  return percentage === null ? '' : formatNumber(percentage, 2);
}

/** Translation function shape shared by react-admin's useTranslate() and createTranslate(). */
type TranslateFn = (key: string, params?: TranslateParams) => string;

const BYTE_UNITS = ['b', 'kb', 'mb', 'gb', 'tb'] as const;
const BYTES_PER_UNIT = 1024;

/**
 * A byte count in the largest binary unit that keeps the value at least 1 ("1,5 GB"); unit symbols
 * come from the catalogue (app.format.size.*), whole bytes have no decimals, larger units at most one.
 */
export function formatBytes(bytes: number, translate: TranslateFn): string {
  let value = Math.max(0, bytes);
  let unitIndex = 0;
  // Compare the rounded value so that 1023.96 KB shows as "1 MB", not "1 024 KB".
  while (Math.round(value * 10) / 10 >= BYTES_PER_UNIT && unitIndex < BYTE_UNITS.length - 1) {
    value /= BYTES_PER_UNIT;
    unitIndex += 1;
  }
  const rounded = unitIndex === 0 ? formatNumber(Math.round(value), 0) : formatNumber(Math.round(value * 10) / 10);
  return translate(`app.format.size.${BYTE_UNITS[unitIndex]}`, { value: rounded });
}

/**
 * A date (ISO string or Date) in the Polish locale, e.g. "21 listopada 2026"; with time, a moment
 * as Polish wall-clock time, as the forms enter it: "21 listopada 2026 11:05".
 */
export function formatDate(value: string | Date, withTime = false): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(LOCALE, withTime ? { dateStyle: 'long', timeStyle: 'short', timeZone: PANEL_TIME_ZONE } : { dateStyle: 'long' }).format(
    date,
  );
}
