import type { ReactNode } from 'react';
import { Loading, LogoutOnMount } from 'react-admin';
import { Navigate, useLocation } from 'react-router';
import { mayAccess } from '../providers/authProvider';
import { FORBIDDEN_PATH } from '../providers/queryClient';
import { useCurrentUser, useSession } from '../providers/session';
import { matchRoute } from '../routes';
import { forcedPath } from './rules';

/**
 * The SPEC 4 routing guards of signed-in pages: no access token -> logout, then login with the callback URL;
 * regulations or password to settle -> that page only; root-only routes -> 403 for other users.
 */
export function SessionGuard({ children }: { children: ReactNode }) {
  const session = useSession();
  const { pathname } = useLocation();
  const { user } = useCurrentUser();
  // Signing out revokes the refresh token left in storage and goes to login with the callback URL.
  if (!session) return <LogoutOnMount />;
  if (!user) return <Loading />;
  const forced = forcedPath(user);
  if (forced && pathname !== forced) return <Navigate to={forced} replace />;
  if (!mayAccess(user, Boolean(matchRoute(pathname)?.route.rootOnly))) return <Navigate to={FORBIDDEN_PATH} replace />;
  return children;
}
