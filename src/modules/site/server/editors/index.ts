import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { JsonSchema } from '../../../../common/schema';
import { documentOperation, moduleRoutes } from '../../../../server/schema';
import { changingAccess } from '../../../../server/platform/auth/service-access';
import { existingModules } from '../../../services/server';
import type { Queryable } from '../../../../server/platform/db';
import { assertValidForm, t } from '../../../../server/platform/http/errors';
import type { Owner, RecordStore } from '../../../../server/schema/storage';
import { editorStore } from './store';

/** A store whose writes change access: see changingAccess. */
function droppingAccessChecks(app: FastifyInstance, store: RecordStore): RecordStore {
  return { ...store, transaction: (db, write) => changingAccess(app, () => store.transaction(db, write)) };
}

/** Of these modules, those that exist and the service has. */
async function modulesOfService(app: FastifyInstance, db: Queryable, serviceId: number | null, modules: readonly string[]): Promise<Set<string>> {
  const existing = existingModules(app);
  const { rows } = await db.query<{ module: string }>('SELECT module FROM client_service_modules WHERE client_service_id = $1 AND module = ANY($2::text[])', [
    serviceId,
    modules.filter((module) => existing.includes(module)),
  ]);
  return new Set(rows.map((row) => row.module));
}

/** A role gives only modules its service has (the form offers those only: GET .../roles/modules). */
async function checkRoleModules(app: FastifyInstance, db: Queryable, owner: Owner, values: Record<string, unknown>): Promise<void> {
  const wanted = (values.modules as string[] | undefined) ?? [];
  const present = await modulesOfService(app, db, owner.serviceId, wanted);
  assertValidForm(Object.fromEntries(wanted.flatMap((module, index) => (present.has(module) ? [] : [[`modules.${index}`, 'validation.editor_roles.module_missing']]))));
}

function checkingRoleModules(app: FastifyInstance, store: RecordStore): RecordStore {
  return {
    ...store,
    async insert(db, owner, values, files) {
      await checkRoleModules(app, db, owner, values);
      return store.insert(db, owner, values, files);
    },
    async update(db, owner, id, values, files) {
      await checkRoleModules(app, db, owner, values);
      return store.update(db, owner, id, values, files);
    },
  };
}

/**
 * SPEC 6 editors: the schema module `editors` (schemas/site/editor.schema.json) served by the engine,
 * its records kept in the panel's users and service memberships rather than in module_records; its
 * writes and those of the roles (editor_roles) change who may do what at once.
 */
export const editorsServer = fp(
  async (app) => {
    const editors = moduleRoutes(app, 'editors');
    const roles = moduleRoutes(app, 'editor_roles');
    editors?.useStore(droppingAccessChecks(app, editorStore(app)));
    if (!roles) return;
    roles.useStore(droppingAccessChecks(app, checkingRoleModules(app, roles.store)));

    // The role form's module choices (x-choices "modules"): those of the panel the service has.
    const choices = ((roles.module.schema.properties?.modules as JsonSchema | undefined)?.items as JsonSchema | undefined)?.oneOf as { const: string; title: string }[];
    documentOperation(app, 'get', '/client_service/{service_id}/module/editors/roles/modules', {
      tags: ['editor_roles'],
      summary: 'The modules a role of this service may give {data: [{id, name}]}',
      responses: { 200: { description: 'OK' } },
    });
    app.get('/client_service/:service_id/module/editors/roles/modules', { preHandler: app.authenticate }, async (request) => {
      const owner = await roles.owner(request);
      const present = await modulesOfService(app, app.ctx.db, owner.serviceId, choices.map((choice) => choice.const));
      return { data: choices.filter((choice) => present.has(choice.const)).map((choice) => ({ id: choice.const, name: t(choice.title) })) };
    });
  },
  { name: 'site-editors', dependencies: ['schema-modules'] },
);
