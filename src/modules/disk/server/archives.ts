import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Queryable } from '../../../server/platform/db';
import { chargeFiles, fitsQuota, releaseFiles } from '../../../server/platform/files/quota';
import type { JobContext, JobState } from '../../../server/platform/jobs';
import { httpError } from '../../../server/platform/http/errors';
import { type OutboundQuota, takeOutboundQuota } from '../../../server/platform/outbound/quota';
import type { OperationDoc } from '.';
import { folderIn, subtreeOf } from './store';
import { zipLength, zipStream, type ZipEntry } from './zip';

export const ARCHIVE_JOB = 'disk-archive';
export const ARCHIVE_EXPIRY_JOB = 'disk-archive-expiry';
/** A stored ZIP without ZIP64 stays under 4 GiB; a folder holding more is refused by the job. */
const ARCHIVE_MAX_BYTES = 4 * 1024 * 1024 * 1024 - 1024 * 1024;
/** Each archive reads the whole folder: a service prepares at most 10 an hour. */
export const ARCHIVE_PREPARE_QUOTA: OutboundQuota = { action: 'disk_archive', limit: 10, windowSeconds: 3600 };
/** An archive is a copy made to be downloaded now: a day after it is made it goes, and gives its quota back. */
export const ARCHIVE_KEEP_HOURS = 24;
const PENDING = "status IN ('queued', 'running')";
/** Job states after which the job does nothing more to its archive. */
const ENDED: JobState['state'][] = ['completed', 'cancelled', 'failed'];
const COLUMNS = 'id, status, job_id, size, created_at';

interface ArchiveRow {
  id: number;
  status: 'queued' | 'running' | 'ready' | 'failed';
  job_id: string | null;
  size: number;
  created_at: string;
}

const archiveOf = (row: Record<string, unknown>): ArchiveRow => ({
  id: Number(row.id),
  status: row.status as ArchiveRow['status'],
  job_id: (row.job_id as string | null) ?? null,
  size: Number(row.size),
  created_at: new Date(row.created_at as string).toISOString(),
});

type TreeRow = Awaited<ReturnType<typeof subtreeOf>>[number];
const zipPath = (row: TreeRow) => (row.is_dir ? `${row.relative}/` : row.relative);
const archiveLength = (tree: TreeRow[]) => zipLength(tree.map((row) => ({ path: zipPath(row), bytes: row.is_dir ? undefined : row.size })));

/** Removes archive rows (deleted by the caller's statement) from the quota; their objects' keys, to delete once the transaction commits. */
export async function releaseArchives(tx: Queryable, removed: { storage_key: string | null }[]): Promise<string[]> {
  const keys = removed.flatMap((row) => (row.storage_key ? [row.storage_key] : []));
  await releaseFiles(tx, keys);
  return keys;
}

/**
 * A folder as a ZIP (the spec's PUT .../files/{id}/prepare and DELETE .../files/{id}/download/{n}):
 * prepare queues a job that writes the folder with everything under it into one archive n, whose
 * progress GET /api/jobs/{job_id} shows; GET .../files/{id}/download then links the newest ready
 * archive, and DELETE .../download/{n} removes archive n. A new ready archive replaces the older ones.
 * A ready archive counts against the service's quota like its files, until it is removed, replaced,
 * deleted with its folder or ARCHIVE_KEEP_HOURS old. One archive of a folder is made at a time, and
 * a service prepares at most ARCHIVE_PREPARE_QUOTA.
 */
export async function archiveRoutes(
  app: FastifyInstance,
  options: { serviceOf(request: FastifyRequest): Promise<number>; base: string; documented: string; operation: OperationDoc },
): Promise<void> {
  const { db, files, jobs } = app.ctx;
  const { serviceOf, base, documented, operation } = options;
  await jobs.define<{ archiveId: number }>({ name: ARCHIVE_JOB, retryLimit: 1, retryDelaySeconds: 10, expireInSeconds: 30 * 60, handler: (job) => buildArchive(app, job) });
  await jobs.define({ name: ARCHIVE_EXPIRY_JOB, cron: '20 * * * *', handler: () => removeExpiredArchives(app) });

  /** The folder's archive still being made; one whose job ended (or is gone) without making it is marked failed and holds the folder no longer. */
  async function pendingArchive(folderId: number): Promise<ArchiveRow | null> {
    const { rows } = await db.query(`SELECT ${COLUMNS} FROM disk_archives WHERE directory_id = $1 AND ${PENDING}`, [folderId]);
    if (!rows[0]) return null;
    const archive = archiveOf(rows[0]);
    const job = archive.job_id ? await jobs.state(ARCHIVE_JOB, archive.job_id) : null;
    if (job && !ENDED.includes(job.state)) return archive;
    await db.query(`UPDATE disk_archives SET status = 'failed', finished_at = now() WHERE id = $1 AND ${PENDING}`, [archive.id]);
    return null;
  }

  operation(
    'put',
    `${documented}/prepare`,
    `Queues a ZIP of folder {id} with everything in it {id: n, status, job_id}; GET .../download links it once ready. The ready archive counts against the service quota; while one is being made, prepare answers it (200). At most ${ARCHIVE_PREPARE_QUOTA.limit} an hour per service`,
    {
      200: 'The archive being made already',
      202: 'The queued archive',
      400: 'Not a folder',
      409: 'Another prepare of the folder queued one at the same moment',
      413: 'The archive would not fit the service quota',
      429: 'Too many archives prepared in the service (Retry-After)',
    },
  );
  app.put(`${base}/prepare`, { preHandler: app.authenticate }, async (request, reply) => {
    const serviceId = await serviceOf(request);
    const folder = await folderIn(db, serviceId, (request.params as { id: string }).id);
    const pending = await pendingArchive(folder.id);
    if (pending) return pending;
    // The folder's ready archive gives its bytes back when the new one replaces it.
    const replaced = await db.query<{ bytes: string }>("SELECT COALESCE(SUM(size), 0) AS bytes FROM disk_archives WHERE directory_id = $1 AND status = 'ready'", [folder.id]);
    const added = archiveLength(await subtreeOf(db, folder.id)) - Number(replaced.rows[0].bytes);
    if (!(await fitsQuota(db, serviceId, added))) throw httpError(413, 'resources.disk.errors.archive_over_quota');
    await takeOutboundQuota(request, reply, ARCHIVE_PREPARE_QUOTA, String(serviceId));
    const archive = await db.transaction(async (tx) => {
      await folderIn(tx, serviceId, folder.id);
      const { rows } = await tx.query<{ id: number }>(
        `INSERT INTO disk_archives (client_service_id, directory_id) VALUES ($1, $2) ON CONFLICT (directory_id) WHERE ${PENDING} DO NOTHING RETURNING id`,
        [serviceId, folder.id],
      );
      if (!rows[0]) throw httpError(409, 'resources.disk.errors.archive_pending');
      const jobId = await jobs.send(ARCHIVE_JOB, { archiveId: Number(rows[0].id) }, { owner: { clientServiceId: serviceId }, tx });
      const saved = await tx.query(`UPDATE disk_archives SET job_id = $2 WHERE id = $1 RETURNING ${COLUMNS}`, [rows[0].id, jobId]);
      return archiveOf(saved.rows[0]);
    });
    return reply.code(202).send(archive);
  });

  operation('delete', `${documented}/download/{n}`, 'Removes prepared archive n of folder {id}', { 204: 'Removed', 404: 'No such archive of the folder' });
  app.delete(`${base}/download/:n`, { preHandler: app.authenticate }, async (request, reply) => {
    const serviceId = await serviceOf(request);
    const params = request.params as { id: string; n: string };
    const folder = await folderIn(db, serviceId, params.id);
    const archiveId = Number(params.n);
    if (!Number.isSafeInteger(archiveId) || archiveId < 1 || archiveId > 2_147_483_647 || String(archiveId) !== params.n) throw httpError(404, 'resources.disk.errors.archive_not_found');
    const removed = await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ storage_key: string | null }>(
        'DELETE FROM disk_archives WHERE id = $1 AND directory_id = $2 AND client_service_id = $3 RETURNING storage_key',
        [archiveId, folder.id, serviceId],
      );
      if (!rows[0]) throw httpError(404, 'resources.disk.errors.archive_not_found');
      return releaseArchives(tx, rows);
    });
    await Promise.all(removed.map((key) => files.delete(key)));
    return reply.code(204).send();
  });
}

async function buildArchive(app: FastifyInstance, job: JobContext<{ archiveId: number }>): Promise<void> {
  const { db, files } = app.ctx;
  const { rows } = await db.query<{ client_service_id: number; directory_id: number; status: string }>(
    'SELECT client_service_id, directory_id, status FROM disk_archives WHERE id = $1',
    [job.data.archiveId],
  );
  const archive = rows[0];
  // Removed meanwhile (with its folder, or by the user), or built by an earlier run.
  if (!archive || archive.status === 'ready') return;
  await db.query("UPDATE disk_archives SET status = 'running' WHERE id = $1", [job.data.archiveId]);
  const key = `disk-archives/s${archive.client_service_id}/${randomBytes(16).toString('hex')}`;
  let temporaryKey: string | null = null;
  try {
    const tree = await subtreeOf(db, Number(archive.directory_id));
    const total = tree.filter((row) => !row.is_dir).length;
    if (archiveLength(tree) > ARCHIVE_MAX_BYTES) throw httpError(413, 'errors.file_too_large');
    let done = 0;
    await job.progress(0, total);
    const entries: ZipEntry[] = tree.map((row) => ({
      path: zipPath(row),
      modified: new Date(row.updated_at),
      open: row.is_dir
        ? undefined
        : async () => {
            const object = await files.open(row.storage_key!);
            await job.progress(++done, total);
            return object?.stream ?? null;
          },
    }));
    const temporary = await files.putTemporary(Readable.from(zipStream(entries)), ARCHIVE_MAX_BYTES + 1024 * 1024);
    temporaryKey = temporary.key;
    const replaced = await db.transaction(async (tx) => {
      const still = await tx.query('SELECT 1 FROM disk_archives WHERE id = $1 FOR UPDATE', [job.data.archiveId]);
      if (!still.rows.length) return null;
      await tx.query("UPDATE disk_archives SET status = 'ready', storage_key = $2, size = $3, finished_at = now() WHERE id = $1", [job.data.archiveId, key, temporary.bytes]);
      const older = await tx.query<{ storage_key: string | null }>(
        'DELETE FROM disk_archives WHERE directory_id = $1 AND id < $2 AND status IN ($3, $4) RETURNING storage_key',
        [archive.directory_id, job.data.archiveId, 'ready', 'failed'],
      );
      const replaced = await releaseArchives(tx, older.rows);
      // Counted once the older ones gave theirs back; over the quota (it filled meanwhile) the archive fails.
      await chargeFiles(tx, Number(archive.client_service_id), [{ key, bytes: temporary.bytes }]);
      await files.commit(temporary.key, key);
      temporaryKey = null;
      return replaced;
    });
    if (replaced === null && temporaryKey) await files.delete(temporaryKey);
    for (const old of replaced ?? []) await files.delete(old);
  } catch (error) {
    if (temporaryKey) await files.delete(temporaryKey);
    await files.delete(key).catch(() => undefined);
    await db.query("UPDATE disk_archives SET status = 'failed', finished_at = now() WHERE id = $1", [job.data.archiveId]);
    app.log.warn({ err: error, archiveId: job.data.archiveId }, 'disk archive failed');
  }
}

/** Removes the archives made (or failed) more than ARCHIVE_KEEP_HOURS ago, giving their quota back; the disk's hourly job. */
export async function removeExpiredArchives(app: FastifyInstance): Promise<void> {
  const { db, files } = app.ctx;
  const removed = await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ storage_key: string | null }>(
      "DELETE FROM disk_archives WHERE status IN ('ready', 'failed') AND finished_at < now() - $1::int * interval '1 hour' RETURNING storage_key",
      [ARCHIVE_KEEP_HOURS],
    );
    return releaseArchives(tx, rows);
  });
  await Promise.all(removed.map((key) => files.delete(key)));
}
