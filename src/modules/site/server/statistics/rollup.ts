import type { Db, Queryable } from '../../../../server/platform/db';
import type { JobDefinition } from '../../../../server/platform/jobs';
import { PANEL_TIME_ZONE } from '../../../../common/panel-time';

export const ROLLUP_JOB = 'site-statistics-rollup';
/** A page view stored while the previous run was reading is still rolled up by the next one. */
const LATE_MARGIN = "interval '10 minutes'";

/**
 * Rolls the raw page views up into the tables the screens read: per hour, and per Polish day in
 * total, per page and per source, each with its unique visitors (and those per month, page and source). Each run rewrites the days
 * from the one of its previous run on (today, mostly) from the raw events, in one transaction
 * under a row lock, so a run repeated or cut off changes nothing. Then it deletes raw events past
 * `retentionDays` that are rolled up, and the salts of the days that ended.
 */
export async function rollUpVisits(db: Db, retentionDays: number): Promise<void> {
  await db.transaction((tx) => rollUpIn(tx, retentionDays));
}

/** The rollup inside a transaction the caller holds (the demo seed's). */
export async function rollUpIn(tx: Queryable, retentionDays: number): Promise<void> {
  const { rows } = await tx.query<{ start_day: string | null }>(
    `SELECT to_char(CASE WHEN rolled_until = '-infinity' THEN (SELECT min(occurred_at) FROM site_visit_events)
                         ELSE rolled_until - ${LATE_MARGIN} END AT TIME ZONE '${PANEL_TIME_ZONE}', 'YYYY-MM-DD') AS start_day
       FROM site_visit_rollup FOR UPDATE`,
  );
  const startDay = rows[0].start_day;
  if (startDay !== null) {
    const start = `($1::date::timestamp AT TIME ZONE '${PANEL_TIME_ZONE}')`;
    const day = `(occurred_at AT TIME ZONE '${PANEL_TIME_ZONE}')::date`;
    await tx.query(`DELETE FROM site_visit_hours WHERE hour >= date_trunc('hour', ${start})`, [startDay]);
    for (const table of ['site_visit_days', 'site_visit_day_pages', 'site_visit_day_sources']) await tx.query(`DELETE FROM ${table} WHERE day >= $1::date`, [startDay]);
    await tx.query(
      `INSERT INTO site_visit_hours (client_service_id, hour, visits, visitors)
       SELECT client_service_id, date_trunc('hour', occurred_at), count(*), count(DISTINCT visitor)
         FROM site_visit_events WHERE occurred_at >= date_trunc('hour', ${start}) GROUP BY 1, 2`,
      [startDay],
    );
    await tx.query(
      `INSERT INTO site_visit_days (client_service_id, day, visits, visitors)
       SELECT client_service_id, ${day}, count(*), count(DISTINCT visitor) FROM site_visit_events WHERE occurred_at >= ${start} GROUP BY 1, 2`,
      [startDay],
    );
    await tx.query(
      `INSERT INTO site_visit_day_pages (client_service_id, day, path, visits, visitors)
       SELECT client_service_id, ${day}, path, count(*), count(DISTINCT visitor) FROM site_visit_events WHERE occurred_at >= ${start} GROUP BY 1, 2, 3`,
      [startDay],
    );
    await tx.query(
      `INSERT INTO site_visit_day_sources (client_service_id, day, source_kind, source_name, visits, visitors)
       SELECT client_service_id, ${day}, source_kind, source_name, count(*), count(DISTINCT visitor) FROM site_visit_events WHERE occurred_at >= ${start} GROUP BY 1, 2, 3, 4`,
      [startDay],
    );
    await rollUpMonths(tx, startDay);
  }
  await tx.query('UPDATE site_visit_rollup SET rolled_until = now()');
  // Whole Polish days go, and only days rolled up for good: the next run reads from the start of its first day.
  const dayStart = (moment: string) => `((${moment}) AT TIME ZONE '${PANEL_TIME_ZONE}')::date::timestamp AT TIME ZONE '${PANEL_TIME_ZONE}'`;
  await tx.query(`DELETE FROM site_visit_events WHERE occurred_at < least(${dayStart(`now() - $1::int * interval '1 day'`)}, ${dayStart(`now() - ${LATE_MARGIN}`)})`, [retentionDays]);
  await tx.query(`DELETE FROM site_visit_salts WHERE day < (now() AT TIME ZONE '${PANEL_TIME_ZONE}')::date`);
}

/** Rewrites the monthly rollups per page and per source from the daily ones, from the month of `fromDay` (YYYY-MM-DD) on. */
export async function rollUpMonths(tx: Queryable, fromDay: string): Promise<void> {
  const month = "date_trunc('month', $1::date)::date";
  await tx.query(`DELETE FROM site_visit_month_pages WHERE month >= ${month}`, [fromDay]);
  await tx.query(`DELETE FROM site_visit_month_sources WHERE month >= ${month}`, [fromDay]);
  await tx.query(
    `INSERT INTO site_visit_month_pages (client_service_id, month, path, visits, visitors)
     SELECT client_service_id, date_trunc('month', day)::date, path, sum(visits), sum(visitors) FROM site_visit_day_pages WHERE day >= ${month} GROUP BY 1, 2, 3`,
    [fromDay],
  );
  await tx.query(
    `INSERT INTO site_visit_month_sources (client_service_id, month, source_kind, source_name, visits, visitors)
     SELECT client_service_id, date_trunc('month', day)::date, source_kind, source_name, sum(visits), sum(visitors) FROM site_visit_day_sources WHERE day >= ${month} GROUP BY 1, 2, 3, 4`,
    [fromDay],
  );
}

/** Every five minutes, so the screens are at most that late. */
export function rollupJob(db: Db, retentionDays: number): JobDefinition {
  return { name: ROLLUP_JOB, cron: '*/5 * * * *', handler: () => rollUpVisits(db, retentionDays) };
}
