import { describe, expect, it } from 'vitest';
import { routeName } from '../../src/common/schema/paths';
import { createRegistry, SchemaFileError } from '../../src/common/schema/registry';
import { createTranslate } from '../../src/common/i18n/translate';
import { catalogues } from '../../src/common/i18n/catalogues';
import { clientRegistry, fieldTitleKey, schemaResourcePath } from '../../src/client/schema/registry';
import { buildSchemaRoutes, isFormView } from '../../src/client/schema/routes';
import { routes } from '../../src/client/routes';
import { readSchemaFolder } from '../../src/server/schema/folder';

const table = buildSchemaRoutes(clientRegistry.modules);
const route = (name: string) => {
  const found = table.find((entry) => entry.name === name);
  if (!found) throw new Error(`no route ${name}; have ${table.map((entry) => entry.name).join(', ')}`);
  return found;
};

describe('the schema route table', () => {
  it('finds every schema file in schemas/ at build time', () => {
    const inFolder = createRegistry(readSchemaFolder('schemas')).modules.map((module) => module.admin.resource);
    // The unit tests' build adds fixture schemas of their own (tests/unit/fixtures).
    expect(clientRegistry.modules.map((module) => module.admin.resource)).toEqual(expect.arrayContaining(inFolder));
  });

  it('gives the tag module its Polish paths, names and breadcrumbs', () => {
    expect(route('service_configuration_tags')).toMatchObject({
      path: '/usluga/:service_id/konfiguracja/tagi',
      title: 'resources.tags.title',
      parent: 'service_dashboard',
      module: 'tags',
      access: 'authenticated',
      resource: 'tags',
      view: 'list',
    });
    expect(route('service_configuration_tags_create')).toMatchObject({
      path: '/usluga/:service_id/konfiguracja/tagi/dodaj',
      title: 'app.schema.views.create',
      parent: 'service_configuration_tags',
      activePrefix: 'service_configuration_tags',
      view: 'create',
    });
    expect(route('service_configuration_tags_edit')).toMatchObject({
      path: '/usluga/:service_id/konfiguracja/tagi/edytuj/:tag_id',
      parent: 'service_configuration_tags',
      view: 'edit',
    });
  });

  it('puts admin modules under the admin dashboard for root users only', () => {
    expect(route('admin_content')).toMatchObject({ path: '/admin/content', parent: 'admin_dashboard', rootOnly: true });
    expect(route('admin_content')).not.toHaveProperty('module');
    expect(route('admin_content_edit').path).toBe('/admin/content/edytuj/:content_id');
  });

  it('names sub-routes as x-admin says and gives a singleton its form at its own path', () => {
    expect(route('service_configuration_senders_config_preview')).toMatchObject({
      path: '/usluga/:service_id/konfiguracja/metody_wysylki/szczegoly',
      parent: 'service_configuration_senders_config',
      view: 'show',
    });
    expect(route('service_configuration_senders_config_edit').path).toBe('/usluga/:service_id/konfiguracja/metody_wysylki/:method_id/edytuj');
    expect(route('service_admin_limits')).toMatchObject({ path: '/usluga/:service_id/admin/limity', view: 'edit', parent: 'service_dashboard' });
    // Only the provider sets sending limits (x-admin writeRole root), so their form is for root users.
    expect(route('service_admin_limits').rootOnly).toBe(true);
    expect(route('service_configuration_tags_edit').rootOnly).toBeUndefined();
    const senders = clientRegistry.byResource('senders_config')!;
    expect(isFormView(senders, 'list')).toBe(true);
    expect(isFormView(clientRegistry.byResource('tags')!, 'list')).toBe(false);
  });

  it('leaves modules served by hand-written screens (crud: false) out', () => {
    expect(table.some((entry) => entry.resource === 'main_page_sections')).toBe(false);
  });

  it('clashes with no other route of the app, by name or path', () => {
    const own = routes.filter((entry) => !('resource' in entry));
    // A module's own screen of a generated route's name replaces it, at the same address (the mailings list).
    const replaced = table.filter((entry) => own.some((screen) => screen.name === entry.name));
    expect(replaced.map((entry) => [entry.name, entry.path])).toEqual([['service_mailings', '/usluga/:service_id/wysylki']]);
    for (const entry of replaced) expect(own.find((screen) => screen.name === entry.name)!.path).toBe(entry.path);
    const all = [...own, ...table.filter((entry) => !replaced.includes(entry))];
    const names = all.map((entry) => entry.name);
    const paths = all.map((entry) => entry.path);
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('has a title in both catalogues for every route', () => {
    for (const locale of ['pl', 'en'] as const) {
      const translate = createTranslate(catalogues[locale], locale);
      for (const entry of table) expect(translate(entry.title), `${locale} ${entry.title}`).not.toBe(entry.title);
    }
  });

  it('builds the data-provider paths from x-admin and the route params', () => {
    const tags = clientRegistry.byResource('tags')!.admin;
    expect(schemaResourcePath(tags, { operation: 'list', meta: { service_id: 5 } })).toBe('/client_service/5/module/tags');
    expect(schemaResourcePath(tags, { operation: 'update', id: 7, meta: { service_id: 5 } })).toBe('/client_service/5/module/tags/7');
    const limits = clientRegistry.byResource('limits')!.admin;
    expect(schemaResourcePath(limits, { operation: 'one', meta: { service_id: 5 } })).toBe('/client_service/5/limits/current');
    expect(schemaResourcePath(limits, { operation: 'update', id: 1, meta: { service_id: 5 } })).toBe('/client_service/5/limits');
  });

  it('builds the upload, file-delete and action paths the dataProvider sends to', () => {
    const categories = clientRegistry.byResource('news_categories')!.admin;
    const meta = { service_id: 5 };
    expect(schemaResourcePath(categories, { operation: 'upload', meta })).toBe('/client_service/5/upload/news_categories');
    expect(schemaResourcePath(categories, { operation: 'upload', id: 4, meta })).toBe('/client_service/5/upload/news_categories/4');
    expect(schemaResourcePath(categories, { operation: 'deleteFile', id: 4, name: 'photo', meta })).toBe('/client_service/5/module/news_categories/4/image');
    const senders = clientRegistry.byResource('senders_config')!.admin;
    expect(schemaResourcePath(senders, { operation: 'action', name: 'test', meta })).toBe('/client_service/5/module/senders/configs/test');
    expect(schemaResourcePath(senders, { operation: 'one', id: 'singleton', meta })).toBe('/client_service/5/module/senders/configs');
    expect(() => schemaResourcePath(senders, { operation: 'action', name: 'nope', meta })).toThrow();
  });

  it("names a singleton's screen at the module's own path by the module's route name", () => {
    expect(routeName(clientRegistry.byResource('limits')!.admin, 'edit')).toBe('service_admin_limits');
    expect(routeName(clientRegistry.byResource('senders_config')!.admin, 'list')).toBe('service_configuration_senders_config');
    expect(routeName(clientRegistry.byResource('senders_config')!.admin, 'edit')).toBe('service_configuration_senders_config_edit');
    expect(routeName(clientRegistry.byResource('tags')!.admin, 'create')).toBe('service_configuration_tags_create');
    // Extra lists and form pages carry their own names.
    for (const entry of table.filter((candidate) => !candidate.page)) expect(routeName(clientRegistry.byResource(entry.resource)!.admin, entry.view)).toBe(entry.name);
  });

  it('names a file field by the module title key', () => {
    expect(fieldTitleKey(clientRegistry.byResource('news_categories')!, 'photo')).toBe('resources.news_categories.fields.photo');
    expect(fieldTitleKey(clientRegistry.byResource('tags')!, 'name')).toBe('resources.tags.fields.name');
  });
});

describe('a new schema file', () => {
  it('yields list, create and edit screens with no other change', () => {
    const registry = createRegistry({
      'schemas/note.schema.json': {
        type: 'object',
        title: 'resources.notes.title',
        properties: { name: { type: 'string', title: 'resources.notes.fields.name' } },
        'x-admin': {
          resource: 'notes',
          scope: 'service',
          title: 'resources.notes.title',
          route: { path: '/usluga/{service_id}/notatki', name: 'service_notes', views: { list: '', create: 'dodaj', edit: 'edytuj/{note_id}' }, param: 'note_id' },
        },
      },
    });
    expect(buildSchemaRoutes(registry.modules).map(({ name, path, view, module }) => ({ name, path, view, module }))).toEqual([
      { name: 'service_notes', path: '/usluga/:service_id/notatki', view: 'list', module: 'notes' },
      { name: 'service_notes_create', path: '/usluga/:service_id/notatki/dodaj', view: 'create', module: 'notes' },
      { name: 'service_notes_edit', path: '/usluga/:service_id/notatki/edytuj/:note_id', view: 'edit', module: 'notes' },
    ]);
  });
});

describe('x-admin actions and filter options', () => {
  const note = (admin: Record<string, unknown>, list: Record<string, unknown> = {}) => ({
    type: 'object',
    properties: { name: { type: 'string' }, labels: { type: 'array', items: { type: 'string' } } },
    'x-admin': {
      resource: 'notes',
      scope: 'service',
      title: 'resources.notes.title',
      route: { path: '/usluga/{service_id}/notatki', name: 'service_notes' },
      list,
      ...admin,
    },
  });
  const label = (scope = 'service', search = ['name']) => ({
    type: 'object',
    properties: { name: { type: 'string' } },
    'x-admin': { resource: 'labels', scope, title: 'resources.labels.title', route: { path: '/usluga/{service_id}/etykiety', name: 'service_labels' }, list: { search } },
  });
  const action = { name: 'ping', method: 'PUT', path: 'ping', label: 'resources.notes.actions.ping', message: 'resources.notes.messages.pinged' };

  it('reads a valid action and refuses a bad method, an absolute path or a missing message', () => {
    expect(createRegistry({ 'note.schema.json': note({ actions: [action] }) }).modules[0].admin.actions).toEqual([{ ...action, on: 'record', handler: 'module' }]);
    for (const bad of [{ ...action, method: 'GET' }, { ...action, path: '/ping' }, { ...action, message: undefined }, { ...action, name: 'Ping' }]) {
      expect(() => createRegistry({ 'note.schema.json': note({ actions: [bad] }) })).toThrow(SchemaFileError);
    }
    expect(() => createRegistry({ 'note.schema.json': note({ actions: [action, action] }) })).toThrow(/duplicate action/);
  });

  it("takes filter options from a searchable field of a module of the same scope", () => {
    const filters = [{ field: 'labels', param: 'label', op: 'contains', options: { resource: 'labels', field: 'name' } }];
    const registry = createRegistry({ 'note.schema.json': note({}, { filters }), 'label.schema.json': label() });
    expect(registry.byResource('notes')!.admin.list.filters).toEqual(filters);
    expect(() => createRegistry({ 'note.schema.json': note({}, { filters }) })).toThrow(/not a module/);
    expect(() => createRegistry({ 'note.schema.json': note({}, { filters }), 'label.schema.json': label('service', []) })).toThrow(/list.search/);
  });

  it('gives the sender config its test send and the recipients their tag choice', () => {
    expect(clientRegistry.byResource('senders_config')!.admin.actions).toEqual([
      expect.objectContaining({ name: 'test', method: 'PUT', path: 'test', message: 'resources.senders_config.messages.test_sent' }),
    ]);
    expect(clientRegistry.byResource('recipients')!.admin.list.filters?.[0].options).toEqual({ resource: 'tags', field: 'name' });
  });
});

describe("the news of a service (lists and form pages beyond the views)", () => {
  const route = (name: string) => table.find((entry) => entry.name === name)!;

  it('gives the lists and pages SPEC 2 names, each under the page its path starts with', () => {
    expect(route('service_news')).toMatchObject({ path: '/usluga/:service_id/wiadomosci/wszystkie', parent: 'service_dashboard', view: 'list' });
    expect(route('service_news_pinned')).toMatchObject({ path: '/usluga/:service_id/wiadomosci/wszystkie/przypiete', parent: 'service_news', page: 'service_news_pinned' });
    expect(route('service_news_category')).toMatchObject({ path: '/usluga/:service_id/wiadomosci/:category_id', parent: 'service_news', activePrefix: 'service_news' });
    expect(route('service_news_archive')).toMatchObject({ path: '/usluga/:service_id/wiadomosci/:category_id/archiwum', parent: 'service_news_category' });
    expect(route('service_news_to_import')).toMatchObject({ path: '/usluga/:service_id/wiadomosci/:category_id/do_importu', parent: 'service_news_category' });
    expect(route('service_news_create')).toMatchObject({ path: '/usluga/:service_id/wiadomosci/:category_id/dodaj', parent: 'service_news_category', screenKind: 'form' });
    expect(route('service_news_show')).toMatchObject({
      path: '/usluga/:service_id/wiadomosci/:category_id/wiadomosc/:news_id/:imported_client_service_id?',
      parent: 'service_news_category',
      screenKind: 'show',
    });
    expect(route('service_news_options')).toMatchObject({ path: '/usluga/:service_id/wiadomosci/:category_id/wiadomosc/:news_id/opcje', parent: 'service_news_show', screenKind: 'form' });
    for (const [name, sub] of [['service_news_photos', 'zdjecia'], ['service_news_attachments', 'zalaczniki'], ['service_news_videos', 'filmy'], ['service_news_audios', 'audio'], ['service_news_galleries', 'galerie'], ['service_news_related', 'powiazania'], ['service_news_map', 'mapa'], ['service_news_logs', 'logi']]) {
      expect(route(name), name).toMatchObject({ path: `/usluga/:service_id/wiadomosci/:category_id/wiadomosc/:news_id/${sub}`, parent: 'service_news_show', activePrefix: 'service_news' });
    }
  });

  it("titles a category's page by the category's name, read from its record", () => {
    expect(route('service_news_category').titleRecord).toEqual({ api: '/client_service/{service_id}/module/news_categories/{category_id}', label: 'name' });
    expect(route('service_news_archive').titleRecord).toBeUndefined();
  });
});
