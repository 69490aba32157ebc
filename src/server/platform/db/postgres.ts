import pg from 'pg';
import type { Db, Queryable, QueryResult } from './types';

// BIGINT and NUMERIC come back as JS numbers, as PGlite returns them; our ids and sizes fit.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

export async function openPostgres(connectionString: string, max = 10): Promise<Db> {
  const pool = new pg.Pool({ connectionString, max, keepAlive: true });
  // An idle client can be cut off by the server (restart, DROP DATABASE ... FORCE); the pool replaces
  // it on the next query, so the error is only worth a log line, never a crash.
  pool.on('error', (error) => console.warn(`PostgreSQL idle client: ${error.message}`));
  await pool.query('SELECT 1');
  const run = async <Row>(client: Pick<pg.Pool, 'query'>, sql: string, params: unknown[] = []): Promise<QueryResult<Row>> => {
    const r = await client.query(sql, params);
    return { rows: r.rows as Row[], affectedRows: r.rowCount ?? 0 };
  };
  return {
    kind: 'postgres',
    query: (sql, params) => run(pool, sql, params),
    // Without parameters pg uses the simple query protocol, which accepts several statements.
    async exec(sql) {
      await pool.query(sql);
    },
    async transaction(fn) {
      const client = await pool.connect();
      // A client whose connection failed, or whose ROLLBACK failed, is in an unknown state: it is
      // destroyed instead of going back to the pool. The pool listens for errors only on idle
      // clients, so a checked-out one needs its own listener or its error would crash the process.
      let broken = false;
      const onError = (error: Error) => {
        broken = true;
        console.warn(`PostgreSQL connection lost in a transaction: ${error.message}`);
      };
      client.on('error', onError);
      try {
        await client.query('BEGIN');
        // A transaction's queries share one connection, which takes one at a time (pg 9 will refuse
        // more): those given at once (Promise.all) wait here for the previous one, in order.
        let previous: Promise<unknown> = Promise.resolve();
        const tx: Queryable = {
          query: <Row>(sql: string, params?: unknown[]) => {
            const result = previous.then(() => run<Row>(client, sql, params));
            previous = result.catch(() => undefined);
            return result;
          },
        };
        const result = await fn(tx);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        // The first error is the one worth seeing; a failing ROLLBACK must not replace it.
        await client.query('ROLLBACK').catch(() => {
          broken = true;
        });
        throw error;
      } finally {
        client.removeListener('error', onError);
        client.release(broken);
      }
    },
    listen: (channel, handler, onInterrupted) => listenOn(connectionString, channel, handler, onInterrupted),
    async close() {
      await pool.end();
    },
  };
}

const RECONNECT_DELAY_MS = 1000;

/**
 * One dedicated connection (not from the pool, whose clients come and go) LISTENs on the channel.
 * When it fails it is replaced, after a pause, until stopped; onInterrupted hears about the gap.
 */
async function listenOn(
  connectionString: string,
  channel: string,
  handler: (payload: string) => void,
  onInterrupted?: (listening: boolean) => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async () => {
    // keepAlive: an idle LISTEN connection dropped by a firewall or NAT is noticed and replaced.
    const next = new pg.Client({ connectionString, keepAlive: true });
    next.on('notification', (message) => {
      if (message.channel === channel) handler(message.payload ?? '');
    });
    next.on('error', () => lost(next));
    next.on('end', () => lost(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
    client = next;
  };
  const lost = (failed: pg.Client) => {
    if (stopped || client !== failed) return;
    client = null;
    void failed.end().catch(() => undefined);
    onInterrupted?.(false);
    retry = setTimeout(reconnect, RECONNECT_DELAY_MS);
  };
  const reconnect = () => {
    connect().then(
      () => (stopped ? void client?.end() : onInterrupted?.(true)),
      () => {
        if (!stopped) retry = setTimeout(reconnect, RECONNECT_DELAY_MS);
      },
    );
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end();
    client = null;
  };
}
