import type { Queryable, QueryResult } from './types';

/** A parameter a prepared statement takes: an integer, a list of integers, or null. */
export type PreparedParam = number | readonly number[] | null;

type Statements = Map<string, 'preparing' | 'ready'>;
/** Per embedded database session: the statements prepared there, or being prepared. */
const sessionStatements = new WeakMap<object, Statements>();
/** The session's statements of each of its connections (its Db and every transaction of it). */
const sessions = new WeakMap<Queryable, Statements>();

/** Marks a Queryable as a connection of the embedded database `session` names (its Db and its transactions share one). */
export function joinPreparedSession(queryable: Queryable, session: object): void {
  let statements = sessionStatements.get(session);
  if (!statements) sessionStatements.set(session, (statements = new Map()));
  sessions.set(queryable, statements);
}

/** An integer parameter as SQL text; anything else is refused (it is written into the statement). */
function literal(value: PreparedParam): string {
  const integer = (n: number) => {
    if (!Number.isSafeInteger(n)) throw new TypeError(`prepared statement parameter ${n} is not an integer`);
    return String(n);
  };
  if (value === null) return 'NULL';
  if (typeof value === 'number') return integer(value);
  return `'{${value.map(integer).join(',')}}'`;
}

/**
 * A statement the embedded database plans once and runs many times: planning a query over
 * module_records (and its dozens of partial indexes) costs PGlite more than running it. Used for
 * the hottest reads (records by id). PGlite cannot bind EXECUTE's parameters, so they are written
 * into it, which is why only integers are taken. Elsewhere (PostgreSQL) it is an ordinary query.
 * `name` must be unique per SQL text; `types` are the parameters' SQL types, in order.
 */
export function preparedStatement(name: string, sql: string, types: readonly string[]) {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`bad prepared statement name ${name}`);
  return async <Row>(db: Queryable, params: readonly PreparedParam[]): Promise<QueryResult<Row>> => {
    const statements = sessions.get(db);
    const state = statements?.get(name);
    if (!statements || state === 'preparing') {
      // Not the embedded database, or another request is preparing it now: waiting for that one
      // could wait on this very transaction, so this call plans as usual.
      return db.query<Row>(sql, [...params]);
    }
    if (state === undefined) {
      statements.set(name, 'preparing');
      try {
        // A prepared statement outlives the transaction it was made in, even one rolled back.
        await db.query(`PREPARE ${name}(${types.join(', ')}) AS ${sql}`);
        statements.set(name, 'ready');
      } catch (error) {
        statements.delete(name);
        throw error;
      }
    }
    return db.query<Row>(`EXECUTE ${name}(${params.map(literal).join(', ')})`);
  };
}
