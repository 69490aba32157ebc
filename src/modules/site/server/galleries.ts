import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { assertValidForm } from '../../../server/platform/http/errors';

/**
 * A gallery's photos (schemas/site/modules/gallery-photos.schema.json) beyond their schema: every
 * saved edit of a photo gives its alternative text, as the site must pass WCAG. Photos come in
 * as files alone (many at once, list.upload), so the schema cannot require it of a new one; the
 * descriptions page asks for it.
 */
export const galleriesServer = fp(
  async (app: FastifyInstance) => {
    app.schemaModules.get('gallery_photos')?.addHooks({
      beforeWrite: async (_tx, _owner, values, request) => {
        const updating = request.method === 'PUT';
        assertValidForm(updating && !(typeof values.alt === 'string' && values.alt.trim()) ? { alt: 'validation.gallery_photos.alt_required' } : {});
        return values;
      },
    });
  },
  { name: 'site-galleries', dependencies: ['schema-modules'] },
);
