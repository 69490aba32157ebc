import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DELIVERY_CACHE_CONTROL } from '../../src/modules/site/server/delivery';
import { t } from '../../src/server/platform/http/errors';
import { serviceOf } from './schema-fixtures';
import { createTestApp, type TestApp } from './support/app';
import { signedIn } from './support/signed-in';

/**
 * The site delivery API (issue 15, section 3): a site reads its service's published, active
 * content by domain or by delivery key, only the fields its modules' schemas declare public,
 * with ETags, Cache-Control and CORS; root alone rotates the key.
 */
let test: TestApp;
const { signIn, call } = signedIn(() => test);
let site: number;
let otherSite: number;
const DOMAIN = 'www.kowalski.example.com';
const ALIAS = 'kowalski.example.net';
const OTHER_DOMAIN = 'www.nowak.example.org';
const HOUR = 3_600_000;
const at = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

beforeAll(async () => {
  test = await createTestApp();
  await signIn('klient', 'klient2', 'admin');
  site = await serviceOf(test, 'klient', 1);
  otherSite = await serviceOf(test, 'klient2', 1);
}, 60_000);
afterAll(async () => {
  await test?.close();
});

/** A read as a site sends it: no session, no XSRF pair. */
const read = (path: string, headers: Record<string, string> = {}, domain = DOMAIN) =>
  test.call({ method: 'GET', url: `/api/site/${domain}/${path}`, withoutXsrf: true, headers });
const readByKey = (path: string, headers: Record<string, string>) => test.call({ method: 'GET', url: `/api/delivery/${path}`, withoutXsrf: true, headers });
const module = (path: string, service = site) => `/api/client_service/${service}/module/${path}`;
const ids = (body: { data: { id: number }[] }) => body.data.map((record) => record.id);

async function create(path: string, values: Record<string, unknown>, as = 'klient', service = site): Promise<number> {
  const response = await call('POST', module(path, service), values, as);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as number;
}

async function siteCategory(): Promise<number> {
  return (await call('GET', module('news_categories'))).json().data[0].id as number;
}

describe('the site delivery API: what it serves', () => {
  it('lists only published news inside their period, with the fields the schema declares and nothing else', async () => {
    const category = await siteCategory();
    const shown = await create('news', { category_id: category, title: 'Widoczna wiadomość', content: '<p>Treść</p>', publish_from: at(-1), publish_to: at(24) });
    const draft = await create('news', { category_id: category, title: 'Szkic wiadomości', published: false });
    const ended = await create('news', { category_id: category, title: 'Wiadomość po terminie', publish_to: at(-1) });
    const future = await create('news', { category_id: category, title: 'Wiadomość na jutro', publish_from: at(24) });

    const list = await read('news?per_page=100');
    expect(list.statusCode, list.body).toBe(200);
    expect(ids(list.json())).toContain(shown);
    for (const hidden of [draft, ended, future]) expect(ids(list.json())).not.toContain(hidden);
    const item = list.json().data.find((record: { id: number }) => record.id === shown);
    expect(Object.keys(item).sort()).toEqual(
      ['archived', 'attachments', 'category_id', 'content', 'date', 'display_date', 'display_lead', 'display_photo', 'id', 'lead', 'photos', 'pinned', 'title'].sort(),
    );
    expect(item).toMatchObject({ title: 'Widoczna wiadomość', category_id: category, pinned: false, photos: [], attachments: [] });
    expect((await read(`news/${shown}`)).json().data).toEqual(item);
    for (const hidden of [draft, ended, future]) expect((await read(`news/${hidden}`)).statusCode).toBe(404);
    // Filtered by category, as a site's category page lists them.
    const inCategory = await read(`news?category_id=${category}&per_page=100`);
    expect(ids(inCategory.json())).toContain(shown);
    expect(inCategory.json().data.every((record: { category_id: number }) => record.category_id === category)).toBe(true);
  });

  it('serves the news categories, banners on now, published galleries with their photos and alt texts, and published videos with their attachments', async () => {
    const categories = await read('news_categories');
    expect(categories.json().data.length).toBeGreaterThan(0);
    expect(Object.keys(categories.json().data[0]).sort()).toEqual(['id', 'name', 'photo']);

    const on = await create('scroll_banners', { text: 'Baner włączony', active: true, active_from: at(-2), active_to: at(2) });
    const off = await create('scroll_banners', { text: 'Baner wyłączony', active: false });
    const over = await create('scroll_banners', { text: 'Baner po terminie', active: true, active_from: at(-5), active_to: at(-1) });
    const banners = ids((await read('scroll_banners?per_page=100')).json());
    expect(banners).toContain(on);
    expect(banners).not.toContain(off);
    expect(banners).not.toContain(over);

    const counters = (await read('counter_banners')).json().data;
    expect(counters.length).toBeGreaterThan(0);
    // The demo's counter banner has its photo: an absolute URL and its thumbnail's.
    const withPhoto = counters.find((banner: { photo: unknown }) => banner.photo !== null);
    expect(withPhoto.photo.url).toMatch(/^https?:\/\/[^/]+\/api\/uploads\//);
    expect(Object.keys(withPhoto.photo.thumbnails)).toEqual(['small']);
    const { rows: inactiveCounters } = await test.ctx.db.query<{ id: number }>(
      `SELECT id FROM module_records WHERE resource = 'counter_banners' AND client_service_id = $1 AND data->>'active' = 'false'`,
      [site],
    );
    expect(inactiveCounters.length).toBeGreaterThan(0);
    for (const { id } of inactiveCounters) expect(counters.map((banner: { id: number }) => banner.id)).not.toContain(Number(id));

    const galleries = (await read('galleries')).json().data;
    const { rows: drafts } = await test.ctx.db.query<{ id: number }>(`SELECT id FROM module_records WHERE resource = 'galleries' AND client_service_id = $1 AND data->>'published' = 'false'`, [site]);
    expect(drafts.length).toBeGreaterThan(0);
    expect(galleries.map((gallery: { id: number }) => gallery.id)).not.toContain(Number(drafts[0].id));
    const photo = galleries[0].photos[0];
    expect(Object.keys(photo).sort()).toEqual(['alt', 'description', 'id', 'photo']);
    expect(photo.alt).toBeTruthy();
    expect(photo.photo.url).toMatch(/^https?:\/\//);

    const hiddenVideo = await create('videos', { title: 'Film ukryty', source: 'link', url: 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ', published: false });
    const videos = (await read('videos?per_page=100')).json().data;
    expect(videos.map((video: { id: number }) => video.id)).not.toContain(hiddenVideo);
    const captioned = videos.find((video: { attachments: { kind: string }[] }) => video.attachments.some((attachment) => attachment.kind === 'captions'));
    const captions = captioned.attachments.find((attachment: { kind: string }) => attachment.kind === 'captions');
    expect(captions.captions.url).toMatch(/\.vtt$/);
    expect(captions.language).toBeTruthy();
  });

  it('serves the main data, its lists and map point, and the site settings as single records', async () => {
    const main = (await read('main_data')).json().data;
    expect(main).toMatchObject({ name: expect.any(String), city: expect.any(String), opening_hours: expect.any(Array) });
    expect((await read('main_data_contacts')).json().data.length).toBeGreaterThan(0);
    expect((await read('main_data_positions')).json().data.length).toBeGreaterThan(0);
    expect((await read('main_data_map')).json().data.location).toMatchObject({ latitude: expect.any(Number), longitude: expect.any(Number) });

    expect((await read('settings_cookies')).json()).toEqual({ data: null });
    const saved = await call('POST', module('settings/cookies'), { enabled: true, text: 'Ta strona używa plików cookies.' });
    expect(saved.statusCode, saved.body).toBeLessThan(300);
    expect((await read('settings_cookies')).json().data).toMatchObject({ enabled: true, text: 'Ta strona używa plików cookies.', link: null });
  });

  it("gives forms' generated schemas and texts, never their recipients", async () => {
    const formId = await create('forms', { name: 'Zapisy na wycieczkę', recipients: ['tajny.odbiorca@example.pl'], thank_you: 'Dziękujemy!' });
    const field = await call('POST', `${module('forms')}/${formId}/fields`, { kind: 'text', label: 'Imię', required: true });
    expect(field.statusCode, field.body).toBe(201);
    const response = await read('forms?per_page=100');
    expect(response.body).not.toContain('tajny.odbiorca@example.pl');
    const form = response.json().data.find((candidate: { id: number }) => candidate.id === formId);
    expect(Object.keys(form).sort()).toEqual(['consent_text', 'honeypot', 'id', 'name', 'schema', 'thank_you']);
    expect(form.schema).toMatchObject({ type: 'object', required: [`field_${field.json().id}`] });
    // The same schema as the form's own public route gives.
    expect((await read(`forms/${formId}`)).json().schema).toEqual(form.schema);
    // A new field (a module nested in the form) shows at once, though the list's answer was kept.
    const more = await call('POST', `${module('forms')}/${formId}/fields`, { kind: 'email', label: 'E-mail', required: false });
    const again = (await read('forms?per_page=100')).json().data.find((candidate: { id: number }) => candidate.id === formId);
    expect(Object.keys(again.schema.properties)).toContain(`field_${more.json().id}`);
  });

  it('names no user, editor or submission anywhere', async () => {
    for (const path of ['news?per_page=100', 'galleries', 'videos', 'forms', 'main_data', 'scroll_banners']) {
      const body = (await read(path)).body;
      for (const secret of ['user_id', 'created_by', 'updated_by', 'recipients', 'answers', 'stored_files', 'imported_client_service']) expect(body, `${path}: ${secret}`).not.toContain(secret);
    }
  });
});

describe('the site delivery API: HTTP', () => {
  it('answers with a strong ETag, a 304 to If-None-Match, a minute of public caching and CORS for any origin', async () => {
    const first = await read('news');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    expect(first.headers['cache-control']).toBe(DELIVERY_CACHE_CONTROL);
    expect(first.headers['access-control-allow-origin']).toBe('*');
    expect((await read('news')).headers.etag).toBe(etag);

    const again = await read('news', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect((await read('news', { 'if-none-match': `"other", W/${etag}` })).statusCode).toBe(304);
    expect((await read('news', { 'if-none-match': '"other"' })).statusCode).toBe(200);

    // An editor's change makes a new ETag: the site's copy is stale.
    const category = await siteCategory();
    await create('news', { category_id: category, title: 'Świeża wiadomość' });
    const changed = await read('news', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);

    const preflight = await test.call({ method: 'OPTIONS', url: `/api/delivery/news`, withoutXsrf: true, headers: { origin: 'https://strona.example', 'access-control-request-method': 'GET' } });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(String(preflight.headers['access-control-allow-headers'])).toContain('X-Delivery-Key');
  });

  it("shows an editor's update at the next read, with a new ETag, in the record and in every list it is in", async () => {
    const category = await siteCategory();
    const id = await create('news', { category_id: category, title: 'Przed zmianą', date: at(1) });
    const pages = ['news', `news?category_id=${category}`, `news/${id}`];
    const before = await Promise.all(pages.map((path) => read(path)));
    const response = await call('PUT', module(`news/${id}`), { category_id: category, title: 'Po zmianie', date: at(1) });
    expect(response.statusCode, response.body).toBe(200);
    for (const [index, path] of pages.entries()) {
      const after = await read(path, { 'if-none-match': before[index].headers.etag as string });
      expect(after.statusCode, path).toBe(200);
      expect(after.headers.etag, path).not.toBe(before[index].headers.etag);
      expect(after.body, path).toContain('Po zmianie');
    }
  });

  it("keeps the ETag of every answer an editor's update leaves as it was: other records, lists it is not in", async () => {
    const category = await siteCategory();
    const changed = await create('news', { category_id: category, title: 'Zmieniana', date: at(1) });
    const other = await create('news', { category_id: category, title: 'Niezmieniana', date: at(1) });
    const untouched = [`news/${other}`, 'news?pinned=true'];
    const before = await Promise.all(untouched.map((path) => read(path)));
    const response = await call('PUT', module(`news/${changed}`), { category_id: category, title: 'Zmieniona', date: at(1) });
    expect(response.statusCode, response.body).toBe(200);
    expect((await read(`news/${changed}`)).body).toContain('Zmieniona');
    for (const [index, path] of untouched.entries()) {
      expect((await read(path, { 'if-none-match': before[index].headers.etag as string })).statusCode, path).toBe(304);
    }
  });

  it('sees at once a write that bypassed this server (another process, a bulk change), a domain taken away and a period that began since', async () => {
    const category = await siteCategory();
    const id = await create('news', { category_id: category, title: 'Zmieniana poza serwerem', date: at(1) });
    const first = await read(`news/${id}`);
    expect(first.statusCode).toBe(200);
    await test.ctx.db.query(`UPDATE module_records SET data = data || '{"published": false}'::jsonb WHERE id = $1`, [id]);
    expect((await read(`news/${id}`, { 'if-none-match': first.headers.etag as string })).statusCode).toBe(404);
    expect(ids((await read('news?per_page=100')).json())).not.toContain(id);

    // A domain taken away (by another process) names no site at its next read.
    await test.ctx.db.query(`INSERT INTO client_service_domains (client_service_id, domain) VALUES ($1, 'chwilowa.example.com')`, [site]);
    expect((await read('news', {}, 'chwilowa.example.com')).statusCode).toBe(200);
    await test.ctx.db.query(`DELETE FROM client_service_domains WHERE domain = 'chwilowa.example.com'`);
    expect((await read('news', {}, 'chwilowa.example.com')).statusCode).toBe(404);

    const soon = await create('news', { category_id: category, title: 'Za chwilę', date: at(1), publish_from: new Date(Date.now() + 1_000).toISOString() });
    expect(ids((await read('news?per_page=100')).json())).not.toContain(soon);
    await vi.waitFor(async () => expect(ids((await read('news?per_page=100')).json())).toContain(soon), { timeout: 10_000, interval: 100 });
  });

  it('pages lists through the one paging parser: bad paging is a Polish 400', async () => {
    const page = await read('news?page=2&per_page=1');
    expect(page.json().pagination).toMatchObject({ page: 2, per_page: 1 });
    expect(page.json().data).toHaveLength(1);
    expect(page.json().data[0].id).toBe((await read('news?per_page=2')).json().data[1].id);
    // Past the last page: no rows, and still the list's total.
    const beyond = await read('news?page=9999');
    expect(beyond.json()).toEqual({ data: [], pagination: { total: page.json().pagination.total, page: 9999, per_page: 20 } });
    for (const query of ['page=0', 'page=abc', 'per_page=101', 'per_page=-1', 'pinned=perhaps', 'category_id=abc']) {
      const response = await read(`news?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().detail, query).toBe(t('errors.invalid_parameter', { parameter: query.split('=')[0] }));
    }
  });

  it('answers an unknown domain, key, module or record with a Polish 404, never a 500', async () => {
    const unknown = await read('news', {}, 'nieznana.example.com');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe(t('errors.delivery_site_not_found'));
    expect(unknown.headers['access-control-allow-origin']).toBe('*');
    const keys: Record<string, string>[] = [{}, { 'x-delivery-key': 'dk_nieznany' }, { 'x-delivery-key': `dk_${'A'.repeat(43)}` }];
    for (const headers of keys) {
      const response = await readByKey('news', headers);
      expect(response.statusCode).toBe(404);
      expect(response.json().detail).toBe(t('errors.delivery_site_not_found'));
    }
    // The newsletter's domain names a service without the news module.
    expect((await read('news', {}, 'newsletter.kowalski.example.com')).statusCode).toBe(404);
    for (const id of ['0', 'abc', '99999999999999999999', '123456789']) expect((await read(`news/${id}`)).statusCode, id).toBe(404);
  });

  it("never shows another service's content", async () => {
    const otherCategory = await create('news_categories', { name: 'Kategoria innej witryny' }, 'klient2', otherSite);
    const foreign = await create('news', { category_id: otherCategory, title: 'Wiadomość innej witryny' }, 'klient2', otherSite);
    expect(ids((await read('news?per_page=100')).json())).not.toContain(foreign);
    expect((await read(`news/${foreign}`)).statusCode).toBe(404);
    expect((await read(`news/${foreign}`, {}, OTHER_DOMAIN)).statusCode).toBe(200);
    // The alias domain is the same site.
    expect((await read('news', {}, ALIAS)).json()).toEqual((await read('news')).json());
  });
});

describe('the site delivery API: keys', () => {
  const rotate = (service: number, as?: string) =>
    as === undefined ? test.call({ method: 'POST', url: `/api/client_service/${service}/delivery_key` }) : call('POST', `/api/client_service/${service}/delivery_key`, undefined, as);

  it('lets root alone rotate a service key, shown once; the old key stops working at once', async () => {
    const keyState = (service: number, as = 'admin') => call('GET', `/api/client_service/${service}/delivery_key`, undefined, as);
    expect((await keyState(site)).json()).toEqual({ delivered: true, has_key: false });
    expect((await keyState(site, 'klient')).statusCode).toBe(403);
    // A newsletter has nothing the delivery API serves.
    expect((await keyState(await serviceOf(test, 'klient', 9))).json()).toEqual({ delivered: false, has_key: false });
    expect((await rotate(site, 'klient')).statusCode).toBe(403);
    expect((await rotate(site)).statusCode).toBe(401);
    expect((await rotate(987654, 'admin')).statusCode).toBe(404);

    const first = await rotate(site, 'admin');
    expect(first.statusCode, first.body).toBe(201);
    const key = first.json().key as string;
    const { rows } = await test.ctx.db.query<{ delivery_key_hash: string }>('SELECT delivery_key_hash FROM client_services WHERE id = $1', [site]);
    expect(rows[0].delivery_key_hash).not.toContain(key);
    // The state says there is one, never what it is.
    expect((await keyState(site)).json()).toEqual({ delivered: true, has_key: true });

    const byKey = await readByKey('news', { 'x-delivery-key': key });
    expect(byKey.statusCode, byKey.body).toBe(200);
    expect(byKey.json()).toEqual((await read('news')).json());
    expect(byKey.headers.vary).toContain('X-Delivery-Key');
    expect((await test.call({ method: 'GET', url: `/api/delivery/main_data?key=${key}`, withoutXsrf: true })).json()).toEqual((await read('main_data')).json());

    const second = (await rotate(site, 'admin')).json().key as string;
    expect(second).not.toBe(key);
    expect((await readByKey('news', { 'x-delivery-key': key })).statusCode).toBe(404);
    expect((await readByKey('news', { 'x-delivery-key': second })).statusCode).toBe(200);
  });

  it('serves one form and takes its submissions by key as by domain', async () => {
    const formId = await create('forms', { name: 'Formularz po kluczu', thank_you: 'Dziękujemy za zgłoszenie.' });
    const field = (await call('POST', `${module('forms')}/${formId}/fields`, { kind: 'text', label: 'Imię', required: true })).json().id as number;
    const key = (await rotate(site, 'admin')).json().key as string;
    const byKey = await readByKey(`forms/${formId}`, { 'x-delivery-key': key });
    expect(byKey.statusCode, byKey.body).toBe(200);
    expect(byKey.json()).toEqual((await read(`forms/${formId}`)).json());
    // Another service's key names no form of this one.
    const otherKey = (await rotate(otherSite, 'admin')).json().key as string;
    expect((await readByKey(`forms/${formId}`, { 'x-delivery-key': otherKey })).statusCode).toBe(404);

    const send = (answers: Record<string, unknown>, headers: Record<string, string>) =>
      test.call({ method: 'POST', url: `/api/delivery/forms/${formId}/submissions`, payload: answers, withoutXsrf: true, headers });
    expect((await send({ [`field_${field}`]: 'Anna' }, { 'x-delivery-key': 'dk_nieznany' })).statusCode).toBe(404);
    const refused = await send({}, { 'x-delivery-key': key });
    expect(refused.statusCode).toBe(400);
    const sent = await send({ [`field_${field}`]: 'Anna' }, { 'x-delivery-key': key });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().detail).toBe('Dziękujemy za zgłoszenie.');
    const kept = (await call('GET', `${module('forms')}/${formId}/submissions`)).json().data;
    expect(kept).toHaveLength(1);
    expect(kept[0].answers).toContain('Anna');
  });

  it("serves a key's own service only", async () => {
    const otherCategory = await create('news_categories', { name: 'Kategoria drugiej witryny' }, 'klient2', otherSite);
    await create('news', { category_id: otherCategory, title: 'Wiadomość drugiej witryny' }, 'klient2', otherSite);
    const key = (await rotate(otherSite, 'admin')).json().key as string;
    const otherNews = ids((await readByKey('news?per_page=100', { 'x-delivery-key': key })).json());
    const ownNews = ids((await read('news?per_page=100')).json());
    expect(otherNews.length).toBeGreaterThan(0);
    expect(otherNews.filter((id) => ownNews.includes(id))).toEqual([]);
    expect(otherNews).toEqual(ids((await read('news?per_page=100', {}, OTHER_DOMAIN)).json()));
  });
});
