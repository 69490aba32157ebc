import { matchRoutes } from 'react-router';
import type { LazyScreen } from './layout/lazyScreen';
import { withModuleRoutes } from './panelRoutes';
import { schemaRoutes } from './schema/routes';
import { moduleClientScreens } from '../modules/client';

/**
 * Who may open a route: signed-in users (inside the authorized layout), guests only (the login
 * family and /wyloguj; signed-in users are sent on from the login family), or anyone (error pages).
 */
export type RouteAccess = 'authenticated' | 'guest' | 'any';

export interface RouteMeta {
  /** The route name menus and links refer to (a menu item's prefix). */
  name: string;
  /** A react-router pattern; SPEC 2 Polish paths. */
  path: string;
  /** Catalogue key of the page title (breadcrumbs, document title). */
  title: string;
  /** The route above this one in the breadcrumbs. */
  parent?: string;
  /** The menu item (route name) shown active on this route, when it is not this route itself. */
  activePrefix?: string;
  /** Permission module a service route needs (GET /api/user/permissions/client_service/{id}.modules). */
  module?: string;
  rootOnly?: boolean;
  access: RouteAccess;
  /** A page titled by the record it is about (a news category's page by its name), once read. */
  titleRecord?: TitleRecord;
}

/** A record naming a page: its API address (without /api; placeholders from the route's params) and its label field. */
export interface TitleRecord {
  api: string;
  label: string;
}

export interface AppRoute extends RouteMeta {
  screen: LazyScreen<object>;
}

// A module may put its own screen on a schema route (by its name).
export const routes: AppRoute[] = withModuleRoutes(schemaRoutes.map((route) => ({ ...route, screen: moduleClientScreens[route.name] ?? route.screen })));

export { notFoundScreen, notFoundTitle } from './panelRoutes';

export const routesByName: ReadonlyMap<string, AppRoute> = new Map(routes.map((route) => [route.name, route]));

export interface RouteMatch {
  route: AppRoute;
  params: Record<string, string>;
}

export function matchRoute(pathname: string): RouteMatch | undefined {
  // Ranked as the router ranks them: a static segment wins over a param (wiadomosci/wszystkie over wiadomosci/{category_id}).
  const match = matchRoutes(rankedRoutes, pathname)?.[0];
  return match ? { route: match.route.meta, params: match.params as Record<string, string> } : undefined;
}

const rankedRoutes = routes.map((route) => ({ path: route.path, meta: route }));

/** Loads every screen the signed-in user may open, ahead of navigation. */
export function preloadScreens(): void {
  for (const route of routes) if (route.access === 'authenticated') route.screen.preload();
}
