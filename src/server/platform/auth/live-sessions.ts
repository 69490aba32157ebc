import type { Db } from '../db';
import { createNotifiedCache } from './notified-cache';

/** The channel migration 031's triggers notify: a refresh token family id, or '*'. */
export const SESSION_CHANGED_CHANNEL = 'panel_session_changed';

/** A safety net, as for the user state: an entry is read again after this at the latest. */
const MAX_AGE_MS = 60_000;
const MAX_ENTRIES = 10_000;

export interface LiveSessions {
  /** Whether the session (refresh token family, claim sid) still has a token neither revoked nor expired. */
  isLive(sessionId: string): Promise<boolean>;
  /** Drops what this process knows of sessions it has just revoked (the triggers tell the others). */
  forget(sessionIds: readonly string[]): void;
  close(): Promise<void>;
}

/**
 * An access token is only as good as its session: logout, reuse detection and password changes
 * revoke the family, and its access tokens stop working at once. Checked on every authenticated
 * call, so the answer is cached per session and dropped when migration 031's triggers notify.
 */
export async function createLiveSessions(db: Db): Promise<LiveSessions> {
  const sessions = await createNotifiedCache<string, boolean>(db, {
    channel: SESSION_CHANGED_CHANNEL,
    keyOf: (payload) => payload,
    maxEntries: MAX_ENTRIES,
  });
  return {
    isLive: (sessionId) =>
      sessions.get(sessionId, async () => {
        const startedMs = Date.now();
        // The database's clock decides expiry, so the time left is measured on it.
        const { rows } = await db.query<{ live_ms: number | null }>(
          `SELECT (EXTRACT(EPOCH FROM max(expires_at) - now()) * 1000)::float8 AS live_ms
             FROM refresh_tokens WHERE family_id = $1 AND revoked_at IS NULL AND expires_at > now()`,
          [sessionId],
        );
        const liveMs = rows[0]?.live_ms ?? null;
        return { value: liveMs !== null, expiresAtMs: startedMs + Math.min(MAX_AGE_MS, liveMs ?? MAX_AGE_MS) };
      }),
    forget: (sessionIds) => sessionIds.forEach(sessions.forget),
    close: sessions.close,
  };
}
