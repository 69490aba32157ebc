import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoSites, multipart } from './schema-fixtures';
import { createTestApp, type TestApp } from './support/app';
import { type Method, signedIn } from './support/signed-in';

/**
 * The news of a service (SPEC 2 "wiadomosci", 7 "News (service)"): items in categories, their
 * nested pages (photos, attachments, videos, audio, galleries, related, map, logs), the OPTIONS
 * calls, the 404 rules of the template and of the item's media, isolation and sanitising.
 */
let test: TestApp;
const { tokens, signIn, call } = signedIn(() => test);
let site: number;
let otherSite: number;
let newsletter: number;
let category: number;
let otherCategory: number;

const newsOf = (service: number) => `/api/client_service/${service}/module/news`;
const categoriesOf = (service: number) => `/api/client_service/${service}/module/news_categories`;

async function created(method: Method, url: string, payload: unknown, as = 'klient'): Promise<Record<string, unknown> & { id: number }> {
  const answer = await call(method, url, payload, as);
  expect([200, 201], answer.body).toContain(answer.statusCode);
  return answer.json();
}

const item = (values: Record<string, unknown> = {}, service = site, as = 'klient', categoryId = category) =>
  created('POST', newsOf(service), { category_id: categoryId, title: `Wiadomość ${Math.random().toString(36).slice(2, 8)}`, ...values }, as);

beforeAll(async () => {
  test = await createTestApp();
  await signIn('klient', 'klient2');
  ({ site, otherSite, newsletter } = await demoSites(test));
  category = (await created('POST', categoriesOf(site), { name: 'Aktualności testowe' })).id;
  otherCategory = (await created('POST', categoriesOf(otherSite), { name: 'Cudze aktualności' }, 'klient2')).id;
});
afterAll(async () => {
  await test?.close();
});

describe('news items', () => {
  it('lists a category, all categories, the archive and the imported items', async () => {
    const second = (await created('POST', categoriesOf(site), { name: 'Druga kategoria' })).id;
    const fresh = await item();
    const archived = await item({ archived: true });
    const elsewhere = await item({}, site, 'klient', second);
    const ids = async (query: string) => ((await call('GET', `${newsOf(site)}?per_page=100&${query}`)).json().data as { id: number }[]).map((row) => row.id);

    expect(await ids(`category_id=${category}&archived=false`)).toContain(fresh.id);
    expect(await ids(`category_id=${category}&archived=false`)).not.toContain(archived.id);
    expect(await ids(`category_id=${category}&archived=false`)).not.toContain(elsewhere.id);
    expect(await ids(`category_id=${category}&archived=true`)).toEqual([archived.id]);
    expect(await ids('')).toEqual(expect.arrayContaining([fresh.id, archived.id, elsewhere.id]));
    // Nothing is imported yet: the list still answers, empty.
    const toImport = await call('GET', `${newsOf(site)}?category_id=${category}&imported=true`);
    expect(toImport.statusCode).toBe(200);
    expect(toImport.json()).toEqual({ data: [], pagination: { total: 0 } });
  });

  it("refuses a category of another service and another client's service", async () => {
    const foreign = await call('POST', newsOf(site), { category_id: otherCategory, title: 'Cudza kategoria' });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors.category_id).toBe('Wybrany element nie istnieje.');
    const mine = await item();
    for (const [method, url] of [['GET', newsOf(otherSite)], ['GET', `${newsOf(otherSite)}/${mine.id}`], ['PUT', `${newsOf(otherSite)}/${mine.id}`], ['OPTIONS', newsOf(otherSite)]] as const) {
      const answer = await call(method, url, method === 'PUT' ? { category_id: category, title: 'Przejęta' } : undefined);
      expect(answer.statusCode, `${method} ${url}`).toBe(403);
      expect(answer.json().detail).toBe('Brak dostępu.');
    }
    expect((await call('GET', `${newsOf(site)}/${mine.id}`, undefined, 'klient2')).statusCode).toBe(403);
    // A newsletter service has no news module.
    expect((await call('GET', newsOf(newsletter))).statusCode).toBe(403);
  });

  it('sanitises the content on the server and checks the fields in Polish', async () => {
    const saved = await item({ content: '<p onclick="alert(1)">Tekst<script>alert(1)</script><a href="javascript:alert(1)">link</a></p>' });
    expect(saved.content).not.toMatch(/script|onclick|javascript:/);
    expect(saved.content).toContain('Tekst');
    const empty = await call('POST', newsOf(site), {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      detail: 'Proszę poprawnie wypełnić formularz.',
      errors: { category_id: 'Kategoria jest wymagana.', title: 'Tytuł wiadomości jest wymagany.' },
    });
  });

  it('keeps the import fields to the panel: a body cannot set them', async () => {
    const saved = await item({ imported: true, imported_client_service_id: otherSite, imported_news_id: 5 });
    expect(saved.imported).toBeUndefined();
    expect(saved.imported_client_service_id).toBeUndefined();
    const changed = await created('PUT', `${newsOf(site)}/${saved.id}`, { ...saved, imported: true });
    expect(changed.imported).toBeUndefined();
  });

  it('shows an imported item read-only, with its source', async () => {
    // As an import writes it (the engine's store; the body of a call cannot set these fields), in a category no list has seen yet.
    const target = (await created('POST', categoriesOf(site), { name: 'Z importu' })).id;
    const values = { category_id: target, title: 'Z innej usługi', archived: false, imported: true, imported_client_service_id: otherSite, imported_client_service_name: 'Źródło', imported_news_id: 1 };
    const { rows } = await test.ctx.db.query<{ id: number }>(
      "INSERT INTO module_records (resource, client_service_id, data) VALUES ('news_items', $1, $2::jsonb) RETURNING id",
      [site, JSON.stringify(values)],
    );
    const imported = { id: Number(rows[0].id) };
    const read = (await call('GET', `${newsOf(site)}/${imported.id}`)).json();
    expect(read).toMatchObject({ imported: true, imported_client_service_id: otherSite, imported_client_service_name: 'Źródło' });
    const listed = (await call('GET', `${newsOf(site)}?category_id=${target}&imported=true`)).json();
    expect(listed.data.map((row: { id: number }) => row.id)).toEqual([imported.id]);
    for (const [method, url, body] of [
      ['PUT', `${newsOf(site)}/${imported.id}`, { category_id: target, title: 'Zmieniona' }],
      ['DELETE', `${newsOf(site)}/${imported.id}`, undefined],
      ['POST', `${newsOf(site)}/${imported.id}/photos`, { caption: 'Zdjęcie' }],
      ['POST', `${newsOf(site)}/${imported.id}/related`, { related: [] }],
    ] as const) {
      const answer = await call(method, url, body);
      expect(answer.statusCode, `${method} ${url}`).toBe(409);
      expect(answer.json().detail).toBe('Ten element jest tylko do odczytu.');
    }
    expect((await call('OPTIONS', `${newsOf(site)}/${imported.id}/menu`)).json().imported).toBe(true);
  });
});

describe('the service menu', () => {
  it("has the news entry, opening the list of all the service's news", async () => {
    const menu = (await call('GET', `/api/user/menu/client_service/${site}`)).json().data as { prefix: string | null; name: string }[];
    expect(menu).toContainEqual(expect.objectContaining({ prefix: 'service_news', name: 'Wiadomości' }));
  });
});

describe('the pinned news', () => {
  it("lists them where the template pins news (klient's aurora) and answers 404 elsewhere (klient2's minimal)", async () => {
    const pinned = await item({ pinned: true });
    const mine = await call('GET', `${newsOf(site)}?pinned=true`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data.map((row: { id: number }) => row.id)).toContain(pinned.id);
    expect(mine.json().data.every((row: { pinned: boolean }) => row.pinned)).toBe(true);
    const other = await call('GET', `${newsOf(otherSite)}?pinned=true`, undefined, 'klient2');
    expect(other.statusCode).toBe(404);
    expect((await call('GET', newsOf(otherSite), undefined, 'klient2')).statusCode).toBe(200);
  });
});

describe('SPEC 7 calls', () => {
  it('OPTIONS module/news answers the schema, the category asked for and the pinning feature', async () => {
    const plain = await call('OPTIONS', newsOf(site));
    expect(plain.statusCode).toBe(200);
    expect(plain.json().schema.properties.title).toBeDefined();
    expect(plain.json().features).toEqual({ pinning: true });
    const withCategory = (await call('OPTIONS', `${newsOf(site)}?category_id=${category}`)).json();
    expect(withCategory.category).toEqual({ id: category, name: 'Aktualności testowe' });
    expect((await call('OPTIONS', `${newsOf(otherSite)}?category_id=${otherCategory}`, undefined, 'klient2')).json().features).toEqual({ pinning: false });
    for (const foreign of [otherCategory, 999_999, 'abc']) {
      expect((await call('OPTIONS', `${newsOf(site)}?category_id=${foreign}`)).statusCode, String(foreign)).toBe(404);
    }
  });

  it('OPTIONS .../menu tells the media; /attachments, /photos, /audios and /display answer for the item', async () => {
    const plain = await item();
    const rich = await item({ has_videos: true, has_audios: true, has_galleries: true, has_maps: true });
    expect((await call('OPTIONS', `${newsOf(site)}/${plain.id}/menu`)).json()).toEqual({ has_videos: false, has_galleries: false, has_audios: false, has_maps: false, imported: false });
    expect((await call('OPTIONS', `${newsOf(site)}/${rich.id}/menu`)).json()).toMatchObject({ has_videos: true, has_galleries: true, has_audios: true, has_maps: true });
    for (const sub of ['attachments', 'photos']) expect((await call('OPTIONS', `${newsOf(site)}/${plain.id}/${sub}`)).statusCode, sub).toBe(200);
    expect((await call('OPTIONS', `${newsOf(site)}/${plain.id}/audios`)).statusCode).toBe(404);
    expect((await call('OPTIONS', `${newsOf(site)}/${rich.id}/audios`)).statusCode).toBe(200);
    const display = (await call('OPTIONS', `${newsOf(site)}/${plain.id}/display`)).json();
    expect(Object.keys(display.schema.properties)).toEqual(['display_date', 'display_lead', 'display_photo', 'pinned']);
    const otherItem = await item({}, otherSite, 'klient2', otherCategory);
    const otherDisplay = (await call('OPTIONS', `${newsOf(otherSite)}/${otherItem.id}/display`, undefined, 'klient2')).json();
    expect(Object.keys(otherDisplay.schema.properties)).not.toContain('pinned');
    for (const sub of ['menu', 'display', 'photos', 'attachments']) {
      expect((await call('OPTIONS', `${newsOf(site)}/999999/${sub}`)).statusCode, sub).toBeGreaterThanOrEqual(403);
      expect((await call('OPTIONS', `${newsOf(site)}/${otherItem.id}/${sub}`)).statusCode, `foreign ${sub}`).toBeGreaterThanOrEqual(403);
    }
  });
});

describe("an item's pages", () => {
  it('takes photos with thumbnails and attachments through the file store', async () => {
    const news = await item();
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366cc' } }).png().toBuffer();
    const photo = multipart({ caption: 'Rynek' }, { name: 'rynek.png', type: 'image/png', data: png }, 'photo');
    const savedPhoto = await test.call({ method: 'POST', url: `${newsOf(site)}/${news.id}/photos`, token: tokens.klient, ...photo });
    expect(savedPhoto.statusCode, savedPhoto.body).toBe(201);
    expect(savedPhoto.json().photo_thumbnails.small).toMatch(/\.webp$/);
    const attachment = multipart({ name: 'Regulamin' }, { name: 'regulamin.pdf', type: 'application/pdf', data: Buffer.from('%PDF-1.4\n%%EOF\n') }, 'file');
    const savedAttachment = await test.call({ method: 'POST', url: `${newsOf(site)}/${news.id}/attachments`, token: tokens.klient, ...attachment });
    expect(savedAttachment.statusCode, savedAttachment.body).toBe(201);
    expect((await test.call({ method: 'GET', url: savedAttachment.json().file_uri })).statusCode).toBe(200);
    expect((await call('GET', `${newsOf(site)}/${news.id}/photos`)).json().pagination.total).toBe(1);
    // Another item's pages do not see them.
    const other = await item();
    expect((await call('GET', `${newsOf(site)}/${other.id}/photos`)).json().pagination.total).toBe(0);
  });

  it('answers 404 for videos, galleries, audio and the map unless the item has them', async () => {
    const plain = await item();
    const rich = await item({ has_videos: true, has_audios: true, has_galleries: true, has_maps: true });
    for (const sub of ['videos', 'galleries', 'audios', 'map']) {
      expect((await call('GET', `${newsOf(site)}/${plain.id}/${sub}`)).statusCode, sub).toBe(404);
      expect((await call('GET', `${newsOf(site)}/${rich.id}/${sub}`)).statusCode, sub).toBe(200);
    }
    await created('POST', `${newsOf(site)}/${rich.id}/videos`, { title: 'Relacja', url: 'https://www.youtube.com/watch?v=abc' });
    await created('POST', `${newsOf(site)}/${rich.id}/galleries`, { name: 'Zdjęcia z wydarzenia' });
    const map = await created('POST', `${newsOf(site)}/${rich.id}/map`, { location: { latitude: 52.23, longitude: 21.01 }, label: 'Warszawa' });
    expect(map.location).toEqual({ latitude: 52.23, longitude: 21.01 });
    expect((await call('POST', `${newsOf(site)}/${rich.id}/map`, { location: { latitude: 120, longitude: 0 } })).statusCode).toBe(400);
    // Turned off again: the pages are gone, their records kept for when it is turned back on.
    await created('PUT', `${newsOf(site)}/${rich.id}`, { ...rich, has_videos: false });
    expect((await call('GET', `${newsOf(site)}/${rich.id}/videos`)).statusCode).toBe(404);
  });

  it('relates items of the same service only', async () => {
    const news = await item();
    const other = await item();
    const foreign = await item({}, otherSite, 'klient2', otherCategory);
    const saved = await created('POST', `${newsOf(site)}/${news.id}/related`, { related: [other.id] });
    expect(saved.related).toEqual([other.id]);
    // The item's log tells of it (a singleton page's save too).
    const logged = (await call('GET', `${newsOf(site)}/${news.id}/logs?sort=id&order=ASC`)).json().data.at(-1);
    expect(logged).toMatchObject({ resource: 'news_related', action: 'created', changes: [{ field: 'related', before: null, after: [other.id] }] });
    expect((await call('GET', `${newsOf(site)}/${news.id}/related`)).json().related).toEqual([other.id]);
    const refused = await call('PUT', `${newsOf(site)}/${news.id}/related`, { related: [foreign.id] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.related).toBe('Wybrany element nie istnieje.');
  });

  it('logs who changed what and when, with the difference, and the log is read-only', async () => {
    const news = await item({ title: 'Pierwszy tytuł' });
    await created('PUT', `${newsOf(site)}/${news.id}`, { ...news, title: 'Drugi tytuł', pinned: true });
    // A save that changes nothing logs nothing.
    await created('PUT', `${newsOf(site)}/${news.id}`, { ...news, title: 'Drugi tytuł', pinned: true });
    const logs = (await call('GET', `${newsOf(site)}/${news.id}/logs?sort=id&order=ASC`)).json();
    expect(logs.pagination.total).toBe(2);
    const [first, second] = logs.data;
    expect(first).toMatchObject({ action: 'created', user: expect.stringMatching(/\S/) });
    expect(second.action).toBe('updated');
    expect(second.changes).toEqual([
      { field: 'title', before: 'Pierwszy tytuł', after: 'Drugi tytuł' },
      { field: 'pinned', before: false, after: true },
    ]);
    expect(new Date(second.date).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect((await call('POST', `${newsOf(site)}/${news.id}/logs`, { user: 'ktoś' })).statusCode).toBe(404);
    expect((await call('DELETE', `${newsOf(site)}/${news.id}/logs/${first.id}`)).statusCode).toBe(404);
    // Another client's item: its log is not reachable.
    const foreign = await item({}, otherSite, 'klient2', otherCategory);
    expect((await call('GET', `${newsOf(site)}/${foreign.id}/logs`)).statusCode).toBe(403);
  });

  it("logs its pages' changes too, naming the page: a gallery added, renamed and removed", async () => {
    const news = await item({ has_galleries: true });
    const gallery = await created('POST', `${newsOf(site)}/${news.id}/galleries`, { name: 'Przed' });
    await created('PUT', `${newsOf(site)}/${news.id}/galleries/${gallery.id}`, { name: 'Potem' });
    expect((await call('DELETE', `${newsOf(site)}/${news.id}/galleries/${gallery.id}`)).statusCode).toBe(204);
    const logs = (await call('GET', `${newsOf(site)}/${news.id}/logs?sort=id&order=ASC`)).json().data as { resource?: string; action: string; changes: unknown[] }[];
    expect(logs.map(({ resource, action, changes }) => ({ resource, action, changes: action === 'created' && !resource ? 'item' : changes }))).toEqual([
      { resource: undefined, action: 'created', changes: 'item' },
      { resource: 'news_galleries', action: 'created', changes: [{ field: 'name', before: null, after: 'Przed' }] },
      { resource: 'news_galleries', action: 'updated', changes: [{ field: 'name', before: 'Przed', after: 'Potem' }] },
      { resource: 'news_galleries', action: 'deleted', changes: [{ field: 'name', before: 'Potem', after: null }] },
    ]);
  });

  it('removes the nested records and logs with the item', async () => {
    const news = await item({ has_galleries: true });
    await created('POST', `${newsOf(site)}/${news.id}/galleries`, { name: 'Do usunięcia' });
    expect((await call('DELETE', `${newsOf(site)}/${news.id}`)).statusCode).toBe(204);
    const { rows } = await test.ctx.db.query('SELECT resource FROM module_records WHERE parent_id = $1', [news.id]);
    expect(rows).toEqual([]);
  });
});

describe("the demo of klient's site", () => {
  it('has categories with news that fill every page of an item', async () => {
    const categories = (await call('GET', `${categoriesOf(site)}?per_page=100`)).json().data as { id: number; name: string }[];
    const aktualnosci = categories.find((entry) => entry.name === 'Aktualności')!;
    expect(aktualnosci).toBeDefined();
    const listed = (await call('GET', `${newsOf(site)}?category_id=${aktualnosci.id}&archived=false`)).json();
    const website = listed.data.find((row: { title: string }) => row.title === 'Nowa strona internetowa gminy');
    expect(website).toMatchObject({ pinned: true, has_maps: true });
    const photos = (await call('GET', `${newsOf(site)}/${website.id}/photos`)).json();
    expect(photos.pagination.total).toBe(2);
    expect((await test.call({ method: 'GET', url: photos.data[0].photo_thumbnails.small })).statusCode).toBe(200);
    const attachment = (await call('GET', `${newsOf(site)}/${website.id}/attachments`)).json().data[0];
    expect((await test.call({ method: 'GET', url: attachment.file_uri })).headers['content-type']).toMatch(/pdf/);
    expect((await call('GET', `${newsOf(site)}/${website.id}/map`)).json().location).toEqual({ latitude: 52.2297, longitude: 21.0122 });
    expect((await call('GET', `${newsOf(site)}/${website.id}/related`)).json().related).toHaveLength(2);
    const logs = (await call('GET', `${newsOf(site)}/${website.id}/logs`)).json();
    expect(logs.data.map((entry: { action: string }) => entry.action).sort()).toEqual(['created', 'updated']);
    expect((await call('GET', `${newsOf(site)}?category_id=${aktualnosci.id}&archived=true`)).json().pagination.total).toBe(1);
    const openDay = listed.data.find((row: { has_videos: boolean }) => row.has_videos);
    expect((await call('GET', `${newsOf(site)}/${openDay.id}/videos`)).json().pagination.total).toBe(1);
    expect((await call('GET', `${newsOf(site)}/${openDay.id}/galleries`)).json().pagination.total).toBe(1);
    // klient2's site has none of it.
    expect((await call('GET', newsOf(otherSite), undefined, 'klient2')).json().data.every((row: { title: string }) => row.title !== website.title)).toBe(true);
  });
});
