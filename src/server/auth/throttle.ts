import type { FastifyReply, FastifyRequest } from 'fastify';
import { httpError } from '../http/errors';

export type ThrottledAction = 'login' | 'password_reminder' | 'password_reminder_confirm' | 'password_change';

export interface ThrottlePolicy {
  windowSeconds: number;
  /** Attempts one username may make within the window. */
  perUsername: number;
  /** Attempts one client address may make within the window, whatever the username. */
  perAddress: number;
  /**
   * 'failures': only failed attempts count, and a success clears the username's count (it proves
   * the secret). 'all': every request counts (actions that cannot fail visibly, like a reminder).
   */
  counts: 'failures' | 'all';
}

export const THROTTLE_POLICIES: Record<ThrottledAction, ThrottlePolicy> = {
  login: { windowSeconds: 15 * 60, perUsername: 5, perAddress: 20, counts: 'failures' },
  password_reminder: { windowSeconds: 60 * 60, perUsername: 3, perAddress: 10, counts: 'all' },
  password_reminder_confirm: { windowSeconds: 15 * 60, perUsername: 5, perAddress: 20, counts: 'failures' },
  password_change: { windowSeconds: 15 * 60, perUsername: 5, perAddress: 20, counts: 'failures' },
};

/**
 * Throws 429 (with Retry-After) when the username or the client address has used up its attempts
 * at action. Unknown usernames are counted like real ones, so the answer says nothing about them.
 */
export async function assertNotThrottled(
  request: FastifyRequest,
  reply: FastifyReply,
  action: ThrottledAction,
  username: string,
): Promise<void> {
  const policy = THROTTLE_POLICIES[action];
  const waits = await Promise.all([
    secondsUntilAllowed(request, action, policy, 'username', username, policy.perUsername),
    secondsUntilAllowed(request, action, policy, 'ip', request.ip, policy.perAddress),
  ]);
  const wait = Math.max(...waits);
  if (wait > 0) {
    reply.header('Retry-After', String(wait));
    throw httpError(429, `errors.throttled.${action}`, { minutes: Math.ceil(wait / 60) });
  }
}

export async function recordAttempt(
  request: FastifyRequest,
  action: ThrottledAction,
  username: string,
  succeeded: boolean,
): Promise<void> {
  await request.server.ctx.db.query('INSERT INTO login_attempts (action, username, ip, succeeded) VALUES ($1, $2, $3, $4)', [
    action,
    username,
    request.ip,
    succeeded,
  ]);
}

/**
 * 0 while fewer than `limit` counted attempts lie in the window; otherwise the seconds until the
 * limit-th most recent one leaves it.
 */
async function secondsUntilAllowed(
  request: FastifyRequest,
  action: ThrottledAction,
  policy: ThrottlePolicy,
  column: 'username' | 'ip',
  value: string,
  limit: number,
): Promise<number> {
  const failuresOnly = policy.counts === 'failures';
  const conditions = [`action = $1`, `${column} = $2`, `attempted_at > now() - $3::int * interval '1 second'`];
  if (failuresOnly) conditions.push('NOT succeeded');
  if (failuresOnly && column === 'username') {
    conditions.push(`attempted_at > coalesce(
      (SELECT max(attempted_at) FROM login_attempts WHERE action = $1 AND username = $2 AND succeeded), '-infinity')`);
  }
  const { rows } = await request.server.ctx.db.query<{ wait: number }>(
    `SELECT ceil(extract(epoch FROM attempted_at + $3::int * interval '1 second' - now()))::int AS wait
     FROM login_attempts WHERE ${conditions.join(' AND ')}
     ORDER BY attempted_at DESC OFFSET $4 LIMIT 1`,
    [action, value, policy.windowSeconds, limit - 1],
  );
  return rows[0] ? Math.max(1, rows[0].wait) : 0;
}
