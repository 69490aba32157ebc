import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isEmail } from '../../../common/validation/generic';
import { assertValidForm, httpError, t } from '../../../server/platform/http/errors';
import { TEMPLATE_SEND_QUOTA, takeOutboundQuota } from '../../../server/platform/outbound/quota';
import { documentOperation, moduleRoutes } from '../../../server/schema';
import type { Owner, StoredRecord } from '../../../server/schema/storage';
import { documentLinks, sendDocument } from './documents';

/** How long a download link stays valid. */
const DOWNLOAD_TTL_SECONDS = 60;

/** A file name for the download from the template's name: letters, digits, dashes and underscores only. */
function fileNameOf(name: string, id: number): string {
  const base = name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 80);
  return `${base || t('resources.templates.download.file_name', { id })}.html`;
}

/**
 * The newsletter templates' calls beside the generic CRUD (SPEC 7): POST .../{id}/copy {name},
 * PUT .../{id}/send_to_email {email} (the html through the panel's mailer), GET .../{id}/download
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
        if (blocks) copiedFiles.push(...(await blocks.copyNested(tx, { ...owner, parentId: record.id }, copy.id)));
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
    summary: 'E-mail the template (its HTML) to {email} through the panel mailer',
    responses: {
      200: { description: '{detail}' },
      400: { description: 'Invalid e-mail address' },
      429: { description: 'Too many templates sent for this service (Retry-After)' },
      503: { description: 'The mail could not be sent' },
    },
  });
  app.put(`${base}/send_to_email`, { preHandler: app.authenticate }, async (request, reply) => {
    const { owner, record } = await templateOf(request, 'read');
    const email = bodyOf(request).email;
    if (typeof email !== 'string' || !isEmail(email.trim())) assertValidForm({ email: 'errors.templates.email_invalid' });
    await takeOutboundQuota(request, reply, TEMPLATE_SEND_QUOTA, String(owner.serviceId));
    const name = String(record.values.name);
    try {
      await app.ctx.mailer.send({
        to: (email as string).trim(),
        subject: name,
        text: t('resources.templates.mail.text', { name }),
        html: typeof record.values.html === 'string' ? record.values.html : '',
      });
    } catch (error) {
      request.log.warn({ err: error, serviceId: owner.serviceId }, 'template send failed');
      throw httpError(503, 'errors.mail_unavailable');
    }
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
