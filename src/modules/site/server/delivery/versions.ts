import type { Db } from '../../../../server/platform/db';

const CHANNEL = 'site_delivery_versions';

/** The versions the delivery API's answers are kept under, known without asking the database. */
export interface NotifiedVersions {
  /** The version of a service's records of one resource (site_delivery_versions). */
  of(serviceId: number, resource: string): number;
  /** Raised by every change of what names a service (its domains, modules, key). */
  readonly addresses: number;
}

/**
 * The embedded database's versions of the delivery API (site_delivery_versions), kept in this
 * process from the notifications migration 256's triggers send to a session that asks for them:
 * PGlite delivers a notification to its only process before the committing query resolves, so
 * every write (the server's, or SQL past it) is known at the next read without a query. Undefined
 * for PostgreSQL, whose notifications reach a process later than its next read may come.
 */
export async function notifiedVersions(db: Db): Promise<NotifiedVersions | undefined> {
  if (db.kind !== 'pglite') return undefined;
  const versions = new Map<string, number>();
  let addresses = 0;
  const raise = (serviceId: number, resource: string, version: number) => {
    const key = `${serviceId} ${resource}`;
    versions.set(key, Math.max(version, versions.get(key) ?? 0));
  };
  await db.query(`SELECT set_config('panel.site_delivery_notify', 'on', false)`);
  await db.listen(CHANNEL, (payload) => {
    if (payload === '*') {
      addresses += 1;
      return;
    }
    const [serviceId, resource, version] = payload.split(' ');
    raise(Number(serviceId), resource, Number(version));
  });
  const { rows } = await db.query<{ client_service_id: number; resource: string; version: string }>(
    `SELECT client_service_id, resource, version FROM site_delivery_versions WHERE resource <> ''`,
  );
  for (const row of rows) raise(Number(row.client_service_id), row.resource, Number(row.version));
  return {
    of: (serviceId, resource) => versions.get(`${serviceId} ${resource}`) ?? 0,
    get addresses() {
      return addresses;
    },
  };
}
