import type { ModuleSchema, Registry } from '../../common/schema';
import type { Db } from '../platform/db';
import { withSchemaLock } from '../platform/db/migrate';

/** The fields a module's list search reads, in the order their values are joined; none when its records keep no search text. */
function searchedFields(module: ModuleSchema): string[] {
  const { admin } = module;
  if (admin.storage || !admin.crud) return [];
  return admin.list.search ?? [];
}

/**
 * The trigram index's pending list (texts written since it was last merged into the index) is read
 * in full by every search through the index, and the embedded database has no autovacuum to merge
 * it: at the default 4 MB, texts written after the index (an import, the API's writes) made searches
 * through it three to seven times slower. At 256 kB it is merged as often as that fills up; a bulk
 * write of 100,000 texts takes about as long.
 */
const PENDING_LIST_LIMIT = 'gin_pending_list_limit=256';

/**
 * Makes module_searched_fields name the search fields the schemas declare (searchedFields): a
 * resource whose fields are new or changed has its records' texts (module_search_texts, migration
 * 245) written anew, one no schema searches any more loses them. Writes wait meanwhile (SHARE
 * lock), so no record's text is missed. Where pg_trgm is, the texts get their trigram index
 * (PENDING_LIST_LIMIT).
 */
export async function ensureSearchTexts(db: Db, registry: Registry): Promise<void> {
  const declared = new Map(
    registry.modules.flatMap((module) => {
      const fields = searchedFields(module);
      return fields.length ? [[module.admin.resource, fields] as const] : [];
    }),
  );
  const { rows } = await db.query<{ resource: string; fields: string[] }>('SELECT resource, fields FROM module_searched_fields');
  const kept = new Map(rows.map((row) => [row.resource, row.fields]));
  const changed = [...new Set([...kept.keys(), ...declared.keys()])].filter((resource) => kept.get(resource)?.join('\n') !== declared.get(resource)?.join('\n'));
  if (changed.length > 0) {
    await withSchemaLock(db, async (tx) => {
      await tx.query('LOCK TABLE module_records IN SHARE MODE');
      for (const resource of changed) {
        await tx.query('DELETE FROM module_searched_fields WHERE resource = $1', [resource]);
        await tx.query('DELETE FROM module_search_texts WHERE resource = $1', [resource]);
        const fields = declared.get(resource);
        if (!fields) continue;
        await tx.query('INSERT INTO module_searched_fields (resource, fields) VALUES ($1, $2)', [resource, fields]);
        await tx.query(
          `INSERT INTO module_search_texts (id, resource, client_service_id, user_id, parent_id, text)
           SELECT id, resource, coalesce(client_service_id, 0), coalesce(user_id, 0), coalesce(parent_id, 0), module_search_text($2, data)
             FROM module_records WHERE resource = $1`,
          [resource, fields],
        );
      }
    });
    // Written in bulk: the planner must know how many texts there are to tell a scan from the trigram
    // index (an embedded database has no autovacuum to learn it).
    await db.query('ANALYZE module_search_texts');
  }
  const trigram = (await db.query("SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm'")).rows.length > 0;
  if (!trigram) return;
  const { rows: index } = await db.query<{ options: string[] | null }>("SELECT reloptions AS options FROM pg_class WHERE relname = 'module_search_texts_trgm' AND relkind = 'i'");
  if (index.length === 0) {
    await withSchemaLock(db, (tx) => tx.query(`CREATE INDEX IF NOT EXISTS module_search_texts_trgm ON module_search_texts USING GIN (text gin_trgm_ops) WITH (${PENDING_LIST_LIMIT})`));
  } else if (!index[0].options?.includes(PENDING_LIST_LIMIT)) {
    // An index made before the limit: its pending list may hold megabytes already.
    await withSchemaLock(db, async (tx) => {
      await tx.query(`ALTER INDEX module_search_texts_trgm SET (${PENDING_LIST_LIMIT})`);
      await tx.query("SELECT gin_clean_pending_list('module_search_texts_trgm'::regclass)");
    });
  }
}
