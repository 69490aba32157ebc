import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Queryable } from '../db';
import { httpError } from '../http/errors';

export type ThrottledAction = 'login' | 'password_reminder' | 'password_reminder_confirm' | 'password_change';

/** How failures of one account, from whatever addresses, slow its attempts down (README "Login throttling"). */
export interface AccountSlowdown {
  /** Failures of the account within the window that cost nothing (typos). */
  freeFailures: number;
  /** The pause after the free failures; each further failure doubles it... */
  firstDelayMs: number;
  /** ...up to this. */
  maxDelayMs: number;
  /**
   * Failures of the account within the window after which an address that has failed on the
   * account too is refused; an address with no failure on it (or a trusted one) still gets its try.
   */
  capFailures: number;
}

export type ThrottlePolicy =
  | {
      /** Actions whose failures count: a success proves the secret. */
      counts: 'failures';
      windowSeconds: number;
      /** Failures one account may have from one address since that pair's last success. */
      perPair: number;
      /** Failures one address may have, whatever the account; pairs trusted by a success are exempt. */
      perAddress: number;
      /** Never a lock-out per account: a slowdown instead. */
      slowdown: AccountSlowdown;
    }
  | {
      /** Actions that cannot fail visibly (a reminder request): every request counts. */
      counts: 'all';
      windowSeconds: number;
      perAddress: number;
      /** Requests one account may get, whatever the address: refusing them locks nobody out of signing in. */
      perAccount: number;
    };

/** Actions where a wrong secret is a guess. */
const GUESSING_POLICY = {
  counts: 'failures',
  windowSeconds: 15 * 60,
  perPair: 5,
  perAddress: 20,
  slowdown: { freeFailures: 3, firstDelayMs: 500, maxDelayMs: 4000, capFailures: 30 },
} satisfies ThrottlePolicy;

export const THROTTLE_POLICIES = {
  login: GUESSING_POLICY,
  password_reminder: { counts: 'all', windowSeconds: 60 * 60, perAddress: 10, perAccount: 3 },
  password_reminder_confirm: GUESSING_POLICY,
  password_change: GUESSING_POLICY,
} satisfies Record<ThrottledAction, ThrottlePolicy>;

/** A success from an address makes the pair trusted this long: the owner's usual address. */
const TRUSTED_PAIR_SECONDS = 30 * 24 * 60 * 60;

/** The pause before checking an attempt on an account that has had `accountFailures` recent failures. */
export function slowdownDelayMs(slowdown: AccountSlowdown, accountFailures: number): number {
  const beyondFree = accountFailures - slowdown.freeFailures;
  if (beyondFree < 0) return 0;
  return Math.min(slowdown.maxDelayMs, slowdown.firstDelayMs * 2 ** beyondFree);
}

export interface AdmittedAttempt {
  /** Stores the outcome; until then the attempt counts as a failure. */
  record(succeeded: boolean): Promise<void>;
}

/**
 * Decides whether an attempt at action may go on and records it: throws 429 (with Retry-After)
 * when a limit is used up, otherwise pauses as the account's recent failures ask. Unknown
 * usernames are counted like real ones, so neither the answer nor its timing says anything about them.
 */
export async function admitAttempt(
  request: FastifyRequest,
  reply: FastifyReply,
  action: ThrottledAction,
  username: string,
): Promise<AdmittedAttempt> {
  const { db, pause } = request.server.ctx;
  const policy: ThrottlePolicy = THROTTLE_POLICIES[action];
  const admission = await db.transaction(async (tx) => {
    // Attempts from one address, and on one account, are counted and recorded one at a time (on
    // every server process): of a parallel burst exactly the limit gets through. The address lock
    // is always taken first, so two attempts cannot deadlock.
    await tx.query(`SELECT pg_advisory_xact_lock(1, hashtext($1 || ' ' || $2))`, [action, request.ip]);
    await tx.query(`SELECT pg_advisory_xact_lock(2, hashtext($1 || ' ' || $2))`, [action, username]);
    const counts = await countEarlierAttempts(tx, policy, action, username, request.ip);
    const waitSeconds = refusalSeconds(policy, counts);
    if (waitSeconds > 0) return { waitSeconds };
    const { rows } = await tx.query<{ id: number }>(
      'INSERT INTO login_attempts (action, username, ip, succeeded) VALUES ($1, $2, $3, NULL) RETURNING id',
      [action, username, request.ip],
    );
    return { attemptId: rows[0].id, accountFailures: counts.account };
  });

  if (admission.waitSeconds !== undefined) {
    reply.header('Retry-After', String(admission.waitSeconds));
    throw httpError(429, `errors.throttled.${action}`, { minutes: Math.ceil(admission.waitSeconds / 60) });
  }
  if (policy.counts === 'failures') {
    const delayMs = slowdownDelayMs(policy.slowdown, admission.accountFailures);
    if (delayMs > 0) await pause(delayMs);
  }
  return {
    async record(succeeded) {
      await db.query('UPDATE login_attempts SET succeeded = $2 WHERE id = $1', [admission.attemptId, succeeded]);
    },
  };
}

/** Earlier counted attempts in the window per scope, with the seconds until each would fall below its limit. */
interface EarlierAttempts {
  trusted: boolean;
  pair: number;
  /** Until the pair's newest failure leaves the window. */
  pairClearWait: number | null;
  pairLimitWait: number | null;
  address: number;
  addressLimitWait: number | null;
  account: number;
  accountLimitWait: number | null;
}

/** 0 when the attempt may go on; otherwise the seconds until every limit it hit allows it again. */
function refusalSeconds(policy: ThrottlePolicy, counts: EarlierAttempts): number {
  const waits: (number | null)[] = [];
  if (policy.counts === 'all') {
    if (counts.account >= policy.perAccount) waits.push(counts.accountLimitWait);
    if (counts.address >= policy.perAddress) waits.push(counts.addressLimitWait);
  } else {
    if (counts.pair >= policy.perPair) waits.push(counts.pairLimitWait);
    if (!counts.trusted && counts.address >= policy.perAddress) waits.push(counts.addressLimitWait);
    if (!counts.trusted && counts.pair > 0 && counts.account >= policy.slowdown.capFailures) {
      waits.push(Math.min(counts.accountLimitWait ?? 0, counts.pairClearWait ?? 0));
    }
  }
  return waits.length === 0 ? 0 : Math.max(1, ...waits.map((wait) => wait ?? 0));
}

async function countEarlierAttempts(
  db: Queryable,
  policy: ThrottlePolicy,
  action: ThrottledAction,
  username: string,
  ip: string,
): Promise<EarlierAttempts> {
  // 'all' actions have no pair limit: 1 only keeps the query one shape.
  const [pairLimit, accountLimit] =
    policy.counts === 'all' ? [1, policy.perAccount] : [policy.perPair, policy.slowdown.capFailures];
  // The n-th newest counted attempt of a scope: once it leaves the window, fewer than n remain.
  const scope = (name: string, condition: string, limitParam: string) =>
    `ceil((array_agg(expires_in ORDER BY expires_in DESC) FILTER (WHERE ${condition}))[${limitParam}])::int AS "${name}"`;
  const { rows } = await db.query<EarlierAttempts>(
    `WITH pair AS (
       SELECT coalesce(max(attempted_at) FILTER (WHERE succeeded), '-infinity') AS last_success
       FROM login_attempts WHERE action = $1 AND username = $2 AND ip = $3
     ), counted AS (
       SELECT username = $2 AND ip = $3 AND attempted_at > pair.last_success AS in_pair,
              ip = $3 AS in_address, username = $2 AS in_account,
              extract(epoch FROM attempted_at + $4::int * interval '1 second' - now()) AS expires_in
       FROM login_attempts, pair
       WHERE action = $1 AND (username = $2 OR ip = $3)
         AND attempted_at > now() - $4::int * interval '1 second'
         AND ($5 OR succeeded IS NOT TRUE)
     )
     SELECT (SELECT last_success > now() - $9::int * interval '1 second' FROM pair) AS trusted,
       count(*) FILTER (WHERE in_pair)::int AS pair, ${scope('pairClearWait', 'in_pair', '1')},
       ${scope('pairLimitWait', 'in_pair', '$6')},
       count(*) FILTER (WHERE in_address)::int AS address, ${scope('addressLimitWait', 'in_address', '$7')},
       count(*) FILTER (WHERE in_account)::int AS account, ${scope('accountLimitWait', 'in_account', '$8')}
     FROM counted`,
    [action, username, ip, policy.windowSeconds, policy.counts === 'all', pairLimit, policy.perAddress, accountLimit, TRUSTED_PAIR_SECONDS],
  );
  return rows[0];
}
