import pg from 'pg';
import type { Db, Queryable, QueryResult } from './types';

// BIGINT and NUMERIC come back as JS numbers, as PGlite returns them; our ids and sizes fit.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

export async function openPostgres(connectionString: string, max = 10): Promise<Db> {
  const pool = new pg.Pool({ connectionString, max });
  await pool.query('SELECT 1');
  const run = async <Row>(client: Pick<pg.Pool, 'query'>, sql: string, params: unknown[] = []): Promise<QueryResult<Row>> => {
    const r = await client.query(sql, params);
    return { rows: r.rows as Row[], affectedRows: r.rowCount ?? 0 };
  };
  return {
    kind: 'postgres',
    query: (sql, params) => run(pool, sql, params),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const tx: Queryable = { query: (sql, params) => run(client, sql, params) };
        const result = await fn(tx);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      } finally {
        client.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
}
