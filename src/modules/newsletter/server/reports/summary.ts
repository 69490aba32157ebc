import type { Queryable } from '../../../../server/platform/db';
import type { ReportPeriod, UserReportFigure } from '../../../../server/modules/reports/figure';
import type { MailingSummary } from '../../common/reports';
import { PANEL_TIME_ZONE } from '../../../../common/panel-time';
import { rate } from './index';

/**
 * The period's (Polish days `from` to `to`, both included) mailing figures of each service in two
 * queries whatever their number, counted as the reports' own calls count them
 * (raporty/statystyki_wysylek and its sums); null for a service with nothing in the period.
 */
export async function mailingSummaries(db: Queryable, serviceIds: number[], period: ReportPeriod): Promise<Map<number, MailingSummary | null>> {
  const start = `($2::date::timestamp AT TIME ZONE '${PANEL_TIME_ZONE}')`;
  const end = `(($3::date + 1)::timestamp AT TIME ZONE '${PANEL_TIME_ZONE}')`;
  const params = [serviceIds, period.from, period.to];
  const [days, counts] = await Promise.all([
    db.query<{ client_service_id: number; period: string; sent: number }>(
      `SELECT s.id AS client_service_id, to_char(d.day, 'YYYY-MM-DD') AS period, COALESCE(sent.sent, 0) AS sent
         FROM unnest($1::int[]) AS s(id)
        CROSS JOIN generate_series($2::date, $3::date, interval '1 day') AS d(day)
         LEFT JOIN (SELECT client_service_id, to_char(finished_at AT TIME ZONE '${PANEL_TIME_ZONE}', 'YYYY-MM-DD') AS period, count(*) FILTER (WHERE state = 'sent')::int AS sent
                      FROM newsletter_deliveries
                     WHERE client_service_id = ANY($1::int[]) AND finished_at >= ${start} AND finished_at < ${end}
                     GROUP BY 1, 2) sent ON sent.client_service_id = s.id AND sent.period = to_char(d.day, 'YYYY-MM-DD')
        ORDER BY s.id, d.day`,
      params,
    ),
    db.query<{ client_service_id: number; mailings: number; opened: number; clicked: number }>(
      `SELECT s.id AS client_service_id,
              (SELECT count(*)::int FROM newsletter_mailings m
                WHERE m.client_service_id = s.id AND m.started_at IS NOT NULL AND m.started_at >= ${start} AND m.started_at < ${end}) AS mailings,
              e.opened, e.clicked
         FROM unnest($1::int[]) AS s(id)
        CROSS JOIN LATERAL (
          SELECT count(DISTINCT delivery_id) FILTER (WHERE kind = 'opened')::int AS opened, count(DISTINCT delivery_id) FILTER (WHERE kind = 'clicked')::int AS clicked
            FROM newsletter_delivery_events WHERE client_service_id = s.id AND occurred_at >= ${start} AND occurred_at < ${end}) e`,
      params,
    ),
  ]);
  const daysOf = new Map<number, MailingSummary['days']>();
  for (const day of days.rows) {
    const serviceId = Number(day.client_service_id);
    daysOf.set(serviceId, [...(daysOf.get(serviceId) ?? []), { period: day.period, sent: Number(day.sent) }]);
  }
  const summaries = new Map<number, MailingSummary | null>();
  for (const row of counts.rows) {
    const serviceDays = daysOf.get(Number(row.client_service_id)) ?? [];
    const sent = serviceDays.reduce((sum, day) => sum + day.sent, 0);
    const [mailings, opened, clicked] = [Number(row.mailings), Number(row.opened), Number(row.clicked)];
    summaries.set(
      Number(row.client_service_id),
      mailings + sent + opened + clicked === 0 ? null : { mailings, sent, opened, clicked, rates: sent > 0 ? { opened: rate(opened, sent), clicked: rate(clicked, sent) } : null, days: serviceDays },
    );
  }
  return summaries;
}

/** The figure of the users' reports for the services whose mailings the user may use. */
export const mailingsFigure: UserReportFigure<MailingSummary> = { module: 'mailings', read: mailingSummaries };
