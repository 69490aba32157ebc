import type { FastifyInstance } from 'fastify';
import { HELP_PAGES, USER_HELP_PATH, type HelpPage } from '../../common/help';
import { assertValidForm } from '../../../../server/platform/http/errors';
import { sanitizeHtml } from '../../../../server/platform/sanitizing/html';
import { documentOperation } from '../../../../server/schema';
import { helpRoutes } from './routes';

const ROUTES_PATH = '/admin/help/routes';

/**
 * The help pages root ties to the panel's screens (schemas/admin/help-page.schema.json): only a
 * screen the browser has, by its route name, may have one; every signed-in user reads the published
 * ones in one call, which the layout keeps for its help button.
 */
export async function helpServer(app: FastifyInstance): Promise<void> {
  const pages = app.schemaModules.get(HELP_PAGES);
  if (!pages) return;
  const routes = helpRoutes([...app.schemaModules.values()].map((module) => module.module));
  const names = new Set(routes.map((route) => route.id));

  pages.addHooks({
    async beforeWrite(_tx, _owner, values) {
      assertValidForm(names.has(String(values.route)) ? {} : { route: 'validation.help_pages.route_unknown' });
      return values;
    },
  });

  documentOperation(app, 'get', ROUTES_PATH, {
    tags: ['help'],
    summary: 'Root: the screens a help page may be tied to {data: [{id: route name, name: Polish title and path}]}, by title',
    responses: { 200: { description: 'OK' }, 403: { description: 'Not root' } },
  });
  app.get(ROUTES_PATH, { onRequest: app.requireRoot }, async () => ({ data: routes }));

  documentOperation(app, 'get', USER_HELP_PATH, {
    tags: ['help'],
    summary: 'Any signed-in user: the published help pages {data: [{route, title, content}]}, content sanitised',
    responses: { 200: { description: 'OK' }, 401: { description: 'Not signed in' } },
  });
  app.get(USER_HELP_PATH, { preHandler: app.authenticate }, async (): Promise<{ data: HelpPage[] }> => {
    const { rows } = await app.ctx.db.query<HelpPage>(
      `SELECT data->>'route' AS route, data->>'title' AS title, data->>'content' AS content
         FROM module_records WHERE resource = $1 AND data->'published' = 'true'::jsonb ORDER BY id`,
      [HELP_PAGES],
    );
    // Stored content was sanitised on write; this guards records written around the API.
    return { data: rows.map((row) => ({ ...row, content: sanitizeHtml(row.content ?? '') })) };
  });
}
