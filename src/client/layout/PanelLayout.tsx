import { Suspense, type ReactNode } from 'react';
import { Loading } from 'react-admin';
import { lazyScreen } from './lazyScreen';

/*
 * The signed-in layout (sidebar, top bar, footer with DOMPurify, session timer) is its own chunk:
 * the login page does not load it.
 */
const authorizedLayout = lazyScreen<{ children?: ReactNode }>(() => import('./AuthorizedLayout').then((module) => ({ default: module.AuthorizedLayout })));

export function PanelLayout({ children }: { children?: ReactNode }) {
  return (
    <Suspense fallback={<Loading />}>
      <authorizedLayout.Component>{children}</authorizedLayout.Component>
    </Suspense>
  );
}
