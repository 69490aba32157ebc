import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MenuItem } from '../../src/common/api/menu';
import { buildApp } from '../../src/server/app';
import { createTestApp, type TestApp } from './support/app';

let t: TestApp;
let klient: string;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  klient = (await t.login('klient')).access_token;
  admin = (await t.login('admin')).access_token;
});
afterAll(() => t.close());

const menu = async (url: string, token: string): Promise<MenuItem[]> => {
  const response = await t.call({ method: 'GET', url, token });
  expect(response.statusCode).toBe(200);
  return response.json().data;
};
const flatten = (items: MenuItem[]): MenuItem[] => items.flatMap((item) => [item, ...flatten(item.submenu)]);
const serviceIdOf = async (username: string) =>
  (
    await t.ctx.db.query<{ id: number }>(
      `SELECT cs.id FROM client_services cs JOIN client_service_users m ON m.client_service_id = cs.id
         JOIN users u ON u.id = m.user_id WHERE u.username = $1 ORDER BY cs.type_id LIMIT 1`,
      [username],
    )
  ).rows[0].id;

describe('GET /api/user/menu/main', () => {
  it('returns the tree with folders, a separator and an external link, each item in the contract shape', async () => {
    const items = await menu('/api/user/menu/main', klient);
    expect(items[0]).toEqual({
      id: expect.any(Number),
      type: 'link',
      prefix: 'user_dashboard',
      name: 'Pulpit',
      icon: 'Dashboard',
      link: null,
      link_target: null,
      sort: 10,
      is_root: false,
      params: null,
      shortcut: null,
      submenu: [],
    });
    const services = items.find((item) => item.type === 'folder' && item.name === 'Moje usługi');
    expect(services?.prefix).toBeNull();
    expect(services?.submenu.map((item) => [item.prefix, item.params, item.shortcut])).toEqual([
      ['service_list', { service_shortcut: 'www' }, 'www'],
      ['service_list', { service_shortcut: 'bip' }, 'bip'],
      ['service_list', { service_shortcut: 'video' }, 'video'],
      ['service_list', { service_shortcut: 'newsletter' }, 'newsletter'],
    ]);
    expect(items.some((item) => item.type === 'separator')).toBe(true);
    expect(items.find((item) => item.link)).toMatchObject({ type: 'link', prefix: null, link_target: '_blank' });
    for (const level of [items, ...flatten(items).map((item) => item.submenu)]) {
      expect(level.map((item) => item.sort)).toEqual([...level.map((item) => item.sort)].sort((a, b) => a - b));
    }
  });

  it('leaves root-only items, and what lies under them, to root users', async () => {
    const forKlient = flatten(await menu('/api/user/menu/main', klient));
    expect(forKlient.filter((item) => item.is_root)).toEqual([]);
    expect(forKlient.map((item) => item.prefix)).not.toContain('admin_content');

    const forAdmin = flatten(await menu('/api/user/menu/main', admin));
    expect(forAdmin.find((item) => item.prefix === 'admin_dashboard')).toMatchObject({ is_root: true });
    expect(forAdmin.map((item) => item.prefix)).toEqual(expect.arrayContaining(['admin_news', 'admin_content', 'admin_regulations']));
    expect(forAdmin.length).toBeGreaterThan(forKlient.length);
  });

  it('needs a signed-in user', async () => {
    expect((await t.call({ method: 'GET', url: '/api/user/menu/main' })).statusCode).toBe(401);
  });
});

describe('GET /api/user/menu/client_service/{id}', () => {
  it('returns the service menu with the service id in each route’s params and the main-URL placeholder', async () => {
    const serviceId = await serviceIdOf('klient');
    const items = await menu(`/api/user/menu/client_service/${serviceId}`, klient);
    expect(items[0]).toMatchObject({ prefix: 'service_dashboard', params: { service_id: serviceId } });
    const configuration = items.find((item) => item.type === 'folder');
    expect(configuration?.submenu.map((item) => item.prefix)).toEqual([
      'service_configuration_tags',
      'service_configuration_recipients',
      'service_configuration_news',
      'service_configuration_layouts',
      'service_configuration_layouts_pictures',
      'service_configuration_senders_config',
      'service_configuration_subjects',
      'service_configuration_scripts',
      'service_configuration_settings',
      'service_configuration_editors',
      'service_configuration_editors_roles',
      'service_configuration_imports',
    ]);
    expect(configuration?.submenu.every((item) => item.params?.service_id === serviceId)).toBe(true);
    expect(flatten(items).map((item) => item.prefix)).toContain('service_disk');
    expect(items.find((item) => item.link)).toMatchObject({ link: '{service_main_url}', link_target: '_blank', params: null });
    expect(flatten(items).some((item) => item.is_root)).toBe(false);
  });

  const REPORT_SCREENS = ['service_reports_mailings', 'service_reports_logs', 'service_reports_visits', 'service_reports_visits_sums', 'service_reports_visits_sources'];
  it('places the reports folder with its screens (two of the mailings, three of the visits) at start where the menus lack it, once', async () => {
    const serviceId = await serviceIdOf('klient');
    const folders = async () => (await menu(`/api/user/menu/client_service/${serviceId}`, klient)).filter((item) => item.type === 'folder');
    const placed = (await folders()).find((folder) => folder.submenu.some((item) => item.prefix === 'service_reports_mailings'));
    expect(placed?.submenu.map((item) => item.prefix)).toEqual(REPORT_SCREENS);
    const reports = async () => (await folders()).filter((folder) => folder.name === placed?.name);
    // A database seeded before the reports existed: the next start places them, and a start after it adds nothing.
    await t.ctx.db.query("DELETE FROM menu_items WHERE menu = 'client_service' AND (slot = 'reports' OR prefix LIKE 'service_reports_%')");
    expect(await reports()).toEqual([]);
    for (let start = 0; start < 2; start += 1) {
      const restarted = await buildApp(t.ctx);
      await restarted.ready();
      await restarted.close();
    }
    const again = await reports();
    expect(again).toHaveLength(1);
    expect(again[0].submenu.map((item) => item.prefix)).toEqual(REPORT_SCREENS);
  });

  it('shows root-only service items to root', async () => {
    const items = flatten(await menu(`/api/user/menu/client_service/${await serviceIdOf('klient')}`, admin));
    const rootOnly = items.filter((item) => item.is_root).map((item) => item.prefix);
    expect(rootOnly).toEqual(expect.arrayContaining(['service_admin_limits', 'service_admin_senders', 'service_admin_modules', 'service_admin_imports']));
    const asKlient = flatten(await menu(`/api/user/menu/client_service/${await serviceIdOf('klient')}`, klient));
    expect(asKlient.filter((item) => rootOnly.includes(item.prefix))).toEqual([]);
  });

  it('answers 404 for a malformed service id and 403 for a stranger’s service or an unknown one', async () => {
    for (const id of ['abc', '1.5', '-1']) {
      expect((await t.call({ method: 'GET', url: `/api/user/menu/client_service/${id}`, token: klient })).statusCode, id).toBe(404);
    }
    expect((await t.call({ method: 'GET', url: '/api/user/menu/client_service/999999', token: klient })).statusCode).toBe(403);
    const foreign = await t.call({ method: 'GET', url: `/api/user/menu/client_service/${await serviceIdOf('klient2')}`, token: klient });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().detail).toBe('Brak dostępu.');
  });
});
