import type { FastifyRequest } from 'fastify';
import { currentUser } from '../auth/plugin';
import type { Queryable } from '../db';
import { httpError } from '../http/errors';

export interface ServiceAccess {
  serviceId: number;
  isAdmin: boolean;
}

/** Parses a service id from a route param; anything but a positive integer is a 404. */
export function parseServiceId(raw: unknown): number {
  const id = Number(raw);
  // Ids are PostgreSQL INTEGERs; anything outside that range cannot name a service.
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647 || String(raw) !== String(id)) throw httpError(404, 'errors.service_not_found');
  return id;
}

/**
 * The server's check behind every service call: the user may use the service (403); with a module,
 * the service has that module and the user is its site admin or was granted the module. Root users
 * may use every service, and only they learn that one does not exist (404): to anyone else an
 * unknown id answers as another client's service does, so ids cannot be probed.
 */
export async function requireServiceAccess(
  db: Queryable,
  request: FastifyRequest,
  rawServiceId: unknown,
  module?: string,
): Promise<ServiceAccess> {
  const user = currentUser(request);
  const serviceId = parseServiceId(rawServiceId);
  const { rows } = await db.query<{ is_admin: boolean | null; has_module: boolean; granted: boolean }>(
    `SELECT csu.is_admin,
            ($3::text IS NULL OR EXISTS (SELECT 1 FROM client_service_modules m
               WHERE m.client_service_id = cs.id AND m.module = $3)) AS has_module,
            ($3::text IS NULL OR EXISTS (SELECT 1 FROM client_service_user_modules g
               WHERE g.client_service_id = cs.id AND g.user_id = $2 AND g.module = $3)) AS granted
       FROM client_services cs
       LEFT JOIN client_service_users csu ON csu.client_service_id = cs.id AND csu.user_id = $2
      WHERE cs.id = $1`,
    [serviceId, user.userId, module ?? null],
  );
  const row = rows[0];
  if (!row) throw user.isRoot ? httpError(404, 'errors.service_not_found') : httpError(403, 'errors.forbidden');
  if (user.isRoot) {
    if (!row.has_module) throw httpError(403, 'errors.forbidden');
    return { serviceId, isAdmin: true };
  }
  const isMember = row.is_admin !== null;
  if (!isMember || !row.has_module || !(row.is_admin || row.granted)) throw httpError(403, 'errors.forbidden');
  return { serviceId, isAdmin: row.is_admin === true };
}
