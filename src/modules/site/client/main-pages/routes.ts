import { lazyScreen } from '../../../../client/layout/lazyScreen';
import type { AppRoute } from '../../../../client/routes';

export const LIST = 'service_appearance_main_pages';
export const PAGE = 'service_appearance_main_page';
export const SECTION = 'service_appearance_main_page_section';
const base = '/usluga/:service_id/wyglad/strona_glowna';
const api = '/client_service/{service_id}/module/main_pages/{main_page_prefix}';
const common = { module: 'main_pages', access: 'authenticated' as const, activePrefix: LIST };
const sectionTitle = { api: `${api}/sections/{section_id}`, label: 'name' };
const sectionScreen = lazyScreen(() => import('./SectionScreens'));

/**
 * The home-page builder (SPEC 2 wyglad/strona_glowna): the list of home pages, a page with its
 * sections, and a section's name, content (tresc) and look (wyglad) pages, each titled by the
 * record it is about.
 */
export const mainPageRoutes: AppRoute[] = [
  { name: LIST, path: base, title: 'app.main_pages.title', parent: 'service_dashboard', ...common, screen: lazyScreen(() => import('./MainPagesList')) },
  { name: PAGE, path: `${base}/:main_page_prefix`, title: 'app.main_pages.page', parent: LIST, titleRecord: { api, label: 'name' }, ...common, screen: lazyScreen(() => import('./MainPageScreen')) },
  { name: SECTION, path: `${base}/:main_page_prefix/edytuj/:section_id`, title: 'app.main_pages.section.title', parent: PAGE, titleRecord: sectionTitle, ...common, screen: sectionScreen },
  { name: `${SECTION}_content`, path: `${base}/:main_page_prefix/edytuj/:section_id/tresc`, title: 'app.main_pages.section.content', parent: SECTION, ...common, screen: sectionScreen },
  { name: `${SECTION}_look`, path: `${base}/:main_page_prefix/edytuj/:section_id/wyglad`, title: 'app.main_pages.section.look', parent: SECTION, ...common, screen: sectionScreen },
];
