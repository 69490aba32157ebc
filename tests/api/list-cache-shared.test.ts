import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { closeContext, createContext } from '../../src/server/context';
import { createTestApp, type TestApp } from './support/app';
import { serviceOf } from './schema-fixtures';

// Two servers on one PostgreSQL database, both with the list cache: the records a server keeps for
// its list pages must never hide what the other server wrote (issue 20, the warm lists on PostgreSQL).
describe.skipIf(!process.env.TEST_DATABASE_URL)('the list cache of two servers on one database', () => {
  let first: TestApp;
  let second: { call(method: string, url: string, payload?: unknown): ReturnType<TestApp['call']>; close(): Promise<void> };
  let token: string;
  let base: string;

  beforeAll(async () => {
    first = await createTestApp();
    const dataDir = await mkdtemp(path.join(tmpdir(), 'panel-test-'));
    const ctx = await createContext(
      loadConfig({}, { dataDir, databaseUrl: first.config.databaseUrl, jwtSecret: first.config.jwtSecret, serveClient: false, jobsEnabled: false }),
    );
    const app = await buildApp(ctx, { logger: false });
    await app.ready();
    second = {
      call: (method, url, payload) =>
        app.inject({ method: method as 'GET', url, payload: payload as never, headers: { authorization: `JWT ${token}`, cookie: 'XSRF-TOKEN=x', 'x-xsrf-token': 'x' } }),
      async close() {
        await app.close();
        await closeContext(ctx);
        await rm(dataDir, { recursive: true, force: true });
      },
    };
    token = (await first.login('klient')).access_token;
    base = `/api/client_service/${await serviceOf(first, 'klient', 9)}/module/recipients`;
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('shows on one server the record the other changed, on the same page it served before', async () => {
    const created = await first.call({ method: 'POST', url: base, token, payload: { name: 'Przed zmianą', email: 'wspolny@example.com', tags: [] } });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    const names = async () => (await first.call({ method: 'GET', url: `${base}?per_page=5`, token })).json().data.map((r: { id: number; name: string }) => [r.id, r.name]);
    expect(await names()).toContainEqual([id, 'Przed zmianą']);

    const changed = await second.call('PUT', `${base}/${id}`, { name: 'Po zmianie', email: 'wspolny@example.com', tags: [] });
    expect(changed.statusCode).toBe(200);
    expect(await names()).toContainEqual([id, 'Po zmianie']);
  });
});
