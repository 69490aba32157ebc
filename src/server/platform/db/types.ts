/** The one database interface the server uses: PGlite embedded or a PostgreSQL server, same SQL. */
export interface QueryResult<Row> {
  rows: Row[];
  affectedRows: number;
}

export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<Row>>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs a script of several statements without parameters (one round trip, no prepared statement). */
  exec(sql: string): Promise<void>;
  /** Runs fn inside BEGIN/COMMIT on one connection; rolls back when fn throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * LISTENs on a channel: handler gets each NOTIFY payload, after the notifying transaction
   * committed. Notifications sent while the listening connection is down are lost, so
   * onInterrupted (if given) is told `false` when it drops and `true` once it listens again.
   * Resolves, once listening, to the function that stops.
   */
  listen(channel: string, handler: (payload: string) => void, onInterrupted?: (listening: boolean) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}
