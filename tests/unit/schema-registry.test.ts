import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  apiPaths,
  createAjv,
  createRegistry,
  describeErrors,
  fillPath,
  loadModuleSchema,
  resolveProduct,
  routeName,
  routePath,
  routePattern,
  SchemaFileError,
  translateErrors,
} from '../../src/common/schema';
import { catalogues } from '../../src/common/i18n/catalogues';
import { createTranslate } from '../../src/common/i18n/translate';
import { readSchemaFolder } from '../../src/server/schema/folder';

const schemaFiles = readSchemaFolder('schemas');
const registry = createRegistry(schemaFiles, 'panel');
const module = (resource: string) => {
  const found = registry.byResource(resource);
  if (!found) throw new Error(resource);
  return found;
};

const minimal = (admin: Record<string, unknown> = {}) => ({
  type: 'object',
  properties: { name: { type: 'string' } },
  'x-admin': { resource: 'notes', scope: 'service', title: 'resources.notes.title', route: { path: '/usluga/{service_id}/notatki', name: 'service_notes' }, ...admin },
});

describe('registry', () => {
  it('loads every schema file of the project', () => {
    // The resources the files in schemas/ name, read here without the registry: none is hand-kept.
    const named = readdirSync('schemas', { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.schema.json'))
      .map((name) => (JSON.parse(readFileSync(path.join('schemas', name), 'utf8')) as { 'x-admin': { resource: string } })['x-admin'].resource);
    expect(named.length).toBeGreaterThan(0);
    expect(registry.modules.map((m) => m.admin.resource).sort()).toEqual(named.sort());
  });

  it('completes x-admin with defaults: module, api paths, list, files, redirect', () => {
    const { admin } = loadModuleSchema(minimal(), 'notes.schema.json');
    expect(admin.module).toBe('notes');
    expect(admin.api).toEqual({ path: '/client_service/{service_id}/module/notes', upload: '/client_service/{service_id}/module/notes' });
    expect(admin.list).toMatchObject({ columns: [], sort: { field: 'id', order: 'DESC' }, label: 'name' });
    expect(admin.route.param).toBe('notes_id');
    expect(admin.redirect).toEqual({ view: 'list' });
    expect(admin.singleton).toBe(false);
    expect(admin.crud).toBe(true);
    expect(loadModuleSchema(minimal({ scope: 'admin' }), 'x').admin.api.path).toBe('/admin/notes');
    expect(loadModuleSchema(minimal({ scope: 'user' }), 'x').admin.api.path).toBe('/user/module/notes');
  });

  it('fills file fields with the image defaults', () => {
    const { admin } = loadModuleSchema(minimal({ files: { photo: {} } }), 'x');
    expect(admin.files.photo).toEqual({
      accept: ['image/png', 'image/jpeg', 'image/gif', 'image/webp'],
      maxBytes: 5 * 1024 * 1024,
      deletePath: 'photo',
      folder: 'uploads',
      uri: '/api/uploads/{name}',
      private: false,
      thumbnails: [],
    });
  });

  it.each([
    ['a bad resource name', minimal({ resource: 'Bad Name' })],
    ['an unknown scope', minimal({ scope: 'world' })],
    ['a list column that is not a property', minimal({ list: { columns: [{ field: 'missing' }] } })],
    ['a service path without {service_id}', minimal({ api: { path: '/notes' } })],
    ['a file field that is also a property', minimal({ files: { name: {} } })],
    ['thumbnails of a field that takes PDFs', minimal({ files: { scan: { accept: ['application/pdf'], thumbnails: [{ name: 'small', width: 10, height: 10 }] } } })],
    ['a thumbnail without a size', minimal({ files: { photo: { thumbnails: [{ name: 'small', width: 0, height: 10 }] } } })],
    ['a thumbnail name that cannot be part of a file name', minimal({ files: { photo: { thumbnails: [{ name: '../x', width: 10, height: 10 }] } } })],
    ['an index kind it cannot build', minimal({ indexes: [{ field: 'name', kind: 'hash' }] })],
    ['a field name that could break SQL', minimal({ list: { search: ["name'); DROP TABLE users; --"] } })],
    ['a GET action that is no download', minimal({ actions: [{ name: 'get', method: 'GET', path: 'get', label: 'a', message: 'b' }] })],
    ['a download that is not a GET', minimal({ actions: [{ name: 'get', method: 'POST', path: 'get', download: true, label: 'a', message: 'b' }] })],
    ['a download with a body', minimal({ actions: [{ name: 'get', method: 'GET', path: 'get', download: true, body: { type: 'object', properties: { a: { type: 'string' } } }, label: 'a', message: 'b' }] })],
    ['an action run only when a field that is not a property holds a value', minimal({ actions: [{ name: 'start', method: 'PUT', path: 'start', when: { status: ['draft'] }, label: 'a', message: 'b' }] })],
    ['an action opening a view the module has not', minimal({ actions: [{ name: 'copy', method: 'POST', path: 'copy', opens: 'edit', label: 'a', message: 'b' }] })],
    ['a document that is not a string', { ...minimal(), properties: { name: { type: 'object', 'x-widget': 'document' } } }],
    ['a thumbnail column of a field without thumbnails', minimal({ files: { photo: {} }, list: { columns: [{ field: 'photo', kind: 'thumbnail' }] } })],
    ['a thumbnail column whose alt text is no property', minimal({ files: { photo: { thumbnails: [{ name: 'small', width: 10, height: 10 }] } }, list: { columns: [{ field: 'photo', kind: 'thumbnail', alt: 'missing' }] } })],
    ['a column of an unknown kind', minimal({ list: { columns: [{ field: 'name', kind: 'chart' }] } })],
    ['a list edited in place naming no property', minimal({ route: { path: '/usluga/{service_id}/notatki', name: 'service_notes', lists: [{ name: 'service_notes_texts', path: 'teksty', filters: {}, inline: ['missing'] }] } })],
    ['a file field flagged by a record field', minimal({ files: { photo: { flags: ['record:has_photos'] } } })],
    ['a template rule it does not know', minimal({ files: { photo: { template: { colour: 'banners_counter.colour' } } } })],
    ['a template rule that is no settings path', minimal({ files: { photo: { template: { dimensions: '../size' } } } })],
  ])('refuses %s, naming the file', (_what, file) => {
    expect(() => loadModuleSchema(file, 'notes.schema.json')).toThrow(SchemaFileError);
    expect(() => loadModuleSchema(file, 'notes.schema.json')).toThrow(/notes\.schema\.json/);
  });

  it('keeps thumbnail columns, lists edited in place and a file field\'s flags and template rules', () => {
    const photos = module('gallery_photos').admin;
    expect(photos.list.columns[0]).toEqual({ field: 'photo', kind: 'thumbnail', alt: 'alt' });
    expect(photos.route.lists[0].inline).toEqual(['alt', 'description']);
    expect(module('counter_banners').admin.files.photo).toMatchObject({
      flags: ['template:counter_banner_photo'],
      template: { help: 'banners_counter.photo_dimension_info', dimensions: 'banners_counter.photo_dimension_size' },
    });
  });

  it('refuses two files with the same resource', () => {
    expect(() => createRegistry({ 'a.json': minimal(), 'b.json': minimal() })).toThrow(/duplicate resource notes/);
  });

  it('reads Vite eager-glob modules ({default: schema}) like parsed files', () => {
    const viaGlob = createRegistry({ '/schemas/notes.schema.json': { default: minimal() } });
    expect(viaGlob.byResource('notes')?.admin.route.name).toBe('service_notes');
  });

  it('finds modules by route name, including named sub-routes', () => {
    expect(registry.byRouteName('service_configuration_news')?.admin.resource).toBe('news_categories');
    expect(registry.byRouteName('service_configuration_senders_config_preview')?.admin.resource).toBe('senders_config');
    expect(registry.byRouteName('admin_content')?.admin.resource).toBe('content');
  });

  it('resolves {product} in property names, required lists and messages', () => {
    const limits = module('limits').schema;
    expect(Object.keys(limits.properties ?? {})).toEqual(['panel_emaillabs_daily_mail_limit', 'panel_emaillabs_monthly_mail_limit']);
    expect(limits.required).toEqual(['panel_emaillabs_daily_mail_limit', 'panel_emaillabs_monthly_mail_limit']);
    expect(resolveProduct({ '{product}_x': ['{product}'] }, 'acme')).toEqual({ acme_x: ['acme'] });
  });
});

describe('paths', () => {
  it('builds the SPEC 7 addresses of every module from x-admin and route params', () => {
    const params = { service_id: 5 };
    const tags = apiPaths(module('tags').admin, params);
    expect(tags.collection).toBe('/client_service/5/module/tags');
    expect(tags.item(12)).toBe('/client_service/5/module/tags/12');

    const news = apiPaths(module('news_categories').admin, params);
    expect(news.collection).toBe('/client_service/5/module/news_categories');
    expect(news.upload).toBe('/client_service/5/upload/news_categories');
    expect(news.uploadItem(3)).toBe('/client_service/5/upload/news_categories/3');
    expect(news.file('photo', 3)).toBe('/client_service/5/module/news_categories/3/image');
    expect(news.dictionary).toBe('/client_service/5/module/news_categories/dictionary');

    const content = apiPaths(module('content').admin, {});
    expect([content.collection, content.upload, content.uploadItem(7), content.file('photo', 7)]).toEqual([
      '/content',
      '/content',
      '/content/7',
      '/content/7/photo',
    ]);

    const limits = apiPaths(module('limits').admin, params);
    expect([limits.collection, limits.read]).toEqual(['/client_service/5/limits', '/client_service/5/limits/current']);
    expect(apiPaths(module('senders_config').admin, params).collection).toBe('/client_service/5/module/senders/configs');
  });

  it('builds the Polish routes and route names', () => {
    const tags = module('tags').admin;
    expect(routePath(tags, 'edit', { service_id: 5, tag_id: 12 })).toBe('/usluga/5/konfiguracja/tagi/edytuj/12');
    expect(routePath(tags, 'create', { service_id: 5 })).toBe('/usluga/5/konfiguracja/tagi/dodaj');
    expect(routePath(tags, 'list', { service_id: 5 })).toBe('/usluga/5/konfiguracja/tagi');
    expect(routePattern(tags, 'edit')).toBe('/usluga/:service_id/konfiguracja/tagi/edytuj/:tag_id');
    expect(routePattern(module('recipients').admin, 'edit')).toBe('/usluga/:service_id/konfiguracja/odbiorcy/edytuj/:recipient_id');
    expect(routePath(module('content').admin, 'edit', { content_id: 4 })).toBe('/admin/content/edytuj/4');
    const senders = module('senders_config').admin;
    expect(routePath(senders, 'show', { service_id: 5 })).toBe('/usluga/5/konfiguracja/metody_wysylki/szczegoly');
    expect(routePath(senders, 'edit', { service_id: 5, method_id: 2 })).toBe('/usluga/5/konfiguracja/metody_wysylki/2/edytuj');
    expect(routeName(senders, 'show')).toBe('service_configuration_senders_config_preview');
    expect(routeName(module('news_categories').admin, 'list')).toBe('service_configuration_news');
    expect(routePath(module('limits').admin, 'edit', { service_id: 5 })).toBe('/usluga/5/admin/limity');
  });

  it('encodes params and refuses missing ones', () => {
    expect(fillPath('/a/{x}', { x: 'a/b c' })).toBe('/a/a%2Fb%20c');
    expect(() => fillPath('/a/{x}', {})).toThrow(/missing param x/);
  });
});

describe('error mapping', () => {
  const t = createTranslate(catalogues.pl, 'pl');
  const ajv = createAjv();

  it('gives one translated message per field, with {min} and plural forms resolved', () => {
    const { schema } = module('tags');
    const { $id: _id, ...body } = schema;
    const validate = ajv.compile(body);
    expect(validate({ name: 'a' })).toBe(false);
    const described = describeErrors(validate.errors, schema);
    expect(described).toEqual([{ field: 'name', key: 'validation.tags.name_min', params: { min: 2, max: 128, smart_count: 2 } }]);
    expect(translateErrors(described, t)).toEqual({ name: 'Nazwa tagu powinna zawierać co najmniej 2 znaki' });
  });

  it('names the field in the generic message when the schema gives none', () => {
    const schema = { type: 'object', properties: { age: { type: 'integer', title: 'resources.limits.fields.daily' } } };
    const validate = ajv.compile(schema);
    validate({ age: 'x' });
    expect(translateErrors(describeErrors(validate.errors, schema), t)).toEqual({ age: 'Pole Dobowy limit wysyłek jest nieprawidłowe.' });
  });

  it('refuses bidirectional controls in every single-line text (names, subjects, addresses, list items), not in HTML, text areas or secrets', () => {
    const property = (resource: string, field: string) => module(resource).schema.properties![field];
    for (const [resource, field] of [['tags', 'name'], ['news_items', 'title'], ['recipients', 'email'], ['mailings', 'subject'], ['senders_config', 'from_name']]) {
      expect(property(resource, field)['x-single-line'], `${resource}.${field}`).toBe(true);
    }
    expect((property('recipients', 'tags').items as Record<string, unknown>)['x-single-line']).toBe(true);
    for (const [resource, field] of [['news_items', 'content'], ['news_items', 'lead'], ['templates', 'html'], ['senders_config', 'smtp_password']]) {
      expect(property(resource, field)['x-single-line'], `${resource}.${field}`).toBeUndefined();
    }
    const { schema } = module('recipients');
    const { $id: _id, ...body } = schema;
    const validate = ajv.compile(body);
    validate({ name: 'Jan \u202EiksowoK', email: 'jan@example.com', tags: ['ok', 'a\u2067b'] });
    expect(translateErrors(describeErrors(validate.errors, schema), t)).toEqual({
      name: 'Pole Nazwa odbiorcy zawiera niedozwolone znaki sterujące kierunkiem tekstu.',
      'tags.1': 'Pole Nazwa tagu zawiera niedozwolone znaki sterujące kierunkiem tekstu.',
    });
  });

  it('reports nested array items by their dotted path', () => {
    const { schema } = module('recipients');
    const { $id: _id, ...body } = schema;
    const validate = ajv.compile(body);
    validate({ name: 'Jan Kowalski', email: 'jan@example.com', tags: ['ok', 'x'] });
    expect(translateErrors(describeErrors(validate.errors, schema), t)).toEqual({ 'tags.1': 'Nazwa tagu powinna zawierać co najmniej 2 znaki' });
  });
});

describe('engine v2 declarations', () => {
  const module = (resource: string, admin: Record<string, unknown> = {}, properties: Record<string, unknown> = { name: { type: 'string' } }) => ({
    type: 'object',
    properties,
    'x-admin': {
      resource,
      scope: 'service',
      title: 'resources.tags.title',
      route: { path: `/usluga/{service_id}/${resource}`, name: `service_${resource}`, views: { list: '' } },
      ...admin,
    },
  });
  const child = (admin: Record<string, unknown> = {}) =>
    module('photos', {
      parent: { resource: 'albums', param: 'album_id' },
      route: { path: '/usluga/{service_id}/albumy/{album_id}/zdjecia', name: 'service_photos', param: 'photo_id', views: { list: '', edit: 'edytuj/{photo_id}' } },
      ...admin,
    });

  const albums = module('albums', { route: { path: '/usluga/{service_id}/albumy', name: 'service_albums', param: 'album_id', views: { list: '', edit: 'edytuj/{album_id}' } } });

  it("nests a child's API under its parent's record", () => {
    const registry = createRegistry({ 'a.schema.json': albums, 'p.schema.json': child() });
    expect(registry.byResource('photos')!.admin.api.path).toBe('/client_service/{service_id}/module/albums/{album_id}/photos');
  });

  it.each([
    ['a route placeholder that names nothing', child({ route: { path: '/usluga/{service_id}/albumy/{gallery}/zdjecia', name: 'service_photos', views: { list: '' } } })],
    ['an API placeholder that names nothing', child({ api: { path: '/client_service/{service_id}/module/photos/{owner_id}' } })],
    ['an API path that does not name its parent', child({ api: { path: '/client_service/{service_id}/module/photos' } })],
    ['a view placeholder that is not the record', child({ route: { path: '/usluga/{service_id}/albumy/{album_id}/zdjecia', name: 'service_photos', param: 'photo_id', views: { list: '', edit: 'edytuj/{id}' } } })],
  ])('refuses to start on %s', (_what, file) => {
    expect(() => createRegistry({ 'a.schema.json': albums, 'p.schema.json': file })).toThrow(/names nothing|must name its parent/);
  });

  it('nests a table-stored module only under a table-stored parent, and the reverse', () => {
    const tableAlbums = module('albums', { ...albums['x-admin'], storage: { table: 'albums' } });
    const tableChild = child({ storage: { table: 'photos' } });
    expect(createRegistry({ 'a.schema.json': tableAlbums, 'p.schema.json': tableChild }).byResource('photos')!.admin.storage?.table).toBe('photos');
    expect(() => createRegistry({ 'a.schema.json': tableAlbums, 'p.schema.json': child() })).toThrow(/keeps its records where its parent does/);
    expect(() => createRegistry({ 'a.schema.json': albums, 'p.schema.json': tableChild })).toThrow(/keeps its records where its parent does/);
  });

  it('refuses a parent param that is not the parent route param', () => {
    expect(() => createRegistry({ 'a.schema.json': module('albums'), 'p.schema.json': child() })).toThrow(/route param albums_id/);
  });

  it('refuses an unknown parent, a parent cycle and a record flag without a parent', () => {
    expect(() => createRegistry({ 'p.schema.json': child() })).toThrow(/parent albums is not a module/);
    const loop = (resource: string, parent: string) =>
      module(resource, { parent: { resource: parent, param: `${parent}_id` }, api: { path: `/client_service/{service_id}/module/${resource}/{${parent}_id}` }, route: { path: `/usluga/{service_id}/${resource}/{${parent}_id}`, name: `service_${resource}`, views: { list: '' } } });
    expect(() => createRegistry({ 'a.schema.json': loop('a', 'b'), 'b.schema.json': loop('b', 'a') })).toThrow(/cycle/);
    expect(() => createRegistry({ 'a.schema.json': module('albums', { flags: ['record:has_photos'] }) })).toThrow(/needs a parent/);
    expect(() => createRegistry({ 'a.schema.json': module('albums', { flags: ['weather:sunny'] }) })).toThrow(/must match/);
  });

  it('checks references: a module of the same scope, by one of its fields', () => {
    const tags = module('tags');
    const referencing = (ref: unknown) => module('notes', {}, { tag: { type: 'string', 'x-ref': ref } });
    expect(() => createRegistry({ 't.schema.json': tags, 'n.schema.json': referencing({ resource: 'tags', field: 'name' }) })).not.toThrow();
    expect(() => createRegistry({ 't.schema.json': tags, 'n.schema.json': referencing({ resource: 'labels' }) })).toThrow(/not a module/);
    expect(() => createRegistry({ 't.schema.json': tags, 'n.schema.json': referencing({ resource: 'tags', field: 'colour' }) })).toThrow(/not a property/);
  });

  it('reads a toggle action and refuses one without a label or toast per value', () => {
    const toggle = {
      name: 'publish',
      method: 'PUT',
      path: 'publish',
      on: 'row',
      handler: 'update',
      body: { type: 'object', properties: { published: { type: 'boolean' } } },
      toggle: { field: 'published', values: [true, false] },
      label: 'a.label',
      labels: { true: 'a.on', false: 'a.off' },
      message: 'a.message',
      messages: { true: 'a.published', false: 'a.hidden' },
    };
    const withAction = (action: unknown) => module('albums', { actions: [action] }, { name: { type: 'string' }, published: { type: 'boolean' } });
    expect(createRegistry({ 'a.schema.json': withAction(toggle) }).modules[0].admin.actions[0]).toMatchObject({ on: 'row', handler: 'update', toggle: toggle.toggle });
    expect(() => createRegistry({ 'a.schema.json': withAction({ ...toggle, messages: { true: 'a.published' } }) })).toThrow(/labels and messages for both/);
    expect(() => createRegistry({ 'a.schema.json': withAction({ ...toggle, body: { type: 'object', properties: { colour: { type: 'string' } } }, toggle: undefined }) })).toThrow(/not a property of the record/);
  });
});

describe('a list that takes many files', () => {
  const photos = (admin: Record<string, unknown>, required: string[] = []) => ({
    type: 'object',
    properties: { caption: { type: 'string' } },
    required,
    'x-admin': { resource: 'photos', scope: 'service', route: { path: '/usluga/{service_id}/zdjecia', name: 'service_photos', views: { list: '' } }, ...admin },
  });
  it('names one of its file fields, and no property is required', () => {
    expect(createRegistry({ 'p.schema.json': photos({ files: { photo: {} }, list: { upload: 'photo' } }) }).modules[0].admin.list.upload).toBe('photo');
    expect(() => createRegistry({ 'p.schema.json': photos({ list: { upload: 'photo' } }) })).toThrow(/must be a file field/);
    expect(() => createRegistry({ 'p.schema.json': photos({ files: { photo: {} }, list: { upload: 'photo' } }, ['caption']) })).toThrow(/no property may be required/);
  });
});

describe('bulk actions on the selected records of a list', () => {
  const notes = (admin: Record<string, unknown>) => ({
    type: 'object',
    properties: { name: { type: 'string' }, labels: { type: 'array', items: { type: 'string' } } },
    'x-admin': { resource: 'notes', scope: 'service', route: { path: '/usluga/{service_id}/notatki', name: 'service_notes', views: { list: '' } }, ...admin },
  });
  it("completes the catalogue's texts, and refuses an add without an array field, a delete with one, and a module that cannot change records", () => {
    const bulk = createRegistry({ 'n.schema.json': notes({ list: { bulk: [{ action: 'delete' }, { action: 'add', field: 'labels', label: 'resources.notes.bulk.label' }] } }) }).modules[0].admin.list.bulk;
    expect(bulk).toEqual([
      { action: 'delete', label: 'app.schema.bulk.delete', message: 'app.schema.bulk.deleted', confirm: 'app.schema.bulk.delete_confirm' },
      { action: 'add', field: 'labels', label: 'resources.notes.bulk.label', message: 'app.schema.bulk.added' },
    ]);
    expect(() => createRegistry({ 'n.schema.json': notes({ list: { bulk: [{ action: 'add', field: 'name' }] } }) })).toThrow(/add needs field, an array property/);
    expect(() => createRegistry({ 'n.schema.json': notes({ list: { bulk: [{ action: 'delete', field: 'labels' }] } }) })).toThrow(/delete takes no field/);
    expect(() => createRegistry({ 'n.schema.json': notes({ list: { bulk: [{ action: 'archive' }] } }) })).toThrow(/action must be delete or add/);
    expect(() => createRegistry({ 'n.schema.json': notes({ writable: false, list: { bulk: [{ action: 'delete' }] } }) })).toThrow(/must be writable/);
  });
});

describe("a module's menu entry", () => {
  const withMenu = (menu: unknown, scope = 'service', extra: Record<string, unknown> = {}) => ({
    type: 'object',
    properties: { name: { type: 'string' } },
    'x-admin': { resource: 'notes', scope, title: 'resources.tags.title', route: { path: scope === 'service' ? '/usluga/{service_id}/notatki' : '/admin/notatki', name: 'notes', views: { list: '' } }, menu, ...extra },
  });
  it('takes its defaults from the module, and is refused outside the service and admin menus or with a bad icon', () => {
    expect(createRegistry({ 'n.schema.json': withMenu({ folder: 'configuration', icon: 'Description' }) }).modules[0].admin.menu).toEqual({
      folder: 'configuration',
      icon: 'Description',
      sort: 100,
      name: 'resources.tags.title',
      rootOnly: false,
    });
    expect(createRegistry({ 'n.schema.json': withMenu({ icon: 'Description' }, 'service', { writeRole: 'root' }) }).modules[0].admin.menu?.rootOnly).toBe(true);
    expect(() => createRegistry({ 'n.schema.json': withMenu({ icon: 'Description' }, 'user') })).toThrow(/only service and admin modules/);
    // Only icons the sidebar draws (src/common/menu-icons.ts): a near miss is named.
    expect(() => createRegistry({ 'n.schema.json': withMenu({ icon: 'Setings' }) })).toThrow('n.schema.json: x-admin.menu.icon: unknown icon "Setings"; did you mean Settings?');
    expect(() => createRegistry({ 'n.schema.json': withMenu({ icon: 'notes<script>' }) })).toThrow(/unknown icon "notes<script>"; one of AccountCircle, /);
  });
});

describe('pages beyond the views (news)', () => {
  const items = (admin: Record<string, unknown> = {}, route: Record<string, unknown> = {}) => ({
    type: 'object',
    properties: { category_id: { type: 'integer' }, archived: { type: 'boolean' }, title: { type: 'string' }, source: { type: 'integer', readOnly: true } },
    'x-admin': {
      resource: 'items',
      scope: 'service',
      title: 'resources.notes.title',
      route: { path: '/usluga/{service_id}/wiadomosci', name: 'service_items', param: 'item_id', views: { list: 'wszystkie', show: '{category_id}/wiadomosc/{item_id}/{source?}' }, ...route },
      list: { filters: [{ field: 'category_id', op: 'eq' }, { field: 'archived', op: 'eq' }] },
      ...admin,
    },
  });
  const log = (admin: Record<string, unknown> = {}) => ({
    type: 'object',
    properties: { user: { type: 'string' } },
    'x-admin': {
      resource: 'item_logs',
      scope: 'service',
      title: 'resources.notes.title',
      parent: { resource: 'items', param: 'item_id' },
      route: { path: '/usluga/{service_id}/wiadomosci/{category_id}/wiadomosc/{item_id}/logi', name: 'service_item_logs' },
      writable: false,
      ...admin,
    },
  });

  it('lets route paths name an eq filter (theirs or a parent\'s) and a record page end with an optional field', () => {
    const registry = createRegistry({
      'items.schema.json': items({ history: 'item_logs' }, {
        lists: [{ name: 'service_items_archive', path: '{category_id}/archiwum', filters: { archived: 'true' } }],
        forms: [{ name: 'service_items_options', path: '{category_id}/wiadomosc/{item_id}/opcje', fields: ['archived', 'title'], optional: { path: 'display', fields: ['title'] } }],
      }),
      'logs.schema.json': log(),
    });
    const { admin } = registry.byResource('items')!;
    expect(admin.route.forms[0].optional).toEqual({ path: 'display', fields: ['title'] });
    expect(admin.route.lists).toEqual([{ name: 'service_items_archive', path: '{category_id}/archiwum', title: 'resources.items.pages.service_items_archive', filters: { archived: 'true' } }]);
    expect(admin.route.forms[0]).toMatchObject({ fields: ['archived', 'title'], title: 'resources.items.pages.service_items_options' });
    expect(admin.history).toBe('item_logs');
    expect(registry.byResource('item_logs')!.admin.writable).toBe(false);
  });

  it('refuses a placeholder naming nothing, a list filtering by no filter, a form without the record and a writable history', () => {
    const load = (...files: unknown[]) => () => createRegistry(Object.fromEntries(files.map((file, index) => [`${index}.schema.json`, file])));
    expect(load(items({}, { lists: [{ name: 'service_items_x', path: '{tag_id}', filters: {} }] }))).toThrow(/\{tag_id\} names nothing/);
    expect(load(items({}, { lists: [{ name: 'service_items_x', path: 'x', filters: { title: 'a' } }] }))).toThrow(/title is not a filter param/);
    expect(load(items({}, { forms: [{ name: 'service_items_x', path: 'opcje', fields: ['title'] }] }))).toThrow(/must name \{item_id\}/);
    expect(load(items({}, { forms: [{ name: 'service_items_x', path: '{item_id}/opcje', fields: ['nope'] }] }))).toThrow(/nope is not a property/);
    expect(load(items({ history: 'item_logs' }), log({ writable: true }))).toThrow(/read-only module/);
    expect(load(items({ lockedBy: 'nope' }))).toThrow(/lockedBy nope is not a property/);
    expect(load(items({}, { forms: [{ name: 'service_items_x', path: '{item_id}/opcje', fields: ['archived'], optional: { path: 'display', fields: ['title'] } }] }))).toThrow(/optional field title is not one of its fields/);
    expect(load(items({}, { forms: [{ name: 'service_items_x', path: '{item_id}/opcje', fields: ['archived'], optional: { path: '../x', fields: [] } }] }))).toThrow(/optional.path must match/);
    expect(load(items({ api: { path: '/client_service/{service_id}/module/items', menu: 'menu/../x' } }))).toThrow(/api.menu must match/);
  });
});
