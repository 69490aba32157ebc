import { describe, expect, it } from 'vitest';
import { createRegistry } from '../../src/common/schema/registry';
import { createTranslate } from '../../src/common/i18n/translate';
import { catalogues } from '../../src/common/i18n/catalogues';
import { clientRegistry, fieldTitleKey, schemaResourcePath } from '../../src/client/schema/registry';
import { buildSchemaRoutes, isFormView } from '../../src/client/schema/routes';
import { routes } from '../../src/client/routes';

const table = buildSchemaRoutes(clientRegistry.modules);
const route = (name: string) => {
  const found = table.find((entry) => entry.name === name);
  if (!found) throw new Error(`no route ${name}; have ${table.map((entry) => entry.name).join(', ')}`);
  return found;
};

describe('the schema route table', () => {
  it('finds every schema file in schemas/ at build time', () => {
    expect(clientRegistry.modules.map((module) => module.admin.resource)).toEqual(
      expect.arrayContaining(['tags', 'recipients', 'news_categories', 'content', 'senders_config', 'limits']),
    );
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
    const senders = clientRegistry.byResource('senders_config')!;
    expect(isFormView(senders, 'list')).toBe(true);
    expect(isFormView(clientRegistry.byResource('tags')!, 'list')).toBe(false);
  });

  it('leaves modules served by hand-written screens (crud: false) out', () => {
    expect(table.some((entry) => entry.resource === 'main_page_sections')).toBe(false);
  });

  it('clashes with no other route of the app, by name or path', () => {
    const all = [...routes.filter((entry) => !('resource' in entry)), ...table];
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
