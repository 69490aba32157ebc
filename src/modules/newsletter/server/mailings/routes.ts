import type { FastifyInstance, FastifyRequest } from 'fastify';
import { currentUser } from '../../../../server/platform/auth/plugin';
import { assertValidForm, httpError, t } from '../../../../server/platform/http/errors';
import { readPage } from '../../../../server/platform/http/pagination';
import { documentOperation, moduleRoutes } from '../../../../server/schema';
import type { Owner } from '../../../../server/schema/storage';
import { documentLinks, sendDocument } from '../../../../server/platform/http/documents';
import type { MailingEngine, MailingRow, MailingStatus } from './engine';

const EDITABLE: MailingStatus[] = ['draft', 'scheduled'];
/** How long the link to a mailing's page as sent stays valid (the archive asks for a new one each time it opens). */
const SENT_PAGE_TTL_SECONDS = 600;

/**
 * The mailings' calls beside the generic CRUD of schemas/newsletter/mailing.schema.json
 * (/client_service/{id}/module/mailings): start, pause, resume, cancel, the progress, the html as
 * sent, and the templates' POST .../templates/from_mailing. A mailing is changed or deleted only
 * before it started (draft, scheduled).
 */
export async function mailingRoutes(app: FastifyInstance, engine: MailingEngine): Promise<void> {
  const mailings = moduleRoutes(app, 'mailings');
  const templates = moduleRoutes(app, 'templates');
  if (!mailings) return;
  const collection = '/client_service/:service_id/module/mailings';
  const item = `${collection}/:id`;
  const documented = '/client_service/{service_id}/module/mailings/{id}';
  const sentPages = documentLinks(app.ctx.links, 'mailing-page');

  async function mailingOf(request: FastifyRequest, purpose: 'read' | 'write'): Promise<{ owner: Owner; mailing: MailingRow }> {
    const owner = await mailings!.owner(request, purpose);
    const id = mailings!.recordId((request.params as { id: string }).id);
    const { rows } = await app.ctx.db.query<MailingRow>('SELECT * FROM newsletter_mailings WHERE id = $1 AND client_service_id = $2', [id, owner.serviceId]);
    if (!rows[0]) throw httpError(404, 'errors.not_found');
    return { owner, mailing: rows[0] };
  }

  // The generic PUT and DELETE of a mailing: only before it started.
  app.addHook('preHandler', async (request) => {
    if ((request.method !== 'PUT' && request.method !== 'DELETE') || request.routeOptions.url !== `/api${item}`) return;
    // Runs before the route's own authentication.
    await app.authenticate(request);
    const { mailing } = await mailingOf(request, 'write');
    if (!EDITABLE.includes(mailing.status)) throw httpError(409, 'errors.mailings.not_editable');
  });

  /**
   * A state change of one mailing: from the statuses given, in one UPDATE (a concurrent change wins
   * or loses whole). The answer's detail is the message of the status it reached.
   */
  const transition = (name: string, message: (status: MailingStatus) => string, summary: string, run: (mailing: MailingRow, request: FastifyRequest) => Promise<boolean>) => {
    documentOperation(app, 'put', `${documented}/${name}`, {
      tags: ['mailings'],
      summary,
      responses: { 200: { description: '{detail, status}' }, 409: { description: 'Not possible in the mailing’s status' } },
    });
    app.put(`${item}/${name}`, { preHandler: app.authenticate }, async (request) => {
      const { mailing } = await mailingOf(request, 'write');
      if (!(await run(mailing, request))) throw httpError(409, `errors.mailings.cannot_${name}`);
      const { rows } = await app.ctx.db.query<{ status: MailingStatus }>('SELECT status FROM newsletter_mailings WHERE id = $1', [mailing.id]);
      return { detail: t(`resources.mailings.messages.${message(rows[0].status)}`), status: rows[0].status };
    });
  };

  transition('start', (status) => (status === 'scheduled' ? 'scheduled' : 'started'), 'Start the draft: at once, or at its start_at (status scheduled); 409 with a Polish detail when it has no usable sender method, no recipient, or a spent limit', async (mailing, request) => {
    if (mailing.status !== 'draft') return false;
    const problem = await engine.launchProblem(app.ctx.db, mailing);
    if (problem) throw httpError(409, problem.key, problem.params);
    return (await engine.begin(mailing.id, 'draft', { serviceId: mailing.client_service_id, userId: currentUser(request).userId })) !== null;
  });
  transition('pause', () => 'paused', 'Pause a sending mailing (messages in flight complete) or hold a scheduled one', async (mailing) => {
    const { affectedRows } = await app.ctx.db.query(
      "UPDATE newsletter_mailings SET status = 'paused', status_reason = 'user', resume_at = NULL, updated_at = now() WHERE id = $1 AND status IN ('sending', 'scheduled', 'paused')",
      [mailing.id],
    );
    return affectedRows > 0;
  });
  transition(
    'resume',
    (status) => (status === 'paused' ? 'waits_for_limit' : 'resumed'),
    'Resume a paused mailing from the messages not yet sent (one held before its start is scheduled again); while a sending limit is spent it stays paused (status paused, status_reason daily_limit or monthly_limit) and resumes itself when the limit allows',
    async (mailing) => app.ctx.db.transaction(async (tx) => (await engine.resume(tx, mailing.id, mailing.client_service_id)) !== null),
  );
  transition('cancel', () => 'cancelled', 'Cancel a mailing not finished yet; messages not sent are dropped', async (mailing) =>
    app.ctx.db.transaction(async (tx) => {
      const { affectedRows } = await tx.query(
        "UPDATE newsletter_mailings SET status = 'cancelled', status_reason = NULL, finished_at = now(), updated_at = now() WHERE id = $1 AND status IN ('draft', 'scheduled', 'sending', 'paused')",
        [mailing.id],
      );
      if (affectedRows > 0) await tx.query("DELETE FROM newsletter_deliveries WHERE mailing_id = $1 AND state = 'queued'", [mailing.id]);
      return affectedRows > 0;
    }),
  );

  documentOperation(app, 'get', `${documented}/progress`, {
    tags: ['mailings'],
    summary: '{status, status_reason, resume_at, job_id, counts: {total, queued, sending, sent, failed, skipped}, events: {opened, clicked, unsubscribed}}; skipped: not sent, the recipient unsubscribed or was deleted after the start',
    responses: { 200: { description: 'OK' } },
  });
  app.get(`${item}/progress`, { preHandler: app.authenticate }, async (request) => {
    const { mailing } = await mailingOf(request, 'read');
    const counts = await engine.counts(app.ctx.db, mailing.id);
    const { rows } = await app.ctx.db.query<{ kind: string; n: number }>(
      'SELECT kind, count(DISTINCT delivery_id)::int AS n FROM newsletter_delivery_events WHERE mailing_id = $1 GROUP BY kind',
      [mailing.id],
    );
    const events = { opened: 0, clicked: 0, unsubscribed: 0 };
    for (const row of rows) events[row.kind as keyof typeof events] = Number(row.n);
    const { resume_at: resumeAt, started_at: startedAt, finished_at: finishedAt } = mailing as MailingRow & Record<string, unknown>;
    return { status: mailing.status, status_reason: mailing.status_reason, resume_at: resumeAt, started_at: startedAt, finished_at: finishedAt, job_id: mailing.job_id, counts, events };
  });

  documentOperation(app, 'get', '/client_service/{service_id}/module/mailings/summaries', {
    tags: ['mailings'],
    summary:
      'Mailings with their delivery counts, newest first: ?archived=true|false, ?template_id, ?page, ?per_page (≤ 100); {data: [{id, subject, template_id, status, status_reason, start_at (the start asked for), started_at (the real one), archived, created_at, counts: {total, sent, failed, skipped}}], pagination: {total}}',
    responses: { 200: { description: 'OK' } },
  });
  app.get(`${collection}/summaries`, { preHandler: app.authenticate }, async (request) => {
    const owner = await mailings.owner(request, 'read');
    const query = request.query as Record<string, string | undefined>;
    const params: unknown[] = [owner.serviceId];
    const where = ['m.client_service_id = $1'];
    if (query.archived === 'true' || query.archived === 'false') where.push(`m.archived = $${params.push(query.archived === 'true')}`);
    if (query.template_id !== undefined) where.push(`m.template_id = $${params.push(/^\d{1,15}$/.test(query.template_id) ? Number(query.template_id) : 0)}`);
    const { limit, offset } = readPage(query, 25);
    const { rows } = await app.ctx.db.query<Record<string, unknown> & { total_rows: number }>(
      `SELECT m.id, m.subject, m.template_id, m.status, m.status_reason, m.start_at, m.started_at, m.archived, m.created_at, count(*) OVER () AS total_rows,
              (SELECT json_build_object('total', count(*), 'sent', count(*) FILTER (WHERE d.state = 'sent'), 'failed', count(*) FILTER (WHERE d.state = 'failed'),
                                'skipped', count(*) FILTER (WHERE d.state = 'skipped'))
                 FROM newsletter_deliveries d WHERE d.mailing_id = m.id) AS counts
         FROM newsletter_mailings m WHERE ${where.join(' AND ')}
        ORDER BY m.id DESC LIMIT ${limit} OFFSET ${offset}`,
      params,
    );
    const total = rows.length
      ? Number(rows[0].total_rows)
      : Number((await app.ctx.db.query<{ n: number }>(`SELECT count(*) AS n FROM newsletter_mailings m WHERE ${where.join(' AND ')}`, params)).rows[0].n);
    return { data: rows.map(({ total_rows: _total, template_id: templateId, ...row }) => ({ ...row, template_id: Number(templateId) })), pagination: { total } };
  });

  documentOperation(app, 'get', `${documented}/sent`, {
    tags: ['mailings'],
    summary: `The mailing as sent: {subject, html, page_url} (404 before it started); page_url shows the html, for ${SENT_PAGE_TTL_SECONDS} s, as a page of its own`,
    responses: { 200: { description: 'OK' }, 404: { description: 'Not started' } },
  });
  app.get(`${item}/sent`, { preHandler: app.authenticate }, async (request) => {
    const { owner, mailing } = await mailingOf(request, 'read');
    if (mailing.sent_html === null) throw httpError(404, 'errors.mailings.not_sent');
    const token = sentPages.sign(owner.serviceId!, mailing.id, SENT_PAGE_TTL_SECONDS);
    return {
      id: mailing.id,
      subject: mailing.sent_subject,
      html: mailing.sent_html,
      page_url: `/api/client_service/${owner.serviceId}/module/mailings/${mailing.id}/sent/page?token=${token}`,
    };
  });

  // The archive's preview frame: the html as a mail client shows it, pictures of the web included,
  // which a frame written from the panel's own page (srcdoc) could not load under the panel's policy.
  documentOperation(app, 'get', `${documented}/sent/page`, {
    tags: ['mailings'],
    summary: 'The html as sent, as a sandboxed page (no session: the signed token of .../sent is the permission)',
    responses: { 200: { description: 'text/html' }, 404: { description: 'Invalid or expired link' } },
  });
  app.get(`${item}/sent/page`, async (request, reply) => {
    const params = request.params as { service_id: string; id: string };
    const link = sentPages.verify(params.service_id, params.id, (request.query as { token?: unknown }).token);
    if (!link) throw httpError(404, 'errors.mailings.page_link_invalid');
    const { rows } = await app.ctx.db.query<{ sent_html: string | null }>('SELECT sent_html FROM newsletter_mailings WHERE id = $1 AND client_service_id = $2', [
      link.id,
      link.serviceId,
    ]);
    if (rows[0]?.sent_html == null) throw httpError(404, 'errors.not_found');
    return sendDocument(reply, rows[0].sent_html, { pictures: true });
  });

  if (!templates) return;
  documentOperation(app, 'post', '/client_service/{service_id}/module/templates/from_mailing', {
    tags: ['templates'],
    summary: 'A new template {name} from the html a mailing {mailing_id} was sent with',
    responses: { 201: { description: 'The new template' }, 400: { description: 'No mailing_id or name' }, 404: { description: 'No such mailing (or not started)' } },
  });
  app.post('/client_service/:service_id/module/templates/from_mailing', { preHandler: app.authenticate }, async (request, reply) => {
    const owner = await templates.owner(request, 'write');
    await mailings.owner(request, 'read');
    const body = request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
    const raw = body.mailing_id;
    const mailingId = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d{1,10}$/.test(raw) ? Number(raw) : null;
    if (mailingId === null || !Number.isSafeInteger(mailingId) || mailingId < 1 || mailingId > 2_147_483_647) {
      assertValidForm({ mailing_id: 'validation.templates.mailing_id_required' });
    }
    const { rows } = await app.ctx.db.query<{ sent_html: string | null; html: unknown }>(
      `SELECT m.sent_html, tpl.data->'html' AS html FROM newsletter_mailings m
         LEFT JOIN module_records tpl ON tpl.resource = 'templates' AND tpl.client_service_id = m.client_service_id AND tpl.id = m.template_id
        WHERE m.id = $1 AND m.client_service_id = $2`,
      [mailingId, owner.serviceId],
    );
    if (!rows[0]) throw httpError(404, 'errors.not_found');
    const html = rows[0].sent_html ?? (typeof rows[0].html === 'string' ? rows[0].html : '');
    const created = await templates.transaction(owner, [], async (tx) => {
      const values = templates.values({ name: body.name, layout_id: null, html }, null);
      await templates.checkStored(tx, owner, values, null);
      return templates.store.insert(tx, owner, values, {});
    });
    return reply.code(201).send({ ...templates.output(created, owner), detail: t('resources.templates.messages.from_mailing') });
  });
}
