import { createHash } from 'node:crypto';
import type { ModuleSchema, Registry } from '../../common/schema';
import type { Db } from '../platform/db';
import { withSchemaLock } from '../platform/db/migrate';

// Owners as one comparable value, so unique keys hold for admin-scope rows (NULL owner) too.
const OWNER = 'COALESCE(client_service_id, 0), COALESCE(user_id, 0)';

const INDEX_NAME = /INDEX IF NOT EXISTS (\S+) /;

/** Index names stay under PostgreSQL's 63 characters and differ when their definitions do. */
function indexName(resource: string, what: string, definition: string): string {
  const hash = createHash('sha256').update(definition).digest('hex').slice(0, 8);
  return `mr_${resource}_${what}`.slice(0, 50) + `_${hash}`;
}

/**
 * The statements that give one module its x-admin indexes and unique keys on module_records,
 * each a partial index on its resource (a list search has its trigram index on module_search_texts,
 * search-texts.ts). Identifiers were checked by the registry (IDENTIFIER).
 * Each expression is the one the stores query (storage.ts), or the planner could not use it.
 */
export function indexStatements(module: ModuleSchema): string[] {
  const { admin } = module;
  if (admin.storage || !admin.crud) return [];
  const where = `WHERE resource = '${admin.resource}'`;
  const statements: string[] = [];
  const add = (unique: boolean, what: string, body: string) => {
    const definition = `ON module_records ${body} ${where}`;
    statements.push(`CREATE ${unique ? 'UNIQUE ' : ''}INDEX IF NOT EXISTS ${indexName(admin.resource, what, definition)} ${definition}`);
  };
  for (const index of admin.indexes) {
    if (index.kind === 'gin') add(false, `${index.field}_gin`, `USING GIN ((data->'${index.field}') jsonb_path_ops)`);
    else if (index.kind === 'lower') add(false, `${index.field}_lower`, `(client_service_id, lower(data->>'${index.field}'))`);
    else add(false, index.field, `(client_service_id, (data->'${index.field}'), id)`);
  }
  for (const key of admin.unique) {
    const columns = key.fields.map((f) => (key.ignoreCase ? `lower(data->>'${f}')` : `(data->>'${f}')`));
    add(true, `${key.fields.join('_')}_unique`, `(${OWNER}, ${columns.join(', ')})`);
  }
  // A nested singleton (a news item's map) is one record per parent record.
  if (admin.singleton) add(true, 'singleton', admin.parent ? `(${OWNER}, parent_id)` : `(${OWNER})`);
  return statements;
}

/**
 * Creates the declared indexes at start (idempotent, one process at a time); a new schema file needs no migration. A
 * unique key that existing rows already break cannot be built: that is reported, and the start
 * goes on (the engine's own pre-write check still refuses new duplicates).
 */
export async function ensureIndexes(db: Db, registry: Registry, report: (problem: string) => void): Promise<void> {
  // Most starts find every index built: only the missing ones take the lock.
  const { rows } = await db.query<{ indexname: string }>("SELECT indexname FROM pg_indexes WHERE tablename = 'module_records'");
  const built = new Set(rows.map((row) => row.indexname));
  const declared = new Set<string>();
  for (const module of registry.modules) {
    for (const statement of indexStatements(module)) {
      const name = INDEX_NAME.exec(statement)![1];
      declared.add(name);
      if (built.has(name)) continue;
      try {
        await withSchemaLock(db, (tx) => tx.query(statement));
      } catch (error) {
        if ((error as { code?: string }).code !== '23505') throw error;
        report(`${module.admin.resource}: existing records break a unique key, index not built: ${statement}`);
      }
    }
  }
  // An index of ours no module declares any more (a changed definition has a new name) only slows writes.
  for (const name of built) {
    if (name.startsWith('mr_') && !declared.has(name)) await withSchemaLock(db, (tx) => tx.query(`DROP INDEX IF EXISTS ${name}`));
  }
}

/** The unique key an index-violation error names, to answer 409 with its message. */
export function uniqueKeyOfConstraint(module: ModuleSchema, constraint: string | undefined): string | undefined {
  if (!constraint) return undefined;
  const statements = indexStatements(module);
  return module.admin.unique.find((key) => {
    const prefix = `mr_${module.admin.resource}_${key.fields.join('_')}_unique`.slice(0, 50);
    return constraint.startsWith(prefix) && statements.some((s) => s.includes(constraint));
  })?.message;
}
