import type { Db } from '../db';
import { createExpiringCache } from './expiring-cache';

/** The payload that drops every entry (a TRUNCATE, or a change that may concern everyone). */
export const EVERY_KEY = '*';

export interface Loaded<Value> {
  value: Value;
  /** Until when the value may be served without a notification having dropped it. */
  expiresAtMs: number;
}

export interface NotifiedCache<Key, Value> {
  /** The cached value, or load's (kept unless an invalidation overlapped it); rejections pass through uncached. */
  get(key: Key, load: () => Promise<Loaded<Value>>): Promise<Value>;
  /** Drops what this process holds for the key (the database tells the other processes). */
  forget(key: Key): void;
  /** Drops everything this process holds (after a change this process committed; the database tells the others). */
  forgetAll(): void;
  close(): Promise<void>;
}

/**
 * Values cached in this process and kept exact across processes by database notifications on one
 * channel, whose payload names the key to drop (or EVERY_KEY). While the listening connection is
 * down, notifications may be lost, so nothing is cached until it listens again.
 */
export async function createNotifiedCache<Key, Value>(
  db: Db,
  /** keyOf: the key a payload names; without it every notification drops everything. */
  options: { channel: string; keyOf?(payload: string): Key; maxEntries: number; onForgetEveryone?(): void },
): Promise<NotifiedCache<Key, Value>> {
  const entries = createExpiringCache<Key, Value>(options.maxEntries);
  let listening = true;
  // Bumped by every invalidation: a load that overlapped one may have read the old rows, so it is not kept.
  let generation = 0;
  const loading = new Map<Key, { generation: number; value: Promise<Value> }>();

  const forgetEveryone = () => {
    generation += 1;
    entries.clear();
    options.onForgetEveryone?.();
  };
  const forget = (key: Key) => {
    generation += 1;
    entries.delete(key);
  };

  const stopListening = await db.listen(
    options.channel,
    (payload) => (payload === EVERY_KEY || !options.keyOf ? forgetEveryone() : forget(options.keyOf(payload))),
    (nowListening) => {
      listening = nowListening;
      forgetEveryone();
    },
  );

  return {
    async get(key, load) {
      const cached = entries.get(key);
      if (cached !== undefined) return cached;
      // Requests that miss together share one load, unless an invalidation came since it began.
      const pending = loading.get(key);
      if (pending?.generation === generation) return pending.value;
      const startedAt = generation;
      const value = load().then(({ value: loaded, expiresAtMs }) => {
        if (listening && startedAt === generation) entries.set(key, loaded, expiresAtMs);
        return loaded;
      });
      loading.set(key, { generation: startedAt, value });
      try {
        return await value;
      } finally {
        if (loading.get(key)?.value === value) loading.delete(key);
      }
    },
    forget,
    forgetAll: forgetEveryone,
    async close() {
      listening = false;
      forgetEveryone();
      await stopListening();
    },
  };
}
