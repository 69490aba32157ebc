import type { Queryable } from '../../../server/platform/db';
import { httpError, t } from '../../../server/platform/http/errors';
import type { DiskEntry } from '../common/entry';

/** A disk_files row: the entry the calls hand out, and what stays on the server (storage_key, public_name). */
export interface DiskRow extends DiskEntry {
  client_service_id: number;
  storage_key: string | null;
  public_name: string | null;
}

const COLUMNS = `id, client_service_id, name, is_dir, parent_directory, public, public_end_date, size, content_type,
  storage_key, public_name, created_at, updated_at`;

/** Dates as ISO strings and sizes as numbers, the same on PGlite and PostgreSQL. */
export function rowOf(raw: Record<string, unknown>): DiskRow {
  const iso = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string | Date).toISOString());
  return {
    id: Number(raw.id),
    client_service_id: Number(raw.client_service_id),
    name: String(raw.name),
    is_dir: raw.is_dir === true,
    parent_directory: raw.parent_directory === null ? null : Number(raw.parent_directory),
    public: raw.public === true,
    public_end_date: iso(raw.public_end_date),
    size: Number(raw.size),
    content_type: (raw.content_type as string | null) ?? null,
    storage_key: (raw.storage_key as string | null) ?? null,
    public_name: (raw.public_name as string | null) ?? null,
    created_at: iso(raw.created_at)!,
    updated_at: iso(raw.updated_at)!,
  };
}

/** What a call shows of an entry. */
export function entryOf(row: DiskRow): DiskEntry {
  const { client_service_id: _service, storage_key: _key, public_name: _public, ...entry } = row;
  return entry;
}

/** The service's root folder, made on first use (one per service, whoever asks at once). */
export async function rootOf(db: Queryable, serviceId: number): Promise<DiskRow> {
  await db.query(
    `INSERT INTO disk_files (client_service_id, name, is_dir) VALUES ($1, $2, TRUE)
     ON CONFLICT (client_service_id) WHERE parent_directory IS NULL DO NOTHING`,
    [serviceId, t('resources.disk.root_name')],
  );
  const { rows } = await db.query(`SELECT ${COLUMNS} FROM disk_files WHERE client_service_id = $1 AND parent_directory IS NULL`, [serviceId]);
  return rowOf(rows[0]);
}

/** Parses an entry id of a path; anything but a positive integer names nothing (404). */
export function parseEntryId(raw: unknown): number {
  const id = Number(raw);
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647 || String(raw) !== String(id)) throw httpError(404, 'resources.disk.errors.not_found');
  return id;
}

/** The entry of this service (404 for an unknown id or another service's: ids are not probed); `lock` holds it for the transaction. */
export async function entryIn(db: Queryable, serviceId: number, rawId: unknown, lock = false): Promise<DiskRow> {
  const { rows } = await db.query(`SELECT ${COLUMNS} FROM disk_files WHERE id = $1 AND client_service_id = $2${lock ? ' FOR UPDATE' : ''}`, [
    parseEntryId(rawId),
    serviceId,
  ]);
  if (!rows[0]) throw httpError(404, 'resources.disk.errors.not_found');
  return rowOf(rows[0]);
}

/** The folder of this service (a file answers 400: only folders hold entries). */
export async function folderIn(db: Queryable, serviceId: number, rawId: unknown, lock = false): Promise<DiskRow> {
  const folder = await entryIn(db, serviceId, rawId, lock);
  if (!folder.is_dir) throw httpError(400, 'resources.disk.errors.not_a_folder');
  return folder;
}

/** The folders from the root down to the entry itself: the breadcrumbs. */
export async function pathOf(db: Queryable, entry: DiskRow): Promise<{ id: number; name: string }[]> {
  const { rows } = await db.query<{ id: number; name: string }>(
    `WITH RECURSIVE up AS (
       SELECT id, name, parent_directory, 0 AS depth FROM disk_files WHERE id = $1
       UNION ALL
       SELECT f.id, f.name, f.parent_directory, up.depth + 1 FROM disk_files f JOIN up ON f.id = up.parent_directory
     ) SELECT id, name FROM up ORDER BY depth DESC`,
    [entry.id],
  );
  return rows.map((row) => ({ id: Number(row.id), name: row.name }));
}

/** A folder's entries: folders first, then by name (letter case aside); a page of them when asked. */
export async function childrenOf(db: Queryable, folderId: number, page?: { page: number; perPage: number }): Promise<{ rows: DiskRow[]; total: number }> {
  const paging = page ? ` LIMIT ${page.perPage} OFFSET ${(page.page - 1) * page.perPage}` : '';
  const { rows } = await db.query(`SELECT ${COLUMNS} FROM disk_files WHERE parent_directory = $1 ORDER BY is_dir DESC, lower(name), id${paging}`, [folderId]);
  if (!page) return { rows: rows.map(rowOf), total: rows.length };
  const count = await db.query<{ total: string }>('SELECT count(*) AS total FROM disk_files WHERE parent_directory = $1', [folderId]);
  return { rows: rows.map(rowOf), total: Number(count.rows[0].total) };
}

/** The entry and everything under it (for a folder's removal, the move check, its archive). */
export async function subtreeOf(db: Queryable, entryId: number): Promise<(DiskRow & { depth: number; relative: string })[]> {
  const { rows } = await db.query(
    `WITH RECURSIVE down AS (
       SELECT ${COLUMNS}, 0 AS depth, name AS relative FROM disk_files WHERE id = $1
       UNION ALL
       SELECT ${COLUMNS.split(',').map((column) => `f.${column.trim()}`).join(', ')}, down.depth + 1, down.relative || '/' || f.name
         FROM disk_files f JOIN down ON f.parent_directory = down.id
     ) SELECT * FROM down ORDER BY depth, id`,
    [entryId],
  );
  return rows.map((raw) => ({ ...rowOf(raw), depth: Number(raw.depth), relative: String(raw.relative) }));
}

/** A name already used in the folder is a 409; the unique index is the guard, this gives its Polish detail. */
export async function withUniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw httpError(409, 'resources.disk.errors.name_taken');
    throw error;
  }
}

export async function assertNameFree(db: Queryable, folderId: number, name: string, exceptId: number | null = null): Promise<void> {
  const { rows } = await db.query('SELECT 1 FROM disk_files WHERE parent_directory = $1 AND lower(name) = lower($2) AND id <> COALESCE($3::int, 0)', [
    folderId,
    name,
    exceptId,
  ]);
  if (rows.length) throw httpError(409, 'resources.disk.errors.name_taken');
}

export { COLUMNS };
