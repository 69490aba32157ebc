import { lazyScreen } from './layout/lazyScreen';
import type { AppRoute } from './routes';

/**
 * The routes the app's shell (App.tsx) serves without react-admin: the login page, the first page
 * most visits open, and the blocked-account page it leads to. Every other route is the panel's
 * (Panel.tsx), loaded after them.
 */
export const shellRoutes: AppRoute[] = [
  { name: 'login', path: '/logowanie', title: 'app.layout.titles.login', access: 'guest', screen: lazyScreen(() => import('./screens/auth/LoginPage')) },
  {
    name: 'login_blocked',
    path: '/logowanie/blokada',
    title: 'app.layout.titles.login_blocked',
    access: 'guest',
    screen: lazyScreen(() => import('./screens/auth/BlockedPage')),
  },
];
