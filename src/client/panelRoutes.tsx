import type { ComponentType } from 'react';
import { lazyScreen } from './layout/lazyScreen';
import type { AppRoute, RouteMeta } from './routes';
import type { ErrorPageProps } from './screens/errors/ErrorPage';
import { shellRoutes } from './shellRoutes';
import { moduleClientRoutes } from '../modules/client';

/*
 * The panel's routes besides the schema modules': the core pages and the modules' own pages. Free of
 * the build's virtual modules, so the server reads the same table (the help pages' route names).
 */

const screens = {
  userDashboard: lazyScreen(() => import('./screens/dashboard/UserDashboard')),
  profile: lazyScreen(() => import('./screens/profile/ProfilePage')),
  regulations: lazyScreen(() => import('./screens/profile/RegulationsPage')),
  regulationsHistory: lazyScreen(() => import('./screens/profile/RegulationsHistory')),
  userReports: lazyScreen(() => import('./screens/reports/UserReports')),
  newsList: lazyScreen(() => import('./screens/news/NewsList')),
  newsShow: lazyScreen(() => import('./screens/news/NewsShow')),
  serviceList: lazyScreen(() => import('./screens/services/ServiceList')),
  serviceDashboard: lazyScreen(() => import('./screens/services/ServiceDashboard')),
  adminDashboard: lazyScreen(() => import('./layout/AdminDashboard')),
  error401: lazyScreen<object>(() => import('./screens/errors/ErrorPage').then(errorScreen(401))),
  error403: lazyScreen<object>(() => import('./screens/errors/ErrorPage').then(errorScreen(403))),
  error404: lazyScreen<object>(() => import('./screens/errors/ErrorPage').then(errorScreen(404))),
  reminder: lazyScreen(() => import('./screens/auth/PasswordReminderPage')),
  reminderConfirm: lazyScreen(() => import('./screens/auth/PasswordReminderConfirmPage')),
  logout: lazyScreen(() => import('./screens/auth/LogoutPage')),
};

function errorScreen(status: ErrorPageProps['status']) {
  return (module: { default: ComponentType<ErrorPageProps> }): { default: ComponentType<object> } => {
    const ErrorPage = module.default;
    return { default: () => <ErrorPage status={status} /> };
  };
}

const title = (name: string) => `app.layout.titles.${name}`;

export const coreRoutes: AppRoute[] = [
  { name: 'user_dashboard', path: '/', title: title('user_dashboard'), access: 'authenticated', screen: screens.userDashboard },
  { name: 'user_profile', path: '/panel/profil', title: title('user_profile'), parent: 'user_dashboard', access: 'authenticated', screen: screens.profile },
  {
    name: 'user_profile_regulations',
    path: '/panel/profil/regulaminy',
    title: title('user_profile_regulations'),
    parent: 'user_profile',
    access: 'authenticated',
    screen: screens.regulations,
  },
  { name: 'user_regulations', path: '/regulaminy', title: title('user_regulations'), parent: 'user_dashboard', access: 'authenticated', screen: screens.regulationsHistory },
  { name: 'user_reports', path: '/raporty', title: title('user_reports'), parent: 'user_dashboard', access: 'authenticated', screen: screens.userReports },
  { name: 'user_profile_news', path: '/wiadomosci', title: title('user_profile_news'), parent: 'user_dashboard', access: 'authenticated', screen: screens.newsList },
  {
    name: 'user_profile_news_show',
    path: '/wiadomosci/:news_id',
    title: title('user_profile_news_show'),
    parent: 'user_profile_news',
    activePrefix: 'user_profile_news',
    access: 'authenticated',
    screen: screens.newsShow,
  },
  { name: 'service_list', path: '/uslugi/:service_shortcut', title: title('service_list'), parent: 'user_dashboard', access: 'authenticated', screen: screens.serviceList },
  { name: 'service_dashboard', path: '/usluga/:service_id', title: title('service_dashboard'), parent: 'user_dashboard', access: 'authenticated', screen: screens.serviceDashboard },
  { name: 'admin_dashboard', path: '/admin', title: title('admin_dashboard'), parent: 'user_dashboard', rootOnly: true, access: 'authenticated', screen: screens.adminDashboard },
  { name: 'error_401', path: '/error/401', title: title('error_401'), access: 'any', screen: screens.error401 },
  { name: 'error_403', path: '/error/403', title: title('error_403'), access: 'any', screen: screens.error403 },
  { name: 'error_404', path: '/error/404', title: title('error_404'), access: 'any', screen: screens.error404 },
  ...shellRoutes,
  { name: 'password_reminder', path: '/logowanie/przypomnij_haslo', title: title('password_reminder'), access: 'guest', screen: screens.reminder },
  {
    name: 'password_reminder_confirm',
    path: '/logowanie/przypomnij_haslo/aktywuj/:username/:confirm_code',
    title: title('password_reminder_confirm'),
    access: 'guest',
    screen: screens.reminderConfirm,
  },
  { name: 'logout', path: '/wyloguj', title: title('logout'), access: 'guest', screen: screens.logout },
];

/** The 404 screen for unknown paths (react-admin's catchAll). */
export const notFoundScreen = screens.error404;
export const notFoundTitle = title('error_404');

/**
 * Every route of the panel in the table's order: the core pages, then one list/create/edit/show route
 * per view of every schema in schemas/ (a module may replace one with a page of its own of the same
 * name), then the modules' own pages (src/modules/<domain>/client).
 */
export function withModuleRoutes<R extends RouteMeta>(schemaRoutes: readonly R[]): (AppRoute | R)[] {
  return [...coreRoutes, ...schemaRoutes.filter((route) => !moduleClientRoutes.some((own) => own.name === route.name)), ...moduleClientRoutes];
}
