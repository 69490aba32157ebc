import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoSites, multipart, storedOf } from './schema-fixtures';
import { createTestApp, type TestApp } from './support/app';
import { type Method, signedIn } from './support/signed-in';

/**
 * The site's galleries (SPEC 2 "moduly/galeria"): a gallery's settings, its photos (uploaded one
 * file per record, with thumbnails, in their own order), their alt texts and descriptions saved
 * one row at a time as the descriptions page does (an alt text required on every edit, for WCAG);
 * isolation, and bad input refused in Polish with nothing stored.
 */
let test: TestApp;
const { tokens, signIn, call } = signedIn(() => test);
let site: number;
let otherSite: number;
let newsletter: number;

const galleriesOf = (service: number) => `/api/client_service/${service}/module/galleries`;
const photosOf = (service: number, gallery: number) => `${galleriesOf(service)}/${gallery}/photos`;
const png = (background = '#2e7d32') => sharp({ create: { width: 80, height: 60, channels: 3, background } }).png().toBuffer();

async function created(method: Method, url: string, payload: unknown, as = 'klient'): Promise<Record<string, unknown> & { id: number }> {
  const answer = await call(method, url, payload, as);
  expect([200, 201], answer.body).toContain(answer.statusCode);
  return answer.json();
}

const gallery = (values: Record<string, unknown> = {}, service = site, as = 'klient') =>
  created('POST', galleriesOf(service), { name: `Galeria ${Math.random().toString(36).slice(2, 8)}`, published: true, ...values }, as);

async function photo(galleryId: number, file?: { name: string; type: string; data: Buffer }, service = site, as = 'klient') {
  return test.call({ method: 'POST', url: photosOf(service, galleryId), token: tokens[as], ...multipart({}, file ?? { name: 'zdjecie.png', type: 'image/png', data: await png() }, 'photo') });
}

beforeAll(async () => {
  test = await createTestApp();
  await signIn('klient', 'klient2');
  ({ site, otherSite, newsletter } = await demoSites(test));
});
afterAll(async () => {
  await test?.close();
});

describe('galleries', () => {
  it('adds, lists, saves the settings, publishes and hides, deletes with its photos and their files', async () => {
    const saved = await gallery({ name: 'Sprzątanie parku', description: 'Wiosna', date: '2026-04-18', show_descriptions: false });
    expect(saved).toMatchObject({ name: 'Sprzątanie parku', date: '2026-04-18', published: true, show_descriptions: false });
    const listed = (await call('GET', `${galleriesOf(site)}?search=parku`)).json();
    expect(listed.data.map((row: { id: number }) => row.id)).toContain(saved.id);
    const settings = await created('PUT', `${galleriesOf(site)}/${saved.id}`, { ...saved, description: 'Kwiecień 2026' });
    expect(settings.description).toBe('Kwiecień 2026');
    expect((await created('PUT', `${galleriesOf(site)}/${saved.id}/publish`, { published: false })).published).toBe(false);

    const before = await storedOf(test, site, 'gallery_photos');
    expect((await photo(saved.id)).statusCode).toBe(201);
    expect((await storedOf(test, site, 'gallery_photos')).used).toBeGreaterThan(before.used);
    expect((await call('DELETE', `${galleriesOf(site)}/${saved.id}`)).statusCode).toBe(204);
    expect(await storedOf(test, site, 'gallery_photos')).toEqual(before);
    expect((await call('GET', photosOf(site, saved.id))).statusCode).toBe(403);
  });

  it('checks the fields in Polish', async () => {
    const before = await storedOf(test, site, 'galleries');
    const empty = await call('POST', galleriesOf(site), {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ detail: 'Proszę poprawnie wypełnić formularz.', errors: { name: 'Nazwa galerii jest wymagana.' } });
    const wrong = await call('POST', galleriesOf(site), { name: 'Ab', date: '2026-02-30', published: 'tak', description: 'x'.repeat(2001) });
    expect(wrong.json().errors).toEqual({
      name: 'Nazwa galerii musi zawierać co najmniej 3 znaki.',
      date: 'Data jest nieprawidłowa.',
      published: 'Określ, czy galeria jest opublikowana.',
      description: 'Opis może zawierać najwyżej 2000 znaków.',
    });
    expect(await storedOf(test, site, 'galleries')).toEqual(before);
  });
});

describe("a gallery's photos", () => {
  it('takes many photos, each a record with its thumbnail, lists them in their order and reorders them', async () => {
    const { id } = await gallery();
    const uploaded = [];
    for (const colour of ['#2e7d32', '#1565c0', '#c62828']) {
      const answer = await photo(id, { name: 'zdjecie.png', type: 'image/png', data: await png(colour) });
      expect(answer.statusCode, answer.body).toBe(201);
      expect(answer.json().photo_thumbnails.small).toMatch(/\.webp$/);
      uploaded.push(answer.json().id as number);
    }
    const ids = async () => ((await call('GET', photosOf(site, id))).json().data as { id: number }[]).map((row) => row.id);
    expect(await ids()).toEqual(uploaded);
    const order = [uploaded[2], uploaded[0], uploaded[1]];
    expect((await call('PUT', `${photosOf(site, id)}/order`, { ids: order })).statusCode).toBe(204);
    expect(await ids()).toEqual(order);
    // Another gallery's photos are not this one's.
    const other = await gallery();
    expect((await call('PUT', `${photosOf(site, other.id)}/order`, { ids: order })).statusCode).toBeGreaterThanOrEqual(400);
    expect((await call('GET', photosOf(site, other.id))).json().pagination.total).toBe(0);
  });

  it("saves a photo's alt text and description, requiring the alt text on every edit", async () => {
    const { id } = await gallery();
    const saved = (await photo(id)).json();
    const described = await created('PUT', `${photosOf(site, id)}/${saved.id}`, { ...saved, alt: 'Dzieci sadzą drzewa', description: 'Przy szkole nr 3' });
    expect(described).toMatchObject({ alt: 'Dzieci sadzą drzewa', description: 'Przy szkole nr 3' });
    for (const alt of [undefined, '', '   ']) {
      const answer = await call('PUT', `${photosOf(site, id)}/${saved.id}`, { description: 'Bez tekstu alternatywnego', ...(alt === undefined ? {} : { alt }) });
      expect(answer.statusCode, JSON.stringify(alt)).toBe(400);
      expect(answer.json()).toEqual({ detail: 'Proszę poprawnie wypełnić formularz.', errors: { alt: 'Tekst alternatywny jest wymagany.' } });
    }
    const long = await call('PUT', `${photosOf(site, id)}/${saved.id}`, { alt: 'x'.repeat(256), description: 'y'.repeat(501) });
    expect(long.json().errors).toEqual({ alt: 'Tekst alternatywny może zawierać najwyżej 255 znaków.', description: 'Opis może zawierać najwyżej 500 znaków.' });
    const wrongTypes = await call('PUT', `${photosOf(site, id)}/${saved.id}`, { alt: 5, description: ['a'] });
    expect(wrongTypes.json().errors).toEqual({ alt: 'Tekst alternatywny jest wymagany.', description: 'Opis jest nieprawidłowy.' });
    expect((await call('GET', `${photosOf(site, id)}/${saved.id}`)).json()).toMatchObject({ alt: 'Dzieci sadzą drzewa', description: 'Przy szkole nr 3' });
  });

  it('refuses files that are not images and too large ones, storing nothing', async () => {
    const { id } = await gallery();
    const before = await storedOf(test, site, 'gallery_photos');
    const text = await photo(id, { name: 'zdjecie.png', type: 'image/png', data: Buffer.from('to nie jest obraz') });
    expect(text.statusCode).toBe(415);
    expect(text.json().detail).toBe('Nieobsługiwany typ pliku.');
    const huge = await photo(id, { name: 'zdjecie.png', type: 'image/png', data: Buffer.concat([await png(), Buffer.alloc(10 * 1024 * 1024)]) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().detail).toBe('Przesłany plik jest zbyt duży.');
    const none = await test.call({ method: 'POST', url: photosOf(site, id), token: tokens.klient, ...multipart({ alt: 'Bez pliku' }) });
    expect(none.statusCode).toBe(201);
    expect(await storedOf(test, site, 'gallery_photos')).toEqual({ ...before, records: before.records + 1 });
  });
});

describe('isolation', () => {
  it("refuses another client's galleries and photos, and services without the module, as 'Brak dostępu.'", async () => {
    const mine = await gallery();
    const saved = (await photo(mine.id)).json();
    const theirs = await gallery({}, otherSite, 'klient2');
    for (const [method, url, body] of [
      ['GET', galleriesOf(site), undefined],
      ['GET', `${galleriesOf(site)}/${mine.id}`, undefined],
      ['PUT', `${galleriesOf(site)}/${mine.id}`, { name: 'Przejęta', published: true }],
      ['DELETE', `${galleriesOf(site)}/${mine.id}`, undefined],
      ['GET', photosOf(site, mine.id), undefined],
      ['PUT', `${photosOf(site, mine.id)}/${saved.id}`, { alt: 'Przejęte' }],
      ['DELETE', `${photosOf(site, mine.id)}/${saved.id}`, undefined],
      // klient2's own service, klient's gallery as the parent.
      ['GET', photosOf(otherSite, mine.id), undefined],
      ['POST', photosOf(otherSite, mine.id), { alt: 'Podrzucone' }],
    ] as const) {
      const answer = await call(method, url, body, 'klient2');
      expect(answer.statusCode, `${method} ${url}`).toBe(403);
      expect(answer.json().detail).toBe('Brak dostępu.');
    }
    expect((await call('GET', photosOf(site, theirs.id))).statusCode).toBe(403);
    expect((await call('GET', galleriesOf(newsletter))).statusCode).toBe(403);
    expect((await call('GET', `${photosOf(site, mine.id)}/${saved.id}`)).statusCode).toBe(200);
  });
});
