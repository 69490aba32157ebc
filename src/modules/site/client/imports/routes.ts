import { lazyScreen, type LazyScreen } from '../../../../client/layout/lazyScreen';
import type { AppRoute } from '../../../../client/routes';

const LIST = 'service_configuration_imports';
const base = '/usluga/:service_id/konfiguracja/importy';
const page = { parent: LIST, activePrefix: LIST, module: 'imports', access: 'authenticated' as const };

/** The imports list's screen: the schema module's list, behind the page flags (SPEC 4 redirects). */
export const importScreens: Record<string, LazyScreen<object>> = {
  [LIST]: lazyScreen(() => import('./ImportsListPage')),
};

/** konfiguracja/importy/eksporty and /zrodla. */
export const importRoutes: AppRoute[] = [
  { name: `${LIST}_exports`, path: `${base}/eksporty`, title: 'app.imports.exports.title', ...page, screen: lazyScreen(() => import('./ExportsPage')) },
  { name: `${LIST}_sources`, path: `${base}/zrodla`, title: 'app.imports.sources.title', ...page, screen: lazyScreen(() => import('./SourcesPage')) },
];
