import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JobContext } from '../../../server/platform/jobs';
import { httpError } from '../../../server/platform/http/errors';
import type { OperationDoc } from '.';
import { folderIn, subtreeOf } from './store';
import { zipStream, type ZipEntry } from './zip';

export const ARCHIVE_JOB = 'disk-archive';
/** A stored ZIP without ZIP64 stays under 4 GiB; a folder holding more is refused by the job. */
const ARCHIVE_MAX_BYTES = 4 * 1024 * 1024 * 1024 - 1024 * 1024;

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

/**
 * A folder as a ZIP (the spec's PUT .../files/{id}/prepare and DELETE .../files/{id}/download/{n}):
 * prepare queues a job that writes the folder with everything under it into one archive n, whose
 * progress GET /api/jobs/{job_id} shows; GET .../files/{id}/download then links the newest ready
 * archive, and DELETE .../download/{n} removes archive n. A new ready archive replaces the older ones.
 */
export async function archiveRoutes(
  app: FastifyInstance,
  options: { serviceOf(request: FastifyRequest): Promise<number>; base: string; documented: string; operation: OperationDoc },
): Promise<void> {
  const { db, files, jobs } = app.ctx;
  const { serviceOf, base, documented, operation } = options;
  await jobs.define<{ archiveId: number }>({ name: ARCHIVE_JOB, retryLimit: 1, retryDelaySeconds: 10, expireInSeconds: 30 * 60, handler: (job) => buildArchive(app, job) });

  operation('put', `${documented}/prepare`, 'Queues a ZIP of folder {id} with everything in it {id: n, status, job_id}; GET .../download links it once ready', {
    202: 'The queued archive',
    400: 'Not a folder',
  });
  app.put(`${base}/prepare`, { preHandler: app.authenticate }, async (request, reply) => {
    const serviceId = await serviceOf(request);
    const archive = await db.transaction(async (tx) => {
      const folder = await folderIn(tx, serviceId, (request.params as { id: string }).id);
      const { rows } = await tx.query<{ id: number }>('INSERT INTO disk_archives (client_service_id, directory_id) VALUES ($1, $2) RETURNING id', [serviceId, folder.id]);
      const jobId = await jobs.send(ARCHIVE_JOB, { archiveId: Number(rows[0].id) }, { owner: { clientServiceId: serviceId }, tx });
      const saved = await tx.query('UPDATE disk_archives SET job_id = $2 WHERE id = $1 RETURNING id, status, job_id, size, created_at', [rows[0].id, jobId]);
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
    const { rows } = await db.query<{ storage_key: string | null }>(
      'DELETE FROM disk_archives WHERE id = $1 AND directory_id = $2 AND client_service_id = $3 RETURNING storage_key',
      [archiveId, folder.id, serviceId],
    );
    if (!rows[0]) throw httpError(404, 'resources.disk.errors.archive_not_found');
    if (rows[0].storage_key) await files.delete(rows[0].storage_key);
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
    if (tree.reduce((sum, row) => sum + row.size, 0) > ARCHIVE_MAX_BYTES) throw httpError(413, 'errors.file_too_large');
    let done = 0;
    await job.progress(0, total);
    const entries: ZipEntry[] = tree.map((row) => ({
      path: row.is_dir ? `${row.relative}/` : row.relative,
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
      await files.commit(temporary.key, key);
      temporaryKey = null;
      await tx.query("UPDATE disk_archives SET status = 'ready', storage_key = $2, size = $3, finished_at = now() WHERE id = $1", [job.data.archiveId, key, temporary.bytes]);
      const older = await tx.query<{ storage_key: string | null }>(
        'DELETE FROM disk_archives WHERE directory_id = $1 AND id < $2 AND status IN ($3, $4) RETURNING storage_key',
        [archive.directory_id, job.data.archiveId, 'ready', 'failed'],
      );
      return older.rows.flatMap((row) => (row.storage_key ? [row.storage_key] : []));
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
