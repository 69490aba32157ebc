/**
 * `npm run bench`: what the first screens download, how fast GET /api/user answers under load, and
 * how fast the recipients lists answer with 100,000 recipients under a mixed load (issues 2, 3
 * and 6). Starts the real server on a fresh embedded database with the demo data (and API-only
 * ones for the recipients), and prints the tables and the figures to reach. Environment:
 * BENCH_PORT (3320; the recipients servers take the next port), BENCH_SECONDS (10, per load),
 * BENCH_ONLY (`pages`: page weights and GET /api/user; `recipients`: the recipients lists, on the embedded
 * database and, with BENCH_DATABASE_URL, on PostgreSQL; `news`: the
 * all-news list; `import`: the CSV import of 100,000 recipients, on its own server at BENCH_PORT + 2;
 * `mailings`: a mailing of BENCH_MAILING_MESSAGES (20,000) through the provider's relay and through a
 * tenant's SMTP sender config, each against raw nodemailer tuned and warmed up, on the embedded
 * database and, with BENCH_DATABASE_URL, on PostgreSQL, with the server's peak memory;
 * `delivery`: the site delivery API under a mixed read load, cold and warm; `stats`: the visit counter's
 * page views per second and the statistics screens' calls over a year of page views, on the embedded
 * database and, with BENCH_DATABASE_URL, on PostgreSQL; `preview`: the home-page
 * preview of 20 sections of 10 items drawn by the server, cold and warm; `wcag`: the WCAG
 * analysis of a 20-page fixture site and the share of criteria decided automatically);
 * BENCH_PROFILE_DIR (none): the API-only servers write CPU profiles there when they stop.
 */
import { ensureClientBuild } from '../../src/server/build-client';
import { loadConfig } from '../../src/server/config';
import { loadEndpoint, type LoadResult } from './api-load';
import { carriesFormCodeOutOfPlace, LOGIN_JS_GZIP_BUDGET, loginRoute, type PageWeight, measurePageWeights, type WeighedRoute } from './page-weight';
import { DELIVERY_CONDITIONAL_SHARE, DELIVERY_CONNECTIONS, DELIVERY_NEWS, DELIVERY_WRITE_SHARE, type DeliveryResult, measureDelivery, type PassResult } from './delivery';
import { measureNews, NEWS_ITEMS } from './news';
import { measurePreview, PREVIEW_CONNECTIONS, PREVIEW_ITEMS, PREVIEW_SECTIONS, type PreviewResult } from './preview';
import { type MailingResult, measureMailings } from './mailings';
import {
  measureRecipients,
  type MixedLoadResult,
  RECIPIENTS,
  RECIPIENTS_CONNECTIONS,
  RECIPIENTS_PER_PAGE,
  RECIPIENTS_WRITE_SHARE,
  type RecipientsResult,
} from './recipients';
import { serviceIdOfType, signInThroughApi, startServer } from './server';
import { IMPORT_ROWS, type ImportResult, measureImport } from './recipient-import';
import { INGEST_CONNECTIONS, measureStatistics, type StatisticsResult } from './statistics';
import { measureWcag, WCAG_PAGES, type WcagResult } from './wcag';

const targets = { loginJsGzipBytes: LOGIN_JS_GZIP_BUDGET, userP95Ms: 20, recipientsP95Ms: 25, recipientsColdP95Ms: 250, recipientsColdPostgresP95Ms: 50, newsP95Ms: 25, importSeconds: 5, mailingRatio: 0.9, mailingPeakRssBytes: 300 * 1024 * 1024, deliveryP95Ms: 25, statsIngestPerSecond: 2_000, statsScreensP95Ms: 50, wcagPagesPerMinute: 20 };
const port = Number(process.env.BENCH_PORT ?? 3320);
const durationSeconds = Number(process.env.BENCH_SECONDS ?? 10);
const BENCH_USER = 'klient';
const only = process.env.BENCH_ONLY;
const BENCHES = ['pages', 'recipients', 'news', 'import', 'mailings', 'delivery', 'stats', 'preview', 'wcag'];
if (only !== undefined && !BENCHES.includes(only)) throw new Error(`BENCH_ONLY must be one of ${BENCHES.join(', ')}, not ${only}`);

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
    loginRoute,
    { name: 'dashboard (/), data saver', path: '/', signedIn: true, showsForm: false, prefetch: false },
    { name: 'dashboard (/), 4g + prefetch', path: '/', signedIn: true, showsForm: false, prefetch: true },
    { name: `schema list (${tags})`, path: tags, signedIn: true, showsForm: false, prefetch: false },
    { name: `schema form (${tags}/dodaj)`, path: `${tags}/dodaj`, signedIn: true, showsForm: true, prefetch: false },
  ];
}

interface FrontFigures {
  pages: PageWeight[];
  userLoad: LoadResult;
}

/** Page weights and GET /api/user, on the full server with the demo data. */
async function measureFront(): Promise<FrontFigures> {
  console.log('Building the SPA when its sources changed…');
  await ensureClientBuild(loadConfig());
  console.log(`Starting the server on port ${port} (embedded database, demo data)…`);
  const server = await startServer(port);
  try {
    const token = await signInThroughApi(server.baseUrl, BENCH_USER);
    const newsletterId = await serviceIdOfType(server.baseUrl, token, 'newsletter');
    const pages = await measurePageWeights(server.baseUrl, BENCH_USER, routesToWeigh(newsletterId));
    console.log(`Loading GET /api/user for ${durationSeconds} s…`);
    const userLoad = await loadEndpoint(`${server.baseUrl}/api/user`, { authorization: `JWT ${token}` }, {
      connections: 50,
      durationSeconds,
      warmupSeconds: 2,
    });
    return { pages, userLoad };
  } finally {
    await server.stop();
  }
}

function reportFront({ pages, userLoad }: FrontFigures): string[][] {
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

  const login = pages[0];
  const checkedForFormCode = pages.filter((page) => !page.route.showsForm && !page.route.prefetch);
  return [
    ['login page JS (gzip)', `≤ ${kB(targets.loginJsGzipBytes)}`, kB(login.jsGzipBytes), verdict(login.jsGzipBytes <= targets.loginJsGzipBytes)],
    ...checkedForFormCode.map((page) => [`${page.route.name} RJSF/ajv`, 'none', libraries(page) || 'none', verdict(!carriesFormCodeOutOfPlace(page))]),
    ['GET /api/user p95 at 50 conn.', `≤ ${ms(targets.userP95Ms)}`, ms(userLoad.p95Ms), verdict(userLoad.p95Ms <= targets.userP95Ms)],
  ];
}

/** A mixed load's table (after its heading), warm and cold, and its figures: the warm p95 against the target, the cold p95 against its own when given. */
function reportMixedLoad(heading: string, figure: string, targets: { warmP95Ms: number; coldP95Ms?: number }, { warm, cold, loadAverages, coldLists }: MixedLoadResult): string[][] {
  console.log(heading);
  console.log(
    table([
      ['', 'requests/s', 'p50', 'p95', 'p99', 'failed', 'load average'],
      ['warm (list cache)', ...loadRow(warm), loadAverages.warm.toFixed(1)],
      ['cold (LIST_CACHE=off)', ...loadRow(cold), loadAverages.cold.toFixed(1)],
    ]),
  );
  console.log('Cold, one request at a time before the load: the first page, a third, the middle and the last of each list');
  console.log(
    table([
      ['list', 'records', 'median', 'slowest'],
      ...coldLists.map((list) => [list.query ? decodeURIComponent(list.query.slice(1)) : '(all)', list.total.toLocaleString('en'), ms(list.medianMs), ms(list.maxMs)]),
    ]),
  );
  return [
    [`${figure} mixed load p95 at ${RECIPIENTS_CONNECTIONS} conn.`, `≤ ${ms(targets.warmP95Ms)}`, ms(warm.p95Ms), verdict(warm.p95Ms <= targets.warmP95Ms)],
    targets.coldP95Ms === undefined
      ? ['  same, cold (no list cache)', 'reported', ms(cold.p95Ms), '']
      : ['  same, cold (no list cache)', `≤ ${ms(targets.coldP95Ms)}`, ms(cold.p95Ms), verdict(cold.p95Ms <= targets.coldP95Ms)],
  ];
}

const reportRecipients = (results: RecipientsResult[]) =>
  results.flatMap((result) =>
    reportMixedLoad(
      `\nRecipients lists (${RECIPIENTS.toLocaleString('en')} recipients, ${result.database} database): pages of ${RECIPIENTS_PER_PAGE} drawn uniformly ` +
        `from all pages of ${result.shapes} lists (unfiltered, by tag, searched), ${RECIPIENTS_WRITE_SHARE * 100}% writes, ` +
        `${RECIPIENTS_CONNECTIONS} connections, ${result.warm.durationSeconds} s each`,
      `recipients (${result.database})`,
      { warmP95Ms: targets.recipientsP95Ms, coldP95Ms: result.database === 'embedded' ? targets.recipientsColdP95Ms : targets.recipientsColdPostgresP95Ms },
      result,
    ),
  );

const reportNews = (result: MixedLoadResult) =>
  reportMixedLoad(
    `\nThe all-news list of a service (${NEWS_ITEMS.toLocaleString('en')} items, embedded database): pages of ${RECIPIENTS_PER_PAGE} drawn uniformly, ` +
      `${RECIPIENTS_WRITE_SHARE * 100}% writes (each with its log entry), ${RECIPIENTS_CONNECTIONS} connections, ${result.warm.durationSeconds} s each`,
    'all-news',
    { warmP95Ms: targets.newsP95Ms },
    result,
  );

function reportImport(result: ImportResult): string[][] {
  console.log(`\nCSV import of ${IMPORT_ROWS.toLocaleString('en')} recipients (${(result.bytes / 1e6).toFixed(1)} MB, embedded database, load average ${result.loadBefore.toFixed(1)} → ${result.loadAfter.toFixed(1)})`);
  console.log(
    table([
      ['rows', 'added', 'merged', 'errors', 'upload to the job\'s end'],
      [String(result.rows), String(result.created), String(result.merged), String(result.failed), `${result.seconds.toFixed(2)} s`],
    ]),
  );
  return [[`CSV import of ${IMPORT_ROWS.toLocaleString('en')} recipients`, `≤ ${targets.importSeconds} s`, `${result.seconds.toFixed(2)} s`, verdict(result.seconds <= targets.importSeconds)]];
}

function reportMailings(result: MailingResult): string[][] {
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
  console.log(
    `\nMailings of ${result.messages.toLocaleString('en')} recipients to an smtp-server sink on loopback, each right after raw nodemailer sending the same ` +
      `DKIM-signed messages (${result.raw.maxConnections} connections, ${result.raw.inFlight} in flight: the fastest of ${result.raw.trials.length} settings tried)`,
  );
  console.log(
    table([
      ['raw setting (connections, in flight)', 'messages/s'],
      ...result.raw.trials.map(({ setting, perSecond }) => [`${setting.maxConnections}, ${setting.inFlight}`, perSecond.toFixed(0)]),
      [`${result.raw.maxConnections}, ${result.raw.inFlight} without DKIM (for reference)`, result.raw.unsignedPerSecond.toFixed(0)],
    ]),
  );
  console.log(
    table([
      ['database', 'sender', 'server messages/s', 'raw messages/s', 'ratio', 'server peak RSS', 'load average'],
      ...result.runs.map((run) => [run.database, run.sender, run.serverPerSecond.toFixed(0), run.rawPerSecond.toFixed(0), (run.serverPerSecond / run.rawPerSecond).toFixed(2), mb(run.serverPeakRssBytes), run.load.toFixed(1)]),
    ]),
  );
  return result.runs.flatMap((run) => {
    const ratio = run.serverPerSecond / run.rawPerSecond;
    const name = `mailing (${run.sender}, ${run.database}) / raw nodemailer (${result.messages.toLocaleString('en')})`;
    return [
      [name, `≥ ${targets.mailingRatio}`, ratio.toFixed(2), verdict(ratio >= targets.mailingRatio)],
      ['  the server\'s peak RSS', `< ${mb(targets.mailingPeakRssBytes)}`, mb(run.serverPeakRssBytes), verdict(run.serverPeakRssBytes < targets.mailingPeakRssBytes)],
    ];
  });
}

const passRow = (name: string, pass: PassResult) => [
  name,
  pass.requestsPerSecond.toFixed(0),
  ms(pass.p50Ms),
  ms(pass.p95Ms),
  ms(pass.p99Ms),
  `${((pass.notModified / pass.requests) * 100).toFixed(1)}%`,
  String(pass.writes),
  String(pass.failed),
];

function reportDelivery({ cold, warm }: DeliveryResult): string[][] {
  console.log(
    `\nThe site delivery API (two sites of ${DELIVERY_NEWS.toLocaleString('en')} news each and the demo's other content, embedded database): ` +
      `${cold.requests.toLocaleString('en')} requests over every kind, pages, ids and three domains, ${DELIVERY_CONDITIONAL_SHARE * 100}% of known URLs with If-None-Match, ` +
      `${DELIVERY_WRITE_SHARE * 100}% editor updates, ${DELIVERY_CONNECTIONS} connections; the same sequence twice`,
  );
  console.log(table([['', 'requests/s', 'p50', 'p95', 'p99', '304', 'writes', 'failed'], passRow('cold (first pass)', cold), passRow('warm (second pass)', warm)]));
  return [
    [`delivery mixed load p95 at ${DELIVERY_CONNECTIONS} conn.`, `≤ ${ms(targets.deliveryP95Ms)}`, ms(warm.p95Ms), verdict(warm.p95Ms <= targets.deliveryP95Ms)],
    ['  same, cold (first pass)', 'reported', ms(cold.p95Ms), ''],
  ];
}

function reportStatistics({ ingest, screens }: StatisticsResult): string[][] {
  console.log(`\nVisit counter: page views posted from many addresses to one server process (embedded database), ${INGEST_CONNECTIONS} connections, ${ingest.durationSeconds} s`);
  console.log(
    table([
      ['', 'requests/s', 'p50', 'p95', 'p99', 'failed', 'stored'],
      ['page views (POST .../hit)', ...loadRow(ingest), String(ingest.stored)],
      ['peer: GET /api/xsrf, same server', ...loadRow(ingest.peer), ''],
    ]),
  );
  console.log(`page views per second are ${((100 * ingest.stored) / ingest.durationSeconds / ingest.peer.requestsPerSecond).toFixed(0)}% of the peer's requests per second (same run)`);
  console.log('\nVisit statistics screens (visits, sums, sources) over a year of page views, each call another period of 1 to 366 days');
  console.log(
    table([
      ['database', 'page views', 'generated', 'rolled up', 'connections', 'requests/s', 'p50', 'p95', 'p99', 'failed'],
      ...screens.flatMap((result) =>
        [result.single, result.loaded].map((load) => [result.database, result.events.toLocaleString('en'), `${result.generateSeconds.toFixed(1)} s`, `${result.rollupSeconds.toFixed(1)} s`, String(load.connections), ...loadRow(load)]),
      ),
    ]),
  );
  return [
    ['visit counter page views/s', `≥ ${targets.statsIngestPerSecond.toLocaleString('en')}`, (ingest.stored / ingest.durationSeconds).toFixed(0), verdict(ingest.stored / ingest.durationSeconds >= targets.statsIngestPerSecond)],
    ...screens.map((result) => [
      `statistics screens p95, ${result.database} (${result.events.toLocaleString('en')})`,
      `≤ ${ms(targets.statsScreensP95Ms)}`,
      ms(result.single.p95Ms),
      verdict(result.single.p95Ms <= targets.statsScreensP95Ms),
    ]),
  ];
}

function reportPreview({ cold, warm, bytes }: PreviewResult): string[][] {
  console.log(
    `\nThe home-page preview drawn by the server (${PREVIEW_SECTIONS} sections of ${PREVIEW_ITEMS} items, ${kB(bytes)} of HTML, embedded database), ${PREVIEW_CONNECTIONS} connections, ${warm.durationSeconds} s each`,
  );
  console.log(table([['', 'requests/s', 'p50', 'p95', 'p99', 'failed'], ['cold (first seconds)', ...loadRow(cold)], ['warm', ...loadRow(warm)]]));
  return [
    // No target set for it yet: measured and reported.
    [`home-page preview p95 at ${PREVIEW_CONNECTIONS} conn. (warm)`, 'reported', ms(warm.p95Ms), ''],
    ['  same, cold (first seconds)', 'reported', ms(cold.p95Ms), ''],
  ];
}

function reportWcag(result: WcagResult): string[][] {
  console.log(`\nThe WCAG analysis (${WCAG_PAGES} pages of a fixture site on loopback, one headless Chromium, axe-core WCAG 2.x A/AA): ${result.pages} pages in ${result.seconds.toFixed(1)} s`);
  return [
    ['WCAG pages analysed per minute', `≥ ${targets.wcagPagesPerMinute}`, result.pagesPerMinute.toFixed(0), verdict(result.pagesPerMinute >= targets.wcagPagesPerMinute)],
    ['  WCAG 2.2 A/AA criteria decided automatically', 'reported', `${result.automated} of ${result.total} (${((result.automated / result.total) * 100).toFixed(0)}%)`, ''],
  ];
}

// One server at a time, so the loads do not compete for the two cores.
const front = only === undefined || only === 'pages' ? await measureFront() : undefined;
const recipients = only === undefined || only === 'recipients' ? await measureRecipients({ port: port + 1, durationSeconds, log: (line) => console.log(line) }) : undefined;
const news = only === undefined || only === 'news' ? await measureNews({ port: port + 1, durationSeconds, log: (line) => console.log(line) }) : undefined;
const imported = only === undefined || only === 'import' ? await measureImport({ port: port + 2, log: (line) => console.log(line) }) : undefined;
const mailings = only === undefined || only === 'mailings' ? await measureMailings({ port: port + 2, log: (line) => console.log(line) }) : undefined;
const delivery = only === undefined || only === 'delivery' ? await measureDelivery({ port: port + 1, log: (line) => console.log(line) }) : undefined;
const statistics = only === undefined || only === 'stats' ? await measureStatistics({ port: port + 1, durationSeconds, log: (line) => console.log(line) }) : undefined;
const preview = only === undefined || only === 'preview' ? await measurePreview({ port: port + 1, durationSeconds, log: (line) => console.log(line) }) : undefined;
const wcag = only === undefined || only === 'wcag' ? await measureWcag((line) => console.log(line)) : undefined;

const figures = [
  ...(front ? reportFront(front) : []),
  ...(recipients ? reportRecipients(recipients) : []),
  ...(news ? reportNews(news) : []),
  ...(imported ? reportImport(imported) : []),
  ...(mailings ? reportMailings(mailings) : []),
  ...(delivery ? reportDelivery(delivery) : []),
  ...(statistics ? reportStatistics(statistics) : []),
  ...(preview ? reportPreview(preview) : []),
  ...(wcag ? reportWcag(wcag) : []),
];
console.log('\nFigures to reach');
console.log(table([['figure', 'target', 'measured', ''], ...figures]));
// Failed answers would make the latency figures meaningless (e.g. a rate limit's quick 429s).
const loads: [string, LoadResult][] = [
  ...(front ? [['GET /api/user', front.userLoad] as [string, LoadResult]] : []),
  ...(recipients ?? []).flatMap((result) => [[`the recipients lists (${result.database}, warm)`, result.warm], [`the recipients lists (${result.database}, cold)`, result.cold]] as [string, LoadResult][]),
  ...(news ? [['the all-news list (warm)', news.warm], ['the all-news list (cold)', news.cold]] as [string, LoadResult][] : []),
  ...(statistics
    ? ([['the visit counter', statistics.ingest], ...statistics.screens.flatMap((result) => [[`the statistics screens (${result.database})`, result.single], [`the statistics screens (${result.database}, 10 connections)`, result.loaded]])] as [string, LoadResult][])
    : []),
  ...(preview ? [['the home-page preview (warm)', preview.warm], ['the home-page preview (cold)', preview.cold]] as [string, LoadResult][] : []),
];
for (const [name, pass] of delivery ? ([['the delivery API (cold)', delivery.cold], ['the delivery API (warm)', delivery.warm]] as const) : []) {
  if (pass.failed > 0) {
    console.error(`\n${pass.failed} requests failed: the load figures above do not measure ${name}.`);
    process.exitCode = 1;
  }
}
for (const [name, load] of loads) {
  if (load.failed > 0) {
    console.error(`\n${load.failed} requests failed: the load figures above do not measure ${name}.`);
    process.exitCode = 1;
  }
}
