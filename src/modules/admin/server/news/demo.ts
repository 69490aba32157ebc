import type { Queryable } from '../../../../server/platform/db';
import type { ModuleDemoSeed } from '../../../../server/platform/db/demo';
import { t } from '../../../../server/platform/http/errors';
import { USER_NEWS } from '../../../../server/modules/news';
import { IN_NEWS_AUDIENCE } from '../../../../server/modules/news/audience';

const DAY = 24 * 3600_000;
const daysFromNow = (days: number) => new Date(Date.now() + days * DAY).toISOString();
const paragraph = (key: string) => `<p>${t(key)}</p>`;

/** Root's demo news to users, besides the shell's: under demo.admin_news.<key>. */
const ITEMS = [
  // Mailed before the demo began: no mail job is queued for it, its mails are recorded as sent.
  { key: 'important', days: -7, values: { important: true } },
  { key: 'newsletter_users', days: -20, values: { audience: 'service_types', service_types: [9] } },
  // Users see it once its moment comes.
  { key: 'scheduled', days: 7, values: {} },
] as const;

/** An important item mailed before the demo began: each user of its audience has its mail, at its moment, and the item counts them. */
async function markMailed(tx: Queryable, newsId: number): Promise<void> {
  await tx.query(
    `INSERT INTO news_mails (news_id, user_id, sent_at)
     SELECT n.id, u.id, n.date FROM news n JOIN users u ON u.email <> '' AND NOT u.is_blocked AND ${IN_NEWS_AUDIENCE} WHERE n.id = $1`,
    [newsId],
  );
  await tx.query('UPDATE news SET mails_sent = (SELECT count(*) FROM news_mails WHERE news_id = $1) WHERE id = $1', [newsId]);
}

/** Root's news to users: an important one, one for newsletter users only and one scheduled a week ahead. */
export const adminNewsDemo: ModuleDemoSeed = {
  name: 'admin-news',
  async seed(tx, api) {
    const news = api.schemaModules.get(USER_NEWS);
    if (!news) return;
    for (const item of ITEMS) {
      const values = {
        title: t(`demo.admin_news.${item.key}.title`),
        lead: t(`demo.admin_news.${item.key}.lead`),
        body: paragraph(`demo.admin_news.${item.key}.body`),
        date: daysFromNow(item.days),
        audience: 'all',
        published: true,
        important: false,
        ...item.values,
      };
      const stored = await news.store.insert(tx, { serviceId: null, userId: null }, values, {});
      if (values.important) await markMailed(tx, stored.id);
    }
  },
};
