/**
 * The panel's time: moments are entered and shown, days and months counted (sending limits,
 * reports, visit statistics) and jobs scheduled as wall-clock time in Poland, whatever the zone of
 * the browser or of the server. For the browser and the server alike.
 */
export const PANEL_TIME_ZONE = 'Europe/Warsaw';

export interface WallParts {
  year: number;
  /** 1 to 12. */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

// Formatters are made once: building one costs more than formatting (a page view asks for its day).
const wallClock = new Intl.DateTimeFormat('en-US', {
  timeZone: PANEL_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});
const isoDay = new Intl.DateTimeFormat('sv-SE', { timeZone: PANEL_TIME_ZONE });
const moments = {
  medium: new Intl.DateTimeFormat('pl-PL', { timeZone: PANEL_TIME_ZONE, dateStyle: 'medium', timeStyle: 'short' }),
  short: new Intl.DateTimeFormat('pl-PL', { timeZone: PANEL_TIME_ZONE, dateStyle: 'short', timeStyle: 'short' }),
};

/** The wall-clock figures of a moment in Poland. */
export function wallParts(moment: Date): WallParts {
  const parts = Object.fromEntries(wallClock.formatToParts(moment).map((part) => [part.type, Number(part.value)]));
  return { year: parts.year, month: parts.month, day: parts.day, hour: parts.hour, minute: parts.minute, second: parts.second };
}

/** How far Poland's clock is ahead of UTC at a moment, in milliseconds (one hour in winter, two in summer). */
export function zoneOffsetMs(utcMilliseconds: number): number {
  const wall = wallParts(new Date(utcMilliseconds));
  return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second) - Math.floor(utcMilliseconds / 1000) * 1000;
}

/** The moment Poland's clock shows the given wall time (a month or day past its end overflows, as Date.UTC does). */
export function fromWallTime(year: number, monthIndex: number, day: number, hour = 0, minute = 0, second = 0): Date {
  const wallAsUtc = Date.UTC(year, monthIndex, day, hour, minute, second);
  // The offset at the wall time itself, found from a first guess (they differ only around the DST change).
  return new Date(wallAsUtc - zoneOffsetMs(wallAsUtc - zoneOffsetMs(wallAsUtc)));
}

/** The Polish calendar day of a moment, YYYY-MM-DD. */
export const panelDay = (moment: Date): string => isoDay.format(moment);

/**
 * A moment as the panel shows it, in Polish time: "26 lis 2026, 14:05" (medium), "26.11.2026, 14:05"
 * (short, where room is tight, e.g. a chart's labels); `empty` ('—') when there is none.
 */
export function formatMoment(value: string | Date | null | undefined, { style = 'medium', empty = '—' }: { style?: keyof typeof moments; empty?: string } = {}): string {
  if (!value) return empty;
  const moment = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(moment.getTime()) ? empty : moments[style].format(moment);
}
