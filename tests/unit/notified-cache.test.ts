import { describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/platform/db';
import { createNotifiedCache } from '../../src/server/platform/auth/notified-cache';

/** A database whose only use here is LISTEN: `notify` delivers a payload as a committed NOTIFY would. */
function listeningDb() {
  let deliver: (payload: string) => void = () => {};
  const db = {
    listen: async (_channel: string, handler: (payload: string) => void) => {
      deliver = handler;
      return async () => {};
    },
  } as unknown as Db;
  return { db, notify: (payload: string) => deliver(payload) };
}

/** A load the test settles by hand, counting how often the cache started one. */
function manualLoads() {
  const started: ((value: string) => void)[] = [];
  const load = () => new Promise<{ value: string; expiresAtMs: number }>((resolve) => started.push((value) => resolve({ value, expiresAtMs: Date.now() + 60_000 })));
  return { load, started };
}

describe('the notified cache', () => {
  it('shares one load among the requests that miss together, then serves the kept value', async () => {
    const { db } = listeningDb();
    const cache = await createNotifiedCache<string, string>(db, { channel: 'c', maxEntries: 10 });
    const { load, started } = manualLoads();
    const answers = Promise.all([cache.get('k', load), cache.get('k', load), cache.get('k', load)]);
    expect(started).toHaveLength(1);
    started[0]('one');
    expect(await answers).toEqual(['one', 'one', 'one']);
    expect(await cache.get('k', load)).toBe('one');
    expect(started).toHaveLength(1);
  });

  it('starts a new load for a request that comes after an invalidation, and keeps neither stale answer', async () => {
    const { db, notify } = listeningDb();
    const cache = await createNotifiedCache<string, string>(db, { channel: 'c', keyOf: String, maxEntries: 10 });
    const { load, started } = manualLoads();
    const before = cache.get('k', load);
    notify('k');
    const after = cache.get('k', load);
    expect(started).toHaveLength(2);
    started[0]('old');
    started[1]('new');
    expect(await before).toBe('old');
    expect(await after).toBe('new');
    // The second load began after the notification, so its value is kept.
    expect(await cache.get('k', load)).toBe('new');
    expect(started).toHaveLength(2);
  });

  it('passes a failed load to every request that shared it, and keeps nothing', async () => {
    const { db } = listeningDb();
    const cache = await createNotifiedCache<string, string>(db, { channel: 'c', maxEntries: 10 });
    let calls = 0;
    const failing = async () => {
      calls += 1;
      throw new Error('refused');
    };
    const results = await Promise.allSettled([cache.get('k', failing), cache.get('k', failing)]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(calls).toBe(1);
    await expect(cache.get('k', failing)).rejects.toThrow('refused');
    expect(calls).toBe(2);
  });
});
