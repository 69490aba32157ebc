import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceOf } from './schema-fixtures';
import { createTestApp, type TestApp } from './support/app';
import { signedIn } from './support/signed-in';

/**
 * GET /api/user/reports (issue 17, /raporty): every service the user may open with the figures its
 * modules give the user, each as the module's own report call says it; nothing of another client's,
 * nothing of a module the user may not use, null (not a zero) where a figure has no data.
 */
let test: TestApp;
const session = signedIn(() => test);
const get = (url: string, as = 'klient') => session.call('GET', url, undefined, as);

interface ServiceReport {
  service_id: number;
  name: string;
  mailings?: { mailings: number; sent: number; opened: number; clicked: number; rates: { opened: number; clicked: number } | null; days: Array<{ period: string; sent: number }> } | null;
  visits?: { totals: { visits: number; visitors: number }; days: Array<{ period: string; visits: number; visitors: number }> } | null;
  wcag?: { analysis_id: number; finished_at: string; levels: { A: number | null; AA: number | null } } | null;
  disk?: { used: number; available: number } | null;
}
interface Reports {
  from: string;
  to: string;
  data: ServiceReport[];
  pagination: { total: number };
}

const reportsOf = async (as: string, query = ''): Promise<Reports> => {
  const response = await get(`/api/user/reports${query}`, as);
  expect(response.statusCode).toBe(200);
  return response.json();
};
const byService = (reports: Reports, serviceId: number) => reports.data.find((service) => service.service_id === serviceId)!;

let site: number;
let bip: number;
let newsletter: number;
let otherSite: number;

beforeAll(async () => {
  test = await createTestApp();
  await session.signIn('klient', 'klient2', 'admin', 'redaktor');
  site = await serviceOf(test, 'klient', 1);
  bip = await serviceOf(test, 'klient', 2);
  newsletter = await serviceOf(test, 'klient', 9);
  otherSite = await serviceOf(test, 'klient2', 1);
}, 60_000);
afterAll(async () => {
  await test?.close();
});

describe('GET /api/user/reports', () => {
  it('lists the services the dashboard lists, each with a figure for every module the user may use there', async () => {
    for (const user of ['klient', 'klient2', 'redaktor', 'admin']) {
      const reports = await reportsOf(user);
      const services = (await get('/api/user/client_service?per_page=100', user)).json() as { data: Array<{ service_id: number }>; pagination: { total: number } };
      expect(reports.data.map((service) => service.service_id).sort()).toEqual(services.data.map((service) => service.service_id).sort());
      expect(reports.pagination.total).toBe(services.pagination.total);
      for (const service of reports.data) {
        const { modules } = (await get(`/api/user/permissions/client_service/${service.service_id}`, user)).json() as { modules: string[] };
        expect({ user, service: service.service_id, mailings: 'mailings' in service, visits: 'visits' in service, wcag: 'wcag' in service, disk: 'disk' in service }).toEqual({
          user,
          service: service.service_id,
          mailings: modules.includes('mailings'),
          visits: modules.includes('statistics'),
          wcag: modules.includes('wcag'),
          disk: modules.includes('files'),
        });
      }
    }
  });

  it("gives klient its newsletter's mailings of the last 30 days as the mailings reports count them", async () => {
    const reports = await reportsOf('klient');
    const mailings = byService(reports, newsletter).mailings!;
    const totals = (await get(`/api/client_service/${newsletter}/reports/mailings/totals`)).json() as {
      from: string;
      to: string;
      data: Array<{ period: string; sent: number }>;
      totals: { sent: number; opened: number; clicked: number };
    };
    expect({ from: reports.from, to: reports.to }).toEqual({ from: totals.from, to: totals.to });
    expect(mailings.sent).toBeGreaterThan(0);
    expect({ sent: mailings.sent, opened: mailings.opened, clicked: mailings.clicked }).toEqual({ sent: totals.totals.sent, opened: totals.totals.opened, clicked: totals.totals.clicked });
    expect(mailings.days).toEqual(totals.data.map((day) => ({ period: day.period, sent: day.sent })));
    expect(mailings.rates).toEqual({ opened: Math.round((mailings.opened / mailings.sent) * 1000) / 1000, clicked: Math.round((mailings.clicked / mailings.sent) * 1000) / 1000 });
    const started = (await get(`/api/client_service/${newsletter}/reports/mailings?from=${reports.from}&to=${reports.to}`)).json() as { pagination: { total: number } };
    expect(mailings.mailings).toBe(started.pagination.total);
  });

  it("gives klient its site's visits of the last 30 days as the visits screen's call says them", async () => {
    const visits = byService(await reportsOf('klient'), site).visits!;
    const screen = (await get(`/api/client_service/${site}/statistics/visits`)).json() as { data: Array<{ period: string; visits: number; visitors: number }>; totals: { visits: number; visitors: number } };
    expect(visits.totals.visits).toBeGreaterThan(0);
    expect(visits).toEqual({ totals: screen.totals, days: screen.data });
  });

  it('gives the disk use against the quota the service itself reports', async () => {
    for (const serviceId of [site, bip, newsletter]) {
      const service = (await get(`/api/client_service/${serviceId}`)).json() as { site_size_used: number; site_size_available: number };
      expect(byService(await reportsOf('klient'), serviceId).disk).toEqual({ used: Number(service.site_size_used), available: Number(service.site_size_available) });
    }
  });

  it("gives the latest completed WCAG analysis's scores, as the analyses' history lists them", async () => {
    const insert = (status: string, summary: unknown) =>
      test.ctx.db.query<{ id: number }>(
        `INSERT INTO wcag_analyses (client_service_id, status, start_url, page_limit, pages_done, pages_total, summary, finished_at)
         VALUES ($1, $2, 'https://www.kowalski.example.com/', 20, 3, 3, $3, now()) RETURNING id`,
        [site, status, summary === null ? null : JSON.stringify(summary)],
      );
    const counts = { failed: 2, needs_review: 3, passed: 20, not_applicable: 10, not_tested: 20 };
    await insert('completed', { levels: { A: 71, AA: 64 }, counts });
    const latest = Number((await insert('completed', { levels: { A: 88, AA: null }, counts })).rows[0].id);
    await insert('failed', null);
    const wcag = byService(await reportsOf('klient'), site).wcag!;
    const history = (await get(`/api/client_service/${site}/module/wcag/analyses`)).json() as { data: Array<{ id: number; status: string; scores: { levels: unknown } }> };
    const completed = history.data.find((analysis) => analysis.status === 'completed')!;
    expect(completed.id).toBe(latest);
    expect({ analysis_id: wcag.analysis_id, levels: wcag.levels }).toEqual({ analysis_id: latest, levels: completed.scores.levels });
    await test.ctx.db.query('DELETE FROM wcag_analyses WHERE client_service_id = $1', [site]);
  });

  it("never shows klient's services to klient2", async () => {
    const reports = await reportsOf('klient2');
    const ids = reports.data.map((service) => service.service_id);
    expect(ids).toEqual([otherSite]);
    for (const own of [site, bip, newsletter]) expect(ids).not.toContain(own);
  });

  it("shows an editor only the figures its role gives: the disk of klient's site, the visits only once its role has the statistics", async () => {
    const reports = await reportsOf('redaktor');
    expect(reports.data.map((service) => service.service_id)).toEqual([site]);
    const [service] = reports.data;
    expect(service.disk).toEqual(byService(await reportsOf('klient'), site).disk);
    expect(service).not.toHaveProperty('visits');
    expect(service).not.toHaveProperty('wcag');
    expect(service).not.toHaveProperty('mailings');
    // The statistics screen refuses it too: the report never shows what the module's own call would not.
    expect((await get(`/api/client_service/${site}/statistics/visits`, 'redaktor')).statusCode).toBe(403);

    // Its role given the statistics: the visits come, the same as klient's.
    const role = `(SELECT csu.role_id FROM client_service_users csu JOIN users u ON u.id = csu.user_id WHERE u.username = 'redaktor' AND csu.client_service_id = $1)`;
    await test.ctx.db.query(`UPDATE module_records SET data = jsonb_set(data, '{modules}', data->'modules' || '["statistics"]') WHERE id = ${role}`, [site]);
    try {
      expect(byService(await reportsOf('redaktor'), site).visits).toEqual(byService(await reportsOf('klient'), site).visits);
    } finally {
      await test.ctx.db.query(`UPDATE module_records SET data = jsonb_set(data, '{modules}', (data->'modules') - 'statistics') WHERE id = ${role}`, [site]);
    }
  });

  it('answers null, never a zero, for a figure without data', async () => {
    const klient = await reportsOf('klient');
    // No visit counted on the BIP site, no analysis of either site yet.
    expect(byService(klient, bip).visits).toBeNull();
    expect(byService(klient, bip).wcag).toBeNull();
    expect(byService(klient, site).wcag).toBeNull();
    expect(byService(await reportsOf('klient2'), otherSite).visits).toBeNull();
    // A newsletter with nothing sent in the period, and a disk without a quota.
    await test.ctx.db.query('UPDATE newsletter_deliveries SET finished_at = finished_at - interval \'400 days\' WHERE client_service_id = $1', [newsletter]);
    await test.ctx.db.query('UPDATE newsletter_delivery_events SET occurred_at = occurred_at - interval \'400 days\' WHERE client_service_id = $1', [newsletter]);
    await test.ctx.db.query('UPDATE newsletter_mailings SET started_at = started_at - interval \'400 days\' WHERE client_service_id = $1', [newsletter]);
    await test.ctx.db.query('UPDATE client_services SET site_size_available = 0 WHERE id = $1', [bip]);
    const later = await reportsOf('klient');
    expect(byService(later, newsletter).mailings).toBeNull();
    expect(byService(later, bip).disk).toBeNull();
  });

  it('reads the figures of any number of services in the same number of queries', async () => {
    const queriesOf = async (as: string) => {
      const { db } = test.ctx;
      const query = db.query.bind(db);
      let count = 0;
      db.query = ((...args: Parameters<typeof query>) => {
        count += 1;
        return query(...args);
      }) as typeof db.query;
      try {
        await reportsOf(as);
      } finally {
        db.query = query;
      }
      return count;
    };
    await reportsOf('klient');
    const before = await queriesOf('klient');
    const modules = ['mailings', 'statistics', 'wcag', 'files'];
    for (let index = 0; index < 5; index += 1) {
      const { rows } = await test.ctx.db.query<{ id: number }>(`INSERT INTO client_services (name, type_id, kind_id, client_id) VALUES ($1, 1, 2, 101) RETURNING id`, [`Raporty ${index}`]);
      await test.ctx.db.query('INSERT INTO client_service_modules (client_service_id, module) SELECT $1, unnest($2::text[])', [rows[0].id, modules]);
      await test.ctx.db.query("INSERT INTO client_service_users (client_service_id, user_id, is_admin) SELECT $1, id, TRUE FROM users WHERE username = 'klient'", [rows[0].id]);
    }
    const reports = await reportsOf('klient');
    expect(reports.data).toHaveLength(8);
    expect(await queriesOf('klient')).toBe(before);
  });

  it('pages the services, refuses a bad page with a Polish message, and answers only a signed-in user', async () => {
    const first = await reportsOf('klient', '?per_page=2');
    const second = await reportsOf('klient', '?per_page=2&page=2');
    const all = await reportsOf('klient');
    expect(first.data).toHaveLength(2);
    expect(first.pagination.total).toBe(all.pagination.total);
    expect([...first.data, ...second.data].map((service) => service.service_id)).toEqual(all.data.slice(0, 4).map((service) => service.service_id));
    for (const [query, parameter] of [
      ['page=abc', 'page'],
      ['page=0', 'page'],
      ['page=99999999999', 'page'],
      ['per_page=101', 'per_page'],
      ['per_page=-1', 'per_page'],
    ]) {
      const bad = await get(`/api/user/reports?${query}`);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().detail).toBe(`Nieprawidłowa wartość parametru ${parameter}.`);
    }
    expect((await reportsOf('klient', '?page=1000')).data).toEqual([]);
    expect((await test.call({ method: 'GET', url: '/api/user/reports' })).statusCode).toBe(401);
  });
});
