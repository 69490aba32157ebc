import type { Queryable } from '../db';
import { httpError } from '../http/errors';

export interface ChargedFile {
  key: string;
  bytes: number;
}

async function roomFor(db: Queryable, serviceId: number, bytes: number, lock: boolean): Promise<boolean> {
  const { rows } = await db.query<{ available: string; used: string }>(
    `SELECT site_size_available AS available, site_size_used AS used FROM client_services WHERE id = $1${lock ? ' FOR NO KEY UPDATE' : ''}`,
    [serviceId],
  );
  return Boolean(rows[0]) && Number(rows[0].used) + bytes <= Number(rows[0].available);
}

/** Whether bytes more fit the service's quota now: an early answer before work whose result chargeFiles counts later. */
export const fitsQuota = (db: Queryable, serviceId: number, bytes: number): Promise<boolean> => roomFor(db, serviceId, bytes, false);

/**
 * Counts a service's new files into client_services.site_size_used, in the transaction that saves
 * their record. The service row is locked, so parallel uploads are checked one after another and
 * never together exceed site_size_available (413 when they would). FOR NO KEY UPDATE, not FOR UPDATE:
 * the record's own foreign key already holds a KEY SHARE lock on that row, which FOR UPDATE would
 * wait on in every other uploading transaction (a deadlock); the UPDATE below needs no more.
 */
export async function chargeFiles(tx: Queryable, serviceId: number, files: ChargedFile[]): Promise<void> {
  if (!files.length) return;
  const added = files.reduce((sum, file) => sum + file.bytes, 0);
  if (!(await roomFor(tx, serviceId, added, true))) throw httpError(413, 'errors.quota_exceeded');
  await tx.query('UPDATE client_services SET site_size_used = site_size_used + $2 WHERE id = $1', [serviceId, added]);
  await tx.query('INSERT INTO stored_files (key, client_service_id, bytes) SELECT unnest($1::text[]), $2, unnest($3::bigint[])', [
    files.map((file) => file.key),
    serviceId,
    files.map((file) => file.bytes),
  ]);
}

/** Gives back what the files of a removed or replaced record counted (each file once, whoever asks twice). */
export async function releaseFiles(tx: Queryable, keys: string[]): Promise<void> {
  if (!keys.length) return;
  await tx.query(
    `WITH released AS (DELETE FROM stored_files WHERE key = ANY($1::text[]) RETURNING client_service_id, bytes)
     UPDATE client_services cs SET site_size_used = GREATEST(0, cs.site_size_used - r.bytes)
       FROM (SELECT client_service_id, SUM(bytes) AS bytes FROM released GROUP BY client_service_id) r
      WHERE cs.id = r.client_service_id`,
    [keys],
  );
}
