import { lazyScreen } from '../../../../client/layout/lazyScreen';
import type { AppRoute } from '../../../../client/routes';

/*
 * The newsletter reports (SPEC 2: raporty/statystyki_wysylek with sumy, raporty/logi). Each screen
 * loads its code, the charts with it, when opened.
 */
const screens = {
  statistics: lazyScreen(() => import('./MailingStatistics')),
  totals: lazyScreen(() => import('./MailingTotals')),
  logs: lazyScreen(() => import('./DeliveryLogs')),
};

const base = { access: 'authenticated', module: 'mailings' } as const;

export const newsletterReportRoutes: AppRoute[] = [
  {
    ...base,
    name: 'service_reports_mailings',
    path: '/usluga/:service_id/raporty/statystyki_wysylek',
    title: 'resources.newsletter_reports.statistics.title',
    parent: 'service_dashboard',
    screen: screens.statistics,
  },
  {
    ...base,
    name: 'service_reports_mailings_totals',
    path: '/usluga/:service_id/raporty/statystyki_wysylek/sumy',
    title: 'resources.newsletter_reports.totals.title',
    parent: 'service_reports_mailings',
    activePrefix: 'service_reports_mailings',
    screen: screens.totals,
  },
  { ...base, name: 'service_reports_logs', path: '/usluga/:service_id/raporty/logi', title: 'resources.newsletter_reports.logs.title', parent: 'service_dashboard', screen: screens.logs },
];
