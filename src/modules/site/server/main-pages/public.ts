import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Queryable } from '../../../../server/platform/db';
import { escapeHtml } from '../../../../common/content/escape';
import { t } from '../../../../server/platform/http/errors';
import { sanitizeHtml } from '../../../../server/platform/sanitizing/html';
import { activeTemplateSettings } from '../../../../server/schema/flags';
import { serviceOfDomain } from '../site-domain';
import { STATISTICS_MODULE } from '../../common/statistics/module';
import { MAIN_PAGES, pageOffers } from './catalogue';
import { renderPage, renderTextPage, type DrawnPage, type SiteShell } from './render';
import { latestShown, pageOf, pagesOf, sectionsOf, shownItemsOf } from './store';

/** How many of the newest records a section shows when no items were picked for it. */
export const LATEST_SHOWN = 6;
/** The site's privacy policy (a settings singleton) and its public page, beside the home pages. */
const PRIVACY_POLICY = 'settings_privacy_policy';
const POLICY_PATH = 'polityka-prywatnosci';

/**
 * A home page of the service as the public sees it, null when there is no such page: the page
 * the prefix names, or the first one. Sections switched on, picked items that are published (or
 * else the newest published records, of the section's category in category mode), the active
 * colour version's colour.
 */
export async function drawnPage(db: Queryable, serviceId: number, prefix: string | null, publicDomain?: string): Promise<DrawnPage | null> {
  const settings = await activeTemplateSettings(db, serviceId);
  const offers = pageOffers(settings);
  const page = prefix === null ? ((await pagesOf(db, serviceId)).find((row) => offers.some((offer) => offer.prefix === row.prefix)) ?? null) : await pageOf(db, serviceId, prefix);
  const offer = offers.find((candidate) => candidate.prefix === page?.prefix);
  if (!page || !offer) return null;
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
  return { ...(await siteShell(db, serviceId, settings, publicDomain)), pageName: name.startsWith('app.') ? page.prefix : name, sections: drawn, sideContainers: offer.containers.slice(1) };
}

/** The site's privacy policy as its editor saved it (konfiguracja/ustawienia/polityka_prywatnosci), sanitised; null when there is none. */
async function privacyPolicyOf(db: Queryable, serviceId: number): Promise<string | null> {
  const { rows } = await db.query<{ content: string | null }>(
    `SELECT data->>'content' AS content FROM module_records WHERE resource = $1 AND client_service_id = $2 AND user_id IS NULL ORDER BY id LIMIT 1`,
    [PRIVACY_POLICY, serviceId],
  );
  const content = rows[0]?.content?.trim();
  return content ? sanitizeHtml(content) : null;
}

/**
 * What every page of the service's site shares: its name, the active colour version's colour, and
 * at its public address (the domain it was asked by) the visit counter and the footer's links;
 * the builder's preview has neither.
 */
async function siteShell(db: Queryable, serviceId: number, settings: Awaited<ReturnType<typeof activeTemplateSettings>>, publicDomain?: string): Promise<SiteShell> {
  const { rows } = await db.query<{ name: string; template_color: string | null; counted: boolean; has_policy: boolean }>(
    `SELECT name, template_color, EXISTS (SELECT 1 FROM client_service_modules m WHERE m.client_service_id = s.id AND m.module = $2) AS counted,
            EXISTS (SELECT 1 FROM module_records r WHERE r.resource = $3 AND r.client_service_id = s.id AND r.user_id IS NULL AND coalesce(r.data->>'content', '') <> '') AS has_policy
       FROM client_services s WHERE s.id = $1`,
    [serviceId, STATISTICS_MODULE, PRIVACY_POLICY],
  );
  const colors = Array.isArray(settings?.colors) ? (settings.colors as { prefix?: string; color?: string }[]) : [];
  const color = (colors.find((entry) => entry.prefix === rows[0].template_color) ?? colors[0])?.color ?? null;
  if (publicDomain === undefined) return { siteName: rows[0].name, color, links: [] };
  const links = rows[0].has_policy ? [{ href: `/strona/${encodeURIComponent(publicDomain)}/${POLICY_PATH}`, label: t('app.main_pages.public.privacy_policy') }] : [];
  return { siteName: rows[0].name, color, links, ...(rows[0].counted ? { countedAs: publicDomain } : {}) };
}

/** Sends a public page with its own strict Content-Security-Policy (no script but the visit counter's, nothing from elsewhere). */
function sendDrawn(reply: FastifyReply, { html, csp }: { html: string; csp: string }): FastifyReply {
  return reply.header('Content-Security-Policy', csp).header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html);
}

/**
 * A page the site has not (an unknown domain, page or policy): a 404 a visitor's browser shows as a
 * page, in the site's frame when the domain is the service's, with a link to its home page; never counted.
 */
async function sendNotFound(db: Queryable, reply: FastifyReply, serviceId: number | null, domain: string): Promise<FastifyReply> {
  const title = t('app.main_pages.public.not_found');
  const text = `<p>${escapeHtml(t('app.main_pages.public.not_found_text'))}</p>`;
  if (serviceId === null) return sendDrawn(reply.code(404), renderTextPage({ siteName: title, color: null, links: [] }, title, text));
  const shell: SiteShell = { ...(await siteShell(db, serviceId, await activeTemplateSettings(db, serviceId), domain)), countedAs: undefined };
  const home = `<p><a href="/strona/${encodeURIComponent(domain)}/">${escapeHtml(t('app.main_pages.public.home_link'))}</a></p>`;
  return sendDrawn(reply.code(404), renderTextPage(shell, title, text + home));
}

/** Sends a drawn home page (the public one, the builder's preview). */
export const sendPage = (reply: FastifyReply, page: DrawnPage): FastifyReply => sendDrawn(reply, renderPage(page));

/**
 * The service's home pages at a public address, GET /strona/{domain}/ (the first page) and
 * /strona/{domain}/{main_page_prefix}, {domain} any of its domains, and its privacy policy at
 * /strona/{domain}/polityka-prywatnosci: so the site can be seen and analysed (the WCAG assistant,
 * the visit counter). 404 for an unknown domain, a service without the module, or a page it has not made.
 */
export async function publicMainPages(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;
  const openapi = { tags: ['site'], security: [], summary: "A service's home page as HTML, by any of its domains" };
  const serve = async (request: FastifyRequest, reply: FastifyReply) => {
    const { domain, page_prefix: prefix } = request.params as { domain: string; page_prefix?: string };
    const serviceId = await serviceOfDomain(db, domain, MAIN_PAGES);
    // Counted under the domain the page was asked by.
    const page = serviceId === null ? null : await drawnPage(db, serviceId, prefix ?? null, domain);
    return page ? sendPage(reply, page) : sendNotFound(db, reply, serviceId, domain);
  };
  app.get('/strona/:domain', { config: { openapi } }, serve);
  app.get('/strona/:domain/', { config: { openapi } }, serve);
  app.get('/strona/:domain/:page_prefix', { config: { openapi } }, serve);
  app.get(`/strona/:domain/${POLICY_PATH}`, { config: { openapi: { ...openapi, summary: "A service's privacy policy as HTML, by any of its domains" } } }, async (request, reply) => {
    const { domain } = request.params as { domain: string };
    const serviceId = await serviceOfDomain(db, domain, MAIN_PAGES);
    const policy = serviceId === null ? null : await privacyPolicyOf(db, serviceId);
    if (serviceId === null || policy === null) return sendNotFound(db, reply, serviceId, domain);
    const shell = await siteShell(db, serviceId, await activeTemplateSettings(db, serviceId), domain);
    return sendDrawn(reply, renderTextPage(shell, t('app.main_pages.public.privacy_policy'), policy));
  });
}
