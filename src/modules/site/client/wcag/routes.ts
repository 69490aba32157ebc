import { lazyScreen } from '../../../../client/layout/lazyScreen';
import type { AppRoute } from '../../../../client/routes';

/*
 * The WCAG assistant (SPEC 2 "moduly/wcag: analysis; wynik/{type}/{prefix?} scores; kryteria with
 * {principle_id}/{guideline_id}/{criterion_id}; faq"), hand-written screens under /usluga/:service_id.
 */
const ANALYSIS = 'service_modules_wcag';
const base = '/usluga/:service_id/moduly/wcag';
const page = { module: 'wcag', access: 'authenticated', activePrefix: ANALYSIS } as const;

export const wcagRoutes: AppRoute[] = [
  { ...page, name: ANALYSIS, path: base, title: 'app.wcag.analysis.title', parent: 'service_dashboard', activePrefix: undefined, screen: lazyScreen(() => import('./AnalysisScreen')) },
  { ...page, name: `${ANALYSIS}_scores`, path: `${base}/wynik/:type/:prefix?`, title: 'app.wcag.scores.title', parent: ANALYSIS, screen: lazyScreen(() => import('./ScoresScreen')) },
  { ...page, name: `${ANALYSIS}_criteria`, path: `${base}/kryteria`, title: 'app.wcag.criteria.title', parent: ANALYSIS, screen: lazyScreen(() => import('./CriteriaScreen')) },
  {
    ...page,
    name: `${ANALYSIS}_criterion`,
    path: `${base}/kryteria/:principle_id/:guideline_id/:criterion_id`,
    title: 'app.wcag.criterion.title',
    parent: `${ANALYSIS}_criteria`,
    screen: lazyScreen(() => import('./CriterionScreen')),
  },
  { ...page, name: `${ANALYSIS}_faq`, path: `${base}/faq`, title: 'app.wcag.faq.title', parent: ANALYSIS, screen: lazyScreen(() => import('./FaqScreen')) },
];
