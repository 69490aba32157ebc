import { type ChildProcess, spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDatabase } from '../api/support/app';
import { E2E_PASSWORD } from '../e2e/support/credentials';

export interface RunningServer {
  baseUrl: string;
  stop(): Promise<void>;
}

/**
 * Starts the real server (as `npm start` does: built SPA, embedded database, demo data) in a child
 * process, so the load generator does not share its event loop, on a fresh data directory.
 */
export async function startServer(port: number): Promise<RunningServer> {
  const dataDir = path.join(tmpdir(), `panel-bench-${port}`);
  const baseUrl = `http://127.0.0.1:${port}`;
  if (await answers(`${baseUrl}/`)) throw new Error(`port ${port} is taken by another server; set BENCH_PORT`);
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/e2e/support/fresh-server.ts'], {
    cwd: fileURLToPath(new URL('../../', import.meta.url)),
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PANEL_DEMO_PASSWORD: E2E_PASSWORD },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  // Even when the benchmark dies of an uncaught error, the server must not outlive it.
  const killServer = () => child.kill('SIGTERM');
  process.once('exit', killServer);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const stop = async () => {
    process.off('exit', killServer);
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilListening(child, `${baseUrl}/api/xsrf`, 180_000);
  } catch (error) {
    await stop();
    throw new Error(`the server did not start: ${(error as Error).message}\n${stderr}`, { cause: error });
  }
  return { baseUrl, stop };
}

export async function waitUntilListening(child: ChildProcess, url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`exited with code ${child.exitCode}`);
    if (await answers(url)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no answer from ${url} within ${timeoutMs / 1000} s`);
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

/** Signs in through the API like any client (XSRF pair, then POST /api/authentication). */
export async function signInThroughApi(baseUrl: string, username: string): Promise<string> {
  const xsrfCookie = (await fetch(`${baseUrl}/api/xsrf`)).headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .find((cookie) => cookie.startsWith('XSRF-TOKEN='));
  if (!xsrfCookie) throw new Error('GET /api/xsrf set no XSRF-TOKEN cookie');
  const response = await fetch(`${baseUrl}/api/authentication`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: xsrfCookie,
      'x-xsrf-token': decodeURIComponent(xsrfCookie.slice('XSRF-TOKEN='.length)),
    },
    body: JSON.stringify({ username, password: E2E_PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`sign-in as ${username}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** The id of the user's first service of a type (by its shortcut, e.g. 'newsletter'). */
export async function serviceIdOfType(baseUrl: string, token: string, shortcut: string): Promise<number> {
  const response = await fetch(`${baseUrl}/api/user/client_service?per_page=100`, { headers: { authorization: `JWT ${token}` } });
  if (response.status !== 200) throw new Error(`GET /api/user/client_service: ${response.status} ${await response.text()}`);
  const { data } = (await response.json()) as { data: { service_id: number; service_type: { shortcut: string } }[] };
  const service = data.find((candidate) => candidate.service_type.shortcut === shortcut);
  if (!service) throw new Error(`the bench user has no ${shortcut} service`);
  return service.service_id;
}

/** A database of its own on the PostgreSQL server of BENCH_DATABASE_URL, dropped afterwards. */
export async function withPostgresDatabase<T>(serverUrl: string, run: (url: string) => Promise<T>): Promise<T> {
  const database = (await createTestDatabase(serverUrl))!;
  try {
    return await run(database.url);
  } finally {
    await database.drop();
  }
}
