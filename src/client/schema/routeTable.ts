import { routeName, routePattern } from '../../common/schema/paths';
import type { AdminBlock, AdminRouteViews, ModuleSchema } from '../../common/schema/types';
import type { RouteMeta } from '../routes';

/*
 * The schema modules' route table, made from the registry. Pure: the build's schema plugin makes it
 * ahead (virtual:schema-routes), so the first page loads the routes without the schemas themselves.
 */

export type SchemaView = keyof AdminRouteViews;

/** What a schema screen needs to know: which module and which of its views. */
export interface SchemaScreenProps {
  resource: string;
  view: SchemaView;
}

/** Which screen a route shows: a list, a form (create, edit, a singleton's page) or a record's details. */
export type ScreenKind = 'list' | 'form' | 'show';

export interface SchemaRouteMeta extends RouteMeta, SchemaScreenProps {
  screenKind: ScreenKind;
}

const VIEWS: readonly SchemaView[] = ['list', 'create', 'edit', 'show'];

/** The parent of a module's first screen in the breadcrumbs, by scope. */
const scopeParent = { service: 'service_dashboard', admin: 'admin_dashboard', user: 'user_dashboard' } as const;

/** The screen of a record its nested modules' pages sit under: its show view, else its edit view, else its list. */
export function recordRouteName(admin: AdminBlock): string {
  const view = (['show', 'edit', 'list'] as const).find((candidate) => admin.route.views[candidate] !== undefined) ?? 'list';
  return routeName(admin, view);
}

/**
 * The routes one module gives: one per view x-admin declares, the sub-views under the module's own
 * screen, a nested module's screens under its parent record's screen (the parent's menu entry active).
 */
export function moduleRoutes(module: ModuleSchema, byResource: (resource: string) => ModuleSchema | undefined = () => undefined): SchemaRouteMeta[] {
  const { admin } = module;
  const views = VIEWS.filter((view) => admin.route.views[view] !== undefined);
  const home = views.find((view) => admin.route.views[view] === '');
  const parent = admin.parent ? byResource(admin.parent.resource)?.admin : undefined;
  const above = parent ? recordRouteName(parent) : scopeParent[admin.scope];
  const menuEntry = parent ? routeName(parent, 'list') : undefined;
  return views.map((view) => {
    const name = routeName(admin, view);
    const isHome = view === home;
    const activePrefix = isHome || !home ? menuEntry : routeName(admin, home);
    return {
      name,
      path: routePattern(admin, view)!,
      title: isHome ? admin.title : `app.schema.views.${view}`,
      parent: isHome || !home ? above : routeName(admin, home),
      ...(activePrefix ? { activePrefix } : {}),
      ...(admin.scope === 'service' ? { module: admin.module } : {}),
      ...(admin.scope === 'admin' || (admin.writeRole === 'root' && (view === 'create' || view === 'edit')) ? { rootOnly: true } : {}),
      access: 'authenticated',
      resource: admin.resource,
      view,
      screenKind: isFormView(module, view) ? 'form' : view === 'show' ? 'show' : 'list',
    };
  });
}

/** The route table of every schema module that serves its own API (crud: false ones are used by hand-written screens). */
export function buildSchemaRoutes(modules: readonly ModuleSchema[]): SchemaRouteMeta[] {
  const byResource = (resource: string) => modules.find((candidate) => candidate.admin.resource === resource);
  return modules.filter((module) => module.admin.crud).flatMap((module) => moduleRoutes(module, byResource));
}

/** A view shows a form when it creates or edits, and for a singleton (one record, nothing to list) also at its list. */
export function isFormView(module: ModuleSchema, view: SchemaView): boolean {
  return view === 'create' || view === 'edit' || (view === 'list' && module.admin.singleton);
}

