import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { parseDateTime } from '../../../common/validation/dates';
import { DISK_MODULE } from '../common/module';
import { nameProblem, sanitisedName } from '../common/names';
import { requireServiceAccess } from '../../../server/platform/auth/service-access';
import type { Queryable } from '../../../server/platform/db';
import { chargeFiles, releaseFiles } from '../../../server/platform/files/quota';
import { embeddableAnywhere } from '../../../server/platform/files/routes';
import { assertValidForm, formError, httpError, t } from '../../../server/platform/http/errors';
import { readPage } from '../../../server/platform/http/pagination';
import { documentOperation } from '../../../server/schema';
import { filePart } from '../../../server/schema/uploads';
import { archiveRoutes, releaseArchives } from './archives';
import { assertDiskFilesUnused, diskPublicUrl } from './images';
import { contentTypeOf, sendStored } from './serve';
import {
  assertNameFree,
  childrenOf,
  COLUMNS,
  type DiskRow,
  entryIn,
  entryOf,
  folderIn,
  pathOf,
  rootOf,
  rowOf,
  subtreeOf,
  withUniqueName,
} from './store';

/** The largest file one upload stores (the server's multipart limit). */
export const DISK_FILE_MAX_BYTES = 50 * 1024 * 1024;
/** How long a download link stays valid. */
export const DOWNLOAD_TTL_SECONDS = 60;
const PER_PAGE_MAX = 200;

const BASE = '/client_service/:service_id/files/:id';
const DOCUMENTED = '/client_service/{service_id}/files/{id}';

type Params = { service_id: string; id: string };
const bodyOf = (request: FastifyRequest) => (request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {});

/**
 * The file disk (SPEC 7 "Files"): a tree of folders and files per service, its root made on first
 * use. Every call checks the user's access to the service's files module; an id of another
 * service's entry answers 404. Files live in the file store and count against the quota; a public
 * file has an address of its own (no session) until it is unpublished or its end date passes.
 */
export const diskServer = fp(
  async (app: FastifyInstance) => {
    const { db, files, links, config } = app.ctx;
    const serviceOf = async (request: FastifyRequest) => (await requireServiceAccess(db, request, (request.params as Params).service_id, DISK_MODULE)).serviceId;
    const publicUrl = (row: DiskRow) => (row.public && row.public_name ? diskPublicUrl(config.publicUrl, row.public_name) : null);
    const output = (row: DiskRow) => ({ ...entryOf(row), public_url: publicUrl(row) });
    const downloadUrl = (storageKey: string) => `/api/disk/download?token=${links.sign('disk-download', storageKey, DOWNLOAD_TTL_SECONDS)}`;

    /** An entry with its breadcrumbs and, for a folder, its entries (a page of them when asked). */
    async function fullEntry(request: FastifyRequest, row: DiskRow) {
      const query = request.query as { page?: string; per_page?: string };
      const paged = query.page !== undefined || query.per_page !== undefined;
      const page = readPage(query, 25, PER_PAGE_MAX);
      const children = row.is_dir ? await childrenOf(db, row.id, paged ? page : undefined) : { rows: [], total: 0 };
      return {
        ...output(row),
        path: await pathOf(db, row),
        files: children.rows.map(output),
        ...(paged && row.is_dir ? { pagination: { total: children.total } } : {}),
      };
    }

    function checkedName(raw: unknown): string {
      const problem = nameProblem(raw);
      if (problem) assertValidForm({ name: problem });
      return (raw as string).trim();
    }

    const operation = (method: string, path: string, summary: string, responses: Record<string, string>) =>
      documentOperation(app, method, path, {
        tags: ['files'],
        summary,
        responses: Object.fromEntries(Object.entries(responses).map(([status, description]) => [status, { description }])),
      });

    operation('get', '/client_service/{service_id}/module/files', 'The root folder of the service disk (made on first use), as GET .../files/{id}', { 200: 'The root folder' });
    app.get('/client_service/:service_id/module/files', { preHandler: app.authenticate }, async (request) => {
      const serviceId = await serviceOf(request);
      return fullEntry(request, await rootOf(db, serviceId));
    });

    operation('get', DOCUMENTED, 'A file or folder with path (breadcrumbs from the root) and files (its entries, folders first; ?page&per_page gives a page and pagination.total)', {
      200: 'The entry',
      404: 'No such entry in this service',
    });
    app.get(BASE, { preHandler: app.authenticate }, async (request) => {
      const serviceId = await serviceOf(request);
      return fullEntry(request, await entryIn(db, serviceId, (request.params as Params).id));
    });

    operation('post', `${DOCUMENTED}/new`, 'A new folder {name} in folder {id}', { 201: 'The folder', 400: 'Invalid name', 409: 'Name taken in the folder' });
    app.post(`${BASE}/new`, { preHandler: app.authenticate }, async (request, reply) => {
      const serviceId = await serviceOf(request);
      const name = checkedName(bodyOf(request).name);
      const created = await withUniqueName(() =>
        db.transaction(async (tx) => {
          const folder = await folderIn(tx, serviceId, (request.params as Params).id, true);
          await assertNameFree(tx, folder.id, name);
          const { rows } = await tx.query(`INSERT INTO disk_files (client_service_id, parent_directory, name, is_dir) VALUES ($1, $2, $3, TRUE) RETURNING ${COLUMNS}`, [
            serviceId,
            folder.id,
            name,
          ]);
          return rowOf(rows[0]);
        }),
      );
      return reply.code(201).send(output(created));
    });

    operation('put', `${DOCUMENTED}/name`, 'Renames the file or folder {name}', { 200: 'The entry', 400: 'Invalid name', 409: 'Name taken in the folder' });
    app.put(`${BASE}/name`, { preHandler: app.authenticate }, async (request) => {
      const serviceId = await serviceOf(request);
      const name = checkedName(bodyOf(request).name);
      const renamed = await withUniqueName(() =>
        db.transaction(async (tx) => {
          const entry = await entryIn(tx, serviceId, (request.params as Params).id, true);
          if (entry.parent_directory !== null) await assertNameFree(tx, entry.parent_directory, name, entry.id);
          const { rows } = await tx.query(`UPDATE disk_files SET name = $2, updated_at = now() WHERE id = $1 RETURNING ${COLUMNS}`, [entry.id, name]);
          return rowOf(rows[0]);
        }),
      );
      return output(renamed);
    });

    operation('post', '/client_service/{service_id}/upload/files/{id}', `Uploads a file (multipart part "file", at most ${DISK_FILE_MAX_BYTES} bytes) into folder {id}, counted against the service quota`, {
      201: 'The file',
      400: 'No file',
      409: 'Name taken in the folder',
      413: 'Too large, or over the quota',
    });
    app.post('/client_service/:service_id/upload/files/:id', { preHandler: app.authenticate }, async (request, reply) => {
      const serviceId = await serviceOf(request);
      // The folder is checked before the bytes are read, so a wrong address costs no upload.
      await folderIn(db, serviceId, (request.params as Params).id);
      if (!request.isMultipart()) throw httpError(400, 'errors.file_required');
      const upload = await filePart(request, DISK_FILE_MAX_BYTES);
      const temporary = await files.putTemporary(upload.file, DISK_FILE_MAX_BYTES);
      const key = `disk/s${serviceId}/${randomBytes(16).toString('hex')}`;
      try {
        // Busboy ends the stream at the fileSize limit and marks it truncated.
        if (upload.file.truncated) throw httpError(413, 'errors.file_too_large');
        const name = sanitisedName(upload.filename ?? '', t('resources.disk.upload.default_name'));
        const contentType = contentTypeOf(temporary.head, name);
        const created = await withUniqueName(() =>
          db.transaction(async (tx) => {
            const folder = await folderIn(tx, serviceId, (request.params as Params).id, true);
            await assertNameFree(tx, folder.id, name);
            const { rows } = await tx.query(
              `INSERT INTO disk_files (client_service_id, parent_directory, name, is_dir, size, content_type, storage_key)
               VALUES ($1, $2, $3, FALSE, $4, $5, $6) RETURNING ${COLUMNS}`,
              [serviceId, folder.id, name, temporary.bytes, contentType, key],
            );
            await chargeFiles(tx, serviceId, [{ key, bytes: temporary.bytes }]);
            // Put in place inside the transaction: the row never names a missing object, nor a failed one a kept object.
            await files.commit(temporary.key, key);
            return rowOf(rows[0]);
          }),
        );
        return reply.code(201).send(output(created));
      } catch (error) {
        await Promise.all([files.delete(temporary.key), files.delete(key)]);
        throw error;
      }
    });

    operation('put', `${DOCUMENTED}/publish`, 'Publishes the file {public: true, public_end_date?} (public_url, no session, until the end date) or stops {public: false}', {
      200: 'The file with public_url',
      400: 'A folder, or an invalid end date',
    });
    app.put(`${BASE}/publish`, { preHandler: app.authenticate }, async (request) => {
      const serviceId = await serviceOf(request);
      const body = bodyOf(request);
      if (typeof body.public !== 'boolean') assertValidForm({ public: 'resources.disk.validation.public_required' });
      const endDate = parseEndDate(body.public_end_date);
      const published = await db.transaction(async (tx) => {
        const entry = await entryIn(tx, serviceId, (request.params as Params).id, true);
        if (entry.is_dir) throw httpError(400, 'resources.disk.errors.folder_not_publishable');
        if (!body.public) await assertDiskFilesUnused(app.ctx, tx, serviceId, [entry.id]);
        // A file already public keeps its address when only its end date changes; a new publication gets a new one.
        const publicName = body.public ? (entry.public_name ?? randomBytes(16).toString('hex')) : null;
        const { rows } = await tx.query(
          `UPDATE disk_files SET public = $2, public_end_date = $3, public_name = $4, updated_at = now() WHERE id = $1 RETURNING ${COLUMNS}`,
          [entry.id, body.public, body.public ? endDate : null, publicName],
        );
        return rowOf(rows[0]);
      });
      return output(published);
    });

    operation('put', `${DOCUMENTED}/move`, 'Moves the file or folder into folder {target_directory_id} of the same service (never into itself or its subfolder)', {
      200: 'The entry',
      400: 'No target, the root, or a target inside the folder',
      404: 'No such target in this service',
      409: 'Name taken in the target',
    });
    app.put(`${BASE}/move`, { preHandler: app.authenticate }, async (request) => {
      const serviceId = await serviceOf(request);
      const target = Number(bodyOf(request).target_directory_id);
      if (!Number.isSafeInteger(target) || target < 1) assertValidForm({ target_directory_id: 'resources.disk.validation.target_required' });
      const moved = await withUniqueName(() =>
        db.transaction(async (tx) => {
          // Moves of a service take turns (its root row's lock), so two crossing moves cannot make a cycle.
          await tx.query('SELECT id FROM disk_files WHERE client_service_id = $1 AND parent_directory IS NULL FOR UPDATE', [serviceId]);
          const entry = await entryIn(tx, serviceId, (request.params as Params).id, true);
          if (entry.parent_directory === null) throw httpError(400, 'resources.disk.errors.root_immovable');
          const folder = await folderIn(tx, serviceId, target);
          if (entry.is_dir && (await subtreeOf(tx, entry.id)).some((inside) => inside.id === folder.id)) throw httpError(400, 'resources.disk.errors.move_into_itself');
          if (folder.id === entry.parent_directory) return entry;
          await assertNameFree(tx, folder.id, entry.name, entry.id);
          const { rows } = await tx.query(`UPDATE disk_files SET parent_directory = $2, updated_at = now() WHERE id = $1 RETURNING ${COLUMNS}`, [entry.id, folder.id]);
          return rowOf(rows[0]);
        }),
      );
      return output(moved);
    });

    operation('delete', DOCUMENTED, 'Deletes the file, or the folder with everything in it (not the root); the quota gets their bytes back', {
      204: 'Deleted',
      400: 'The root folder',
    });
    app.delete(BASE, { preHandler: app.authenticate }, async (request, reply) => {
      const serviceId = await serviceOf(request);
      const objects = await db.transaction(async (tx) => {
        const entry = await entryIn(tx, serviceId, (request.params as Params).id, true);
        if (entry.parent_directory === null) throw httpError(400, 'resources.disk.errors.root_undeletable');
        const removed = await subtreeOf(tx, entry.id);
        await assertDiskFilesUnused(app.ctx, tx, serviceId, removed.filter((row) => !row.is_dir).map((row) => row.id));
        const fileKeys = removed.flatMap((row) => (row.storage_key ? [row.storage_key] : []));
        const archives = await tx.query<{ storage_key: string }>('SELECT storage_key FROM disk_archives WHERE directory_id = ANY($1::int[]) AND storage_key IS NOT NULL', [
          removed.filter((row) => row.is_dir).map((row) => row.id),
        ]);
        await tx.query('DELETE FROM disk_files WHERE id = $1', [entry.id]);
        await releaseFiles(tx, fileKeys);
        return [...fileKeys, ...(await releaseArchives(tx, archives.rows))];
      });
      // The objects go once the rows are gone for good; one left behind by a failure here is only unused bytes.
      await Promise.all(objects.map((key) => files.delete(key).catch((error: unknown) => request.log.warn({ err: error, key }, 'disk object not deleted'))));
      return reply.code(204).send();
    });

    operation('get', `${DOCUMENTED}/directories`, 'Every folder of the service {data: [{id, name, parent_directory, allowed}]}; allowed: entry {id} may be moved there', {
      200: '{data}',
    });
    app.get(`${BASE}/directories`, { preHandler: app.authenticate }, async (request) => {
      const serviceId = await serviceOf(request);
      const entry = await entryIn(db, serviceId, (request.params as Params).id);
      const inside = new Set(entry.is_dir ? (await subtreeOf(db, entry.id)).map((row) => row.id) : []);
      const { rows } = await db.query<{ id: number; name: string; parent_directory: number | null }>(
        'SELECT id, name, parent_directory FROM disk_files WHERE client_service_id = $1 AND is_dir ORDER BY lower(name), id',
        [serviceId],
      );
      return {
        data: rows.map((row) => ({
          id: Number(row.id),
          name: row.name,
          parent_directory: row.parent_directory === null ? null : Number(row.parent_directory),
          allowed: !inside.has(Number(row.id)) && Number(row.id) !== entry.parent_directory,
        })),
      };
    });

    operation('get', `${DOCUMENTED}/download`, `{url}: a link, valid for ${DOWNLOAD_TTL_SECONDS} s, that downloads the file; for a folder, its newest prepared archive (409 while there is none)`, {
      200: '{url}',
      409: 'No prepared archive of the folder',
    });
    app.get(`${BASE}/download`, { preHandler: app.authenticate }, async (request) => {
      const serviceId = await serviceOf(request);
      const entry = await entryIn(db, serviceId, (request.params as Params).id);
      if (entry.is_dir) {
        const { rows } = await db.query<{ id: number; storage_key: string }>(
          "SELECT id, storage_key FROM disk_archives WHERE directory_id = $1 AND status = 'ready' ORDER BY id DESC LIMIT 1",
          [entry.id],
        );
        if (!rows[0]) throw httpError(409, 'resources.disk.errors.archive_not_ready');
        return { url: downloadUrl(rows[0].storage_key), archive: Number(rows[0].id) };
      }
      return { url: downloadUrl(entry.storage_key!) };
    });

    operation('get', '/disk/download', 'The file (or folder archive) of a link from .../download, as an attachment (no session: the signed token is the permission)', {
      200: 'The bytes',
      404: 'Invalid or expired link',
    });
    app.get('/disk/download', async (request, reply) => {
      const key = links.verify('disk-download', (request.query as { token?: unknown }).token);
      if (!key) throw httpError(404, 'errors.file_link_invalid');
      const found = await storedByKey(db, key);
      if (!found) throw httpError(404, 'errors.file_link_invalid');
      return sendStored(files, reply, found, 'attachment');
    });

    operation('get', '/disk/public/{name}', 'A public file while it is published and before its end date (no session: the random name is the secret)', {
      200: 'The bytes',
      404: 'Not public (any more)',
    });
    app.get<{ Params: { name: string } }>('/disk/public/:name', async (request, reply) => {
      if (!/^[0-9a-f]{32}$/.test(request.params.name)) throw httpError(404, 'resources.disk.errors.public_link_invalid');
      const { rows } = await db.query<{ name: string; content_type: string | null; storage_key: string }>(
        `SELECT name, content_type, storage_key FROM disk_files
          WHERE public_name = $1 AND public AND (public_end_date IS NULL OR public_end_date > now())`,
        [request.params.name],
      );
      if (!rows[0]) throw httpError(404, 'resources.disk.errors.public_link_invalid');
      return sendStored(files, embeddableAnywhere(reply), { storageKey: rows[0].storage_key, name: rows[0].name, contentType: rows[0].content_type }, 'inline');
    });

    await archiveRoutes(app, { serviceOf, base: BASE, documented: DOCUMENTED, operation });
  },
  { name: 'disk' },
);

/** The optional end of a publication: empty for none, else a date in the future. */
function parseEndDate(raw: unknown): string | null {
  if (raw === undefined || raw === null || raw === '') return null;
  const date = typeof raw === 'string' ? parseDateTime(raw) : undefined;
  if (!date) throw formError({ public_end_date: 'resources.disk.validation.end_date_invalid' });
  if (date.getTime() <= Date.now()) throw formError({ public_end_date: 'resources.disk.validation.end_date_past' });
  return date.toISOString();
}

/** What a signed link names: a file of a disk, or a folder's prepared archive. */
async function storedByKey(db: Queryable, key: string): Promise<{ storageKey: string; name: string; contentType: string | null } | null> {
  const file = await db.query<{ name: string; content_type: string | null }>('SELECT name, content_type FROM disk_files WHERE storage_key = $1', [key]);
  if (file.rows[0]) return { storageKey: key, name: file.rows[0].name, contentType: file.rows[0].content_type };
  const archive = await db.query<{ name: string }>(
    "SELECT f.name FROM disk_archives a JOIN disk_files f ON f.id = a.directory_id WHERE a.storage_key = $1 AND a.status = 'ready'",
    [key],
  );
  if (archive.rows[0]) return { storageKey: key, name: `${archive.rows[0].name}.zip`, contentType: 'application/zip' };
  return null;
}

export type OperationDoc = (method: string, path: string, summary: string, responses: Record<string, string>) => void;
