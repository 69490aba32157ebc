import type { ModuleSchema, Registry } from '../../common/schema';
import type { Db } from '../platform/db';
import { withSchemaLock } from '../platform/db/migrate';

/** Consecutive ids per block whose records module_list_counts counts (the triggers of migration 240 divide by it). */
export const LIST_BUCKET_IDS = 1024;

/**
 * The filters of a module's list whose matching records are counted per block of ids: every
 * `eq` and `contains` filter of a field (a period changes with time; an id is one record).
 */
export function countedFilters(module: ModuleSchema): { field: string; op: 'eq' | 'contains' }[] {
  const { admin } = module;
  if (admin.storage || !admin.crud) return [];
  return (admin.list.filters ?? []).flatMap(({ field, op }) => (field !== 'id' && (op === 'eq' || op === 'contains') ? [{ field, op }] : []));
}

/**
 * Makes module_counted_filters name the filters the schemas declare (countedFilters): a new or
 * changed one has its counts built from the records there are, one no schema declares any more
 * loses them. Writes wait meanwhile (SHARE lock), so no record is counted twice or missed.
 */
export async function ensureListCounts(db: Db, registry: Registry): Promise<void> {
  const declared = registry.modules.flatMap((module) => countedFilters(module).map((filter) => ({ resource: module.admin.resource, ...filter })));
  const { rows } = await db.query<{ resource: string; field: string; op: string }>('SELECT resource, field, op FROM module_counted_filters');
  const key = (filter: { resource: string; field: string; op: string }) => `${filter.resource}\n${filter.field}\n${filter.op}`;
  const kept = new Set(rows.map(key));
  const wanted = new Set(declared.map(key));
  const added = declared.filter((filter) => !kept.has(key(filter)));
  const dropped = rows.filter((filter) => !wanted.has(key(filter)));
  if (added.length === 0 && dropped.length === 0) return;
  await withSchemaLock(db, async (tx) => {
    await tx.query('LOCK TABLE module_records IN SHARE MODE');
    for (const { resource, field } of [...dropped, ...added]) {
      await tx.query('DELETE FROM module_counted_filters WHERE resource = $1 AND field = $2', [resource, field]);
      await tx.query('DELETE FROM module_list_counts WHERE resource = $1 AND field = $2', [resource, field]);
    }
    for (const { resource, field, op } of added) {
      await tx.query('INSERT INTO module_counted_filters (resource, field, op) VALUES ($1, $2, $3)', [resource, field, op]);
      await tx.query(
        `INSERT INTO module_list_counts (resource, client_service_id, user_id, parent_id, field, value, bucket, count)
         SELECT r.resource, coalesce(r.client_service_id, 0), coalesce(r.user_id, 0), coalesce(r.parent_id, 0), k.field, k.value, r.id / ${LIST_BUCKET_IDS}, count(*)
           FROM module_records r CROSS JOIN LATERAL module_list_keys(r.resource, r.data) k
          WHERE r.resource = $1 AND k.field = $2
          GROUP BY 1, 2, 3, 4, 5, 6, 7`,
        [resource, field],
      );
    }
  });
}
