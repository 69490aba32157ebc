import type { AdminBlock, AdminRouteViews } from './types';

export type PathParams = Record<string, string | number | undefined | null>;

/** {name}, or {name?} for an optional last segment (a route's `{imported_client_service_id?}`). */
const PLACEHOLDER = /\{(\w+)(\?)?\}/g;

/** The {name} placeholders of a pattern, in order. */
export function placeholders(pattern: string): string[] {
  return [...pattern.matchAll(PLACEHOLDER)].map((m) => m[1]);
}

/** Fills {name} placeholders with URL-encoded params; a missing param is a programming error. */
export function fillPath(pattern: string, params: PathParams): string {
  const missing = (value: unknown) => value === undefined || value === null || value === '';
  return pattern
    .replace(/\/\{(\w+)\?\}/g, (_whole, name: string) => (missing(params[name]) ? '' : `/{${name}}`))
    .replace(PLACEHOLDER, (_whole, name: string) => {
      const value = params[name];
      if (missing(value)) throw new Error(`path ${pattern}: missing param ${name}`);
      return encodeURIComponent(String(value));
    });
}

/** A pattern as a Fastify route: {service_id} becomes :service_id. */
export function toRoutePattern(pattern: string): string {
  return pattern.replace(PLACEHOLDER, ':$1$2');
}

export function itemPattern(collection: string): string {
  return `${collection}/{id}`;
}

/** Every API address of a module (without the /api base), built from x-admin and the route params. */
export interface ApiPaths {
  /** GET list (or singleton read when no api.read), POST create/save. */
  collection: string;
  /** GET/PUT/DELETE one record. */
  item(id: string | number): string;
  /** Singleton read address. */
  read: string;
  /** Multipart create and update. */
  upload: string;
  uploadItem(id: string | number): string;
  /** DELETE the file of a file field. */
  file(field: string, id: string | number): string;
  /** GET [{id, label}] of every record. */
  dictionary: string;
  /** An x-admin action's address: under the record, or a singleton's collection. */
  action(name: string, id?: string | number): string;
}

export function apiPaths(admin: AdminBlock, params: PathParams): ApiPaths {
  const collection = fillPath(admin.api.path, params);
  const upload = fillPath(admin.api.upload, params);
  return {
    collection,
    item: (id) => `${collection}/${encodeURIComponent(String(id))}`,
    read: admin.api.read ? fillPath(admin.api.read, params) : collection,
    upload,
    uploadItem: (id) => `${upload}/${encodeURIComponent(String(id))}`,
    file(field, id) {
      const spec = admin.files[field];
      if (!spec) throw new Error(`${admin.resource}: no file field ${field}`);
      return `${collection}/${encodeURIComponent(String(id))}/${spec.deletePath}`;
    },
    dictionary: `${collection}/dictionary`,
    action(name, id) {
      const action = admin.actions.find((candidate) => candidate.name === name);
      if (!action) throw new Error(`${admin.resource}: no action ${name}`);
      const base = admin.singleton || id === undefined || action.fromRecord ? collection : `${collection}/${encodeURIComponent(String(id))}`;
      return action.path ? `${base}/${action.path}` : base;
    },
  };
}

/** The browser path of one view of a module, e.g. /usluga/5/konfiguracja/tagi/edytuj/12. */
export function routePath(admin: AdminBlock, view: keyof AdminRouteViews, params: PathParams): string {
  const sub = admin.route.views[view];
  if (sub === undefined) throw new Error(`${admin.resource}: no ${view} view`);
  const pattern = sub ? `${admin.route.path}/${sub}` : admin.route.path;
  return fillPath(pattern, params);
}

/** The route pattern of one view (for the router), e.g. /usluga/:service_id/konfiguracja/tagi/edytuj/:tag_id. */
export function routePattern(admin: AdminBlock, view: keyof AdminRouteViews): string | undefined {
  const sub = admin.route.views[view];
  if (sub === undefined) return undefined;
  return toRoutePattern(sub ? `${admin.route.path}/${sub}` : admin.route.path);
}

/**
 * The route name of a view: a named sub-route, the module's route name for the screen at the
 * module's own path (the list, or the only screen of a singleton), otherwise `<name>_<view>`.
 */
export function routeName(admin: AdminBlock, view: keyof AdminRouteViews): string {
  return admin.route.names?.[view] ?? (admin.route.views[view] === '' ? admin.route.name : `${admin.route.name}_${view}`);
}
