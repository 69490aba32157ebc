import type { ReactNode } from 'react';
import { useSession } from '../providers/session';
import { AuthorizedLayout } from './AuthorizedLayout';
import { UnauthorizedLayout } from './UnauthorizedLayout';

/** Pages anyone may open (the error screens): inside the panel when signed in, else the guest layout. */
export function SessionAwareLayout({ children }: { children: ReactNode }) {
  return useSession() ? <AuthorizedLayout>{children}</AuthorizedLayout> : <UnauthorizedLayout>{children}</UnauthorizedLayout>;
}
