import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoSites, multipart, storedOf } from './schema-fixtures';
import { createTestApp, type TestApp } from './support/app';
import { type Method, signedIn } from './support/signed-in';

/**
 * The site's banners (SPEC 2 "moduly/banner_przewijany", "moduly/banner_odliczajacy"): scrolling
 * banners in their order with a period and an on/off switch; counter banners whose photo exists
 * only where the template shows one (klient's site, template aurora: 1200x300; klient2's, minimal:
 * none), at exactly the template's size; isolation and bad input refused in Polish with nothing stored.
 */
let test: TestApp;
const { tokens, signIn, call } = signedIn(() => test);
let site: number;
let otherSite: number;
let newsletter: number;

const scrollOf = (service: number) => `/api/client_service/${service}/module/scroll_banners`;
const counterOf = (service: number) => `/api/client_service/${service}/module/counter_banners`;
const png = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#1e5aa8' } }).png().toBuffer();

async function created(method: Method, url: string, payload: unknown, as = 'klient'): Promise<Record<string, unknown> & { id: number }> {
  const answer = await call(method, url, payload, as);
  expect([200, 201], answer.body).toContain(answer.statusCode);
  return answer.json();
}

const upload = (method: 'POST' | 'PUT', url: string, payload: unknown, file: { name: string; type: string; data: Buffer } | undefined, as = 'klient') =>
  test.call({ method, url, token: tokens[as], ...multipart(payload, file, 'photo') });

beforeAll(async () => {
  test = await createTestApp();
  await signIn('klient', 'klient2');
  ({ site, otherSite, newsletter } = await demoSites(test));
});
afterAll(async () => {
  await test?.close();
});

describe('scrolling banners', () => {
  it('adds, lists in order, edits, switches off and on, reorders and deletes', async () => {
    const first = await created('POST', scrollOf(site), { text: 'Dni otwarte', link: 'https://example.org/dni', active_from: '2026-12-01T08:00:00+01:00', active_to: '2026-12-24T20:00:00+01:00' });
    expect(first).toMatchObject({ text: 'Dni otwarte', active: true, active_from: '2026-12-01T08:00:00+01:00' });
    const second = await created('POST', scrollOf(site), { text: 'Nowe godziny kasy', active: true });
    const ids = async () => ((await call('GET', `${scrollOf(site)}?per_page=100`)).json().data as { id: number }[]).map((row) => row.id);
    expect((await ids()).slice(-2)).toEqual([first.id, second.id]);

    const edited = await created('PUT', `${scrollOf(site)}/${first.id}`, { ...first, text: 'Dni otwarte urzędu' });
    expect(edited.text).toBe('Dni otwarte urzędu');
    const off = await created('PUT', `${scrollOf(site)}/${first.id}/active`, { active: false });
    expect(off.active).toBe(false);
    expect((await created('PUT', `${scrollOf(site)}/${first.id}/active`, { active: true })).active).toBe(true);

    const order = [...(await ids()).filter((id) => id !== second.id && id !== first.id), second.id, first.id];
    expect((await call('PUT', `${scrollOf(site)}/order`, { ids: order })).statusCode).toBe(204);
    expect(await ids()).toEqual(order);

    expect((await call('DELETE', `${scrollOf(site)}/${second.id}`)).statusCode).toBe(204);
    expect(await ids()).not.toContain(second.id);
  });

  it('checks every field in Polish and stores nothing it refuses', async () => {
    const before = await storedOf(test, site, 'scroll_banners');
    const empty = await call('POST', scrollOf(site), {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ detail: 'Proszę poprawnie wypełnić formularz.', errors: { text: 'Treść banera jest wymagana.' } });
    const wrong = await call('POST', scrollOf(site), { text: 12, link: 'javascript:alert(1)', active_from: '2026-02-30T10:00:00+01:00', active_to: 'jutro', active: 'tak' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({
      text: 'Treść banera jest wymagana.',
      link: 'Link jest nieprawidłowy.',
      active_from: 'Data rozpoczęcia jest nieprawidłowa.',
      active_to: 'Data zakończenia jest nieprawidłowa.',
      active: 'Określ, czy baner jest włączony.',
    });
    const long = await call('POST', scrollOf(site), { text: 'x'.repeat(256), active: true });
    expect(long.json().errors.text).toBe('Treść banera może zawierać najwyżej 255 znaków.');
    const reversed = await call('POST', scrollOf(site), { text: 'Odwrotnie', active_from: '2026-12-24T10:00:00+01:00', active_to: '2026-12-01T10:00:00+01:00', active: true });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().errors).toEqual({ active_to: 'Data zakończenia nie może być wcześniejsza niż data rozpoczęcia.' });
    const badToggle = await call('PUT', `${scrollOf(site)}/${(await created('POST', scrollOf(site), { text: 'Przełącznik', active: true })).id}/active`, { active: 'nie' });
    expect(badToggle.statusCode).toBe(400);
    expect(await storedOf(test, site, 'scroll_banners')).toEqual({ ...before, records: before.records + 1 });
  });
});

describe('counter banners', () => {
  it('adds a banner with a target moment kept with its offset', async () => {
    const banner = await created('POST', counterOf(site), { title: 'Do otwarcia biblioteki', target_at: '2027-05-03T12:00:00+02:00', link: 'https://example.org/biblioteka' });
    expect(banner).toMatchObject({ title: 'Do otwarcia biblioteki', target_at: '2027-05-03T12:00:00+02:00', active: true });
    const empty = await call('POST', counterOf(site), { target_at: 'wkrótce' });
    expect(empty.json().errors).toEqual({ title: 'Tytuł jest wymagany.', target_at: 'Termin odliczania jest nieprawidłowy.' });
    const short = await call('POST', counterOf(site), { title: 'Ab', target_at: '2027-05-03T12:00:00+02:00' });
    expect(short.json().errors.title).toBe('Tytuł musi zawierać co najmniej 3 znaki.');
    const off = await created('PUT', `${counterOf(site)}/${banner.id}/active`, { active: false });
    expect(off.active).toBe(false);
  });

  it("offers the photo with the template's help and size where the template shows one, and not elsewhere", async () => {
    expect((await call('OPTIONS', counterOf(site))).json().files).toEqual({ photo: { offered: true, help: '1200 × 300 px', dimensions: { width: 1200, height: 300 } } });
    expect((await call('OPTIONS', counterOf(otherSite), undefined, 'klient2')).json().files).toEqual({ photo: { offered: false } });
  });

  it("takes a photo of exactly the template's size, with its thumbnail", async () => {
    const saved = await upload('POST', counterOf(site), { title: 'Ze zdjęciem', target_at: '2027-01-01T00:00:00+01:00' }, { name: 'baner.png', type: 'image/png', data: await png(1200, 300) });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json().photo_uri).toMatch(/^\/api\/uploads\//);
    expect(saved.json().photo_thumbnails.small).toMatch(/\.webp$/);
    expect((await test.call({ method: 'GET', url: saved.json().photo_uri })).statusCode).toBe(200);
  });

  it('refuses a photo of another size, naming the size, and stores nothing', async () => {
    const before = await storedOf(test, site, 'counter_banners');
    for (const [width, height] of [[800, 600], [1199, 300], [2400, 600]]) {
      const answer = await upload('POST', counterOf(site), { title: 'Zły rozmiar', target_at: '2027-01-01T00:00:00+01:00' }, { name: 'baner.png', type: 'image/png', data: await png(width, height) });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({
        detail: 'Proszę poprawnie wypełnić formularz.',
        errors: { photo: `Zdjęcie musi mieć wymiary 1200x300 px (przesłane ma ${width}x${height} px).` },
      });
    }
    // Replacing the photo of a saved banner is checked the same way; the banner keeps its record and no photo.
    const banner = await created('POST', counterOf(site), { title: 'Bez zdjęcia', target_at: '2027-01-01T00:00:00+01:00' });
    const replaced = await upload('PUT', `${counterOf(site)}/${banner.id}`, banner, { name: 'baner.png', type: 'image/png', data: await png(300, 1200) });
    expect(replaced.statusCode).toBe(400);
    expect((await call('GET', `${counterOf(site)}/${banner.id}`)).json().photo_uri).toBeFalsy();
    expect(await storedOf(test, site, 'counter_banners')).toEqual({ ...before, records: before.records + 1 });
  });

  it('refuses files that are not images, too large ones and a photo where the template has none', async () => {
    const before = await storedOf(test, site, 'counter_banners');
    const text = await upload('POST', counterOf(site), { title: 'Nie zdjęcie', target_at: '2027-01-01T00:00:00+01:00' }, { name: 'baner.png', type: 'image/png', data: Buffer.from('to nie jest obraz') });
    expect(text.statusCode).toBe(415);
    expect(text.json().detail).toBe('Nieobsługiwany typ pliku.');
    const huge = await upload('POST', counterOf(site), { title: 'Za duże', target_at: '2027-01-01T00:00:00+01:00' }, { name: 'baner.png', type: 'image/png', data: Buffer.concat([await png(1200, 300), Buffer.alloc(5 * 1024 * 1024)]) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().detail).toBe('Przesłany plik jest zbyt duży.');
    expect(await storedOf(test, site, 'counter_banners')).toEqual(before);

    const otherBefore = await storedOf(test, otherSite, 'counter_banners');
    const refused = await upload('POST', counterOf(otherSite), { title: 'Bez zdjęć w szablonie', target_at: '2027-01-01T00:00:00+01:00' }, { name: 'baner.png', type: 'image/png', data: await png(1200, 300) }, 'klient2');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ photo: 'Szablon strony nie przewiduje pola Zdjęcie.' });
    expect(await storedOf(test, otherSite, 'counter_banners')).toEqual(otherBefore);
    // Without a photo the banner is saved there as anywhere.
    await created('POST', counterOf(otherSite), { title: 'Bez zdjęcia', target_at: '2027-01-01T00:00:00+01:00' }, 'klient2');
  });
});

describe('isolation', () => {
  it("refuses another client's banners and services without the modules, as 'Brak dostępu.'", async () => {
    const scroll = await created('POST', scrollOf(site), { text: 'Mój baner', active: true });
    const counter = await created('POST', counterOf(site), { title: 'Mój licznik', target_at: '2027-01-01T00:00:00+01:00' });
    for (const [method, url, body] of [
      ['GET', scrollOf(site), undefined],
      ['GET', `${scrollOf(site)}/${scroll.id}`, undefined],
      ['PUT', `${scrollOf(site)}/${scroll.id}`, { text: 'Przejęty', active: true }],
      ['PUT', `${scrollOf(site)}/${scroll.id}/active`, { active: false }],
      ['PUT', `${scrollOf(site)}/order`, { ids: [scroll.id] }],
      ['DELETE', `${scrollOf(site)}/${scroll.id}`, undefined],
      ['GET', counterOf(site), undefined],
      ['PUT', `${counterOf(site)}/${counter.id}`, { title: 'Przejęty', target_at: '2027-01-01T00:00:00+01:00' }],
      ['DELETE', `${counterOf(site)}/${counter.id}`, undefined],
      ['OPTIONS', counterOf(site), undefined],
    ] as const) {
      const answer = await call(method, url, body, 'klient2');
      expect(answer.statusCode, `${method} ${url}`).toBe(403);
      expect(answer.json().detail).toBe('Brak dostępu.');
    }
    // A record of klient's under klient2's own service is not found there.
    expect((await call('GET', `${scrollOf(otherSite)}/${scroll.id}`, undefined, 'klient2')).statusCode).toBe(404);
    expect((await call('GET', scrollOf(newsletter))).statusCode).toBe(403);
    expect((await call('GET', counterOf(newsletter))).statusCode).toBe(403);
    expect((await call('GET', `${scrollOf(site)}/${scroll.id}`)).json().text).toBe('Mój baner');
  });
});
