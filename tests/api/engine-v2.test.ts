import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG, multipart, serviceOf } from './schema-fixtures';
import { createTestApp, type TestApp } from './support/app';
import { until } from './support/until';
import { placeMenuEntries } from '../../src/server/schema/menus';
import { serverRegistry } from '../../src/server/schema/settings';

/**
 * Engine v2 through modules written only as schema files in a temporary folder: albums (with a
 * publish toggle), their photos (nested under an album, shown only when the album says it has
 * photos) and banners (only on a site whose template offers banners).
 */
const tagTitle = 'resources.tags.fields.name';
const albums = {
  type: 'object',
  properties: {
    name: { type: 'string', title: tagTitle, minLength: 2, maxLength: 64 },
    published: { type: 'boolean', default: false },
    has_photos: { type: 'boolean', default: true },
  },
  required: ['name'],
  'x-admin': {
    resource: 'albums',
    scope: 'service',
    module: 'wcag',
    title: 'resources.tags.title',
    route: { path: '/usluga/{service_id}/albumy', name: 'service_albums', param: 'album_id', views: { list: '', create: 'dodaj', edit: 'edytuj/{album_id}' } },
    list: { columns: [{ field: 'name', sortable: true }, { field: 'published' }], sort: { field: 'name', order: 'ASC' } },
    actions: [
      {
        name: 'publish',
        method: 'PUT',
        path: 'publish',
        on: 'row',
        handler: 'update',
        body: { type: 'object', properties: { published: { type: 'boolean' } }, required: ['published'], additionalProperties: false },
        toggle: { field: 'published', values: [true, false] },
        label: 'app.schema.actions',
        labels: { true: 'app.schema.actions', false: 'app.schema.actions' },
        message: 'resources.tags.messages.updated',
        messages: { true: 'resources.tags.messages.updated', false: 'resources.tags.messages.updated' },
      },
    ],
  },
};
const photos = {
  type: 'object',
  properties: { caption: { type: 'string', title: tagTitle, maxLength: 120 } },
  'x-admin': {
    resource: 'album_photos',
    scope: 'service',
    module: 'wcag',
    title: 'resources.tags.title',
    parent: { resource: 'albums', param: 'album_id' },
    route: { path: '/usluga/{service_id}/albumy/zdjecia/{album_id}', name: 'service_album_photos', param: 'photo_id', views: { list: '', create: 'dodaj' } },
    files: { photo: {} },
    flags: ['record:has_photos'],
    ordered: true,
  },
};
const covers = {
  type: 'object',
  properties: {
    title: { type: 'string', title: tagTitle },
    album: { type: 'integer', 'x-ref': { resource: 'albums' } },
    related: { type: 'array', items: { type: 'integer', 'x-ref': { resource: 'albums' } } },
  },
  'x-admin': {
    resource: 'covers',
    scope: 'service',
    module: 'wcag',
    api: { path: '/client_service/{service_id}/module/wcag_covers' },
    title: 'resources.tags.title',
    route: { path: '/usluga/{service_id}/okladki', name: 'service_covers', param: 'cover_id', views: { list: '' } },
  },
};
const events = {
  type: 'object',
  properties: { title: { type: 'string', title: tagTitle, minLength: 3 }, seats: { type: 'integer', minimum: 0 } },
  required: ['title'],
  'x-admin': {
    resource: 'events',
    scope: 'service',
    module: 'wcag',
    api: { path: '/client_service/{service_id}/module/events' },
    title: 'resources.tags.title',
    route: { path: '/usluga/{service_id}/wydarzenia', name: 'service_events', param: 'event_id', views: { list: '' } },
    list: { columns: [{ field: 'title', sortable: true }], sort: { field: 'title', order: 'ASC' }, search: ['title'] },
    unique: [{ fields: ['title'], message: 'errors.conflict' }],
    storage: { table: 'demo_events', migration: 'demo_events.sql' },
    menu: { folder: 'configuration', icon: 'Schedule', sort: 15 },
  },
};
const eventsTable = `CREATE TABLE demo_events (
  id SERIAL PRIMARY KEY,
  client_service_id INTEGER NOT NULL REFERENCES client_services(id) ON DELETE CASCADE,
  title TEXT NOT NULL,
  seats INTEGER,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX demo_events_service ON demo_events (client_service_id, id);`;
const banners = {
  type: 'object',
  properties: { name: { type: 'string', title: tagTitle } },
  'x-admin': {
    resource: 'banners',
    scope: 'service',
    module: 'appearance',
    title: 'resources.tags.title',
    route: { path: '/usluga/{service_id}/wyglad/ustawienia/bannery', name: 'service_banners', param: 'banner_id', views: { list: '' } },
    flags: ['template:banners'],
  },
};

let test: TestApp;
let schemasDir: string;
const tokens: Record<string, string> = {};
let site: number;
let otherSite: number;

beforeAll(async () => {
  schemasDir = await mkdtemp(path.join(tmpdir(), 'panel-schemas-v2-'));
  await cp('schemas', schemasDir, { recursive: true });
  for (const [name, schema] of Object.entries({ albums, photos, covers, banners })) await writeFile(path.join(schemasDir, `${name}.schema.json`), JSON.stringify(schema));
  await mkdir(path.join(schemasDir, 'events'));
  await writeFile(path.join(schemasDir, 'events', 'events.schema.json'), JSON.stringify(events));
  await writeFile(path.join(schemasDir, 'events', 'demo_events.sql'), eventsTable);
  test = await createTestApp({ schemasDir });
  for (const username of ['klient', 'klient2', 'admin']) tokens[username] = (await test.login(username)).access_token;
  site = await serviceOf(test, 'klient', 1);
  otherSite = await serviceOf(test, 'klient2', 1);
});
afterAll(async () => {
  await test?.close();
  await rm(schemasDir, { recursive: true, force: true });
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'OPTIONS';
const call = (method: Method, url: string, payload?: unknown, as = 'klient') => test.call({ method, url, token: tokens[as], payload });
const albumsOf = (service: number) => `/api/client_service/${service}/module/wcag`;
const photosOf = (service: number, album: number | string) => `${albumsOf(service)}/${album}/wcag`;

async function album(service: number, as: string, values: Record<string, unknown> = {}): Promise<number> {
  const created = await call('POST', albumsOf(service), { name: `Album ${Math.random().toString(36).slice(2, 8)}`, ...values }, as);
  expect(created.statusCode).toBe(201);
  return created.json().id;
}

describe('a module nested under a parent record', () => {
  it("keeps each parent's records apart and serves them under the parent's address", async () => {
    const summer = await album(site, 'klient');
    const winter = await album(site, 'klient');
    expect((await call('POST', photosOf(site, summer), { caption: 'Plaża' })).statusCode).toBe(201);
    expect((await call('POST', photosOf(site, summer), { caption: 'Molo' })).statusCode).toBe(201);
    expect((await call('POST', photosOf(site, winter), { caption: 'Stok' })).statusCode).toBe(201);

    const summerList = (await call('GET', photosOf(site, summer))).json();
    expect(summerList.pagination.total).toBe(2);
    expect(summerList.data.map((p: { caption: string }) => p.caption).sort()).toEqual(['Molo', 'Plaża']);
    const stok = (await call('GET', photosOf(site, winter))).json().data[0];
    // A record is found only under its own parent.
    expect((await call('GET', `${photosOf(site, winter)}/${stok.id}`)).statusCode).toBe(200);
    expect((await call('GET', `${photosOf(site, summer)}/${stok.id}`)).statusCode).toBe(404);
    expect((await call('PUT', `${photosOf(site, summer)}/${stok.id}`, { caption: 'x' })).statusCode).toBe(404);
  });

  it('answers a foreign, unknown or malformed parent as it answers a foreign service', async () => {
    const foreign = await album(otherSite, 'klient2');
    const foreignService = await call('GET', photosOf(otherSite, foreign));
    expect(foreignService.statusCode).toBe(403);
    for (const parent of [foreign, 999_999, 'abc', '0']) {
      for (const [method, body] of [['GET', undefined], ['POST', { caption: 'Cudze' }]] as const) {
        const answer = await call(method, photosOf(site, parent), body);
        expect(answer.statusCode, `${method} under ${parent}`).toBe(403);
        expect(answer.json()).toEqual(foreignService.json());
      }
    }
    expect((await call('GET', photosOf(otherSite, foreign), undefined, 'klient2')).statusCode).toBe(200);
  });

  it('removes the children, and their files, with the parent', async () => {
    const parent = await album(site, 'klient');
    const upload = multipart({ caption: 'Z plikiem' }, { name: 'a.png', type: 'image/png', data: PNG }, 'photo');
    const created = await test.call({ method: 'POST', url: photosOf(site, parent), token: tokens.klient, ...upload });
    expect(created.statusCode).toBe(201);
    const uri = created.json().photo_uri as string;
    expect((await test.call({ method: 'GET', url: uri })).statusCode).toBe(200);

    expect((await call('DELETE', `${albumsOf(site)}/${parent}`)).statusCode).toBe(204);
    expect((await call('GET', photosOf(site, parent))).statusCode).toBe(403);
    const { rows } = await test.ctx.db.query("SELECT 1 FROM module_records WHERE resource = 'album_photos' AND parent_id = $1", [parent]);
    expect(rows).toEqual([]);
    expect((await test.call({ method: 'GET', url: uri })).statusCode).toBe(404);
  });
});

describe('an engine-served action', () => {
  it('sets the fields of its body on the record, validated, for the owner only', async () => {
    const id = await album(site, 'klient', { published: false });
    const published = await call('PUT', `${albumsOf(site)}/${id}/publish`, { published: true });
    expect(published.statusCode).toBe(200);
    expect(published.json()).toMatchObject({ id, published: true });
    expect((await call('GET', `${albumsOf(site)}/${id}`)).json().published).toBe(true);

    const invalid = await call('PUT', `${albumsOf(site)}/${id}/publish`, { published: 'tak' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().detail).toBe('Proszę poprawnie wypełnić formularz.');
    // Only the body's fields: the name stays as it was.
    const sneaky = await call('PUT', `${albumsOf(site)}/${id}/publish`, { published: false, name: 'Podmieniona' });
    expect(sneaky.statusCode).toBe(200);
    expect(sneaky.json()).toMatchObject({ published: false });
    expect(sneaky.json().name).not.toBe('Podmieniona');

    expect((await call('PUT', `${albumsOf(site)}/${id}/publish`, { published: true }, 'klient2')).statusCode).toBe(403);
    expect((await call('PUT', `${albumsOf(site)}/999999/publish`, { published: true })).statusCode).toBe(404);
  });
});

describe('feature flags', () => {
  it("hide a nested module's pages by a field of the parent record (404), on every call", async () => {
    const without = await album(site, 'klient', { has_photos: false });
    for (const method of ['GET', 'OPTIONS'] as const) expect((await call(method, photosOf(site, without))).statusCode).toBe(404);
    expect((await call('POST', photosOf(site, without), { caption: 'x' })).statusCode).toBe(404);
    const withPhotos = await album(site, 'klient', { has_photos: true });
    expect((await call('OPTIONS', photosOf(site, withPhotos))).statusCode).toBe(200);
  });

  it("hide a module by the service's appearance template", async () => {
    expect((await call('GET', `/api/client_service/${site}/module/appearance`)).statusCode).toBe(200);
    expect((await call('GET', `/api/client_service/${otherSite}/module/appearance`, undefined, 'klient2')).statusCode).toBe(404);
    // Root users see the same: the template decides, not the user.
    expect((await call('GET', `/api/client_service/${otherSite}/module/appearance`, undefined, 'admin')).statusCode).toBe(404);
    await test.ctx.db.query(
      "UPDATE client_services SET template_id = (SELECT id FROM appearance_templates WHERE prefix = 'aurora') WHERE id = $1",
      [otherSite],
    );
    expect((await call('GET', `/api/client_service/${otherSite}/module/appearance`, undefined, 'klient2')).statusCode).toBe(200);
  });
});

describe('a reference to another module', () => {
  it('accepts only records of the same service, and says which field names a missing one', async () => {
    const own = await album(site, 'klient');
    const foreign = await album(otherSite, 'klient2');
    const covers = `/api/client_service/${site}/module/wcag_covers`;
    expect((await call('POST', covers, { title: 'Okładka', album: own, related: [own] })).statusCode).toBe(201);
    for (const body of [{ title: 'Cudza', album: foreign }, { title: 'Brak', album: 987_654 }, { title: 'Lista', album: own, related: [own, foreign] }]) {
      const refused = await call('POST', covers, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().detail).toBe('Proszę poprawnie wypełnić formularz.');
      expect(Object.values(refused.json().errors)).toEqual(['Wybrany element nie istnieje.']);
    }
  });
});

describe('the service access check behind every call', () => {
  it('stops a module taken away from the service, and a user taken off it, at the next calls', async () => {
    const list = () => call('GET', albumsOf(site));
    expect((await list()).statusCode).toBe(200);
    expect((await list()).statusCode).toBe(200);
    await test.ctx.db.query("DELETE FROM client_service_modules WHERE client_service_id = $1 AND module = 'wcag'", [site]);
    // The embedded database tells this process at once; a PostgreSQL server a moment after the commit.
    await until(async () => ((await list()).statusCode === 403 ? true : undefined), 5_000, 20);
    await test.ctx.db.query("INSERT INTO client_service_modules (client_service_id, module) VALUES ($1, 'wcag')", [site]);
    expect((await list()).statusCode).toBe(200);

    const klient = await test.userId('klient');
    await test.ctx.db.query('DELETE FROM client_service_users WHERE client_service_id = $1 AND user_id = $2', [site, klient]);
    await until(async () => ((await list()).statusCode === 403 ? true : undefined), 5_000, 20);
    await test.ctx.db.query('INSERT INTO client_service_users (client_service_id, user_id, is_admin) VALUES ($1, $2, TRUE)', [site, klient]);
    expect((await list()).statusCode).toBe(200);
  });
});

describe('an ordered module', () => {
  it('lists records in their places, new ones last, and rearranges them for the owner only', async () => {
    const parent = await album(site, 'klient');
    const captions = ['Pierwsze', 'Drugie', 'Trzecie'];
    const ids: number[] = [];
    for (const caption of captions) ids.push((await call('POST', photosOf(site, parent), { caption })).json().id);
    const order = async () => (await call('GET', photosOf(site, parent))).json().data.map((photo: { caption: string }) => photo.caption);
    expect(await order()).toEqual(captions);

    expect((await call('PUT', `${photosOf(site, parent)}/order`, { ids: [ids[2], ids[0], ids[1]] })).statusCode).toBe(204);
    expect(await order()).toEqual(['Trzecie', 'Pierwsze', 'Drugie']);
    // Part of the list: the two swap the places they held.
    expect((await call('PUT', `${photosOf(site, parent)}/order`, { ids: [ids[1], ids[0]] })).statusCode).toBe(204);
    expect(await order()).toEqual(['Trzecie', 'Drugie', 'Pierwsze']);
    await call('POST', photosOf(site, parent), { caption: 'Czwarte' });
    expect(await order()).toEqual(['Trzecie', 'Drugie', 'Pierwsze', 'Czwarte']);

    const otherAlbum = await album(site, 'klient');
    const stranger = (await call('POST', photosOf(site, otherAlbum), { caption: 'Obce' })).json().id;
    const mixed = await call('PUT', `${photosOf(site, parent)}/order`, { ids: [ids[0], stranger] });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().detail).toMatch(/kolejności/);
    for (const body of [{ ids: [] }, { ids: [ids[0], ids[0]] }, { ids: ['x'] }, {}]) {
      expect((await call('PUT', `${photosOf(site, parent)}/order`, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await call('PUT', `${photosOf(site, parent)}/order`, { ids }, 'klient2')).statusCode).toBe(403);
    expect(await order()).toEqual(['Trzecie', 'Drugie', 'Pierwsze', 'Czwarte']);
  });
});

describe('a module in a table of its own, created by its storage migration', () => {
  it('gets its table once and keeps each service to its own rows', async () => {
    const { rows } = await test.ctx.db.query<{ name: string }>("SELECT name FROM schema_migrations WHERE name LIKE 'schemas/%'");
    expect(rows).toEqual([{ name: 'schemas/events/demo_events.sql' }]);
    const base = (service: number) => `/api/client_service/${service}/module/events`;
    const created = await call('POST', base(site), { title: 'Dni otwarte', seats: 40 });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    expect((await call('GET', `${base(site)}/${id}`)).json()).toMatchObject({ id, title: 'Dni otwarte', seats: 40 });
    expect((await call('POST', base(site), { title: 'Dni otwarte' })).statusCode).toBe(409);
    // Another service may use the same title: unique keys hold per owner.
    expect((await call('POST', base(otherSite), { title: 'Dni otwarte' }, 'klient2')).statusCode).toBe(201);
    expect((await call('GET', base(site))).json().data.map((row: { title: string }) => row.title)).toEqual(['Dni otwarte']);
    // Another service's id answers as an unknown one, for every call.
    const foreignId = (await call('GET', base(otherSite), undefined, 'klient2')).json().data[0].id;
    expect((await call('GET', `${base(site)}/${foreignId}`)).statusCode).toBe(404);
    expect((await call('PUT', `${base(site)}/${foreignId}`, { title: 'Przejęte' })).statusCode).toBe(404);
    expect((await call('DELETE', `${base(site)}/${foreignId}`)).statusCode).toBe(404);
    expect((await call('PUT', `${base(site)}/${id}`, { title: 'Dni otwarte 2026', seats: 50 })).json()).toMatchObject({ title: 'Dni otwarte 2026', seats: 50 });
    expect((await call('GET', `${base(site)}?search=2026`)).json().pagination.total).toBe(1);
    expect((await call('DELETE', `${base(site)}/${id}`)).statusCode).toBe(204);
  });
});

describe("a module's place in the service menu, declared in its schema", () => {
  type Item = { prefix: string | null; name: string; type: string; icon: string | null; submenu: Item[] };
  const menuOf = async (service: number, as = 'klient') => (await call('GET', `/api/user/menu/client_service/${service}`, undefined, as)).json().data as Item[];

  it('is added to the folder it names, in its place, once', async () => {
    const configuration = (await menuOf(site)).find((item) => item.type === 'folder' && item.submenu.some((entry) => entry.prefix === 'service_configuration_tags'))!;
    // Its sort (15) puts it between tags (10) and recipients (20).
    const prefixes = configuration.submenu.map((entry) => entry.prefix);
    expect(prefixes.slice(0, 3)).toEqual(['service_configuration_tags', 'service_events', 'service_configuration_recipients']);
    expect(prefixes.filter((prefix) => prefix === 'service_events')).toHaveLength(1);
    expect(configuration.submenu[1]).toMatchObject({ name: 'Tagi', icon: 'Schedule' });
    // Every start places what is missing only.
    await placeMenuEntries(test.ctx.db, serverRegistry(test.config).modules, () => undefined);
    const { rows } = await test.ctx.db.query<{ count: number }>("SELECT count(*)::int AS count FROM menu_items WHERE prefix = 'service_events'");
    const { rows: types } = await test.ctx.db.query<{ count: number }>('SELECT count(*)::int AS count FROM service_types');
    expect(rows[0].count).toBe(types[0].count);
  });

  it('is shown to root users only when only they write the module', async () => {
    const limits = (items: Item[]) => items.find((item) => item.prefix === 'service_admin_limits');
    expect(limits(await menuOf(site))).toBeUndefined();
    expect(limits(await menuOf(site, 'admin'))).toMatchObject({ name: 'Limity wysyłek', icon: 'Speed' });
  });
});
