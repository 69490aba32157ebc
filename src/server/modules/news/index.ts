import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../platform/auth/plugin';
import { sanitizeHtml } from '../../platform/sanitizing/html';
import { httpError } from '../../platform/http/errors';
import { booleanQuery, isTrue, readPage } from '../../platform/http/pagination';

interface NewsQuery {
  order?: 'date' | 'title';
  order_desc?: string;
}

const ORDER_COLUMNS = { date: 'n.date', title: 'n.title' } as const;
const NEWS_COLUMNS = `n.id, n.title, n.lead, n.date, (r.user_id IS NOT NULL) AS is_read,
  n.has_videos, n.has_galleries, n.has_audios, n.has_maps`;
// Published news of user $1 (for every user, or for that user alone) joined with the user's read mark.
const USER_NEWS = `FROM news n LEFT JOIN news_reads r ON r.news_id = n.id AND r.user_id = $1 WHERE n.published AND (n.user_id IS NULL OR n.user_id = $1)`;
const ID_PARAM = { type: 'object', properties: { id: { type: 'string', pattern: '^[1-9][0-9]{0,8}$' } } } as const;

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
        db.query(`SELECT ${NEWS_COLUMNS} ${USER_NEWS} ORDER BY ${column} ${direction}, n.id ${direction} LIMIT $2 OFFSET $3`, [
          userId,
          limit,
          offset,
        ]),
        db.query<{ total: number; unread: number }>(
          `SELECT count(*)::int AS total, count(*) FILTER (WHERE r.user_id IS NULL)::int AS unread ${USER_NEWS}`,
          [userId],
        ),
      ]);
      return { data: rows, pagination: { total: counts.rows[0].total }, unread_count: counts.rows[0].unread };
    },
  );

  app.get<{ Params: { id: string } }>('/news/:id', { schema: { params: ID_PARAM }, config: { openapi: { tags: ['news'], summary: 'One news item' } } }, async (request) => {
    const { rows } = await db.query<{ body: string }>(`SELECT ${NEWS_COLUMNS}, n.body ${USER_NEWS} AND n.id = $2`, [
      currentUser(request).userId,
      Number(request.params.id),
    ]);
    if (!rows[0]) throw httpError(404, 'errors.news_not_found');
    return { ...rows[0], body: sanitizeHtml(rows[0].body) };
  });

  app.post<{ Params: { id: string } }>('/news/:id/set_read', { schema: { params: ID_PARAM }, config: { openapi: { tags: ['news'], summary: 'Mark a news item read', responses: { 204: { description: 'Read' } } } } }, async (request, reply) => {
    const { affectedRows } = await db.query(
      `INSERT INTO news_reads (user_id, news_id)
       SELECT $1, n.id ${USER_NEWS} AND n.id = $2 ON CONFLICT DO NOTHING`,
      [currentUser(request).userId, Number(request.params.id)],
    );
    // Nothing inserted: either already read (fine) or no such published news (404).
    if (affectedRows === 0) {
      const { rows } = await db.query(`SELECT 1 ${USER_NEWS} AND n.id = $2`, [currentUser(request).userId, Number(request.params.id)]);
      if (!rows[0]) throw httpError(404, 'errors.news_not_found');
    }
    return reply.status(204).send();
  });
}
