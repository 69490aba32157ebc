import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ModuleSchema } from '../../src/common/schema';
import type { Db } from '../../src/server/platform/db';
import { serverRegistry } from '../../src/server/schema';
import { type ListQuery, recordStore } from '../../src/server/schema/storage';
import { createTestApp, type TestApp } from './support/app';
import { serviceOf } from './schema-fixtures';

// Warm lists on a shared database (issue 20): a list read between the COMMIT of one of this
// process's writes and the moment the process records it (COMMIT's answer still on its way) sees the
// new list version. The kept ids must take that write in, not be read again whole from the
// database, which under a steady trickle of writes made most warm pages cold; and the page shows it.
let app: TestApp;
let recipients: ModuleSchema;
let owner: { serviceId: number; userId: null };

beforeAll(async () => {
  app = await createTestApp();
  owner = { serviceId: await serviceOf(app, 'klient', 9), userId: null };
  recipients = serverRegistry(app.config).modules.find((module) => module.admin.resource === 'recipients')!;
});
afterAll(() => app?.close());

const firstPage: ListQuery = { page: 1, perPage: 5, sort: { field: 'id', order: 'DESC' }, filters: [], viewerId: 0 };

/**
 * The test's database: its statements outside transactions counted, each transaction's answer held
 * back after COMMIT until released, and a promise kept once a list has read its version.
 */
function heldDatabase(real: Db) {
  const statements: string[] = [];
  let release = () => {};
  let committedInDatabase = () => {};
  let versionWasRead = () => {};
  const committed = new Promise<void>((resolve) => (committedInDatabase = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  const versionRead = new Promise<void>((resolve) => (versionWasRead = resolve));
  const db: Db = {
    kind: real.kind,
    async query<Row>(sql: string, params?: unknown[]) {
      statements.push(sql);
      const result = await real.query<Row>(sql, params);
      if (sql.startsWith('SELECT version FROM module_versions')) versionWasRead();
      return result;
    },
    exec: (sql) => real.exec(sql),
    listen: (channel, handler, onInterrupted) => real.listen(channel, handler, onInterrupted),
    close: () => real.close(),
    async transaction(fn) {
      const result = await real.transaction(fn);
      committedInDatabase();
      await released;
      return result;
    },
  };
  const wholeListReads = () => statements.filter((sql) => sql.includes('string_agg')).length;
  return { db, committed, versionRead, release, wholeListReads };
}

it('applies its own write committed but not yet recorded to a kept list, and shows it', async () => {
  const store = recordStore(recipients, { sharedDatabase: true, listCache: true });
  await store.list(app.ctx.db, owner, firstPage);
  const { db, committed, versionRead, release, wholeListReads } = heldDatabase(app.ctx.db);

  const writing = store.transaction(db, (tx) => store.insert(tx, owner, { name: 'Nowy w trakcie', email: 'w-trakcie@example.com', tags: [] }, {}));
  await committed;
  const reading = store.list(db, owner, firstPage);
  await versionRead;
  // Everything the list would do next without waiting is done before this macrotask.
  await new Promise((resolve) => setImmediate(resolve));
  release();
  const [inserted, page] = await Promise.all([writing, reading]);

  expect(page.rows[0].id).toBe(inserted.id);
  expect(wholeListReads()).toBe(0);
});

it('lists inside its own writing transaction without waiting for that transaction to end', async () => {
  const store = recordStore(recipients, { sharedDatabase: true, listCache: true });
  await store.list(app.ctx.db, owner, firstPage);
  const { inserted, page } = await store.transaction(app.ctx.db, async (tx) => {
    const record = await store.insert(tx, owner, { name: 'Widziany w swojej transakcji', email: 'w-swojej@example.com', tags: [] }, {});
    return { inserted: record, page: await store.list(tx, owner, firstPage) };
  });
  expect(page.rows[0].id).toBe(inserted.id);
});
