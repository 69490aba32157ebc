import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Queryable } from '../../../../server/platform/db';
import { httpError, t } from '../../../../server/platform/http/errors';
import { activeTemplateSettings } from '../../../../server/schema/flags';
import { serviceOfDomain } from '../site-domain';
import { STATISTICS_MODULE } from '../statistics/ingest';
import { MAIN_PAGES, pageOffers } from './catalogue';
import { renderPage, type DrawnPage } from './render';
import { latestShown, pageOf, pagesOf, sectionsOf, shownItemsOf } from './store';

/** How many of the newest records a section shows when no items were picked for it. */
export const LATEST_SHOWN = 6;

/**
 * A home page of the service as the public sees it, null when there is no such page: the page
 * the prefix names, or the first one. Sections switched on, picked items that are published (or
 * else the newest published records, of the section's category in category mode), the active
 * colour version's colour.
 */
export async function drawnPage(db: Queryable, serviceId: number, prefix: string | null): Promise<DrawnPage | null> {
  const settings = await activeTemplateSettings(db, serviceId);
  const offers = pageOffers(settings);
  const page = prefix === null ? ((await pagesOf(db, serviceId)).find((row) => offers.some((offer) => offer.prefix === row.prefix)) ?? null) : await pageOf(db, serviceId, prefix);
  const offer = offers.find((candidate) => candidate.prefix === page?.prefix);
  if (!page || !offer) return null;
  const { rows } = await db.query<{ name: string; template_color: string | null; counted: boolean }>(
    `SELECT name, template_color, EXISTS (SELECT 1 FROM client_service_modules m WHERE m.client_service_id = s.id AND m.module = $2) AS counted
       FROM client_services s WHERE s.id = $1`,
    [serviceId, STATISTICS_MODULE],
  );
  const colors = Array.isArray(settings?.colors) ? (settings.colors as { prefix?: string; color?: string }[]) : [];
  const color = (colors.find((entry) => entry.prefix === rows[0].template_color) ?? colors[0])?.color ?? null;
  const sections = await sectionsOf(db, page.id, { onlyOn: true });
  const picked = await shownItemsOf(db, sections.map((section) => Number(section.id)));
  const drawn = await Promise.all(
    sections.map(async (section) => ({
      section,
      // No published item picked: the newest published records (of its category in category mode).
      items:
        picked.get(Number(section.id)) ??
        (await latestShown(db, serviceId, section.component_name, section.data_mode === 'category' ? Number(section.data_category) : null, LATEST_SHOWN)),
    })),
  );
  const name = t(`app.main_pages.pages.${page.prefix}`);
  return { siteName: rows[0].name, pageName: name.startsWith('app.') ? page.prefix : name, color, sections: drawn, sideContainers: offer.containers.slice(1), counted: rows[0].counted };
}

/** Sends a drawn page with its own strict Content-Security-Policy (no script but the visit counter's, nothing from elsewhere). */
export function sendPage(reply: FastifyReply, page: DrawnPage): FastifyReply {
  const { html, csp } = renderPage(page);
  return reply.header('Content-Security-Policy', csp).header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html);
}

/**
 * The service's home pages at a public address, GET /strona/{domain}/ (the first page) and
 * /strona/{domain}/{main_page_prefix}, {domain} any of its domains: so the site can be seen and
 * analysed (the WCAG assistant, the visit counter). 404 for an unknown domain, a service without
 * the module, or a page it has not made.
 */
export async function publicMainPages(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;
  const openapi = { tags: ['site'], security: [], summary: "A service's home page as HTML, by any of its domains" };
  const serve = async (request: FastifyRequest, reply: FastifyReply) => {
    const { domain, page_prefix: prefix } = request.params as { domain: string; page_prefix?: string };
    const serviceId = await serviceOfDomain(db, domain, MAIN_PAGES);
    const page = serviceId === null ? null : await drawnPage(db, serviceId, prefix ?? null);
    if (!page) throw httpError(404, 'errors.not_found');
    // Counted under the domain the page was asked by.
    return sendPage(reply, page.counted ? { ...page, countedAs: domain } : page);
  };
  app.get('/strona/:domain', { config: { openapi } }, serve);
  app.get('/strona/:domain/', { config: { openapi } }, serve);
  app.get('/strona/:domain/:page_prefix', { config: { openapi } }, serve);
}
