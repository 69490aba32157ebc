import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppContext, buildApp } from '../../src/server/app';
import { closeContext, createContext } from '../../src/server/context';
import { serviceOf } from './schema-fixtures';
import { createTestApp, type TestApp } from './support/app';
import { until } from './support/until';

/**
 * Taking a module away is a revocation: the server that made the change refuses the module's calls
 * before it answers, and another server on the same database soon after (the access cache's
 * notification, a moment after the commit on PostgreSQL).
 */
let test: TestApp;
let admin: string;
let klient: string;
let newsletter: number;
let enabled: string[];

beforeAll(async () => {
  test = await createTestApp();
  admin = (await test.login('admin')).access_token;
  klient = (await test.login('klient')).access_token;
  newsletter = await serviceOf(test, 'klient', 9);
  const listed = (await test.call({ method: 'GET', url: `/api/client_service/${newsletter}/modules`, token: admin })).json().data as { module: string; enabled: boolean }[];
  enabled = listed.filter((module) => module.enabled).map((module) => module.module);
});
afterAll(async () => {
  await test?.close();
});

const saveModules = async (modules: string[]) =>
  expect((await test.call({ method: 'PUT', url: `/api/client_service/${newsletter}/modules`, token: admin, payload: { modules } })).statusCode).toBe(200);
const tagsStatus = async (server = test.app) =>
  (await server.inject({ method: 'GET', url: `/api/client_service/${newsletter}/module/tags`, headers: { authorization: `JWT ${klient}` } })).statusCode;

describe('revoking a module', () => {
  it('is refused by the server that made the change from its very next call, every time', async () => {
    const withoutTags = enabled.filter((module) => module !== 'tags');
    // Repeated: a cache dropped only by the notification loses this race now and then on PostgreSQL.
    for (let round = 0; round < 15; round += 1) {
      expect(await tagsStatus()).toBe(200);
      await saveModules(withoutTags);
      expect(await tagsStatus()).toBe(403);
      await saveModules(enabled);
    }
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('reaches another server on the same database within two seconds', async () => {
    let other: { ctx: AppContext; app: Awaited<ReturnType<typeof buildApp>> } | undefined;
    try {
      const ctx = await createContext(test.config);
      other = { ctx, app: await buildApp(ctx) };
      await other.app.ready();
      expect(await tagsStatus(other.app)).toBe(200);
      await saveModules(enabled.filter((module) => module !== 'tags'));
      await until(async () => ((await tagsStatus(other!.app)) === 403 ? true : undefined), 2000, 20);
    } finally {
      await saveModules(enabled);
      await other?.app.close();
      if (other) await closeContext(other.ctx);
    }
  });
});
