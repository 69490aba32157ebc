import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { moduleRoutes } from '../../../../server/schema';
import type { RecordStore } from '../../../../server/schema/storage';
import { editorStore } from './store';

/**
 * A store whose committed writes drop this process's cached access checks at once, so the writer's
 * next call (and the editor's) already sees them; other processes hear of them by the notification
 * of migrations 062 and 110 a moment later.
 */
function droppingAccessChecks(app: FastifyInstance, store: RecordStore): RecordStore {
  return {
    ...store,
    async transaction(db, write) {
      try {
        return await store.transaction(db, write);
      } finally {
        app.serviceAccessCache.forgetAll();
      }
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
    roles?.useStore(droppingAccessChecks(app, roles.store));
  },
  { name: 'site-editors', dependencies: ['schema-modules'] },
);
