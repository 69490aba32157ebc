/**
 * The site delivery API under a mixed read load (issue 15, section 3): two sites of a fresh
 * embedded database with DELIVERY_NEWS news items each (a tenth unpublished, some past their
 * period) beside the demo's banners, galleries, videos, main data and forms. One fixed sequence of
 * requests, DELIVERY_CONNECTIONS at a time: every delivered kind, list pages drawn uniformly, news
 * by id, three domains (two of one site), a share sent with the ETag last seen for the URL
 * (If-None-Match), and an editor's news updates interleaved so that the ETags they touch go
 * stale. Played twice on the same server: the first pass (cold: nothing planned, cached or
 * compiled yet) and the second (warm).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { quantile } from './api-load';
import { signInThroughApi } from './server';
import { seedRecords, startApiServer, xsrfHeaders } from './recipients';

export const DELIVERY_NEWS = 5_000;
export const DELIVERY_CONNECTIONS = 20;
export const DELIVERY_REQUESTS = 3_000;
export const DELIVERY_WRITE_SHARE = 0.02;
export const DELIVERY_CONDITIONAL_SHARE = 0.3;
const PER_PAGE = 20;
const CATEGORIES = 4;
const DOMAINS = { klient: ['www.kowalski.example.com', 'kowalski.example.net'], klient2: ['www.nowak.example.org'] };
const SINGLE_KINDS = ['news_categories', 'scroll_banners', 'counter_banners', 'galleries', 'videos', 'main_data', 'main_data_contacts', 'main_data_positions', 'main_data_map', 'forms'];

export interface PassResult {
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  notModified: number;
  writes: number;
  failed: number;
}

export interface DeliveryResult {
  cold: PassResult;
  warm: PassResult;
}

interface SiteData {
  serviceId: number;
  categoryIds: number[];
  ids: number[];
}

/** A request of the sequence: a read by URL, or an editor's update of a news item of klient's site. */
type Step = { read: string } | { update: number };

/** The same numbers on every run, so that the two passes and two runs play one sequence. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/** The news of one site, written straight into the database the server will open. */
async function seedSite(db: Parameters<Parameters<typeof seedRecords>[2]>[0], serviceId: number): Promise<SiteData> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO module_records (resource, client_service_id, data)
     SELECT 'news_categories', $1, jsonb_build_object('name', 'Dział ' || g) FROM generate_series(1, ${CATEGORIES}) g RETURNING id`,
    [serviceId],
  );
  const categoryIds = rows.map((row) => Number(row.id));
  const inserted = await db.query<{ id: number }>(
    `INSERT INTO module_records (resource, client_service_id, data)
     SELECT 'news_items', $1, jsonb_build_object('category_id', ($2::int[])[1 + g % ${CATEGORIES}], 'title', 'Wiadomość ' || g,
            'lead', 'Zajawka ' || g, 'content', '<p>Treść wiadomości ' || g || '</p>', 'date', now() - g * interval '1 hour',
            'published', g % 10 <> 0, 'pinned', g % 100 = 1)
            || CASE WHEN g % 25 = 0 THEN jsonb_build_object('publish_to', now() - interval '1 day') ELSE '{}'::jsonb END
       FROM generate_series(1, ${DELIVERY_NEWS}) g RETURNING id`,
    [serviceId, categoryIds],
  );
  return { serviceId, categoryIds, ids: inserted.rows.map((row) => Number(row.id)) };
}

function sequence(klient: SiteData, klient2: SiteData): Step[] {
  const next = random(15);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)];
  // Published and in period: nine in ten, fewer the ones past their end.
  const pages = Math.ceil((DELIVERY_NEWS * 0.86) / PER_PAGE);
  return Array.from({ length: DELIVERY_REQUESTS }, (): Step => {
    if (next() < DELIVERY_WRITE_SHARE) return { update: pick(klient.ids) };
    const owner = next() < 0.7 ? 'klient' : 'klient2';
    const site = owner === 'klient' ? klient : klient2;
    const base = `/api/site/${pick(DOMAINS[owner])}`;
    const draw = next();
    if (draw < 0.35) return { read: `${base}/news?page=${1 + Math.floor(next() * pages)}&per_page=${PER_PAGE}` };
    if (draw < 0.45) return { read: `${base}/news?category_id=${pick(site.categoryIds)}&page=${1 + Math.floor((next() * pages) / CATEGORIES)}` };
    // Some of these are unpublished: a 404 is the right answer, and a quick one.
    if (draw < 0.65) return { read: `${base}/news/${pick(site.ids)}` };
    return { read: `${base}/${pick(SINGLE_KINDS)}` };
  });
}

/** Plays the sequence once, DELIVERY_CONNECTIONS at a time, remembering each URL's ETag for the conditional requests. */
async function play(baseUrl: string, steps: Step[], editor: Record<string, string>, klient: SiteData, etags: Map<string, string>): Promise<PassResult> {
  const conditional = random(42);
  const latencies: number[] = [];
  let notModified = 0;
  let writes = 0;
  let failed = 0;
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < steps.length) {
      const step = steps[next++];
      const begun = performance.now();
      let ok: boolean;
      if ('update' in step) {
        const response = await fetch(`${baseUrl}/api/client_service/${klient.serviceId}/module/news/${step.update}`, {
          method: 'PUT',
          headers: { ...editor, 'content-type': 'application/json' },
          body: JSON.stringify({ category_id: klient.categoryIds[step.update % CATEGORIES], title: `Zmieniona wiadomość ${next}`, content: '<p>Nowa treść</p>' }),
        });
        await response.arrayBuffer();
        writes += 1;
        ok = response.status === 200;
      } else {
        const known = etags.get(step.read);
        const headers: Record<string, string> = known && conditional() < DELIVERY_CONDITIONAL_SHARE ? { 'if-none-match': known } : {};
        const response = await fetch(`${baseUrl}${step.read}`, { headers });
        await response.arrayBuffer();
        const etag = response.headers.get('etag');
        if (etag) etags.set(step.read, etag);
        if (response.status === 304) notModified += 1;
        ok = response.status === 200 || response.status === 304 || (response.status === 404 && /\/news\/\d+$/.test(step.read));
      }
      latencies.push(performance.now() - begun);
      if (!ok) failed += 1;
    }
  };
  await Promise.all(Array.from({ length: DELIVERY_CONNECTIONS }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: steps.length,
    requestsPerSecond: steps.length / seconds,
    p50Ms: quantile(latencies, 0.5),
    p95Ms: quantile(latencies, 0.95),
    p99Ms: quantile(latencies, 0.99),
    notModified,
    writes,
    failed,
  };
}

/** Seeds a fresh embedded database with two sites' news, starts the API alone on it, and plays the sequence cold, then warm. */
export async function measureDelivery(options: { port: number; log(line: string): void }): Promise<DeliveryResult> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'panel-bench-delivery-'));
  try {
    options.log(`Seeding ${DELIVERY_NEWS.toLocaleString('pl-PL')} news items into each of two sites…`);
    const seeded = await seedRecords(dataDir, 'news', async (db) => {
      const siteOf = async (domain: string) =>
        Number((await db.query<{ client_service_id: number }>('SELECT client_service_id FROM client_service_domains WHERE domain = $1', [domain])).rows[0].client_service_id);
      return { klient: await seedSite(db, await siteOf(DOMAINS.klient[0])), klient2: await seedSite(db, await siteOf(DOMAINS.klient2[0])) };
    });
    const server = await startApiServer(dataDir, options.port, true);
    try {
      const token = await signInThroughApi(server.baseUrl, 'klient');
      const editor = { authorization: `JWT ${token}`, ...(await xsrfHeaders(server.baseUrl)) };
      const steps = sequence(seeded.klient, seeded.klient2);
      const etags = new Map<string, string>();
      options.log(`Playing ${DELIVERY_REQUESTS.toLocaleString('pl-PL')} delivery requests twice, ${DELIVERY_CONNECTIONS} at a time…`);
      const cold = await play(server.baseUrl, steps, editor, seeded.klient, etags);
      const warm = await play(server.baseUrl, steps, editor, seeded.klient, etags);
      return { cold, warm };
    } finally {
      await server.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
