import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { httpError } from '../../../server/platform/http/errors';
import { flagsHold } from '../../../server/schema/flags';
import type { ModuleRoutes } from '../../../server/schema';
import type { Owner } from '../../../server/schema/storage';

/** What a news item offers beyond its text: the media its pages show (404 pages without them). */
const MEDIA = ['has_videos', 'has_galleries', 'has_audios', 'has_maps'] as const;
/** The template's display options of an item (its options page), pinning only where the template has it. */
const DISPLAY = ['display_date', 'display_lead', 'display_photo'] as const;
const PINNING = 'template:news_pinning';

/**
 * The news of a service (schemas/site/news.schema.json and the modules nested under it) beyond
 * what the schema engine serves, SPEC 7 "News (service)":
 * - OPTIONS .../module/news?category_id: the engine's answer plus the category (404 for one that
 *   is not the service's) and whether the template pins news;
 * - OPTIONS .../news/{news_id}/menu: which media the item has, and whether it is an imported one;
 * - OPTIONS .../news/{news_id}/display: the template's display options of an item.
 * (/attachments, /photos, /audios are the nested modules' own OPTIONS.)
 */
export const newsServer = fp(
  async (app: FastifyInstance) => {
    const news = app.schemaModules.get('news_items');
    const categories = app.schemaModules.get('news_categories');
    if (!news || !categories) return;
    const pinning = (owner: Owner) => flagsHold(app.ctx.db, [PINNING], { serviceId: owner.serviceId });

    news.addHooks({
      options: async (request, owner) => {
        const raw = (request.query as Record<string, unknown>).category_id;
        const answer: Record<string, unknown> = { features: { pinning: await pinning(owner) } };
        if (raw === undefined) return answer;
        const category = await categories.store.get(app.ctx.db, { serviceId: owner.serviceId, userId: null }, categories.recordId(raw), 0);
        if (!category) throw httpError(404, 'errors.not_found');
        return { ...answer, category: { id: category.id, name: category.values.name } };
      },
    });

    const item = '/client_service/:service_id/module/news/:news_id';
    app.options(`${item}/menu`, { preHandler: app.authenticate, config: { openapi: { tags: ['news'], summary: 'Which media a news item has, and whether it is imported' } } }, async (request) => {
      const { record } = await newsItem(app, news, request);
      return {
        ...Object.fromEntries(MEDIA.map((field) => [field, record.values[field] === true])),
        imported: record.values.imported === true,
      };
    });
    app.options(`${item}/display`, { preHandler: app.authenticate, config: { openapi: { tags: ['news'], summary: "The template's display options of a news item {schema}" } } }, async (request) => {
      const { owner } = await newsItem(app, news, request);
      const fields = [...DISPLAY, ...((await pinning(owner)) ? ['pinned'] : [])];
      const properties = news.module.schema.properties ?? {};
      return { schema: { type: 'object', properties: Object.fromEntries(fields.map((field) => [field, properties[field]])) } };
    });
  },
  { name: 'site-news', dependencies: ['schema-modules'] },
);

/** The item the route names, after the service and module check; 404 when it is not the service's. */
async function newsItem(app: FastifyInstance, news: ModuleRoutes, request: FastifyRequest) {
  const owner = await news.owner(request);
  const record = await news.store.get(app.ctx.db, owner, news.recordId((request.params as Record<string, string>).news_id), 0);
  if (!record) throw httpError(404, 'errors.not_found');
  return { owner, record };
}
