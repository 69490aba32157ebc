import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../../../server/platform/db';
import type { JobContext } from '../../../../server/platform/jobs';
import { t } from '../../../../server/platform/http/errors';
import { formatMoment } from '../../../../common/panel-time';
import { addUsage, currentUsage, limitKindOf, nextPeriodStart } from '../usage';
import { compileMime } from './mime';
import { type DeliveryTokens, escapeHtml, mailingListId, prepareMailing, type Recipient, renderMessage, trackedLinks } from './render';
import { CONFIG_TYPE, isUnusable, type MailingTransport, openTransport, PermanentFailure, type SenderConfig, senderAddress } from './transports';

export const RUN_QUEUE = 'newsletter-mailing-run';
/** Addresses a MIME header carries as they are (others go through nodemailer's encoding). */
const ASCII = /^[\x21-\x7e]+$/;

/** Messages a worker claims at once; it sends them concurrently through its transport's pool. */
export const BATCH_SIZE = 100;
/**
 * Batches a run keeps going at once: while one lane waits for the database (claiming, marking),
 * the others keep the transport's connections busy.
 */
const LANES = 3;
/** Tries of a message before a transient failure counts as permanent; the delay doubles from RETRY_DELAY_SECONDS. */
export const MAX_ATTEMPTS = 5;
export const RETRY_DELAY_SECONDS = 30;
/** A run job sends this long, then leaves the rest to a new one (jobs stay short, workers take turns). */
const RUN_SLICE_MS = 10 * 60 * 1000;

/** The subscribed recipients a mailing goes to ($1 service, $2 by tags, $3 tags included: any, all when none; $4 tags excluded). */
const AUDIENCE = `FROM module_records r
  WHERE r.resource = 'recipients' AND r.client_service_id = $1 AND r.data->>'unsubscribed_at' IS NULL
    AND ($2::boolean IS FALSE OR cardinality($3::text[]) = 0 OR r.data->'tags' ?| $3::text[])
    AND ($2::boolean IS FALSE OR NOT (r.data->'tags' ?| $4::text[]))`;
const audienceParams = (mailing: MailingRow) => [mailing.client_service_id, mailing.audience === 'tags', mailing.tags_included, mailing.tags_excluded];

/** Why a draft cannot start: the catalogue key of the start's refusal and its parameters. */
export interface LaunchProblem {
  key: string;
  params?: Record<string, string>;
}

export type MailingStatus = 'draft' | 'scheduled' | 'sending' | 'paused' | 'sent' | 'cancelled' | 'failed';

export interface MailingRow {
  id: number;
  client_service_id: number;
  subject: string;
  template_id: number;
  audience: 'all' | 'tags';
  tags_included: string[];
  tags_excluded: string[];
  start_mode: 'now' | 'date';
  start_at: Date | null;
  tracking: boolean;
  status: MailingStatus;
  status_reason: string | null;
  sent_subject: string | null;
  sent_html: string | null;
  links: string[];
  job_id: string | null;
}

export interface DeliveryCounts {
  total: number;
  queued: number;
  sending: number;
  sent: number;
  failed: number;
  /** Not sent: the recipient unsubscribed or was deleted after the start. */
  skipped: number;
}

interface Claimed {
  id: number;
  email: string;
  name: string;
  attempts: number;
}

/**
 * The sending engine of newsletter mailings. A start writes one delivery row per recipient in one
 * transaction; run jobs (pg-boss queue RUN_QUEUE) claim batches of queued rows (FOR UPDATE SKIP
 * LOCKED, state queued -> sending with a lease), send them and mark each sent or failed (or queued
 * again after a transient failure). A pump in every process starts scheduled mailings, resumes
 * those paused by their limits, gives leases that ran out (a crashed worker's messages) back to the
 * queue and sends a run job for a sending mailing no worker holds. Hence:
 * - a crash mid-batch: the batch's unmarked rows go back to the queue when their lease ends, so no
 *   recipient is skipped and only messages in flight at the crash may arrive twice;
 * - a pause: workers stop claiming, the batch in flight is marked as it completes; a resume claims
 *   only queued rows, so nothing is sent twice;
 * - an unsubscribe (or a deleted recipient) after the start: the claim skips the delivery.
 */
export class MailingEngine {
  private pumpTimer: NodeJS.Timeout | null = null;
  private pumping: Promise<void> | null = null;
  /**
   * The deliveries this process is sending now. Its own pump never takes them back, however late
   * their lease's renewal (a stalled event loop): a lease that ran out only means a worker is gone
   * when that worker is another process.
   */
  private readonly inFlight = new Set<number>();

  constructor(
    private readonly app: FastifyInstance,
    readonly tokens: DeliveryTokens,
  ) {}

  private get ctx() {
    return this.app.ctx;
  }

  private prefixes: string[] | undefined;

  /** The limits schema's daily and monthly prefixes (read once: the schema modules do not change while the server runs). */
  private get limitPrefixes(): string[] {
    const limits = this.app.schemaModules.get('limits');
    this.prefixes ??= Object.keys(limits?.module.schema.properties ?? {}).filter((prefix) => limitKindOf(prefix) !== null);
    return this.prefixes;
  }

  async define(): Promise<void> {
    await this.ctx.jobs.define<{ mailingId: number }>({
      name: RUN_QUEUE,
      policy: 'short',
      retryLimit: 10,
      retryDelaySeconds: 5,
      retryBackoff: true,
      // A run hands over to a fresh job after RUN_SLICE_MS; leases, not the job's expiry, guard against a crashed worker.
      expireInSeconds: 3600,
      handler: (job) => this.run(job),
    });
  }

  startPump(): void {
    if (this.pumpTimer) return;
    this.pumpTimer = setInterval(() => void this.pump().catch((error: unknown) => this.app.log.warn({ err: error }, 'mailing pump failed')), this.ctx.config.mailingPumpSeconds * 1000);
    this.pumpTimer.unref();
  }

  async stopPump(): Promise<void> {
    if (this.pumpTimer) clearInterval(this.pumpTimer);
    this.pumpTimer = null;
    await this.pumping;
  }

  /** One round of the pump (also called by tests): see the class comment. */
  pump(): Promise<void> {
    this.pumping ??= this.pumpOnce().finally(() => (this.pumping = null));
    return this.pumping;
  }

  private async pumpOnce(): Promise<void> {
    const { db } = this.ctx;
    await db.query(
      "UPDATE newsletter_deliveries SET state = 'queued', lease_until = NULL WHERE state = 'sending' AND lease_until < now() AND NOT (id = ANY($1::bigint[]))",
      [[...this.inFlight]],
    );
    const due = await db.query<{ id: number }>("SELECT id FROM newsletter_mailings WHERE status = 'scheduled' AND start_at <= now() ORDER BY id");
    for (const { id } of due.rows) await this.begin(id, 'scheduled');
    await this.resumeLimited(db, null);
    const orphaned = await db.query<{ id: number; client_service_id: number }>(
      `SELECT id, client_service_id FROM newsletter_mailings
        WHERE status = 'sending' AND (heartbeat_at IS NULL OR heartbeat_at < now() - make_interval(secs => $1))`,
      [this.ctx.config.mailingLeaseSeconds],
    );
    for (const mailing of orphaned.rows) await this.kick(db, mailing.id, mailing.client_service_id);
  }

  /** Sends again the mailings paused by their limits: those whose resume time has come (serviceId null), or all of one service. */
  private async resumeLimited(tx: Queryable, serviceId: number | null): Promise<void> {
    const { rows } = await tx.query<{ id: number; client_service_id: number }>(
      `UPDATE newsletter_mailings SET status = 'sending', status_reason = NULL, resume_at = NULL, heartbeat_at = now(), updated_at = now()
        WHERE status = 'paused' AND status_reason IN ('daily_limit', 'monthly_limit')
          AND CASE WHEN $1::int IS NULL THEN resume_at <= now() ELSE client_service_id = $1 END
        RETURNING id, client_service_id`,
      [serviceId],
    );
    for (const mailing of rows) await this.kick(tx, mailing.id, mailing.client_service_id);
  }

  /**
   * After the service's limits were saved (in the same transaction): its mailings paused by a limit
   * send again at once when no limit is spent any more (one was raised), not the next day or month.
   */
  async limitsSaved(tx: Queryable, serviceId: number): Promise<void> {
    if ((await this.allowance(tx, serviceId)).spent) return;
    await this.resumeLimited(tx, serviceId);
  }

  /**
   * Resumes a paused mailing: one held before its start is scheduled again; a started one sends
   * again or, while one of the service's limits is spent, waits for it (paused by the limit,
   * resuming itself when it allows). Resolves to the new status, or null when it was not paused.
   */
  async resume(tx: Queryable, mailingId: number, serviceId: number): Promise<MailingStatus | null> {
    const { rows } = await tx.query<{ started: boolean }>(
      "SELECT started_at IS NOT NULL AS started FROM newsletter_mailings WHERE id = $1 AND status = 'paused' FOR UPDATE",
      [mailingId],
    );
    if (!rows[0]) return null;
    if (!rows[0].started) {
      await tx.query("UPDATE newsletter_mailings SET status = 'scheduled', status_reason = NULL, resume_at = NULL, updated_at = now() WHERE id = $1", [mailingId]);
      return 'scheduled';
    }
    const { spent } = await this.allowance(tx, serviceId);
    if (spent) {
      await this.pauseForLimit(tx, mailingId, spent);
      return 'paused';
    }
    await tx.query("UPDATE newsletter_mailings SET status = 'sending', status_reason = NULL, resume_at = NULL, heartbeat_at = now(), updated_at = now() WHERE id = $1", [mailingId]);
    await this.kick(tx, mailingId, serviceId);
    return 'sending';
  }

  /** Pauses a mailing because a limit is spent, until that limit's next period begins. */
  private async pauseForLimit(tx: Queryable, mailingId: number, spent: 'daily_limit' | 'monthly_limit'): Promise<void> {
    await tx.query(
      "UPDATE newsletter_mailings SET status = 'paused', status_reason = $2, resume_at = $3, updated_at = now() WHERE id = $1",
      [mailingId, spent, nextPeriodStart(spent === 'monthly_limit' ? 'monthly' : 'daily', new Date())],
    );
  }

  /** Sends a run job for the mailing unless one is already waiting. */
  async kick(tx: Queryable, mailingId: number, serviceId: number): Promise<void> {
    const jobId = await this.ctx.jobs.send(RUN_QUEUE, { mailingId }, { tx, owner: { clientServiceId: serviceId }, singletonKey: `mailing-${mailingId}` });
    if (jobId) await tx.query('UPDATE newsletter_mailings SET job_id = $2 WHERE id = $1', [mailingId, jobId]);
  }

  /**
   * Starts a draft (from 'draft', at once or, with start_mode date in the future, by scheduling it)
   * or a due scheduled mailing (from 'scheduled'): copies the template, writes the deliveries and
   * the run job, all in one transaction. Resolves to the new status, or null when the mailing was
   * not in the expected status (another request or process went first). The starter (a start
   * call's user, of the mailing's service) is recorded: a mailing that fails tells them.
   */
  async begin(mailingId: number, from: 'draft' | 'scheduled', starter?: { serviceId: number; userId: number }): Promise<MailingStatus | null> {
    const serviceId = starter?.serviceId;
    return this.ctx.db.transaction(async (tx) => {
      const { rows } = await tx.query<MailingRow>(
        `SELECT * FROM newsletter_mailings WHERE id = $1 AND status = $2 ${serviceId === undefined ? '' : 'AND client_service_id = $3'} FOR UPDATE`,
        serviceId === undefined ? [mailingId, from] : [mailingId, from, serviceId],
      );
      const mailing = rows[0];
      if (!mailing) return null;
      if (starter) await tx.query('UPDATE newsletter_mailings SET started_by = $2 WHERE id = $1', [mailingId, starter.userId]);
      if (from === 'draft' && mailing.start_mode === 'date' && mailing.start_at && new Date(mailing.start_at) > new Date()) {
        await tx.query("UPDATE newsletter_mailings SET status = 'scheduled', updated_at = now() WHERE id = $1", [mailingId]);
        return 'scheduled';
      }
      const template = await tx.query<{ data: { html?: unknown } }>(
        "SELECT data FROM module_records WHERE resource = 'templates' AND client_service_id = $1 AND id = $2",
        [mailing.client_service_id, mailing.template_id],
      );
      if (!template.rows[0]) {
        await tx.query("UPDATE newsletter_mailings SET status = 'failed', status_reason = 'no_template', finished_at = now(), updated_at = now() WHERE id = $1", [mailingId]);
        await this.tellFailure(tx, mailingId, 'no_template');
        return 'failed';
      }
      const html = typeof template.rows[0].data.html === 'string' ? template.rows[0].data.html : '';
      await tx.query(
        `INSERT INTO newsletter_deliveries (mailing_id, client_service_id, recipient_id, email, name)
         SELECT $5, r.client_service_id, r.id, r.data->>'email', coalesce(r.data->>'name', '')
           ${AUDIENCE} ORDER BY r.id
         ON CONFLICT (mailing_id, recipient_id) DO NOTHING`,
        [...audienceParams(mailing), mailingId],
      );
      await tx.query(
        `UPDATE newsletter_mailings SET status = 'sending', status_reason = NULL, sent_subject = subject, sent_html = $2, links = $3,
                started_at = now(), heartbeat_at = now(), updated_at = now() WHERE id = $1`,
        [mailingId, html, trackedLinks(html)],
      );
      await this.kick(tx, mailingId, mailing.client_service_id);
      return 'sending';
    });
  }

  /**
   * What keeps a draft from being sent, checked before its start (at once or scheduled): no sender
   * method, or the provider's relay without a domain or local part; no subscribed recipient in its
   * audience; and, for a start at once, a limit its usage has spent (a scheduled start is checked by
   * the limits when it comes: the usage by then is not known). Null when it can start.
   */
  async launchProblem(db: Queryable, mailing: MailingRow): Promise<LaunchProblem | null> {
    const config = await this.senderConfig(mailing.client_service_id);
    if (!config) return { key: 'errors.mailings.launch.no_sender' };
    if (config.config_type_id === CONFIG_TYPE.product && !(await senderAddress(this.ctx, mailing.client_service_id, config))) {
      return { key: 'errors.mailings.launch.relay_unusable' };
    }
    const template = await db.query("SELECT 1 FROM module_records WHERE resource = 'templates' AND client_service_id = $1 AND id = $2", [
      mailing.client_service_id,
      mailing.template_id,
    ]);
    if (template.rows.length === 0) return { key: 'errors.mailings.launch.no_template' };
    const audience = await db.query(`SELECT 1 ${AUDIENCE} LIMIT 1`, audienceParams(mailing));
    if (audience.rows.length === 0) return { key: mailing.audience === 'tags' ? 'errors.mailings.launch.no_tagged_recipients' : 'errors.mailings.launch.no_recipients' };
    const scheduled = mailing.start_mode === 'date' && mailing.start_at !== null && new Date(mailing.start_at) > new Date();
    const { spent, spentLimit } = scheduled ? { spent: null, spentLimit: null } : await this.allowance(db, mailing.client_service_id);
    if (!spent) return null;
    // A limit of 0 is spent in every period: waiting for the next one does not help.
    if (spentLimit === 0) return { key: `errors.mailings.launch.${spent}_zero` };
    const kind = spent === 'monthly_limit' ? 'monthly' : 'daily';
    return { key: `errors.mailings.launch.${spent}`, params: { renews: formatMoment(nextPeriodStart(kind, new Date())) } };
  }

  async counts(db: Queryable, mailingId: number): Promise<DeliveryCounts> {
    const { rows } = await db.query<{ state: string; n: number }>(
      'SELECT state, count(*)::int AS n FROM newsletter_deliveries WHERE mailing_id = $1 GROUP BY state',
      [mailingId],
    );
    const counts: DeliveryCounts = { total: 0, queued: 0, sending: 0, sent: 0, failed: 0, skipped: 0 };
    for (const row of rows) {
      counts[row.state as keyof DeliveryCounts] = Number(row.n);
      counts.total += Number(row.n);
    }
    return counts;
  }

  private async senderConfig(serviceId: number): Promise<SenderConfig | null> {
    const senders = this.app.schemaModules.get('senders_config');
    const record = senders ? await senders.store.first(this.ctx.db, { serviceId, userId: null }) : null;
    return record ? (record.values as unknown as SenderConfig) : null;
  }

  /**
   * What the limits let the service send now (Infinity where no limit is set): each limit less its
   * usage (messages sent) and the service's messages in flight (claimed, not yet marked: reserved,
   * so that workers claiming one after the other never both spend the last of a limit); and which
   * limit, if any, its usage alone has spent.
   */
  private async allowance(
    tx: Queryable,
    serviceId: number,
  ): Promise<{ allowed: number; spent: 'daily_limit' | 'monthly_limit' | null; spentLimit: number | null }> {
    const limits = this.app.schemaModules.get('limits');
    const prefixes = this.limitPrefixes;
    const record = limits ? await limits.store.first(tx, { serviceId, userId: null }) : null;
    if (!record) return { allowed: Number.POSITIVE_INFINITY, spent: null, spentLimit: null };
    // In flight first, then usage: a batch marked in between counts twice (a smaller claim), never not at all.
    const inFlight = await tx.query<{ n: number }>("SELECT count(*)::int AS n FROM newsletter_deliveries WHERE client_service_id = $1 AND state = 'sending'", [serviceId]);
    const usage = await currentUsage(tx, serviceId, prefixes);
    let allowed = Number.POSITIVE_INFINITY;
    let spent: 'daily_limit' | 'monthly_limit' | null = null;
    let spentLimit: number | null = null;
    for (const prefix of prefixes) {
      const limit = record.values[prefix];
      if (typeof limit !== 'number') continue;
      const remaining = limit - (usage.get(prefix) ?? 0);
      allowed = Math.min(allowed, Math.max(remaining - Number(inFlight.rows[0].n), 0));
      // A spent monthly limit binds past the day's end.
      if (remaining <= 0 && spent !== 'monthly_limit') {
        spent = limitKindOf(prefix) === 'monthly' ? 'monthly_limit' : 'daily_limit';
        spentLimit = limit;
      }
    }
    return { allowed, spent, spentLimit };
  }

  /**
   * Claims the next batch: the service's limits row lock serialises claims of one service, and a
   * claim reserves its messages against the limits until they are marked. Deliveries whose
   * recipient has unsubscribed or was deleted since the start are skipped in the same statement (the
   * recipient is looked up as the batch is claimed, not when the mailing started). Pauses the
   * mailing (until the next period) when a limit is spent. Resolves to the claimed messages and how
   * many were skipped, or to why there are none ('empty' also while the rest of a limit is reserved
   * by messages in flight).
   */
  private async claim(mailing: MailingRow): Promise<{ messages: Claimed[]; skipped: number } | 'stopped' | 'limited' | 'empty'> {
    const serviceId = mailing.client_service_id;
    return this.ctx.db.transaction(async (tx) => {
      // The heartbeat and the check that the mailing still sends in one round trip, its row locked by the update.
      const sending = await tx.query("UPDATE newsletter_mailings SET heartbeat_at = now() WHERE id = $1 AND status = 'sending' RETURNING id", [mailing.id]);
      if (sending.rows.length === 0) return 'stopped';
      await tx.query('SELECT id FROM client_services WHERE id = $1 FOR UPDATE', [serviceId]);
      const { allowed, spent } = await this.allowance(tx, serviceId);
      if (spent) {
        // A spent limit pauses only a mailing with messages left to send; the one that spent it on its last message ends.
        const left = await tx.query("SELECT 1 FROM newsletter_deliveries WHERE mailing_id = $1 AND state = 'queued' LIMIT 1", [mailing.id]);
        if (left.rows.length === 0) return 'empty';
        await this.pauseForLimit(tx, mailing.id, spent);
        return 'limited';
      }
      if (allowed <= 0) return 'empty';
      const { rows } = await tx.query<Claimed & { state: 'sending' | 'skipped' }>(
        `WITH next AS (
           SELECT d.id, CASE WHEN r.id IS NULL THEN 'deleted' WHEN r.data->>'unsubscribed_at' IS NOT NULL THEN 'unsubscribed' END AS skip
             FROM newsletter_deliveries d
             LEFT JOIN module_records r ON r.id = d.recipient_id AND r.resource = 'recipients' AND r.client_service_id = d.client_service_id
            WHERE d.mailing_id = $1 AND d.state = 'queued' AND d.next_attempt_at <= now()
            ORDER BY d.id LIMIT $2 FOR UPDATE OF d SKIP LOCKED)
         UPDATE newsletter_deliveries d
            SET state = CASE WHEN next.skip IS NULL THEN 'sending' ELSE 'skipped' END, error = coalesce(next.skip, d.error),
                attempts = d.attempts + CASE WHEN next.skip IS NULL THEN 1 ELSE 0 END,
                lease_until = CASE WHEN next.skip IS NULL THEN now() + make_interval(secs => $3) END,
                finished_at = CASE WHEN next.skip IS NOT NULL THEN now() END
           FROM next WHERE d.id = next.id
         RETURNING d.id, d.email, d.name, d.attempts, d.state`,
        [mailing.id, Math.min(BATCH_SIZE, allowed), this.ctx.config.mailingLeaseSeconds],
      );
      if (rows.length === 0) return 'empty';
      const messages = rows.filter((row) => row.state === 'sending').map(({ state: _state, ...row }) => ({ ...row, id: Number(row.id) }));
      return { messages, skipped: rows.length - messages.length };
    });
  }

  /** Ends a mailing with nothing left to send: sent, or failed when not one message went out. */
  private async finishIfDone(mailingId: number): Promise<boolean> {
    return this.ctx.db.transaction(async (tx) => {
      const left = await tx.query(
        "SELECT 1 FROM newsletter_deliveries WHERE mailing_id = $1 AND state IN ('queued', 'sending') LIMIT 1",
        [mailingId],
      );
      if (left.rows.length > 0) return false;
      const counts = await this.counts(tx, mailingId);
      const failed = counts.failed > 0 && counts.sent === 0;
      const { affectedRows } = await tx.query(
        `UPDATE newsletter_mailings SET status = $2, status_reason = $3, finished_at = now(), updated_at = now()
          WHERE id = $1 AND status = 'sending'`,
        [mailingId, failed ? 'failed' : 'sent', failed ? 'all_failed' : null],
      );
      if (failed && affectedRows > 0) await this.tellFailure(tx, mailingId, 'all_failed');
      return true;
    });
  }

  private async fail(mailingId: number, reason: string): Promise<void> {
    await this.ctx.db.transaction(async (tx) => {
      await tx.query(
        "UPDATE newsletter_deliveries SET state = 'failed', error = $2, lease_until = NULL, finished_at = now() WHERE mailing_id = $1 AND state IN ('queued', 'sending')",
        [mailingId, reason],
      );
      const { affectedRows } = await tx.query(
        "UPDATE newsletter_mailings SET status = 'failed', status_reason = $2, finished_at = now(), updated_at = now() WHERE id = $1 AND status = 'sending'",
        [mailingId, reason],
      );
      if (affectedRows > 0) await this.tellFailure(tx, mailingId, reason);
    });
  }

  /** Tells the user who started a mailing that it failed, and why: a news item of their panel for them alone. */
  private async tellFailure(tx: Queryable, mailingId: number, reason: string): Promise<void> {
    const { rows } = await tx.query<{ started_by: number | null; subject: string; service: string }>(
      'SELECT m.started_by, m.subject, s.name AS service FROM newsletter_mailings m JOIN client_services s ON s.id = m.client_service_id WHERE m.id = $1',
      [mailingId],
    );
    const mailing = rows[0];
    if (!mailing?.started_by) return;
    const why = t(`resources.mailings.reasons.${reason}`);
    const lead = t('resources.mailings.notices.failed.lead', { subject: mailing.subject, service: mailing.service, reason: why });
    await tx.query(`INSERT INTO news (title, lead, body, audience, users) SELECT $1, $2, $3, 'users', ARRAY[username] FROM users WHERE id = $4`, [
      t('resources.mailings.notices.failed.title', { subject: mailing.subject }),
      lead,
      `<p>${escapeHtml(lead)}</p><p>${escapeHtml(t('resources.mailings.notices.failed.advice'))}</p>`,
      mailing.started_by,
    ]);
  }

  /**
   * Marks a sent batch: sent ones, failed ones, and transient failures queued again after a growing
   * delay. The sent ones count against the limits, each delivery once: a copy sent again after a
   * crash (its first one never marked) or after its lease ran out (marked by one worker only) is not
   * counted twice.
   */
  private async mark(serviceId: number, results: { message: Claimed; error: unknown }[]): Promise<void> {
    const sent = results.filter((result) => result.error === null).map((result) => result.message.id);
    const failed = results.filter(
      (result) => result.error !== null && (result.error instanceof PermanentFailure || result.message.attempts >= MAX_ATTEMPTS),
    );
    const retried = results.filter((result) => result.error !== null && !failed.includes(result));
    await this.ctx.db.transaction(async (tx) => {
      if (sent.length) {
        const { affectedRows } = await tx.query(
          "UPDATE newsletter_deliveries SET state = 'sent', finished_at = now(), lease_until = NULL, error = NULL WHERE id = ANY($1::bigint[]) AND state = 'sending'",
          [sent],
        );
        if (affectedRows > 0) await addUsage(tx, serviceId, this.limitPrefixes, affectedRows);
      }
      for (const { message, error } of [...failed, ...retried]) {
        const again = !failed.some((result) => result.message === message);
        await tx.query(
          `UPDATE newsletter_deliveries SET state = $2, error = $3, lease_until = NULL, finished_at = CASE WHEN $2 = 'failed' THEN now() END,
                  next_attempt_at = now() + make_interval(secs => $4) WHERE id = $1 AND state = 'sending'`,
          [message.id, again ? 'queued' : 'failed', String((error as Error).message ?? error).slice(0, 500), RETRY_DELAY_SECONDS * 2 ** (message.attempts - 1)],
        );
      }
    });
  }

  /**
   * Sends a claimed batch concurrently, renewing its lease meanwhile, and marks it. Resolves to how
   * many of its messages are done with (sent, or failed for good), or to 'unusable' when the sender
   * itself cannot send.
   */
  private async sendBatch(mailing: MailingRow, batch: Claimed[], sendTo: (recipient: Recipient) => Promise<unknown>, messageDomain: string): Promise<number | 'unusable'> {
    const { db, config } = this.ctx;
    const ids = batch.map((message) => message.id);
    const renew = setInterval(
      () => void db.query("UPDATE newsletter_deliveries SET lease_until = now() + make_interval(secs => $2) WHERE id = ANY($1::bigint[]) AND state = 'sending'", [ids, config.mailingLeaseSeconds]).catch(() => undefined),
      (config.mailingLeaseSeconds * 1000) / 3,
    );
    let results: { message: Claimed; error: unknown }[];
    try {
      results = await Promise.all(
        batch.map(async (message) => {
          try {
            await sendTo({ deliveryId: message.id, email: message.email, name: message.name, messageId: this.tokens.messageId(message.id, mailing.id, messageDomain) });
            return { message, error: null };
          } catch (error) {
            return { message, error: error ?? new Error('send failed') };
          }
        }),
      );
    } finally {
      clearInterval(renew);
    }
    const unusable = results.some((result) => isUnusable(result.error));
    await this.mark(mailing.client_service_id, results.filter((result) => !isUnusable(result.error)));
    if (unusable) return 'unusable';
    return results.filter((result) => result.error === null || result.error instanceof PermanentFailure || result.message.attempts >= MAX_ATTEMPTS).length;
  }

  /** A run job: claims, sends and marks batches until the mailing is done, stopped or limited. */
  private async run(job: JobContext<{ mailingId: number }>): Promise<void> {
    const { db, config } = this.ctx;
    const { rows } = await db.query<MailingRow>('SELECT * FROM newsletter_mailings WHERE id = $1', [job.data.mailingId]);
    const mailing = rows[0];
    if (!mailing || mailing.status !== 'sending') return;
    let transport: MailingTransport;
    try {
      transport = await openTransport(this.ctx, mailing.client_service_id, await this.senderConfig(mailing.client_service_id));
    } catch (error) {
      if (isUnusable(error)) return this.fail(mailing.id, 'no_sender');
      throw error;
    }
    const listId = await mailingListId(db, mailing.client_service_id, config.publicUrl);
    const prepared = prepareMailing(mailing.sent_subject ?? mailing.subject, mailing.sent_html ?? '', mailing.tracking, listId);
    // SMTP methods take the messages in MIME form, compiled once for the mailing (an address MIME headers cannot carry as is excepted).
    const mime = transport.mime && compileMime(prepared, transport.mime.sender);
    const sendTo = (recipient: Recipient) =>
      mime && transport.mime && ASCII.test(recipient.email)
        ? transport.mime.send(recipient.email, mime(recipient, this.tokens, config.publicUrl))
        : transport.send(renderMessage(prepared, recipient, this.tokens, config.publicUrl));
    // Message-IDs name the sender's domain (the panel's for a method without one in hand).
    const messageDomain = transport.mime?.sender.address.split('@')[1] || new URL(config.publicUrl).hostname;
    const counts = await this.counts(db, mailing.id);
    let done = counts.sent + counts.failed + counts.skipped;
    const sliceEnds = Date.now() + RUN_SLICE_MS;
    const lane = async (): Promise<void> => {
      for (;;) {
        if (Date.now() > sliceEnds) return this.kick(db, mailing.id, mailing.client_service_id);
        const claimed = await this.claim(mailing);
        if (claimed === 'stopped' || claimed === 'limited') return;
        if (claimed === 'empty') {
          if (await this.finishIfDone(mailing.id)) return;
          // Retries wait for their time, or another lane or worker holds the rest: look again shortly.
          await sleep(Math.min(1000, config.mailingLeaseSeconds * 250));
          continue;
        }
        done += claimed.skipped;
        const batch = claimed.messages;
        if (batch.length === 0) continue;
        for (const message of batch) this.inFlight.add(message.id);
        try {
          const outcome = await this.sendBatch(mailing, batch, sendTo, messageDomain);
          if (outcome === 'unusable') return this.fail(mailing.id, 'no_sender');
          done += outcome;
        } finally {
          for (const message of batch) this.inFlight.delete(message.id);
        }
        await job.progress(done, counts.total);
      }
    };
    try {
      await Promise.all(Array.from({ length: LANES }, lane));
    } finally {
      transport.close();
    }
  }
}
