import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CriterionResult } from '../../common/wcag/scoring';
import { escapeHtml } from '../../../../common/content/escape';
import { panelDay } from '../../../../common/panel-time';
import { documentLinks, sendDocument } from '../../../../server/platform/http/documents';
import { assertValidForm, httpError, t } from '../../../../server/platform/http/errors';
import { documentOperation, moduleRoutes, writeSingleton } from '../../../../server/schema';

const STATEMENT = 'wcag_statement';
const MAIN_DATA = 'main_data';
const BASE = '/client_service/:service_id/module/wcag/statement';
const DOCUMENTED = '/client_service/{service_id}/module/wcag/statement';
const DOWNLOAD_TTL_SECONDS = 60;
/** The levels a statement reports on: the act requires AA. */
const SCORED_LEVELS = new Set(['A', 'AA']);

/** What the statement is drafted from: the latest completed analysis (its criteria and when it ended), and where the site is. */
export interface StatementSources {
  latest(serviceId: number): Promise<{ finishedAt: Date; criteria: CriterionResult[] } | null>;
  siteUrl(serviceId: number): Promise<string | null>;
}


/** The lines of the content not accessible: each A or AA criterion that failed, by its catalogue name, with the pages where. */
function failedLines(criteria: readonly CriterionResult[]): string {
  return criteria
    .filter((criterion) => criterion.status === 'failed' && SCORED_LEVELS.has(criterion.level))
    .map((criterion) => {
      const pages = new Set(criterion.failures.flatMap((finding) => finding.pages.map((page) => page.url))).size;
      const name = t(`app.wcag.catalogue.criteria.${criterion.id.replace(/\./g, '_')}.name`);
      const where = pages > 0 ? t('resources.wcag_statement.draft.failed_pages', { smart_count: pages }) : t('resources.wcag_statement.draft.failed_by_hand');
      return t('resources.wcag_statement.draft.failed_line', { id: criterion.id, name, level: criterion.level, where });
    })
    .join('\n');
}

/** What an analysis decides in the statement: its day as the update and preparation, the compliance status, the content not accessible. */
function analysedParts(latest: { finishedAt: Date; criteria: CriterionResult[] }) {
  const analysed = panelDay(new Date(latest.finishedAt));
  const failures = failedLines(latest.criteria);
  return { updated_on: analysed, prepared_on: analysed, compliance: failures ? 'partial' : 'full', non_accessible: failures };
}

/** The service's main data (moduly/dane) as its store keeps it, as far as it is filled in. The contact person is the user's to name. */
async function mainDataOf(app: FastifyInstance, serviceId: number) {
  const record = await moduleRoutes(app, MAIN_DATA)?.store.first(app.ctx.db, { serviceId, userId: null });
  const data = record?.values ?? {};
  const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);
  return { name: text(data.name), email: text(data.email), phone: text(data.phone) };
}

/** Drops the values nobody filled in, so that the form asks for them. */
const filled = (values: Record<string, unknown>) => Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined && value !== null && value !== ''));

/** The paragraphs of a multi-line text, escaped. */
const paragraphs = (value: unknown) =>
  String(value ?? '')
    .split(/\n+/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => `<p>${escaped(line)}</p>`)
    .join('\n');

/** A stored value as escaped text (none: empty). */
const escaped = (value: unknown) => escapeHtml(String(value ?? ''));

/**
 * The statement as an HTML document to paste into the site: the parts the 2019 act on digital
 * accessibility requires, each under the element id (a11y-*) by which the statements' monitoring finds it.
 */
export function statementHtml(values: Record<string, unknown>): string {
  const text = (key: string, params: Record<string, string | number> = {}) => escaped(t(`resources.wcag_statement.html.${key}`, params));
  const field = (name: string) => escaped(values[name]);
  const time = (name: string) => `<time datetime="${field(name)}">${field(name)}</time>`;
  const link = (href: unknown) => (/^https?:\/\//i.test(String(href)) ? `<a id="a11y-url" href="${escaped(href)}">${escaped(values.site_name)}</a>` : escaped(values.site_name));
  const nonAccessible = values.compliance === 'full' ? '' : `<h3>${text('non_accessible')}</h3>\n${paragraphs(values.non_accessible)}`;
  const exemptions = String(values.exemptions ?? '').trim() ? `<h3>${text('exemptions')}</h3>\n${paragraphs(values.exemptions)}` : '';
  const prepared = values.prepared_how === 'external' ? text('prepared_external', { by: String(values.prepared_by ?? '') }) : text('prepared_self');
  const phone = String(values.contact_phone ?? '').trim() ? `<li>${text('phone')}: <span id="a11y-telefon">${field('contact_phone')}</span></li>` : '';
  const architecture = String(values.architecture ?? '').trim() ? `<h2>${text('architecture')}</h2>\n<div id="a11y-architektura">\n${paragraphs(values.architecture)}\n</div>` : '';
  return `<!DOCTYPE html>
<html lang="pl">
<head>
<meta charset="utf-8">
<title>${text('title')}</title>
</head>
<body>
<main id="a11y-deklaracja">
<h1>${text('title')}</h1>
<p><span id="a11y-wstep"><span id="a11y-podmiot">${field('entity')}</span> ${text('intro')}</span> ${text('concerns')} ${link(values.site_url)}.</p>
<ul>
<li>${text('published_on')}: <span id="a11y-data-publikacja">${time('published_on')}</span></li>
<li>${text('updated_on')}: <span id="a11y-data-aktualizacja">${time('updated_on')}</span></li>
</ul>
<h2>${text('status')}</h2>
<p id="a11y-status">${text(`compliance_${String(values.compliance)}`)}</p>
${nonAccessible}
${exemptions}
<h2>${text('preparation')}</h2>
<p>${text('prepared_on')}: <span id="a11y-data-sporzadzenie">${time('prepared_on')}</span>. ${escaped(prepared)}</p>
<h2 id="a11y-kontakt">${text('contact')}</h2>
<p>${text('contact_intro')}</p>
<ul>
<li>${text('person')}: <span id="a11y-osoba">${field('contact_person')}</span></li>
<li>${text('email')}: <a id="a11y-email" href="mailto:${field('contact_email')}">${field('contact_email')}</a></li>
${phone}
</ul>
<h2 id="a11y-procedura">${text('procedure')}</h2>
${paragraphs(t('resources.wcag_statement.html.procedure_text'))}
${architecture}
</main>
</body>
</html>
`.replace(/\n{2,}/g, '\n');
}

/**
 * The accessibility statement (deklaracja dostępności) of the service's site, a schema singleton
 * (schemas/site/wcag/statement.schema.json): before its first save, drafted from the latest
 * analysis and the service's main data; checked on save where one field decides another (a date
 * after a date); downloaded as an HTML document ready to paste into the site.
 */
export function wcagStatementServer(app: FastifyInstance, sources: StatementSources): void {
  const statements = moduleRoutes(app, STATEMENT);
  if (!statements) return;
  const { db } = app.ctx;
  const downloads = documentLinks(app.ctx.links, 'wcag-statement');

  statements.addHooks({
    async draft(_request, owner) {
      const serviceId = owner.serviceId!;
      const [latest, siteUrl, main, service] = await Promise.all([
        sources.latest(serviceId),
        sources.siteUrl(serviceId),
        mainDataOf(app, serviceId),
        db.query<{ name: string; created_at: Date }>('SELECT name, created_at FROM client_services WHERE id = $1', [serviceId]),
      ]);
      const today = panelDay(new Date());
      return filled({
        entity: main.name ?? service.rows[0]?.name,
        site_name: service.rows[0]?.name,
        site_url: siteUrl,
        published_on: service.rows[0] ? panelDay(new Date(service.rows[0].created_at)) : undefined,
        ...(latest ? analysedParts(latest) : { updated_on: today, prepared_on: today }),
        prepared_how: 'self',
        contact_email: main.email,
        contact_phone: main.phone,
      });
    },
    async beforeWrite(_tx, _owner, values) {
      const after = (later: string, earlier: string) => typeof values[later] !== 'string' || typeof values[earlier] !== 'string' || values[later] >= values[earlier];
      assertValidForm({
        ...(after('updated_on', 'published_on') ? {} : { updated_on: 'validation.wcag_statement.updated_before_published' }),
        ...(after('prepared_on', 'published_on') ? {} : { prepared_on: 'validation.wcag_statement.prepared_before_published' }),
      });
      return values;
    },
  });

  documentOperation(app, 'post', `${DOCUMENTED}/redraft`, {
    tags: ['wcag'],
    summary: 'Fills the saved statement in again from the latest completed analysis (dates, compliance status, content not accessible); the rest stays as the user wrote it. Answers the statement.',
    responses: { 200: { description: 'The statement as saved now' }, 400: { description: 'The refilled statement fails a rule (a date before publication)' }, 404: { description: 'No statement saved yet' }, 409: { description: 'No completed analysis' } },
  });
  app.post(`${BASE}/redraft`, { preHandler: app.authenticate }, async (request) => {
    const owner = await statements.owner(request, 'write');
    const existing = await statements.store.first(db, owner);
    if (!existing) throw httpError(404, 'errors.wcag.no_statement');
    const latest = await sources.latest(owner.serviceId!);
    if (!latest) throw httpError(409, 'errors.wcag.no_analysis');
    const checked = statements.values({ ...existing.values, ...analysedParts(latest) }, existing);
    return writeSingleton(statements, request, owner, existing, checked);
  });

  documentOperation(app, 'get', `${DOCUMENTED}/download`, {
    tags: ['wcag'],
    summary: `{url}: a link, valid for ${DOWNLOAD_TTL_SECONDS} s, that downloads the saved statement as an .html document to paste into the site`,
    responses: { 200: { description: '{url}' }, 404: { description: 'No statement saved yet' } },
  });
  app.get(`${BASE}/download`, { preHandler: app.authenticate }, async (request: FastifyRequest) => {
    const owner = await statements.owner(request);
    const record = await statements.store.first(db, owner);
    if (!record) throw httpError(404, 'errors.wcag.no_statement');
    const token = downloads.sign(owner.serviceId!, record.id, DOWNLOAD_TTL_SECONDS);
    return { url: `/api/client_service/${owner.serviceId}/module/wcag/statement/download/file?token=${encodeURIComponent(token)}` };
  });

  documentOperation(app, 'get', `${DOCUMENTED}/download/file`, {
    tags: ['wcag'],
    summary: 'The statement as an .html attachment (no session: the signed token of .../download is the permission)',
    responses: { 200: { description: 'text/html attachment' }, 404: { description: 'Invalid or expired link' } },
  });
  app.get(`${BASE}/download/file`, async (request, reply) => {
    const { service_id: rawServiceId } = request.params as { service_id: string };
    const token = (request.query as { token?: unknown }).token;
    // The service's one statement, read once: the token must name it.
    const record = /^[1-9]\d{0,8}$/.test(rawServiceId) ? await statements.store.first(db, { serviceId: Number(rawServiceId), userId: null }) : null;
    if (!record || !downloads.verify(rawServiceId, String(record.id), token)) throw httpError(404, 'errors.wcag.statement_link_invalid');
    return sendDocument(reply, statementHtml(record.values), { attachment: 'deklaracja-dostepnosci.html' });
  });
}
