/**
 * Recipients list under load (issue 3): 100,000 recipients in one service of a fresh embedded
 * database, page 2,000 of 25 (OFFSET 49,975) with a tag filter, 20 connections. Prints the
 * first (uncached) answer time, requests/s and p50/p95/p99. Environment: BENCH_PORT (3330),
 * BENCH_SECONDS (10).
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
import { loadEndpoint } from './api-load';
import { signInThroughApi } from './server';

const RECIPIENTS = 100_000;
const PAGE = 2_000;
const PER_PAGE = 25;
const TAG = 'newsletter';
const TARGET_P95_MS = 25;
const port = Number(process.env.BENCH_PORT ?? 3330);
const durationSeconds = Number(process.env.BENCH_SECONDS ?? 10);
const root = fileURLToPath(new URL('../../', import.meta.url));

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

async function startServer(dataDir: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/start.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SERVE_CLIENT: 'false', PANEL_DEMO_PASSWORD: E2E_PASSWORD },
    stdio: 'ignore',
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 600; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    if (await fetch(`${baseUrl}/api/xsrf`).then((r) => r.ok, () => false)) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    baseUrl,
    stop: () => new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : (child.once('exit', () => resolve()), child.kill('SIGTERM')))),
  };
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'panel-bench-recipients-'));
try {
  console.log(`Seeding ${RECIPIENTS.toLocaleString('pl-PL')} recipients into a fresh embedded database…`);
  const serviceId = await seed(dataDir);
  const server = await startServer(dataDir);
  try {
    const token = await signInThroughApi(server.baseUrl, 'klient');
    const url = `${server.baseUrl}/api/client_service/${serviceId}/module/recipients?page=${PAGE}&per_page=${PER_PAGE}&tag=${TAG}`;
    const headers = { authorization: `JWT ${token}` };
    const started = performance.now();
    const first = await fetch(url, { headers });
    const firstMs = performance.now() - started;
    const body = (await first.json()) as { data: unknown[]; pagination: { total: number } };
    if (first.status !== 200 || body.data.length !== PER_PAGE) throw new Error(`unexpected answer ${first.status}: ${JSON.stringify(body).slice(0, 200)}`);

    console.log(`Loading the list for ${durationSeconds} s at 20 connections…`);
    const load = await loadEndpoint(url, headers, { connections: 20, durationSeconds, warmupSeconds: 2 });
    console.log(`\nGET …/module/recipients?page=${PAGE}&per_page=${PER_PAGE}&tag=${TAG} (total ${body.pagination.total}), embedded database`);
    console.log(`first answer (uncached): ${firstMs.toFixed(1)} ms`);
    console.log(`requests/s: ${load.requestsPerSecond.toFixed(0)}  p50: ${load.p50Ms.toFixed(2)} ms  p95: ${load.p95Ms.toFixed(2)} ms  p99: ${load.p99Ms.toFixed(2)} ms  failed: ${load.failed}`);
    console.log(`p95 target ≤ ${TARGET_P95_MS} ms: ${load.p95Ms <= TARGET_P95_MS && load.failed === 0 ? 'ok' : 'OVER TARGET'}`);
    if (load.failed > 0 || load.p95Ms > TARGET_P95_MS) process.exitCode = 1;
  } finally {
    await server.stop();
  }
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
