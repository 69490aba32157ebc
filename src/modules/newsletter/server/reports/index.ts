import type { FastifyInstance, FastifyRequest } from 'fastify';
import { httpError } from '../../../../server/platform/http/errors';
import { documentOperation, moduleRoutes } from '../../../../server/schema';
import { type MenuEntry, syncMenuEntries } from '../../../../server/schema/menus';
import { EVENT_KINDS, type Figures } from '../../common/reports';
import { PANEL_TIME_ZONE } from '../../../../common/panel-time';
import { periodOf } from '../usage';
import { readPage } from '../../../../server/platform/http/pagination';
import { integer, oneOf, type Query, text } from '../../../../server/platform/http/query';
import { calendar, containing } from './query';

// Days and months of the reports are Polish ones (PANEL_TIME_ZONE), as the sending limits count them.
const MAX_ID = 2_147_483_647;
/** The longest period `sumy` adds up at once, per grouping. */
const MAX_PERIODS = { day: 366, month: 120 } as const;
const DEFAULT_PERIODS = { day: 30, month: 12 } as const;

type Group = keyof typeof MAX_PERIODS;

/**
 * The Raporty folder with its two screens, placed in every service menu at start (a database seeded
 * before them gets them too); the browser hides them where the service lacks the mailings module.
 */
const MENU: MenuEntry[] = [
  { slot: 'reports', name: 'demo.menu.service_reports', icon: 'BarChart', sort: 62, rootOnly: false },
  { prefix: 'service_reports_mailings', name: 'demo.menu.service_reports_mailings', icon: 'Poll', sort: 10, folder: 'reports', rootOnly: false },
  { prefix: 'service_reports_logs', name: 'demo.menu.service_reports_logs', icon: 'Description', sort: 20, folder: 'reports', rootOnly: false },
];

/** Of how many the share is, rounded to 0.1% (0 when there is nothing to share). */
export const rate = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 1000 : 0);

/** The period asked for (or the default one): its first and last day for SQL (a month's first day by month) and as labels. */
function periodRange(query: Query, group: Group): { from: string; to: string; first: string; last: string } {
  const today = periodOf('daily', new Date());
  const parse = (name: string) => calendar(query, name, group);
  const asDay = (value: string) => (group === 'day' ? value : `${value}-01`);
  const shift = (day: string, count: number) => {
    const date = new Date(`${day}T00:00:00Z`);
    if (group === 'day') date.setUTCDate(date.getUTCDate() + count);
    else date.setUTCMonth(date.getUTCMonth() + count);
    return date.toISOString().slice(0, 10);
  };
  const lastLabel = parse('to') ?? (group === 'day' ? today : today.slice(0, 7));
  const last = asDay(lastLabel);
  const fromLabel = parse('from');
  const first = fromLabel ? asDay(fromLabel) : shift(last, 1 - DEFAULT_PERIODS[group]);
  if (first > last) throw httpError(400, 'errors.reports.invalid_range');
  if (shift(first, MAX_PERIODS[group]) <= last) throw httpError(400, `errors.reports.range_too_long_${group}`, { max: MAX_PERIODS[group] });
  return { from: first, to: last, first: group === 'day' ? first : first.slice(0, 7), last: group === 'day' ? last : last.slice(0, 7) };
}

/**
 * ?from and ?to (YYYY-MM-DD, both optional) as conditions on a timestamp column: from the first
 * day's Polish midnight to the end of the last day.
 */
function dayFilter(query: Query, column: string, where: string[], params: unknown[]): void {
  const from = calendar(query, 'from', 'day');
  const to = calendar(query, 'to', 'day');
  if (from && to && from > to) throw httpError(400, 'errors.reports.invalid_range');
  if (from) where.push(`${column} >= ($${params.push(from)}::date::timestamp AT TIME ZONE '${PANEL_TIME_ZONE}')`);
  if (to) where.push(`${column} < (($${params.push(to)}::date + 1)::timestamp AT TIME ZONE '${PANEL_TIME_ZONE}')`);
}

/**
 * The newsletter reports (SPEC 2 raporty/statystyki_wysylek with sumy, raporty/logi), read from the
 * deliveries and their events of the service only; a service without the mailings module (or a user
 * without it) gets the 403 of every mailings call:
 * - GET /client_service/{id}/reports/mailings: each started mailing with sent, failed, opened,
 *   clicked and unsubscribed (unique recipients) and their rates;
 * - GET /client_service/{id}/reports/mailings/totals: the same figures per day or month of a period;
 * - GET /client_service/{id}/reports/logs: what each recipient did, filterable, newest first.
 */
export async function reportRoutes(app: FastifyInstance): Promise<void> {
  await syncMenuEntries(app.ctx.db, MENU, (problem) => app.log.warn(problem));
  const mailings = moduleRoutes(app, 'mailings');
  if (!mailings) return;
  const { db } = app.ctx;
  const serviceOf = async (request: FastifyRequest) => (await mailings.owner(request, 'read')).serviceId!;
  const base = '/client_service/:service_id/reports';
  const documented = '/client_service/{service_id}/reports';

  documentOperation(app, 'get', `${documented}/mailings`, {
    tags: ['reports'],
    summary:
      'Started mailings, newest first, with their figures (unique recipients): ?search (subject), ?from, ?to (YYYY-MM-DD, the start day), ?page, ?per_page (≤ 100); {data: [{id, subject, status, started_at, finished_at, total, sent, failed, skipped, opened, clicked, unsubscribed, rates: {failed, opened, clicked, unsubscribed}}], pagination: {total}}',
    responses: { 200: { description: 'OK' }, 400: { description: 'A parameter is not valid' }, 403: { description: 'No access to the service or its mailings' } },
  });
  app.get(`${base}/mailings`, { preHandler: app.authenticate }, async (request) => {
    const serviceId = await serviceOf(request);
    const query = request.query as Query;
    const { limit, offset } = readPage(query, 25);
    const search = text(query, 'search', 255);
    const params: unknown[] = [serviceId];
    const where = ['client_service_id = $1', 'started_at IS NOT NULL'];
    if (search) where.push(`subject ILIKE $${params.push(containing(search))}`);
    dayFilter(query, 'started_at', where, params);
    const filter = where.join(' AND ');
    const { rows } = await db.query<{
      id: number;
      subject: string;
      status: string;
      started_at: Date;
      finished_at: Date | null;
      total: number;
      sent: number;
      failed: number;
      skipped: number;
      opened: number;
      clicked: number;
      unsubscribed: number;
    }>(
      `SELECT m.id, m.subject, m.status, m.started_at, m.finished_at, d.total, d.sent, d.failed, d.skipped, e.opened, e.clicked, e.unsubscribed
         FROM (SELECT id, subject, status, started_at, finished_at FROM newsletter_mailings WHERE ${filter}
                ORDER BY started_at DESC, id DESC LIMIT ${limit} OFFSET ${offset}) m
        CROSS JOIN LATERAL (
          SELECT count(*)::int AS total, count(*) FILTER (WHERE state = 'sent')::int AS sent, count(*) FILTER (WHERE state = 'failed')::int AS failed,
                 count(*) FILTER (WHERE state = 'skipped')::int AS skipped
            FROM newsletter_deliveries WHERE mailing_id = m.id) d
        CROSS JOIN LATERAL (
          SELECT count(DISTINCT delivery_id) FILTER (WHERE kind = 'opened')::int AS opened,
                 count(DISTINCT delivery_id) FILTER (WHERE kind = 'clicked')::int AS clicked,
                 count(DISTINCT delivery_id) FILTER (WHERE kind = 'unsubscribed')::int AS unsubscribed
            FROM newsletter_delivery_events WHERE mailing_id = m.id) e
        ORDER BY m.started_at DESC, m.id DESC`,
      params,
    );
    const { rows: count } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM newsletter_mailings WHERE ${filter}`, params);
    return {
      data: rows.map((row) => {
        const figures = { total: Number(row.total), sent: Number(row.sent), failed: Number(row.failed), skipped: Number(row.skipped), opened: Number(row.opened), clicked: Number(row.clicked), unsubscribed: Number(row.unsubscribed) };
        return {
          id: Number(row.id),
          subject: row.subject,
          status: row.status,
          started_at: row.started_at,
          finished_at: row.finished_at,
          ...figures,
          rates: {
            failed: rate(figures.failed, figures.sent + figures.failed),
            opened: rate(figures.opened, figures.sent),
            clicked: rate(figures.clicked, figures.sent),
            unsubscribed: rate(figures.unsubscribed, figures.sent),
          },
        };
      }),
      pagination: { total: Number(count[0].n) },
    };
  });

  documentOperation(app, 'get', `${documented}/mailings/totals`, {
    tags: ['reports'],
    summary: `Messages sent and failed, and unique recipients who opened, clicked or unsubscribed, per day or month (Polish time): ?group=day|month, ?from, ?to (YYYY-MM-DD, or YYYY-MM by month; the last ${DEFAULT_PERIODS.day} days or ${DEFAULT_PERIODS.month} months by default, at most ${MAX_PERIODS.day} days or ${MAX_PERIODS.month} months); {group, from, to, data: [{period, sent, failed, opened, clicked, unsubscribed}], totals}`,
    responses: { 200: { description: 'OK' }, 400: { description: 'A parameter or the period is not valid' }, 403: { description: 'No access to the service or its mailings' } },
  });
  app.get(`${base}/mailings/totals`, { preHandler: app.authenticate }, async (request) => {
    const serviceId = await serviceOf(request);
    const query = request.query as Query;
    const group: Group = oneOf(query, 'group', ['day', 'month'] as const) ?? 'day';
    const range = periodRange(query, group);
    // Both literals come from this code, never from the request.
    const step = group === 'day' ? "'1 day'" : "'1 month'";
    const label = group === 'day' ? "'YYYY-MM-DD'" : "'YYYY-MM'";
    const start = `($2::date::timestamp AT TIME ZONE '${PANEL_TIME_ZONE}')`;
    const end = `(($3::date + interval ${step})::timestamp AT TIME ZONE '${PANEL_TIME_ZONE}')`;
    const params = [serviceId, range.from, range.to];
    const { rows } = await db.query<Figures & { period: string | null }>(
      `WITH sent AS (
         SELECT to_char(finished_at AT TIME ZONE '${PANEL_TIME_ZONE}', ${label}) AS period,
                count(*) FILTER (WHERE state = 'sent')::int AS sent, count(*) FILTER (WHERE state = 'failed')::int AS failed
           FROM newsletter_deliveries
          WHERE client_service_id = $1 AND finished_at >= ${start} AND finished_at < ${end}
          GROUP BY GROUPING SETS ((1), ())
       ), events AS (
         SELECT to_char(occurred_at AT TIME ZONE '${PANEL_TIME_ZONE}', ${label}) AS period,
                count(DISTINCT delivery_id) FILTER (WHERE kind = 'opened')::int AS opened,
                count(DISTINCT delivery_id) FILTER (WHERE kind = 'clicked')::int AS clicked,
                count(DISTINCT delivery_id) FILTER (WHERE kind = 'unsubscribed')::int AS unsubscribed
           FROM newsletter_delivery_events
          WHERE client_service_id = $1 AND occurred_at >= ${start} AND occurred_at < ${end}
          GROUP BY GROUPING SETS ((1), ())
       ), periods AS (
         SELECT to_char(day, ${label}) AS period FROM generate_series($2::date, $3::date, interval ${step}) AS day
         UNION ALL SELECT NULL
       )
       SELECT p.period, COALESCE(s.sent, 0) AS sent, COALESCE(s.failed, 0) AS failed, COALESCE(e.opened, 0) AS opened, COALESCE(e.clicked, 0) AS clicked, COALESCE(e.unsubscribed, 0) AS unsubscribed
         FROM periods p
         LEFT JOIN sent s ON s.period IS NOT DISTINCT FROM p.period
         LEFT JOIN events e ON e.period IS NOT DISTINCT FROM p.period
        ORDER BY p.period NULLS LAST`,
      params,
    );
    const figures = (row: Figures) => ({ sent: Number(row.sent), failed: Number(row.failed), opened: Number(row.opened), clicked: Number(row.clicked), unsubscribed: Number(row.unsubscribed) });
    const overall = rows.find((row) => row.period === null)!;
    return {
      group,
      from: range.first,
      to: range.last,
      data: rows.filter((row) => row.period !== null).map((row) => ({ period: row.period, ...figures(row) })),
      totals: figures(overall),
    };
  });

  documentOperation(app, 'get', `${documented}/logs`, {
    tags: ['reports'],
    summary:
      'What recipients did with the messages, newest first: ?mailing_id, ?kind (opened, clicked, unsubscribed), ?search (e-mail), ?from, ?to (YYYY-MM-DD), ?page, ?per_page (≤ 100); {data: [{id, occurred_at, kind, url, mailing_id, subject, email, name}], pagination: {total}}',
    responses: { 200: { description: 'OK' }, 400: { description: 'A parameter is not valid' }, 403: { description: 'No access to the service or its mailings' } },
  });
  app.get(`${base}/logs`, { preHandler: app.authenticate }, async (request) => {
    const serviceId = await serviceOf(request);
    const query = request.query as Query;
    const { limit, offset } = readPage(query, 25);
    const mailingId = integer(query, 'mailing_id', undefined, MAX_ID);
    const kind = oneOf(query, 'kind', EVENT_KINDS);
    const search = text(query, 'search', 255);
    const params: unknown[] = [serviceId];
    const where = ['e.client_service_id = $1'];
    if (mailingId !== undefined) where.push(`e.mailing_id = $${params.push(mailingId)}`);
    if (kind) where.push(`e.kind = $${params.push(kind)}`);
    dayFilter(query, 'e.occurred_at', where, params);
    // The recipient's address is on the delivery; the service's own deliveries are searched, not everyone's.
    if (search) where.push('d.client_service_id = $1', `d.email ILIKE $${params.push(containing(search))}`);
    const filter = where.join(' AND ');
    // The delivery is joined for the count only when the search needs it.
    const join = 'JOIN newsletter_deliveries d ON d.id = e.delivery_id';
    const { rows } = await db.query<{ id: string; occurred_at: Date; kind: string; url: string | null; mailing_id: number; subject: string; email: string; name: string }>(
      `SELECT e.id, e.occurred_at, e.kind, e.url, e.mailing_id, m.subject, d.email, d.name
         FROM newsletter_delivery_events e ${join}
         JOIN newsletter_mailings m ON m.id = e.mailing_id
        WHERE ${filter}
        ORDER BY e.occurred_at DESC, e.id DESC LIMIT ${limit} OFFSET ${offset}`,
      params,
    );
    const { rows: count } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM newsletter_delivery_events e ${search ? join : ''} WHERE ${filter}`,
      params,
    );
    return {
      data: rows.map((row) => ({ ...row, id: Number(row.id), mailing_id: Number(row.mailing_id) })),
      pagination: { total: Number(count[0].n) },
    };
  });
}
