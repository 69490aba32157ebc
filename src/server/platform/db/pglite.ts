import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { joinPreparedSession } from './prepared';
import type { Db, Queryable, QueryResult } from './types';

/**
 * Postgres's shared buffers live in PGlite's WebAssembly memory, which the server's process holds
 * for good (it never shrinks) and which Postgres touches whole at its start: 48 MB of them, not
 * Postgres's 128 MB, keeps the embedded database's share of the server's memory small, while
 * 100,000 recipients' lists still answer as fast cold (16 MB made them three times slower: the
 * pages not in them are read from the data files, through the system's page cache).
 */
const START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=48MB'];

/** Embedded PostgreSQL with pg_trgm (substring search indexes); dataDir undefined keeps the database in memory (tests). */
export async function openPglite(dataDir: string | undefined): Promise<Db> {
  const pg = await PGlite.create(dataDir, { extensions: { pg_trgm }, startParams: START_PARAMS });
  const toResult = <Row>(r: { rows: unknown[]; affectedRows?: number }): QueryResult<Row> => ({
    rows: r.rows as Row[],
    affectedRows: r.affectedRows ?? 0,
  });
  const db: Db = {
    kind: 'pglite',
    async query<Row>(sql: string, params: unknown[] = []) {
      return toResult<Row>(await pg.query(sql, params));
    },
    async exec(sql) {
      await pg.exec(sql);
    },
    async transaction(fn) {
      return pg.transaction(async (tx) => {
        const connection: Queryable = { query: async <Row>(sql: string, params: unknown[] = []) => toResult<Row>(await tx.query(sql, params)) };
        joinPreparedSession(connection, pg);
        return fn(connection);
      });
    },
    // In process: a notification reaches the handler before the committing query resolves.
    listen: (channel, handler) => pg.listen(channel, handler),
    async close() {
      await pg.close();
    },
  };
  // One session: the statements prepared through the Db or any transaction serve them all.
  joinPreparedSession(db, pg);
  return db;
}
