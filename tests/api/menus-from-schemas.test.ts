import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MenuItem } from '../../src/common/api/menu';
import { buildApp } from '../../src/server/app';
import { t as translate } from '../../src/server/platform/http/errors';
import { serviceOf } from './schema-fixtures';
import { createTestApp, type TestApp } from './support/app';

/** A service module of the demo's schemas' shape, with the menu block given. */
const serviceModule = (resource: string, segment: string, menu: Record<string, unknown>) => ({
  type: 'object',
  title: 'resources.tags.title',
  properties: { name: { type: 'string', title: 'resources.tags.fields.name', maxLength: 80 } },
  'x-admin': {
    resource,
    scope: 'service',
    module: resource,
    title: 'resources.tags.title',
    route: { path: `/usluga/{service_id}/moduly/${segment}`, name: `service_${resource}`, param: 'item_id', views: { list: '', create: 'dodaj', edit: 'edytuj/{item_id}' } },
    menu,
  },
});

const adminModule = (menu: Record<string, unknown>) => ({
  type: 'object',
  title: 'resources.tags.title',
  properties: { name: { type: 'string', title: 'resources.tags.fields.name', maxLength: 80 } },
  'x-admin': {
    resource: 'admin_notes',
    scope: 'admin',
    module: 'admin_notes',
    title: 'resources.tags.title',
    route: { path: '/admin/notatki', name: 'admin_notes', param: 'note_id', views: { list: '', create: 'dodaj', edit: 'edytuj/{note_id}' } },
    menu,
  },
});

/** A folder of the tests' own (the project's schemas declare "Moduły" already), named by a key the catalogue has. */
const FOLDER_NAME = 'app.service_modules.main_pages';

/** The schemas as first deployed: a module declaring a folder, one joining it, an admin module. */
const firstSchemas = {
  'notes.schema.json': serviceModule('notes', 'notatki', { folder: { slot: 'notebooks', icon: 'Apps', sort: 50, name: FOLDER_NAME }, icon: 'Description', sort: 10 }),
  'memos.schema.json': serviceModule('memos', 'memo', { folder: 'notebooks', icon: 'Article', sort: 20 }),
  'admin-notes.schema.json': adminModule({ icon: 'Description', sort: 55 }),
};

let test: TestApp;
const folders: string[] = [];
let klient: string;
let admin: string;
let site: number;

/** A schemas folder: the project's, with the given files added. */
async function schemasWith(files: Record<string, unknown>): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'panel-menus-'));
  folders.push(dir);
  await cp('schemas', dir, { recursive: true });
  for (const [name, schema] of Object.entries(files)) await writeFile(path.join(dir, name), JSON.stringify(schema));
  return dir;
}

/** Another server starting on the same database with these schemas. */
async function startWith(files: Record<string, unknown>): Promise<void> {
  const restarted = await buildApp({ ...test.ctx, config: { ...test.config, schemasDir: await schemasWith(files) } });
  await restarted.ready();
  await restarted.close();
}

beforeAll(async () => {
  test = await createTestApp({ schemasDir: await schemasWith(firstSchemas) });
  klient = (await test.login('klient')).access_token;
  admin = (await test.login('admin')).access_token;
  site = await serviceOf(test, 'klient', 1);
});
afterAll(async () => {
  await test?.close();
  await Promise.all(folders.map((dir) => rm(dir, { recursive: true, force: true })));
});

const menu = async (url: string, token = klient): Promise<MenuItem[]> => {
  const response = await test.call({ method: 'GET', url, token });
  expect(response.statusCode).toBe(200);
  return response.json().data;
};
const serviceMenu = (token = klient) => menu(`/api/user/menu/client_service/${site}`, token);
const testFolder = (items: MenuItem[]) => items.find((item) => item.type === 'folder' && item.name === translate(FOLDER_NAME));
const rowsOf = (prefix: string) =>
  test.ctx.db.query<{ id: number; service_type_id: number | null; name: string; icon: string; sort: number; is_root: boolean; parent_id: number | null }>(
    'SELECT id, service_type_id, name, icon, sort, is_root, parent_id FROM menu_items WHERE prefix = $1 ORDER BY service_type_id',
    [prefix],
  );

describe('the admin area’s menu', () => {
  it('holds its screens and the admin schema modules’ entries, named in Polish, for root users', async () => {
    const items = await menu('/api/user/menu/admin', admin);
    expect(items[0]).toMatchObject({ prefix: 'user_dashboard', name: 'Powrót do panelu', icon: 'Home', is_root: true, type: 'link' });
    const prefixes = items.map((item) => item.prefix);
    expect(prefixes).toEqual(expect.arrayContaining(['admin_dashboard', 'admin_news', 'admin_regulations', 'admin_content', 'admin_notes']));
    // admin_content and admin_notes come from their schemas, in the place their sort gives.
    expect(items.find((item) => item.prefix === 'admin_content')).toMatchObject({ name: 'Bloki treści', icon: 'ViewQuilt', sort: 50, is_root: true });
    expect(prefixes.indexOf('admin_notes')).toBe(prefixes.indexOf('admin_content') + 1);
    expect(items.map((item) => item.sort)).toEqual([...items.map((item) => item.sort)].sort((a, b) => a - b));
  });

  it('is refused to other users, and needs a signed-in user', async () => {
    const refused = await test.call({ method: 'GET', url: '/api/user/menu/admin', token: klient });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: 'Brak dostępu.' });
    expect((await test.call({ method: 'GET', url: '/api/user/menu/admin' })).statusCode).toBe(401);
  });
});

describe('a folder a schema declares', () => {
  it('is placed in each service menu with the entries of the modules naming its slot', async () => {
    const folder = testFolder(await serviceMenu());
    expect(folder).toMatchObject({ name: translate(FOLDER_NAME), icon: 'Apps', sort: 50, prefix: null });
    expect(folder?.submenu.map((item) => [item.prefix, item.name, item.sort])).toEqual([
      ['service_notes', 'Tagi', 10],
      ['service_memos', 'Tagi', 20],
    ]);
    const { rows } = await test.ctx.db.query<{ count: number }>("SELECT count(*)::int AS count FROM menu_items WHERE slot = 'notebooks'");
    const { rows: types } = await test.ctx.db.query<{ count: number }>('SELECT count(*)::int AS count FROM service_types');
    expect(rows[0].count).toBe(types[0].count);
  });

  it('keeps the catalogue keys in the rows', async () => {
    expect((await rowsOf('service_memos')).rows.every((row) => row.name === 'resources.tags.title')).toBe(true);
    const { rows } = await test.ctx.db.query<{ name: string }>("SELECT DISTINCT name FROM menu_items WHERE slot = 'notebooks'");
    expect(rows).toEqual([{ name: FOLDER_NAME }]);
  });
});

describe('entries on a database that already has them', () => {
  it('follow a changed menu block (name, icon, sort, folder, root only) at the next start, once', async () => {
    await startWith({
      ...firstSchemas,
      'memos.schema.json': serviceModule('memos', 'memo', { folder: 'configuration', icon: 'Send', sort: 5, name: 'resources.recipients.title', rootOnly: true }),
      'admin-notes.schema.json': adminModule({ icon: 'Quiz', sort: 5 }),
    });
    const forRoot = await serviceMenu(admin);
    const configuration = forRoot.find((item) => item.type === 'folder' && item.submenu.some((entry) => entry.prefix === 'service_configuration_tags'));
    expect(configuration?.submenu[0]).toMatchObject({ prefix: 'service_memos', name: translate('resources.recipients.title'), icon: 'Send', sort: 5, is_root: true });
    expect(testFolder(forRoot)?.submenu.map((item) => item.prefix)).toEqual(['service_notes']);
    expect((await serviceMenu()).flatMap((item) => [item, ...item.submenu]).map((item) => item.prefix)).not.toContain('service_memos');
    expect((await menu('/api/user/menu/admin', admin)).find((item) => item.prefix === 'admin_notes')).toMatchObject({ icon: 'Quiz', sort: 5 });
    expect((await rowsOf('service_memos')).rows).toHaveLength((await rowsOf('service_notes')).rows.length);
  });

  it('keep what a root user changed by hand, and follow the block in what they left', async () => {
    const [edited, ...others] = (await rowsOf('service_notes')).rows;
    await test.ctx.db.query("UPDATE menu_items SET icon = 'Star', name = 'Notatki biura' WHERE id = $1", [edited.id]);
    await startWith({ ...firstSchemas, 'notes.schema.json': serviceModule('notes', 'notatki', { folder: { slot: 'notebooks', icon: 'Apps', sort: 50, name: FOLDER_NAME }, icon: 'Category', sort: 30 }) });
    const { rows } = await rowsOf('service_notes');
    expect(rows.find((row) => row.id === edited.id)).toMatchObject({ icon: 'Star', name: 'Notatki biura', sort: 30 });
    expect(rows.filter((row) => row.id !== edited.id)).toEqual(others.map((row) => ({ ...row, icon: 'Category', sort: 30 })));
    // The folder's own block is unchanged: the folder is left as it is.
    expect(testFolder(await serviceMenu())).toMatchObject({ icon: 'Apps', sort: 50 });
  });

  it('placed before declarations were kept, with a Polish name: are taken over, then follow the block', async () => {
    // As the entries were placed before: the name in Polish, no declaration kept.
    await test.ctx.db.query("UPDATE menu_items SET name = $1, declared = NULL WHERE prefix = 'service_memos'", [translate('resources.tags.title')]);
    await test.ctx.db.query("UPDATE menu_items SET name = 'Ręcznie', declared = NULL WHERE prefix = 'service_memos' AND service_type_id = 1");
    await startWith(firstSchemas);
    const before = (await rowsOf('service_memos')).rows;
    expect(before.filter((row) => row.service_type_id !== 1).every((row) => row.name === 'resources.tags.title')).toBe(true);
    expect(before.find((row) => row.service_type_id === 1)?.name).toBe('Ręcznie');
    await startWith({ ...firstSchemas, 'memos.schema.json': serviceModule('memos', 'memo', { folder: 'notebooks', icon: 'Article', sort: 20, name: 'resources.recipients.title' }) });
    const after = (await rowsOf('service_memos')).rows;
    expect(after.filter((row) => row.service_type_id !== 1).every((row) => row.name === 'resources.recipients.title')).toBe(true);
    expect(after.find((row) => row.service_type_id === 1)?.name).toBe('Ręcznie');
    expect((await serviceMenu()).flatMap((item) => [item, ...item.submenu]).find((item) => item.prefix === 'service_memos')?.name).toBe('Ręcznie');
  });
});
