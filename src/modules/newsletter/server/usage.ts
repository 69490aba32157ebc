import { fromWallTime, wallParts } from '../../../common/panel-time';
import type { Queryable } from '../../../server/platform/db';

// Limits are counted per day and per month of Polish time (SPEC 3's daily and monthly sending limits); the reports count so too.

export type LimitKind = 'daily' | 'monthly';

/** The period a limit counts at an instant: the day (YYYY-MM-DD) or the month (YYYY-MM). */
export function periodOf(kind: LimitKind, at: Date): string {
  const { year, month, day } = wallParts(at);
  const ym = `${year}-${String(month).padStart(2, '0')}`;
  return kind === 'monthly' ? ym : `${ym}-${String(day).padStart(2, '0')}`;
}

/** When the period after the one at `at` begins (the next midnight, or the first of the next month). */
export function nextPeriodStart(kind: LimitKind, at: Date): Date {
  const { year, month, day } = wallParts(at);
  return kind === 'monthly' ? fromWallTime(year, month, 1) : fromWallTime(year, month - 1, day + 1);
}

/** The kind of a limits prefix ({product}_emaillabs_daily_mail_limit / ..._monthly_mail_limit). */
export function limitKindOf(prefix: string): LimitKind | null {
  if (prefix.endsWith('daily_mail_limit')) return 'daily';
  if (prefix.endsWith('monthly_mail_limit')) return 'monthly';
  return null;
}

/** The usage of each prefix in its current period (a count of an earlier period is 0). */
export async function currentUsage(db: Queryable, serviceId: number, prefixes: string[], at = new Date()): Promise<Map<string, number>> {
  const { rows } = await db.query<{ prefix: string; usage: number; period: string }>(
    'SELECT prefix, usage, period FROM service_limit_usage WHERE client_service_id = $1',
    [serviceId],
  );
  const usage = new Map<string, number>();
  for (const prefix of prefixes) {
    const kind = limitKindOf(prefix);
    const row = rows.find((candidate) => candidate.prefix === prefix);
    usage.set(prefix, row && kind && row.period === periodOf(kind, at) ? Number(row.usage) : 0);
  }
  return usage;
}

/** Adds sent messages to each prefix's count of its current period (a new period starts from them), in one statement. */
export async function addUsage(tx: Queryable, serviceId: number, prefixes: string[], count: number, at = new Date()): Promise<void> {
  const counted = prefixes.flatMap((prefix) => {
    const kind = limitKindOf(prefix);
    return kind ? [{ prefix, period: periodOf(kind, at) }] : [];
  });
  if (counted.length === 0) return;
  await tx.query(
    `INSERT INTO service_limit_usage AS u (client_service_id, prefix, usage, period)
     SELECT $1::int, c.prefix, $3::bigint, c.period FROM unnest($2::text[], $4::text[]) AS c(prefix, period)
     ON CONFLICT (client_service_id, prefix) DO UPDATE
       SET usage = CASE WHEN u.period = EXCLUDED.period THEN u.usage + EXCLUDED.usage ELSE EXCLUDED.usage END, period = EXCLUDED.period`,
    [serviceId, counted.map((c) => c.prefix), count, counted.map((c) => c.period)],
  );
}
