import type { FastifyReply, FastifyRequest } from 'fastify';
import { httpError } from '../http/errors';

export interface OutboundQuota {
  /** Which kind of call is counted (outbound_attempts.action); errors.throttled.<action> is its 429 detail. */
  action: string;
  /** Calls one subject may make within the window. */
  limit: number;
  windowSeconds: number;
}

/** A service may send at most 5 test messages in 10 minutes. */
export const SENDER_TEST_QUOTA: OutboundQuota = { action: 'sender_test', limit: 5, windowSeconds: 10 * 60 };

/** A service may e-mail its newsletter templates (previews) at most 5 times in 10 minutes. */
export const TEMPLATE_SEND_QUOTA: OutboundQuota = { action: 'template_send', limit: 5, windowSeconds: 10 * 60 };

/**
 * Counts one call of quota.action by subject (e.g. a service id), or throws 429 with Retry-After
 * when the subject has used up its calls in the window. Refused calls are not counted, so the wait
 * ends when the oldest counted call leaves the window. A transaction-scoped advisory lock per
 * action and subject makes the check and the insert one step for all processes.
 */
export async function takeOutboundQuota(request: FastifyRequest, reply: FastifyReply, quota: OutboundQuota, subject: string): Promise<void> {
  const wait = await request.server.ctx.db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`outbound:${quota.action}:${subject}`]);
    await tx.query(`DELETE FROM outbound_attempts WHERE action = $1 AND subject = $2 AND attempted_at <= now() - $3::int * interval '1 second'`, [
      quota.action,
      subject,
      quota.windowSeconds,
    ]);
    const { rows } = await tx.query<{ wait: number }>(
      `SELECT ceil(extract(epoch FROM attempted_at + $3::int * interval '1 second' - now()))::int AS wait
       FROM outbound_attempts WHERE action = $1 AND subject = $2
       ORDER BY attempted_at DESC OFFSET $4 LIMIT 1`,
      [quota.action, subject, quota.windowSeconds, quota.limit - 1],
    );
    if (rows[0]) return Math.max(1, rows[0].wait);
    await tx.query('INSERT INTO outbound_attempts (action, subject) VALUES ($1, $2)', [quota.action, subject]);
    return 0;
  });
  if (wait > 0) {
    reply.header('Retry-After', String(wait));
    throw httpError(429, `errors.throttled.${quota.action}`, { minutes: Math.ceil(wait / 60) });
  }
}
