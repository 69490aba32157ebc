import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { parseServiceId } from '../../../../server/platform/auth/service-access';
import type { Queryable } from '../../../../server/platform/db';
import { httpError } from '../../../../server/platform/http/errors';

/** The header a site sends its delivery key in (or `?key=`). */
export const DELIVERY_KEY_HEADER = 'x-delivery-key';
const KEY_PREFIX = 'dk_';
/** A key is the prefix and 32 random bytes (base64url): guessing one is hopeless, so a fast hash is enough to keep. */
const KEY_SHAPE = /^dk_[A-Za-z0-9_-]{43}$/;

const digest = (key: string) => createHash('sha256').update(key).digest('hex');

/** What client_services keeps of a key (its SHA-256); null for what is no key (malformed). */
export const deliveryKeyDigest = (key: string | undefined): string | null => (key !== undefined && KEY_SHAPE.test(key) ? digest(key) : null);

/**
 * The service whose delivery key this is; with `module`, only when the service has that module.
 * Null for anything else (no key, a malformed or rotated one).
 */
export async function serviceOfDeliveryKey(db: Queryable, key: string | undefined, module?: string): Promise<number | null> {
  const keyDigest = deliveryKeyDigest(key);
  if (keyDigest === null) return null;
  const { rows } = await db.query<{ id: number }>(
    `SELECT s.id FROM client_services s
      WHERE s.delivery_key_hash = $1
        AND ($2::text IS NULL OR EXISTS (SELECT 1 FROM client_service_modules m WHERE m.client_service_id = s.id AND m.module = $2))`,
    [keyDigest, module ?? null],
  );
  return rows[0] ? Number(rows[0].id) : null;
}

/**
 * GET /client_service/{service_id}/delivery_key (root): whether the service's site can be delivered
 * (it has a module that delivers) and whether it has a key, without the key itself.
 * POST /client_service/{service_id}/delivery_key: root gives the service a new delivery key, shown
 * in this answer only (its hash is kept); the one before stops working at once (every delivery
 * read looks its key up). Anyone else: 403.
 */
export async function deliveryKeyRoutes(app: FastifyInstance, options: { deliveredModules: string[] }): Promise<void> {
  app.get<{ Params: { service_id: string } }>(
    '/client_service/:service_id/delivery_key',
    {
      onRequest: app.requireRoot,
      config: {
        openapi: {
          tags: ['site'],
          summary: "Root: {delivered: whether the service has a module the delivery API serves, has_key: whether it has a delivery key} (never the key)",
          responses: { 200: { description: 'OK' }, 401: { description: 'Not signed in' }, 403: { description: 'Not root' }, 404: { description: 'No such service' } },
        },
      },
    },
    async (request) => {
      const serviceId = parseServiceId(request.params.service_id);
      const { rows } = await app.ctx.db.query<{ has_key: boolean; delivered: boolean }>(
        `SELECT s.delivery_key_hash IS NOT NULL AS has_key,
                EXISTS (SELECT 1 FROM client_service_modules m WHERE m.client_service_id = s.id AND m.module = ANY($2::text[])) AS delivered
           FROM client_services s WHERE s.id = $1`,
        [serviceId, options.deliveredModules],
      );
      if (!rows[0]) throw httpError(404, 'errors.not_found');
      return { delivered: rows[0].delivered, has_key: rows[0].has_key };
    },
  );

  app.post<{ Params: { service_id: string } }>(
    '/client_service/:service_id/delivery_key',
    {
      onRequest: app.requireRoot,
      config: {
        openapi: {
          tags: ['site'],
          summary: "Root: a new delivery key of the service (the site's X-Delivery-Key), shown once; the previous key stops working",
          responses: {
            201: {
              description: 'The new key',
              content: { 'application/json': { schema: { type: 'object', properties: { key: { type: 'string' } }, required: ['key'] } } },
            },
            401: { description: 'Not signed in' },
            403: { description: 'Not root' },
            404: { description: 'No such service' },
          },
        },
      },
    },
    async (request, reply) => {
      const serviceId = parseServiceId(request.params.service_id);
      const key = `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
      const { rows } = await app.ctx.db.query('UPDATE client_services SET delivery_key_hash = $1 WHERE id = $2 RETURNING id', [digest(key), serviceId]);
      if (rows.length === 0) throw httpError(404, 'errors.not_found');
      return reply.status(201).send({ key });
    },
  );
}
