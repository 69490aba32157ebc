import type { FastifyRequest } from 'fastify';
import { currentUser } from '../../platform/auth/plugin';
import { CSV_BOM, csvDownloadHeaders, csvLine } from '../../platform/http/csv';
import { t } from '../../platform/http/errors';
import { parseListQuery } from '../list-query';
import { RECORDS_AT_A_TIME, type ModuleRoutes, type Capability } from '../module-routes';
import { listParameters } from '../openapi';

/**
 * Every record the list shows with these parameters (search, filters, sort), in its order, as CSV:
 * the id, each property but secrets, the dates.
 */
async function exportCsv(routes: ModuleRoutes, request: FastifyRequest): Promise<string> {
  const { module } = routes;
  const owner = await routes.owner(request);
  const query = { ...parseListQuery(request.query, module.admin, currentUser(request).userId), perPage: RECORDS_AT_A_TIME };
  const properties = Object.entries(module.schema.properties ?? {}).filter(([name]) => !routes.writeOnly.includes(name));
  const header = ['id', ...properties.map(([name, property]) => (typeof property.title === 'string' ? t(property.title) : name)), t('app.schema.created_at'), t('app.schema.updated_at')];
  const lines = [CSV_BOM + csvLine(header)];
  for (let page = 1; ; page += 1) {
    const { rows } = await routes.store.list(routes.db, owner, { ...query, page });
    for (const row of rows) lines.push(csvLine([row.id, ...properties.map(([name]) => row.values[name]), row.created_at, row.updated_at]));
    if (rows.length < RECORDS_AT_A_TIME) break;
  }
  return lines.join('');
}

/** x-admin.list.export: `GET {collection}/export`, the list as a CSV file. */
export const csvExports: Capability = {
  routes(routes, site) {
    const { admin } = routes.module;
    if (!admin.list.export || admin.singleton) return;
    const openapi = {
      summary: 'Every record the list shows with the same parameters, as CSV (semicolons, UTF-8 with BOM)',
      parameters: listParameters(routes.module).filter((parameter) => parameter.name !== 'page' && parameter.name !== 'per_page'),
      responses: { 200: { description: 'CSV', content: { 'text/csv': { schema: { type: 'string' } } } } },
    };
    site.route('GET', `${site.collection}/export`, openapi, async (request, reply) => reply.headers(csvDownloadHeaders(`${admin.resource}.csv`)).send(await exportCsv(routes, request)));
  },
};
