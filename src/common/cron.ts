import cronParser from 'cron-parser';
import { PANEL_TIME_ZONE } from './panel-time';

/** pg-boss runs a schedule at most once a minute: five fields (minute hour day month weekday), no seconds. */
const FIELD_COUNT = 5;

/** A catalogue key and its parameters: the server translates it with t, the browser with its i18nProvider. */
export interface CronText {
  key: string;
  params?: Record<string, string | number>;
}

/** Whether a cron expression is one the scheduler can run: five fields that cron-parser reads. */
export function isCronExpression(expression: string): boolean {
  const fields = expression.trim().split(/\s+/);
  if (fields.length !== FIELD_COUNT || !fields.every((field) => /^[0-9A-Za-z*,/-]+$/.test(field))) return false;
  try {
    cronParser.parseExpression(expression, { tz: PANEL_TIME_ZONE });
    return true;
  } catch {
    return false;
  }
}

/** The next `count` moments an expression is due after `from`, in Polish time (Europe/Warsaw, daylight saving time included). */
export function nextRuns(expression: string, count = 5, from = new Date()): Date[] {
  const interval = cronParser.parseExpression(expression, { tz: PANEL_TIME_ZONE, currentDate: from });
  return Array.from({ length: count }, () => interval.next().toDate());
}

const NUMBER = /^\d{1,2}$/;
const twoDigits = (value: string) => value.padStart(2, '0');

/**
 * An expression in Polish words for the common shapes (every N minutes, hourly, daily, on a weekday,
 * on working days, monthly), otherwise the expression itself with a generic phrase.
 */
export function describeCron(expression: string): CronText {
  const [minute, hour, day, month, weekday] = expression.trim().split(/\s+/);
  const anyDay = day === '*' && month === '*';
  const time = NUMBER.test(minute) && NUMBER.test(hour) ? `${twoDigits(hour)}:${twoDigits(minute)}` : undefined;
  const step = /^\*\/(\d{1,2})$/.exec(minute)?.[1];
  if (minute === '*' && hour === '*' && anyDay && weekday === '*') return { key: 'cron.describe.every_minute' };
  if (step && hour === '*' && anyDay && weekday === '*') return { key: 'cron.describe.every_minutes', params: { smart_count: Number(step) } };
  if (NUMBER.test(minute) && hour === '*' && anyDay && weekday === '*') return { key: 'cron.describe.hourly', params: { minute: Number(minute) } };
  if (time && anyDay && weekday === '*') return { key: 'cron.describe.daily', params: { time } };
  if (time && anyDay && weekday === '1-5') return { key: 'cron.describe.working_days', params: { time } };
  if (time && anyDay && /^[0-7]$/.test(weekday)) return { key: `cron.describe.weekly.${Number(weekday) % 7}`, params: { time } };
  if (time && NUMBER.test(day) && month === '*' && weekday === '*') return { key: 'cron.describe.monthly', params: { day: Number(day), time } };
  return { key: 'cron.describe.other', params: { expression: expression.trim() } };
}
