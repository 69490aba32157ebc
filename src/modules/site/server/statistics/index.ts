import type { FastifyInstance } from 'fastify';
import { httpError } from '../../../../server/platform/http/errors';
import { type MenuEntry, syncMenuEntries } from '../../../../server/schema/menus';
import { isBot } from './bots';
import { createFloodGuard, createPageViewWriter, createSiteFinder, createVisitorHasher, readHit } from './ingest';
import { statisticsReportRoutes } from './reports';
import { rollupJob } from './rollup';
import { COUNTER_SCRIPT, HIT_PATH, SCRIPT_PATH } from './script';

export { visitCounterSnippet } from './script';

/** A page view is small: its address, the referring one and a width. */
const HIT_BODY_LIMIT = 8 * 1024;
/** The script changes with the panel's releases only: a day in caches, then a revalidation. */
const SCRIPT_CACHE_CONTROL = 'public, max-age=86400, stale-while-revalidate=604800';

/** The three screens, in the Raporty folder (which the newsletter reports declare), for services with the module. */
const MENU: MenuEntry[] = [
  { prefix: 'service_reports_visits', name: 'demo.menu.service_reports_visits', icon: 'BarChart', sort: 30, folder: 'reports', rootOnly: false },
  { prefix: 'service_reports_visits_sums', name: 'demo.menu.service_reports_visits_sums', icon: 'Poll', sort: 31, folder: 'reports', rootOnly: false },
  { prefix: 'service_reports_visits_sources', name: 'demo.menu.service_reports_visits_sources', icon: 'Link', sort: 32, folder: 'reports', rootOnly: false },
];

/**
 * The site's visit statistics: the counting script and its public endpoint (CORS for any origin,
 * as the public site API), the job rolling page views up, and the screens' calls.
 */
export async function statisticsServer(app: FastifyInstance): Promise<void> {
  const { db, config } = app.ctx;
  await syncMenuEntries(db, MENU, (problem) => app.log.warn(problem));
  await app.ctx.jobs.define(rollupJob(db, config.statsRawRetentionDays));
  const siteOf = createSiteFinder(db);
  const visitorOf = createVisitorHasher(db);
  const store = createPageViewWriter(db);
  const withinRate = createFloodGuard(config.statsHitsPerMinute);

  await app.register(async (script) => {
    script.addHook('onSend', async (_request, reply, payload) => {
      if (reply.statusCode === 200) reply.header('Cache-Control', SCRIPT_CACHE_CONTROL);
      return payload;
    });
    script.get(
      SCRIPT_PATH,
      {
        config: {
          publicSiteApi: true,
          openapi: {
            tags: ['statistics'],
            security: [],
            summary: `The visit counter a site embeds: <script defer src="…/api${SCRIPT_PATH}" data-domain="{one of the service's domains}">; cached a day`,
            responses: { 200: { description: 'JavaScript' } },
          },
        },
      },
      async (_request, reply) => reply.type('text/javascript; charset=utf-8').send(COUNTER_SCRIPT),
    );
  });

  app.post(
    HIT_PATH,
    {
      bodyLimit: HIT_BODY_LIMIT,
      config: {
        publicSiteApi: true,
        openapi: {
          tags: ['statistics'],
          security: [],
          summary:
            "A page view of the site (sent by the counter script): {u: the page's address, r?: the referring page's, w?: the window's width}, as JSON or text/plain; {domain} is any of the service's domains. Views of robots and of visitors asking not to be tracked (DNT: 1, Sec-GPC: 1) are answered 204 and not kept",
          responses: {
            202: { description: 'Counted' },
            204: { description: 'Not counted (a robot, Do Not Track)' },
            400: { description: 'Not a page view' },
            404: { description: 'No such domain, or its service does not count visits' },
            429: { description: 'Too many page views from the address' },
          },
        },
      },
    },
    async (request, reply) => {
      if (!withinRate(request.ip)) {
        reply.header('Retry-After', '60');
        throw httpError(429, 'errors.site_statistics.flood');
      }
      const { domain } = request.params as { domain: string };
      const site = await siteOf(domain);
      if (!site) throw httpError(404, 'errors.site_statistics.site_not_found');
      const view = readHit(request.body, site.hosts);
      const userAgent = request.headers['user-agent'];
      if (request.headers.dnt === '1' || request.headers['sec-gpc'] === '1' || isBot(userAgent)) return reply.status(204).send();
      await store({ serviceId: site.serviceId, ...view, visitor: await visitorOf(site.serviceId, request.ip, userAgent!) });
      return reply.status(202).send();
    },
  );

  await app.register(statisticsReportRoutes);
}
