import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app';
import { multipart, PNG, serviceOf } from './schema-fixtures';
import { periodOf } from '../../src/modules/newsletter/server/usage';

let test: TestApp;
let klient: string;
let klient2: string;
let admin: string;
let newsletter: number;
let site: number;
let site2: number;

beforeAll(async () => {
  test = await createTestApp();
  [klient, klient2, admin] = await Promise.all(['klient', 'klient2', 'admin'].map(async (u) => (await test.login(u)).access_token));
  newsletter = await serviceOf(test, 'klient', 9);
  site = await serviceOf(test, 'klient', 1);
  site2 = await serviceOf(test, 'klient2', 1);
});
afterAll(() => test?.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'OPTIONS', url: string, token: string, payload?: unknown) =>
  test.call({ method, url: `/api${url}`, token, payload });

describe('tags', () => {
  const base = () => `/client_service/${newsletter}/module/tags`;

  it('creates, lists, reads, updates and deletes a tag', async () => {
    const before = (await call('GET', `${base()}?per_page=1`, klient)).json().pagination.total;
    const created = await call('POST', base(), klient, { name: 'Klienci VIP', id: 999, extra: 'ignored' });
    expect(created.statusCode).toBe(201);
    const tag = created.json();
    expect(tag).toMatchObject({ name: 'Klienci VIP' });
    expect(tag.id).not.toBe(999);
    expect(tag).not.toHaveProperty('extra');

    const list = await call('GET', `${base()}?page=1&per_page=1&sort=id&order=DESC`, klient);
    expect(list.json()).toMatchObject({ data: [{ id: tag.id, name: 'Klienci VIP' }], pagination: { total: before + 1 } });
    expect((await call('GET', `${base()}/${tag.id}`, klient)).json()).toMatchObject({ id: tag.id, name: 'Klienci VIP' });

    const updated = await call('PUT', `${base()}/${tag.id}`, klient, { ...tag, name: 'Klienci stali' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ id: tag.id, name: 'Klienci stali' });

    expect((await call('DELETE', `${base()}/${tag.id}`, klient)).statusCode).toBe(204);
    expect((await call('GET', `${base()}/${tag.id}`, klient)).statusCode).toBe(404);
    expect((await call('DELETE', `${base()}/${tag.id}`, klient)).statusCode).toBe(404);
  });

  it.each([
    [{}, { name: 'Nazwa tagu jest wymagana.' }],
    [{ name: 'a' }, { name: 'Nazwa tagu powinna zawierać co najmniej 2 znaki' }],
    [{ name: 'x'.repeat(129) }, { name: 'Nazwa tagu powinna zawierać maksymalnie 128 znaków' }],
    [{ name: 12 }, { name: 'Nazwa tagu jest wymagana.' }],
  ])('answers 400 with the Polish message for %#', async (body, errors) => {
    const response = await call('POST', base(), klient, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'Proszę poprawnie wypełnić formularz.', errors });
  });

  it('answers 400 to a body that is not an object', async () => {
    const response = await test.call({ method: 'POST', url: `/api${base()}`, token: klient, payload: '[1,2]', headers: { 'content-type': 'application/json' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe('Proszę poprawnie wypełnić formularz.');
  });

  it('keeps names unique within the service, case-insensitively (409)', async () => {
    expect((await call('POST', base(), klient, { name: 'Prasa' })).statusCode).toBe(201);
    const again = await call('POST', base(), klient, { name: 'PRASA' });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('Tag o tej nazwie już istnieje.');
  });
});

describe('recipients', () => {
  const base = () => `/client_service/${newsletter}/module/recipients`;

  it('refuses a second recipient with the same e-mail in the service (409, Polish detail)', async () => {
    // Tags name the service's tags (the demo's VIP).
    expect((await call('POST', base(), klient, { name: 'Jan Kowalski', email: 'jan@example.com', tags: ['VIP'] })).statusCode).toBe(201);
    const duplicate = await call('POST', base(), klient, { name: 'Jan Drugi', email: 'JAN@example.com' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({ detail: 'Odbiorca z tym adresem e-mail już istnieje w tej usłudze.' });
  });

  it(`names a tag in any case, as the tags' uniqueness ignores case: "vip" is the demo's VIP, stored as the tag spells it`, async () => {
    const created = await call('POST', base(), klient, { name: 'Ola Mała', email: 'ola@example.com', tags: ['vip', 'VIP'] });
    expect(created.statusCode).toBe(201);
    expect(created.json().tags).toEqual(['VIP']);
    const listed = await call('GET', `${base()}?tag=VIP&search=ola@example.com`, klient);
    expect(listed.json().data.map((recipient: { email: string }) => recipient.email)).toEqual(['ola@example.com']);
    const updated = await call('PUT', `${base()}/${created.json().id}`, klient, { name: 'Ola Mała', email: 'ola@example.com', tags: ['Vip'] });
    expect(updated.json().tags).toEqual(['VIP']);
    expect((await call('POST', base(), klient, { name: 'Ola Druga', email: 'ola2@example.com', tags: ['vipp'] })).json().errors).toEqual({ tags: 'Wybrany element nie istnieje.' });
  });

  it('lets another service have a recipient with the same e-mail', async () => {
    await test.ctx.db.query("INSERT INTO client_service_modules (client_service_id, module) VALUES ($1, 'recipients') ON CONFLICT DO NOTHING", [site2]);
    const response = await call('POST', `/client_service/${site2}/module/recipients`, klient2, { name: 'Jan Kowalski', email: 'jan@example.com' });
    expect(response.statusCode).toBe(201);
  });

  it('checks the e-mail on update too, but not against the record itself', async () => {
    await call('POST', base(), klient, { name: 'Ewa Zajęta', email: 'ewa@example.com' });
    const other = (await call('POST', base(), klient, { name: 'Anna Nowak', email: 'anna@example.com' })).json();
    expect((await call('PUT', `${base()}/${other.id}`, klient, { name: 'Anna Nowak-Kowalska', email: 'anna@example.com' })).statusCode).toBe(200);
    expect((await call('PUT', `${base()}/${other.id}`, klient, { name: 'Anna', email: 'ewa@example.com' })).statusCode).toBe(409);
  });

  it.each([
    [{ email: 'a@example.com' }, { name: 'Nazwa odbiorcy jest wymagana.' }],
    [{ name: 'Jo', email: 'a@example.com' }, { name: 'Nazwa odbiorcy powinna zawierać co najmniej 3 znaki' }],
    [{ name: 'Jan Kowalski' }, { email: 'Adres e-mail odbiorcy jest wymagany.' }],
    [{ name: 'Jan Kowalski', email: 'jan@' }, { email: 'Adres e-mail odbiorcy jest nieprawidłowy.' }],
    [{ name: 'Jan Kowalski', email: 'j@example.com', tags: ['a'] }, { 'tags.0': 'Nazwa tagu powinna zawierać co najmniej 2 znaki' }],
  ])('answers 400 with the Polish message for %#', async (body, errors) => {
    const response = await call('POST', base(), klient, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'Proszę poprawnie wypełnić formularz.', errors });
  });

  it('searches by name or e-mail, filters by tag, pages and sorts', async () => {
    const before = (await call('GET', `${base()}?per_page=1`, klient)).json().pagination.total;
    for (const name of ['parzyste', 'parzyste-nie']) expect((await call('POST', `/client_service/${newsletter}/module/tags`, klient, { name })).statusCode).toBe(201);
    for (let i = 1; i <= 12; i += 1) {
      const tags = i % 2 ? ['parzyste-nie'] : ['parzyste'];
      await call('POST', base(), klient, { name: `Odbiorca ${String(i).padStart(2, '0')}`, email: `odbiorca${i}@firma.pl`, tags });
    }
    const byTag = (await call('GET', `${base()}?tag=parzyste&per_page=4&page=2&sort=name&order=ASC`, klient)).json();
    expect(byTag.pagination.total).toBe(6);
    expect(byTag.data.map((r: { name: string }) => r.name)).toEqual(['Odbiorca 10', 'Odbiorca 12']);

    const byEmail = (await call('GET', `${base()}?search=ODBIORCA1${encodeURIComponent('@')}`, klient)).json();
    expect(byEmail.data.map((r: { email: string }) => r.email)).toEqual(['odbiorca1@firma.pl']);
    const byName = (await call('GET', `${base()}?search=${encodeURIComponent('biorca 0')}&per_page=100`, klient)).json();
    expect(byName.pagination.total).toBe(9);
    // LIKE wildcards in a search are plain characters.
    expect((await call('GET', `${base()}?search=%25`, klient)).json().pagination.total).toBe(0);

    const past = (await call('GET', `${base()}?page=99&per_page=10`, klient)).json();
    expect(past).toEqual({ data: [], pagination: { total: before + 12 } });
  });

  it('shows every write in the next list, including a deep cached page', async () => {
    const before = (await call('GET', `${base()}?per_page=1&page=2`, klient)).json();
    const added = (await call('POST', base(), klient, { name: 'Nowy odbiorca', email: 'nowy@example.com' })).json();
    const after = (await call('GET', `${base()}?per_page=1&page=2`, klient)).json();
    expect(after.pagination.total).toBe(before.pagination.total + 1);
    expect(after.data[0].id).not.toBe(before.data[0].id);
    await call('PUT', `${base()}/${added.id}`, klient, { name: 'Zmieniony odbiorca', email: 'nowy@example.com' });
    expect((await call('GET', `${base()}?per_page=1`, klient)).json().data[0].name).toBe('Zmieniony odbiorca');
    await call('DELETE', `${base()}/${added.id}`, klient);
    expect((await call('GET', `${base()}?per_page=1&page=2`, klient)).json()).toEqual(before);
  });
});

describe('news categories (SPEC 7 paths, photo)', () => {
  const module = () => `/client_service/${site}/module/news_categories`;
  const upload = () => `/client_service/${site}/upload/news_categories`;
  const send = (method: 'POST' | 'PUT', url: string, payload: unknown, file?: { name: string; type: string; data: Buffer }) => {
    const body = multipart(payload, file);
    return test.call({ method, url: `/api${url}`, token: klient, payload: body.payload, headers: body.headers });
  };

  it('adds a category with a photo, serves the photo, replaces it and deletes it', async () => {
    const created = await send('POST', upload(), { name: 'Sport' }, { name: 'a.png', type: 'image/png', data: PNG });
    expect(created.statusCode).toBe(201);
    const category = created.json();
    expect(category.photo_uri).toMatch(/^\/api\/uploads\/[0-9a-f]{32}\.png$/);
    const photo = await test.call({ method: 'GET', url: category.photo_uri });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
    expect(photo.rawPayload.equals(PNG)).toBe(true);

    const replaced = await send('PUT', `${upload()}/${category.id}`, { name: 'Sport i rekreacja' }, { name: 'b.png', type: 'image/png', data: PNG });
    expect(replaced.statusCode).toBe(200);
    const { photo_uri: newUri, name } = replaced.json();
    expect(name).toBe('Sport i rekreacja');
    expect(newUri).not.toBe(category.photo_uri);
    expect((await test.call({ method: 'GET', url: category.photo_uri })).statusCode).toBe(404);

    // An update without a file keeps the photo.
    const renamed = await send('PUT', `${upload()}/${category.id}`, { name: 'Sport' });
    expect(renamed.json().photo_uri).toBe(newUri);

    expect((await call('DELETE', `${module()}/${category.id}/image`, klient)).statusCode).toBe(204);
    expect((await call('GET', `${module()}/${category.id}`, klient)).json().photo_uri).toBeNull();
    expect((await test.call({ method: 'GET', url: newUri })).statusCode).toBe(404);
  });

  it('takes plain JSON too, and lists the dictionary', async () => {
    expect((await call('POST', module(), klient, { name: 'Kultura' })).statusCode).toBe(201);
    const dictionary = (await call('GET', `${module()}/dictionary`, klient)).json();
    expect(dictionary.data.map((d: { name: string }) => d.name)).toContain('Kultura');
  });

  it('refuses a file that is not an image whatever its declared type (415), and a too large one (413)', async () => {
    const fake = await send('POST', upload(), { name: 'Fałszywka' }, { name: 'x.png', type: 'image/png', data: Buffer.from('<svg onload=alert(1)>') });
    expect(fake.statusCode).toBe(415);
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const tooLarge = await send('POST', upload(), { name: 'Za duże' }, { name: 'big.png', type: 'image/png', data: big });
    expect(tooLarge.statusCode).toBe(413);
    const names = (await call('GET', `${module()}?per_page=100`, klient)).json().data.map((c: { name: string }) => c.name);
    expect(names).not.toContain('Fałszywka');
    expect(names).not.toContain('Za duże');
  });

  it('validates the multipart payload with the Polish messages', async () => {
    const response = await send('POST', upload(), { name: 'ab' }, { name: 'a.png', type: 'image/png', data: PNG });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ name: 'Nazwa kategorii powinna zawierać co najmniej 3 znaki' });
    const broken = multipart('{oops');
    const response2 = await test.call({ method: 'POST', url: `/api${upload()}`, token: klient, payload: broken.payload, headers: broken.headers });
    expect(response2.statusCode).toBe(400);
    expect(response2.json().detail).toBe('Pole payload musi zawierać obiekt JSON.');
  });
});

describe('content (admin, SPEC 7 /content)', () => {
  const send = (method: 'POST' | 'PUT', url: string, token: string, payload: unknown, withPhoto = false) => {
    const body = multipart(payload, withPhoto ? { name: 'p.png', type: 'image/png', data: PNG } : undefined);
    return test.call({ method, url: `/api${url}`, token, payload: body.payload, headers: body.headers });
  };
  const block = { prefix: 'promo_box', name: 'Promocja', description: 'Opis promocji', content: '<p>Tekst</p>' };

  it('is for root users only', async () => {
    expect((await call('GET', '/content', klient)).statusCode).toBe(403);
    expect((await send('POST', '/content', klient, block)).statusCode).toBe(403);
    expect((await call('DELETE', '/content/1', klient)).statusCode).toBe(403);
    expect((await test.call({ method: 'GET', url: '/api/content' })).statusCode).toBe(401);
  });

  it('adds, edits, lists unread first, and deletes content with a photo', async () => {
    const created = await send('POST', '/content', admin, block, true);
    expect(created.statusCode).toBe(201);
    const item = created.json();
    expect(item).toMatchObject({ ...block, is_read: false });
    expect(item.photo_uri).toMatch(/^\/api\/content\/photos\/[0-9a-f]{32}\.png$/);
    // The footer endpoint (another module) serves the same table and photo.
    const byPrefix = (await call('GET', '/content/prefix/promo_box', admin)).json();
    expect(byPrefix.data[0]).toMatchObject({ id: item.id, photo_uri: item.photo_uri });
    expect((await test.call({ method: 'GET', url: item.photo_uri })).statusCode).toBe(200);

    const first = (await call('GET', '/content?per_page=100', admin)).json();
    expect(first.data[0]).toMatchObject({ id: item.id, is_read: false });
    const read = (await call('GET', `/content/${item.id}`, admin)).json();
    expect(read.is_read).toBe(true);
    const after = (await call('GET', '/content?per_page=100', admin)).json();
    const readIndex = after.data.findIndex((c: { id: number }) => c.id === item.id);
    expect(after.data.slice(readIndex).every((c: { is_read: boolean }) => c.is_read)).toBe(true);
    expect(after.data.slice(0, readIndex).every((c: { is_read: boolean }) => !c.is_read)).toBe(true);

    const filtered = (await call('GET', '/content?prefix=promo_box', admin)).json();
    expect(filtered.pagination.total).toBe(1);

    const edited = await send('PUT', `/content/${item.id}`, admin, { ...block, name: 'Promocja letnia' });
    expect(edited.json()).toMatchObject({ name: 'Promocja letnia', photo_uri: item.photo_uri });
    expect((await call('DELETE', `/content/${item.id}/photo`, admin)).statusCode).toBe(204);
    expect((await test.call({ method: 'GET', url: item.photo_uri })).statusCode).toBe(404);
    expect((await call('DELETE', `/content/${item.id}`, admin)).statusCode).toBe(204);
    expect((await call('GET', `/content/${item.id}`, admin)).statusCode).toBe(404);
  });

  it.each([
    [{ ...block, prefix: 'promo_' }, { prefix: 'Prefix nie może się kończyć znakiem podkreślenia.' }],
    [{ ...block, prefix: 'promo box' }, { prefix: 'Prefix nie może zawierać spacji.' }],
    [{ ...block, prefix: 'promotional_banner_top', content: 'tekst' }, { content: 'Link jest nieprawidłowy.' }],
    [{ ...block, content: 'x'.repeat(5001) }, { content: 'Treść może zawierać maksymalnie 5000 znaków' }],
    [{ prefix: 'a' }, { name: 'Nazwa jest wymagana.', description: 'Opis jest wymagany.', content: 'Treść jest wymagana.' }],
  ])('answers 400 with the Polish messages for %#', async (body, errors) => {
    const response = await send('POST', '/content', admin, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'Proszę poprawnie wypełnić formularz.', errors });
  });

  it('answers 404 for ids beyond the table', async () => {
    expect((await call('GET', '/content/99999999999', admin)).statusCode).toBe(404);
    expect((await call('GET', '/content/abc', admin)).statusCode).toBe(404);
  });
});

describe('limits (SPEC 7 /limits)', () => {
  const base = () => `/client_service/${newsletter}/limits`;
  const daily = 'panel_emaillabs_daily_mail_limit';
  const monthly = 'panel_emaillabs_monthly_mail_limit';

  it('saves the two limits and reports remaining = limit - usage (0 if absent)', async () => {
    expect((await call('GET', `${base()}/current`, klient)).json()).toEqual({});
    expect((await call('GET', base(), klient)).json().data).toEqual([
      { prefix: daily, limit: null, usage: 0, remaining: 0 },
      { prefix: monthly, limit: null, usage: 0, remaining: 0 },
    ]);
    const saved = await call('PUT', base(), admin, { [daily]: 100, [monthly]: 2000 });
    expect(saved.statusCode).toBe(200);
    expect((await call('GET', `${base()}/current`, klient)).json()).toMatchObject({ [daily]: 100, [monthly]: 2000 });
    // Today's count reports; yesterday's (another period) counts as 0.
    await test.ctx.db.query('INSERT INTO service_limit_usage (client_service_id, prefix, usage, period) VALUES ($1, $2, 30, $3), ($1, $4, 500, $5)', [
      newsletter,
      daily,
      periodOf('daily', new Date()),
      monthly,
      '2000-01',
    ]);
    expect((await call('GET', base(), klient)).json().data).toEqual([
      { prefix: daily, limit: 100, usage: 30, remaining: 70 },
      { prefix: monthly, limit: 2000, usage: 0, remaining: 2000 },
    ]);
    expect((await call('OPTIONS', base(), klient)).json().schema.required).toEqual([daily, monthly]);
  });

  it('lets the service read its limits but only the provider (root) change them', async () => {
    const refused = await call('PUT', base(), klient, { [daily]: 1_000_000, [monthly]: 1_000_000 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: 'Brak dostępu.' });
    expect((await call('GET', `${base()}/current`, klient)).json()).not.toMatchObject({ [daily]: 1_000_000 });
  });

  it('answers 400 with the Polish messages', async () => {
    const response = await call('PUT', base(), admin, { [daily]: -1 });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      [daily]: 'Dobowy limit wysyłek powinien być liczbą całkowitą większą lub równą 0.',
      [monthly]: 'Miesięczny limit wysyłek jest wymagany.',
    });
  });
});

describe('tenants and permissions', () => {
  it('klient2 cannot read, change or delete klient records, whichever path it tries', async () => {
    const category = (await call('POST', `/client_service/${site}/module/news_categories`, klient, { name: 'Tajna kategoria' })).json();
    const own = `/client_service/${site}/module/news_categories/${category.id}`;
    expect((await call('GET', own, klient2)).statusCode).toBe(403);
    expect((await call('PUT', own, klient2, { name: 'Przejęta' })).statusCode).toBe(403);
    expect((await call('DELETE', own, klient2)).statusCode).toBe(403);
    expect((await call('DELETE', `${own}/image`, klient2)).statusCode).toBe(403);
    expect((await call('GET', `/client_service/${site}/module/news_categories`, klient2)).statusCode).toBe(403);
    // Through its own service the record simply does not exist.
    const viaOwn = `/client_service/${site2}/module/news_categories/${category.id}`;
    expect((await call('GET', viaOwn, klient2)).statusCode).toBe(404);
    expect((await call('PUT', viaOwn, klient2, { name: 'Przejęta' })).statusCode).toBe(404);
    expect((await call('DELETE', viaOwn, klient2)).statusCode).toBe(404);
    expect((await call('GET', `/client_service/${site2}/module/news_categories`, klient2)).json().data).toEqual([]);
    expect((await call('GET', own, klient)).json().name).toBe('Tajna kategoria');
  });

  it('needs the module on the service and a signed-in user; unknown services are 403 as foreign ones', async () => {
    expect((await call('GET', `/client_service/${site}/module/tags`, klient)).statusCode).toBe(403);
    expect((await test.call({ method: 'GET', url: `/api/client_service/${newsletter}/module/tags` })).statusCode).toBe(401);
    expect((await call('GET', '/client_service/999999/module/tags', klient)).statusCode).toBe(403);
    expect((await call('GET', '/client_service/999999/module/tags', admin)).statusCode).toBe(404);
    const withoutXsrf = await test.call({ method: 'POST', url: `/api/client_service/${newsletter}/module/tags`, token: klient, payload: { name: 'xx' }, withoutXsrf: true });
    expect(withoutXsrf.statusCode).toBe(403);
  });
});
