import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Queryable } from '../../../../server/platform/db';
import type { ReportPeriod, UserReportFigure } from '../../../../server/modules/reports/figure';
import { requireServiceAccess } from '../../../../server/platform/auth/service-access';
import { CSV_BOM, csvDownloadHeaders, csvLine } from '../../../../server/platform/http/csv';
import { httpError, t } from '../../../../server/platform/http/errors';
import { oneOf, type Query } from '../../../../server/platform/http/query';
import { documentOperation } from '../../../../server/schema';
import { calendar } from '../../../newsletter/server/reports/query';
import { STATISTICS_MODULE } from '../../common/statistics/module';
import { panelDay } from '../../../../common/panel-time';
import { SOURCE_KINDS } from './sources';

/** The period the screens show unless told (the last 30 days, today included). */
const DEFAULT_DAYS = 30;
/** The longest period: a year by day, ten years in sums by week, month or year. */
const MAX_DAYS = { day: 366, long: 3660 } as const;
export const SUM_GROUPS = ['day', 'week', 'month', 'year'] as const;
type SumGroup = (typeof SUM_GROUPS)[number];
/** Pages and sources the screens list, the most visited first. */
const TOP_PAGES = 10;
const TOP_SOURCES = 50;

interface Period {
  from: string;
  to: string;
}

const shiftDay = (day: string, days: number) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

/** The period the screens show unless told: the last 30 Polish days up to `to`, today by default. */
export function defaultPeriod(to = panelDay(new Date())): Period {
  return { from: shiftDay(to, 1 - DEFAULT_DAYS), to };
}

/** ?from and ?to (YYYY-MM-DD, Polish days, both included), by default the last 30 days; at most `maxDays` long. */
function periodOf(query: Query, maxDays: number): Period {
  const to = calendar(query, 'to', 'day') ?? panelDay(new Date());
  const from = calendar(query, 'from', 'day') ?? defaultPeriod(to).from;
  if (from > to) throw httpError(400, 'errors.reports.invalid_range');
  if (shiftDay(from, maxDays) <= to) throw httpError(400, 'errors.reports.range_too_long_day', { max: maxDays });
  return { from, to };
}

/**
 * The rows of a period ($2 to $3 of service $1) per page or source: the whole months it spans from
 * the monthly rollup, the days before and after them from the daily one (each range read by its index).
 */
function byMonthsAndDays(months: string, days: string, columns: string): string {
  const firstWhole = "(CASE WHEN $2::date = date_trunc('month', $2::date)::date THEN $2::date ELSE (date_trunc('month', $2::date) + interval '1 month')::date END)";
  const afterWhole = "(date_trunc('month', $3::date + 1)::date)";
  return `SELECT ${columns}, visits, visitors FROM ${months} WHERE client_service_id = $1 AND month >= ${firstWhole} AND month < ${afterWhole}
          UNION ALL
          SELECT ${columns}, visits, visitors FROM ${days} WHERE client_service_id = $1 AND day >= $2::date AND day <= $3::date AND day < ${firstWhole}
          UNION ALL
          SELECT ${columns}, visits, visitors FROM ${days} WHERE client_service_id = $1 AND day >= $2::date AND day <= $3::date AND day >= greatest(${firstWhole}, ${afterWhole})`;
}

interface Figures {
  visits: number;
  visitors: number;
}
const figures = (row: { visits: unknown; visitors: unknown }): Figures => ({ visits: Number(row.visits ?? 0), visitors: Number(row.visitors ?? 0) });

/**
 * Sums of visits and unique visitors per day, week (from Monday), month or year of the period, every
 * one of them listed (0 where there was none), with the period's total. Unique visitors are counted
 * per day (the visitor's hash changes with the day's salt), so a longer period adds its days' figures.
 */
async function sums(app: FastifyInstance, serviceId: number, period: Period, group: SumGroup) {
  const { rows } = await app.ctx.db.query<{ period: string | null; visits: number; visitors: number }>(
    `WITH days AS (
       SELECT to_char(date_trunc($4::text, day::timestamp), 'YYYY-MM-DD') AS period, sum(visits) AS visits, sum(visitors) AS visitors
         FROM site_visit_days WHERE client_service_id = $1 AND day BETWEEN $2::date AND $3::date
        GROUP BY GROUPING SETS ((1), ())
     ), periods AS (
       SELECT DISTINCT to_char(date_trunc($4::text, day::timestamp), 'YYYY-MM-DD') AS period FROM generate_series($2::date, $3::date, interval '1 day') AS day
       UNION ALL SELECT NULL
     )
     SELECT p.period, d.visits, d.visitors FROM periods p LEFT JOIN days d ON d.period IS NOT DISTINCT FROM p.period ORDER BY p.period NULLS LAST`,
    [serviceId, period.from, period.to, group],
  );
  const total = rows.find((row) => row.period === null)!;
  return { group, ...period, data: rows.filter((row) => row.period !== null).map((row) => ({ period: row.period!, ...figures(row) })), totals: figures(total) };
}

/**
 * The screens' calls (SPEC 2 raporty/statystyki, sumy, zrodla), read from the rollups only, for a
 * service with the statistics module and a user who has it (403 otherwise, as every module call):
 * - GET /client_service/{id}/statistics/visits: visits and unique visitors per day, with the top pages;
 * - GET /client_service/{id}/statistics/sums (and /sums/export, CSV): the same per day, week, month or year;
 * - GET /client_service/{id}/statistics/sources: visits by kind of source and by source.
 */
export async function statisticsReportRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;
  const serviceOf = async (request: FastifyRequest) => (await requireServiceAccess(db, request, (request.params as { service_id: string }).service_id, STATISTICS_MODULE)).serviceId;
  const base = '/client_service/:service_id/statistics';
  const documented = '/client_service/{service_id}/statistics';
  const period = `?from, ?to (YYYY-MM-DD, Polish days; the last ${DEFAULT_DAYS} days by default)`;
  const responses = {
    200: { description: 'OK' },
    400: { description: 'A parameter or the period is not valid' },
    403: { description: 'No access to the service or its statistics' },
  };

  documentOperation(app, 'get', `${documented}/visits`, {
    tags: ['statistics'],
    summary: `Visits and unique visitors of the site per day: ${period}, at most ${MAX_DAYS.day} days; {from, to, data: [{period, visits, visitors}], totals: {visits, visitors}, pages: [{path, visits, visitors}] (the ${TOP_PAGES} most visited)}`,
    responses,
  });
  app.get(`${base}/visits`, { preHandler: app.authenticate }, async (request) => {
    const serviceId = await serviceOf(request);
    const range = periodOf(request.query as Query, MAX_DAYS.day);
    const { rows: pages } = await db.query<{ path: string; visits: number; visitors: number }>(
      `SELECT path, sum(visits) AS visits, sum(visitors) AS visitors FROM (${byMonthsAndDays('site_visit_month_pages', 'site_visit_day_pages', 'path')}) rows
        GROUP BY path ORDER BY sum(visits) DESC, path LIMIT ${TOP_PAGES}`,
      [serviceId, range.from, range.to],
    );
    const { group: _group, ...byDay } = await sums(app, serviceId, range, 'day');
    return { ...byDay, pages: pages.map((row) => ({ path: row.path, ...figures(row) })) };
  });

  documentOperation(app, 'get', `${documented}/sums`, {
    tags: ['statistics'],
    summary: `Visits and unique visitors per day, week (from Monday), month or year: ?group=day|week|month|year, ${period}, at most ${MAX_DAYS.day} days by day, ${MAX_DAYS.long} otherwise; {group, from, to, data: [{period (its first day), visits, visitors}], totals}`,
    responses,
  });
  const readSums = async (request: FastifyRequest) => {
    const serviceId = await serviceOf(request);
    const query = request.query as Query;
    const group: SumGroup = oneOf(query, 'group', SUM_GROUPS) ?? 'day';
    return sums(app, serviceId, periodOf(query, group === 'day' ? MAX_DAYS.day : MAX_DAYS.long), group);
  };
  app.get(`${base}/sums`, { preHandler: app.authenticate }, readSums);

  documentOperation(app, 'get', `${documented}/sums/export`, {
    tags: ['statistics'],
    summary: 'The sums as a CSV file (semicolons, UTF-8 with BOM): the same parameters; one line per period and the total',
    responses,
  });
  app.get(`${base}/sums/export`, { preHandler: app.authenticate }, async (request, reply) => {
    const report = await readSums(request);
    const label = (key: string) => t(`resources.site_statistics.${key}`);
    const lines = [
      csvLine([label(`sums.groups.${report.group}`), label('figures.visits'), label('figures.visitors')]),
      ...report.data.map((row) => csvLine([row.period, row.visits, row.visitors])),
      csvLine([label('sums.total'), report.totals.visits, report.totals.visitors]),
    ];
    return reply.headers(csvDownloadHeaders(`statystyki-${report.group}-${report.from}-${report.to}.csv`)).send(CSV_BOM + lines.join(''));
  });

  documentOperation(app, 'get', `${documented}/sources`, {
    tags: ['statistics'],
    summary: `Where the visits came from: ${period}, at most ${MAX_DAYS.day} days; {from, to, kinds: [{kind (${SOURCE_KINDS.join(', ')}), visits, visitors}], data: [{kind, name, visits, visitors}] (the ${TOP_SOURCES} largest sources), totals}`,
    responses,
  });
  app.get(`${base}/sources`, { preHandler: app.authenticate }, async (request) => {
    const serviceId = await serviceOf(request);
    const range = periodOf(request.query as Query, MAX_DAYS.day);
    const { rows } = await db.query<{ kind: string | null; name: string | null; visits: number; visitors: number }>(
      `SELECT source_kind AS kind, source_name AS name, sum(visits) AS visits, sum(visitors) AS visitors
         FROM (${byMonthsAndDays('site_visit_month_sources', 'site_visit_day_sources', 'source_kind, source_name')}) rows
        GROUP BY GROUPING SETS ((source_kind, source_name), (source_kind), ())`,
      [serviceId, range.from, range.to],
    );
    const byVisits = (a: Figures, b: Figures) => b.visits - a.visits;
    const total = rows.find((row) => row.kind === null);
    return {
      ...range,
      kinds: SOURCE_KINDS.map((kind) => ({ kind, ...figures(rows.find((row) => row.kind === kind && row.name === null) ?? { visits: 0, visitors: 0 }) })),
      data: rows
        .filter((row) => row.kind !== null && row.name !== null)
        .map((row) => ({ kind: row.kind!, name: row.name!, ...figures(row) }))
        .sort(byVisits)
        .slice(0, TOP_SOURCES),
      totals: figures(total ?? { visits: 0, visitors: 0 }),
    };
  });
}

/** The statistics' part of the user's reports (GET /user/reports): a period's visits of each service. */
export interface VisitSummary {
  totals: Figures;
  /** Visits and unique visitors per Polish day of the period, every day listed. */
  days: Array<{ period: string } & Figures>;
}

/**
 * Visits and unique visitors of each service per day of the period (Polish days `from` to `to`, both
 * included) from the daily rollup, in one query whatever their number, as the visits screen sums
 * them; null for a service without a visit in the period.
 */
export async function visitSummaries(db: Queryable, serviceIds: number[], period: ReportPeriod): Promise<Map<number, VisitSummary | null>> {
  const { rows } = await db.query<{ client_service_id: number; period: string; visits: number; visitors: number }>(
    `SELECT s.id AS client_service_id, to_char(d.day, 'YYYY-MM-DD') AS period, v.visits, v.visitors
       FROM unnest($1::int[]) AS s(id)
      CROSS JOIN generate_series($2::date, $3::date, interval '1 day') AS d(day)
       LEFT JOIN site_visit_days v ON v.client_service_id = s.id AND v.day = d.day::date
      ORDER BY s.id, d.day`,
    [serviceIds, period.from, period.to],
  );
  const daysOf = new Map<number, VisitSummary['days']>();
  for (const row of rows) {
    const serviceId = Number(row.client_service_id);
    daysOf.set(serviceId, [...(daysOf.get(serviceId) ?? []), { period: row.period, ...figures(row) }]);
  }
  return new Map(
    serviceIds.map((serviceId) => {
      const days = daysOf.get(serviceId) ?? [];
      const totals = days.reduce((sum, day) => ({ visits: sum.visits + day.visits, visitors: sum.visitors + day.visitors }), { visits: 0, visitors: 0 });
      return [serviceId, totals.visits === 0 ? null : { totals, days }];
    }),
  );
}

/** The figure of the users' reports for the services whose statistics the user may use. */
export const visitsFigure: UserReportFigure<VisitSummary> = { module: STATISTICS_MODULE, read: visitSummaries };
