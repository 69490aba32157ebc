import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, Queryable } from '../../src/server/platform/db';
import { openPglite } from '../../src/server/platform/db/pglite';
import { preparedStatement } from '../../src/server/platform/db/prepared';

let db: Db;
beforeAll(async () => {
  db = await openPglite(undefined);
  await db.exec(`CREATE TABLE things (id BIGINT PRIMARY KEY, owner INT, name TEXT);
    INSERT INTO things VALUES (1, 7, 'jeden'), (2, 7, 'dwa'), (3, 8, 'trzy');`);
});
afterAll(() => db?.close());

const byIds = preparedStatement('things_by_ids', 'SELECT id, name FROM things WHERE id = ANY($1) AND owner = $2 ORDER BY id', ['bigint[]', 'int']);
const prepared = async () => (await db.query<{ name: string }>('SELECT name FROM pg_prepared_statements ORDER BY name')).rows.map((row) => row.name);

describe('a prepared statement on the embedded database', () => {
  it('answers as the plain query does, prepared once for the session, in a transaction too', async () => {
    expect((await byIds<{ id: number; name: string }>(db, [[1, 2, 3], 7])).rows).toEqual([
      { id: 1, name: 'jeden' },
      { id: 2, name: 'dwa' },
    ]);
    expect(await prepared()).toEqual(['things_by_ids']);
    const inTransaction = await db.transaction(async (tx) => (await byIds<{ id: number }>(tx, [[3], 8])).rows.map((row) => Number(row.id)));
    expect(inTransaction).toEqual([3]);
    expect(await prepared()).toEqual(['things_by_ids']);
  });

  it('is prepared for good even when the transaction that prepared it rolls back', async () => {
    const byOwner = preparedStatement('things_by_owner', 'SELECT count(*)::int AS n FROM things WHERE owner = $1', ['int']);
    await expect(
      db.transaction(async (tx) => {
        await byOwner(tx, [7]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await prepared()).toContain('things_by_owner');
    expect((await byOwner<{ n: number }>(db, [7])).rows).toEqual([{ n: 2 }]);
  });

  it('takes integers, lists of integers and null only, since they are written into EXECUTE', async () => {
    await expect(byIds(db, [[1], 1.5])).rejects.toThrow(TypeError);
    await expect(byIds(db, [[Number.NaN], 7])).rejects.toThrow(TypeError);
    expect((await byIds(db, [[1], null])).rows).toEqual([]);
  });

  it('is an ordinary query with bound parameters on any other connection (PostgreSQL)', async () => {
    const seen: { sql: string; params?: unknown[] }[] = [];
    const other: Queryable = {
      query: async <Row>(sql: string, params?: unknown[]) => {
        seen.push({ sql, params });
        return { rows: [] as Row[], affectedRows: 0 };
      },
    };
    await byIds(other, [[1, 2], 7]);
    expect(seen).toEqual([{ sql: 'SELECT id, name FROM things WHERE id = ANY($1) AND owner = $2 ORDER BY id', params: [[1, 2], 7] }]);
  });
});
