import type { FastifyInstance, FastifyRequest } from 'fastify';
import { currentUser } from '../../../server/platform/auth/plugin';
import type { Queryable } from '../../../server/platform/db';
import { CSV_BOM, csvDownloadHeaders, csvLine } from '../../../server/platform/http/csv';
import { assertValidForm, httpError, t } from '../../../server/platform/http/errors';
import { readPage } from '../../../server/platform/http/pagination';
import { newStoredName } from '../../../server/platform/files/store';
import { requireServiceAccess } from '../../../server/platform/auth/service-access';
import { documentOperation, moduleRoutes } from '../../../server/schema';
import { syncMenuEntries } from '../../../server/schema/menus';
import { rootService } from '../../services/server';
import type { MappedColumns } from '../common/recipient-columns';
import { detectFormat } from './recipient-file';
import { IMPORT_JOB, runImport } from './recipient-import';

/** The largest import file: a CSV of several hundred thousand recipients. */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
// consent_by: who stated the recipients' consent, by name (the login when the name is empty).
const IMPORT_COLUMNS = `id, file_name, file_format, tags, columns, consent_user_id, consent_at,
  (SELECT coalesce(nullif(trim(u.name || ' ' || u.surname), ''), u.username) FROM users u WHERE u.id = consent_user_id) AS consent_by,
  job_id, status, failure, rows_total, rows_created, rows_merged, rows_failed, created_at, finished_at`;
/** The most columns a mapping may name (a column's position in the file's rows). */
const MAX_COLUMN = 255;

/** The service area's admin entry these routes serve (the schema modules place their own). */
const MENU = [{ prefix: 'service_admin_imports', name: 'app.service_admin.imports.title', icon: 'People', sort: 58, rootOnly: true }];

/** The sender types a service may use (admin/metody_wysylki); every type until a root user chose. */
export async function allowedSenderTypes(app: FastifyInstance, db: Queryable, serviceId: number): Promise<number[] | null> {
  const types = moduleRoutes(app, 'sender_types');
  const record = types && (await types.store.first(db, { serviceId, userId: null }));
  return (record?.values.config_type_ids as number[] | undefined) ?? null;
}

/**
 * The newsletter's pages of the service admin area (root users; the area's modules page is the
 * services module's): admin/importy (recipient imports from CSV or XLSX as jobs, with their per-row
 * errors as CSV; a client imports through the same calls from its recipients list, stating the
 * recipients' consent and mapping the columns) and, beside the sender-types schema module (admin/metody_wysylki), the check that
 * a sender config uses an allowed type.
 */
export async function serviceAdminRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;
  await syncMenuEntries(db, MENU, (problem) => app.log.warn(problem));

  const senders = moduleRoutes(app, 'senders_config');
  senders?.addHooks({
    async beforeWrite(tx, owner, values) {
      const allowed = await allowedSenderTypes(app, tx, owner.serviceId!);
      if (allowed && !allowed.includes(values.config_type_id as number)) assertValidForm({ config_type_id: 'errors.senders_config.type_not_allowed' });
      return values;
    },
  });

  // admin/importy
  const recipients = moduleRoutes(app, 'recipients');
  const tags = moduleRoutes(app, 'tags');
  if (!recipients || !tags) return;
  await app.ctx.jobs.define<{ importId: number }>({ name: IMPORT_JOB, retryLimit: 2, retryDelaySeconds: 10, expireInSeconds: 15 * 60, handler: (job) => runImport(app, job) });

  const base = '/client_service/:service_id/module/recipients/imports';
  const documentedBase = '/client_service/{service_id}/module/recipients/imports';
  documentOperation(app, 'get', documentedBase, { tags: ['service admin'], summary: 'Root: the recipient imports {data, pagination: {total}}', responses: { 200: { description: 'OK' } } });
  documentOperation(app, 'post', documentedBase, {
    tags: ['service admin'],
    summary:
      "Root, or a user given the service's recipients: import recipients from a CSV or XLSX file (multipart: file, payload {tags, columns: {email, name, tags} (positions, -1 none; default: by the header row), consent}); a user other than root must state the recipients' consent. Answers the import with its job_id",
    responses: {
      201: { description: 'The import, queued' },
      400: { description: 'No file, an unknown tag, a bad mapping or no consent stated' },
      413: { description: 'Over 20 MB' },
      415: { description: 'Neither CSV nor XLSX' },
    },
  });
  documentOperation(app, 'get', `${documentedBase}/{import_id}`, { tags: ['service admin'], summary: "Root, or a user given the service's recipients: one import", responses: { 200: { description: 'OK' } } });
  documentOperation(app, 'get', `${documentedBase}/{import_id}/errors`, {
    tags: ['service admin'],
    summary: "Root, or a user given the service's recipients: the rows the import refused, as CSV (row number; reason)",
    responses: { 200: { description: 'text/csv' } },
  });
  // One import's calls: root, or whoever uses the service's recipients (a client's own import).
  const importingService = async (request: FastifyRequest) => (await requireServiceAccess(db, request, (request.params as { service_id: string }).service_id, 'recipients')).serviceId;

  app.get(base, { preHandler: app.authenticate }, async (request) => {
    const serviceId = await rootService(app, request, 'recipients');
    const { limit, offset } = readPage(request.query, 25);
    const [page, count] = await Promise.all([
      db.query(`SELECT ${IMPORT_COLUMNS} FROM recipient_imports WHERE client_service_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3`, [serviceId, limit, offset]),
      db.query<{ total: number }>('SELECT count(*)::int AS total FROM recipient_imports WHERE client_service_id = $1', [serviceId]),
    ]);
    return { data: page.rows, pagination: { total: Number(count.rows[0].total) } };
  });

  const importOf = async (request: FastifyRequest) => {
    const serviceId = await importingService(request);
    const id = Number((request.params as { import_id: string }).import_id);
    if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) throw httpError(404, 'errors.not_found');
    const { rows } = await db.query(`SELECT ${IMPORT_COLUMNS} FROM recipient_imports WHERE id = $1 AND client_service_id = $2`, [id, serviceId]);
    if (!rows[0]) throw httpError(404, 'errors.not_found');
    return rows[0] as { id: number };
  };
  app.get(`${base}/:import_id`, { preHandler: app.authenticate }, (request) => importOf(request));
  app.get(`${base}/:import_id/errors`, { preHandler: app.authenticate }, async (request, reply) => {
    const record = await importOf(request);
    const { rows } = await db.query<{ row_number: number; reason: string }>('SELECT row_number, reason FROM recipient_import_errors WHERE import_id = $1 ORDER BY row_number', [record.id]);
    const lines = [CSV_BOM + csvLine([t('app.service_admin.imports.errors_row'), t('app.service_admin.imports.errors_reason')]), ...rows.map((row) => csvLine([row.row_number, row.reason]))];
    return reply.headers(csvDownloadHeaders(`${t('app.service_admin.imports.errors_file_name', { id: record.id })}.csv`)).send(lines.join(''));
  });

  app.post(base, { preHandler: app.authenticate }, async (request, reply) => {
    const serviceId = await importingService(request);
    const user = currentUser(request);
    if (!request.isMultipart()) throw httpError(400, 'errors.file_required');
    let given: unknown = {};
    let upload: { key: string; name: string; format: 'csv' | 'xlsx' } | null = null;
    try {
      for await (const part of request.parts({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 2 } })) {
        if (part.type === 'field') {
          if (part.fieldname === 'payload') given = parsePayload(String(part.value));
          continue;
        }
        const temporary = await app.ctx.files.putTemporary(part.file, IMPORT_MAX_BYTES);
        if ((part.file as { truncated?: boolean }).truncated) {
          await app.ctx.files.delete(temporary.key);
          throw httpError(413, 'errors.file_too_large');
        }
        const format = temporary.bytes > 0 ? detectFormat(temporary.head) : null;
        if (!format) {
          await app.ctx.files.delete(temporary.key);
          throw temporary.bytes === 0 ? httpError(400, 'errors.file_required') : httpError(415, 'errors.recipient_imports.file_type');
        }
        upload = { key: temporary.key, name: (part.filename || `import.${format}`).slice(0, 255), format };
      }
    } catch (error) {
      if (upload) await app.ctx.files.delete(upload.key);
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw httpError(413, 'errors.file_too_large');
      throw (error as { statusCode?: number }).statusCode === undefined ? httpError(400, 'errors.invalid_request') : error;
    }
    if (!upload) throw httpError(400, 'errors.file_required');
    const temporaryKey = upload.key;
    try {
      const importTags = await checkedTags(db, serviceId, given);
      const columns = checkedColumns(given);
      const consent = consentOf(given);
      if (!consent && !user.isRoot) assertValidForm({ consent: 'errors.recipient_imports.consent_required' });
      const key = `services/${serviceId}/recipient-imports/${newStoredName(upload.format)}`;
      await app.ctx.files.commit(temporaryKey, key);
      const created = await db.transaction(async (tx) => {
        const { rows } = await tx.query<{ id: number }>(
          `INSERT INTO recipient_imports (client_service_id, user_id, file_name, file_format, file_key, tags, columns, consent_user_id, consent_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, CASE WHEN $8::int IS NULL THEN NULL ELSE now() END) RETURNING id`,
          [serviceId, user.userId, upload.name, upload.format, key, JSON.stringify(importTags), columns && JSON.stringify(columns), consent ? user.userId : null],
        );
        const jobId = await app.ctx.jobs.send(IMPORT_JOB, { importId: rows[0].id }, { owner: { clientServiceId: serviceId }, tx });
        await tx.query('UPDATE recipient_imports SET job_id = $2 WHERE id = $1', [rows[0].id, jobId]);
        const saved = await tx.query(`SELECT ${IMPORT_COLUMNS} FROM recipient_imports WHERE id = $1`, [rows[0].id]);
        return saved.rows[0];
      }).catch(async (error: unknown) => {
        await app.ctx.files.delete(key);
        throw error;
      });
      return reply.code(201).send({ ...created, detail: t('app.service_admin.imports.queued') });
    } finally {
      await app.ctx.files.delete(temporaryKey).catch(() => undefined);
    }
  });
}

function parsePayload(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw httpError(400, 'errors.payload_invalid');
  }
}

const fieldOf = (given: unknown, name: string): unknown => (given && typeof given === 'object' ? (given as Record<string, unknown>)[name] : undefined);

/** Whether the payload states that the recipients consented to receive mail. */
function consentOf(given: unknown): boolean {
  const consent = fieldOf(given, 'consent');
  if (consent !== undefined && typeof consent !== 'boolean') assertValidForm({ consent: 'errors.recipient_imports.consent_required' });
  return consent === true;
}

/**
 * The columns the user mapped: each a position in the file's rows (-1: none), the e-mail's
 * required, no column twice; null when the payload maps none (the header row tells).
 */
function checkedColumns(given: unknown): MappedColumns | null {
  const raw = fieldOf(given, 'columns');
  if (raw === undefined || raw === null) return null;
  const position = (value: unknown, required: boolean) => (Number.isInteger(value) && (value as number) >= (required ? 0 : -1) && (value as number) <= MAX_COLUMN ? (value as number) : null);
  const email = position(fieldOf(raw, 'email'), true);
  const name = fieldOf(raw, 'name') === undefined ? -1 : position(fieldOf(raw, 'name'), false);
  const tags = fieldOf(raw, 'tags') === undefined ? -1 : position(fieldOf(raw, 'tags'), false);
  if (typeof raw !== 'object' || Array.isArray(raw) || email === null) assertValidForm({ columns: 'errors.recipient_imports.email_column_required' });
  if (name === null || tags === null) assertValidForm({ columns: 'errors.recipient_imports.columns_invalid' });
  const used = [email!, name!, tags!].filter((column) => column >= 0);
  if (new Set(used).size !== used.length) assertValidForm({ columns: 'errors.recipient_imports.columns_invalid' });
  return { email: email!, name: name!, tags: tags! };
}

/** The tags an import adds to every recipient: existing tags of the service, as it spells them (400 otherwise). */
async function checkedTags(db: Queryable, serviceId: number, given: unknown): Promise<string[]> {
  const raw = fieldOf(given, 'tags');
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw) || raw.length > 100 || !raw.every((tag) => typeof tag === 'string' && tag.length <= 128)) {
    assertValidForm({ tags: 'errors.reference_not_found' });
  }
  const wanted = [...new Set(raw as string[])];
  if (wanted.length === 0) return [];
  const { rows } = await db.query<{ name: string }>("SELECT data->>'name' AS name FROM module_records WHERE resource = 'tags' AND client_service_id = $1 AND data->>'name' = ANY($2::text[])", [
    serviceId,
    wanted,
  ]);
  assertValidForm(rows.length === wanted.length ? {} : { tags: 'errors.reference_not_found' });
  return wanted;
}
