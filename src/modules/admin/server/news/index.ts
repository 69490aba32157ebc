import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Queryable } from '../../../../server/platform/db';
import { HttpError, t } from '../../../../server/platform/http/errors';
import type { JobContext } from '../../../../server/platform/jobs';
import { moduleRoutes } from '../../../../server/schema';
import { USER_NEWS } from '../../../../server/modules/news';
import { IN_NEWS_AUDIENCE, NEWS_SHOWN } from '../../../../server/modules/news/audience';

export const IMPORTANT_NEWS_MAIL_JOB = 'user-news-important-mail';

interface MailData {
  newsId: number;
}

/**
 * The admin area's news to users (/admin/wiadomosci, schemas/admin/user-news.schema.json, kept in
 * the `news` table users read at /wiadomosci) beyond the engine: a publication moment kept on a save
 * that leaves it out (now for a new item), chosen users named by existing logins, and an important
 * item mailed to its audience by a durable job once its publication moment has come.
 */
export const adminNewsServer = fp(
  async (app: FastifyInstance) => {
    const news = moduleRoutes(app, USER_NEWS);
    if (!news) return;
    const { jobs } = app.ctx;
    await jobs.define<MailData>({
      name: IMPORTANT_NEWS_MAIL_JOB,
      retryLimit: 5,
      retryDelaySeconds: 30,
      retryBackoff: true,
      handler: (job) => mailImportantNews(app, job),
    });
    news.addHooks({
      beforeWrite: async (tx, _owner, values, request) => ({ ...values, date: values.date ?? (await storedDate(tx, request)), users: await knownLogins(tx, values.users) }),
      afterWrite: async (tx, _owner, change) => {
        const item = change?.removed === false ? change.record : null;
        if (!item || item.values.important !== true || item.values.published !== true) return;
        const due = new Date(item.values.date as string | Date).getTime();
        // One job per save: a job that finds the item not (or no longer) due leaves it to the one its later save queued.
        await jobs.send<MailData>(IMPORTANT_NEWS_MAIL_JOB, { newsId: item.id }, { tx, startAfterSeconds: Math.max(0, Math.ceil((due - Date.now()) / 1000)) });
      },
    });
  },
  { name: 'admin-news', dependencies: ['schema-modules'] },
);

/** The publication moment a save keeps when its body leaves it out: the stored one, or now for a new item. */
async function storedDate(tx: Queryable, request: FastifyRequest): Promise<string> {
  const id = Number((request.params as { id?: string }).id);
  const { rows } = Number.isSafeInteger(id) ? await tx.query<{ date: Date }>('SELECT date FROM news WHERE id = $1', [id]) : { rows: [] };
  return (rows[0]?.date ?? new Date()).toISOString();
}

/** The chosen logins, each naming a user; otherwise the save is refused naming the first unknown one. */
async function knownLogins(tx: Queryable, logins: unknown): Promise<string[]> {
  const chosen = Array.isArray(logins) ? logins.map(String) : [];
  if (chosen.length === 0) return chosen;
  const { rows } = await tx.query<{ username: string }>('SELECT username FROM users WHERE username = ANY($1::text[])', [chosen]);
  const known = new Set(rows.map((row) => row.username));
  const unknown = chosen.find((login) => !known.has(login));
  if (unknown !== undefined) throw new HttpError(400, t('validation.form_invalid'), { users: t('validation.user_news.users_unknown', { login: unknown }) });
  return chosen;
}

interface Recipient {
  id: number;
  email: string;
}

/** Mails a published important item whose moment has come to each user of its audience not mailed yet, each once. */
async function mailImportantNews(app: FastifyInstance, job: JobContext<MailData>): Promise<void> {
  const { db, mailer, config } = app.ctx;
  const { rows: items } = await db.query<{ title: string; lead: string }>(
    `SELECT n.title, n.lead FROM news n WHERE n.id = $1 AND n.important AND ${NEWS_SHOWN}`,
    [job.data.newsId],
  );
  const item = items[0];
  if (!item) return;
  const { rows: recipients } = await db.query<Recipient>(
    `SELECT u.id, u.email FROM news n JOIN users u ON u.email <> '' AND NOT u.is_blocked AND ${IN_NEWS_AUDIENCE}
      WHERE n.id = $1 AND NOT EXISTS (SELECT 1 FROM news_mails m WHERE m.news_id = n.id AND m.user_id = u.id)
      ORDER BY u.id`,
    [job.data.newsId],
  );
  const link = `${config.publicUrl.replace(/\/+$/, '')}/wiadomosci/${job.data.newsId}`;
  for (const recipient of recipients) {
    // The mark and the send commit together: a rerun after a crash, or another job of the item, skips this user.
    await job.runOnce(async (tx) => {
      const { affectedRows } = await tx.query('INSERT INTO news_mails (news_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [job.data.newsId, recipient.id]);
      if (affectedRows === 0) return;
      await tx.query('UPDATE news SET mails_sent = mails_sent + 1 WHERE id = $1', [job.data.newsId]);
      await mailer.send({
        to: recipient.email,
        subject: t('resources.user_news.mail.subject', { title: item.title }),
        text: t('resources.user_news.mail.text', { title: item.title, lead: item.lead, link }),
      });
    }, `user-${recipient.id}`);
  }
}
