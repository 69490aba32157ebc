import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { assertValidForm } from '../../../server/platform/http/errors';

/**
 * The scrolling banners (schemas/site/modules/banner-scroll.schema.json) beyond their schema: a
 * banner's period ends no earlier than it starts. (A rule between two fields; it moves to the
 * schema once the engine has cross-field rules.)
 */
export const bannersServer = fp(
  async (app: FastifyInstance) => {
    app.schemaModules.get('scroll_banners')?.addHooks({
      beforeWrite: async (_tx, _owner, values) => {
        const { active_from: from, active_to: to } = values;
        const reversed = typeof from === 'string' && typeof to === 'string' && Date.parse(to) < Date.parse(from);
        assertValidForm(reversed ? { active_to: 'validation.scroll_banners.active_to_before_from' } : {});
        return values;
      },
    });
  },
  { name: 'site-banners', dependencies: ['schema-modules'] },
);
