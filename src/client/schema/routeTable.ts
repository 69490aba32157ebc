import { groupLead } from '../../common/schema/groups';
import { routeName, toRoutePattern } from '../../common/schema/paths';
import type { AdminBlock, AdminRouteViews, ModuleSchema } from '../../common/schema/types';
import type { RouteMeta, TitleRecord } from '../routes';

/*
 * The schema modules' route table, made from the registry. Pure: the build's schema plugin makes it
 * ahead (virtual:schema-routes), so the first page loads the routes without the schemas themselves.
 */

export type SchemaView = keyof AdminRouteViews;

/** What a schema screen needs to know: which module, which of its views, and which of its extra lists or form pages. */
export interface SchemaScreenProps {
  resource: string;
  view: SchemaView;
  /** A route.lists or route.forms entry's name. */
  page?: string;
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

/** The record itself as the title of its pages: its API address and the field naming it. */
export function recordTitle(admin: AdminBlock): TitleRecord {
  return { api: `${admin.api.path}/{${admin.route.param}}`, label: admin.list.label };
}

/** A sub-path's segments without an optional last one ({imported_client_service_id?}). */
const segments = (sub: string) => sub.split('/').filter((segment) => segment && !/^\{\w+\?\}$/.test(segment));

/**
 * The record a list page is about when its path ends with a placeholder filtering the list by a
 * reference (a category's news at {category_id}): its API address and the field naming it.
 */
function titleRecordOf(module: ModuleSchema, sub: string, byResource: (resource: string) => ModuleSchema | undefined): TitleRecord | undefined {
  const last = /^\{(\w+)\}$/.exec(segments(sub).at(-1) ?? '')?.[1];
  const filter = module.admin.list.filters?.find((candidate) => candidate.op === 'eq' && (candidate.param ?? candidate.field) === last);
  const reference = filter ? (module.schema.properties?.[filter.field]?.['x-ref'] as { resource: string; field?: string } | undefined) : undefined;
  const target = reference && (reference.field ?? 'id') === 'id' ? byResource(reference.resource) : undefined;
  if (!target || !last || target.admin.parent) return undefined;
  return { api: `${target.admin.api.path}/{${last}}`, label: target.admin.list.label };
}

/**
 * The routes one module gives: one per view x-admin declares and per extra list and form page; each
 * sits in the breadcrumbs under the module's list or details page whose path is the longest start
 * of its own (a category's archive under the category's news, an item's options under the item),
 * else under the module's own screen; a nested module's screens under its parent record's screen
 * (the parent's menu entry active); a page group's member under the group's lead (its menu entry active).
 */
export function moduleRoutes(module: ModuleSchema, modules: readonly ModuleSchema[] = []): SchemaRouteMeta[] {
  const { admin } = module;
  const byResource = (resource: string) => modules.find((candidate) => candidate.admin.resource === resource);
  const views = VIEWS.filter((view) => admin.route.views[view] !== undefined);
  const home = views.find((view) => admin.route.views[view] === '');
  const parent = admin.parent ? byResource(admin.parent.resource)?.admin : undefined;
  const lead = groupLead(modules, module);
  const groupPage = lead && lead !== module ? routeName(lead.admin, 'list') : undefined;
  const above = groupPage ?? (parent ? recordRouteName(parent) : (admin.route.under ?? scopeParent[admin.scope]));
  // A module whose list is not at its own path (news at wiadomosci/wszystkie): its list is the menu entry of its other pages.
  const listName = admin.route.views.list !== undefined ? routeName(admin, 'list') : undefined;
  const menuEntry = parent ? routeName(parent, 'list') : (admin.route.under ?? (!home ? listName : undefined));
  const recordName = recordRouteName(admin);
  // A record with pages besides its own: form pages or modules nested under it.
  const hasPages = admin.route.forms.length > 0 || modules.some((other) => other.admin.parent?.resource === admin.resource);
  const pagedRecord = (admin.route.views.show !== undefined || admin.route.views.edit !== undefined) && hasPages;
  const pages = [
    ...views.map((view) => ({ name: routeName(admin, view), sub: admin.route.views[view]!, view, title: undefined as string | undefined, page: undefined as string | undefined })),
    ...admin.route.lists.map((list) => ({ name: list.name, sub: list.path, view: 'list' as const, title: list.title as string | undefined, page: list.name as string | undefined })),
    ...admin.route.forms.map((form) => ({ name: form.name, sub: form.path, view: 'edit' as const, title: form.title as string | undefined, page: form.name as string | undefined })),
  ];
  // The pages others sit under: the lists and the record's details.
  const containers = pages.filter((candidate) => candidate.view === 'list' || candidate.view === 'show');
  const under = (sub: string) => {
    const own = segments(sub);
    return containers
      .filter((candidate) => {
        const start = segments(candidate.sub);
        return start.length > 0 && start.length < own.length && start.every((segment, index) => own[index] === segment);
      })
      .sort((a, b) => segments(b.sub).length - segments(a.sub).length)[0];
  };
  return pages.map(({ name, sub, view, title, page }) => {
    const isHome = page === undefined && view === home;
    const isList = page === undefined && view === 'list';
    const container = isHome ? undefined : under(sub);
    const activePrefix = groupPage ?? (isHome || !home ? menuEntry : routeName(admin, home));
    // The screen a record's pages sit under is named by the record (a form's name above its fields).
    const titleRecord = view === 'list' ? titleRecordOf(module, sub, byResource) : name === recordName && pagedRecord ? recordTitle(admin) : undefined;
    return {
      name,
      path: toRoutePattern(sub ? `${admin.route.path}/${sub}` : admin.route.path),
      title: title ?? (isHome || isList ? admin.title : `app.schema.views.${view}`),
      parent: container ? container.name : isHome || isList || (!home && !listName) ? above : (home ? routeName(admin, home) : listName!),
      ...(activePrefix && activePrefix !== name ? { activePrefix } : {}),
      ...(admin.scope === 'service' ? { module: admin.module } : {}),
      ...(admin.scope === 'admin' || (admin.writeRole === 'root' && (view === 'create' || view === 'edit')) ? { rootOnly: true } : {}),
      access: 'authenticated',
      resource: admin.resource,
      view,
      ...(page ? { page } : {}),
      ...(titleRecord ? { titleRecord } : {}),
      screenKind: isFormView(module, view) ? 'form' : view === 'show' ? 'show' : 'list',
    };
  });
}

/**
 * The route table of every schema module that serves its own API, and of those whose own code
 * serves it for the engine's screens (crud: false with screens; other crud: false ones are used by hand-written screens).
 */
export function buildSchemaRoutes(modules: readonly ModuleSchema[]): SchemaRouteMeta[] {
  return modules.filter((module) => module.admin.crud || module.admin.screens).flatMap((module) => moduleRoutes(module, modules));
}

/** A view shows a form when it creates or edits, and for a singleton (one record, nothing to list) also at its list. */
export function isFormView(module: ModuleSchema, view: SchemaView): boolean {
  return view === 'create' || view === 'edit' || (view === 'list' && module.admin.singleton);
}

