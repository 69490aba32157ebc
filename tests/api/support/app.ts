import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { type AppContext, buildApp } from '../../../src/server/app';
import { type Config, loadConfig } from '../../../src/server/config';
import { closeContext, createContext } from '../../../src/server/context';
import { seedDemoData } from '../../../src/server/platform/db/seed';

export const DEMO_PASSWORD = 'Demo-Haslo-2026!';

/**
 * A server for one test file: a fresh in-memory PGlite, or, when TEST_DATABASE_URL names a
 * PostgreSQL server, a fresh database created on it. Demo data is seeded with DEMO_PASSWORD.
 */
export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  config: Config;
  /** Every pause the server asked for (login slowdown), in milliseconds; none is really waited. */
  pauses: number[];
  /** Signs in and returns the access and refresh tokens. */
  login(username: string, password?: string): Promise<{ access_token: string; refresh_token: string; expires_in: number }>;
  /** Sends a request with the XSRF pair set and, when given, the JWT header. */
  call(options: CallOptions): Promise<LightMyRequestResponse>;
  /** The id of a demo user by username. */
  userId(username: string): Promise<number>;
  close(): Promise<void>;
}

export interface CallOptions {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'OPTIONS' | 'PATCH';
  url: string;
  token?: string;
  payload?: unknown;
  headers?: Record<string, string>;
  /** Leave out the XSRF cookie and header (to test the refusal). */
  withoutXsrf?: boolean;
  remoteAddress?: string;
}

export async function createTestApp(overrides: Partial<Config> = {}, options: { logTo?: { write(line: string): unknown } } = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'panel-test-'));
  const database = await createTestDatabase();
  const config = loadConfig(
    {},
    { dataDir, databaseUrl: database?.url, jwtSecret: randomBytes(32).toString('hex'), serveClient: false, jobsEnabled: false, ...overrides },
  );
  const ctx = await createContext(config, { memory: !database });
  const pauses: number[] = [];
  ctx.pause = async (milliseconds) => {
    pauses.push(milliseconds);
  };
  await seedDemoData(ctx.db, { password: DEMO_PASSWORD });
  const app = await buildApp(ctx, { logger: options.logTo ?? false });
  await app.ready();
  const xsrf = randomBytes(16).toString('hex');

  const call = (options: CallOptions) =>
    app.inject({
      method: options.method,
      url: options.url,
      payload: options.payload as never,
      remoteAddress: options.remoteAddress,
      headers: {
        ...(options.token ? { authorization: `JWT ${options.token}` } : {}),
        ...(options.withoutXsrf ? {} : { cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf }),
        ...options.headers,
      },
    });

  return {
    app,
    ctx,
    config,
    pauses,
    call,
    async login(username, password = DEMO_PASSWORD) {
      const response = await call({ method: 'POST', url: '/api/authentication', payload: { username, password } });
      if (response.statusCode !== 200) throw new Error(`login ${username}: ${response.statusCode} ${response.body}`);
      return response.json();
    },
    async userId(username) {
      const { rows } = await ctx.db.query<{ id: number }>('SELECT id FROM users WHERE username = $1', [username]);
      return rows[0].id;
    },
    async close() {
      await app.close();
      await closeContext(ctx);
      await database?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A server that sends mail, quickly: jobs polled every half second, mailings leased and pumped in
 * short turns, SMTP to the test's mail sink (on loopback, which the outbound guard lets through here).
 */
export function createSendingTestApp(sink: { url: string }, overrides: Partial<Config> = {}): Promise<TestApp> {
  return createTestApp({
    jobsEnabled: true,
    jobsPollingInterval: 0.5,
    smtpUrl: sink.url,
    outboundAllowLoopback: true,
    // Short, so that a crashed batch comes back within a test's wait; a live batch whose renewal a loaded machine delays is never taken back.
    mailingLeaseSeconds: 2,
    mailingPumpSeconds: 0.5,
    publicUrl: 'https://panel.example.pl',
    ...overrides,
  });
}

/** A new database of its own on the PostgreSQL server of `serverUrl` (TEST_DATABASE_URL by default), dropped by `drop`; none without a server. */
export async function createTestDatabase(serverUrl = process.env.TEST_DATABASE_URL): Promise<{ url: string; drop(): Promise<void> } | undefined> {
  if (!serverUrl) return undefined;
  const name = `panel_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
