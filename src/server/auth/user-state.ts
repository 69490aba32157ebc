import type { Db } from '../db';
import { createExpiringCache } from './expiring-cache';

/** The channel migration 020's triggers notify: a user id, or EVERY_USER. */
export const USER_CHANGED_CHANNEL = 'panel_user_changed';
const EVERY_USER = '*';

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
 * moment a regulation starts or ends, and after MAX_AGE_MS at most. While the listening connection
 * is down, notifications may be lost, so nothing is cached until it listens again.
 */
export async function createUserStateCache<State>(db: Db, load: (userId: number) => Promise<State>): Promise<UserStateCache<State>> {
  const entries = createExpiringCache<number, State>(MAX_ENTRIES);
  let listening = true;
  // Bumped by every invalidation: a load that overlapped one may have read the old rows, so it is not kept.
  let generation = 0;
  let nextBoundary: { atMs: number; generation: number } | null = null;
  // Bumped when regulations (or everything) may have changed: the boundary is then looked up again.
  let regulationsGeneration = 0;

  const forgetEveryone = () => {
    generation += 1;
    regulationsGeneration += 1;
    entries.clear();
  };
  const forget = (userId: number) => {
    generation += 1;
    entries.delete(userId);
  };

  const stopListening = await db.listen(
    USER_CHANGED_CHANNEL,
    (payload) => (payload === EVERY_USER ? forgetEveryone() : forget(Number(payload))),
    (nowListening) => {
      listening = nowListening;
      forgetEveryone();
    },
  );

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
    async get(userId) {
      const cached = entries.get(userId);
      if (cached !== undefined) return cached;
      const startedAt = { ms: Date.now(), generation };
      const boundaryMs = await regulationBoundary();
      const state = await load(userId);
      if (listening && startedAt.generation === generation) entries.set(userId, state, Math.min(startedAt.ms + MAX_AGE_MS, boundaryMs));
      return state;
    },
    forget,
    async close() {
      listening = false;
      forgetEveryone();
      await stopListening();
    },
  };
}
