import { Suspense, type ReactNode } from 'react';
import { Loading } from 'react-admin';
import { loadTexts } from '../providers/i18nProvider';
import { lazyScreen } from './lazyScreen';

/*
 * The signed-in layout (sidebar, top bar, footer with DOMPurify, session timer) is its own chunk,
 * loaded with the modules' texts: the login page loads neither.
 */
const authorizedLayout = lazyScreen<{ children?: ReactNode }>(() =>
  Promise.all([import('./AuthorizedLayout'), loadTexts('modules')]).then(([module]) => ({ default: module.AuthorizedLayout })),
);

export function PanelLayout({ children }: { children?: ReactNode }) {
  return (
    <Suspense fallback={<Loading />}>
      <authorizedLayout.Component>{children}</authorizedLayout.Component>
    </Suspense>
  );
}
