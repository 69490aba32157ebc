import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../platform/auth/plugin';
import { requireServiceAccess, usableModules } from '../../platform/auth/service-access';
import { booleanQuery, isTrue, readPage } from '../../platform/http/pagination';

export interface ServiceRow {
  service_id: number;
  name: string;
  kind_id: number;
  client_id: number;
  type_id: number;
  type_name: string;
  type_shortcut: string;
}

interface DomainRow {
  client_service_id: number;
  domain: string;
  is_main: boolean;
  is_ssl: boolean;
}

interface ListQuery {
  type_prefix?: string;
  add_user?: string;
  add_domain?: string;
}

export const SERVICE_COLUMNS = `cs.id AS service_id, cs.name, cs.kind_id, cs.client_id,
  st.id AS type_id, st.name AS type_name, st.shortcut AS type_shortcut`;
// Services the user $1 may use: all for root ($2), otherwise those they belong to.
export const VISIBLE_TO_USER = `($2::boolean OR EXISTS (
  SELECT 1 FROM client_service_users m WHERE m.client_service_id = cs.id AND m.user_id = $1))`;

export const serviceBody = ({ type_id, type_name, type_shortcut, ...service }: ServiceRow) => ({
  ...service,
  service_type: { id: type_id, name: type_name, shortcut: type_shortcut },
});

function groupBy<Row extends { client_service_id: number }>(rows: Row[]): Map<number, Omit<Row, 'client_service_id'>[]> {
  const groups = new Map<number, Omit<Row, 'client_service_id'>[]>();
  for (const { client_service_id, ...rest } of rows) groups.set(client_service_id, [...(groups.get(client_service_id) ?? []), rest]);
  return groups;
}

const DOMAINS_SQL = `SELECT client_service_id, domain, is_main, is_ssl FROM client_service_domains
  WHERE client_service_id = ANY($1::int[]) ORDER BY is_main DESC, domain, id`;

/** Service types, the user's services and permissions, and one service's details. */
export async function servicesModule(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;
  app.addHook('onRequest', app.authenticate);

  app.get('/service', { config: { openapi: { tags: ['services'], summary: 'The service types {data: [{id, name, shortcut, prefix}]}' } } }, async () => {
    const { rows } = await db.query('SELECT id, name, shortcut, prefix FROM service_types ORDER BY id');
    return { data: rows };
  });

  app.get<{ Querystring: ListQuery }>(
    '/user/client_service',
    {
      config: { openapi: { tags: ['services'], summary: "The user's services {data, pagination: {total}}" } },
      schema: {
        querystring: {
          type: 'object',
          properties: {
            type_prefix: { type: 'string', pattern: '^[a-z0-9_]{1,64}$' },
            add_user: booleanQuery,
            add_domain: booleanQuery,
          },
        },
      },
    },
    async (request) => {
      const { userId, isRoot } = currentUser(request);
      const { limit, offset } = readPage(request.query, 20);
      const filter = `FROM client_services cs JOIN service_types st ON st.id = cs.type_id
        WHERE ${VISIBLE_TO_USER} AND ($3::text IS NULL OR st.prefix = $3)`;
      const params = [userId, isRoot, request.query.type_prefix ?? null];
      const [{ rows }, count] = await Promise.all([
        db.query<ServiceRow>(`SELECT ${SERVICE_COLUMNS} ${filter} ORDER BY cs.name, cs.id LIMIT $4 OFFSET $5`, [...params, limit, offset]),
        db.query<{ total: number }>(`SELECT count(*)::int AS total ${filter}`, params),
      ]);
      const ids = rows.map((row) => row.service_id);
      const [domains, users] = await Promise.all([
        isTrue(request.query.add_domain) ? db.query<DomainRow>(DOMAINS_SQL, [ids]).then((r) => groupBy(r.rows)) : undefined,
        isTrue(request.query.add_user)
          ? db
              .query<{ client_service_id: number; id: number; username: string; name: string; surname: string; is_admin: boolean }>(
                `SELECT m.client_service_id, u.id, u.username, u.name, u.surname, m.is_admin
                   FROM client_service_users m JOIN users u ON u.id = m.user_id
                  WHERE m.client_service_id = ANY($1::int[]) ORDER BY u.surname, u.name, u.id`,
                [ids],
              )
              .then((r) => groupBy(r.rows))
          : undefined,
      ]);
      return {
        data: rows.map((row) => ({
          ...serviceBody(row),
          ...(domains ? { domains: domains.get(row.service_id) ?? [] } : {}),
          ...(users ? { users: users.get(row.service_id) ?? [] } : {}),
        })),
        pagination: { total: count.rows[0].total },
      };
    },
  );

  app.get('/user/client_service/type', { config: { openapi: { tags: ['services'], summary: "The types of the user's services, with how many of each" } } }, async (request) => {
    const { userId, isRoot } = currentUser(request);
    const { rows } = await db.query(
      `SELECT st.id, st.name, st.shortcut, st.prefix, count(*)::int AS count
         FROM client_services cs JOIN service_types st ON st.id = cs.type_id
        WHERE ${VISIBLE_TO_USER}
        GROUP BY st.id, st.name, st.shortcut, st.prefix ORDER BY st.id`,
      [userId, isRoot],
    );
    return { data: rows };
  });

  app.get<{ Params: { id: string } }>('/user/permissions/client_service/:id', { config: { openapi: { tags: ['services'], summary: "The user's rights in a service {is_admin, modules}" } } }, async (request) => {
    const { serviceId, isAdmin } = await requireServiceAccess(db, request, request.params.id);
    return { is_admin: isAdmin, modules: await usableModules(db, serviceId, currentUser(request).userId, isAdmin) };
  });

  app.get<{ Params: { id: string; module: string } }>(
    '/user/permissions/client_service/:id/module/:module',
    {
      schema: { params: { type: 'object', properties: { module: { type: 'string', pattern: '^[a-z0-9_]{1,64}$' } } } },
      config: { openapi: { tags: ['services'], summary: 'Whether the user may use a module of a service {allowed}' } },
    },
    async (request) => {
      await requireServiceAccess(db, request, request.params.id, request.params.module);
      return { allowed: true };
    },
  );

  app.get<{ Params: { id: string } }>('/client_service/:id', { config: { openapi: { tags: ['services'], summary: 'One service with its domains' } } }, async (request) => {
    const { serviceId } = await requireServiceAccess(db, request, request.params.id);
    const [service, domains] = await Promise.all([
      db.query<ServiceRow & { site_permissions_profile_id: number | null; site_size_available: number; site_size_used: number }>(
        `SELECT ${SERVICE_COLUMNS}, cs.site_permissions_profile_id, cs.site_size_available, cs.site_size_used
           FROM client_services cs JOIN service_types st ON st.id = cs.type_id WHERE cs.id = $1`,
        [serviceId],
      ),
      db.query<DomainRow>(DOMAINS_SQL, [[serviceId]]),
    ]);
    return { ...serviceBody(service.rows[0]), domains: domains.rows.map(({ client_service_id: _, ...domain }) => domain) };
  });
}
