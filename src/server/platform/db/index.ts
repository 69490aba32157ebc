import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { migrate } from './migrate';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';
import type { Db } from './types';

export type { Db, Queryable, QueryResult } from './types';

export interface DbOptions {
  databaseUrl?: string;
  /** Where PGlite keeps its files; 'memory' for an in-memory database. */
  dataDir: string | 'memory';
}

export async function openDb(options: DbOptions): Promise<Db> {
  let db: Db;
  if (options.databaseUrl) {
    db = await openPostgres(options.databaseUrl);
  } else if (options.dataDir === 'memory') {
    db = await openPglite(undefined);
  } else {
    const dir = path.join(options.dataDir, 'pglite');
    await mkdir(dir, { recursive: true });
    db = await openPglite(dir);
  }
  await migrate(db);
  return db;
}
