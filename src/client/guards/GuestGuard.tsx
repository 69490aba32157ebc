import type { ReactNode } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { afterLoginPath, CALLBACK_PARAM, isLoginFamilyPath } from '../providers/callbackUrl';
import { useSession } from '../providers/tokens';

/** SPEC 4: signed-in users on login-family pages go to the callback URL, or to the dashboard. */
export function GuestGuard({ children }: { children: ReactNode }) {
  const session = useSession();
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  if (session && isLoginFamilyPath(pathname)) {
    return <Navigate to={afterLoginPath(search.get(CALLBACK_PARAM), window.location.origin)} replace />;
  }
  return children;
}
