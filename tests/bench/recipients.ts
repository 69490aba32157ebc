/**
 * Recipients list under load (issue 3): 100,000 recipients in one service of a fresh embedded
 * database, page 2,000 of 25 (OFFSET 49,975) with a tag filter, 20 connections. Run by `npm run
 * bench` (run.ts), which prints the figures.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../../src/server/config';
import { closeContext, createContext } from '../../src/server/context';
import { seedDemoData } from '../../src/server/db/seed';
import { E2E_PASSWORD } from '../e2e/support/credentials';
import { type LoadResult, loadEndpoint } from './api-load';
import { signInThroughApi, waitUntilListening } from './server';

export const RECIPIENTS = 100_000;
export const RECIPIENTS_PAGE = 2_000;
export const RECIPIENTS_PER_PAGE = 25;
export const RECIPIENTS_CONNECTIONS = 20;
const TAG = 'newsletter';
const root = fileURLToPath(new URL('../../', import.meta.url));

export interface RecipientsResult {
  /** The request loaded, from the API path on. */
  path: string;
  /** Recipients carrying the tag (the filtered list's pagination.total). */
  total: number;
  /** The first answer, before the database has the pages in memory. */
  firstMs: number;
  load: LoadResult;
}

/** Seeds the demo data and the recipients straight into the database the server will open. */
async function seed(dataDir: string): Promise<number> {
  const ctx = await createContext(loadConfig({}, { dataDir, serveClient: false }));
  try {
    await seedDemoData(ctx.db, { password: E2E_PASSWORD });
    const { rows } = await ctx.db.query<{ id: number }>(
      `SELECT cs.id FROM client_services cs JOIN client_service_modules m ON m.client_service_id = cs.id AND m.module = 'recipients'
        JOIN client_service_users u ON u.client_service_id = cs.id JOIN users ON users.id = u.user_id AND users.username = 'klient' LIMIT 1`,
    );
    const serviceId = rows[0].id;
    // Three in five carry the tag, so page 2,000 of the filtered list exists (60,000 matches).
    await ctx.db.query(
      `INSERT INTO module_records (resource, client_service_id, data)
       SELECT 'recipients', $1, jsonb_build_object('name', 'Odbiorca ' || g, 'email', 'odbiorca' || g || '@example.com',
              'tags', CASE WHEN g % 5 < 3 THEN '["${TAG}", "klienci"]'::jsonb ELSE '["prasa"]'::jsonb END)
         FROM generate_series(1, ${RECIPIENTS}) g`,
      [serviceId],
    );
    await ctx.db.query('ANALYZE module_records');
    return serviceId;
  } finally {
    await closeContext(ctx);
  }
}

/** The API alone (no SPA) on the seeded directory, in a child process as in production. */
async function startApiServer(dataDir: string, port: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/start.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SERVE_CLIENT: 'false', PANEL_DEMO_PASSWORD: E2E_PASSWORD },
    stdio: 'ignore',
  });
  const killServer = () => child.kill('SIGTERM');
  process.once('exit', killServer);
  const stop = () => {
    process.off('exit', killServer);
    return new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : (child.once('exit', () => resolve()), child.kill('SIGTERM'))));
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitUntilListening(child, `${baseUrl}/api/xsrf`, 180_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, stop };
}

/** Seeds a fresh embedded database with the recipients, starts the API on it and loads the tag-filtered page. */
export async function measureRecipients(options: { port: number; durationSeconds: number; log(line: string): void }): Promise<RecipientsResult> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'panel-bench-recipients-'));
  try {
    options.log(`Seeding ${RECIPIENTS.toLocaleString('pl-PL')} recipients into a fresh embedded database…`);
    const serviceId = await seed(dataDir);
    const server = await startApiServer(dataDir, options.port);
    try {
      const token = await signInThroughApi(server.baseUrl, 'klient');
      const apiPath = `/api/client_service/${serviceId}/module/recipients?page=${RECIPIENTS_PAGE}&per_page=${RECIPIENTS_PER_PAGE}&tag=${TAG}`;
      const headers = { authorization: `JWT ${token}` };
      const started = performance.now();
      const first = await fetch(`${server.baseUrl}${apiPath}`, { headers });
      const firstMs = performance.now() - started;
      const body = (await first.json()) as { data: unknown[]; pagination: { total: number } };
      if (first.status !== 200 || body.data.length !== RECIPIENTS_PER_PAGE) {
        throw new Error(`unexpected answer ${first.status}: ${JSON.stringify(body).slice(0, 200)}`);
      }
      options.log(`Loading the recipients page for ${options.durationSeconds} s at ${RECIPIENTS_CONNECTIONS} connections…`);
      const load = await loadEndpoint(`${server.baseUrl}${apiPath}`, headers, {
        connections: RECIPIENTS_CONNECTIONS,
        durationSeconds: options.durationSeconds,
        warmupSeconds: 2,
      });
      return { path: apiPath, total: body.pagination.total, firstMs, load };
    } finally {
      await server.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
