import type { AppContext } from '../app';
import type { Queryable } from '../db';
import { hashOpaqueToken, newOpaqueToken } from './tokens';

/**
 * A session is a refresh-token family: signing in starts one, each refresh uses up the presented
 * token and adds its successor to the family. A used token presented again means it leaked, so the
 * whole family is revoked; except within this grace window, where it is a parallel tab that
 * refreshed with the same token a moment later: that tab gets a fresh pair of the same family
 * (both successors stay valid) instead of a 401 that would sign it out.
 */
export const REFRESH_REUSE_GRACE_SECONDS = 10;

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

export function startSession(ctx: AppContext, user: SessionUser): Promise<TokenPair> {
  return issuePair(ctx, user, newOpaqueToken(12));
}

async function issuePair(ctx: AppContext, user: SessionUser, familyId: string): Promise<TokenPair> {
  const refreshToken = newOpaqueToken();
  await ctx.db.query(
    `INSERT INTO refresh_tokens (user_id, family_id, token_hash, expires_at)
     VALUES ($1, $2, $3, now() + $4::int * interval '1 second')`,
    [user.id, familyId, hashOpaqueToken(refreshToken), ctx.config.refreshTokenTtl],
  );
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
export async function refreshSession(ctx: AppContext, refreshToken: string): Promise<TokenPair | RefreshRefusal> {
  const tokenHash = hashOpaqueToken(refreshToken);
  // Marking the token used is the atomic step: of two concurrent refreshes exactly one rotates.
  const rotated = await ctx.db.query<PresentedToken>(
    `UPDATE refresh_tokens SET used_at = now() FROM users
     WHERE users.id = refresh_tokens.user_id AND refresh_tokens.token_hash = $1
       AND refresh_tokens.used_at IS NULL AND refresh_tokens.revoked_at IS NULL AND refresh_tokens.expires_at > now()
     RETURNING users.id, users.username, users.is_root, users.is_blocked, refresh_tokens.family_id`,
    [tokenHash],
  );
  if (rotated.rows[0]) return continueSession(ctx, rotated.rows[0]);

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
  if (presented.in_grace) return continueSession(ctx, presented);
  await revokeFamily(ctx.db, presented.family_id);
  return 'reused';
}

async function continueSession(ctx: AppContext, token: PresentedToken): Promise<TokenPair | RefreshRefusal> {
  if (token.is_blocked) {
    await revokeUserSessions(ctx.db, token.id);
    return 'blocked';
  }
  return issuePair(ctx, token, token.family_id);
}

async function revokeFamily(db: Queryable, familyId: string): Promise<void> {
  await db.query('UPDATE refresh_tokens SET revoked_at = now() WHERE family_id = $1 AND revoked_at IS NULL', [familyId]);
}

/** Ends the session a refresh token belongs to; unknown tokens are ignored (logout is idempotent). */
export async function revokeSessionOf(db: Queryable, refreshToken: string): Promise<void> {
  await db.query(
    `UPDATE refresh_tokens SET revoked_at = now()
     WHERE revoked_at IS NULL AND family_id = (SELECT family_id FROM refresh_tokens WHERE token_hash = $1)`,
    [hashOpaqueToken(refreshToken)],
  );
}

/** Revokes every refresh token of a user, but for the session keepFamilyId when given. */
export async function revokeUserSessions(db: Queryable, userId: number, keepFamilyId?: string): Promise<void> {
  await db.query(
    `UPDATE refresh_tokens SET revoked_at = now()
     WHERE user_id = $1 AND revoked_at IS NULL AND family_id IS DISTINCT FROM $2`,
    [userId, keepFamilyId ?? null],
  );
}
