import { TextField } from '@mui/material';
import { PANEL_TIME_ZONE } from '../../common/format';

/** What a field holds, by its JSON Schema format: a day, a moment, or a time of day. */
export type DateTimeKind = 'date' | 'date-time' | 'time';

const INPUT_TYPES: Record<DateTimeKind, string> = { date: 'date', 'date-time': 'datetime-local', time: 'time' };

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

function pad(value: number, length = 2): string {
  return String(value).padStart(length, '0');
}

/** The wall-clock parts of a moment in the panel's zone. */
function wallParts(moment: Date): Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number> {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: PANEL_TIME_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(moment);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((item) => item.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour'), minute: part('minute'), second: part('second') };
}

/** How far the panel's zone is ahead of UTC at a moment, in minutes (60 in winter, 120 in summer). */
function zoneOffsetMinutes(utcMilliseconds: number): number {
  const wall = wallParts(new Date(utcMilliseconds));
  const wallAsUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return Math.round((wallAsUtc - Math.floor(utcMilliseconds / 1000) * 1000) / 60_000);
}

/** "2026-11-23T10:15" (a datetime-local input's value, Polish wall time) as ISO 8601 with its offset: "2026-11-23T10:15:00+01:00". */
export function wallTimeToIso(wallTime: string): string | undefined {
  const match = WALL_TIME.exec(wallTime);
  if (!match) return undefined;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0));
  const wallAsUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  // The offset at the wall time itself, found from a first guess (they differ only around the DST change).
  const offset = zoneOffsetMinutes(wallAsUtc - zoneOffsetMinutes(wallAsUtc) * 60_000);
  const sign = offset < 0 ? '-' : '+';
  const zone = `${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
  return `${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}:${pad(second)}${zone}`;
}

/** An ISO 8601 moment as a datetime-local input's value in Polish wall time; '' when it is no moment. */
export function isoToWallTime(iso: string): string {
  const moment = new Date(iso);
  if (!iso || Number.isNaN(moment.getTime())) return '';
  const wall = wallParts(moment);
  const seconds = wall.second ? `:${pad(wall.second)}` : '';
  return `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}T${pad(wall.hour)}:${pad(wall.minute)}${seconds}`;
}

/** The stored value (ISO: YYYY-MM-DD, a full date-time with offset, HH:MM:SS) as the input shows it. */
export function toInputValue(kind: DateTimeKind, value: string | undefined): string {
  if (!value) return '';
  if (kind === 'date-time') return isoToWallTime(value);
  if (kind === 'time') {
    // HH:MM, with the seconds only when they are not zero (the input's step is a minute).
    const [hours, minutes, seconds = '00'] = value.slice(0, 8).split(':');
    return seconds === '00' ? `${hours}:${minutes}` : `${hours}:${minutes}:${seconds}`;
  }
  return value;
}

/** The input's value as the stored ISO value; undefined when the field is empty (or not yet a whole value). */
export function fromInputValue(kind: DateTimeKind, input: string): string | undefined {
  if (!input) return undefined;
  if (kind === 'date-time') return wallTimeToIso(input);
  if (kind === 'time') return input.length === 5 ? `${input}:00` : input;
  return input;
}

/** The stored value written out in Polish, e.g. "poniedziałek, 23 listopada 2026 10:15"; '' when there is none. */
export function polishDisplay(kind: DateTimeKind, value: string | undefined): string {
  if (!value) return '';
  if (kind === 'time') return toInputValue(kind, value);
  const moment = new Date(kind === 'date' ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(moment.getTime())) return '';
  return kind === 'date'
    ? new Intl.DateTimeFormat('pl-PL', { dateStyle: 'full', timeZone: 'UTC' }).format(moment)
    : new Intl.DateTimeFormat('pl-PL', { dateStyle: 'full', timeStyle: 'short', timeZone: PANEL_TIME_ZONE }).format(moment);
}

export interface DateTimeFieldProps {
  id: string;
  kind: DateTimeKind;
  label: string;
  /** ISO: YYYY-MM-DD (date), a full date-time with offset (date-time), HH:MM:SS (time). */
  value: string | undefined;
  onChange(value: string | undefined): void;
  onBlur?(): void;
  required?: boolean;
  disabled?: boolean;
  error?: boolean;
  /** Ids of the error and help texts the form shows for the field. */
  describedBy?: string;
}

/**
 * A date, date-and-time or time field: the browser's own picker (in Polish, lang="pl"), Polish wall
 * time for moments, the value written out in Polish under it, ISO values in and out.
 */
export function DateTimeField({ id, kind, label, value, onChange, onBlur, required, disabled, error, describedBy }: DateTimeFieldProps) {
  const display = polishDisplay(kind, value);
  const displayId = `${id}-display`;
  return (
    <TextField
      id={id}
      type={INPUT_TYPES[kind]}
      label={label}
      value={toInputValue(kind, value)}
      onChange={(event) => onChange(fromInputValue(kind, event.target.value))}
      onBlur={onBlur}
      required={required}
      disabled={disabled}
      error={error}
      fullWidth
      helperText={display || undefined}
      slotProps={{
        inputLabel: { shrink: true },
        formHelperText: { id: displayId, lang: 'pl' },
        htmlInput: { lang: 'pl', step: kind === 'date' ? undefined : 60, 'aria-describedby': [display ? displayId : '', describedBy ?? ''].filter(Boolean).join(' ') || undefined },
      }}
    />
  );
}
