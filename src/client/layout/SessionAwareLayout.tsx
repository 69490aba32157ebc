import type { ReactNode } from 'react';
import { useSession } from '../providers/session';
import { PanelLayout } from './PanelLayout';
import { UnauthorizedLayout } from './UnauthorizedLayout';

/** Pages anyone may open (the error screens): inside the panel when signed in, else the guest layout. */
export function SessionAwareLayout({ children }: { children: ReactNode }) {
  return useSession() ? <PanelLayout>{children}</PanelLayout> : <UnauthorizedLayout>{children}</UnauthorizedLayout>;
}
