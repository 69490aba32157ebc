import { useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { Loading, Navigate, useLocation } from 'react-admin';
import { mayAccess } from '../providers/authProvider';
import { FORBIDDEN_PATH, pendingStepPath } from '../providers/queryClient';
import { useCurrentUser } from '../providers/session';
import { matchRoute } from '../routes';
import { forcedPath } from './rules';

/**
 * The SPEC 4 routing guards of signed-in pages (the layout has already sent users without a token
 * to login): regulations or password to settle -> that page only; root-only routes -> 403 for others.
 */
export function SessionGuard({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const { user } = useCurrentUser();
  const queryClient = useQueryClient();
  const forced = user && forcedPath(user);
  useEffect(() => {
    // What the server refused while a step was pending (the menu, the news badge) is asked again once it is settled.
    if (forced === null) void queryClient.refetchQueries({ predicate: (query) => pendingStepPath(query.state.error) !== null });
  }, [forced, queryClient]);
  if (!user) return <Loading />;
  if (forced && pathname !== forced) return <Navigate to={forced} replace />;
  if (!mayAccess(user, Boolean(matchRoute(pathname)?.route.rootOnly))) return <Navigate to={FORBIDDEN_PATH} replace />;
  return children;
}
