/**
 * `npm run bench`: what the first screens download, and how fast GET /api/user answers under load.
 * Starts the real server on a fresh embedded database with the demo data, prints two tables and
 * the figures to reach (issue 2). Environment: BENCH_PORT (3320), BENCH_SECONDS (10).
 */
import { ensureClientBuild } from '../../src/server/build-client';
import { loadEndpoint } from './api-load';
import { type PageWeight, measurePageWeights } from './page-weight';
import { signInThroughApi, startServer } from './server';

const targets = { loginJsGzipBytes: 250_000, userP95Ms: 20 };
const port = Number(process.env.BENCH_PORT ?? 3320);
const durationSeconds = Number(process.env.BENCH_SECONDS ?? 10);

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const ms = (value: number) => `${value.toFixed(2)} ms`;
const verdict = (ok: boolean) => (ok ? 'ok' : 'OVER TARGET');

/** The heavy libraries a page loaded, once each. */
const libraries = (page: PageWeight) => [...new Set(page.heavyCode.map((code) => code.library))].join(', ');

function table(rows: string[][]): string {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  return rows.map((row) => row.map((cell, column) => cell.padEnd(widths[column])).join('  ').trimEnd()).join('\n');
}

console.log('Building the SPA when its sources changed…');
await ensureClientBuild();
console.log(`Starting the server on port ${port} (embedded database, demo data)…`);
const server = await startServer(port);
try {
  const pages = await measurePageWeights(server.baseUrl, 'klient');
  const token = await signInThroughApi(server.baseUrl, 'klient');
  console.log(`Loading GET /api/user for ${durationSeconds} s…`);
  const load = await loadEndpoint(`${server.baseUrl}/api/user`, { authorization: `JWT ${token}` }, {
    connections: 50,
    durationSeconds,
    warmupSeconds: 2,
  });

  console.log('\nWhat a first visit downloads (gzipped, every JS and CSS response)');
  console.log(
    table([
      ['page', 'JS files', 'JS gzip', 'CSS files', 'CSS gzip', 'RJSF/ajv/charts code'],
      ...pages.map((page) => [
        page.page,
        String(page.jsFiles),
        kB(page.jsGzipBytes),
        String(page.cssFiles),
        kB(page.cssGzipBytes),
        libraries(page) || 'none',
      ]),
    ]),
  );
  for (const page of pages) {
    for (const { library, file } of page.heavyCode) console.log(`  ${page.page}: ${library} code in ${file}`);
  }

  console.log(`\nGET /api/user as klient, ${load.connections} connections, ${load.durationSeconds} s (embedded database)`);
  console.log(
    table([
      ['requests/s', 'p50', 'p95', 'p99', 'failed'],
      [load.requestsPerSecond.toFixed(0), ms(load.p50Ms), ms(load.p95Ms), ms(load.p99Ms), String(load.failed)],
    ]),
  );

  const login = pages[0];
  console.log('\nFigures to reach');
  console.log(
    table([
      ['figure', 'target', 'measured', ''],
      ['login page JS (gzip)', `≤ ${kB(targets.loginJsGzipBytes)}`, kB(login.jsGzipBytes), verdict(login.jsGzipBytes <= targets.loginJsGzipBytes)],
      ['login page RJSF/ajv/charts', 'none', libraries(login) || 'none', verdict(login.heavyCode.length === 0)],
      ['GET /api/user p95 at 50 conn.', `≤ ${ms(targets.userP95Ms)}`, ms(load.p95Ms), verdict(load.p95Ms <= targets.userP95Ms)],
    ]),
  );
  // Failed answers would make the latency figures meaningless (e.g. a rate limit's quick 429s).
  if (load.failed > 0) {
    console.error(`\n${load.failed} requests failed: the load figures above do not measure GET /api/user.`);
    process.exitCode = 1;
  }
} finally {
  await server.stop();
}
