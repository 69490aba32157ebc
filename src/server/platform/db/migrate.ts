import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db, Queryable } from './types';

const migrationsDir = fileURLToPath(new URL('./migrations/', import.meta.url));

/** The advisory lock key that serialises schema changes made at start (migrations, module indexes). */
const SCHEMA_CHANGE_LOCK = 7_281_553_000;

/**
 * Runs fn in a transaction that first takes the schema-change lock, so that several server processes
 * starting together on one PostgreSQL server change the schema one after the other (concurrent
 * CREATE ... IF NOT EXISTS of one name fails on PostgreSQL's catalogues).
 */
export function withSchemaLock<T>(db: Db, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_CHANGE_LOCK]);
    return fn(tx);
  });
}

/**
 * Applies migrations/*.sql in name order, each once, each in its own transaction under the
 * schema-change lock (what another process applied meanwhile is seen and skipped).
 */
export async function migrate(db: Db): Promise<string[]> {
  await withSchemaLock(db, (tx) =>
    tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      name TEXT PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())`),
  );
  const files = (await readdir(migrationsDir)).filter((f) => f.endsWith('.sql')).sort();
  return applyMigrations(db, files.map((file) => ({ name: file, path: migrationsDir + file })));
}

/**
 * Applies the migrations not yet in schema_migrations, in order, each in its own transaction under
 * the schema-change lock, where it is looked up again: another process may have applied it meanwhile.
 * Most starts find nothing to apply, and take no lock.
 */
async function applyMigrations(db: Db, migrations: { name: string; path: string }[]): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>('SELECT name FROM schema_migrations');
  const done = new Set(rows.map((row) => row.name));
  const applied: string[] = [];
  for (const { name, path: file } of migrations.filter((migration) => !done.has(migration.name))) {
    const sql = await readFile(file, 'utf8');
    const ran = await withSchemaLock(db, async (tx) => {
      if ((await tx.query('SELECT 1 FROM schema_migrations WHERE name = $1', [name])).rows.length > 0) return false;
      for (const statement of splitStatements(sql)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
      return true;
    });
    if (ran) applied.push(name);
  }
  return applied;
}

/**
 * Applies the storage migrations schema modules declare (x-admin.storage.migration, an .sql file
 * beside the schema file), each once, in its own transaction under the schema-change lock; named in
 * schema_migrations by their path in the schemas folder.
 */
export function migrateModules(db: Db, schemasDir: string, modules: readonly { source: string; migration?: string }[]): Promise<string[]> {
  return applyMigrations(
    db,
    modules.flatMap(({ source, migration }) =>
      migration ? [{ name: `schemas/${path.posix.join(path.posix.dirname(source), migration)}`, path: path.join(schemasDir, path.dirname(source), migration) }] : [],
    ),
  );
}

/**
 * Splits a migration into statements at top-level semicolons. Semicolons inside quoted strings,
 * quoted identifiers, comments and dollar-quoted bodies ($$ … $$, $tag$ … $tag$, as in plpgsql
 * functions) do not split. Comment-only pieces are dropped.
 */
export function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  let start = 0;
  let hasCode = false;
  const finish = (end: number) => {
    if (hasCode) statements.push(sql.slice(start, end).trim());
    start = end + 1;
    hasCode = false;
  };
  let i = 0;
  while (i < sql.length) {
    const char = sql[i];
    if (char === '-' && sql[i + 1] === '-') {
      const end = sql.indexOf('\n', i);
      i = end === -1 ? sql.length : end + 1;
      continue;
    }
    if (char === '/' && sql[i + 1] === '*') {
      i = skipBlockComment(sql, i);
      continue;
    }
    if (char === ';') {
      finish(i);
      i += 1;
      continue;
    }
    if (!/\s/.test(char)) hasCode = true;
    if (char === "'") i = skipQuoted(sql, i, "'", /[eE]/.test(sql[i - 1] ?? '') && !/\w/.test(sql[i - 2] ?? ''));
    else if (char === '"') i = skipQuoted(sql, i, '"', false);
    else if (char === '$') i = skipDollarQuoted(sql, i);
    else i += 1;
  }
  finish(sql.length);
  return statements;
}

/** The index after a '…' or "…" literal opened at `open`; a doubled quote (and \x in E'…') escapes. */
function skipQuoted(sql: string, open: number, quote: string, backslashEscapes: boolean): number {
  let i = open + 1;
  while (i < sql.length) {
    if (backslashEscapes && sql[i] === '\\') i += 2;
    else if (sql[i] === quote && sql[i + 1] === quote) i += 2;
    else if (sql[i] === quote) return i + 1;
    else i += 1;
  }
  throw new Error(`unterminated ${quote} literal in a migration`);
}

/** The index after a $tag$ … $tag$ body opened at `open`, or after the lone `$` (e.g. a $1 parameter). */
function skipDollarQuoted(sql: string, open: number): number {
  const tag = /^\$(?:[A-Za-z_][A-Za-z0-9_]*)?\$/.exec(sql.slice(open))?.[0];
  // A tag may not follow an identifier character: in `a$b$` the dollars belong to the name.
  if (!tag || /\w/.test(sql[open - 1] ?? '')) return open + 1;
  const close = sql.indexOf(tag, open + tag.length);
  if (close === -1) throw new Error(`unterminated ${tag} body in a migration`);
  return close + tag.length;
}

/** The index after a block comment opened at `open`; PostgreSQL's block comments nest. */
function skipBlockComment(sql: string, open: number): number {
  let depth = 0;
  let i = open;
  while (i < sql.length) {
    if (sql.startsWith('/*', i)) {
      depth += 1;
      i += 2;
    } else if (sql.startsWith('*/', i)) {
      depth -= 1;
      i += 2;
      if (depth === 0) return i;
    } else i += 1;
  }
  throw new Error('unterminated block comment in a migration');
}
