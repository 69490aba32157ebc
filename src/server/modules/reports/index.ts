import type { FastifyInstance } from 'fastify';
import { diskFigure } from '../../../modules/disk/server/usage';
import { mailingsFigure } from '../../../modules/newsletter/server/reports/summary';
import { defaultPeriod, visitsFigure } from '../../../modules/site/server/statistics/reports';
import { wcagFigure } from '../../../modules/site/server/wcag/summary';
import { currentUser } from '../../platform/auth/plugin';
import { serviceUsableSql } from '../../platform/auth/service-access';
import { readPage } from '../../platform/http/pagination';
import { SERVICE_COLUMNS, serviceBody, type ServiceRow, VISIBLE_TO_USER } from '../services';
import type { UserReportFigure } from './figure';

const SERVICES_PER_PAGE = 20;

/**
 * The figures of the report, each declared by its module (its permission module and how it reads a
 * page of services at once): one query (or two) per figure for the whole page. A figure's key is
 * left out where the user may not use its module in the service; null where it has no data.
 */
const FIGURES = { mailings: mailingsFigure, visits: visitsFigure, wcag: wcagFigure, disk: diskFigure } satisfies Record<string, UserReportFigure<unknown>>;
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
