import { describe, expect, it } from 'vitest';
import {
  allowedPrefixes,
  buildPath,
  containsActiveItem,
  filterMenu,
  isActiveItem,
  menuTarget,
  resolveExternalLink,
  serviceMainUrl,
  type MenuItem,
} from '../../src/client/layout/menu';
import { menuKindFor } from '../../src/client/layout/useMenus';

let nextId = 1;
function item(overrides: Partial<MenuItem>): MenuItem {
  return {
    id: nextId++,
    type: 'link',
    prefix: null,
    name: 'Pozycja',
    icon: null,
    link: null,
    link_target: null,
    sort: 0,
    is_root: false,
    params: null,
    shortcut: null,
    submenu: [],
    ...overrides,
  };
}

const routes = [
  { name: 'user_dashboard', path: '/' },
  { name: 'service_list', path: '/uslugi/:service_shortcut' },
  { name: 'service_dashboard', path: '/usluga/:service_id' },
  { name: 'service_configuration_tags', path: '/usluga/:service_id/konfiguracja/tagi', module: 'tags' },
  { name: 'service_configuration_tags_edit', path: '/usluga/:service_id/konfiguracja/tagi/edytuj/:tag_id', module: 'tags', activePrefix: 'service_configuration_tags' },
  { name: 'service_disk', path: '/usluga/:service_id/dysk/:folder_id?', module: 'disk' },
  { name: 'admin_dashboard', path: '/admin', rootOnly: true },
];

describe('the service main URL placeholder', () => {
  const domains = [
    { domain: 'www.example.pl', is_main: false, is_ssl: false },
    { domain: 'example.pl', is_main: true, is_ssl: true },
  ];

  it('is the main domain with https when it has SSL, else http', () => {
    expect(serviceMainUrl(domains)).toBe('https://example.pl');
    expect(serviceMainUrl([{ domain: 'a.pl', is_main: true, is_ssl: false }])).toBe('http://a.pl');
    expect(serviceMainUrl([])).toBeNull();
  });

  it('is replaced in external links; such links are left out while the URL is unknown', () => {
    expect(resolveExternalLink('{service_main_url}/admin', 'https://example.pl')).toBe('https://example.pl/admin');
    expect(resolveExternalLink('{service_main_url}', null)).toBeNull();
    expect(resolveExternalLink('https://pomoc.example.com', null)).toBe('https://pomoc.example.com');
  });
});

describe('allowed prefixes', () => {
  it('leave root-only routes to root users', () => {
    expect(allowedPrefixes(routes, { isRoot: false }).has('admin_dashboard')).toBe(false);
    expect(allowedPrefixes(routes, { isRoot: true }).has('admin_dashboard')).toBe(true);
  });

  it('in a service, admit routes whose permission module is granted (and routes without one)', () => {
    const allowed = allowedPrefixes(routes, { isRoot: false, modules: ['tags'] });
    expect(allowed.has('service_configuration_tags')).toBe(true);
    expect(allowed.has('service_disk')).toBe(false);
    expect(allowed.has('service_dashboard')).toBe(true);
  });
});

describe('filterMenu', () => {
  const allowed = new Set(['user_dashboard', 'service_list']);

  it('drops is_root items for other users, keeps them for root, and sorts', () => {
    const items = [item({ prefix: 'user_dashboard', sort: 20 }), item({ prefix: 'service_list', sort: 10, is_root: true })];
    expect(filterMenu(items, { isRoot: false, allowed }).map((entry) => entry.prefix)).toEqual(['user_dashboard']);
    expect(filterMenu(items, { isRoot: true, allowed }).map((entry) => entry.prefix)).toEqual(['service_list', 'user_dashboard']);
  });

  it('drops items whose prefix is not allowed, but always keeps items without a prefix or with a link', () => {
    const items = [
      item({ prefix: 'service_disk' }),
      item({ prefix: 'service_disk', link: 'https://example.com' }),
      item({ type: 'separator' }),
      item({ prefix: null, link: 'https://pomoc.example.com' }),
    ];
    const kept = filterMenu(items, { isRoot: false, allowed });
    expect(kept.map((entry) => entry.type)).toEqual(['link', 'separator', 'link']);
    expect(kept[0].link).toBe('https://example.com');
  });

  it('filters folders recursively and drops folders left empty', () => {
    const folder = item({ type: 'folder', submenu: [item({ prefix: 'service_list' }), item({ prefix: 'forbidden' })] });
    const empty = item({ type: 'folder', submenu: [item({ prefix: 'forbidden' })] });
    const rootFolder = item({ type: 'folder', is_root: true, submenu: [item({ prefix: 'service_list' })] });
    const kept = filterMenu([folder, empty, rootFolder], { isRoot: false, allowed });
    expect(kept).toHaveLength(1);
    expect(kept[0].submenu.map((entry) => entry.prefix)).toEqual(['service_list']);
  });
});

describe('links', () => {
  it('fill route patterns, optional params included', () => {
    expect(buildPath('/usluga/:service_id/dysk/:folder_id?', { service_id: 5 })).toBe('/usluga/5/dysk');
    expect(buildPath('/usluga/:service_id/dysk/:folder_id?', { service_id: 5, folder_id: 9 })).toBe('/usluga/5/dysk/9');
    expect(buildPath('/uslugi/:service_shortcut', {})).toBeNull();
    expect(buildPath('/', {})).toBe('/');
  });

  it('lead to the route with the item params and the service id, or outside with the target', () => {
    const context = { routes, params: { service_id: '7' }, mainUrl: 'https://example.pl' };
    expect(menuTarget(item({ prefix: 'service_configuration_tags' }), context)).toEqual({ kind: 'internal', path: '/usluga/7/konfiguracja/tagi' });
    expect(menuTarget(item({ prefix: 'service_list', params: { service_shortcut: 'www' } }), context)).toEqual({ kind: 'internal', path: '/uslugi/www' });
    expect(menuTarget(item({ link: '{service_main_url}', link_target: '_blank' }), context)).toEqual({
      kind: 'external',
      href: 'https://example.pl',
      target: '_blank',
    });
    expect(menuTarget(item({ prefix: 'unknown_route' }), context)).toBeNull();
  });
});

describe('the active link', () => {
  const at = (name: string, params: Record<string, string>) => ({ route: routes.find((route) => route.name === name)!, params });

  it('follows the route name, or its active-link prefix', () => {
    const tags = item({ prefix: 'service_configuration_tags' });
    expect(isActiveItem(tags, at('service_configuration_tags', { service_id: '7' }))).toBe(true);
    expect(isActiveItem(tags, at('service_configuration_tags_edit', { service_id: '7', tag_id: '3' }))).toBe(true);
    expect(isActiveItem(tags, at('service_dashboard', { service_id: '7' }))).toBe(false);
  });

  it('needs the item params to match the route params', () => {
    const www = item({ prefix: 'service_list', params: { service_shortcut: 'www' } });
    expect(isActiveItem(www, at('service_list', { service_shortcut: 'www' }))).toBe(true);
    expect(isActiveItem(www, at('service_list', { service_shortcut: 'newsletter' }))).toBe(false);
  });

  it('marks the folder holding the active item, never external links', () => {
    const folder = item({ type: 'folder', submenu: [item({ prefix: 'service_dashboard' })] });
    expect(containsActiveItem(folder, at('service_dashboard', { service_id: '1' }))).toBe(true);
    expect(isActiveItem(item({ prefix: 'service_dashboard', link: 'https://x' }), at('service_dashboard', { service_id: '1' }))).toBe(false);
  });
});

describe('which menu shows', () => {
  it('is the admin menu on /admin paths, the service menu on /usluga paths with an id, else the main menu', () => {
    expect(menuKindFor('/admin', undefined)).toBe('admin');
    expect(menuKindFor('/admin/wiadomosci', undefined)).toBe('admin');
    expect(menuKindFor('/administracja', undefined)).toBe('main');
    expect(menuKindFor('/usluga/5/dysk', '5')).toBe('service');
    expect(menuKindFor('/uslugi/www', undefined)).toBe('main');
    expect(menuKindFor('/', undefined)).toBe('main');
  });
});
