import type { Queryable } from '../../../../server/platform/db';
import type { UserReportFigure } from '../../../../server/modules/reports/figure';
import type { Summary } from '../../common/wcag/scoring';
import { WCAG_MODULE } from '.';

/** The WCAG assistant's part of the user's reports (GET /user/reports): the latest completed analysis of each service. */
export interface WcagSummary {
  analysis_id: number;
  finished_at: Date;
  /** The A and AA scores (0-100; null where no rule applied), as the history lists them. */
  levels: Summary['levels'];
}

/** Each service's latest completed analysis with its scores, in one query whatever their number; null before the first. */
export async function wcagSummaries(db: Queryable, serviceIds: number[]): Promise<Map<number, WcagSummary | null>> {
  const { rows } = await db.query<{ client_service_id: number; id: number; finished_at: Date; summary: Summary | null }>(
    `SELECT DISTINCT ON (client_service_id) client_service_id, id, finished_at, summary
       FROM wcag_analyses WHERE client_service_id = ANY($1::int[]) AND status = 'completed'
      ORDER BY client_service_id, id DESC`,
    [serviceIds],
  );
  const latest = new Map(rows.map((row) => [Number(row.client_service_id), row]));
  return new Map(
    serviceIds.map((serviceId) => {
      const row = latest.get(serviceId);
      return [serviceId, row?.summary ? { analysis_id: Number(row.id), finished_at: row.finished_at, levels: row.summary.levels } : null];
    }),
  );
}

/** The figure of the users' reports for the services whose WCAG assistant the user may use. */
export const wcagFigure: UserReportFigure<WcagSummary> = { module: WCAG_MODULE, read: wcagSummaries };
