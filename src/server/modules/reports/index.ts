import type { FastifyInstance } from 'fastify';
import { DISK_MODULE } from '../../../modules/disk/common/module';
import { diskUsages } from '../../../modules/disk/server/usage';
import { mailingSummaries } from '../../../modules/newsletter/server/reports/summary';
import { STATISTICS_MODULE } from '../../../modules/site/server/statistics/ingest';
import { defaultPeriod, type Period, visitSummaries } from '../../../modules/site/server/statistics/reports';
import { WCAG_MODULE } from '../../../modules/site/server/wcag';
import { wcagSummaries } from '../../../modules/site/server/wcag/summary';
import { currentUser } from '../../platform/auth/plugin';
import { serviceUsableSql } from '../../platform/auth/service-access';
import type { Queryable } from '../../platform/db';
import { readPage } from '../../platform/http/pagination';
import { SERVICE_COLUMNS, serviceBody, type ServiceRow, VISIBLE_TO_USER } from '../services';

const MAILINGS_MODULE = 'mailings';
const SERVICES_PER_PAGE = 20;

/**
 * The figures of the report, each read by its own module's function for the services whose module the
 * user may use: one query (or two) per figure for the whole page of services. A figure's key is left
 * out where the module is not the user's; null where it has no data.
 */
const FIGURES = {
  mailings: { module: MAILINGS_MODULE, read: mailingSummaries },
  visits: { module: STATISTICS_MODULE, read: visitSummaries },
  wcag: { module: WCAG_MODULE, read: wcagSummaries },
  disk: { module: DISK_MODULE, read: diskUsages },
} satisfies Record<string, { module: string; read(db: Queryable, serviceIds: number[], period: Period): Promise<Map<number, unknown>> }>;
type Figure = keyof typeof FIGURES;
const FIGURE_NAMES = Object.keys(FIGURES) as Figure[];

/**
 * GET /user/reports (SPEC 2 "the user report screens /raporty"): a page of the services the user may
 * open (as the dashboard lists them), each with the figures of the last 30 days its modules give the
 * user, decided by the same module permission as the modules' own report calls.
 */
export async function reportsModule(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;
  app.get(
    '/user/reports',
    {
      onRequest: app.authenticate,
      config: {
        openapi: {
          tags: ['user'],
          summary:
            "The user's services (as the dashboard lists them; ?page, ?per_page ≤ 100) with the figures of the last 30 Polish days their modules give the user, each key left out where the user may not use its module and null where it has no data: {from, to, data: [{service_id, name, kind_id, client_id, service_type, mailings?: {mailings, sent, opened, clicked, rates: {opened, clicked} | null, days: [{period, sent}]}, visits?: {totals: {visits, visitors}, days: [{period, visits, visitors}]}, wcag?: {analysis_id, finished_at, levels: {A, AA}}, disk?: {used, available}}], pagination: {total}}",
          responses: { 200: { description: 'OK' }, 400: { description: 'A parameter is not valid' } },
        },
      },
    },
    async (request) => {
      const { userId, isRoot } = currentUser(request);
      const { limit, offset } = readPage(request.query, SERVICES_PER_PAGE);
      // The figures whose module the user may use in each service, as requireServiceAccess decides it.
      const usable = FIGURE_NAMES.map((name, index) => `CASE WHEN ${serviceUsableSql('$1', `$${index + 3}::text`, '$2')} THEN '${name}' END`).join(', ');
      const params = [userId, isRoot, ...FIGURE_NAMES.map((name) => FIGURES[name].module)];
      const filter = `FROM client_services cs JOIN service_types st ON st.id = cs.type_id WHERE ${VISIBLE_TO_USER}`;
      const [{ rows }, count] = await Promise.all([
        db.query<ServiceRow & { figures: Figure[] }>(
          `SELECT ${SERVICE_COLUMNS}, array_remove(ARRAY[${usable}], NULL) AS figures ${filter} ORDER BY cs.name, cs.id LIMIT ${limit} OFFSET ${offset}`,
          params,
        ),
        db.query<{ total: number }>(`SELECT count(*)::int AS total ${filter}`, [userId, isRoot]),
      ]);
      const period = defaultPeriod();
      const figures = await Promise.all(
        FIGURE_NAMES.map(async (name) => {
          const ids = rows.filter((row) => row.figures.includes(name)).map((row) => row.service_id);
          return ids.length > 0 ? FIGURES[name].read(db, ids, period) : new Map<number, unknown>();
        }),
      );
      return {
        ...period,
        data: rows.map(({ figures: usableFigures, ...service }) => ({
          ...serviceBody(service),
          ...Object.fromEntries(usableFigures.map((name) => [name, figures[FIGURE_NAMES.indexOf(name)].get(service.service_id) ?? null])),
        })),
        pagination: { total: count.rows[0].total },
      };
    },
  );
}
