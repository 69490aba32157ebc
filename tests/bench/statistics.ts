/**
 * The site's visit statistics (issue 19): page views taken by one server process (the counter's
 * endpoint under load from many addresses), and the three screens' calls (raporty/statystyki, sumy,
 * zrodla) over a year of page views: STATS_EMBEDDED_EVENTS on the embedded database and, when
 * BENCH_DATABASE_URL names a PostgreSQL server, STATS_POSTGRES_EVENTS on a database made there.
 * The page views are generated in SQL and rolled up by the job's own rollup; every screen call asks
 * for another period (1 to 366 days within the year) and, for the sums, another grouping.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon, { type Request } from 'autocannon';
import { rollUpVisits } from '../../src/modules/site/server/statistics/rollup';
import { loadConfig } from '../../src/server/config';
import { closeContext, createContext } from '../../src/server/context';
import { seedDemoData } from '../../src/server/platform/db/seed';
import { E2E_PASSWORD } from '../e2e/support/credentials';
import { type LoadResult, loadEndpoint } from './api-load';
import { startApiServer } from './recipients';
import { serviceIdOfType, signInThroughApi, withPostgresDatabase } from './server';

export const STATS_EMBEDDED_EVENTS = Number(process.env.STATS_EMBEDDED_EVENTS ?? 1_000_000);
export const STATS_POSTGRES_EVENTS = Number(process.env.STATS_POSTGRES_EVENTS ?? 10_000_000);
export const INGEST_CONNECTIONS = 50;
/** Events generated per statement: PGlite holds a statement's rows in memory. */
const CHUNK = 250_000;
const DOMAIN = 'www.kowalski.example.com';
const DAY_MS = 86_400_000;

export interface ScreensResult {
  database: 'embedded' | 'PostgreSQL';
  events: number;
  generateSeconds: number;
  rollupSeconds: number;
  /** One request at a time: what a user's call costs. */
  single: LoadResult;
  /** Ten users at once. */
  loaded: LoadResult;
}

export interface StatisticsResult {
  /** `peer`: the same server's simplest public call (GET /api/xsrf) at the same connections, right after: the process's ceiling. */
  ingest: LoadResult & { stored: number; peer: LoadResult };
  screens: ScreensResult[];
}

/** A year of page views of klient's site, written straight into the database the server will open, then rolled up by the job's rollup. */
async function seedEvents(dataDir: string, databaseUrl: string | undefined, events: number, log: (line: string) => void) {
  const ctx = await createContext(loadConfig({}, { dataDir, databaseUrl, serveClient: false, jobsEnabled: false }));
  try {
    await seedDemoData(ctx.db, { password: E2E_PASSWORD });
    // The demo's own year of visits would overlap the generated one.
    await ctx.db.query("INSERT INTO demo_seeds (name) VALUES ('site-statistics') ON CONFLICT DO NOTHING");
    const { rows } = await ctx.db.query<{ id: number }>(
      `SELECT d.client_service_id AS id FROM client_service_domains d JOIN client_service_modules m ON m.client_service_id = d.client_service_id AND m.module = 'statistics'
        WHERE d.domain = $1`,
      [DOMAIN],
    );
    const serviceId = rows[0].id;
    let started = performance.now();
    for (let first = 0; first < events; first += CHUNK) {
      await ctx.db.query(
        `INSERT INTO site_visit_events (client_service_id, occurred_at, path, source_kind, source_name, screen, visitor)
         SELECT $1, now() - random() * interval '365 days', '/strona-' || (g % 200),
                (ARRAY['direct', 'search', 'social', 'referral', 'campaign'])[1 + g % 5], 'zrodlo-' || (g % 37),
                (ARRAY['phone', 'tablet', 'desktop', 'wide'])[1 + g % 4], md5((g % 40000)::text)
           FROM generate_series($2::int, $3::int) g`,
        [serviceId, first + 1, Math.min(events, first + CHUNK)],
      );
    }
    const generateSeconds = (performance.now() - started) / 1000;
    log(`  ${events.toLocaleString('en')} page views generated in ${generateSeconds.toFixed(1)} s; rolling them up…`);
    started = performance.now();
    // The job as it runs (its retention too: the raw events older than the default 30 days go).
    await rollUpVisits(ctx.db, loadConfig({}).statsRawRetentionDays);
    const rollupSeconds = (performance.now() - started) / 1000;
    await ctx.db.query('ANALYZE');
    return { serviceId, generateSeconds, rollupSeconds };
  } finally {
    await closeContext(ctx);
  }
}

/** The same numbers on every run. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/** A screen's call for a period of 1 to 366 days ending within the last year, the three calls (and four groupings) in turn. */
function screenPaths(serviceId: number): () => string {
  const next = random(19);
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY_MS).toISOString().slice(0, 10);
  let turn = 0;
  return () => {
    const end = Math.floor(next() * 365);
    const length = 1 + Math.floor(next() * 366);
    const period = `from=${day(end + length - 1)}&to=${day(end)}`;
    const base = `/api/client_service/${serviceId}/statistics`;
    turn += 1;
    if (turn % 3 === 0) return `${base}/visits?${period}`;
    if (turn % 3 === 1) return `${base}/sources?${period}`;
    return `${base}/sums?group=${['day', 'week', 'month', 'year'][Math.floor(next() * 4)]}&${period}`;
  };
}

async function measureScreens(database: ScreensResult['database'], databaseUrl: string | undefined, events: number, options: { port: number; durationSeconds: number; log(line: string): void }): Promise<ScreensResult> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'panel-bench-stats-'));
  try {
    options.log(`Visit statistics on the ${database} database: generating ${events.toLocaleString('en')} page views…`);
    const seeded = await seedEvents(dataDir, databaseUrl, events, options.log);
    const server = await startApiServer(dataDir, options.port, true, databaseUrl ? { DATABASE_URL: databaseUrl } : {});
    try {
      const token = await signInThroughApi(server.baseUrl, 'klient');
      const headers = { authorization: `JWT ${token}` };
      const nextPath = screenPaths(seeded.serviceId);
      const requests: Request[] = [{ setupRequest: (request) => ({ ...request, path: nextPath() }) }];
      const url = `${server.baseUrl}/api/client_service/${seeded.serviceId}/statistics/visits`;
      const single = await loadEndpoint(url, headers, { connections: 1, durationSeconds: options.durationSeconds, warmupSeconds: 2, requests });
      const loaded = await loadEndpoint(url, headers, { connections: 10, durationSeconds: options.durationSeconds, warmupSeconds: 2, requests });
      // Said at once too: the PostgreSQL part that follows may take many minutes.
      options.log(`  the screens' calls: p95 ${single.p95Ms.toFixed(1)} ms at 1 connection, ${loaded.p95Ms.toFixed(1)} ms at 10`);
      return { database, events, generateSeconds: seeded.generateSeconds, rollupSeconds: seeded.rollupSeconds, single, loaded };
    } finally {
      await server.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * Waits until the fresh server has written its demo, which it does once listening: the visit
 * statistics' demo year is the last seed, so klient's site showing visits means the others are done.
 */
async function demoSeeded(baseUrl: string): Promise<void> {
  const token = await signInThroughApi(baseUrl, 'klient');
  const site = await serviceIdOfType(baseUrl, token, 'www');
  for (let attempt = 0; attempt < 600; attempt += 1) {
    const response = await fetch(`${baseUrl}/api/client_service/${site}/statistics/visits`, { headers: { authorization: `JWT ${token}` } });
    if (response.status === 200 && ((await response.json()) as { totals: { visits: number } }).totals.visits > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the demo data was not written within 5 minutes');
}

/** Page views posted by many visitors (addresses through X-Forwarded-For) to one server process on the embedded database. */
async function measureIngest(options: { port: number; durationSeconds: number; log(line: string): void }): Promise<StatisticsResult['ingest']> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'panel-bench-stats-'));
  try {
    options.log('Visit statistics: page views posted to one server process (embedded database)…');
    const server = await startApiServer(dataDir, options.port, true, { TRUST_PROXY: 'true' });
    try {
      await demoSeeded(server.baseUrl);
      const next = random(7);
      const pages = ['/', '/aktualnosci', '/kontakt', '/oferta?utm_source=newsletter', '/o-nas'];
      const referrers = ['', 'https://www.google.pl/', 'https://m.facebook.com/', 'https://www.gazeta.example.org/'];
      const requests: Request[] = [
        {
          setupRequest: (request) => ({
            ...request,
            method: 'POST',
            headers: {
              ...request.headers,
              'content-type': 'text/plain;charset=UTF-8',
              'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
              'x-forwarded-for': `10.${Math.floor(next() * 250)}.${Math.floor(next() * 250)}.${Math.floor(next() * 250)}`,
            },
            body: JSON.stringify({ u: `https://${DOMAIN}${pages[Math.floor(next() * pages.length)]}`, r: referrers[Math.floor(next() * referrers.length)], w: 360 + Math.floor(next() * 1600) }),
          }),
        },
      ];
      const url = `${server.baseUrl}/api/stats/${DOMAIN}/hit`;
      await autocannon({ url, connections: INGEST_CONNECTIONS, duration: 2, requests });
      const latencies: number[] = [];
      let stored = 0;
      const run = autocannon({ url, connections: INGEST_CONNECTIONS, duration: options.durationSeconds, requests });
      run.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
        latencies.push(ms);
        if (status === 202) stored += 1;
      });
      const result = await run;
      latencies.sort((a, b) => a - b);
      options.log(`  ${stored.toLocaleString('en')} page views stored in ${result.duration} s`);
      const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.ceil(q * latencies.length) - 1)];
      const peer = await loadEndpoint(`${server.baseUrl}/api/xsrf`, {}, { connections: INGEST_CONNECTIONS, durationSeconds: options.durationSeconds, warmupSeconds: 0 });
      return {
        peer,
        connections: INGEST_CONNECTIONS,
        durationSeconds: result.duration,
        requestsPerSecond: result.requests.average,
        p50Ms: at(0.5),
        p95Ms: at(0.95),
        p99Ms: at(0.99),
        failed: result.non2xx + result.errors + result.timeouts,
        stored,
      };
    } finally {
      await server.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

export async function measureStatistics(options: { port: number; durationSeconds: number; log(line: string): void }): Promise<StatisticsResult> {
  const ingest = await measureIngest(options);
  const screens = [await measureScreens('embedded', undefined, STATS_EMBEDDED_EVENTS, options)];
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (serverUrl) screens.push(await withPostgresDatabase(serverUrl, (url) => measureScreens('PostgreSQL', url, STATS_POSTGRES_EVENTS, options)));
  else options.log('BENCH_DATABASE_URL is not set: the screens are measured on the embedded database only.');
  return { ingest, screens };
}
