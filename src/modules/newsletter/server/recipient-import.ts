import type { FastifyInstance } from 'fastify';
import type { JobContext } from '../../../server/platform/jobs';
import type { Queryable } from '../../../server/platform/db';
import { HttpError, t } from '../../../server/platform/http/errors';
import type { ModuleRoutes } from '../../../server/schema';
import type { Owner } from '../../../server/schema/storage';
import type { MappedColumns } from '../common/recipient-columns';
import { columnsOf, ImportFileRefused, readCsv, readXlsx, tagsOf, type ImportFormat, type ReadRows } from './recipient-file';

export const IMPORT_JOB = 'recipient-import';
/** Recipients written by one statement (and one transaction, then a progress report). */
const CHUNK = 5000;

export interface ImportRow {
  id: number;
  client_service_id: number;
  file_name: string;
  file_format: ImportFormat;
  file_key: string | null;
  tags: string[];
  /** The columns the user mapped (the first row names them unless it holds an address in the e-mail column); null: found by the header row. */
  columns: MappedColumns | null;
  status: 'queued' | 'running' | 'completed' | 'failed';
}

/** A recipient as the file gives it, after merging the rows with the same address. */
interface Incoming {
  email: string;
  name: string;
  tags: Set<string>;
}

interface RowError {
  row: number;
  reason: string;
}

/** The text of a file from the store, whole (uploads are capped well below what memory holds). */
async function readStored(app: FastifyInstance, key: string): Promise<Buffer> {
  const stored = await app.ctx.files.open(key);
  if (!stored) throw new Error(`import file ${key} is gone`);
  const chunks: Buffer[] = [];
  for await (const chunk of stored.stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/**
 * Each row checked as the recipients' form checks it (the same Polish messages), its tags and the
 * import's own added; rows with the same address (in any letter case) merged into the first, their
 * tags united. The rows that fail are kept with their number and reason.
 */
export function collectRecipients(
  read: ReadRows,
  importTags: readonly string[],
  recipients: ModuleRoutes,
  mapped: ImportRow['columns'] = null,
): { incoming: Map<string, Incoming>; errors: RowError[]; total: number } | null {
  // A mapped file's first row names the columns unless its e-mail column holds an address there.
  const columns = mapped ? { ...mapped, header: !read.rows[0]?.cells[mapped.email]?.includes('@') } : columnsOf(read.rows[0]);
  if (!columns) return null;
  const errors: RowError[] = read.unreadable.map((row) => ({ row, reason: t('errors.recipient_imports.row_unreadable') }));
  const incoming = new Map<string, Incoming>();
  const rows = columns.header ? read.rows.slice(1) : read.rows;
  for (const { row, cells } of rows) {
    const cell = (index: number) => (index >= 0 ? (cells[index] ?? '').trim() : '');
    if (cells.some((text) => text.includes('\u0000'))) {
      errors.push({ row, reason: t('errors.recipient_imports.row_characters') });
      continue;
    }
    const body = { email: cell(columns.email), name: cell(columns.name), tags: [...new Set([...tagsOf(cell(columns.tags)), ...importTags])] };
    let values: Record<string, unknown>;
    try {
      values = recipients.values(body, null);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      errors.push({ row, reason: Object.values(error.errors ?? {}).join(' ') || error.detail });
      continue;
    }
    const email = values.email as string;
    const key = email.toLowerCase();
    const known = incoming.get(key);
    if (known) for (const tag of values.tags as string[]) known.tags.add(tag);
    else incoming.set(key, { email, name: values.name as string, tags: new Set(values.tags as string[]) });
  }
  errors.sort((a, b) => a.row - b.row);
  return { incoming, errors, total: rows.length + read.unreadable.length };
}

/**
 * The tags the recipients name, as the service spells them: a tag the service has in another letter
 * case is that tag; one it lacks is created (set-based), so every recipient's tags name real tags.
 */
async function canonicalTags(tx: Queryable, tags: ModuleRoutes, owner: Owner, names: Set<string>): Promise<Map<string, string>> {
  const wanted = [...names];
  const spelled = new Map<string, string>();
  if (wanted.length === 0) return spelled;
  const inserted = await tx.query(
    `INSERT INTO module_records (resource, client_service_id, data)
     SELECT 'tags', $1, jsonb_build_object('name', wanted.name) FROM (SELECT DISTINCT ON (lower(n)) n AS name FROM unnest($2::text[]) AS n ORDER BY lower(n), n) wanted
     ON CONFLICT (COALESCE(client_service_id, 0), COALESCE(user_id, 0), lower(data->>'name')) WHERE resource = 'tags' DO NOTHING`,
    [owner.serviceId, wanted],
  );
  if (inserted.affectedRows > 0) await tags.store.changedMany(tx, owner);
  const { rows } = await tx.query<{ name: string }>(
    `SELECT data->>'name' AS name FROM module_records WHERE resource = 'tags' AND client_service_id = $1 AND lower(data->>'name') = ANY($2::text[])`,
    [owner.serviceId, wanted.map((name) => name.toLowerCase())],
  );
  const byLower = new Map(rows.map((row) => [row.name.toLowerCase(), row.name]));
  for (const name of wanted) spelled.set(name, byLower.get(name.toLowerCase()) ?? name);
  return spelled;
}

/**
 * Writes recipients in one statement: new addresses inserted, known ones (any letter case) keep
 * their name, e-mail and unsubscription and gain the tags (united, each once, in first-seen order).
 * Answers how many were created and how many merged.
 */
export async function upsertRecipients(tx: Queryable, serviceId: number, batch: Incoming[]): Promise<{ created: number; merged: number }> {
  const { rows } = await tx.query<{ created: boolean }>(
    `INSERT INTO module_records (resource, client_service_id, data)
     SELECT 'recipients', $1, jsonb_build_object('name', r.name, 'email', r.email, 'tags', r.tags::jsonb)
       FROM unnest($2::text[], $3::text[], $4::text[]) AS r(email, name, tags)
     ON CONFLICT (COALESCE(client_service_id, 0), COALESCE(user_id, 0), lower(data->>'email')) WHERE resource = 'recipients'
     DO UPDATE SET updated_at = now(), data = jsonb_set(module_records.data, '{tags}', (
       SELECT coalesce(jsonb_agg(kept.v ORDER BY kept.o), '[]'::jsonb) FROM (
         SELECT DISTINCT ON (united.v) united.v, united.o
           FROM jsonb_array_elements(coalesce(module_records.data->'tags', '[]'::jsonb) || (EXCLUDED.data->'tags')) WITH ORDINALITY AS united(v, o)
          ORDER BY united.v, united.o) kept))
     RETURNING (xmax = 0) AS created`,
    [serviceId, batch.map((r) => r.email), batch.map((r) => r.name), batch.map((r) => JSON.stringify([...r.tags]))],
  );
  const created = rows.filter((row) => row.created).length;
  return { created, merged: rows.length - created };
}

/**
 * The import job: reads the stored file, checks and merges its rows, writes the recipients in
 * chunks (each its own transaction, then a progress report), then the per-row errors and the
 * counts, and deletes the file. Running it again (a crash, a retry) writes the same recipients
 * again: the merge makes that harmless, and a finished import is left alone.
 */
export async function runImport(app: FastifyInstance, job: JobContext<{ importId: number }>): Promise<void> {
  const { db } = app.ctx;
  const recipients = app.schemaModules.get('recipients')!;
  const tags = app.schemaModules.get('tags')!;
  const { rows } = await db.query<ImportRow>('SELECT * FROM recipient_imports WHERE id = $1', [job.data.importId]);
  const record = rows[0];
  if (!record || record.status === 'completed' || record.status === 'failed' || !record.file_key) return;
  await db.query("UPDATE recipient_imports SET status = 'running' WHERE id = $1", [record.id]);
  const owner: Owner = { serviceId: record.client_service_id, userId: null };

  const fail = async (reason: string) => {
    await db.query("UPDATE recipient_imports SET status = 'failed', failure = $2, finished_at = now(), file_key = NULL WHERE id = $1", [record.id, reason]);
    await app.ctx.files.delete(record.file_key!);
  };
  let read: ReadRows;
  try {
    const buffer = await readStored(app, record.file_key);
    read = record.file_format === 'xlsx' ? await readXlsx(buffer) : readCsv(buffer);
  } catch (error) {
    if (error instanceof ImportFileRefused) return fail(t(error.key, error.params));
    app.log.warn({ err: error, importId: record.id }, 'recipient import file unreadable');
    return fail(t('errors.recipient_imports.file_unreadable'));
  }
  const collected = collectRecipients(read, record.tags, recipients, record.columns);
  if (!collected) return fail(t('errors.recipient_imports.no_email_column'));
  const { incoming, errors, total } = collected;
  await job.progress(0, incoming.size);

  const spelled = await db.transaction((tx) => canonicalTags(tx, tags, owner, new Set([...incoming.values()].flatMap((r) => [...r.tags]))));
  const batch = [...incoming.values()].map((r) => ({ ...r, tags: new Set([...r.tags].map((tag) => spelled.get(tag) ?? tag)) }));
  let created = 0;
  let merged = 0;
  for (let start = 0; start < batch.length; start += CHUNK) {
    const counts = await recipients.store.transaction(db, async (tx) => {
      const written = await upsertRecipients(tx, owner.serviceId!, batch.slice(start, start + CHUNK));
      await recipients.store.changedMany(tx, owner);
      return written;
    });
    created += counts.created;
    merged += counts.merged;
    await job.progress(Math.min(start + CHUNK, batch.length), batch.length);
  }
  // Rows merged into an earlier row of the file count as merged too.
  merged += total - errors.length - incoming.size;
  await db.transaction(async (tx) => {
    await tx.query(
      'INSERT INTO recipient_import_errors (import_id, row_number, reason) SELECT $1, * FROM unnest($2::int[], $3::text[]) ON CONFLICT DO NOTHING',
      [record.id, errors.map((e) => e.row), errors.map((e) => e.reason)],
    );
    await tx.query(
      `UPDATE recipient_imports SET status = 'completed', finished_at = now(), file_key = NULL,
              rows_total = $2, rows_created = $3, rows_merged = $4, rows_failed = $5 WHERE id = $1`,
      [record.id, total, created, merged, errors.length],
    );
  });
  await app.ctx.files.delete(record.file_key);
}
