/**
 * `npm run bench`: what the first screens download, how fast GET /api/user answers under load, and
 * how fast the recipients list answers with 100,000 recipients (issues 2 and 3). Starts the real
 * server on a fresh embedded database with the demo data (and a second one, API only, for the
 * recipients), and prints the tables and the figures to reach. Environment: BENCH_PORT (3320; the
 * recipients server takes the next port), BENCH_SECONDS (10, per load).
 */
import { ensureClientBuild } from '../../src/server/build-client';
import { loadConfig } from '../../src/server/config';
import { loadEndpoint, type LoadResult } from './api-load';
import { carriesFormCodeOutOfPlace, type PageWeight, measurePageWeights, type WeighedRoute } from './page-weight';
import { measureRecipients, RECIPIENTS, RECIPIENTS_CONNECTIONS, RECIPIENTS_PAGE, RECIPIENTS_PER_PAGE } from './recipients';
import { serviceIdOfType, signInThroughApi, startServer } from './server';

const targets = { loginJsGzipBytes: 250_000, userP95Ms: 20, recipientsP95Ms: 25 };
const port = Number(process.env.BENCH_PORT ?? 3320);
const durationSeconds = Number(process.env.BENCH_SECONDS ?? 10);
const BENCH_USER = 'klient';

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const ms = (value: number) => `${value.toFixed(2)} ms`;
const verdict = (ok: boolean) => (ok ? 'ok' : 'OVER TARGET');

/** The heavy libraries a page loaded, once each. */
const libraries = (page: PageWeight) => [...new Set(page.heavyCode.map((code) => code.library))].join(', ');

function table(rows: string[][]): string {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  return rows.map((row) => row.map((cell, column) => cell.padEnd(widths[column])).join('  ').trimEnd()).join('\n');
}

const loadRow = (load: LoadResult) => [load.requestsPerSecond.toFixed(0), ms(load.p50Ms), ms(load.p95Ms), ms(load.p99Ms), String(load.failed)];

/** The login page, the dashboard, and a schema module's list and form screens (the NEWSLETTER service's tags). */
function routesToWeigh(newsletterId: number): WeighedRoute[] {
  const tags = `/usluga/${newsletterId}/konfiguracja/tagi`;
  return [
    { name: 'login (/logowanie)', path: '/logowanie', signedIn: false, showsForm: false, prefetch: false },
    { name: 'dashboard (/), data saver', path: '/', signedIn: true, showsForm: false, prefetch: false },
    { name: 'dashboard (/), 4g + prefetch', path: '/', signedIn: true, showsForm: false, prefetch: true },
    { name: `schema list (${tags})`, path: tags, signedIn: true, showsForm: false, prefetch: false },
    { name: `schema form (${tags}/dodaj)`, path: `${tags}/dodaj`, signedIn: true, showsForm: true, prefetch: false },
  ];
}

console.log('Building the SPA when its sources changed…');
await ensureClientBuild(loadConfig());
console.log(`Starting the server on port ${port} (embedded database, demo data)…`);
const server = await startServer(port);
let pages: PageWeight[];
let userLoad: LoadResult;
try {
  const token = await signInThroughApi(server.baseUrl, BENCH_USER);
  const newsletterId = await serviceIdOfType(server.baseUrl, token, 'newsletter');
  pages = await measurePageWeights(server.baseUrl, BENCH_USER, routesToWeigh(newsletterId));
  console.log(`Loading GET /api/user for ${durationSeconds} s…`);
  userLoad = await loadEndpoint(`${server.baseUrl}/api/user`, { authorization: `JWT ${token}` }, {
    connections: 50,
    durationSeconds,
    warmupSeconds: 2,
  });
} finally {
  await server.stop();
}
// One server at a time, so the two loads do not compete for the two cores.
const recipients = await measureRecipients({ port: port + 1, durationSeconds, log: (line) => console.log(line) });

console.log('\nWhat a first visit downloads (gzipped, every JS and CSS response); only form screens may carry RJSF/ajv');
console.log(
  table([
    ['page', 'JS files', 'JS gzip', 'CSS files', 'CSS gzip', 'RJSF/ajv/charts code', 'form code'],
    ...pages.map((page) => [
      page.route.name,
      String(page.jsFiles),
      kB(page.jsGzipBytes),
      String(page.cssFiles),
      kB(page.cssGzipBytes),
      libraries(page) || 'none',
      page.route.showsForm ? 'allowed (form)' : page.route.prefetch ? 'prefetched, not counted' : verdict(!carriesFormCodeOutOfPlace(page)),
    ]),
  ]),
);
for (const page of pages) {
  for (const { library, file } of page.heavyCode) console.log(`  ${page.route.name}: ${library} code in ${file}`);
}

console.log(`\nGET /api/user as ${BENCH_USER}, ${userLoad.connections} connections, ${userLoad.durationSeconds} s (embedded database)`);
console.log(table([['requests/s', 'p50', 'p95', 'p99', 'failed'], loadRow(userLoad)]));

console.log(
  `\nGET …${recipients.path.replace(/^\/api\/client_service\/\d+/, '')} (${RECIPIENTS.toLocaleString('en')} recipients, ` +
    `${recipients.total.toLocaleString('en')} with the tag), ${recipients.load.connections} connections, ${recipients.load.durationSeconds} s (embedded database)`,
);
console.log(table([['first answer', 'requests/s', 'p50', 'p95', 'p99', 'failed'], [ms(recipients.firstMs), ...loadRow(recipients.load)]]));

const login = pages[0];
const checkedForFormCode = pages.filter((page) => !page.route.showsForm && !page.route.prefetch);
console.log('\nFigures to reach');
console.log(
  table([
    ['figure', 'target', 'measured', ''],
    ['login page JS (gzip)', `≤ ${kB(targets.loginJsGzipBytes)}`, kB(login.jsGzipBytes), verdict(login.jsGzipBytes <= targets.loginJsGzipBytes)],
    ...checkedForFormCode.map((page) => [
      `${page.route.name} RJSF/ajv`,
      'none',
      libraries(page) || 'none',
      verdict(!carriesFormCodeOutOfPlace(page)),
    ]),
    ['GET /api/user p95 at 50 conn.', `≤ ${ms(targets.userP95Ms)}`, ms(userLoad.p95Ms), verdict(userLoad.p95Ms <= targets.userP95Ms)],
    [
      `recipients p${RECIPIENTS_PAGE.toLocaleString('en')}×${RECIPIENTS_PER_PAGE} + tag, p95 at ${RECIPIENTS_CONNECTIONS} conn.`,
      `≤ ${ms(targets.recipientsP95Ms)}`,
      ms(recipients.load.p95Ms),
      verdict(recipients.load.p95Ms <= targets.recipientsP95Ms),
    ],
  ]),
);
// Failed answers would make the latency figures meaningless (e.g. a rate limit's quick 429s).
for (const [name, load] of [['GET /api/user', userLoad], ['the recipients list', recipients.load]] as const) {
  if (load.failed > 0) {
    console.error(`\n${load.failed} requests failed: the load figures above do not measure ${name}.`);
    process.exitCode = 1;
  }
}
