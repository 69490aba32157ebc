import { withModuleRoutes } from '../../../../client/panelRoutes';
import type { RouteMeta } from '../../../../client/routes';
import { buildSchemaRoutes } from '../../../../client/schema/routeTable';
import type { ModuleSchema } from '../../../../common/schema';
import { t } from '../../../../server/platform/http/errors';

export interface HelpRoute {
  /** The route name. */
  id: string;
  /** Its Polish title (under its parent's when the title is a generic view's, such as 'Dodaj') and its path. */
  name: string;
}

const GENERIC_TITLE = 'app.schema.views.';

/**
 * The screens a help page may be tied to: every signed-in screen of the browser's own route table
 * (the same table, made from the same schemas), in the order of their Polish titles.
 */
export function helpRoutes(modules: readonly ModuleSchema[]): HelpRoute[] {
  const routes: RouteMeta[] = withModuleRoutes(buildSchemaRoutes(modules));
  const byName = new Map(routes.map((route) => [route.name, route]));
  const title = (route: RouteMeta): string => {
    const parent = route.parent ? byName.get(route.parent) : undefined;
    return route.title.startsWith(GENERIC_TITLE) && parent ? `${title(parent)} – ${t(route.title)}` : t(route.title);
  };
  return routes
    .filter((route) => route.access === 'authenticated')
    .map((route) => ({ id: route.name, name: t('app.help.route_choice', { title: title(route), path: route.path }) }))
    .sort((a, b) => a.name.localeCompare(b.name, 'pl'));
}
