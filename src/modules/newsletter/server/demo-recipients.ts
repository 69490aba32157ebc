import type { FastifyInstance } from 'fastify';
import { demoServiceId, demoUserId, type ModuleDemoSeed } from '../../../server/platform/db/demo';
import type { Queryable } from '../../../server/platform/db';
import { t } from '../../../server/platform/http/errors';

const DAY_MS = 24 * 3600 * 1000;
const TAGS = ['regular', 'new', 'vip', 'offers'] as const;
type Tag = (typeof TAGS)[number];

/** The people of klient's newsletter: their tags, and for some the day (days ago) they unsubscribed. */
const PEOPLE: { key: string; email: string; tags: Tag[]; unsubscribedDaysAgo?: number }[] = [
  { key: 'p1', email: 'anna.wisniewska@example.com', tags: ['regular', 'vip'] },
  { key: 'p2', email: 'piotr.zielinski@example.com', tags: ['regular'] },
  { key: 'p3', email: 'katarzyna.wojcik@example.com', tags: ['new', 'offers'] },
  { key: 'p4', email: 'tomasz.kaminski@example.com', tags: ['regular', 'offers'], unsubscribedDaysAgo: 12 },
  { key: 'p5', email: 'magdalena.lewandowska@example.com', tags: ['vip'] },
  { key: 'p6', email: 'michal.dabrowski@example.com', tags: ['new'] },
  { key: 'p7', email: 'agnieszka.kozlowska@example.com', tags: ['offers'], unsubscribedDaysAgo: 3 },
  { key: 'p8', email: 'pawel.jankowski@example.com', tags: ['regular', 'new'] },
  { key: 'p9', email: 'joanna.mazur@example.com', tags: [] },
  { key: 'p10', email: 'krzysztof.krawczyk@example.com', tags: ['new', 'vip'] },
];

/**
 * klient's newsletter service: tags, recipients (two of them unsubscribed, with the date) and a
 * finished recipient import with two row errors, so the recipients, tags and admin/importy screens
 * show something real. Written through the modules' stores, as the API writes them.
 */
export const recipientsDemo: ModuleDemoSeed = {
  name: 'newsletter-recipients',
  async seed(tx: Queryable, api: FastifyInstance) {
    const tags = api.schemaModules.get('tags');
    const recipients = api.schemaModules.get('recipients');
    if (!tags || !recipients) return;
    const serviceId = await demoServiceId(tx, 'demo.services.klient_newsletter');
    const owner = { serviceId, userId: null };
    const tagName = (tag: Tag) => t(`demo.recipients.tags.${tag}`);
    for (const tag of TAGS) await tags.store.insert(tx, owner, { name: tagName(tag) }, {});
    for (const person of PEOPLE) {
      await recipients.store.insert(
        tx,
        owner,
        {
          name: t(`demo.recipients.people.${person.key}`),
          email: person.email,
          tags: person.tags.map(tagName),
          ...(person.unsubscribedDaysAgo ? { unsubscribed_at: new Date(Date.now() - person.unsubscribedDaysAgo * DAY_MS).toISOString() } : {}),
        },
        {},
      );
    }
    // The import that brought the newest three (one of them already known, merged) and refused two rows.
    const finishedAt = new Date(Date.now() - 2 * DAY_MS);
    const { rows } = await tx.query<{ id: number }>(
      `INSERT INTO recipient_imports (client_service_id, user_id, file_name, file_format, tags, status, rows_total, rows_created, rows_merged, rows_failed, created_at, finished_at)
       VALUES ($1, $2, $3, 'csv', $4, 'completed', 6, 3, 1, 2, $5, $5) RETURNING id`,
      [serviceId, await demoUserId(tx, 'admin'), t('demo.recipients.import_file'), JSON.stringify([tagName('new')]), finishedAt.toISOString()],
    );
    await tx.query('INSERT INTO recipient_import_errors (import_id, row_number, reason) VALUES ($1, 3, $2), ($1, 6, $3)', [
      rows[0].id,
      t('validation.recipients.email_invalid'),
      t('validation.recipients.name_required'),
    ]);
  },
};
