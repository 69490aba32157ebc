import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyseSite, PageFailure } from '../../src/modules/site/server/wcag/engine';
import { serviceOf } from './schema-fixtures';
import { createTestApp, type TestApp } from './support/app';
import { type Method, signedIn } from './support/signed-in';
import { until } from './support/until';
import { type FixtureSite, PLANTED, startFixtureSite } from './support/wcag-site';

/**
 * The WCAG assistant (SPEC 2 "moduly/wcag"): analyses of a fixture site this file serves on loopback
 * (the testing flag lets the guard through to it), run by the job in Debian's Chromium.
 */
let test: TestApp;
let site: FixtureSite;
const session = signedIn(() => test);
let service: number;
let foreign: number;
let newsletter: number;

beforeAll(async () => {
  site = await startFixtureSite();
  test = await createTestApp({ jobsEnabled: true, jobsPollingInterval: 0.5, outboundAllowLoopback: true, wcagPageTimeout: 3 });
  await session.signIn('klient', 'klient2', 'admin');
  service = await serviceOf(test, 'klient', 1);
  foreign = await serviceOf(test, 'klient2', 1);
  newsletter = await serviceOf(test, 'klient', 9);
});
afterAll(async () => {
  await test?.close();
  await site?.close();
});

const call = (method: Method, url: string, payload?: unknown, as?: string) => session.call(method, `/api${url}`, payload, as);
const wcag = (serviceId: number) => `/client_service/${serviceId}/module/wcag`;

interface Analysis {
  id: number;
  status: string;
  failure: string | null;
  pages_done: number;
  pages_total: number | null;
  pages: { url: string; failure: string | null; violations: number | null }[];
}

async function analyse(startUrl: string, pageLimit = 20, serviceId = service): Promise<number> {
  const saved = await call('PUT', `${wcag(serviceId)}/settings`, { start_url: startUrl, page_limit: pageLimit });
  expect(saved.statusCode, saved.body).toBe(200);
  const started = await call('POST', `${wcag(serviceId)}/analyses`);
  expect(started.statusCode, started.body).toBe(201);
  return started.json().id;
}

const analysis = async (id: number, serviceId = service): Promise<Analysis> => (await call('GET', `${wcag(serviceId)}/analyses/${id}`)).json();

const ended = (id: number, serviceId = service) =>
  until(async () => {
    const current = await analysis(id, serviceId);
    return ['completed', 'failed', 'cancelled'].includes(current.status) ? current : undefined;
  }, 90_000, 250);

describe('an analysis of the fixture site', () => {
  let result: Analysis;
  beforeAll(async () => {
    result = await ended(await analyse(site.url));
  }, 120_000);

  it('opens the home page and the pages of its origin found in its links and sitemap, reporting the ones that fail', () => {
    expect(result.status).toBe('completed');
    const paths = result.pages.map((page) => new URL(page.url).pathname);
    expect(paths[0]).toBe('/');
    expect(paths).toEqual(expect.arrayContaining([...PLANTED.map((planted) => planted.path), '/czysta-1', '/czysta-2', '/blad', '/zawieszona']));
    // Other origins and downloads are never opened as pages.
    expect(paths).not.toContain('/dokument.pdf');
    expect(result.pages.every((page) => new URL(page.url).origin === new URL(site.url).origin)).toBe(true);
    expect(result.pages_done).toBe(result.pages.length);
    expect(result.pages_total).toBe(result.pages.length);
    const failure = (path: string) => result.pages.find((page) => new URL(page.url).pathname === path)?.failure;
    expect(failure('/blad')).toBe('http_error');
    expect(failure('/zawieszona')).toBe('timeout');
    expect(failure('/czysta-1')).toBeNull();
  });

  it('finds every planted violation on its page and none on the clean pages', async () => {
    const { rows } = await test.ctx.db.query<{ url: string; results: { violations: { id: string; nodes: { target: string; html: string }[] }[] } }>(
      'SELECT url, results FROM wcag_pages WHERE analysis_id = $1 AND results IS NOT NULL',
      [result.id],
    );
    const violations = new Map(rows.map((row) => [new URL(row.url).pathname, row.results.violations.map((violation) => violation.id)]));
    for (const planted of PLANTED) expect(violations.get(planted.path), planted.path).toContain(planted.rule);
    expect(violations.get('/czysta-1')).toEqual([]);
    expect(violations.get('/czysta-2')).toEqual([]);
    expect(violations.get('/')).toEqual([]);
    const image = rows.find((row) => row.url.endsWith('/bez-alt'))!.results.violations.find((violation) => violation.id === 'image-alt')!;
    expect(image.nodes[0]).toEqual({ target: 'img', html: expect.stringContaining('<img src="/piksel.png"') });
  });

  it('lists the analysis in the history, newest first', async () => {
    const history = await call('GET', `${wcag(service)}/analyses?per_page=5`);
    expect(history.statusCode).toBe(200);
    expect(history.json().data[0]).toMatchObject({ id: result.id, status: 'completed', started_by: 'klient' });
    expect(history.json().pagination.total).toBeGreaterThanOrEqual(1);
  });
});

describe('running analyses', () => {
  it('runs one at a time per service, shows progress and stops when cancelled', async () => {
    const slow = await startFixtureSite({ slowMs: 600, brokenPages: false });
    try {
      const id = await analyse(slow.url);
      const second = await call('POST', `${wcag(service)}/analyses`);
      expect(second.statusCode).toBe(409);
      expect(second.json().detail).toBe('Analiza tej strony już trwa. Poczekaj na jej koniec albo ją anuluj.');
      const started = await until(async () => {
        const current = await analysis(id);
        return current.pages_done >= 1 ? current : undefined;
      }, 60_000, 200);
      expect(started.status).toBe('running');
      expect(started.pages_total).toBeGreaterThan(started.pages_done);
      const cancelled = await call('POST', `${wcag(service)}/analyses/${id}/cancel`);
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(cancelled.json().status).toBe('cancelled');
      const stopped = await analysis(id);
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const later = await analysis(id);
      expect(later.status).toBe('cancelled');
      // At most the page being analysed when it was cancelled is added.
      expect(later.pages.length).toBeLessThanOrEqual(stopped.pages.length + 1);
      expect(later.pages.length).toBeLessThan(started.pages_total!);
      const again = await call('POST', `${wcag(service)}/analyses/${id}/cancel`);
      expect(again.statusCode).toBe(409);
      expect(again.json().detail).toBe('Ta analiza już się zakończyła.');
    } finally {
      await slow.close();
    }
  }, 120_000);

  it('ends as failed, in Polish and without the far end’s words, when the site cannot be reached', async () => {
    const refused = await ended(await analyse('http://127.0.0.1:1/'));
    expect(refused).toMatchObject({ status: 'failed', failure: 'unreachable', pages: [] });
  }, 60_000);

  it('never connects to a private address, testing flag or not', async () => {
    const refused = await ended(await analyse('http://10.0.0.1/'));
    expect(refused).toMatchObject({ status: 'failed', failure: 'refused', pages: [] });
  }, 60_000);
});

describe('the outbound guard', () => {
  it('refuses loopback when the testing flag is off, except the panel’s own public address', async () => {
    const options = { chromiumPath: test.config.chromiumPath, policy: { allowLoopback: false }, pageTimeoutMs: 3000 };
    const pages: string[] = [];
    const run = { startUrl: site.url, pageLimit: 2, onPage: async (_position: number, page: { url: string }) => Boolean(pages.push(page.url)) };
    const hitsBefore = site.hits.get('/') ?? 0;
    await expect(analyseSite(run, { ...options, ownOrigin: 'https://panel.example.pl' })).rejects.toEqual(new PageFailure('refused'));
    expect(site.hits.get('/') ?? 0).toBe(hitsBefore);
    await analyseSite(run, { ...options, ownOrigin: new URL(site.url).origin });
    expect(pages).toHaveLength(2);
  }, 60_000);
});

describe('access and input', () => {
  it('refuses another client’s service, a service without the module and an unknown analysis', async () => {
    const id = (await call('GET', `${wcag(service)}/analyses`)).json().data[0].id;
    expect((await call('GET', `${wcag(service)}/analyses/${id}`, undefined, 'klient2')).statusCode).toBe(403);
    expect((await call('POST', `${wcag(service)}/analyses/${id}/cancel`, undefined, 'klient2')).statusCode).toBe(403);
    expect((await call('POST', `${wcag(service)}/analyses`, undefined, 'klient2')).statusCode).toBe(403);
    expect((await call('GET', `${wcag(foreign)}/analyses/${id}`, undefined, 'klient2')).statusCode).toBe(404);
    expect((await call('GET', `${wcag(newsletter)}/analyses`)).statusCode).toBe(403);
    for (const bad of ['0', 'abc', '99999999999', '1.5']) expect((await call('GET', `${wcag(service)}/analyses/${bad}`)).statusCode).toBe(404);
    expect((await call('GET', `${wcag(service)}/analyses/${id}`, undefined, 'admin')).statusCode).toBe(200);
  });

  it('refuses bad settings with Polish messages and keeps the saved ones', async () => {
    const before = (await call('GET', `${wcag(service)}/settings`)).json();
    for (const body of [{ start_url: 'ftp://example.pl/' }, { start_url: 'strona' }, { start_url: 'http://user:pass@example.pl/' }, { start_url: 12 }, { page_limit: 0 }, { page_limit: 101 }, { page_limit: '5' }]) {
      const refused = await call('PUT', `${wcag(service)}/settings`, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().detail).toBe('Proszę poprawnie wypełnić formularz.');
    }
    const refused = await call('PUT', `${wcag(service)}/settings`, { start_url: 'ftp://example.pl/', page_limit: 500 });
    expect(refused.json().errors).toEqual({
      start_url: 'Podaj pełny adres strony zaczynający się od http:// lub https://.',
      page_limit: 'Liczba stron musi być liczbą całkowitą od 1 do 100.',
    });
    expect((await call('GET', `${wcag(service)}/settings`)).json()).toEqual(before);
    expect((await call('GET', `${wcag(service)}/analyses?page=0`)).statusCode).toBe(400);
  });

  it('starts from the main domain with its scheme when no address is set', async () => {
    const saved = await call('PUT', `${wcag(foreign)}/settings`, { start_url: null, page_limit: 20 }, 'klient2');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().start_url).toBeNull();
    expect(saved.json().default_start_url).toMatch(/^https?:\/\/[^/]+\/$/);
  });
});
