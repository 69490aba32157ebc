import type { FastifyInstance } from 'fastify';
import { panelDay } from '../../../../common/panel-time';
import type { Queryable } from '../../../../server/platform/db';
import type { JobDefinition } from '../../../../server/platform/jobs';
import type { ModuleRoutes } from '../../../../server/schema';
import { allowedSql, DEFAULT_FLAGS } from './rules';

/**
 * What an import can carry (SPEC 7 GET /content_types): the records of `resource` in the categories
 * of `categories`, seen by users with `module`; a copy takes the source's `copied` fields (those the
 * schema declares: never its files nor its nested records, which stay the source's). Today the news.
 */
export interface ContentType {
  id: number;
  resource: string;
  categories: string;
  module: string;
  copied: readonly string[];
}

export const CONTENT_TYPES: readonly ContentType[] = [
  {
    id: 1,
    resource: 'news_items',
    categories: 'news_categories',
    module: 'news',
    copied: ['title', 'lead', 'content', 'date', 'published', 'publish_from', 'publish_to', 'archived', 'display_date', 'display_lead', 'display_photo'],
  },
];

/** Import types (schema's import_type_id): 1 kept in step all the time, 2 copied when the import is saved or switched on. */
export const CONTINUOUS = 1;

export const IMPORT_SYNC_JOB = 'imports-sync';
/** Keeps continuous imports in step with their sources every 15 minutes (and ends those whose dates passed). */
const SYNC_CRON = '*/15 * * * *';
/** Advisory lock class of one import's sync: two runs of one import never interleave. */
const LOCK_CLASS = 9120;

/**
 * What marks a copy (read-only properties of the news item): the news screens show it read-only
 * with its source, and lists it under the category's do_importu page.
 */
export const IMPORTED = 'imported';

export const contentTypeOf = (id: unknown) => CONTENT_TYPES.find((type) => type.id === id);

/** Today in Polish time, as the import's dates are written (YYYY-MM-DD). */
export function today(now = new Date()): string {
  return panelDay(now);
}

/** How a category holds its records: as their parent (nested module) or in a category_id property. */
function categoryPlacement(items: ModuleRoutes, type: ContentType) {
  const nested = items.module.admin.parent?.resource === type.categories;
  return {
    /** SQL condition on module_records of the records in the category `$n`. */
    condition: (param: string) => (nested ? `parent_id = ${param}` : `data->'category_id' = to_jsonb(${param}::bigint)`),
    parentId: (categoryId: number) => (nested ? categoryId : undefined),
    values: (categoryId: number): Record<string, unknown> => (nested ? {} : { category_id: categoryId }),
  };
}

interface ImportRow {
  client_service_id: number;
  data: Record<string, unknown>;
}

/**
 * Whether an import copies now: switched on, within its dates, the importing service's imports on,
 * the source still letting it import (exports on, its sources list) and both categories there.
 */
async function isActive(tx: Queryable, row: ImportRow, type: ContentType): Promise<boolean> {
  const { data } = row;
  const day = today();
  if (data.published !== true) return false;
  if (typeof data.start_date === 'string' && data.start_date > day) return false;
  if (typeof data.end_date === 'string' && data.end_date < day) return false;
  const category = (service: string, id: string) => `EXISTS (SELECT 1 FROM module_records WHERE id = ${id} AND resource = $5 AND client_service_id = ${service})`;
  const { rows } = await tx.query(
    `SELECT 1 WHERE COALESCE((SELECT s.imports FROM import_settings s WHERE s.client_service_id = $2), $6)
        AND ${allowedSql('$1::int', '$2::int')} AND ${category('$1', '$3')} AND ${category('$2', '$4')}`,
    [Number(data.export_client_service_id), row.client_service_id, Number(data.export_category_id), Number(data.category_id), type.categories, DEFAULT_FLAGS.imports],
  );
  return rows.length > 0;
}

/** The fields a copy takes from its source record, as the content's schema declares them. */
function copiedValues(items: ModuleRoutes, type: ContentType, data: Record<string, unknown>): Record<string, unknown> {
  const declared = items.module.schema.properties ?? {};
  return Object.fromEntries(type.copied.filter((name) => name in declared && name in data).map((name) => [name, data[name]]));
}

/** The values of a stored record named in `like` (what a copy's update would change). */
const sameFields = (data: Record<string, unknown>, like: Record<string, unknown>) =>
  JSON.stringify(Object.keys(like).map((name) => data[name] ?? null)) === JSON.stringify(Object.values(like).map((value) => value ?? null));

/**
 * Brings one import's copies in step: while it is active, the target category holds a copy of each
 * published, not itself imported, record of the source category (new ones added, changed ones
 * updated); copies of records that are gone or unpublished, and every copy of an import that is off,
 * out of its dates, refused by its source or removed, are deleted. Idempotent.
 */
export async function syncImport(app: FastifyInstance, importId: number): Promise<void> {
  // Copies are records of a content type's module: its store runs the transaction, so its cached
  // lists learn of the copies as they commit (today there is one content type, the news).
  const runner = CONTENT_TYPES.map((type) => app.schemaModules.get(type.resource)).find(Boolean);
  if (runner) await runner.store.transaction(app.ctx.db, (tx) => syncImportIn(app, tx, importId));
}

/** syncImport's work inside a transaction the caller runs (the demo seed's). */
export async function syncImportIn(app: FastifyInstance, tx: Queryable, importId: number): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock($1, $2)', [LOCK_CLASS, importId % 2_147_483_647]);
  const { rows } = await tx.query<ImportRow>('SELECT client_service_id, data FROM module_records WHERE id = $1 AND resource = $2', [importId, 'imports']);
  const row = rows[0];
  const type = row ? contentTypeOf(row.data.content_type_id) : undefined;
  const items = type ? app.schemaModules.get(type.resource) : undefined;

  const wanted = new Map<number, Record<string, unknown>>();
  if (row && type && items && (await isActive(tx, row, type))) {
    const placement = categoryPlacement(items, type);
    const source = Number(row.data.export_client_service_id);
    const { rows: named } = await tx.query<{ name: string }>('SELECT name FROM client_services WHERE id = $1', [source]);
    // Copies are never copied again (two services importing from each other would echo forever).
    const found = await tx.query<{ id: number; data: Record<string, unknown> }>(
      `SELECT id, data FROM module_records
        WHERE resource = $1 AND client_service_id = $2 AND ${placement.condition('$3')}
          AND data->'published' = 'true'::jsonb AND NOT COALESCE((data->>'${IMPORTED}')::boolean, FALSE)
        ORDER BY id`,
      [type.resource, source, Number(row.data.export_category_id)],
    );
    for (const record of found.rows) {
      wanted.set(Number(record.id), {
        ...copiedValues(items, type, record.data),
        ...placement.values(Number(row.data.category_id)),
        [IMPORTED]: true,
        imported_client_service_id: source,
        imported_client_service_name: named[0]?.name ?? '',
        imported_news_id: Number(record.id),
      });
    }
  }

  const copies = await tx.query<{ source_id: number; copy_id: number; resource: string; client_service_id: number; parent_id: number | null; data: Record<string, unknown> }>(
    `SELECT c.source_id, c.copy_id, m.resource, m.client_service_id, m.parent_id, m.data
       FROM import_copies c JOIN module_records m ON m.id = c.copy_id WHERE c.import_id = $1`,
    [importId],
  );
  // Copies go through their module's store, one by one, so its cached lists learn of each.
  const dropped: number[] = [];
  for (const copy of copies.rows) {
    const store = app.schemaModules.get(copy.resource)?.store;
    const owner = { serviceId: copy.client_service_id, userId: null, parentId: copy.parent_id };
    const values = wanted.get(Number(copy.source_id));
    const sameCategory = row && (copy.parent_id === null || Number(copy.parent_id) === Number(row.data.category_id));
    if (values && store && sameCategory) {
      wanted.delete(Number(copy.source_id));
      if (!sameFields(copy.data, values)) await store.update(tx, owner, Number(copy.copy_id), values, {});
    } else {
      // The mapping row goes with the copy (ON DELETE CASCADE); one whose copy's module is not loaded stays until removed below.
      if (store) await store.remove(tx, owner, Number(copy.copy_id));
      dropped.push(Number(copy.source_id));
    }
  }
  if (dropped.length) await tx.query('DELETE FROM import_copies WHERE import_id = $1 AND source_id = ANY($2::bigint[])', [importId, dropped]);
  if (!row || !items || !type || wanted.size === 0) return;
  const placement = categoryPlacement(items, type);
  const owner = { serviceId: row.client_service_id, userId: null, parentId: placement.parentId(Number(row.data.category_id)) };
  const sourceIds = [...wanted.keys()];
  const copyIds: number[] = [];
  for (const values of wanted.values()) copyIds.push((await items.store.insert(tx, owner, values, {})).id);
  await tx.query('INSERT INTO import_copies (import_id, source_id, copy_id) SELECT $1, unnest($2::bigint[]), unnest($3::bigint[])', [importId, sourceIds, copyIds]);
}

/** The scheduled run: every continuous import, and the copies left by imports that are gone. */
export async function syncAll(app: FastifyInstance): Promise<void> {
  const { rows } = await app.ctx.db.query<{ id: number }>(
    `SELECT id FROM module_records WHERE resource = 'imports' AND data->'import_type_id' = to_jsonb($1::int)
     UNION SELECT DISTINCT import_id FROM import_copies c WHERE NOT EXISTS (SELECT 1 FROM module_records m WHERE m.id = c.import_id AND m.resource = 'imports')
     ORDER BY id`,
    [CONTINUOUS],
  );
  for (const row of rows) await syncImport(app, Number(row.id));
}

/** Queues one import's sync (inside the caller's transaction, when given); repeated requests coalesce while one waits. */
export async function queueSync(app: FastifyInstance, importId: number, tx?: Queryable): Promise<void> {
  await app.ctx.jobs.send(IMPORT_SYNC_JOB, { importId }, { singletonKey: `import-${importId}`, ...(tx ? { tx } : {}) });
}

export function importSyncJob(app: FastifyInstance): JobDefinition<{ importId?: number }> {
  return {
    name: IMPORT_SYNC_JOB,
    cron: SYNC_CRON,
    policy: 'short',
    retryLimit: 5,
    retryDelaySeconds: 30,
    retryBackoff: true,
    handler: async (job) => (job.data.importId ? syncImport(app, job.data.importId) : syncAll(app)),
  };
}
