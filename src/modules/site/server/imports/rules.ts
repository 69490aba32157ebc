import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../../../../server/platform/db';
import { currentUser } from '../../../../server/platform/auth/plugin';
import { serviceUsableSql } from '../../../../server/platform/auth/service-access';

/** Which import pages a service has (SPEC 4): imports and exports on, sources off, unless stored otherwise. */
export interface ImportFlags {
  imports: boolean;
  exports: boolean;
  sources: boolean;
}

export const DEFAULT_FLAGS: ImportFlags = { imports: true, exports: true, sources: false };
export const SECTIONS = Object.keys(DEFAULT_FLAGS) as (keyof ImportFlags)[];

export async function importFlags(db: Queryable, serviceId: number): Promise<ImportFlags> {
  const { rows } = await db.query<ImportFlags>('SELECT imports, exports, sources FROM import_settings WHERE client_service_id = $1', [serviceId]);
  return rows[0] ?? DEFAULT_FLAGS;
}

/**
 * Whether a source service lets a service import from it: it exports, and, while its sources page
 * is on, it lists the importing service. A service never imports from itself. The same condition
 * as SQL over a source named `source` and the importer as the parameter `importer`.
 */
export function allowedSql(source: string, importer: string): string {
  return `${source} <> ${importer}
    AND COALESCE((SELECT s.exports FROM import_settings s WHERE s.client_service_id = ${source}), TRUE)
    AND (NOT COALESCE((SELECT s.sources FROM import_settings s WHERE s.client_service_id = ${source}), FALSE)
         OR EXISTS (SELECT 1 FROM import_sources l WHERE l.client_service_id = ${source} AND l.importer_client_service_id = ${importer}))`;
}

export async function sourceAllows(db: Queryable, sourceId: number, importerId: number): Promise<boolean> {
  const { rows } = await db.query(`SELECT 1 WHERE ${allowedSql('$1::int', '$2::int')}`, [sourceId, importerId]);
  return rows.length > 0;
}

/**
 * The services the signed-in user may use with a module (as requireServiceAccess grants it: root
 * users every service that has the module; others their services where they are the site admin,
 * were given the module or have it in their role), other than `except`, by name.
 */
export async function usableServices(
  db: Queryable,
  request: FastifyRequest,
  module: string,
  except: number,
  condition = 'TRUE',
): Promise<{ id: number; name: string }[]> {
  const user = currentUser(request);
  const { rows } = await db.query<{ id: number; name: string }>(
    `SELECT cs.id, cs.name FROM client_services cs
      WHERE cs.id <> $1
        AND ${serviceUsableSql('$2::int', '$3::text', '$4::boolean')}
        AND ${condition}
      ORDER BY cs.name, cs.id`,
    [except, user.userId, module, user.isRoot],
  );
  return rows.map((row) => ({ id: Number(row.id), name: row.name }));
}
