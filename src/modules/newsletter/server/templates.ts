import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isEmail } from '../../../common/validation/generic';
import { currentUser } from '../../../server/platform/auth/plugin';
import { assertValidForm, HttpError, httpError, t } from '../../../server/platform/http/errors';
import { TEMPLATE_SEND_QUOTA, takeOutboundQuota } from '../../../server/platform/outbound/quota';
import { sanitizeMailHtml } from '../../../server/platform/sanitizing/html';
import { copyNested, documentOperation, moduleRoutes } from '../../../server/schema';
import type { Owner, StoredRecord } from '../../../server/schema/storage';
import { documentLinks, sendDocument } from '../../../server/platform/http/documents';
import { savedSenderConfig, sendThroughSender } from './senders';

/** How long a download link stays valid. */
const DOWNLOAD_TTL_SECONDS = 60;

/** A file name for the download from the template's name: letters, digits, dashes and underscores only. */
function fileNameOf(name: string, id: number): string {
  const base = name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 80);
  return `${base || t('resources.templates.download.file_name', { id })}.html`;
}

/**
 * The newsletter templates' calls beside the generic CRUD (SPEC 7): POST .../{id}/copy {name},
 * PUT .../{id}/send_to_email {email} (the html through the service's sender method, to its own people), GET .../{id}/download
 * giving {url}, a short-lived link to the template as an .html file.
 */
export async function templateRoutes(app: FastifyInstance): Promise<void> {
  const templates = moduleRoutes(app, 'templates');
  if (!templates) return;
  const base = '/client_service/:service_id/module/templates/:template_id';
  const documented = '/client_service/{service_id}/module/templates/{template_id}';
  const downloads = documentLinks(app.ctx.links, 'template-download');

  async function templateOf(request: FastifyRequest, purpose: 'read' | 'write'): Promise<{ owner: Owner; record: StoredRecord }> {
    const owner = await templates!.owner(request, purpose);
    const id = templates!.recordId((request.params as { template_id: string }).template_id);
    const record = await templates!.store.get(app.ctx.db, owner, id, 0);
    if (!record) throw httpError(404, 'errors.not_found');
    return { owner, record };
  }
  const bodyOf = (request: FastifyRequest) => (request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {});

  documentOperation(app, 'post', `${documented}/copy`, {
    tags: ['templates'],
    summary: 'Copy the template under a new name {name}',
    responses: { 201: { description: 'The new template' }, 400: { description: 'No name' } },
  });
  app.post(`${base}/copy`, { preHandler: app.authenticate }, async (request, reply) => {
    const { owner, record } = await templateOf(request, 'write');
    const blocks = moduleRoutes(app, 'template_blocks');
    const copiedFiles: string[] = [];
    try {
      const created = await templates.transaction(owner, [], async (tx) => {
        // The copied record is checked again as a new one: the name the dialog gave, the rest as stored.
        const values = templates.values({ ...record.values, name: bodyOf(request).name }, null);
        await templates.checkStored(tx, owner, values, null);
        const copy = await templates.store.insert(tx, owner, values, {});
        // Its blocks too (their pictures as new files), so that editing the copy starts from all of them.
        if (blocks) copiedFiles.push(...(await copyNested(blocks, tx, { ...owner, parentId: record.id }, copy.id)));
        return copy;
      });
      return reply.code(201).send(templates.output(created, owner));
    } catch (error) {
      await Promise.all(copiedFiles.map((key) => app.ctx.files.delete(key).catch(() => undefined)));
      throw error;
    }
  });

  documentOperation(app, 'put', `${documented}/send_to_email`, {
    tags: ['templates'],
    summary: "E-mail the template (its HTML, sanitised as a mailing's) to {email}, the signed-in user's address or another user's of the service, through the service's sender method",
    responses: {
      200: { description: '{detail}' },
      400: { description: 'Invalid e-mail address, or no sender method saved' },
      422: { description: "The address is not the signed-in user's or another user's of the service, or the method's host is refused" },
      429: { description: 'Too many templates sent for this service (Retry-After)' },
      502: { description: 'The method failed to send' },
    },
  });
  app.put(`${base}/send_to_email`, { preHandler: app.authenticate }, async (request, reply) => {
    const { owner, record } = await templateOf(request, 'read');
    const email = bodyOf(request).email;
    if (typeof email !== 'string' || !isEmail(email.trim())) assertValidForm({ email: 'errors.templates.email_invalid' });
    // Only to the service's own people, at their address as stored: a test send is no way to mail anyone the tenant's html.
    const { rows } = await app.ctx.db.query<{ email: string }>(
      `SELECT u.email FROM users u WHERE lower(u.email) = lower($1)
          AND (u.id = $2 OR EXISTS (SELECT 1 FROM client_service_users csu WHERE csu.client_service_id = $3 AND csu.user_id = u.id))
        LIMIT 1`,
      [(email as string).trim(), currentUser(request).userId, owner.serviceId],
    );
    const to = rows[0]?.email;
    if (!to) throw new HttpError(422, t('errors.templates.email_not_allowed'), { email: t('errors.templates.email_not_allowed') });
    const config = await savedSenderConfig(app, owner.serviceId!);
    if (!config) throw httpError(400, 'errors.senders_config.not_configured');
    await takeOutboundQuota(request, reply, TEMPLATE_SEND_QUOTA, String(owner.serviceId));
    const name = String(record.values.name);
    await sendThroughSender(request, owner.serviceId!, config, {
      to,
      subject: name,
      text: t('resources.templates.mail.text', { name }),
      html: sanitizeMailHtml(typeof record.values.html === 'string' ? record.values.html : ''),
    });
    return { detail: t('resources.templates.messages.sent') };
  });

  documentOperation(app, 'get', `${documented}/download`, {
    tags: ['templates'],
    summary: `{url}: a link, valid for ${DOWNLOAD_TTL_SECONDS} s, that downloads the template as an .html file`,
    responses: { 200: { description: '{url}' } },
  });
  app.get(`${base}/download`, { preHandler: app.authenticate }, async (request) => {
    const { owner, record } = await templateOf(request, 'read');
    const token = downloads.sign(owner.serviceId!, record.id, DOWNLOAD_TTL_SECONDS);
    return { url: `/api/client_service/${owner.serviceId}/module/templates/${record.id}/download/file?token=${token}` };
  });

  documentOperation(app, 'get', `${documented}/download/file`, {
    tags: ['templates'],
    summary: 'The template as an .html attachment (no session: the signed token of .../download is the permission)',
    responses: { 200: { description: 'text/html attachment' }, 404: { description: 'Invalid or expired link' } },
  });
  app.get(`${base}/download/file`, async (request, reply) => {
    const params = request.params as { service_id: string; template_id: string };
    const link = downloads.verify(params.service_id, params.template_id, (request.query as { token?: unknown }).token);
    if (!link) throw httpError(404, 'errors.templates.download_link_invalid');
    const record = await templates.store.get(app.ctx.db, { serviceId: link.serviceId, userId: null }, link.id, 0);
    if (!record) throw httpError(404, 'errors.not_found');
    const html = typeof record.values.html === 'string' ? record.values.html : '';
    // A download, never a page of the panel's origin: the tenant's markup runs no script here.
    return sendDocument(reply, html, { attachment: fileNameOf(String(record.values.name), record.id) });
  });
}
