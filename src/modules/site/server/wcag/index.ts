import type { FastifyInstance, FastifyRequest } from 'fastify';
import { currentUser } from '../../../../server/platform/auth/plugin';
import { requireServiceAccess } from '../../../../server/platform/auth/service-access';
import type { Queryable } from '../../../../server/platform/db';
import { assertValidForm, httpError } from '../../../../server/platform/http/errors';
import { readPage } from '../../../../server/platform/http/pagination';
import { single } from '../../../../server/platform/http/query';
import { documentOperation } from '../../../../server/schema';
import { type MenuEntry, syncMenuEntries } from '../../../../server/schema/menus';
import { CRITERIA, type Criterion, GUIDELINE_IDS, PRINCIPLE_IDS } from '../../common/wcag/catalogue';
import { ACTIVE_STATES } from '../../common/wcag/results';
import { automatedShare, criterionResults, levelScores, summarise, type Summary } from '../../common/wcag/scoring';
import { wcagAnalysisJob, WCAG_JOB } from './job';
import { axeRules } from './rules';
import { analysedPages, manualChecks } from './scores';
import { wcagStatementServer } from './statement';

export const WCAG_MODULE = 'wcag';
const BASE = '/client_service/:service_id/module/wcag';
const DOCUMENTED = '/client_service/{service_id}/module/wcag';
/** How many pages an analysis may open at most (the setting's bound); 20 unless the service says otherwise. */
export const MAX_PAGE_LIMIT = 100;
export const DEFAULT_PAGE_LIMIT = 20;
const MAX_URL_LENGTH = 2048;
const MAX_ID = 2_147_483_647;
const MAX_NOTE = 2000;
const TREND_LENGTH = 20;
/** The analysis `latest` names in a path: the service's latest completed one. */
const LATEST = 'latest';
const SCORE_TYPES = ['site', 'principle', 'guideline', 'page'] as const;
/** The assistant's entry in the Moduły folder of every service menu; the browser hides it where the service lacks the module. */
const MENU: MenuEntry[] = [{ prefix: 'service_modules_wcag', name: 'app.wcag.menu', icon: 'Speed', sort: 70, folder: 'modules', rootOnly: false }];

interface Settings {
  start_url: string | null;
  page_limit: number;
}

/** The address an analysis starts from when the service names none: its main domain with its scheme. */
async function mainDomainUrl(db: Queryable, serviceId: number): Promise<string | null> {
  const { rows } = await db.query<{ domain: string; is_ssl: boolean }>(
    'SELECT domain, is_ssl FROM client_service_domains WHERE client_service_id = $1 ORDER BY is_main DESC, id LIMIT 1',
    [serviceId],
  );
  return rows[0] ? `${rows[0].is_ssl ? 'https' : 'http'}://${rows[0].domain}/` : null;
}

async function settingsOf(db: Queryable, serviceId: number): Promise<Settings> {
  const { rows } = await db.query<Settings>('SELECT start_url, page_limit FROM wcag_settings WHERE client_service_id = $1', [serviceId]);
  return rows[0] ?? { start_url: null, page_limit: DEFAULT_PAGE_LIMIT };
}

/** A start address the analysis can open: absolute http(s), no credentials in it, not too long. */
export function isAnalysableUrl(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > MAX_URL_LENGTH || !URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.username === '' && url.password === '' && url.hostname !== '';
}

/** A positive id of a route param; anything else is the 404 of an unknown analysis. */
function analysisIdOf(raw: unknown): number {
  const id = Number(raw);
  if (!Number.isSafeInteger(id) || id < 1 || id > MAX_ID || String(raw) !== String(id)) throw httpError(404, 'errors.wcag.analysis_not_found');
  return id;
}

const bodyOf = (request: FastifyRequest) => (request.body !== null && typeof request.body === 'object' && !Array.isArray(request.body) ? (request.body as Record<string, unknown>) : {});

/**
 * The WCAG assistant's calls (SPEC 2 "moduly/wcag"), for users of the service's wcag module:
 * its settings (where the analysis starts, how many pages), starting one analysis at a time,
 * following and cancelling it, the history, and each analysis with its pages.
 */
export async function wcagServer(app: FastifyInstance): Promise<void> {
  const { db, jobs } = app.ctx;
  await syncMenuEntries(db, MENU, (problem) => app.log.warn(problem));
  await jobs.define(wcagAnalysisJob(app));
  const serviceOf = async (request: FastifyRequest) => (await requireServiceAccess(db, request, (request.params as { service_id: string }).service_id, WCAG_MODULE)).serviceId;

  /** The service's analysis the call names (`latest`: its latest completed one); another service's (or none) is the same 404. */
  async function analysisOf(request: FastifyRequest, serviceId: number, tx: Queryable = db) {
    const raw = (request.params as { analysis_id: string }).analysis_id;
    const { rows } =
      raw === LATEST
        ? await tx.query<AnalysisRow>(`${ANALYSIS_SELECT} WHERE a.client_service_id = $1 AND a.status = 'completed' ORDER BY a.id DESC LIMIT 1`, [serviceId])
        : await tx.query<AnalysisRow>(`${ANALYSIS_SELECT} WHERE a.id = $1 AND a.client_service_id = $2`, [analysisIdOf(raw), serviceId]);
    if (!rows[0]) throw httpError(404, raw === LATEST ? 'errors.wcag.no_analysis' : 'errors.wcag.analysis_not_found');
    return rows[0];
  }

  /** The latest completed analysis (its id and end), or null before the first. */
  async function latestCompleted(serviceId: number): Promise<{ id: number; finished_at: Date } | null> {
    const { rows } = await db.query<{ id: number; finished_at: Date }>(
      `SELECT id, finished_at FROM wcag_analyses WHERE client_service_id = $1 AND status = 'completed' ORDER BY id DESC LIMIT 1`,
      [serviceId],
    );
    return rows[0] ? { id: Number(rows[0].id), finished_at: rows[0].finished_at } : null;
  }
  const latestId = async (serviceId: number) => (await latestCompleted(serviceId))?.id ?? null;

  /** Every criterion's result in an analysis (none analysed: every criterion not tested), with the service's checks by hand. */
  async function resultsOf(serviceId: number, analysisId: number | null, pageId?: number) {
    const pages = analysisId === null ? [] : await analysedPages(db, analysisId, pageId);
    return { pages, criteria: criterionResults(pages, await axeRules(), await manualChecks(db, serviceId)) };
  }

  /** A catalogue criterion by its id; 404 for any other. */
  function criterionOf(raw: unknown) {
    const criterion = CRITERIA.find((entry) => entry.id === raw);
    if (!criterion) throw httpError(404, 'errors.wcag.criterion_not_found');
    return criterion;
  }

  const responses = (extra: Record<number, string> = {}) => ({
    200: { description: 'OK' },
    403: { description: 'No access to the service or its WCAG assistant' },
    ...Object.fromEntries(Object.entries(extra).map(([status, description]) => [status, { description }])),
  });

  documentOperation(app, 'get', `${DOCUMENTED}/settings`, {
    tags: ['wcag'],
    summary: 'Where an analysis starts and how many pages it opens: {start_url (null: the main domain), default_start_url, page_limit}',
    responses: responses(),
  });
  app.get(`${BASE}/settings`, { preHandler: app.authenticate }, async (request) => {
    const serviceId = await serviceOf(request);
    return { ...(await settingsOf(db, serviceId)), default_start_url: await mainDomainUrl(db, serviceId), max_page_limit: MAX_PAGE_LIMIT };
  });

  documentOperation(app, 'put', `${DOCUMENTED}/settings`, {
    tags: ['wcag'],
    summary: `Saves the settings {start_url: http(s) address or null for the main domain, page_limit: 1..${MAX_PAGE_LIMIT}}`,
    responses: responses({ 400: 'A value is not valid' }),
  });
  app.put(`${BASE}/settings`, { preHandler: app.authenticate }, async (request) => {
    const serviceId = await serviceOf(request);
    const body = bodyOf(request);
    const startUrl = body.start_url === undefined || body.start_url === '' ? null : body.start_url;
    const pageLimit = body.page_limit ?? DEFAULT_PAGE_LIMIT;
    assertValidForm({
      ...(startUrl === null || isAnalysableUrl(startUrl) ? {} : { start_url: 'validation.wcag.start_url_invalid' }),
      ...(Number.isInteger(pageLimit) && (pageLimit as number) >= 1 && (pageLimit as number) <= MAX_PAGE_LIMIT ? {} : { page_limit: 'validation.wcag.page_limit_invalid' }),
    });
    await db.query(
      `INSERT INTO wcag_settings (client_service_id, start_url, page_limit) VALUES ($1, $2, $3)
       ON CONFLICT (client_service_id) DO UPDATE SET start_url = $2, page_limit = $3`,
      [serviceId, startUrl, pageLimit],
    );
    return { ...(await settingsOf(db, serviceId)), default_start_url: await mainDomainUrl(db, serviceId), max_page_limit: MAX_PAGE_LIMIT };
  });

  documentOperation(app, 'post', `${DOCUMENTED}/analyses`, {
    tags: ['wcag'],
    summary: 'Starts an analysis of the site from the settings\' address; 409 while another is under way. Answers the analysis (201)',
    responses: { ...responses({ 409: 'An analysis is under way, or the service has no address to analyse' }), 201: { description: 'Started' } },
  });
  app.post(`${BASE}/analyses`, { preHandler: app.authenticate }, async (request, reply) => {
    const serviceId = await serviceOf(request);
    const settings = await settingsOf(db, serviceId);
    const startUrl = settings.start_url ?? (await mainDomainUrl(db, serviceId));
    if (startUrl === null) throw httpError(409, 'errors.wcag.no_address');
    const analysis = await db.transaction(async (tx) => {
      // The unique index on active analyses decides between two starts at once; the one that loses waits for the winner's commit and finds it here.
      const { rows } = await tx.query<{ id: number }>(
        `INSERT INTO wcag_analyses (client_service_id, start_url, page_limit, started_by) VALUES ($1, $2, $3, $4)
         ON CONFLICT (client_service_id) WHERE status IN ('queued', 'running') DO NOTHING RETURNING id`,
        [serviceId, startUrl, settings.page_limit, currentUser(request).userId],
      );
      if (!rows[0]) throw httpError(409, 'errors.wcag.already_running');
      const id = Number(rows[0].id);
      const jobId = await jobs.send(WCAG_JOB, { analysisId: id }, { tx, owner: { clientServiceId: serviceId } });
      await tx.query('UPDATE wcag_analyses SET job_id = $2 WHERE id = $1', [id, jobId]);
      return (await tx.query<AnalysisRow>(`${ANALYSIS_SELECT} WHERE a.id = $1`, [id])).rows[0];
    });
    return reply.code(201).send(analysisJson(analysis));
  });

  documentOperation(app, 'get', `${DOCUMENTED}/analyses`, {
    tags: ['wcag'],
    summary: 'The history of analyses, newest first (?page, ?per_page): {data: [{id, status, start_url, pages_done, pages_total, failure, created_at, finished_at, scores}], pagination: {total}}',
    responses: responses({ 400: 'A parameter is not valid' }),
  });
  app.get(`${BASE}/analyses`, { preHandler: app.authenticate }, async (request) => {
    const serviceId = await serviceOf(request);
    const { limit, offset } = readPage(request.query, 10);
    const { rows } = await db.query<AnalysisRow>(`${ANALYSIS_SELECT} WHERE a.client_service_id = $1 ORDER BY a.id DESC LIMIT ${limit} OFFSET ${offset}`, [serviceId]);
    const { rows: count } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM wcag_analyses WHERE client_service_id = $1', [serviceId]);
    return { data: rows.map(analysisJson), pagination: { total: Number(count[0].n) } };
  });

  documentOperation(app, 'get', `${DOCUMENTED}/analyses/{analysis_id}`, {
    tags: ['wcag'],
    summary: 'An analysis with its progress and pages: {..., pages: [{id, position, url, title, failure, violations, incomplete}]}',
    responses: responses({ 404: 'No such analysis of the service' }),
  });
  app.get(`${BASE}/analyses/:analysis_id`, { preHandler: app.authenticate }, async (request) => {
    const serviceId = await serviceOf(request);
    const analysis = await analysisOf(request, serviceId);
    const { rows } = await db.query<{ id: number; position: number; url: string; title: string | null; failure: string | null; violations: number | null; incomplete: number | null }>(
      `SELECT id, position, url, title, failure, jsonb_array_length(results->'violations') AS violations, jsonb_array_length(results->'incomplete') AS incomplete
         FROM wcag_pages WHERE analysis_id = $1 ORDER BY position`,
      [analysis.id],
    );
    return { ...analysisJson(analysis), pages: rows.map((row) => ({ ...row, id: Number(row.id) })) };
  });

  documentOperation(app, 'post', `${DOCUMENTED}/analyses/{analysis_id}/cancel`, {
    tags: ['wcag'],
    summary: 'Cancels an analysis under way (it stops before its next page); 409 when it has ended',
    responses: responses({ 404: 'No such analysis of the service', 409: 'The analysis has ended' }),
  });
  app.post(`${BASE}/analyses/:analysis_id/cancel`, { preHandler: app.authenticate }, async (request) => {
    const serviceId = await serviceOf(request);
    const analysis = await analysisOf(request, serviceId);
    const { rows } = await db.query<AnalysisRow>(
      `UPDATE wcag_analyses SET status = 'cancelled', finished_at = now() WHERE id = $1 AND status = ANY($2::text[]) RETURNING id`,
      [analysis.id, ACTIVE_STATES],
    );
    if (!rows[0]) throw httpError(409, 'errors.wcag.not_running');
    return analysisJson(await analysisOf(request, serviceId));
  });
  documentOperation(app, 'get', `${DOCUMENTED}/analyses/{analysis_id}/scores/{type}`, {
    tags: ['wcag'],
    summary:
      "An analysis's scores (analysis_id may be `latest`, the latest completed): type site, principle (?prefix=1), guideline (?prefix=1.4) or page (?prefix=<page id>): {analysis_id, type, prefix, levels: {A, AA} (0-100, Lighthouse's weighting; null: no rule applied), counts (A and AA criteria by status), criteria: [{id, level, principle, guideline, status, automatic, rules, failures: [{rule, impact, pages: [{id, url, nodes: [{target, html}]}]}], reviews, manual}]}",
    responses: responses({ 400: 'Unknown type, or a prefix that names nothing of it', 404: 'No such analysis (or page) of the service' }),
  });
  app.get(`${BASE}/analyses/:analysis_id/scores/:type`, { preHandler: app.authenticate }, async (request) => {
    const serviceId = await serviceOf(request);
    const analysis = await analysisOf(request, serviceId);
    const type = (request.params as { type: string }).type;
    const prefix = single(request.query, 'prefix');
    if (!(SCORE_TYPES as readonly string[]).includes(type)) throw httpError(400, 'errors.wcag.score_type_invalid');
    const within = (criterion: Criterion) => (type === 'principle' ? criterion.principle === prefix : type === 'guideline' ? criterion.guideline === prefix : true);
    if ((type === 'principle' && !PRINCIPLE_IDS.includes(prefix ?? '')) || (type === 'guideline' && !GUIDELINE_IDS.includes(prefix ?? ''))) throw httpError(400, 'errors.wcag.prefix_invalid');
    let pageId: number | undefined;
    if (type === 'page') {
      const { rows } = await db.query<{ id: number }>('SELECT id FROM wcag_pages WHERE analysis_id = $1 AND id::text = $2', [analysis.id, prefix ?? '']);
      if (!rows[0]) throw httpError(404, 'errors.wcag.page_not_found');
      pageId = Number(rows[0].id);
    }
    const { pages, criteria } = await resultsOf(serviceId, analysis.id, pageId);
    const scoped = criteria.filter(within);
    const levels = levelScores(pages, await axeRules(), scoped);
    return { analysis_id: analysis.id, type, prefix: prefix ?? null, ...summarise(scoped, levels), criteria: scoped };
  });

  documentOperation(app, 'get', `${DOCUMENTED}/criteria`, {
    tags: ['wcag'],
    summary: 'The WCAG 2.2 catalogue with each criterion\'s status in the latest completed analysis (not_tested before the first): {analysis_id, automated: {automated, total}, criteria: [{id, level, principle, guideline, status, automatic, rules, manual}]}',
    responses: responses(),
  });
  app.get(`${BASE}/criteria`, { preHandler: app.authenticate }, async (request) => {
    const serviceId = await serviceOf(request);
    const analysisId = await latestId(serviceId);
    const { criteria } = await resultsOf(serviceId, analysisId);
    return {
      analysis_id: analysisId,
      automated: automatedShare(await axeRules()),
      criteria: criteria.map(({ failures, reviews, ...criterion }) => ({ ...criterion, failed_pages: new Set(failures.flatMap((finding) => finding.pages.map((page) => page.id))).size, review_count: reviews.length })),
    };
  });

  documentOperation(app, 'get', `${DOCUMENTED}/criteria/{criterion_id}`, {
    tags: ['wcag'],
    summary: 'One criterion (e.g. 1.4.3) with its result in the latest completed analysis: {analysis_id, criterion: {id, level, status, automatic, rules, failures, reviews, manual}}',
    responses: responses({ 404: 'No such criterion' }),
  });
  app.get(`${BASE}/criteria/:criterion_id`, { preHandler: app.authenticate }, async (request) => {
    const serviceId = await serviceOf(request);
    const criterion = criterionOf((request.params as { criterion_id: string }).criterion_id);
    const analysisId = await latestId(serviceId);
    const { criteria } = await resultsOf(serviceId, analysisId);
    return { analysis_id: analysisId, criterion: criteria.find((entry) => entry.id === criterion.id) };
  });

  documentOperation(app, 'put', `${DOCUMENTED}/criteria/{criterion_id}/check`, {
    tags: ['wcag'],
    summary: 'A person checked the criterion by hand {status: passed | failed, note (≤ 2000 characters)}; it holds over the analyses until changed or removed. Answers the check',
    responses: responses({ 400: 'A value is not valid', 404: 'No such criterion' }),
  });
  app.put(`${BASE}/criteria/:criterion_id/check`, { preHandler: app.authenticate }, async (request) => {
    const serviceId = await serviceOf(request);
    const criterion = criterionOf((request.params as { criterion_id: string }).criterion_id);
    const body = bodyOf(request);
    const note = body.note ?? '';
    assertValidForm({
      ...(body.status === 'passed' || body.status === 'failed' ? {} : { status: 'validation.wcag.manual_status_invalid' }),
      ...(typeof note === 'string' && note.length <= MAX_NOTE ? {} : { note: 'validation.wcag.note_invalid' }),
    });
    await db.query(
      `INSERT INTO wcag_manual_checks (client_service_id, criterion_id, status, note, checked_by) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (client_service_id, criterion_id) DO UPDATE SET status = $3, note = $4, checked_by = $5, checked_at = now()`,
      [serviceId, criterion.id, body.status, note, currentUser(request).userId],
    );
    return (await manualChecks(db, serviceId)).find((check) => check.criterion_id === criterion.id);
  });

  documentOperation(app, 'delete', `${DOCUMENTED}/criteria/{criterion_id}/check`, {
    tags: ['wcag'],
    summary: 'Removes the check by hand: the criterion takes the rules\' verdict again',
    responses: { ...responses({ 404: 'No such criterion' }), 204: { description: 'Removed' } },
  });
  app.delete(`${BASE}/criteria/:criterion_id/check`, { preHandler: app.authenticate }, async (request, reply) => {
    const serviceId = await serviceOf(request);
    const criterion = criterionOf((request.params as { criterion_id: string }).criterion_id);
    await db.query('DELETE FROM wcag_manual_checks WHERE client_service_id = $1 AND criterion_id = $2', [serviceId, criterion.id]);
    return reply.code(204).send();
  });

  documentOperation(app, 'get', `${DOCUMENTED}/trend`, {
    tags: ['wcag'],
    summary: `The scores of the last ${TREND_LENGTH} completed analyses, oldest first: {data: [{id, finished_at, levels: {A, AA}, counts}]}`,
    responses: responses(),
  });
  app.get(`${BASE}/trend`, { preHandler: app.authenticate }, async (request) => {
    const serviceId = await serviceOf(request);
    const { rows } = await db.query<{ id: number; finished_at: Date; summary: Summary }>(
      `SELECT id, finished_at, summary FROM (SELECT id, finished_at, summary FROM wcag_analyses
          WHERE client_service_id = $1 AND status = 'completed' AND summary IS NOT NULL ORDER BY id DESC LIMIT ${TREND_LENGTH}) latest ORDER BY id`,
      [serviceId],
    );
    return { data: rows.map((row) => ({ id: Number(row.id), finished_at: row.finished_at, ...row.summary })) };
  });

  wcagStatementServer(app, {
    async latest(serviceId) {
      const latest = await latestCompleted(serviceId);
      return latest ? { finishedAt: latest.finished_at, criteria: (await resultsOf(serviceId, latest.id)).criteria } : null;
    },
    siteUrl: (serviceId) => mainDomainUrl(db, serviceId),
  });
}

interface AnalysisRow {
  id: number;
  status: string;
  start_url: string;
  page_limit: number;
  pages_done: number;
  pages_total: number | null;
  failure: string | null;
  summary: unknown;
  created_at: Date;
  finished_at: Date | null;
  started_by: string | null;
}

const ANALYSIS_SELECT = `SELECT a.id, a.status, a.start_url, a.page_limit, a.pages_done, a.pages_total, a.failure, a.summary, a.created_at, a.finished_at, u.username AS started_by
  FROM wcag_analyses a LEFT JOIN users u ON u.id = a.started_by`;

function analysisJson(row: AnalysisRow) {
  const { summary, ...rest } = row;
  return { ...rest, id: Number(row.id), scores: summary ?? null };
}
