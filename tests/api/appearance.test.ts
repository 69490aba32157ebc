import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { demoSites, multipart, storedOf } from './schema-fixtures';
import { createTestApp, type TestApp } from './support/app';
import { signedIn } from './support/signed-in';

/**
 * The appearance calls of SPEC 7 "Appearance templates": the catalogue with previews, colour
 * versions and features, activating a template (its choices reset to its first ones), the colour
 * version, counter and home-page layout within the active template (404 where the template lacks
 * them: klient2's site, template minimal), isolation, and bad input refused in Polish with nothing changed.
 */
let test: TestApp;
const { tokens, signIn, call } = signedIn(() => test);
let site: number;
let otherSite: number;
let newsletter: number;
let templates: Record<string, number>;

const base = (service: number) => `/api/client_service/${service}`;
const choicesOf = async (service: number) =>
  (await test.ctx.db.query('SELECT template_id, template_color, template_counter, template_homepage FROM client_services WHERE id = $1', [service])).rows[0];

beforeAll(async () => {
  test = await createTestApp();
  await signIn('klient', 'klient2', 'admin');
  ({ site, otherSite, newsletter } = await demoSites(test));
  const { rows } = await test.ctx.db.query<{ id: number; prefix: string }>('SELECT id, prefix FROM appearance_templates');
  templates = Object.fromEntries(rows.map((row) => [row.prefix, row.id]));
});
afterAll(async () => {
  await test?.close();
});

describe('the catalogue', () => {
  it('lists the templates with their previews, colour versions and features, the active one marked', async () => {
    const answer = await call('GET', `${base(site)}/template`);
    expect(answer.statusCode).toBe(200);
    const { data, pagination } = answer.json();
    expect(pagination.total).toBe(2);
    const aurora = data.find((template: { prefix: string }) => template.prefix === 'aurora');
    expect(aurora).toMatchObject({
      id: templates.aurora,
      name: 'Aurora (pełny)',
      is_active: true,
      colors: [
        { prefix: 'granat', name: 'Granatowa', color: '#1B3A6B' },
        { prefix: 'zielen', name: 'Zielona', color: '#2E7D32' },
      ],
      features: ['colors', 'counters', 'homepages', 'banners', 'header_icons', 'header_photos', 'news_pinning'],
    });
    expect(aurora.description).toMatch(/^Pełny szablon/);
    const minimal = data.find((template: { prefix: string }) => template.prefix === 'minimal');
    expect(minimal).toMatchObject({ is_active: false, colors: [], features: [] });
    for (const template of data) {
      const picture = await test.call({ method: 'GET', url: template.preview_url });
      expect(picture.statusCode).toBe(200);
      expect(picture.headers['content-type']).toBe('image/png');
    }
  });

  it('pages the catalogue', async () => {
    const first = (await call('GET', `${base(site)}/template?per_page=1&page=1`)).json();
    const second = (await call('GET', `${base(site)}/template?per_page=1&page=2`)).json();
    expect(first.pagination.total).toBe(2);
    expect(first.data).toHaveLength(1);
    expect(second.data).toHaveLength(1);
    expect(first.data[0].id).not.toBe(second.data[0].id);
    const bad = await call('GET', `${base(site)}/template?per_page=0`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toMatch(/per_page/);
  });

  it('gives one template, and 404 in Polish for an unknown one', async () => {
    const minimal = await call('GET', `${base(site)}/template/${templates.minimal}`);
    expect(minimal.json()).toMatchObject({ prefix: 'minimal', name: 'Minimal (prosty)', is_active: false });
    for (const id of ['999999', 'abc', '0']) {
      const unknown = await call('GET', `${base(site)}/template/${id}`);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().detail).toBe('Nie znaleziono szablonu graficznego.');
    }
  });

  it("gives the service's active template with its choices", async () => {
    const current = await call('GET', `${base(site)}/template/current`);
    expect(current.json()).toMatchObject({ prefix: 'aurora', is_active: true, template_color: 'granat', template_counter: 'licznik_odwiedzin', template_homepage: 'strona_glowna' });
    expect((await call('GET', `${base(otherSite)}/template/current`, undefined, 'klient2')).json()).toMatchObject({
      prefix: 'minimal',
      template_color: null,
      template_counter: null,
      template_homepage: null,
    });
  });
});

describe('choices within the active template', () => {
  it('chooses a colour version of the template', async () => {
    const answer = await call('PUT', `${base(site)}/template/current/color`, { template_color: 'zielen' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ template_color: 'zielen' });
    expect((await choicesOf(site)).template_color).toBe('zielen');
  });

  it('refuses a colour not in the template, or none, in Polish, and changes nothing', async () => {
    const before = await choicesOf(site);
    const other = await call('PUT', `${base(site)}/template/current/color`, { template_color: 'czerwien' });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toEqual({ detail: 'Proszę poprawnie wypełnić formularz.', errors: { template_color: 'Wybrana wersja kolorystyczna nie należy do aktywnego szablonu.' } });
    for (const body of [{}, { template_color: '' }, { template_color: 7 }]) {
      const missing = await call('PUT', `${base(site)}/template/current/color`, body);
      expect(missing.statusCode).toBe(400);
      expect(missing.json().errors).toEqual({ template_color: 'Wersja kolorystyczna jest wymagana.' });
    }
    expect(await choicesOf(site)).toEqual(before);
  });

  it('gives and chooses the counter and the home-page layout', async () => {
    const counter = await call('GET', `${base(site)}/module/appearance_settings/counter`);
    expect(counter.json()).toEqual({
      prefix: 'licznik_odwiedzin',
      data: [
        { id: 'licznik_odwiedzin', name: 'Licznik odwiedzin' },
        { id: 'licznik_dzienny', name: 'Licznik odwiedzin dziennych' },
      ],
    });
    const counted = await call('PUT', `${base(site)}/module/appearance_settings/counter`, { prefix: 'licznik_dzienny' });
    expect(counted.statusCode).toBe(200);
    expect(counted.json().prefix).toBe('licznik_dzienny');
    expect((await choicesOf(site)).template_counter).toBe('licznik_dzienny');
    expect((await call('PUT', `${base(site)}/module/appearance_settings/counter`, { prefix: 'licznik_odwiedzin' })).statusCode).toBe(200);

    const homepage = await call('GET', `${base(site)}/module/appearance_settings/homepage`);
    expect(homepage.json()).toEqual({
      prefix: 'strona_glowna',
      data: [
        { id: 'strona_glowna', name: 'Klasyczna strona główna' },
        { id: 'strona_wydarzen', name: 'Strona wydarzeń' },
      ],
    });
    const chosen = await call('PUT', `${base(site)}/module/appearance_settings/homepage`, { prefix: 'strona_wydarzen' });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().prefix).toBe('strona_wydarzen');
    expect((await choicesOf(site)).template_homepage).toBe('strona_wydarzen');
  });

  it('refuses a counter or layout not in the template, or none, and changes nothing', async () => {
    const before = await choicesOf(site);
    const counter = await call('PUT', `${base(site)}/module/appearance_settings/counter`, { prefix: 'inny' });
    expect(counter.json()).toEqual({ detail: 'Proszę poprawnie wypełnić formularz.', errors: { prefix: 'Wybrany licznik nie należy do aktywnego szablonu.' } });
    expect((await call('PUT', `${base(site)}/module/appearance_settings/counter`, {})).json().errors).toEqual({ prefix: 'Licznik jest wymagany.' });
    const homepage = await call('PUT', `${base(site)}/module/appearance_settings/homepage`, { prefix: ['strona_glowna'] });
    expect(homepage.statusCode).toBe(400);
    expect(homepage.json().errors).toEqual({ prefix: 'Układ strony głównej jest wymagany.' });
    expect((await call('PUT', `${base(site)}/module/appearance_settings/homepage`, { prefix: 'brak' })).json().errors).toEqual({
      prefix: 'Wybrany układ strony głównej nie należy do aktywnego szablonu.',
    });
    expect(await choicesOf(site)).toEqual(before);
  });

  it('answers 404 where the template has no colours, counters or home pages (klient2, minimal)', async () => {
    const as2 = (method: 'GET' | 'PUT', path: string, body?: unknown) => call(method, `${base(otherSite)}${path}`, body, 'klient2');
    expect((await as2('PUT', '/template/current/color', { template_color: 'granat' })).statusCode).toBe(404);
    for (const path of ['/module/appearance_settings/counter', '/module/appearance_settings/homepage']) {
      expect((await as2('GET', path)).statusCode).toBe(404);
      const put = await as2('PUT', path, { prefix: 'licznik_odwiedzin' });
      expect(put.statusCode).toBe(404);
      expect(put.json().detail).toBe('Nie znaleziono zasobu.');
    }
  });
});

describe('activating a template', () => {
  it("activates a template and resets the choices to the new template's first ones", async () => {
    const minimal = await call('PUT', `${base(site)}/template`, { template_id: templates.minimal });
    expect(minimal.statusCode).toBe(200);
    expect(minimal.json()).toMatchObject({ prefix: 'minimal', is_active: true, template_color: null, template_counter: null, template_homepage: null });
    expect((await call('GET', `${base(site)}/module/appearance_settings/counter`)).statusCode).toBe(404);

    const aurora = await call('PUT', `${base(site)}/template`, { template_id: String(templates.aurora) });
    expect(aurora.json()).toMatchObject({ prefix: 'aurora', template_color: 'granat', template_counter: 'licznik_odwiedzin', template_homepage: 'strona_glowna' });
    const listed = (await call('GET', `${base(site)}/template`)).json().data;
    expect(listed.filter((template: { is_active: boolean }) => template.is_active).map((template: { id: number }) => template.id)).toEqual([templates.aurora]);
  });

  it('refuses an unknown template, or none, in Polish, and changes nothing', async () => {
    const before = await choicesOf(site);
    for (const template_id of [999999, -1, 'aurora', 1.5]) {
      const answer = await call('PUT', `${base(site)}/template`, { template_id });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({ detail: 'Proszę poprawnie wypełnić formularz.', errors: { template_id: 'Wybrany szablon nie istnieje lub nie jest dostępny dla tej usługi.' } });
    }
    expect((await call('PUT', `${base(site)}/template`, {})).json().errors).toEqual({ template_id: 'Szablon jest wymagany.' });
    expect(await choicesOf(site)).toEqual(before);
  });
});

describe('the templates root allows a service (admin/uprawnienia)', () => {
  const allowed = `/template/allowed`;
  afterAll(async () => {
    await call('PUT', `${base(site)}${allowed}`, { all: true }, 'admin');
    await call('PUT', `${base(site)}/template`, { template_id: templates.aurora });
  });

  it('allows every template by default', async () => {
    const answer = await call('GET', `${base(site)}${allowed}`, undefined, 'admin');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      all: true,
      data: [
        { id: templates.aurora, name: 'Aurora (pełny)', allowed: true },
        { id: templates.minimal, name: 'Minimal (prosty)', allowed: true },
      ],
    });
    expect((await call('GET', `${base(site)}/template`)).json().data.every((template: { is_allowed: boolean }) => template.is_allowed)).toBe(true);
  });

  it('is root only', async () => {
    expect((await call('GET', `${base(site)}${allowed}`)).statusCode).toBe(403);
    const put = await call('PUT', `${base(site)}${allowed}`, { all: false, template_ids: [templates.aurora] });
    expect(put.statusCode).toBe(403);
    expect(put.json().detail).toBe('Brak dostępu.');
    expect((await call('GET', `${base(site)}${allowed}`, undefined, 'admin')).json().all).toBe(true);
  });

  it('refuses no choice, no template or an unknown one in Polish, and changes nothing', async () => {
    const refusals: [unknown, Record<string, string>][] = [
      [{}, { all: 'Wybierz, czy usługa może korzystać ze wszystkich szablonów.' }],
      [{ all: false, template_ids: [] }, { template_ids: 'Zaznacz co najmniej jeden szablon.' }],
      [{ all: false, template_ids: [999999] }, { template_ids: 'Wybrane szablony nie istnieją w katalogu.' }],
      [{ all: false, template_ids: 'aurora' }, { template_ids: 'Wybrane szablony nie istnieją w katalogu.' }],
    ];
    for (const [body, errors] of refusals) {
      const answer = await call('PUT', `${base(site)}${allowed}`, body, 'admin');
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({ detail: 'Proszę poprawnie wypełnić formularz.', errors });
    }
    expect((await call('GET', `${base(site)}${allowed}`, undefined, 'admin')).json().all).toBe(true);
  });

  it('shows the service only the allowed templates and refuses activating another in Polish', async () => {
    const saved = await call('PUT', `${base(site)}${allowed}`, { all: false, template_ids: [templates.aurora] }, 'admin');
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ all: false, detail: 'Dostępne szablony zostały zapisane.' });
    const listed = (await call('GET', `${base(site)}/template`)).json();
    expect(listed.pagination.total).toBe(1);
    expect(listed.data.map((template: { id: number }) => template.id)).toEqual([templates.aurora]);
    expect((await call('GET', `${base(site)}/template/${templates.minimal}`)).statusCode).toBe(404);
    const before = await choicesOf(site);
    const refused = await call('PUT', `${base(site)}/template`, { template_id: templates.minimal });
    expect(refused.statusCode).toBe(400);
    const message = 'Szablon Minimal (prosty) nie jest dostępny dla tej usługi. Wybierz jeden z szablonów katalogu.';
    expect(refused.json()).toEqual({ detail: message, errors: { template_id: message } });
    expect(await choicesOf(site)).toEqual(before);
    // Another service keeps every template.
    expect((await call('GET', `${base(otherSite)}/template`, undefined, 'klient2')).json().pagination.total).toBe(2);
  });

  it('keeps a disallowed active template working, marked, until the service activates another', async () => {
    await call('PUT', `${base(site)}${allowed}`, { all: false, template_ids: [templates.minimal] }, 'admin');
    const current = await call('GET', `${base(site)}/template/current`);
    expect(current.json()).toMatchObject({ prefix: 'aurora', is_active: true, is_allowed: false, template_color: expect.any(String) });
    expect((await call('GET', `${base(site)}/module/appearance_settings/counter`)).statusCode).toBe(200);
    const listed = (await call('GET', `${base(site)}/template`)).json().data;
    expect(listed.map((template: { prefix: string; is_active: boolean; is_allowed: boolean }) => [template.prefix, template.is_active, template.is_allowed])).toEqual([
      ['aurora', true, false],
      ['minimal', false, true],
    ]);
    expect((await call('GET', `${base(site)}/template/${templates.aurora}`)).json()).toMatchObject({ is_active: true, is_allowed: false });

    expect((await call('PUT', `${base(site)}/template`, { template_id: templates.minimal })).statusCode).toBe(200);
    expect((await call('GET', `${base(site)}/template`)).json().data.map((template: { prefix: string }) => template.prefix)).toEqual(['minimal']);
    expect((await call('PUT', `${base(site)}/template`, { template_id: templates.aurora })).statusCode).toBe(400);
  });
});

describe('access', () => {
  it("refuses another client's service on every call, and changes nothing", async () => {
    const before = await choicesOf(site);
    const calls: [('GET' | 'PUT'), string, unknown?][] = [
      ['GET', '/template'],
      ['GET', '/template/current'],
      ['GET', `/template/${templates.aurora}`],
      ['PUT', '/template', { template_id: templates.minimal }],
      ['PUT', '/template/current/color', { template_color: 'zielen' }],
      ['GET', '/module/appearance_settings/counter'],
      ['PUT', '/module/appearance_settings/counter', { prefix: 'licznik_odwiedzin' }],
      ['GET', '/module/appearance_settings/homepage'],
      ['PUT', '/module/appearance_settings/homepage', { prefix: 'strona_glowna' }],
    ];
    for (const [method, path, body] of calls) {
      const answer = await call(method, `${base(site)}${path}`, body, 'klient2');
      expect(answer.statusCode, `${method} ${path}`).toBe(403);
      expect(answer.json().detail).toBe('Brak dostępu.');
    }
    expect(await choicesOf(site)).toEqual(before);
  });

  it('refuses a service without the appearance module and calls without a session', async () => {
    expect((await call('GET', `${base(newsletter)}/template`)).statusCode).toBe(403);
    expect((await test.call({ method: 'GET', url: `${base(site)}/template` })).statusCode).toBe(401);
  });
});

const settingsOf = (service: number, path: string) => `${base(service)}/module/appearance_settings/${path}`;
const png = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#1e5aa8' } }).png().toBuffer();

describe('the settings pages', () => {
  it("keeps the demo's settings of klient's site", async () => {
    expect((await call('GET', settingsOf(site, 'page'))).json()).toMatchObject({ site_name: 'Gmina Kowalskie', motto: 'Razem dla naszej gminy', logo_uri: expect.stringMatching(/^\/api\/uploads\//) });
    expect((await call('GET', `${settingsOf(site, 'banners')}?per_page=100`)).json().data).toEqual([expect.objectContaining({ name: 'Dni otwarte urzędu', zone: 'naglowek' })]);
    expect((await call('GET', `${settingsOf(site, 'icons')}?per_page=100`)).json().pagination.total).toBe(3);
    expect((await call('GET', `${settingsOf(site, 'header_photos')}?per_page=100`)).json().pagination.total).toBe(2);
  });

  it('offers the page data fields the template shows, and keeps the others as stored', async () => {
    const offered = (await call('OPTIONS', settingsOf(site, 'page'))).json().fields;
    expect(Object.values(offered).every((field) => (field as { offered: boolean }).offered)).toBe(true);
    const minimal = (await call('OPTIONS', settingsOf(otherSite, 'page'), undefined, 'klient2')).json().fields;
    expect(minimal).toEqual({ site_name: { offered: true }, motto: { offered: false }, title: { offered: true }, footer_text: { offered: false }, esp_link: { offered: false } });

    const saved = await call('PUT', settingsOf(otherSite, 'page'), { site_name: 'Serwis klienta 2', title: 'Strona główna' }, 'klient2');
    expect(saved.statusCode, saved.body).toBe(200);
    const refused = await call('PUT', settingsOf(otherSite, 'page'), { site_name: 'Serwis klienta 2', motto: 'Motto', footer_text: 'Stopka' }, 'klient2');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      detail: 'Proszę poprawnie wypełnić formularz.',
      errors: { motto: 'Szablon strony nie przewiduje pola Motto.', footer_text: 'Szablon strony nie przewiduje pola Tekst stopki.' },
    });
    expect((await call('GET', settingsOf(otherSite, 'page'), undefined, 'klient2')).json()).toMatchObject({ site_name: 'Serwis klienta 2', title: 'Strona główna' });

    // klient's motto stays while the site uses a template without one, and comes back with aurora.
    await call('PUT', `${base(site)}/template`, { template_id: templates.minimal });
    const kept = await call('PUT', settingsOf(site, 'page'), { site_name: 'Gmina Kowalskie', motto: 'Razem dla naszej gminy' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().motto).toBe('Razem dla naszej gminy');
    await call('PUT', `${base(site)}/template`, { template_id: templates.aurora });
  });

  it('refuses a logo where the template has none, and a graphic that is not a picture, storing nothing', async () => {
    const before = await storedOf(test, otherSite, 'appearance_graphics');
    const upload = (url: string, field: string, file: { name: string; type: string; data: Buffer }, as: string) =>
      test.call({ method: 'PUT', url, token: tokens[as], ...multipart({}, file, field) });
    const text = { name: 'tlo.png', type: 'image/png', data: Buffer.from('to nie jest obraz, tylko tekst') };
    const notPicture = await upload(settingsOf(otherSite, 'graphics'), 'background', text, 'klient2');
    expect(notPicture.statusCode).toBe(415);
    expect(notPicture.json().detail).toBe('Nieobsługiwany typ pliku.');
    expect(await storedOf(test, otherSite, 'appearance_graphics')).toEqual(before);

    const picture = await upload(settingsOf(otherSite, 'graphics'), 'background', { name: 'tlo.png', type: 'image/png', data: await png(64, 64) }, 'klient2');
    expect(picture.statusCode, picture.body).toBe(200);
    expect(picture.json().background_uri).toMatch(/^\/api\/uploads\//);
  });

  it('lists the banner zones with their sizes, and refuses a banner outside them', async () => {
    expect((await call('GET', settingsOf(site, 'banners/zones'))).json()).toEqual({ data: [{ id: 'naglowek', name: 'Nagłówek strony', size: '1200 × 300 px', banners: 1 }], pagination: { total: 1 } });
    const before = await storedOf(test, site, 'appearance_banners');
    const outside = await call('POST', settingsOf(site, 'banners'), { name: 'Poza strefą', zone: 'stopka', alt: 'Baner', active: true });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().errors).toEqual({ zone: 'Wybrana strefa nie należy do aktywnego szablonu.' });
    expect(await storedOf(test, site, 'appearance_banners')).toEqual(before);
    const added = await call('POST', settingsOf(site, 'banners'), { name: 'Nowy banner', zone: 'naglowek', alt: 'Nowy banner', active: true });
    expect(added.statusCode, added.body).toBe(201);
  });

  it("refuses a banner picture not of its zone's size, naming both sizes and storing nothing; takes one of that size", async () => {
    const banners = settingsOf(site, 'banners');
    const upload = (method: 'POST' | 'PUT', url: string, payload: unknown, width: number, height: number) =>
      png(width, height).then((data) => test.call({ method, url, token: tokens.klient, ...multipart(payload, { name: 'banner.png', type: 'image/png', data }, 'picture') }));
    const body = { name: 'Banner w nagłówku', zone: 'naglowek', alt: 'Banner w nagłówku', active: true };
    const before = await storedOf(test, site, 'appearance_banners');
    const wrong = await upload('POST', banners, body, 600, 300);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      detail: 'Proszę poprawnie wypełnić formularz.',
      errors: { picture: 'Obraz bannera musi mieć wymiary strefy Nagłówek strony: 1200 × 300 px (przesłany ma 600 × 300 px).' },
    });
    expect(await storedOf(test, site, 'appearance_banners')).toEqual(before);

    const fitting = await upload('POST', banners, body, 1200, 300);
    expect(fitting.statusCode, fitting.body).toBe(201);
    const { id, picture_uri: pictureUri } = fitting.json();
    const replaced = await upload('PUT', `${banners}/${id}`, body, 1200, 299);
    expect(replaced.statusCode).toBe(400);
    expect(replaced.json().errors.picture).toMatch(/1200 × 300 px \(przesłany ma 1200 × 299 px\)/);
    expect((await call('GET', `${banners}/${id}`)).json().picture_uri).toBe(pictureUri);

    // A stored picture moved to a zone of another size is refused too; a zone without a size takes any.
    const zones = [
      { prefix: 'naglowek', name: 'Nagłówek strony', width: 1200, height: 300 },
      { prefix: 'stopka', name: 'Stopka', width: 600, height: 100 },
      { prefix: 'boczna', name: 'Kolumna boczna' },
    ];
    const setZones = (list: unknown[]) =>
      test.ctx.db.query("UPDATE appearance_templates SET settings = jsonb_set(settings, '{banners}', $2::jsonb) WHERE id = $1", [templates.aurora, JSON.stringify(list)]);
    await setZones(zones);
    try {
      const moved = await call('PUT', `${banners}/${id}`, { ...body, zone: 'stopka' });
      expect(moved.statusCode).toBe(400);
      expect(moved.json().errors).toEqual({ picture: 'Obraz bannera musi mieć wymiary strefy Stopka: 600 × 100 px (przesłany ma 1200 × 300 px).' });
      expect((await call('GET', `${banners}/${id}`)).json().zone).toBe('naglowek');
      const anySize = await call('PUT', `${banners}/${id}`, { ...body, zone: 'boczna' });
      expect(anySize.statusCode, anySize.body).toBe(200);
    } finally {
      await setZones(zones.slice(0, 1));
    }
    expect((await call('DELETE', `${banners}/${id}`)).statusCode).toBe(204);
  });

  it('asks header photos for their alternative text', async () => {
    const missing = await test.call({ method: 'POST', url: settingsOf(site, 'header_photos'), token: tokens.klient, ...multipart({}, { name: 'foto.png', type: 'image/png', data: await png(120, 40) }) });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ alt: 'Tekst alternatywny jest wymagany.' });
  });

  it("answers the template page's form, with the fields the template has", async () => {
    expect((await call('OPTIONS', `${base(site)}/module/appearance_settings`)).json().fields).toEqual({
      template_color: { offered: true },
      template_counter: { offered: true },
      template_homepage: { offered: true },
    });
  });

  it("answers 404 for every flag page where the template lacks the feature (klient2's site)", async () => {
    for (const path of ['banners', 'banners/zones', 'icons', 'header_photos']) {
      for (const method of ['GET', 'OPTIONS'] as const) {
        const answer = await call(method, settingsOf(otherSite, path), undefined, 'klient2');
        expect(answer.statusCode, `${method} ${path}`).toBe(404);
      }
      expect((await call('GET', settingsOf(site, path))).statusCode, path).toBe(200);
    }
    expect((await call('POST', settingsOf(otherSite, 'icons'), { name: 'Ikona', link: 'https://example.org' }, 'klient2')).statusCode).toBe(404);
    expect((await call('OPTIONS', `${base(otherSite)}/module/appearance_settings`, undefined, 'klient2')).statusCode).toBe(404);
  });

  it("refuses another client's settings", async () => {
    for (const path of ['page', 'graphics', 'banners', 'banners/zones', 'icons', 'header_photos']) {
      expect((await call('GET', settingsOf(site, path), undefined, 'klient2')).statusCode, path).toBe(403);
    }
    expect((await call('PUT', settingsOf(site, 'page'), { site_name: 'Przejęty' }, 'klient2')).statusCode).toBe(403);
    expect((await call('GET', settingsOf(site, 'page'))).json().site_name).toBe('Gmina Kowalskie');
  });
});
