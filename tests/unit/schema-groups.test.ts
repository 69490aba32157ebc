import { describe, expect, it } from 'vitest';
import { groupPages } from '../../src/common/schema/groups';
import { createRegistry } from '../../src/common/schema/registry';
import { pageGroupTabs } from '../../src/client/schema/pageGroups';
import { clientRegistry } from '../../src/client/schema/registry';
import { buildSchemaRoutes } from '../../src/client/schema/routes';

const table = buildSchemaRoutes(clientRegistry.modules);
const route = (name: string) => table.find((entry) => entry.name === name);

/** A service-scope module at /usluga/{service_id}/<path>, in the group `group`. */
const member = (resource: string, path: string, group: Record<string, unknown> | undefined, admin: Record<string, unknown> = {}) => ({
  type: 'object',
  properties: { name: { type: 'string' } },
  'x-admin': {
    resource,
    scope: 'service',
    ...(group ? { group } : {}),
    route: { path: `/usluga/{service_id}/${path}`, name: `service_${resource}`, views: { list: '', create: 'dodaj', edit: `edytuj/{${resource}_id}` } },
    ...admin,
  },
});

describe('page groups (x-admin group)', () => {
  it('order the main data pages: the singleton page leads, the lists and the map follow', () => {
    expect(groupPages(clientRegistry.modules, 'main_data').map((module) => module.admin.resource)).toEqual([
      'main_data',
      'main_data_additional',
      'main_data_contacts',
      'main_data_positions',
      'main_data_map',
    ]);
  });

  it("put the members' pages under the lead's page in the breadcrumbs, its menu entry active", () => {
    expect(route('service_modules_main_data')).toMatchObject({ path: '/usluga/:service_id/moduly/dane', parent: 'service_dashboard', screenKind: 'form', module: 'main_data' });
    expect(route('service_modules_main_data')).not.toHaveProperty('activePrefix');
    expect(route('service_modules_main_data_positions')).toMatchObject({
      path: '/usluga/:service_id/moduly/dane/stanowiska',
      parent: 'service_modules_main_data',
      activePrefix: 'service_modules_main_data',
      screenKind: 'list',
    });
    expect(route('service_modules_main_data_positions_create')).toMatchObject({
      path: '/usluga/:service_id/moduly/dane/stanowiska/dodaj',
      parent: 'service_modules_main_data_positions',
      activePrefix: 'service_modules_main_data',
    });
    expect(route('service_modules_main_data_additional_edit')?.path).toBe('/usluga/:service_id/moduly/dane/dodatkowe/edytuj/:additional_id');
    expect(route('service_modules_main_data_contacts_edit')?.path).toBe('/usluga/:service_id/moduly/dane/kontaktowe/edytuj/:contact_id');
    expect(route('service_modules_main_data_map')).toMatchObject({ path: '/usluga/:service_id/moduly/dane/mapa', parent: 'service_modules_main_data', screenKind: 'form' });
  });

  it("give every member's screens the group's tabs, named by the lead's menu entry", () => {
    const positions = clientRegistry.byResource('main_data_positions')!;
    expect(pageGroupTabs(positions, { service_id: '5', position_id: '7' })).toEqual({
      name: 'resources.main_data.menu',
      tabs: [
        { label: 'resources.main_data.title', path: '/usluga/5/moduly/dane' },
        { label: 'resources.main_data_additional.title', path: '/usluga/5/moduly/dane/dodatkowe' },
        { label: 'resources.main_data_contacts.title', path: '/usluga/5/moduly/dane/kontaktowe' },
        { label: 'resources.main_data_positions.title', path: '/usluga/5/moduly/dane/stanowiska' },
        { label: 'resources.main_data_map.title', path: '/usluga/5/moduly/dane/mapa' },
      ],
    });
    expect(pageGroupTabs(clientRegistry.byResource('settings_email')!, { service_id: '5' })).toBeUndefined();
  });

  it('are refused at start when a member is nested, not at its own path, of another scope, or shares a place', () => {
    const lead = member('office', 'biuro', { name: 'office', sort: 10 }, { singleton: true, route: { path: '/usluga/{service_id}/biuro', name: 'service_office' } });
    const load = (...files: unknown[]) => () => createRegistry(Object.fromEntries(files.map((file, index) => [`f${index}.schema.json`, file])));
    expect(load(lead, member('rooms', 'biuro/pokoje', { name: 'office', sort: 20 }))).not.toThrow();
    expect(load(lead, member('rooms', 'biuro/pokoje', { name: 'office', sort: 10 }))).toThrow(/sort 10 is taken/);
    expect(load(lead, member('rooms', 'biuro/pokoje', { name: 'office', sort: 'first' }))).toThrow(/group.sort must be an integer/);
    expect(load(lead, member('rooms', 'biuro/pokoje', { name: 'Office', sort: 20 }))).toThrow(/group.name/);
    const elsewhere = member('rooms', 'biuro/pokoje', { name: 'office', sort: 20 });
    elsewhere['x-admin'].route.views.list = 'lista';
    expect(load(lead, elsewhere)).toThrow(/a member is a page at its route path/);
    const admin = { ...member('rooms', 'biuro/pokoje', { name: 'office', sort: 20 }), 'x-admin': { ...member('rooms', 'x', undefined)['x-admin'], scope: 'admin', group: { name: 'office', sort: 20 }, route: { path: '/admin/pokoje', name: 'admin_rooms' } } };
    expect(load(lead, admin)).toThrow(/every member has the same scope/);
    const nested = member('desks', 'biuro/pokoje/{rooms_id}/biurka', { name: 'office', sort: 30 }, { parent: { resource: 'rooms', param: 'rooms_id' } });
    expect(load(lead, member('rooms', 'biuro/pokoje', undefined), nested)).toThrow(/a nested module is a tab of its parent record/);
  });
});
