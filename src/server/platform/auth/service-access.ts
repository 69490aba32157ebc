import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { currentUser } from './plugin';
import { createNotifiedCache, type NotifiedCache } from './notified-cache';
import type { Queryable } from '../db';
import { httpError } from '../http/errors';

/** The channel migration 062's triggers notify when a service, its users or its modules change. */
export const ACCESS_CHANGED_CHANNEL = 'panel_access_changed';
/** SPEC 6: modules only the site admin (or root) uses, when the service has them; no grant or role gives them: editors and their roles. */
export const ADMIN_ONLY_MODULES: ReadonlySet<string> = new Set(['editors']);
/** The schema module whose records are the editors' roles (data.modules: the modules a role grants). */
export const EDITOR_ROLES_RESOURCE = 'editor_roles';
/** A safety net, as for the user state: an entry is read again after this at the latest. */
const MAX_AGE_MS = 60_000;
const MAX_ENTRIES = 20_000;

interface AccessRow {
  is_admin: boolean | null;
  has_module: boolean;
  granted: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Granted (user, service, module) checks, cached until migration 062's triggers say access changed. */
    serviceAccessCache: NotifiedCache<string, AccessRow>;
  }
}

/**
 * Caches the rows of granted access checks: every service call makes one, and they change rarely.
 * Refusals are not cached, so a grant works at the next call; a revocation reaches every process
 * through the notification (at once on the embedded database, a moment after the commit on PostgreSQL).
 */
export const serviceAccessPlugin = fp(
  async (app: FastifyInstance) => {
    const cache = await createNotifiedCache<string, AccessRow>(app.ctx.db, { channel: ACCESS_CHANGED_CHANNEL, maxEntries: MAX_ENTRIES });
    app.decorate('serviceAccessCache', cache);
    app.addHook('onClose', async () => cache.close());
  },
  { name: 'service-access' },
);

/**
 * Runs a write that changes who may use which service or module, and drops this process's cached
 * checks when it ends, before the call answers: the writer's next call, and anyone's on this server,
 * sees the change at once. Other processes drop theirs when the triggers' notification (migrations
 * 062 and 110) reaches them, a moment after the commit on PostgreSQL.
 */
export async function changingAccess<T>(app: FastifyInstance, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } finally {
    app.serviceAccessCache.forgetAll();
  }
}

/** A refusal found while loading: thrown past the cache, so it is not kept. */
class NotGranted extends Error {
  constructor(readonly row: AccessRow | undefined) {
    super('not granted');
  }
}

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
 * the service has that module and the user is its site admin, was granted the module or has a role
 * with it (an admin-only module: the site admin alone). Root users
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
  const load = async () => {
    const row = await loadAccessRow(db, serviceId, user.userId, module);
    if (!row || !isGranted(row, user.isRoot)) throw new NotGranted(row);
    return { value: row, expiresAtMs: Date.now() + MAX_AGE_MS };
  };
  const cache = request.server.serviceAccessCache;
  let row: AccessRow | undefined;
  try {
    row = cache ? await cache.get(`${serviceId}:${user.userId}:${user.isRoot}:${module ?? ''}`, load) : (await load()).value;
  } catch (error) {
    if (!(error instanceof NotGranted)) throw error;
    if (!error.row) throw user.isRoot ? httpError(404, 'errors.service_not_found') : httpError(403, 'errors.forbidden');
    throw httpError(403, 'errors.forbidden');
  }
  return { serviceId, isAdmin: user.isRoot || row.is_admin === true };
}

function isGranted(row: AccessRow, isRoot: boolean): boolean {
  if (isRoot) return row.has_module;
  return row.is_admin !== null && row.has_module && (row.is_admin || row.granted);
}

/** Whether member csu (not the site admin) holds the module (an SQL text expression) of service cs through a grant or their role. */
const granted = (module: string) => `(EXISTS (SELECT 1 FROM client_service_user_modules g
                    WHERE g.client_service_id = cs.id AND g.user_id = csu.user_id AND g.module = ${module})
                  OR EXISTS (SELECT 1 FROM module_records r
                    WHERE r.id = csu.role_id AND r.resource = '${EDITOR_ROLES_RESOURCE}' AND r.client_service_id = cs.id
                      AND r.data->'modules' @> jsonb_build_array(${module})))`;

/**
 * SQL: the user (`user`, an SQL expression) may use the module (`module`) of service `cs`, as
 * requireServiceAccess decides it (`root`: every service that has the module); for lists of services.
 */
export function serviceUsableSql(user: string, module: string, root: string): string {
  const adminOnly = `ARRAY[${[...ADMIN_ONLY_MODULES].map((name) => `'${name}'`).join(', ')}]::text[]`;
  return `(EXISTS (SELECT 1 FROM client_service_modules m WHERE m.client_service_id = cs.id AND m.module = ${module})
      AND (${root} OR EXISTS (SELECT 1 FROM client_service_users csu WHERE csu.client_service_id = cs.id AND csu.user_id = ${user}
             AND (csu.is_admin OR (NOT (${module} = ANY(${adminOnly})) AND ${granted(module)})))))`;
}

async function loadAccessRow(db: Queryable, serviceId: number, userId: number, module: string | undefined): Promise<AccessRow | undefined> {
  const adminOnly = module !== undefined && ADMIN_ONLY_MODULES.has(module);
  const { rows } = await db.query<AccessRow>(
    `SELECT csu.is_admin,
            ($3::text IS NULL OR EXISTS (SELECT 1 FROM client_service_modules m
               WHERE m.client_service_id = cs.id AND m.module = $3)) AS has_module,
            ($3::text IS NULL OR (NOT $4::boolean AND ${granted('$3')})) AS granted
       FROM client_services cs
       LEFT JOIN client_service_users csu ON csu.client_service_id = cs.id AND csu.user_id = $2
      WHERE cs.id = $1`,
    [serviceId, userId, module ?? null, adminOnly],
  );
  return rows[0];
}

/**
 * The modules a user may use in a service (the sidebar follows them): all the service has, for its
 * site admin (or root); for another member, those granted or in their role, but no admin-only one.
 */
export async function usableModules(db: Queryable, serviceId: number, userId: number, isAdmin: boolean): Promise<string[]> {
  const { rows } = await db.query<{ module: string }>(
    `SELECT m.module FROM client_services cs
       JOIN client_service_modules m ON m.client_service_id = cs.id
       LEFT JOIN client_service_users csu ON csu.client_service_id = cs.id AND csu.user_id = $2
      WHERE cs.id = $1 AND ($3::boolean OR (NOT (m.module = ANY($4::text[])) AND ${granted('m.module')}))
      ORDER BY m.module`,
    [serviceId, userId, isAdmin, [...ADMIN_ONLY_MODULES]],
  );
  return rows.map((row) => row.module);
}
