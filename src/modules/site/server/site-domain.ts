import type { Queryable } from '../../../server/platform/db';

/**
 * The service a site's address names: any of the service's domains (its main one and its aliases),
 * whatever the letter case; with `module`, only when the service has that module. Null otherwise.
 * The public site APIs (forms, delivery) all find their service here.
 */
export async function serviceOfDomain(db: Queryable, domain: string, module?: string): Promise<number | null> {
  const { rows } = await db.query<{ client_service_id: number }>(
    `SELECT d.client_service_id FROM client_service_domains d
      WHERE lower(d.domain) = lower($1)
        AND ($2::text IS NULL OR EXISTS (SELECT 1 FROM client_service_modules m WHERE m.client_service_id = d.client_service_id AND m.module = $2))
      LIMIT 1`,
    [domain, module ?? null],
  );
  return rows[0] ? Number(rows[0].client_service_id) : null;
}
