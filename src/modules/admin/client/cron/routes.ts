import { lazyScreen } from '../../../../client/layout/lazyScreen';
import type { AppRoute } from '../../../../client/routes';

const runsScreen = lazyScreen(() => import('./CronRunsPage'));

/** The scheduled jobs' logs beside the schema modules' screens (/admin/cron, /admin/cron/projekty): every job's runs, or one job's. */
export const cronRoutes: AppRoute[] = [
  { name: 'admin_cron_runs', path: '/admin/cron/logi', title: 'app.layout.titles.admin_cron_runs', parent: 'admin_cron', activePrefix: 'admin_cron', rootOnly: true, access: 'authenticated', screen: runsScreen },
  { name: 'admin_cron_job_runs', path: '/admin/cron/logi/:cron_job_id', title: 'app.layout.titles.admin_cron_job_runs', parent: 'admin_cron_runs', activePrefix: 'admin_cron', rootOnly: true, access: 'authenticated', screen: runsScreen },
];
