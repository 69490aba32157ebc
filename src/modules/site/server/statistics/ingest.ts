import { createHash, randomBytes } from 'node:crypto';
import type { Db, Queryable } from '../../../../server/platform/db';
import { createExpiringCache } from '../../../../server/platform/auth/expiring-cache';
import { httpError } from '../../../../server/platform/http/errors';
import { panelDay } from '../../../../common/panel-time';
import { STATISTICS_MODULE } from '../../common/statistics/module';
import { type Campaign, classifySource, type Source } from './sources';


/** A page view as stored: no address, no user agent, only the day's visitor hash. */
export interface PageView {
  serviceId: number;
  path: string;
  source: Source;
  screen: ScreenClass;
  visitor: string;
}

/** Screen widths in classes, never the exact width (which helps tell visitors apart). */
const SCREEN_CLASSES = [
  { name: 'phone', below: 600 },
  { name: 'tablet', below: 1024 },
  { name: 'desktop', below: 1920 },
  { name: 'wide', below: Infinity },
] as const;
type ScreenClass = (typeof SCREEN_CLASSES)[number]['name'];

const MAX_URL = 2000;
const MAX_PATH = 300;
const MAX_WIDTH = 100_000;

const invalidHit = () => httpError(400, 'errors.site_statistics.invalid_hit');

/**
 * A page view the site's script sent: {u: the page's address, r: the referring page's (optional),
 * w: the window's width in pixels (optional)}, as JSON (or the text of JSON, as sendBeacon sends it).
 * Of the address only the path and its utm_* parameters are kept (the rest of a query may name a person).
 */
export function readHit(body: unknown, ownHosts: readonly string[]): Omit<PageView, 'serviceId' | 'visitor'> {
  let hit: unknown = body;
  if (typeof body === 'string') {
    try {
      hit = JSON.parse(body);
    } catch {
      throw invalidHit();
    }
  }
  if (!hit || typeof hit !== 'object' || Array.isArray(hit)) throw invalidHit();
  const { u, r, w } = hit as Record<string, unknown>;
  if (typeof u !== 'string' || u.length > MAX_URL || (r !== undefined && r !== null && (typeof r !== 'string' || r.length > MAX_URL))) throw invalidHit();
  if (w !== undefined && w !== null && (typeof w !== 'number' || !Number.isInteger(w) || w < 0 || w > MAX_WIDTH)) throw invalidHit();
  let page: URL;
  try {
    page = new URL(u);
  } catch {
    throw invalidHit();
  }
  // The path stays percent-encoded as URL gives it: no control character reaches the database.
  if ((page.protocol !== 'http:' && page.protocol !== 'https:') || page.pathname.length > MAX_PATH) throw invalidHit();
  const utm = (name: string) => page.searchParams.get(`utm_${name}`) ?? undefined;
  const campaign: Campaign = { source: utm('source'), medium: utm('medium'), campaign: utm('campaign') };
  const width = typeof w === 'number' ? w : 0;
  return {
    path: page.pathname,
    source: classifySource(typeof r === 'string' && r !== '' ? r : undefined, campaign, ownHosts),
    screen: SCREEN_CLASSES.find((screen) => width < screen.below)!.name,
  };
}


/**
 * The visitor of a page view: a hash of the address, the user agent and the site with the day's
 * salt. The salt is random, shared by every process through the database and deleted once its day
 * ends (by the rollup job), so no one can later tell whose hash it was or link two days' visits.
 */
export function createVisitorHasher(db: Db) {
  let current: { day: string; salt: string } | undefined;
  async function salt(day: string): Promise<string> {
    if (current?.day === day) return current.salt;
    await db.query('INSERT INTO site_visit_salts (day, salt) VALUES ($1, $2) ON CONFLICT (day) DO NOTHING', [day, randomBytes(32).toString('hex')]);
    const { rows } = await db.query<{ salt: string }>('SELECT salt FROM site_visit_salts WHERE day = $1', [day]);
    current = { day, salt: rows[0].salt };
    return current.salt;
  }
  return async (serviceId: number, address: string, userAgent: string): Promise<string> => {
    const daySalt = await salt(panelDay(new Date()));
    return createHash('sha256').update(`${daySalt}\n${serviceId}\n${address}\n${userAgent}`).digest('hex').slice(0, 32);
  };
}

/**
 * Writes page views in batches: a view waits for the next write, which takes every view that came
 * meanwhile in one INSERT. Each call resolves once its view is stored (nothing is answered before it
 * is kept). A write starts on the event loop's next turn (setImmediate), never straight from the
 * last one's end: the embedded database runs in this thread, so only a turn of the loop lets the
 * requests waiting on the sockets in, and a write started at once would mostly carry a single view.
 */
export function createPageViewWriter(db: Db, maxBatch = 1000) {
  let queue: Array<{ view: PageView; done(error?: unknown): void }> = [];
  let writing = false;
  let scheduled = false;
  async function write(views: PageView[]): Promise<void> {
    const column = <T>(pick: (view: PageView) => T) => views.map(pick);
    await db.query(
      `INSERT INTO site_visit_events (client_service_id, path, source_kind, source_name, screen, visitor)
       SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[])`,
      [column((view) => view.serviceId), column((view) => view.path), column((view) => view.source.kind), column((view) => view.source.name), column((view) => view.screen), column((view) => view.visitor)],
    );
  }
  function schedule(): void {
    if (writing || scheduled || queue.length === 0) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      void writeNext();
    });
  }
  async function writeNext(): Promise<void> {
    writing = true;
    const batch = queue.slice(0, maxBatch);
    queue = queue.slice(maxBatch);
    try {
      await write(batch.map((entry) => entry.view));
      for (const entry of batch) entry.done();
    } catch (error) {
      for (const entry of batch) entry.done(error);
    }
    writing = false;
    schedule();
  }
  return (view: PageView) =>
    new Promise<void>((resolve, reject) => {
      queue.push({ view, done: (error) => (error ? reject(error) : resolve()) });
      schedule();
    });
}

/** The site a domain names, with every host of it (a referrer from one of them is the site itself), or null. */
export interface CountedSite {
  serviceId: number;
  hosts: string[];
}

const SITE_CACHE_MS = 30_000;

/** Finds the service of a domain that has the statistics module, kept for 30 s (a page view each time would ask otherwise). */
export function createSiteFinder(db: Queryable) {
  const cache = createExpiringCache<string, CountedSite | null>(10_000);
  return async (domain: string): Promise<CountedSite | null> => {
    const key = domain.toLowerCase();
    const cached = cache.get(key);
    if (cached !== undefined) return cached;
    const { rows } = await db.query<{ client_service_id: number; hosts: string[] }>(
      `SELECT d.client_service_id, array_agg(lower(o.domain)) AS hosts
         FROM client_service_domains d
         JOIN client_service_modules m ON m.client_service_id = d.client_service_id AND m.module = $2
         JOIN client_service_domains o ON o.client_service_id = d.client_service_id
        WHERE lower(d.domain) = $1
        GROUP BY d.client_service_id LIMIT 1`,
      [key, STATISTICS_MODULE],
    );
    const site = rows[0] ? { serviceId: Number(rows[0].client_service_id), hosts: rows[0].hosts } : null;
    cache.set(key, site, Date.now() + SITE_CACHE_MS);
    return site;
  };
}

/**
 * Page views one address may send in a minute (a fixed window per address, in this process's
 * memory: a flood is refused before it costs a query).
 */
export function createFloodGuard(perMinute: number) {
  let windowStart = Date.now();
  let counts = new Map<string, number>();
  return (address: string): boolean => {
    const now = Date.now();
    if (now - windowStart >= 60_000) {
      windowStart = now;
      counts = new Map();
    }
    const count = (counts.get(address) ?? 0) + 1;
    counts.set(address, count);
    return count <= perMinute;
  };
}
