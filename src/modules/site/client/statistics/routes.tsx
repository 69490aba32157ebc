import { lazyScreen } from '../../../../client/layout/lazyScreen';
import type { AppRoute } from '../../../../client/routes';
import { STATISTICS_MODULE } from '../../common/statistics/module';

/*
 * The site's visit statistics (SPEC 2: raporty/statystyki with sumy and zrodla). Each screen loads
 * its code, the charts with it, when opened.
 */
const screens = {
  visits: lazyScreen(() => import('./VisitStatistics')),
  sums: lazyScreen(() => import('./VisitSums')),
  sources: lazyScreen(() => import('./VisitSources')),
};

const base = { access: 'authenticated', module: STATISTICS_MODULE } as const;

export const statisticsRoutes: AppRoute[] = [
  { ...base, name: 'service_reports_visits', path: '/usluga/:service_id/raporty/statystyki', title: 'resources.site_statistics.visits.title', parent: 'service_dashboard', screen: screens.visits },
  {
    ...base,
    name: 'service_reports_visits_sums',
    path: '/usluga/:service_id/raporty/statystyki/sumy',
    title: 'resources.site_statistics.sums.title',
    parent: 'service_reports_visits',
    screen: screens.sums,
  },
  {
    ...base,
    name: 'service_reports_visits_sources',
    path: '/usluga/:service_id/raporty/statystyki/zrodla',
    title: 'resources.site_statistics.sources.title',
    parent: 'service_reports_visits',
    screen: screens.sources,
  },
];
