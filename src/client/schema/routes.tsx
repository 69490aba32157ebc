import type { ComponentType } from 'react';
import { routeName, routePattern } from '../../common/schema/paths';
import type { AdminBlock, AdminRouteViews, ModuleSchema } from '../../common/schema/types';
import { lazyScreen, type LazyScreen } from '../layout/lazyScreen';
import type { AppRoute, RouteMeta } from '../routes';
import { clientRegistry } from './registry';

export type SchemaView = keyof AdminRouteViews;

/** What a schema screen needs to know: which module and which of its views. */
export interface SchemaScreenProps {
  resource: string;
  view: SchemaView;
}

export interface SchemaRouteMeta extends RouteMeta, SchemaScreenProps {}

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

type ScreenModule = { default: ComponentType<SchemaScreenProps> };

// One chunk per kind of screen: only the form chunk carries RJSF and ajv.
const loaders = {
  list: () => import('./ListScreen') as Promise<ScreenModule>,
  form: () => import('./FormScreen') as Promise<ScreenModule>,
  show: () => import('./ShowScreen') as Promise<ScreenModule>,
};

function screenFor(props: SchemaScreenProps): LazyScreen<object> {
  const module = clientRegistry.byResource(props.resource)!;
  const load = isFormView(module, props.view) ? loaders.form : props.view === 'show' ? loaders.show : loaders.list;
  return lazyScreen<object>(() =>
    load().then(({ default: Screen }) => ({ default: () => <Screen resource={props.resource} view={props.view} /> })),
  );
}

/** The schema modules' routes, in the shape of the app's route table. */
export const schemaRoutes: AppRoute[] = buildSchemaRoutes(clientRegistry.modules).map((meta) => ({
  ...meta,
  screen: screenFor(meta),
}));
