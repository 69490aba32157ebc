import type PgBoss from 'pg-boss';
import type { Db, Queryable } from '../db';
import { splitStatements } from '../db/migrate';

/**
 * pg-boss's `db` option over the project's adapter, so its queue lives in the same database on
 * PGlite and PostgreSQL alike. Its schema scripts and maintenance (BEGIN; advisory lock; …; COMMIT)
 * are parameterless statement lists: they go through exec, in one call, so on PGlite no other
 * query can slip into that transaction. Everything else is one statement, sent as a query.
 */
export function bossDb(db: Db): PgBoss.Db {
  return {
    async executeSql(text, values) {
      if (!values?.length && splitStatements(text).length > 1) {
        await db.exec(text);
        return { rows: [] };
      }
      return db.query(text, values);
    },
  };
}

/** The same inside a transaction, so a job can be sent atomically with the caller's own writes. */
export function bossTransaction(tx: Queryable): PgBoss.Db {
  return { executeSql: (text, values) => tx.query(text, values) };
}
