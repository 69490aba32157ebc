import type { ReactNode } from 'react';
import { useSession } from '../providers/tokens';
import { PanelLayout } from './PanelLayout';
import { UnauthorizedLayout } from './UnauthorizedLayout';

/** Pages anyone may open (the error screens): inside the panel when signed in, else the guest layout. */
export function SessionAwareLayout({ title, children }: { title: string; children: ReactNode }) {
  return useSession() ? <PanelLayout>{children}</PanelLayout> : <UnauthorizedLayout title={title}>{children}</UnauthorizedLayout>;
}
