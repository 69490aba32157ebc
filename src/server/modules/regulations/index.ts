import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../platform/auth/plugin';
import { sanitizeHtml } from '../../platform/sanitizing/html';
import { httpError } from '../../platform/http/errors';
import { REGULATION_IN_FORCE } from './in-force';

const MAX_INT = 2147483647;

/**
 * What the user must accept (GET) and the call that accepts it; GET /api/user then reports is_regulations.
 * Both stay open while the regulations are pending (app.authenticateSession): they settle them.
 */
export async function regulationsModule(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;

  app.get('/user/regulations', { onRequest: app.authenticateSession, config: { openapi: { tags: ['user'], summary: 'The regulations in force {data: [{id, name, content, valid_from, is_accepted}]}' } } }, async (request) => {
    const { rows } = await db.query<{ id: number; name: string; content: string; valid_from: Date; is_accepted: boolean }>(
      `SELECT r.id, r.name, r.content, r.valid_from,
              EXISTS (SELECT 1 FROM regulation_acceptances a WHERE a.regulation_id = r.id AND a.user_id = $1) AS is_accepted
         FROM regulations r
        WHERE ${REGULATION_IN_FORCE}
        ORDER BY r.valid_from, r.id`,
      [currentUser(request).userId],
    );
    return { data: rows.map((row) => ({ ...row, content: sanitizeHtml(row.content) })) };
  });

  app.get(
    '/user/regulations/history',
    {
      // Open while a new version waits to be accepted: the user compares it with the one accepted before.
      onRequest: app.authenticateSession,
      config: {
        openapi: {
          tags: ['user'],
          summary: 'Every regulation that has taken effect, newest first, in force or archived, with when the user accepted it {data: [{id, name, content, valid_from, valid_to, in_force, accepted_at}]}',
        },
      },
    },
    async (request) => {
      const { rows } = await db.query<{ id: number; name: string; content: string; valid_from: Date; valid_to: Date | null; in_force: boolean; accepted_at: Date | null }>(
        `SELECT r.id, r.name, r.content, r.valid_from, r.valid_to, (${REGULATION_IN_FORCE}) AS in_force,
                (SELECT a.accepted_at FROM regulation_acceptances a WHERE a.regulation_id = r.id AND a.user_id = $1) AS accepted_at
           FROM regulations r
          WHERE r.valid_from <= now()
          ORDER BY (${REGULATION_IN_FORCE}) DESC, r.valid_from DESC, r.id DESC`,
        [currentUser(request).userId],
      );
      return { data: rows.map((row) => ({ ...row, content: sanitizeHtml(row.content) })) };
    },
  );

  app.post<{ Body: { regulation_ids: number[] } }>(
    '/user/regulations/accept',
    {
      onRequest: app.authenticateSession,
      config: { openapi: { tags: ['user'], summary: 'Accept regulations' } },
      schema: {
        body: {
          type: 'object',
          required: ['regulation_ids'],
          properties: {
            regulation_ids: { type: 'array', minItems: 1, maxItems: 100, items: { type: 'integer', minimum: 1, maximum: MAX_INT } },
          },
        },
      },
    },
    async (request, reply) => {
      const ids = [...new Set(request.body.regulation_ids)];
      await db.transaction(async (tx) => {
        const { rows } = await tx.query<{ id: number }>(`SELECT r.id FROM regulations r WHERE r.id = ANY($1::int[]) AND ${REGULATION_IN_FORCE}`, [
          ids,
        ]);
        if (rows.length !== ids.length) throw httpError(400, 'errors.regulation_not_in_force');
        await tx.query(
          `INSERT INTO regulation_acceptances (user_id, regulation_id)
           SELECT $1, id FROM unnest($2::int[]) AS id ON CONFLICT DO NOTHING`,
          [currentUser(request).userId, ids],
        );
      });
      return reply.status(204).send();
    },
  );
}
