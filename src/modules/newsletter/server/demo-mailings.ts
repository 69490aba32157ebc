import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../../server/platform/db';
import { demoServiceId, type ModuleDemoSeed } from '../../../server/platform/db/demo';
import { t } from '../../../server/platform/http/errors';
import { trackedLinks } from './mailings/render';
import { CONFIG_TYPE } from './mailings/transports';

const DAY_MS = 24 * 3600 * 1000;
/** The readers' names in the catalogue under demo.mailings.readers.<key>. */
const READERS = ['r1', 'r2', 'r3', 'r4', 'r5', 'r6'];

/** The template's html, its texts in the catalogue under demo.mailings.letter.<key>. */
function letterHtml(): string {
  const text = (key: string) => t(`demo.mailings.letter.${key}`);
  return `<html><body><h1>${text('greeting')}</h1>
<p>${text('intro')}</p>
<p><a href="https://www.kowalski.example.com/nowosci">${text('news')}</a></p>
<p><a href="https://www.kowalski.example.com/promocje">${text('offers')}</a></p>
<p>${text('farewell')}<br>${text('team')}</p></body></html>`;
}

/**
 * klient's newsletter service: a template, its readers, a mailing sent a week ago (deliveries, one
 * failed, opens and clicks) and one scheduled for next week, so the mailing screens and the reports
 * show real records.
 */
export const mailingsDemo: ModuleDemoSeed = {
  name: 'newsletter-mailings',
  async seed(tx: Queryable, api: FastifyInstance) {
    const templates = api.schemaModules.get('templates');
    const recipients = api.schemaModules.get('recipients');
    if (!templates || !recipients || !api.schemaModules.get('mailings')) return;
    const serviceId = await demoServiceId(tx, 'demo.services.klient_newsletter');
    const owner = { serviceId, userId: null };
    const html = letterHtml();
    const template = await templates.store.insert(tx, owner, { name: t('demo.mailings.template'), layout_id: null, html }, {});
    const readers = [];
    for (const [index, key] of READERS.entries()) {
      const email = `czytelnik${index + 1}@kowalski.example.com`;
      readers.push(await recipients.store.insert(tx, owner, { name: t(`demo.mailings.readers.${key}`), email, tags: [] }, {}));
    }
    const sentAt = new Date(Date.now() - 7 * DAY_MS);
    const sent = await tx.query<{ id: number }>(
      `INSERT INTO newsletter_mailings (client_service_id, subject, template_id, status, sent_subject, sent_html, links, started_at, finished_at, heartbeat_at, created_at, updated_at)
       VALUES ($1, $2, $3, 'sent', $2, $4, $5, $6::timestamptz, $6::timestamptz + interval '2 minutes', $6::timestamptz, $6::timestamptz - interval '1 hour', $6::timestamptz) RETURNING id`,
      [serviceId, t('demo.mailings.sent_subject'), template.id, html, trackedLinks(html), sentAt],
    );
    const mailingId = sent.rows[0].id;
    const links = trackedLinks(html);
    for (const [index, reader] of readers.entries()) {
      const failed = index === readers.length - 1;
      const delivery = await tx.query<{ id: number }>(
        `INSERT INTO newsletter_deliveries (mailing_id, client_service_id, recipient_id, email, name, state, attempts, finished_at, error, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, 1, $7, $8, $9) RETURNING id`,
        [mailingId, serviceId, reader.id, reader.values.email, reader.values.name, failed ? 'failed' : 'sent', sentAt, failed ? '550 Mailbox unavailable' : null, sentAt],
      );
      const opened = !failed && index < 4;
      const clicked = index < 2;
      const at = (hours: number) => new Date(sentAt.getTime() + hours * 3600 * 1000);
      if (opened) await event(tx, delivery.rows[0].id, mailingId, serviceId, 'opened', null, at(index + 1));
      if (clicked) await event(tx, delivery.rows[0].id, mailingId, serviceId, 'clicked', links[index % links.length], at(index + 1.5));
    }
    await tx.query(
      `INSERT INTO newsletter_mailings (client_service_id, subject, template_id, start_mode, start_at, status) VALUES ($1, $2, $3, 'date', $4, 'scheduled')`,
      [serviceId, t('demo.mailings.scheduled_subject'), template.id, new Date(Date.now() + 7 * DAY_MS)],
    );
  },
};

/**
 * klient's newsletter sends through the provider's relay from newsletter@ its domain, so that a new
 * user's first mailing goes out (to SMTP_URL, or the .eml files of DATA_DIR/outbox without one). Its
 * own seed, so that a demo database made before it gets it too, unless a method was saved meanwhile.
 */
export const senderDemo: ModuleDemoSeed = {
  name: 'newsletter-sender',
  async seed(tx: Queryable, api: FastifyInstance) {
    const senders = api.schemaModules.get('senders_config');
    if (!senders) return;
    const owner = { serviceId: await demoServiceId(tx, 'demo.services.klient_newsletter'), userId: null };
    if (await senders.store.first(tx, owner)) return;
    await senders.store.insert(tx, owner, { config_type_id: CONFIG_TYPE.product, from: 'newsletter', from_name: t('demo.mailings.sender_name') }, {});
  },
};

function event(tx: Queryable, deliveryId: number, mailingId: number, serviceId: number, kind: string, url: string | null, at: Date) {
  return tx.query('INSERT INTO newsletter_delivery_events (delivery_id, mailing_id, client_service_id, kind, url, occurred_at) VALUES ($1, $2, $3, $4, $5, $6)', [
    deliveryId,
    mailingId,
    serviceId,
    kind,
    url,
    at,
  ]);
}
