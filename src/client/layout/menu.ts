/** Pure menu rules of SPEC 2 (filtering, the main-URL placeholder, links, the active item). */

import type { MenuItem } from '../../common/api/menu';
export type { MenuItem } from '../../common/api/menu';

export interface ServiceDomain {
  domain: string;
  is_main: boolean;
  is_ssl: boolean;
}

export const SERVICE_MAIN_URL_PLACEHOLDER = '{service_main_url}';

interface RouteRule {
  name: string;
  path: string;
  rootOnly?: boolean;
  module?: string;
  activePrefix?: string;
}

/** The service's main domain with its scheme (https when is_ssl); the first domain when none is marked main. */
export function serviceMainUrl(domains: readonly ServiceDomain[] | undefined): string | null {
  const main = domains?.find((domain) => domain.is_main) ?? domains?.[0];
  return main ? `${main.is_ssl ? 'https' : 'http'}://${main.domain}` : null;
}

/** Replaces the placeholder; null when the link needs a main URL that is not known (the item is then hidden). */
export function resolveExternalLink(link: string, mainUrl: string | null): string | null {
  if (!link.includes(SERVICE_MAIN_URL_PLACEHOLDER)) return link;
  return mainUrl ? link.split(SERVICE_MAIN_URL_PLACEHOLDER).join(mainUrl) : null;
}

/**
 * Route names the user may open: root-only routes only for root users; with `modules` given (the
 * service menu), routes that need a permission module only when that module is granted.
 */
export function allowedPrefixes(routes: readonly RouteRule[], options: { isRoot: boolean; modules?: readonly string[] }): Set<string> {
  return new Set(
    routes
      .filter((route) => !route.rootOnly || options.isRoot)
      .filter((route) => !route.module || !options.modules || options.modules.includes(route.module))
      .map((route) => route.name),
  );
}

/**
 * SPEC 2 filtering: is_root items only for root users; items with a prefix only when it is allowed
 * (items without a prefix, or with a link, always pass); folders left empty by the filter go too.
 */
export function filterMenu(items: readonly MenuItem[], options: { isRoot: boolean; allowed: ReadonlySet<string> }): MenuItem[] {
  return [...items]
    .sort((a, b) => a.sort - b.sort)
    .flatMap((item) => {
      if (item.is_root && !options.isRoot) return [];
      if (item.type === 'folder') {
        const submenu = filterMenu(item.submenu ?? [], options);
        return submenu.length > 0 ? [{ ...item, submenu }] : [];
      }
      if (item.type === 'link' && item.prefix && !item.link && !options.allowed.has(item.prefix)) return [];
      return [item];
    });
}

/** Fills a route pattern (`/usluga/:service_id`, optional `:x?`); null when a required parameter is missing. */
export function buildPath(pattern: string, params: Record<string, string | number | undefined>): string | null {
  let missing = false;
  const path = pattern
    .split('/')
    .flatMap((segment) => {
      if (!segment.startsWith(':')) return [segment];
      const optional = segment.endsWith('?');
      const value = params[segment.slice(1, optional ? -1 : undefined)];
      if (value === undefined || value === '') {
        if (!optional) missing = true;
        return [];
      }
      return [encodeURIComponent(String(value))];
    })
    .join('/');
  return missing ? null : path || '/';
}

export type MenuTarget = { kind: 'internal'; path: string } | { kind: 'external'; href: string; target: string | null };

/** Where a link item leads: an external URL (placeholder resolved) or a route filled with its params and the context's (e.g. service_id). */
export function menuTarget(
  item: MenuItem,
  context: { routes: readonly RouteRule[]; params: Record<string, string | number | undefined>; mainUrl: string | null },
): MenuTarget | null {
  if (item.link) {
    const href = resolveExternalLink(item.link, context.mainUrl);
    return href ? { kind: 'external', href, target: item.link_target } : null;
  }
  const route = context.routes.find((candidate) => candidate.name === item.prefix);
  const path = route ? buildPath(route.path, { ...context.params, ...item.params }) : null;
  return path ? { kind: 'internal', path } : null;
}

/**
 * The active-link rule: the item's prefix is the current route's active-link prefix (or its name),
 * and each of the item's params equals the current route's param.
 */
export function isActiveItem(item: MenuItem, current: { route: RouteRule; params: Record<string, string | undefined> } | undefined): boolean {
  if (!current || !item.prefix || item.link) return false;
  if (item.prefix !== (current.route.activePrefix ?? current.route.name)) return false;
  return Object.entries(item.params ?? {}).every(([key, value]) => current.params[key] === undefined || current.params[key] === String(value));
}

export function containsActiveItem(item: MenuItem, current: Parameters<typeof isActiveItem>[1]): boolean {
  return isActiveItem(item, current) || (item.submenu ?? []).some((child) => containsActiveItem(child, current));
}
