import { lazyScreen, type LazyScreen } from '../client/layout/lazyScreen';
import type { AppRoute } from '../client/routes';
import { faqRoutes } from './admin/client/faq/routes';
import { cronRoutes } from './admin/client/cron/routes';
import { surveyRoutes } from './admin/client/surveys/routes';
import { diskRoutes } from './disk/client/routes';
import { newsletterReportRoutes } from './newsletter/client/reports/routes';
import { newsletterRoutes, newsletterScreens } from './newsletter/client/routes';
import { servicesAdminRoutes } from './services/client/routes';
import { formScreens } from './site/client/forms/routes';
import { importRoutes, importScreens } from './site/client/imports/routes';
import { statisticsRoutes } from './site/client/statistics/routes';
import { mainPageRoutes } from './site/client/main-pages/routes';
import { wcagRoutes } from './site/client/wcag/routes';

/**
 * The browser's side of the modules that need code beyond their schema files (src/modules/<domain>/client):
 * pages of their own, and screens put on a schema module's route by its name. Each screen loads lazily.
 */
export const moduleClientRoutes: AppRoute[] = [...servicesAdminRoutes, ...newsletterRoutes, ...newsletterReportRoutes, ...importRoutes, ...diskRoutes, ...statisticsRoutes, ...mainPageRoutes, ...wcagRoutes, ...faqRoutes, ...surveyRoutes, ...cronRoutes];

export const moduleClientScreens: Record<string, LazyScreen<object>> = { ...importScreens, ...newsletterScreens, ...formScreens };

/** Notes the modules put at the top of the user's dashboard (an open survey's invitation), each loaded with the dashboard and showing nothing until it has something to say. */
export const moduleDashboardPanels: LazyScreen<object>[] = [lazyScreen(() => import('./admin/client/surveys/SurveyOffer'))];
