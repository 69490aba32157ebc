import { lazyScreen } from '../../../client/layout/lazyScreen';
import type { AppRoute } from '../../../client/routes';

/** The service admin area every kind of service has (root users): admin/uprawnienia, the service's modules. */
export const servicesAdminRoutes: AppRoute[] = [
  {
    name: 'service_admin_modules',
    path: '/usluga/:service_id/admin/uprawnienia',
    title: 'app.service_admin.modules.title',
    parent: 'service_dashboard',
    rootOnly: true,
    access: 'authenticated',
    screen: lazyScreen(() => import('./ServiceModulesScreen')),
  },
];
