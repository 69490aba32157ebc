import fp from 'fastify-plugin';
import { moduleRoutes } from '../../../../server/schema';
import { editorStore } from './store';

/**
 * SPEC 6 editors: the schema module `editors` (schemas/site/editor.schema.json) served by the engine,
 * its records kept in the panel's users and service memberships rather than in module_records.
 */
export const editorsServer = fp(
  async (app) => {
    moduleRoutes(app, 'editors')?.useStore(editorStore(app));
  },
  { name: 'site-editors', dependencies: ['schema-modules'] },
);
