import type { Db } from '../db';
import { createNotifiedCache } from './notified-cache';

/** The channel migration 020's triggers notify: a user id, or '*' for every user. */
export const USER_CHANGED_CHANNEL = 'panel_user_changed';

/** A safety net: an entry is reloaded after this even if no change and no regulation boundary came. */
const MAX_AGE_MS = 60_000;
const MAX_ENTRIES = 10_000;

export interface UserStateCache<State> {
  /** The user's state, loaded when not cached (or stale); load's rejections pass through uncached. */
  get(userId: number): Promise<State>;
  /** Drops what this process holds for the user (the triggers tell the other processes). */
  forget(userId: number): void;
  close(): Promise<void>;
}

/**
 * Per-user state derived from users, regulation_acceptances and regulations, cached in this process
 * and kept exact across processes by the triggers' notifications. An entry also expires at the next
 * moment a regulation starts or ends, and after MAX_AGE_MS at most.
 */
export async function createUserStateCache<State>(db: Db, load: (userId: number) => Promise<State>): Promise<UserStateCache<State>> {
  let nextBoundary: { atMs: number; generation: number } | null = null;
  // Bumped when regulations (or everything) may have changed: the boundary is then looked up again.
  let regulationsGeneration = 0;
  const entries = await createNotifiedCache<number, State>(db, {
    channel: USER_CHANGED_CHANNEL,
    keyOf: Number,
    maxEntries: MAX_ENTRIES,
    onForgetEveryone: () => {
      regulationsGeneration += 1;
    },
  });

  /**
   * When the next regulation starts or ends, on this process's clock (Infinity: none scheduled).
   * What is read after this lookup stays true until then.
   */
  const regulationBoundary = async (): Promise<number> => {
    if (nextBoundary && nextBoundary.generation === regulationsGeneration && Date.now() < nextBoundary.atMs) return nextBoundary.atMs;
    const startedAt = { ms: Date.now(), generation: regulationsGeneration };
    // The database's clock decides what is in force, so the distance is measured on it.
    const { rows } = await db.query<{ in_ms: number | null }>(
      `SELECT (EXTRACT(EPOCH FROM min(t) - now()) * 1000)::float8 AS in_ms
         FROM (SELECT valid_from AS t FROM regulations WHERE valid_from > now()
               UNION ALL SELECT valid_to FROM regulations WHERE valid_to > now()) boundaries`,
    );
    const atMs = rows[0]?.in_ms == null ? Number.POSITIVE_INFINITY : startedAt.ms + rows[0].in_ms;
    if (startedAt.generation === regulationsGeneration) nextBoundary = { atMs, generation: startedAt.generation };
    return atMs;
  };

  return {
    get: (userId) =>
      entries.get(userId, async () => {
        const startedMs = Date.now();
        const boundaryMs = await regulationBoundary();
        return { value: await load(userId), expiresAtMs: Math.min(startedMs + MAX_AGE_MS, boundaryMs) };
      }),
    forget: entries.forget,
    close: entries.close,
  };
}
