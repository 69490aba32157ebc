import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { closeContext, createContext } from '../../src/server/context';
import { openDb } from '../../src/server/platform/db';
import { openPostgres } from '../../src/server/platform/db/postgres';

const serverUrl = process.env.TEST_DATABASE_URL;

/** The PostgreSQL adapter's own behaviour; PGlite has one connection and no pool to get wrong. */
describe.skipIf(!serverUrl)('PostgreSQL adapter', () => {
  const name = `panel_test_db_${randomBytes(6).toString('hex')}`;
  let url: string;

  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    await admin(`CREATE DATABASE ${name}`);
    const parsed = new URL(serverUrl!);
    parsed.pathname = `/${name}`;
    url = parsed.toString();
  });
  afterAll(async () => {
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  it('brings two servers starting together on one empty database both up (migrations and indexes)', async () => {
    const start = async () => {
      const config = loadConfig({}, { databaseUrl: url, jwtSecret: 'x'.repeat(32), serveClient: false, dataDir: '.' });
      const ctx = await createContext(config);
      const app = await buildApp(ctx);
      await app.ready();
      return { ctx, app };
    };
    const servers = await Promise.all([start(), start(), start()]);
    try {
      const db = servers[0].ctx.db;
      const { rows } = await db.query<{ name: string; count: number }>(
        'SELECT name, count(*)::int AS count FROM schema_migrations GROUP BY name HAVING count(*) > 1',
      );
      expect(rows).toEqual([]);
      const indexes = await db.query<{ count: number }>("SELECT count(*)::int AS count FROM pg_indexes WHERE indexname LIKE 'mr_%'");
      expect(indexes.rows[0].count).toBeGreaterThan(0);
    } finally {
      for (const { app, ctx } of servers) {
        await app.close();
        await closeContext(ctx);
      }
    }
  });

  it('keeps the first error of a failed transaction and does not hand its broken connection out again', async () => {
    const db = await openPostgres(url, 1);
    try {
      // The connection dies inside the transaction, so its ROLLBACK fails too.
      const failed = db.transaction(async (tx) => {
        await tx.query('SELECT pg_terminate_backend(pg_backend_pid())');
      });
      await expect(failed).rejects.toThrow(/terminat/i);
      // The pool's only slot must hold a new, working connection.
      const { rows } = await db.query<{ one: number }>('SELECT 1 AS one');
      expect(rows).toEqual([{ one: 1 }]);
      const next = await db.transaction((tx) => tx.query<{ two: number }>('SELECT 2 AS two'));
      expect(next.rows).toEqual([{ two: 2 }]);
    } finally {
      await db.close();
    }
  });

  it('runs queries a transaction is given at once one after the other, in order, without pg\'s deprecation warning', async () => {
    const db = await openPostgres(url, 1);
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on('warning', onWarning);
    try {
      const order = await db.transaction(async (tx) => {
        await tx.query('CREATE TEMP TABLE concurrent_probe (n INT)');
        await Promise.all([1, 2, 3].map((n) => tx.query('INSERT INTO concurrent_probe SELECT $1::int FROM pg_sleep(0.01)', [n])));
        return tx.query<{ n: number }>('SELECT n FROM concurrent_probe ORDER BY ctid');
      });
      expect(order.rows.map((row) => row.n)).toEqual([1, 2, 3]);
      // process 'warning' is emitted on the next tick.
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.filter((message) => message.includes('already executing'))).toEqual([]);
    } finally {
      process.off('warning', onWarning);
      await db.close();
    }
  });

  it('rolls back and keeps the connection when the transaction fails for an ordinary reason', async () => {
    const db = await openDb({ databaseUrl: url, dataDir: 'memory' });
    try {
      await db.query('CREATE TABLE IF NOT EXISTS adapter_probe (id INT PRIMARY KEY)');
      await expect(
        db.transaction(async (tx) => {
          await tx.query('INSERT INTO adapter_probe VALUES (1)');
          await tx.query('INSERT INTO adapter_probe VALUES (1)');
        }),
      ).rejects.toMatchObject({ code: '23505' });
      const { rows } = await db.query('SELECT * FROM adapter_probe');
      expect(rows).toEqual([]);
    } finally {
      await db.close();
    }
  });
});
