import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Queryable } from '../../../../server/platform/db';
import { t } from '../../../../server/platform/http/errors';
import { type DeliveryTokens, escapeHtml, type TokenKind } from './render';
import { embeddableAnywhere } from '../../../../server/platform/files/routes';

/** A 1x1 transparent GIF: the open pixel. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

interface Delivery {
  id: number;
  mailing_id: number;
  client_service_id: number;
  recipient_id: number;
  email: string;
}

/** A small Polish page of its own (the SPA needs a session): a heading, a text, optionally a button. */
function page(reply: FastifyReply, status: number, heading: string, text: string, form?: { action: string; button: string }) {
  const body = `<!doctype html>
<html lang="pl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(heading)}</title></head>
<body><main><h1>${escapeHtml(heading)}</h1><p>${escapeHtml(text)}</p>${
    form ? `<form method="post" action="${escapeHtml(form.action)}"><button type="submit">${escapeHtml(form.button)}</button></form>` : ''
  }</main></body></html>`;
  return reply.code(status).header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer').type('text/html; charset=utf-8').send(body);
}

/**
 * The recipients' public calls (no session: each token, signed by the server, names one delivery):
 * GET /newsletter/unsubscribe/{token} asks to confirm, POST (RFC 8058 one-click, also the page's
 * button) sets the recipient's unsubscribed_at; GET /newsletter/open/{token} (the pixel) and
 * /newsletter/click/{token} (a redirect to the link) record the event.
 */
export async function publicMailingRoutes(app: FastifyInstance, { tokens }: { tokens: DeliveryTokens }): Promise<void> {
  const recipients = app.schemaModules.get('recipients');

  async function deliveryOf(kind: TokenKind, token: string): Promise<{ delivery: Delivery; link?: number } | null> {
    const read = tokens.read(kind, token);
    if (!read) return null;
    const { rows } = await app.ctx.db.query<Delivery>(
      'SELECT id, mailing_id, client_service_id, recipient_id, email FROM newsletter_deliveries WHERE id = $1',
      [read.deliveryId],
    );
    return rows[0] ? { delivery: rows[0], link: read.link } : null;
  }

  const record = (delivery: Delivery, kind: 'opened' | 'clicked' | 'unsubscribed', url: string | null = null, db: Queryable = app.ctx.db) =>
    db.query('INSERT INTO newsletter_delivery_events (delivery_id, mailing_id, client_service_id, kind, url) VALUES ($1, $2, $3, $4, $5)', [
      delivery.id,
      delivery.mailing_id,
      delivery.client_service_id,
      kind,
      url,
    ]);

  // RFC 8058 posts "List-Unsubscribe=One-Click" as a form; the page's button posts an empty one.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  const invalid = (reply: FastifyReply) => page(reply, 404, t('public.unsubscribe.invalid_title'), t('public.unsubscribe.invalid_text'));

  app.get('/newsletter/unsubscribe/:token', { config: { openapi: { tags: ['newsletter'], security: [], summary: "A recipient's unsubscribe page (HTML)" } } }, async (request, reply) => {
    const { token } = request.params as { token: string };
    const found = await deliveryOf('unsubscribe', token);
    if (!found) return invalid(reply);
    return page(reply, 200, t('public.unsubscribe.title'), t('public.unsubscribe.question', { email: found.delivery.email }), {
      action: `/api/newsletter/unsubscribe/${encodeURIComponent(token)}`,
      button: t('public.unsubscribe.button'),
    });
  });

  app.post('/newsletter/unsubscribe/:token', { config: { publicTokenForm: true, openapi: { tags: ['newsletter'], security: [], summary: 'Unsubscribe (the page, or a one-click List-Unsubscribe post)' } } }, async (request, reply) => {
    const found = await deliveryOf('unsubscribe', (request.params as { token: string }).token);
    if (!found || !recipients) return invalid(reply);
    const { delivery } = found;
    const owner = { serviceId: delivery.client_service_id, userId: null };
    await recipients.store.transaction(app.ctx.db, async (tx) => {
      const recipient = await recipients.store.get(tx, owner, Number(delivery.recipient_id), 0);
      if (!recipient || recipient.values.unsubscribed_at) return;
      await recipients.store.update(tx, owner, recipient.id, { ...recipient.values, unsubscribed_at: new Date().toISOString() }, {});
      await record(delivery, 'unsubscribed', null, tx);
    });
    return page(reply, 200, t('public.unsubscribe.done_title'), t('public.unsubscribe.done_text', { email: delivery.email }));
  });

  app.get('/newsletter/open/:token', { config: { openapi: { tags: ['newsletter'], security: [], summary: "A mailing's open pixel" } } }, async (request, reply) => {
    const found = await deliveryOf('open', (request.params as { token: string }).token);
    if (found) await record(found.delivery, 'opened');
    return embeddableAnywhere(reply).header('Cache-Control', 'no-store, private').type('image/gif').send(PIXEL);
  });

  app.get('/newsletter/click/:token', { config: { openapi: { tags: ['newsletter'], security: [], summary: "A mailing's tracked link: a redirect to it" } } }, async (request, reply) => {
    const found = await deliveryOf('click', (request.params as { token: string }).token);
    if (!found) return invalid(reply);
    const { rows } = await app.ctx.db.query<{ links: string[] }>('SELECT links FROM newsletter_mailings WHERE id = $1', [found.delivery.mailing_id]);
    const url = rows[0]?.links[found.link!];
    if (!url) return invalid(reply);
    await record(found.delivery, 'clicked', url);
    return reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer').redirect(url, 302);
  });
}
