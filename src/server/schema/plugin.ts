import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createAjv, DEFAULT_UPLOAD_FOLDER } from '../../common/schema';
import { migrateModules } from '../platform/db/migrate';
import { servePublicFiles } from '../platform/files/routes';
import { capabilities } from './capabilities';
import { ensureIndexes } from './indexes';
import { ensureListCounts } from './list-counts';
import { ensureSearchTexts } from './search-texts';
import { placeMenuEntries } from './menus';
import { ModuleRoutes } from './module-routes';
import { serverRegistry } from './settings';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every loaded schema module's routes by resource (decorated by the schema-modules plugin). */
    schemaModules: Map<string, ModuleRoutes>;
  }
}

/** A loaded module's routes; undefined when SCHEMAS_DIR has no such schema (a module's own code then adds nothing). */
export function moduleRoutes(app: FastifyInstance, resource: string): ModuleRoutes | undefined {
  return app.schemaModules.get(resource);
}

/**
 * Every schema file in SCHEMAS_DIR becomes a validated, permission-checked API with storage, served
 * by the engine's capabilities (capabilities/). The modules' routes are decorated on the app as
 * `schemaModules`, for module plugins that extend a module (their dependency: 'schema-modules').
 */
export const schemaModulesPlugin = fp(async (app: FastifyInstance) => {
  const registry = serverRegistry(app.ctx.config);
  await migrateModules(
    app.ctx.db,
    app.ctx.config.schemasDir,
    registry.modules.map((module) => ({ source: module.source, migration: module.admin.storage?.migration })),
  );
  await ensureIndexes(app.ctx.db, registry, (problem) => app.log.warn(problem));
  await ensureListCounts(app.ctx.db, registry);
  await ensureSearchTexts(app.ctx.db, registry);
  await placeMenuEntries(app.ctx.db, registry.modules, (problem) => app.log.warn(problem));
  // DEFAULT_UPLOAD_URI's files; a module with a folder of its own serves it (content photos).
  servePublicFiles(app, '/uploads', DEFAULT_UPLOAD_FOLDER);
  const ajv = createAjv();
  const routes = new Map<string, ModuleRoutes>();
  app.decorate('schemaModules', routes);
  for (const module of registry.modules) routes.set(module.admin.resource, new ModuleRoutes(app, module, ajv, capabilities));
  for (const moduleRoutes of routes.values()) if (moduleRoutes.module.admin.crud) moduleRoutes.register();
}, { name: 'schema-modules' });
