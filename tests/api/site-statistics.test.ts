import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rollUpVisits } from '../../src/modules/site/server/statistics/rollup';
import { panelDay } from '../../src/common/panel-time';
import { COUNTER_SCRIPT, visitCounterSnippet } from '../../src/modules/site/server/statistics/script';
import { t } from '../../src/server/platform/http/errors';
import { serviceOf } from './schema-fixtures';
import { createTestApp, type TestApp } from './support/app';
import { signedIn } from './support/signed-in';
import { until } from './support/until';

/**
 * The site's visit statistics (issue 19): the counter script and its public endpoint (no cookie,
 * no address kept, robots, Do Not Track, floods and bad input refused), the job rolling page views
 * up (idempotent, with the raw events' retention), and the screens' calls over rollups.
 */
let test: TestApp;
const { signIn, call } = signedIn(() => test);
let site: number;
let otherSite: number;
const DOMAIN = 'www.kowalski.example.com';
const ALIAS = 'kowalski.example.net';
const OTHER_DOMAIN = 'www.nowak.example.org';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const RETENTION_DAYS = 30;

beforeAll(async () => {
  test = await createTestApp({ statsHitsPerMinute: 20, statsRawRetentionDays: RETENTION_DAYS });
  await signIn('klient', 'klient2', 'admin', 'redaktor');
  site = await serviceOf(test, 'klient', 1);
  otherSite = await serviceOf(test, 'klient2', 1);
}, 60_000);
afterAll(async () => {
  await test?.close();
});

let address = 0;
/** A page view as the script sends it (a text body, no session, no XSRF pair), from an address of its own unless told. */
const hit = (body: unknown, options: { domain?: string; headers?: Record<string, string>; from?: string } = {}) =>
  test.call({
    method: 'POST',
    url: `/api/stats/${options.domain ?? DOMAIN}/hit`,
    withoutXsrf: true,
    remoteAddress: options.from ?? `198.51.100.${(address += 1) % 250}`,
    payload: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': BROWSER, origin: 'https://www.kowalski.example.com', ...options.headers },
  });

interface RawEvent {
  client_service_id: number;
  path: string;
  source_kind: string;
  source_name: string;
  screen: string;
  visitor: string;
}
const eventsAt = async (path: string) =>
  (await test.ctx.db.query<RawEvent>('SELECT client_service_id, path, source_kind, source_name, screen, visitor FROM site_visit_events WHERE path = $1 ORDER BY id', [path])).rows;

describe('the counter script', () => {
  it('is served to any site, under 1 kB gzipped, cached, with no cookie', async () => {
    const response = await test.call({ method: 'GET', url: '/api/stats/s.js', withoutXsrf: true });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/javascript/);
    expect(response.headers['cache-control']).toMatch(/^public, max-age=86400/);
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(response.body).toBe(COUNTER_SCRIPT);
    expect(gzipSync(response.body).length).toBeLessThan(1024);
  });

  it('is embedded by a tag naming the domain', () => {
    expect(visitCounterSnippet(DOMAIN, 'https://panel.example.com/')).toBe(
      `<script defer src="https://panel.example.com/api/stats/s.js" data-domain="${DOMAIN}"></script>`,
    );
    expect(visitCounterSnippet('a"b')).toBe('<script defer src="/api/stats/s.js" data-domain="a&quot;b"></script>');
  });
});

describe('ingestion', () => {
  it('counts a page view: the path and campaign of its address, a screen class and a day-salted visitor hash, no address or user agent', async () => {
    const response = await hit(
      { u: 'https://www.kowalski.example.com/test-oferta?utm_source=Newsletter&utm_medium=email&email=jan@example.com', r: 'https://mail.example.com/', w: 1280 },
      { from: '203.0.113.77' },
    );
    expect(response.statusCode, response.body).toBe(202);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['set-cookie']).toBeUndefined();
    const [event] = await eventsAt('/test-oferta');
    expect(event).toMatchObject({ client_service_id: site, path: '/test-oferta', source_kind: 'campaign', source_name: 'newsletter', screen: 'desktop' });
    expect(event.visitor).toMatch(/^[0-9a-f]{32}$/);
    // Nothing stored names the visitor: the row holds neither the address nor the user agent nor the query.
    const { rows } = await test.ctx.db.query<{ row: string }>("SELECT row_to_json(e)::text AS row FROM site_visit_events e WHERE path = '/test-oferta'");
    expect(rows[0].row).not.toMatch(/203\.0\.113\.77|Mozilla|jan@example/);
    // The hash is not one of the address and user agent alone: it needs the day's salt, which is random.
    const unsalted = createHash('sha256').update(`${site}\n203.0.113.77\n${BROWSER}`).digest('hex').slice(0, 32);
    expect(event.visitor).not.toBe(unsalted);
    const { rows: salts } = await test.ctx.db.query<{ day: string; salt: string }>("SELECT to_char(day, 'YYYY-MM-DD') AS day, salt FROM site_visit_salts");
    expect(salts).toEqual([{ day: panelDay(new Date()), salt: expect.stringMatching(/^[0-9a-f]{64}$/) }]);
  });

  it('gives the same visitor the same hash within the day, another address another one', async () => {
    const page = { u: `https://${ALIAS}/test-kontakt`, w: 390 };
    expect((await hit(page, { domain: ALIAS, from: '203.0.113.10' })).statusCode).toBe(202);
    expect((await hit(page, { domain: ALIAS, from: '203.0.113.10' })).statusCode).toBe(202);
    expect((await hit(page, { domain: ALIAS, from: '203.0.113.11' })).statusCode).toBe(202);
    const events = await eventsAt('/test-kontakt');
    expect(events.map((event) => event.screen)).toEqual(['phone', 'phone', 'phone']);
    expect(events[0].visitor).toBe(events[1].visitor);
    expect(events[2].visitor).not.toBe(events[0].visitor);
  });

  it('classifies sources: direct, the site itself, search engines, social networks, other sites', async () => {
    const cases: Array<[referrer: string | undefined, kind: string, name: string]> = [
      [undefined, 'direct', ''],
      [`https://${ALIAS}/start`, 'direct', ''],
      ['https://www.google.pl/', 'search', 'Google'],
      ['https://m.facebook.com/', 'social', 'Facebook'],
      ['https://www.gazeta.example.org/artykul', 'referral', 'gazeta.example.org'],
    ];
    for (const [index, [referrer, kind, name]] of cases.entries()) {
      const path = `/zrodlo-${index}`;
      expect((await hit({ u: `https://${DOMAIN}${path}`, r: referrer })).statusCode).toBe(202);
      expect(await eventsAt(path)).toMatchObject([{ source_kind: kind, source_name: name }]);
    }
  });

  it('keeps nothing of visitors asking not to be tracked, nor of robots', async () => {
    const page = { u: `https://${DOMAIN}/prywatnosc` };
    const refused: Array<Record<string, string>> = [{ dnt: '1' }, { 'sec-gpc': '1' }, { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' }, { 'user-agent': 'curl/8.5.0' }, { 'user-agent': '' }];
    for (const headers of refused) {
      const response = await hit(page, { headers });
      expect(response.statusCode, JSON.stringify(headers)).toBe(204);
    }
    expect(await eventsAt('/prywatnosc')).toEqual([]);
  });

  it('refuses what is no page view with a Polish 400, and keeps nothing', async () => {
    const before = await test.ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM site_visit_events');
    const bad: unknown[] = [
      'nie json',
      '[1, 2]',
      'null',
      {},
      { u: 42 },
      { u: 'javascript:alert(1)' },
      { u: 'nie adres' },
      { u: `https://${DOMAIN}/`, w: -5 },
      { u: `https://${DOMAIN}/`, w: 'szeroko' },
      { u: `https://${DOMAIN}/`, r: { host: 'x' } },
      { u: `https://${DOMAIN}/${'a'.repeat(400)}` },
    ];
    for (const body of bad) {
      const response = await hit(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().detail).toBe(t('errors.site_statistics.invalid_hit'));
    }
    expect((await hit({ u: `https://${DOMAIN}/`, r: 'x'.repeat(10_000) })).statusCode).toBe(413);
    const after = await test.ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM site_visit_events');
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });

  it('answers 404 for an unknown domain and for a service that does not count visits', async () => {
    for (const domain of ['nieznana.example.com', 'newsletter.kowalski.example.com']) {
      const response = await hit({ u: `https://${DOMAIN}/` }, { domain });
      expect(response.statusCode, domain).toBe(404);
      expect(response.json().detail).toBe(t('errors.site_statistics.site_not_found'));
    }
  });

  it('refuses a flood from one address with 429 and keeps only what came within the limit', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 25; index += 1) statuses.push((await hit({ u: `https://${DOMAIN}/zalew` }, { from: '192.0.2.99' })).statusCode);
    expect(statuses.filter((status) => status === 202)).toHaveLength(20);
    expect(statuses.slice(20)).toEqual([429, 429, 429, 429, 429]);
    expect(await eventsAt('/zalew')).toHaveLength(20);
    // Another address is not held back by it.
    expect((await hit({ u: `https://${DOMAIN}/zalew` })).statusCode).toBe(202);
  });

  it('answers the CORS preflight for any origin', async () => {
    const response = await test.call({
      method: 'OPTIONS',
      url: `/api/stats/${DOMAIN}/hit`,
      withoutXsrf: true,
      headers: { origin: 'https://www.kowalski.example.com', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(String(response.headers['access-control-allow-methods'])).toContain('POST');
  });
});

/** A Polish day `days` before today, at `hour` o'clock Polish time, as a moment. */
function polishMoment(days: number, hour: number): { day: string; at: string } {
  const day = panelDay(new Date(Date.now() - days * 86_400_000));
  // Noon UTC of that day shifted by Warsaw's offset then (1 or 2 hours).
  const noon = new Date(`${day}T12:00:00Z`);
  const offset = Number(noon.toLocaleString('en-GB', { timeZone: 'Europe/Warsaw', hour: '2-digit', hour12: false })) - 12;
  return { day, at: new Date(Date.UTC(noon.getUTCFullYear(), noon.getUTCMonth(), noon.getUTCDate(), hour - offset)).toISOString() };
}

describe('the rollup job and the screens', () => {
  const threeDaysAgo = polishMoment(3, 10);
  const twoDaysAgo = polishMoment(2, 23);
  const old = polishMoment(RETENTION_DAYS + 5, 12);
  const rows = (db: TestApp['ctx']['db'], sql: string) => db.query(sql, [otherSite]).then((result) => result.rows);
  const rollups = async () => ({
    hours: await rows(test.ctx.db, 'SELECT hour, visits, visitors FROM site_visit_hours WHERE client_service_id = $1 ORDER BY 1'),
    days: await rows(test.ctx.db, "SELECT to_char(day, 'YYYY-MM-DD') AS day, visits, visitors FROM site_visit_days WHERE client_service_id = $1 ORDER BY 1"),
    pages: await rows(test.ctx.db, 'SELECT day, path, visits, visitors FROM site_visit_day_pages WHERE client_service_id = $1 ORDER BY 1, 2'),
    sources: await rows(test.ctx.db, 'SELECT day, source_kind, source_name, visits, visitors FROM site_visit_day_sources WHERE client_service_id = $1 ORDER BY 1, 2, 3'),
  });

  beforeAll(async () => {
    const { db } = test.ctx;
    const event = (at: string, path: string, kind: string, name: string, visitor: string) =>
      db.query("INSERT INTO site_visit_events (client_service_id, occurred_at, path, source_kind, source_name, screen, visitor) VALUES ($1, $2, $3, $4, $5, 'desktop', $6)", [
        otherSite,
        at,
        path,
        kind,
        name,
        visitor,
      ]);
    await event(threeDaysAgo.at, '/', 'search', 'Google', 'a');
    await event(threeDaysAgo.at, '/', 'direct', '', 'a');
    await event(threeDaysAgo.at, '/cennik', 'search', 'Google', 'b');
    // 23:xx Polish time is the day before in UTC summer and winter alike only by the zone: counted on the Polish day.
    await event(twoDaysAgo.at, '/', 'social', 'Facebook', 'c');
    await event(old.at, '/stara', 'referral', 'example.org', 'd');
    await db.query("INSERT INTO site_visit_salts (day, salt) VALUES ($1, 'wczorajsza') ON CONFLICT DO NOTHING", [polishMoment(1, 12).day]);
    // The demo's rollup ran at the start: roll up again from the oldest raw event, as a first run does.
    await db.query("UPDATE site_visit_rollup SET rolled_until = '-infinity'");
    await rollUpVisits(db, RETENTION_DAYS);
  });

  it('rolls raw events up by hour, and by day, page and source on Polish days', async () => {
    const { days, pages, sources, hours } = await rollups();
    expect(days).toEqual([
      { day: old.day, visits: 1, visitors: 1 },
      { day: threeDaysAgo.day, visits: 3, visitors: 2 },
      { day: twoDaysAgo.day, visits: 1, visitors: 1 },
    ]);
    expect(pages).toHaveLength(4);
    expect(sources).toHaveLength(4);
    expect(hours.map((row) => [(row as { hour: Date }).hour.toISOString(), (row as { visits: number }).visits])).toEqual([
      [old.at, 1],
      [threeDaysAgo.at, 3],
      [twoDaysAgo.at, 1],
    ]);
  });

  it('is idempotent: a second run changes nothing', async () => {
    const first = await rollups();
    await rollUpVisits(test.ctx.db, RETENTION_DAYS);
    await rollUpVisits(test.ctx.db, RETENTION_DAYS);
    expect(await rollups()).toEqual(first);
  });

  it('deletes raw events past the retention once rolled up, and the salts of past days', async () => {
    expect(await eventsAt('/stara')).toEqual([]);
    expect((await rollups()).pages).toContainEqual(expect.objectContaining({ path: '/stara', visits: 1 }));
    const { rows: salts } = await test.ctx.db.query<{ day: string }>("SELECT to_char(day, 'YYYY-MM-DD') AS day FROM site_visit_salts");
    expect(salts.every((salt) => salt.day >= panelDay(new Date()))).toBe(true);
  });

  const statistics = (path: string, service = otherSite, as = 'klient2') => call('GET', `/api/client_service/${service}/statistics/${path}`, undefined, as);

  it('gives visits and unique visitors per day of a period with its top pages', async () => {
    const response = await statistics(`visits?from=${threeDaysAgo.day}&to=${twoDaysAgo.day}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      from: threeDaysAgo.day,
      to: twoDaysAgo.day,
      data: [
        { period: threeDaysAgo.day, visits: 3, visitors: 2 },
        { period: twoDaysAgo.day, visits: 1, visitors: 1 },
      ],
      totals: { visits: 4, visitors: 3 },
      pages: [
        { path: '/', visits: 3, visitors: 2 },
        { path: '/cennik', visits: 1, visitors: 1 },
      ],
    });
    // The default period: the last 30 days up to today.
    const recent = (await statistics('visits')).json();
    expect(recent.to).toBe(panelDay(new Date()));
    expect(recent.data).toHaveLength(30);
  });

  it('sums per day, week, month and year, every period listed, and exports them as CSV', async () => {
    const year = threeDaysAgo.day.slice(0, 4);
    const byYear = (await statistics(`sums?group=year&from=${Number(year) - 1}-01-01&to=${year}-12-31`)).json();
    expect(byYear.data).toEqual([
      { period: `${Number(year) - 1}-01-01`, visits: old.day.startsWith(String(Number(year) - 1)) ? 1 : 0, visitors: old.day.startsWith(String(Number(year) - 1)) ? 1 : 0 },
      { period: `${year}-01-01`, visits: old.day.startsWith(year) ? 5 : 4, visitors: old.day.startsWith(year) ? 4 : 3 },
    ]);
    expect(byYear.totals).toEqual({ visits: 5, visitors: 4 });
    const byWeek = (await statistics(`sums?group=week&from=2025-03-01&to=2025-03-31`)).json();
    // Weeks start on Monday: 2025-02-24 holds 1 March.
    expect(byWeek.data.map((row: { period: string }) => row.period)).toEqual(['2025-02-24', '2025-03-03', '2025-03-10', '2025-03-17', '2025-03-24', '2025-03-31']);
    const byMonth = (await statistics(`sums?group=month&from=${threeDaysAgo.day}&to=${threeDaysAgo.day}`)).json();
    expect(byMonth.data).toEqual([{ period: `${threeDaysAgo.day.slice(0, 7)}-01`, visits: 3, visitors: 2 }]);

    const csv = await statistics(`sums/export?group=day&from=${threeDaysAgo.day}&to=${twoDaysAgo.day}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="statystyki-day-${threeDaysAgo.day}-${twoDaysAgo.day}.csv"`);
    expect(csv.body).toBe(`\uFEFFDzień;Odsłony;Unikalni odwiedzający\r\n${threeDaysAgo.day};3;2\r\n${twoDaysAgo.day};1;1\r\nRazem;4;3\r\n`);
  });

  it('gives visits by kind of source and by source', async () => {
    const body = (await statistics(`sources?from=${threeDaysAgo.day}&to=${twoDaysAgo.day}`)).json();
    expect(body.kinds).toEqual([
      { kind: 'direct', visits: 1, visitors: 1 },
      { kind: 'search', visits: 2, visitors: 2 },
      { kind: 'social', visits: 1, visitors: 1 },
      { kind: 'referral', visits: 0, visitors: 0 },
      { kind: 'campaign', visits: 0, visitors: 0 },
    ]);
    expect(body.data[0]).toEqual({ kind: 'search', name: 'Google', visits: 2, visitors: 2 });
    expect(body.totals).toEqual({ visits: 4, visitors: 4 });
  });

  it('reads whole months from the monthly rollups and the days around them from the daily ones: pages and sources add up to the days', async () => {
    const monthOf = (day: string) => day.slice(0, 7);
    const lastOfMonth = (day: string) => {
      const date = new Date(`${monthOf(day)}-01T00:00:00Z`);
      date.setUTCMonth(date.getUTCMonth() + 1);
      date.setUTCDate(0);
      return date.toISOString().slice(0, 10);
    };
    const shift = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
    const periods = [
      [old.day, panelDay(new Date())],
      [`${monthOf(old.day)}-01`, lastOfMonth(old.day)],
      [shift(old.day, -40), shift(old.day, 0)],
      [old.day, old.day],
      [shift(old.day, 1), twoDaysAgo.day],
      [`${monthOf(threeDaysAgo.day)}-01`, twoDaysAgo.day],
    ];
    for (const [from, to] of periods) {
      const visits = (await statistics(`visits?from=${from}&to=${to}`)).json();
      const sources = (await statistics(`sources?from=${from}&to=${to}`)).json();
      const pageVisits = visits.pages.reduce((sum: number, page: { visits: number }) => sum + page.visits, 0);
      expect([from, to, pageVisits, sources.totals.visits]).toEqual([from, to, visits.totals.visits, visits.totals.visits]);
    }
  });

  it('refuses a bad period or grouping with a Polish 400', async () => {
    const cases: Array<[string, string]> = [
      ['visits?from=2025-02-30', t('errors.invalid_parameter', { parameter: 'from' })],
      ['visits?from=2025-03-10&to=2025-03-01', t('errors.reports.invalid_range')],
      ['visits?from=2024-01-01&to=2025-12-31', t('errors.reports.range_too_long_day', { max: 366 })],
      ['sums?group=decade', t('errors.invalid_parameter', { parameter: 'group' })],
      ['sources?to=jutro', t('errors.invalid_parameter', { parameter: 'to' })],
    ];
    for (const [path, detail] of cases) {
      const response = await statistics(path);
      expect(response.statusCode, path).toBe(400);
      expect(response.json().detail).toBe(detail);
    }
    // Ten years are fine by year.
    expect((await statistics('sums?group=year&from=2016-01-01&to=2025-12-31')).statusCode).toBe(200);
  });

  it("shows a service's figures to its users only, and only with the module", async () => {
    expect((await statistics('visits', otherSite, 'klient')).statusCode).toBe(403);
    expect((await statistics('sums', otherSite, 'klient')).statusCode).toBe(403);
    expect((await statistics('sources', site, 'klient2')).statusCode).toBe(403);
    expect((await statistics('visits', site, 'redaktor')).statusCode).toBe(403);
    expect((await statistics('visits', otherSite, 'admin')).statusCode).toBe(200);
    const { db } = test.ctx;
    // klient's page views never count for klient2's site.
    const theirs = (await statistics(`visits?from=${panelDay(new Date())}`)).json();
    expect(theirs.totals.visits).toBe(0);
    // Taken away in the database behind the server's back: its access cache learns of it by NOTIFY, in a moment.
    await db.query("DELETE FROM client_service_modules WHERE client_service_id = $1 AND module = 'statistics'", [otherSite]);
    await until(async () => ((await statistics('visits')).statusCode === 403 ? true : undefined));
    expect((await hit({ u: `https://${OTHER_DOMAIN}/` }, { domain: 'nowak.example.org' })).statusCode).toBe(404);
  });
});
