import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

const RELOAD_GUARD_KEY = 'chunk-reload';
export const CACHE_BUST_PARAM = 'v';

export interface LazyScreen<P> {
  Component: LazyExoticComponent<ComponentType<P>>;
  /** Starts loading the code ahead of navigation. */
  preload(): void;
}

/**
 * A failed chunk load usually means a new deployment replaced the files: reload once with a
 * cache-busting parameter. The session-storage guard stops a reload loop when the chunk is really gone.
 */
export function reloadOnceForFailedChunk(
  error: unknown,
  page: { storage: Storage; location: Pick<Location, 'href' | 'replace'> } = { storage: sessionStorage, location: window.location },
): never {
  if (!page.storage.getItem(RELOAD_GUARD_KEY)) {
    page.storage.setItem(RELOAD_GUARD_KEY, '1');
    const url = new URL(page.location.href);
    url.searchParams.set(CACHE_BUST_PARAM, String(Date.now()));
    page.location.replace(url.toString());
  }
  throw error;
}

export function lazyScreen<P>(load: () => Promise<{ default: ComponentType<P> }>): LazyScreen<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const fetchModule = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  return {
    Component: lazy(() =>
      fetchModule().then(
        (module) => {
          sessionStorage.removeItem(RELOAD_GUARD_KEY);
          return module;
        },
        (error: unknown) => reloadOnceForFailedChunk(error),
      ),
    ),
    preload: () => {
      fetchModule().catch(() => undefined);
    },
  };
}

interface NetworkInformation {
  effectiveType?: string;
  saveData?: boolean;
}

/** SPEC 2: route code is prefetched only on a 4g connection without the data saver. */
export function mayPrefetch(connection: NetworkInformation | undefined): boolean {
  return connection?.effectiveType === '4g' && !connection.saveData;
}
