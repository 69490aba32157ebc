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
  scores: unknown;
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

  it('scores the site: every planted violation fails its criteria, listing its page and element; no false pass', async () => {
    const scores = await call('GET', `${wcag(service)}/analyses/${result.id}/scores/site`);
    expect(scores.statusCode, scores.body).toBe(200);
    const { criteria, levels, counts } = scores.json() as { criteria: { id: string; status: string; failures: { rule: string; pages: { url: string; nodes: { target: string }[] }[] }[] }[]; levels: { A: number; AA: number }; counts: Record<string, number> };
    const byId = new Map(criteria.map((criterion) => [criterion.id, criterion]));
    for (const planted of PLANTED) {
      for (const id of planted.criteria) {
        const criterion = byId.get(id)!;
        expect(criterion.status, `${planted.rule} → ${id}`).toBe('failed');
        const finding = criterion.failures.find((entry) => entry.rule === planted.rule)!;
        expect(finding.pages.map((page) => new URL(page.url).pathname)).toContain(planted.path);
        expect(finding.pages[0].nodes[0].target).not.toBe('');
      }
    }
    expect(criteria).toHaveLength(86);
    expect(byId.get('2.4.7')!.status).toBe('not_tested');
    expect(levels.A).toBeGreaterThan(0);
    expect(levels.A).toBeLessThan(100);
    expect(levels.AA).toBeLessThan(100);
    expect(Object.values(counts).reduce((sum, count) => sum + count, 0)).toBe(55);
    // The history keeps the site's scores for the trend.
    expect((await analysis(result.id)).scores).toEqual({ levels, counts });
  });

  it('scores a principle, a guideline and a page; refuses an unknown type, prefix or page', async () => {
    const principle = (await call('GET', `${wcag(service)}/analyses/latest/scores/principle?prefix=3`)).json();
    expect(principle.criteria.every((criterion: { principle: string }) => criterion.principle === '3')).toBe(true);
    expect(principle.criteria.find((criterion: { id: string }) => criterion.id === '3.1.1').status).toBe('failed');
    const guideline = (await call('GET', `${wcag(service)}/analyses/${result.id}/scores/guideline?prefix=1.4`)).json();
    expect(guideline.criteria.map((criterion: { id: string }) => criterion.id)).toContain('1.4.3');
    expect(guideline.criteria.every((criterion: { guideline: string }) => criterion.guideline === '1.4')).toBe(true);
    const clean = result.pages.find((page) => page.url.endsWith('/czysta-1')) as unknown as { id: number };
    const page = (await call('GET', `${wcag(service)}/analyses/${result.id}/scores/page?prefix=${clean.id}`)).json();
    expect(page.criteria.filter((criterion: { status: string }) => criterion.status === 'failed')).toEqual([]);
    expect(page.levels.A).toBe(100);
    expect((await call('GET', `${wcag(service)}/analyses/${result.id}/scores/zasada`)).statusCode).toBe(400);
    expect((await call('GET', `${wcag(service)}/analyses/${result.id}/scores/guideline?prefix=9.9`)).json().detail).toBe('Nie ma takiej zasady ani wytycznej WCAG.');
    expect((await call('GET', `${wcag(service)}/analyses/${result.id}/scores/page?prefix=999999`)).statusCode).toBe(404);
  });

  it('takes a person’s check of a criterion, with a note, over the rules’ verdict until removed', async () => {
    const checked = await call('PUT', `${wcag(service)}/criteria/2.4.7/check`, { status: 'passed', note: 'Sprawdzone klawiaturą.' });
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json()).toMatchObject({ criterion_id: '2.4.7', status: 'passed', note: 'Sprawdzone klawiaturą.', checked_by: 'klient' });
    const criterion = (await call('GET', `${wcag(service)}/criteria/2.4.7`)).json().criterion;
    expect(criterion).toMatchObject({ status: 'passed', automatic: 'not_tested', manual: { note: 'Sprawdzone klawiaturą.' } });
    const catalogue = (await call('GET', `${wcag(service)}/criteria`)).json();
    expect(catalogue.analysis_id).toBe(result.id);
    expect(catalogue.criteria.find((entry: { id: string }) => entry.id === '1.1.1').status).toBe('failed');
    expect(catalogue.automated.total).toBe(55);
    // Other clients see nothing of it.
    expect((await call('GET', `${wcag(foreign)}/criteria/2.4.7`, undefined, 'klient2')).json().criterion.manual).toBeNull();
    const refused = await call('PUT', `${wcag(service)}/criteria/2.4.7/check`, { status: 'maybe', note: 'x'.repeat(2001) });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().errors)).toEqual(['status', 'note']);
    expect((await call('PUT', `${wcag(service)}/criteria/9.9.9/check`, { status: 'passed' })).statusCode).toBe(404);
    expect((await call('DELETE', `${wcag(service)}/criteria/2.4.7/check`)).statusCode).toBe(204);
    expect((await call('GET', `${wcag(service)}/criteria/2.4.7`)).json().criterion.status).toBe('not_tested');
  });

  it('gives the trend of the completed analyses’ scores', async () => {
    const trend = (await call('GET', `${wcag(service)}/trend`)).json();
    expect(trend.data.at(-1)).toMatchObject({ id: result.id, levels: { A: expect.any(Number), AA: expect.any(Number) } });
  });

  it('lists the analysis in the history, newest first', async () => {
    const history = await call('GET', `${wcag(service)}/analyses?per_page=5`);
    expect(history.statusCode).toBe(200);
    expect(history.json().data[0]).toMatchObject({ id: result.id, status: 'completed', started_by: 'klient' });
    expect(history.json().pagination.total).toBeGreaterThanOrEqual(1);
  });

  describe('the accessibility statement', () => {
    const statement = (serviceId = service) => `${wcag(serviceId)}/statement`;
    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Warsaw' }).format(new Date());

    it('is drafted before its first save from the latest analysis and the main data, and cannot be downloaded yet', async () => {
      const draft = await call('GET', statement());
      expect(draft.statusCode).toBe(200);
      const values = draft.json();
      expect(values.id).toBeUndefined();
      expect(values).toMatchObject({
        entity: 'Urząd Gminy Przykładowo',
        site_url: 'https://www.kowalski.example.com/',
        updated_on: today,
        prepared_on: today,
        compliance: 'partial',
        prepared_how: 'self',
        contact_email: 'urzad@przykladowo.pl',
        contact_phone: '+48 22 123 45 67',
      });
      expect(values.contact_person).toBeUndefined();
      // Every planted A/AA failure is named with its pages, in Polish.
      expect(values.non_accessible).toContain('1.1.1 Treść nietekstowa (poziom A): niespełnione na 1 stronie.');
      for (const criterion of new Set(PLANTED.flatMap((planted) => planted.criteria))) expect(values.non_accessible).toMatch(new RegExp(`^${criterion.replace(/\./g, '\\.')} `, 'm'));
      const download = await call('GET', `${statement()}/download`);
      expect(download.statusCode).toBe(404);
      expect(download.json().detail).toBe('Zapisz najpierw deklarację dostępności.');
    });

    it('refuses what a statement cannot say, in Polish, and saves nothing', async () => {
      const draft = (await call('GET', statement())).json();
      const refused = async (body: Record<string, unknown>, field: string, message?: string) => {
        const answer = await call('PUT', statement(), { ...draft, contact_person: 'Anna Nowak', ...body });
        expect(answer.statusCode, answer.body).toBe(400);
        expect(answer.json().errors?.[field]).toEqual(message ?? expect.any(String));
      };
      await refused({ non_accessible: '' }, 'non_accessible', 'Opisz treści niedostępne i powody, gdy strona nie jest w pełni zgodna z ustawą.');
      await refused({ prepared_how: 'external', prepared_by: '' }, 'prepared_by', 'Podaj podmiot zewnętrzny, który zbadał stronę.');
      await refused({ published_on: '2030-01-01' }, 'updated_on', 'Data aktualizacji nie może być wcześniejsza niż data publikacji strony.');
      await refused({ contact_email: 'nie-adres' }, 'contact_email', 'Podaj prawidłowy adres e-mail, np. dostepnosc@gmina.pl.');
      await refused({ compliance: 'maybe' }, 'compliance');
      await refused({ contact_person: undefined }, 'contact_person', 'Podaj osobę kontaktową.');
      expect((await call('GET', statement())).json().id).toBeUndefined();
    });

    it('is saved, then downloaded as an HTML document with the required parts, its words escaped', async () => {
      const draft = (await call('GET', statement())).json();
      const saved = await call('PUT', statement(), { ...draft, entity: 'Gmina <Przykładowo> & Co', contact_person: 'Anna Nowak', architecture: 'Podjazd przy wejściu głównym.' });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toMatchObject({ id: expect.any(Number), entity: 'Gmina <Przykładowo> & Co' });
      expect((await call('GET', statement())).json()).toMatchObject({ id: saved.json().id, contact_person: 'Anna Nowak' });

      const { url } = (await call('GET', `${statement()}/download`)).json() as { url: string };
      expect(url).toMatch(new RegExp(`^/api/client_service/${service}/module/wcag/statement/download/file\\?token=`));
      const file = await test.call({ method: 'GET', url });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(file.headers['content-disposition']).toBe('attachment; filename="deklaracja-dostepnosci.html"');
      expect(file.body).toContain('<html lang="pl">');
      expect(file.body).toContain('<span id="a11y-podmiot">Gmina &lt;Przykładowo&gt; &amp; Co</span>');
      for (const id of ['a11y-url', 'a11y-data-publikacja', 'a11y-data-aktualizacja', 'a11y-status', 'a11y-data-sporzadzenie', 'a11y-kontakt', 'a11y-osoba', 'a11y-email', 'a11y-telefon', 'a11y-procedura', 'a11y-architektura']) {
        expect(file.body).toContain(`id="${id}"`);
      }
      expect(file.body).toContain('Strona internetowa jest częściowo zgodna');
      expect(file.body).toContain('<p>1.1.1 Treść nietekstowa (poziom A): niespełnione na 1 stronie.</p>');
      // The token is this service's and cannot be forged.
      expect((await test.call({ method: 'GET', url: url.replace(`/client_service/${service}/`, `/client_service/${foreign}/`) })).statusCode).toBe(404);
      const forged = await test.call({ method: 'GET', url: `${url.slice(0, -3)}abc` });
      expect(forged.statusCode).toBe(404);
      expect(forged.json().detail).toBe('Link do pobrania deklaracji jest nieprawidłowy albo wygasł.');
    });

    it('is filled in again from the latest analysis on request: its dates, status and failures; what the user wrote elsewhere stays', async () => {
      const stored = (await call('GET', statement())).json();
      const edited = await call('PUT', statement(), { ...stored, updated_on: stored.published_on, compliance: 'none', non_accessible: 'Opis redakcji.' });
      expect(edited.statusCode, edited.body).toBe(200);
      const redrafted = await call('POST', `${statement()}/redraft`);
      expect(redrafted.statusCode, redrafted.body).toBe(200);
      expect(redrafted.json()).toMatchObject({ id: stored.id, entity: stored.entity, contact_person: 'Anna Nowak', architecture: 'Podjazd przy wejściu głównym.', compliance: 'partial', updated_on: today, prepared_on: today });
      expect(redrafted.json().non_accessible).toContain('1.1.1 Treść nietekstowa (poziom A): niespełnione na 1 stronie.');
      expect((await call('GET', statement())).json()).toEqual(redrafted.json());
      // Nothing saved yet, or no completed analysis: said in Polish, nothing written.
      const unsaved = await call('POST', `${statement(foreign)}/redraft`, undefined, 'klient2');
      expect(unsaved.statusCode).toBe(404);
      expect(unsaved.json().detail).toBe('Zapisz najpierw deklarację dostępności.');
      const draft = (await call('GET', statement(foreign), undefined, 'klient2')).json();
      expect(draft.compliance).toBeUndefined();
      const saved = await call('PUT', statement(foreign), { ...draft, entity: 'Gmina Inna', site_name: 'Strona Gminy Innej', site_url: 'https://inna.example.com/', compliance: 'full', contact_person: 'Jan Kowal', contact_email: 'jan@inna.example.com' }, 'klient2');
      expect(saved.statusCode, saved.body).toBe(200);
      const noAnalysis = await call('POST', `${statement(foreign)}/redraft`, undefined, 'klient2');
      expect(noAnalysis.statusCode).toBe(409);
      expect(noAnalysis.json().detail).toBe('Nie ma jeszcze ukończonej analizy.');
      expect((await call('GET', statement(foreign), undefined, 'klient2')).json()).toEqual(saved.json());
      expect((await call('POST', `${statement()}/redraft`, undefined, 'klient2')).statusCode).toBe(403);
    });

    it('is the service’s own: another client and a service without the assistant get 403', async () => {
      expect((await call('GET', statement(), undefined, 'klient2')).statusCode).toBe(403);
      expect((await call('PUT', statement(), { entity: 'Obca' }, 'klient2')).statusCode).toBe(403);
      expect((await call('GET', `${statement(service)}/download`, undefined, 'klient2')).statusCode).toBe(403);
      expect((await call('GET', statement(newsletter))).statusCode).toBe(403);
    });
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

describe('the demo', () => {
  it('analyses the panel’s own public page of klient’s site and finds the problems the demo plants in its privacy policy', async () => {
    const origin = await test.app.listen({ port: 0, host: '127.0.0.1' });
    const done = await ended(await analyse(`${origin}/strona/www.kowalski.example.com/`, 5));
    expect(done.status).toBe('completed');
    const paths = done.pages.map((page) => new URL(page.url).pathname);
    expect(paths).toEqual(['/strona/www.kowalski.example.com/', '/strona/www.kowalski.example.com/polityka-prywatnosci']);
    expect(done.pages.map((page) => page.violations)).toEqual([0, 2]);
    const scores = (await call('GET', `${wcag(service)}/analyses/${done.id}/scores/site`)).json();
    const failed = scores.criteria.filter((criterion: { status: string }) => criterion.status === 'failed').map((criterion: { id: string }) => criterion.id);
    expect(failed.sort()).toEqual(['1.1.1', '2.4.4', '4.1.2']);
  }, 120_000);
});
