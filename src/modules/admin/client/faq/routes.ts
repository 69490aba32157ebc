import { lazyScreen } from '../../../../client/layout/lazyScreen';
import type { AppRoute } from '../../../../client/routes';

/** The FAQ as users read it (root keeps it at /admin/faq, the schema modules' screens). */
export const faqRoutes: AppRoute[] = [
  { name: 'user_faq', path: '/faq', title: 'app.layout.titles.user_faq', parent: 'user_dashboard', access: 'authenticated', screen: lazyScreen(() => import('./FaqPage')) },
];
