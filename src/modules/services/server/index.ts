import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { currentUser } from '../../../server/platform/auth/plugin';
import type { Queryable } from '../../../server/platform/db';
import { changingAccess, requireServiceAccess } from '../../../server/platform/auth/service-access';
import { assertValidForm, httpError, t } from '../../../server/platform/http/errors';
import { documentOperation, serverRegistry } from '../../../server/schema';
import { syncMenuEntries } from '../../../server/schema/menus';
import { DISK_MODULE } from '../../disk/common/module';
import { STATISTICS_MODULE } from '../../site/common/statistics/module';

/** The admin area's entry these routes serve (each module's admin pages place their own). */
const MENU = [{ prefix: 'service_admin_modules', name: 'app.service_admin.modules.title', icon: 'AdminPanelSettings', sort: 56, rootOnly: true }];

/** The service's main domain, else its first (a newsletter sends from it, a site names it); null without any. */
export async function mainDomainOf(db: Queryable, serviceId: number): Promise<string | null> {
  const { rows } = await db.query<{ domain: string }>('SELECT domain FROM client_service_domains WHERE client_service_id = $1 ORDER BY is_main DESC, id LIMIT 1', [
    serviceId,
  ]);
  return rows[0]?.domain ?? null;
}

/** The service (and, with a module, that the service has it), for root users only: the admin area of a service. */
export async function rootService(app: FastifyInstance, request: FastifyRequest, module?: string): Promise<number> {
  const { serviceId } = await requireServiceAccess(app.ctx.db, request, (request.params as { service_id: string }).service_id, module);
  if (!currentUser(request).isRoot) throw httpError(403, 'errors.forbidden');
  return serviceId;
}

/** The modules built of code alone, without a schema that would declare them. */
const CODE_MODULES = [DISK_MODULE, STATISTICS_MODULE];

/**
 * The modules that exist: every service module the schemas declare and those of code alone. Rows naming a module not built yet (a demo's galleries) stay in client_service_modules,
 * ready for it, but no list offers it.
 */
export function existingModules(app: FastifyInstance): string[] {
  const declared = serverRegistry(app.ctx.config)
    .modules.filter((module) => module.admin.scope === 'service')
    .map((module) => module.admin.module);
  return [...new Set([...declared, ...CODE_MODULES])].sort();
}

async function modulesOf(app: FastifyInstance, serviceId: number) {
  const known = existingModules(app);
  const { rows } = await app.ctx.db.query<{ module: string }>('SELECT module FROM client_service_modules WHERE client_service_id = $1', [serviceId]);
  const enabled = new Set(rows.map((row) => row.module));
  const label = (module: string) => {
    const key = `app.service_modules.${module}`;
    const name = t(key);
    return name === key ? module : name;
  };
  return { data: known.map((module) => ({ module, name: label(module), enabled: enabled.has(module) })) };
}

/**
 * The service admin area that every kind of service has (root users): admin/uprawnienia, GET/PUT
 * .../modules, which modules the service has: the rows the module check reads. The modules' own
 * admin pages (the newsletter's sender types, limits and recipient imports) live with their modules.
 */
export const servicesAdminServer = fp(
  async (app: FastifyInstance) => {
    const { db } = app.ctx;
    await syncMenuEntries(db, MENU, (problem) => app.log.warn(problem));
    const documented = '/client_service/{service_id}';
    documentOperation(app, 'get', `${documented}/modules`, { tags: ['service admin'], summary: 'Root: the modules a service may have {data: [{module, name, enabled}]}', responses: { 200: { description: 'OK' } } });
    documentOperation(app, 'put', `${documented}/modules`, { tags: ['service admin'], summary: 'Root: the modules the service has {modules: [module]}', responses: { 200: { description: 'OK' }, 400: { description: 'An unknown module' } } });
    app.get('/client_service/:service_id/modules', { preHandler: app.authenticate }, async (request) => modulesOf(app, await rootService(app, request)));
    app.put(
      '/client_service/:service_id/modules',
      {
        preHandler: app.authenticate,
        schema: { body: { type: 'object', required: ['modules'], properties: { modules: { type: 'array', maxItems: 200, items: { type: 'string', maxLength: 64 } } } } },
      },
      async (request) => {
        const serviceId = await rootService(app, request);
        const modules = [...new Set((request.body as { modules: string[] }).modules)];
        const known = existingModules(app);
        assertValidForm(modules.every((module) => known.includes(module)) ? {} : { modules: 'errors.service_admin.module_unknown' });
        await changingAccess(app, () =>
          db.transaction(async (tx) => {
            // Only the modules this page offers are replaced: a row for one not built yet stays.
            await tx.query('DELETE FROM client_service_modules WHERE client_service_id = $1 AND NOT (module = ANY($2::text[])) AND module = ANY($3::text[])', [
              serviceId,
              modules,
              known,
            ]);
            await tx.query('INSERT INTO client_service_modules (client_service_id, module) SELECT $1, unnest($2::text[]) ON CONFLICT DO NOTHING', [serviceId, modules]);
          }),
        );
        return { ...(await modulesOf(app, serviceId)), detail: t('app.service_admin.modules.saved') };
      },
    );
  },
  { name: 'services-admin', dependencies: ['schema-modules'] },
);
