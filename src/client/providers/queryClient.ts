import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { forcedPathOfCode } from '../guards/rules';
import { currentPath, navigateTo, notifyFromOutside, routerMoveCount } from './bridge';
import { loginRedirectPath } from './callbackUrl';
import { ApiError, errorMessage, isApiError } from './http';
import { currentUserQueryKey } from './session';
import { signOut } from './signOut';
import { getSession } from './tokens';

export const MAX_QUERY_RETRIES = 3;
export const FORBIDDEN_PATH = '/error/403';

/** SPEC 8: up to 3 retries, only for failures that are not HTTP errors, or HTTP 400. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_QUERY_RETRIES) return false;
  return !(error instanceof ApiError) || error.status === 400;
}

/**
 * The page a 403 sends the user to when the server refuses because a SPEC 4 step is pending
 * (regulations, password): the page the guards would show; null for any other error.
 */
export function pendingStepPath(error: unknown): string | null {
  return isApiError(error, 403) ? forcedPathOfCode(error.body.code) : null;
}

/**
 * SPEC 4: 401 signs the user out (back to login with the callback URL); a 403 naming a pending step
 * goes where the guards send such a user; any other 403 shows the forbidden screen.
 */
export async function handleAccessError(error: unknown): Promise<boolean> {
  if (isApiError(error, 401)) {
    if (getSession()) {
      const redirect = loginRedirectPath(window.location);
      await signOut();
      queryClient.clear();
      navigateTo(redirect, { replace: true });
    }
    return true;
  }
  const forced = pendingStepPath(error);
  if (forced) {
    // The user's state changed since it was read (e.g. a regulation came into force): the guards need the new one.
    void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    if (currentPath() !== forced) navigateTo(forced, { replace: true });
    return true;
  }
  if (isApiError(error, 403)) {
    showForbidden();
    return true;
  }
  return false;
}

let lastForbidden = { path: '', routerMove: -1 };

/**
 * The 403 screen; inside a service (SPEC 6, 8) first the toast 'Brak dostępu.'. Said once, however
 * many of the page's calls are refused together: the first one has already left for the 403 screen.
 */
export function showForbidden(): void {
  const pathname = currentPath();
  // Calls refused before the router has moved (a lazy screen may hold it back) all see the old path.
  const routerMove = routerMoveCount();
  if (pathname === FORBIDDEN_PATH || (pathname === lastForbidden.path && routerMove === lastForbidden.routerMove)) return;
  lastForbidden = { path: pathname, routerMove };
  if (pathname.startsWith('/usluga/')) notifyFromOutside('errors.forbidden', { type: 'error' });
  navigateTo(FORBIDDEN_PATH, { replace: true });
}

/**
 * The shared handler of mutation errors: the server's detail in a toast, or the generic message.
 * Mutations with their own onError (react-admin's hooks, forms showing field errors) handle theirs.
 */
function handleMutationError(error: unknown, hasOwnHandler: boolean): void {
  if (isApiError(error, 401) || pendingStepPath(error)) {
    void handleAccessError(error);
    return;
  }
  if (!hasOwnHandler) notifyFromOutside(errorMessage(error), { type: 'error' });
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error) => {
      void handleAccessError(error);
    },
  }),
  mutationCache: new MutationCache({
    onError: (error, _variables, _context, mutation) => handleMutationError(error, Boolean(mutation.options.onError)),
  }),
  defaultOptions: {
    queries: { retry: shouldRetryQuery, refetchOnWindowFocus: false },
  },
});
