import type { AppContext } from '../../app';
import type { Queryable } from '../db';
import type { LiveSessions } from './live-sessions';
import { hashOpaqueToken, newOpaqueToken } from './tokens';

/**
 * A session is a refresh-token family: signing in starts one, each refresh uses up the presented
 * token and adds its successor to the family. A used token presented again means it leaked, so the
 * whole family is revoked; except within this grace window, where it is a parallel tab that
 * refreshed with the same token a moment later: that tab gets the very successor the first refresh
 * handed out (successors are derived from the presented token), so the family never forks.
 */
export const REFRESH_REUSE_GRACE_SECONDS = 10;
/** How many refreshes in a row the grace path follows to reach the family's newest token. */
const MAX_SUCCESSOR_STEPS = 5;

export interface TokenPair {
  access_token: string;
  refresh_token: string;
  /** Seconds until the access token expires. */
  expires_in: number;
}

export interface SessionUser {
  id: number;
  username: string;
  is_root: boolean;
}

export async function startSession(ctx: AppContext, user: SessionUser): Promise<TokenPair> {
  const familyId = newOpaqueToken(12);
  const refreshToken = newOpaqueToken();
  await storeRefreshToken(ctx, user.id, familyId, refreshToken);
  return signPair(ctx, user, familyId, refreshToken);
}

/** Stores a refresh token of the family; not again when a parallel refresh did, nor into a revoked family. */
async function storeRefreshToken(ctx: AppContext, userId: number, familyId: string, refreshToken: string): Promise<void> {
  await ctx.db.query(
    `INSERT INTO refresh_tokens (user_id, family_id, token_hash, expires_at)
     SELECT $1, $2, $3, now() + $4::int * interval '1 second'
      WHERE NOT EXISTS (SELECT 1 FROM refresh_tokens WHERE family_id = $2 AND revoked_at IS NOT NULL)
     ON CONFLICT (token_hash) DO NOTHING`,
    [userId, familyId, hashOpaqueToken(refreshToken), ctx.config.refreshTokenTtl],
  );
}

async function signPair(ctx: AppContext, user: SessionUser, familyId: string, refreshToken: string): Promise<TokenPair> {
  const accessToken = await ctx.tokens.signAccess({
    userId: user.id,
    username: user.username,
    isRoot: user.is_root,
    sessionId: familyId,
  });
  return { access_token: accessToken, refresh_token: refreshToken, expires_in: ctx.tokens.ttl };
}

interface PresentedToken extends SessionUser {
  family_id: string;
  is_blocked: boolean;
}

/** Why a refresh was refused: 'reused' is the one worth a security log line. */
export type RefreshRefusal = 'invalid' | 'reused' | 'blocked';

/** Exchanges a refresh token for a new pair, or says why not. */
export async function refreshSession(
  ctx: AppContext,
  liveSessions: LiveSessions,
  refreshToken: string,
): Promise<TokenPair | RefreshRefusal> {
  const tokenHash = hashOpaqueToken(refreshToken);
  // Marking the token used is the atomic step: of two concurrent refreshes exactly one rotates.
  const rotated = await ctx.db.query<PresentedToken>(
    `UPDATE refresh_tokens SET used_at = now() FROM users
     WHERE users.id = refresh_tokens.user_id AND refresh_tokens.token_hash = $1
       AND refresh_tokens.used_at IS NULL AND refresh_tokens.revoked_at IS NULL AND refresh_tokens.expires_at > now()
     RETURNING users.id, users.username, users.is_root, users.is_blocked, refresh_tokens.family_id`,
    [tokenHash],
  );
  const rotating = rotated.rows[0];
  if (rotating) {
    if (rotating.is_blocked) return endBlockedUserSessions(ctx, liveSessions, rotating.id);
    const successor = ctx.tokens.successorRefreshToken(refreshToken);
    await storeRefreshToken(ctx, rotating.id, rotating.family_id, successor);
    return signPair(ctx, rotating, rotating.family_id, successor);
  }

  const { rows } = await ctx.db.query<PresentedToken & { is_live: boolean; in_grace: boolean }>(
    `SELECT users.id, users.username, users.is_root, users.is_blocked, refresh_tokens.family_id,
       refresh_tokens.revoked_at IS NULL AND refresh_tokens.expires_at > now() AS is_live,
       refresh_tokens.used_at > now() - $2::int * interval '1 second' AS in_grace
     FROM refresh_tokens JOIN users ON users.id = refresh_tokens.user_id
     WHERE refresh_tokens.token_hash = $1`,
    [tokenHash, REFRESH_REUSE_GRACE_SECONDS],
  );
  const presented = rows[0];
  if (!presented?.is_live) return 'invalid';
  if (presented.in_grace) {
    if (presented.is_blocked) return endBlockedUserSessions(ctx, liveSessions, presented.id);
    const successor = await newestSuccessor(ctx, presented, refreshToken);
    return successor ? signPair(ctx, presented, presented.family_id, successor) : 'invalid';
  }
  liveSessions.forget(await revokeFamily(ctx.db, presented.family_id));
  return 'reused';
}

/**
 * The successor a parallel refresh of refreshToken handed out or, if that one was refreshed in turn,
 * the newest token of the chain; null when the family has ended meanwhile.
 */
async function newestSuccessor(ctx: AppContext, presented: PresentedToken, refreshToken: string): Promise<string | null> {
  let successor = ctx.tokens.successorRefreshToken(refreshToken);
  for (let step = 0; step < MAX_SUCCESSOR_STEPS; step += 1) {
    // The refresh that used the token up may not have stored its successor yet.
    await storeRefreshToken(ctx, presented.id, presented.family_id, successor);
    const { rows } = await ctx.db.query<{ is_used: boolean; is_live: boolean }>(
      `SELECT used_at IS NOT NULL AS is_used, revoked_at IS NULL AND expires_at > now() AS is_live
         FROM refresh_tokens WHERE token_hash = $1`,
      [hashOpaqueToken(successor)],
    );
    if (!rows[0]?.is_live) return null;
    if (!rows[0].is_used) return successor;
    successor = ctx.tokens.successorRefreshToken(successor);
  }
  return null;
}

async function endBlockedUserSessions(ctx: AppContext, liveSessions: LiveSessions, userId: number): Promise<RefreshRefusal> {
  liveSessions.forget(await revokeUserSessions(ctx.db, userId));
  return 'blocked';
}

/** The distinct families of the rows an UPDATE … RETURNING family_id revoked. */
const revokedFamilies = (rows: { family_id: string }[]) => [...new Set(rows.map((row) => row.family_id))];

async function revokeFamily(db: Queryable, familyId: string): Promise<string[]> {
  const { rows } = await db.query<{ family_id: string }>(
    'UPDATE refresh_tokens SET revoked_at = now() WHERE family_id = $1 AND revoked_at IS NULL RETURNING family_id',
    [familyId],
  );
  return revokedFamilies(rows);
}

/**
 * Ends the session a refresh token belongs to and returns it (for LiveSessions.forget); unknown
 * tokens are ignored (logout is idempotent).
 */
export async function revokeSessionOf(db: Queryable, refreshToken: string): Promise<string[]> {
  const { rows } = await db.query<{ family_id: string }>(
    `UPDATE refresh_tokens SET revoked_at = now()
     WHERE revoked_at IS NULL AND family_id = (SELECT family_id FROM refresh_tokens WHERE token_hash = $1)
     RETURNING family_id`,
    [hashOpaqueToken(refreshToken)],
  );
  return revokedFamilies(rows);
}

/**
 * Revokes every refresh token of a user, but for the session keepFamilyId when given; returns the
 * sessions ended, for LiveSessions.forget once the change is committed.
 */
export async function revokeUserSessions(db: Queryable, userId: number, keepFamilyId?: string): Promise<string[]> {
  const { rows } = await db.query<{ family_id: string }>(
    `UPDATE refresh_tokens SET revoked_at = now()
     WHERE user_id = $1 AND revoked_at IS NULL AND family_id IS DISTINCT FROM $2
     RETURNING family_id`,
    [userId, keepFamilyId ?? null],
  );
  return revokedFamilies(rows);
}
