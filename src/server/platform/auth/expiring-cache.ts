/** A bounded map whose entries each expire at their own time; the least recently used goes first. */
export interface ExpiringCache<K, V> {
  /** The value, unless absent or expired (expired entries are dropped). */
  get(key: K): V | undefined;
  set(key: K, value: V, expiresAtMs: number): void;
  delete(key: K): void;
  clear(): void;
}

export function createExpiringCache<K, V>(maxEntries: number): ExpiringCache<K, V> {
  // A Map iterates in insertion order: re-inserting on every hit keeps the least recently used first.
  const entries = new Map<K, { value: V; expiresAtMs: number }>();
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key);
      if (Date.now() >= entry.expiresAtMs) return undefined;
      entries.set(key, entry);
      return entry.value;
    },
    set(key, value, expiresAtMs) {
      entries.delete(key);
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as K);
      entries.set(key, { value, expiresAtMs });
    },
    delete(key) {
      entries.delete(key);
    },
    clear() {
      entries.clear();
    },
  };
}
