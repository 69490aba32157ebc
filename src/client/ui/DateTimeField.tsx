import { Skeleton } from '@mui/material';
import { lazy, Suspense } from 'react';
import { wallParts, zoneOffsetMs } from '../../common/panel-time';

/** What a field holds: a day, a moment or a time of day (by its JSON Schema format), or a month (a report's period). */
export type DateTimeKind = 'date' | 'date-time' | 'time' | 'month';

/**
 * What a field stores while its text is a date that does not exist (31.02.2026): no ISO value, so
 * the form's format rule and the server refuse it with their Polish message instead of taking it for
 * an empty field. (A field with a section left empty holds no value, as the picker tells.)
 */
export const IMPOSSIBLE_DATE = 'impossible-date';

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;
const WALL_PARTS = /^(\d{4})-(\d{2})(?:-(\d{2}))?(?:T(\d{2}):(\d{2})(?::(\d{2}))?)?$/;
const TIME_OF_DAY = /^(\d{2}):(\d{2})(?::(\d{2}))?/;

function pad(value: number, length = 2): string {
  return String(value).padStart(length, '0');
}

/** "2026-11-23T10:15" (Polish wall time) as ISO 8601 with its offset: "2026-11-23T10:15:00+01:00". */
export function wallTimeToIso(wallTime: string): string | undefined {
  const match = WALL_TIME.exec(wallTime);
  if (!match) return undefined;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0));
  const wallAsUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  // The offset at the wall time itself, found from a first guess (they differ only around the DST change).
  const offset = Math.round(zoneOffsetMs(wallAsUtc - zoneOffsetMs(wallAsUtc)) / 60_000);
  const sign = offset < 0 ? '-' : '+';
  const zone = `${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
  return `${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}:${pad(second)}${zone}`;
}

/** An ISO 8601 moment in Polish wall time, "2026-11-23T10:15" (seconds only when not zero); '' when it is no moment. */
export function isoToWallTime(iso: string): string {
  const moment = new Date(iso);
  if (!iso || Number.isNaN(moment.getTime())) return '';
  const wall = wallParts(moment);
  const seconds = wall.second ? `:${pad(wall.second)}` : '';
  return `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}T${pad(wall.hour)}:${pad(wall.minute)}${seconds}`;
}

/** A Date whose local fields are the given wall-clock figures (years below 100 kept as they are). */
function localDate(year: number, monthIndex: number, day: number, hours = 0, minutes = 0, seconds = 0): Date {
  const date = new Date(2000, 0, 1);
  date.setFullYear(year, monthIndex, day);
  date.setHours(hours, minutes, seconds, 0);
  return date;
}

/**
 * The stored value as the picker's Date, whose local fields are the figures the panel shows: the
 * picker works in the browser's zone, so a moment becomes its Polish wall time whatever that zone is.
 * null when there is no value, an invalid Date when the value is no date.
 */
export function toPickerDate(kind: DateTimeKind, value: string | undefined): Date | null {
  if (!value) return null;
  if (kind === 'time') {
    const time = TIME_OF_DAY.exec(value);
    return time ? localDate(2000, 0, 1, Number(time[1]), Number(time[2]), Number(time[3] ?? 0)) : new Date(Number.NaN);
  }
  const parts = WALL_PARTS.exec(kind === 'date-time' ? isoToWallTime(value) : value);
  if (!parts) return new Date(Number.NaN);
  const [year, month, day = 1, hours, minutes, seconds] = parts.slice(1).map((part) => (part === undefined ? undefined : Number(part)));
  return localDate(year!, month! - 1, day, hours, minutes, seconds);
}

/** The picker's Date as the stored ISO value: undefined when the field is empty, IMPOSSIBLE_DATE when it is no real date. */
export function fromPickerDate(kind: DateTimeKind, date: Date | null): string | undefined {
  if (!date) return undefined;
  if (Number.isNaN(date.getTime())) return IMPOSSIBLE_DATE;
  const day = `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}`;
  const time = `${pad(date.getHours())}:${pad(date.getMinutes())}`;
  const seconds = pad(date.getSeconds());
  if (kind === 'month') return day;
  if (kind === 'time') return `${time}:${seconds}`;
  if (kind === 'date') return `${day}-${pad(date.getDate())}`;
  return wallTimeToIso(`${day}-${pad(date.getDate())}T${time}:${seconds}`);
}

export interface DateTimeFieldProps {
  id: string;
  kind: DateTimeKind;
  label: string;
  /** ISO: YYYY-MM-DD (date), a full date-time with offset (date-time), HH:MM:SS (time), YYYY-MM (month). */
  value: string | undefined;
  onChange(value: string | undefined): void;
  onBlur?(): void;
  required?: boolean;
  disabled?: boolean;
  error?: boolean;
  /** Ids of the error and help texts the form shows for the field. */
  describedBy?: string;
  size?: 'small' | 'medium';
}

// MUI X pickers and date-fns load only with a screen that has a date, never with the login page.
const PolishDatePicker = lazy(() => import('./PolishDatePicker'));

/**
 * A date, date-and-time, time or month field: the panel's Polish picker (dd.mm.rrrr typed by
 * sections or chosen in a calendar starting on Monday, moments in Polish time), ISO values in and out.
 */
export function DateTimeField(props: DateTimeFieldProps) {
  return (
    <Suspense fallback={<Skeleton variant="rounded" height={props.size === 'small' ? 40 : 56} />}>
      <PolishDatePicker {...props} />
    </Suspense>
  );
}
