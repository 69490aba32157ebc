import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDb } from '../../../src/server/platform/db';
import { createTestDatabase } from './app';

/**
 * Where the processes a kill test starts keep their data (a PGlite data dir, or a PostgreSQL
 * database with a data dir for the files), as their environment; `open` opens it from the test.
 */
export interface KillTarget {
  env: { DATA_DIR: string; DATABASE_URL: string };
  open(): ReturnType<typeof openDb>;
}

/** Runs `use` on a fresh target of the kind (PostgreSQL: a database on TEST_DATABASE_URL), removed afterwards. */
export async function onKillTarget(kind: 'pglite' | 'postgres', prefix: string, use: (target: KillTarget) => Promise<void>): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), prefix));
  const database = kind === 'postgres' ? await createTestDatabase() : undefined;
  if (kind === 'postgres' && !database) throw new Error('TEST_DATABASE_URL names no PostgreSQL server');
  try {
    await use(
      database
        ? { env: { DATA_DIR: dataDir, DATABASE_URL: database.url }, open: () => openDb({ databaseUrl: database.url, dataDir: 'memory' }) }
        : { env: { DATA_DIR: dataDir, DATABASE_URL: '' }, open: () => openDb({ dataDir }) },
    );
  } finally {
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
