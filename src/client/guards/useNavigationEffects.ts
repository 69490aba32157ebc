import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useCheckAuth } from 'react-admin';
import { useLocation } from 'react-router';
import { mayPrefetch } from '../layout/lazyScreen';
import { clearServiceState, isServicePath } from '../providers/service';
import { preloadScreens } from '../routes';

export const SCROLL_RESET_DELAY_MS = 400;

/**
 * What happens on each navigation inside the panel (SPEC 2, 4): the token is refreshed when fewer
 * than 600 s are left (authProvider.checkAuth; a failure signs out), leaving /usluga clears the
 * service state, and the page scrolls back to the top after 400 ms.
 */
export function useNavigationEffects(): void {
  const { pathname } = useLocation();
  const checkAuth = useCheckAuth();
  const queryClient = useQueryClient();
  // react-admin rebuilds checkAuth now and then; only a navigation should trigger the check.
  const checkAuthRef = useRef(checkAuth);
  useEffect(() => {
    checkAuthRef.current = checkAuth;
  }, [checkAuth]);

  useEffect(() => {
    checkAuthRef.current().catch(() => undefined);
  }, [pathname]);

  useEffect(() => {
    if (!isServicePath(pathname)) clearServiceState(queryClient);
  }, [pathname, queryClient]);

  useEffect(() => {
    const timer = window.setTimeout(() => window.scrollTo({ top: 0 }), SCROLL_RESET_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [pathname]);
}

/** Route code is fetched ahead only on 4g without the data saver (SPEC 2). */
export function usePrefetchScreens(): void {
  useEffect(() => {
    const connection = (navigator as Navigator & { connection?: { effectiveType?: string; saveData?: boolean } }).connection;
    if (!mayPrefetch(connection)) return;
    const idle = window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 1000));
    idle(() => preloadScreens());
  }, []);
}
