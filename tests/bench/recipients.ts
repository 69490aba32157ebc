/**
 * Recipients list under load (issues 3 and 6): 100,000 recipients in one service of a fresh
 * embedded database, 20 connections, every request generated anew: a list page drawn uniformly
 * from all pages of a list that is unfiltered, filtered by one of three tags or searched for one
 * of several terms, with 5% writes (create, update, delete through the API) in between. Measured
 * twice on the same data: with the list cache (warm) and with LIST_CACHE=off (cold: every list
 * asks the database). Run by `npm run bench` (run.ts), which prints the figures.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RawRequest, Request } from 'autocannon';
import { loadConfig } from '../../src/server/config';
import { closeContext, createContext } from '../../src/server/context';
import { seedDemoData } from '../../src/server/platform/db/seed';
import type { Queryable } from '../../src/server/platform/db';
import { E2E_PASSWORD } from '../e2e/support/credentials';
import { type LoadResult, loadEndpoint } from './api-load';
import { signInThroughApi, waitUntilListening, withPostgresDatabase } from './server';

export const RECIPIENTS = 100_000;
export const RECIPIENTS_PER_PAGE = 25;
export const RECIPIENTS_CONNECTIONS = 20;
export const RECIPIENTS_WRITE_SHARE = 0.05;
// Recipient g carries newsletter when g % 5 < 3 (60%), klienci when g % 10 < 3 (30%), prasa otherwise (40%).
const TAGS = ['newsletter', 'klienci', 'prasa'];
// From a few hundred matches to every recipient (each e-mail holds "@example").
const SEARCHES = ['odbiorca 1', 'odbiorca 42', 'odbiorca 777', '4242', '99', '@example', 'odbiorca5'];
// Lists the recipients screen also offers (a column's sort, a search within a tag), timed one by one beside the mixed load.
const SORTED_AND_FILTERED = ['&sort=email&order=ASC', '&tag=klienci&sort=name&order=ASC', '&search=99&sort=name&order=ASC', `&search=${encodeURIComponent('@example')}&sort=email&order=DESC`, `&search=${encodeURIComponent('odbiorca 1')}&tag=prasa`];
/** Pages of each list timed alone (cold): its first, a third of the way, the middle and its last. */
const TIMED_PAGES = (pages: number) => [1, Math.ceil(pages / 3), Math.ceil(pages / 2), pages];
const root = fileURLToPath(new URL('../../', import.meta.url));

/** One way of listing: its query parameters and how many pages it had when the load began. */
interface ListShape {
  query: string;
  pages: number;
  total: number;
}

/** A mixed load measured twice on the same data. */
export interface MixedLoadResult {
  /** With the list cache, as the server runs. */
  warm: LoadResult;
  /** LIST_CACHE=off: every list asks the database. */
  cold: LoadResult;
  /** The machine's one-minute load average as each load ended (others' work included). */
  loadAverages: { warm: number; cold: number };
  /** Each list's pages asked one at a time of the cold server before its load: where the time goes, by kind of list. */
  coldLists: ListTiming[];
}

/** One list's pages (TIMED_PAGES) asked one after another, nothing else running on the server. */
export interface ListTiming {
  query: string;
  total: number;
  medianMs: number;
  maxMs: number;
}

export interface RecipientsResult extends MixedLoadResult {
  database: 'embedded' | 'PostgreSQL';
  /** How many lists (unfiltered, per tag, per search) the pages were drawn from. */
  shapes: number;
}

/**
 * Seeds the demo data and then the module's records (`insert`, given klient's service with the
 * module) straight into the database the server will open; analyses the table afterwards.
 */
export async function seedRecords<T>(
  dataDir: string,
  module: string,
  insert: (db: Queryable, serviceId: number) => Promise<T>,
  databaseUrl?: string,
): Promise<T & { serviceId: number }> {
  const ctx = await createContext(loadConfig({}, { dataDir, databaseUrl, serveClient: false }));
  try {
    await seedDemoData(ctx.db, { password: E2E_PASSWORD });
    const { rows } = await ctx.db.query<{ id: number }>(
      `SELECT cs.id FROM client_services cs JOIN client_service_modules m ON m.client_service_id = cs.id AND m.module = $1
        JOIN client_service_users u ON u.client_service_id = cs.id JOIN users ON users.id = u.user_id AND users.username = 'klient' LIMIT 1`,
      [module],
    );
    const serviceId = rows[0].id;
    const result = await insert(ctx.db, serviceId);
    await ctx.db.query('ANALYZE module_records');
    return { ...result, serviceId };
  } finally {
    await closeContext(ctx);
  }
}

/** Seeds the demo data and the recipients straight into the database the server will open. */
function seed(dataDir: string, databaseUrl: string | undefined): Promise<{ serviceId: number; ids: number[] }> {
  return seedRecords(dataDir, 'recipients', async (db, serviceId) => {
    const inserted = await db.query<{ first: number; last: number }>(
      `WITH inserted AS (INSERT INTO module_records (resource, client_service_id, data)
       SELECT 'recipients', $1, jsonb_build_object('name', 'Odbiorca ' || g, 'email', 'odbiorca' || g || '@example.com',
              'tags', CASE WHEN g % 10 < 3 THEN '["newsletter", "klienci"]'::jsonb WHEN g % 5 < 3 THEN '["newsletter"]'::jsonb ELSE '["prasa"]'::jsonb END)
         FROM generate_series(1, ${RECIPIENTS}) g RETURNING id)
       SELECT min(id) AS first, max(id) AS last FROM inserted`,
      [serviceId],
    );
    // Recipients' tags name the service's tags (x-ref): the three the lists filter by.
    await db.query(`INSERT INTO module_records (resource, client_service_id, data) SELECT 'tags', $1, jsonb_build_object('name', name) FROM unnest($2::text[]) AS name`, [
      serviceId,
      TAGS,
    ]);
    const { first, last } = inserted.rows[0];
    return { ids: Array.from({ length: Number(last) - Number(first) + 1 }, (_, i) => Number(first) + i) };
  }, databaseUrl);
}

/** What `npm start` gives node (package.json's start script): its environment (NAME=value before the command), V8 flags and the server's entry point. */
async function startCommand(): Promise<{ env: Record<string, string>; args: string[] }> {
  const { scripts } = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as { scripts: { start: string } };
  const words = scripts.start.split(/\s+/);
  const env: Record<string, string> = {};
  while (/^[A-Z_]+=/.test(words[0])) {
    const assignment = words.shift()!;
    env[assignment.slice(0, assignment.indexOf('='))] = assignment.slice(assignment.indexOf('=') + 1);
  }
  const [command, ...args] = words;
  if (command !== 'node') throw new Error(`package.json's start script does not run node: ${scripts.start}`);
  return { env, args };
}

/** The API alone (no SPA) on the seeded directory, in a child process started as `npm start` starts it. */
export async function startApiServer(dataDir: string, port: number, listCache: boolean, extraEnv: Record<string, string> = {}) {
  // BENCH_PROFILE_DIR: each server writes a CPU profile there when it stops (chrome://inspect reads it).
  const profile = process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : [];
  const start = await startCommand();
  const child = spawn(process.execPath, [...profile, ...start.args], {
    cwd: root,
    env: {
      ...process.env,
      ...start.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SERVE_CLIENT: 'false',
      PANEL_DEMO_PASSWORD: E2E_PASSWORD,
      LIST_CACHE: listCache ? 'on' : 'off',
      ...extraEnv,
    },
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
  return { baseUrl, stop, pid: child.pid! };
}

/** The XSRF pair a mutating call must carry (double-submit cookie). */
export async function xsrfHeaders(baseUrl: string): Promise<Record<string, string>> {
  const cookie = (await fetch(`${baseUrl}/api/xsrf`)).headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c.startsWith('XSRF-TOKEN='));
  if (!cookie) throw new Error('GET /api/xsrf set no XSRF-TOKEN cookie');
  return { cookie, 'x-xsrf-token': decodeURIComponent(cookie.slice('XSRF-TOKEN='.length)) };
}

/** Every list the load draws pages from (by its query, '' or '&…'), with its page count as the server answers it now. */
async function listShapes(baseUrl: string, collection: string, headers: Record<string, string>, queries: string[]): Promise<ListShape[]> {
  return Promise.all(
    queries.map(async (query) => {
      const response = await fetch(`${baseUrl}${collection}?per_page=${RECIPIENTS_PER_PAGE}${query}`, { headers });
      if (response.status !== 200) throw new Error(`list ${query}: ${response.status} ${await response.text()}`);
      const { pagination } = (await response.json()) as { pagination: { total: number } };
      return { query, pages: Math.max(1, Math.ceil(pagination.total / RECIPIENTS_PER_PAGE)), total: pagination.total };
    }),
  );
}

/**
 * Every page of every list once, RECIPIENTS_CONNECTIONS at a time: what a server that has been in
 * use has served, so that the warm figure is the cache's steady state, not its first filling.
 */
async function pageThrough(baseUrl: string, collection: string, headers: Record<string, string>, shapes: ListShape[]): Promise<void> {
  const paths = shapes.flatMap((shape) => Array.from({ length: shape.pages }, (_, i) => `${collection}?page=${i + 1}&per_page=${RECIPIENTS_PER_PAGE}${shape.query}`));
  let next = 0;
  const worker = async () => {
    while (next < paths.length) {
      const response = await fetch(`${baseUrl}${paths[next++]}`, { headers });
      if (response.status !== 200) throw new Error(`paging through: ${response.status} ${await response.text()}`);
      await response.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: RECIPIENTS_CONNECTIONS }, worker));
}

/** Each list's TIMED_PAGES asked one after another: the time of one request of each kind, without the load's queueing. */
async function timeLists(baseUrl: string, collection: string, headers: Record<string, string>, shapes: ListShape[]): Promise<ListTiming[]> {
  const timings: ListTiming[] = [];
  for (const shape of shapes) {
    const durations: number[] = [];
    for (const page of TIMED_PAGES(shape.pages)) {
      const started = performance.now();
      const response = await fetch(`${baseUrl}${collection}?page=${page}&per_page=${RECIPIENTS_PER_PAGE}${shape.query}`, { headers });
      if (response.status !== 200) throw new Error(`timing ${shape.query}: ${response.status} ${await response.text()}`);
      await response.arrayBuffer();
      durations.push(performance.now() - started);
    }
    durations.sort((a, b) => a - b);
    const middle = (durations.length - 1) / 2;
    timings.push({ query: shape.query, total: shape.total, medianMs: (durations[Math.floor(middle)] + durations[Math.ceil(middle)]) / 2, maxMs: durations[durations.length - 1] });
  }
  return timings;
}

export const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)];

/**
 * The mixed load as one autocannon request generated anew each time: mostly a page drawn
 * uniformly from all pages of a random list, and in RECIPIENTS_WRITE_SHARE of requests a create,
 * an update or a delete (with the body `record(n)` makes, n counted by `created` over every pass on
 * the same data, so a later pass never repeats a unique value an earlier one stored). Updates and
 * deletes take a live record no other request is writing.
 */
function mixedLoad(collection: string, shapes: ListShape[], liveIds: number[], headers: Record<string, string>, record: (created: number) => unknown, created: { count: number }): Request {
  const busy = new Set<number>();
  const recipient = () => {
    created.count += 1;
    return JSON.stringify(record(created.count));
  };
  /** A live recipient to change, taken out of the pool while its write is under way. */
  const takeLive = () => {
    for (;;) {
      const at = Math.floor(Math.random() * liveIds.length);
      const id = liveIds[at];
      if (!busy.has(id)) {
        busy.add(id);
        return { id, at };
      }
    }
  };
  return {
    setupRequest(request: RawRequest, context) {
      const draw = Math.random();
      const writeHeaders = { ...headers, 'content-type': 'application/json' };
      if (draw >= RECIPIENTS_WRITE_SHARE) {
        const shape = pick(shapes);
        const page = 1 + Math.floor(Math.random() * shape.pages);
        context.write = undefined;
        return { ...request, method: 'GET', headers, body: undefined, path: `${collection}?page=${page}&per_page=${RECIPIENTS_PER_PAGE}${shape.query}` };
      }
      const kind = draw < RECIPIENTS_WRITE_SHARE / 3 ? 'create' : draw < (RECIPIENTS_WRITE_SHARE * 2) / 3 ? 'update' : 'delete';
      if (kind === 'create') {
        context.write = { kind };
        return { ...request, method: 'POST', headers: writeHeaders, path: collection, body: recipient() };
      }
      const { id, at } = takeLive();
      if (kind === 'delete') {
        // Gone from the pool at once, so no update picks it while it is being deleted.
        liveIds[at] = liveIds[liveIds.length - 1];
        liveIds.pop();
      }
      context.write = { kind, id };
      return kind === 'update'
        ? { ...request, method: 'PUT', headers: writeHeaders, path: `${collection}/${id}`, body: recipient() }
        : { ...request, method: 'DELETE', headers, body: undefined, path: `${collection}/${id}` };
    },
    onResponse(status, body, context) {
      const write = context.write as { kind: string; id?: number } | undefined;
      if (!write) return;
      if (write.id !== undefined) busy.delete(write.id);
      if (write.kind === 'create' && status === 201) liveIds.push((JSON.parse(body) as { id: number }).id);
    },
  };
}

/**
 * The mixed load on a `collection` of the seeded `dataDir` (pages of the lists `queries` give,
 * writes of the bodies `record` makes), each time on a server of its own: LIST_CACHE=off (cold)
 * first, then with the list cache (warm). `lists` names what is loaded, for the log.
 */
export async function measureColdAndWarm(
  dataDir: string,
  options: { port: number; durationSeconds: number; log(line: string): void; databaseUrl?: string },
  load: { collection: string; queries: string[]; timedQueries?: string[]; ids: number[]; record: (created: number) => unknown; lists: (shapes: number) => string },
): Promise<MixedLoadResult> {
  const created = { count: 0 };
  const measure = async (listCache: boolean) => {
    const server = await startApiServer(dataDir, options.port, listCache, options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {});
    try {
      const token = await signInThroughApi(server.baseUrl, 'klient');
      const headers = { authorization: `JWT ${token}`, ...(await xsrfHeaders(server.baseUrl)) };
      const shapes = await listShapes(server.baseUrl, load.collection, headers, load.queries);
      // Before the load, on the cold server only: asked one at a time, each list shows its own cost.
      const timed = listCache ? [] : await timeLists(server.baseUrl, load.collection, headers, [...shapes, ...(await listShapes(server.baseUrl, load.collection, headers, load.timedQueries ?? []))]);
      if (listCache) {
        options.log(`Paging once through ${load.lists(shapes.length)}, as a server in use has served them…`);
        await pageThrough(server.baseUrl, load.collection, headers, shapes);
      }
      options.log(`Loading ${load.lists(shapes.length)} (${listCache ? 'list cache on' : 'LIST_CACHE=off'}) for ${options.durationSeconds} s at ${RECIPIENTS_CONNECTIONS} connections…`);
      const result = await loadEndpoint(`${server.baseUrl}${load.collection}`, headers, {
        connections: RECIPIENTS_CONNECTIONS,
        durationSeconds: options.durationSeconds,
        warmupSeconds: 5,
        // A slow answer is a figure to report, not a failure (the cold load takes seconds).
        timeoutSeconds: 120,
        requests: [mixedLoad(load.collection, shapes, load.ids, headers, load.record, created)],
      });
      return { result, loadAverage: loadavg()[0], timed };
    } finally {
      await server.stop();
    }
  };
  const cold = await measure(false);
  const warm = await measure(true);
  return { warm: warm.result, cold: cold.result, loadAverages: { warm: warm.loadAverage, cold: cold.loadAverage }, coldLists: cold.timed };
}

/** The recipients lists on one database: the embedded one (no URL) or a PostgreSQL database. */
async function measureRecipientsOn(database: RecipientsResult['database'], databaseUrl: string | undefined, options: { port: number; durationSeconds: number; log(line: string): void }): Promise<RecipientsResult> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'panel-bench-recipients-'));
  try {
    options.log(`Seeding ${RECIPIENTS.toLocaleString('pl-PL')} recipients into a fresh ${database} database…`);
    const { serviceId, ids } = await seed(dataDir, databaseUrl);
    const queries = ['', ...TAGS.map((tag) => `&tag=${tag}`), ...SEARCHES.map((term) => `&search=${encodeURIComponent(term)}`)];
    const measured = await measureColdAndWarm(dataDir, { ...options, databaseUrl }, {
      collection: `/api/client_service/${serviceId}/module/recipients`,
      queries,
      timedQueries: SORTED_AND_FILTERED,
      ids,
      record: (created) => ({ name: `Nowy odbiorca ${created}`, email: `bench-${process.pid}-${created}@example.com`, tags: [pick(TAGS)] }),
      lists: (shapes) => `${shapes} recipient lists`,
    });
    return { database, shapes: queries.length, ...measured };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * Loads the API with and without the list cache on a fresh embedded database with the recipients
 * and, when BENCH_DATABASE_URL names a PostgreSQL server, on a database of its own made there.
 */
export async function measureRecipients(options: { port: number; durationSeconds: number; log(line: string): void }): Promise<RecipientsResult[]> {
  const results = [await measureRecipientsOn('embedded', undefined, options)];
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (serverUrl) results.push(await withPostgresDatabase(serverUrl, (url) => measureRecipientsOn('PostgreSQL', url, options)));
  else options.log('BENCH_DATABASE_URL is not set: the recipients lists are measured on the embedded database only.');
  return results;
}
