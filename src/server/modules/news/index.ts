import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../platform/auth/plugin';
import { sanitizeHtml } from '../../platform/sanitizing/html';
import { httpError } from '../../platform/http/errors';
import { booleanQuery, isTrue, readPage } from '../../platform/http/pagination';
import { IN_NEWS_AUDIENCE, NEWS_SHOWN } from './audience';

interface NewsQuery {
  order?: 'date' | 'title';
  order_desc?: string;
}

const ORDER_COLUMNS = { date: 'n.date', title: 'n.title' } as const;
const NEWS_COLUMNS = `n.id, n.title, n.lead, n.date, n.important, (r.user_id IS NOT NULL) AS is_read,
  n.has_videos, n.has_galleries, n.has_audios, n.has_maps`;
// The news user $1 sees (shown now, the user in its audience) joined with the user's read mark.
const VISIBLE_NEWS = `FROM news n JOIN users u ON u.id = $1 LEFT JOIN news_reads r ON r.news_id = n.id AND r.user_id = $1
  WHERE ${NEWS_SHOWN} AND ${IN_NEWS_AUDIENCE}`;
const ID_PARAM = { type: 'object', properties: { id: { type: 'string', pattern: '^[1-9][0-9]{0,8}$' } } } as const;

/** The admin area's modules of a news item's photos and attachments (schemas/admin/news/). */
export const USER_NEWS = 'user_news';
export const USER_NEWS_PHOTOS = 'user_news_photos';
export const USER_NEWS_ATTACHMENTS = 'user_news_attachments';
/** More than root attaches to one item in practice; the reader shows them all at once. */
const NESTED_SHOWN = 100;

/** A news item's photos or attachments as the engine answers them (file URIs, thumbnails), in the order added. */
async function nestedRecords(app: FastifyInstance, resource: string, newsId: number): Promise<Record<string, unknown>[]> {
  const routes = app.schemaModules.get(resource);
  if (!routes) return [];
  const owner = { serviceId: null, userId: null, parentId: newsId };
  const { rows } = await routes.store.list(app.ctx.db, owner, { page: 1, perPage: NESTED_SHOWN, sort: { field: 'id', order: 'ASC' }, filters: [], viewerId: 0 });
  return rows.map((record) => routes.output(record, owner));
}

/** News for users, with their read state and the unread count behind the top bar's bell. */
export async function newsModule(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;
  app.addHook('onRequest', app.authenticate);

  app.get<{ Querystring: NewsQuery }>(
    '/news',
    {
      config: { openapi: { tags: ['news'], summary: "The panel's news for the user {data, pagination: {total}, unread_count}" } },
      schema: {
        querystring: {
          type: 'object',
          properties: { order: { type: 'string', enum: Object.keys(ORDER_COLUMNS) }, order_desc: booleanQuery },
        },
      },
    },
    async (request) => {
      const { userId } = currentUser(request);
      const { limit, offset } = readPage(request.query, 10);
      const direction = request.query.order_desc === undefined || isTrue(request.query.order_desc) ? 'DESC' : 'ASC';
      const column = ORDER_COLUMNS[request.query.order ?? 'date'];
      const [{ rows }, counts] = await Promise.all([
        db.query(`SELECT ${NEWS_COLUMNS} ${VISIBLE_NEWS} ORDER BY ${column} ${direction}, n.id ${direction} LIMIT $2 OFFSET $3`, [
          userId,
          limit,
          offset,
        ]),
        db.query<{ total: number; unread: number }>(
          `SELECT count(*)::int AS total, count(*) FILTER (WHERE r.user_id IS NULL)::int AS unread ${VISIBLE_NEWS}`,
          [userId],
        ),
      ]);
      return { data: rows, pagination: { total: counts.rows[0].total }, unread_count: counts.rows[0].unread };
    },
  );

  app.get<{ Params: { id: string } }>('/news/:id', { schema: { params: ID_PARAM }, config: { openapi: { tags: ['news'], summary: 'One news item' } } }, async (request) => {
    const { rows } = await db.query<{ body: string }>(`SELECT ${NEWS_COLUMNS}, n.body ${VISIBLE_NEWS} AND n.id = $2`, [
      currentUser(request).userId,
      Number(request.params.id),
    ]);
    if (!rows[0]) throw httpError(404, 'errors.news_not_found');
    const newsId = Number(request.params.id);
    const [photos, attachments] = await Promise.all([nestedRecords(app, USER_NEWS_PHOTOS, newsId), nestedRecords(app, USER_NEWS_ATTACHMENTS, newsId)]);
    return { ...rows[0], body: sanitizeHtml(rows[0].body), photos, attachments };
  });

  app.post<{ Params: { id: string } }>('/news/:id/set_read', { schema: { params: ID_PARAM }, config: { openapi: { tags: ['news'], summary: 'Mark a news item read', responses: { 204: { description: 'Read' } } } } }, async (request, reply) => {
    const { affectedRows } = await db.query(
      `INSERT INTO news_reads (user_id, news_id)
       SELECT $1, n.id ${VISIBLE_NEWS} AND n.id = $2 ON CONFLICT DO NOTHING`,
      [currentUser(request).userId, Number(request.params.id)],
    );
    // Nothing inserted: either already read (fine) or no such published news (404).
    if (affectedRows === 0) {
      const { rows } = await db.query(`SELECT 1 ${VISIBLE_NEWS} AND n.id = $2`, [currentUser(request).userId, Number(request.params.id)]);
      if (!rows[0]) throw httpError(404, 'errors.news_not_found');
    }
    return reply.status(204).send();
  });
}
