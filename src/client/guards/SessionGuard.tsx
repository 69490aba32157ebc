import type { ReactNode } from 'react';
import { Loading } from 'react-admin';
import { Navigate, useLocation } from 'react-router';
import { mayAccess } from '../providers/authProvider';
import { FORBIDDEN_PATH } from '../providers/queryClient';
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
  if (!user) return <Loading />;
  const forced = forcedPath(user);
  if (forced && pathname !== forced) return <Navigate to={forced} replace />;
  if (!mayAccess(user, Boolean(matchRoute(pathname)?.route.rootOnly))) return <Navigate to={FORBIDDEN_PATH} replace />;
  return children;
}
