import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoSites, multipart } from './schema-fixtures';
import { createTestApp, type TestApp } from './support/app';
import { signedIn } from './support/signed-in';

/**
 * The home-page builder (SPEC 7 "Main pages", SPEC 5 "Main-page section", SPEC 4 and 8): the
 * pages made from the template, their sections and items, pictures, ordering; every call behind
 * the module permission and the service; bad input refused in Polish with nothing changed; the
 * public page at /strona/{domain}/ with its content escaped.
 */
let test: TestApp;
const { tokens, signIn, call } = signedIn(() => test);
let site: number;
let otherSite: number;

const base = (service: number) => `/api/client_service/${service}/module/main_pages`;
const upload = (service: number) => `/api/client_service/${service}/upload/main_pages`;
const png = () => sharp({ create: { width: 40, height: 40, channels: 3, background: '#2e7d32' } }).png().toBuffer();
const picture = async () => ({ name: 'ikona.png', type: 'image/png', data: await png() });

type Section = { id: number; name: string; status: string; icon_uri: string | null; background_uri: string | null; view_prefix: number; data_mode: string; data_category: number | null };

async function json<T = Record<string, unknown>>(method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'OPTIONS', url: string, payload?: unknown, as = 'klient', status = 200): Promise<T> {
  const answer = await call(method, url, payload, as);
  expect(answer.statusCode, answer.body).toBe(status);
  return answer.body ? answer.json() : (undefined as T);
}

const addSection = (name: string, section_prefix = 'aktualnosci', container_prefix = 'glowny') =>
  json<Section>('POST', `${base(site)}/strona_glowna`, { section_prefix, name, container_prefix }, 'klient', 201);
const sectionIds = async (service = site) => (await json<{ data: Section[] }>('GET', `${base(service)}/strona_glowna/sections`)).data.map((row) => row.id);
const sectionRows = async () => (await test.ctx.db.query('SELECT * FROM main_page_sections ORDER BY id')).rows;
const used = async (service: number) => Number((await test.ctx.db.query<{ used: string }>('SELECT site_size_used AS used FROM client_services WHERE id = $1', [service])).rows[0].used);
const newest = async (service: number, resource: string) =>
  Number((await test.ctx.db.query<{ id: number }>('SELECT id FROM module_records WHERE client_service_id = $1 AND resource = $2 ORDER BY id DESC LIMIT 1', [service, resource])).rows[0].id);
/** A record of klient2's site, which its demo leaves without news. */
const foreignRecord = async (resource: string) =>
  Number((await test.ctx.db.query<{ id: number }>(`INSERT INTO module_records (resource, client_service_id, data) VALUES ($1, $2, '{"name": "Obca", "title": "Obca"}') RETURNING id`, [resource, otherSite])).rows[0].id);

beforeAll(async () => {
  test = await createTestApp();
  await signIn('klient', 'klient2', 'redaktor');
  ({ site, otherSite } = await demoSites(test));
});
afterAll(async () => {
  await test?.close();
});

describe('home pages', () => {
  it("lists the demo site's home page and says what its template offers", async () => {
    const pages = await json<{ data: { prefix: string; name: string; sections: number }[] }>('GET', base(site));
    expect(pages.data).toEqual([{ prefix: 'strona_glowna', name: 'Strona główna', sections: 7 }]);
    const offer = await json<{ pages: { prefix: string; sections: { section_prefix: string; components: { component_name: string }[]; views: unknown[] }[]; containers: { container_prefix: string; name: string }[] }[] }>(
      'OPTIONS',
      base(site),
    );
    expect(offer.pages[0].prefix).toBe('strona_glowna');
    expect(offer.pages[0].sections.map((kind) => kind.section_prefix)).toEqual(['aktualnosci', 'galerie', 'filmy', 'banery', 'formularze', 'wyroznione']);
    expect(offer.pages[0].sections[5].components.map((component) => component.component_name)).toContain('forms');
    expect(offer.pages[0].containers).toEqual([
      { container_prefix: 'glowny', name: 'Kolumna główna' },
      { container_prefix: 'boczny', name: 'Kolumna boczna' },
    ]);
    const page = await json('GET', `${base(site)}/strona_glowna`);
    expect(page).toMatchObject({ prefix: 'strona_glowna', name: 'Strona główna', domain: 'www.kowalski.example.com', home: true });
  });

  it('answers 404 before the pages are made, makes them once from the template (SPEC 4), then lists them', async () => {
    expect((await call('GET', base(otherSite), undefined, 'klient2')).statusCode).toBe(404);
    const made = await json<{ data: unknown[] }>('POST', base(otherSite), {}, 'klient2');
    expect(made.data).toEqual([{ prefix: 'strona_glowna', name: 'Strona główna', sections: 0 }]);
    expect((await json<{ data: unknown[] }>('POST', base(otherSite), {}, 'klient2')).data).toEqual(made.data);
    expect((await json<{ data: unknown[] }>('GET', base(otherSite), undefined, 'klient2')).data).toEqual(made.data);
    expect((await call('GET', `${base(otherSite)}/nie_ma_takiej`, undefined, 'klient2')).statusCode).toBe(404);
  });

  it("checks the service and the module permission on every call", async () => {
    const [first] = await sectionIds();
    for (const url of [base(site), `${base(site)}/strona_glowna`, `${base(site)}/strona_glowna/sections/${first}`, `${base(site)}/items/news`, `${base(site)}/sections`]) {
      expect((await call('GET', url, undefined, 'klient2')).statusCode, url).toBe(403);
      // The editor's role gives news, categories and files, not the home pages.
      expect((await call('GET', url, undefined, 'redaktor')).statusCode, url).toBe(403);
    }
    // klient2 naming klient's section under their own service: no such section.
    expect((await call('GET', `${base(otherSite)}/strona_glowna/sections/${first}`, undefined, 'klient2')).statusCode).toBe(404);
    expect((await call('DELETE', `${base(otherSite)}/strona_glowna/sections/${first}`, undefined, 'klient2')).statusCode).toBe(404);
    expect((await test.call({ method: 'GET', url: base(site) })).statusCode).toBe(401);
  });
});

describe('sections', () => {
  it('adds a section at the end, renames it, switches it off and on, reorders and deletes it', async () => {
    const before = await sectionIds();
    const added = await addSection('Ogłoszenia parafialne');
    expect(added).toMatchObject({ name: 'Ogłoszenia parafialne', section_prefix: 'aktualnosci', container_prefix: 'glowny', component_name: 'news', data_mode: 'latest', status: 'on', view_prefix: 1 });
    expect(await sectionIds()).toEqual([...before, added.id]);
    expect((await json<{ data: unknown[] }>('GET', `${base(site)}/strona_glowna/sections?size=2`)).data).toHaveLength(2);

    const renamed = await json<Section>('PUT', `${upload(site)}/strona_glowna/sections/${added.id}`, { name: 'Ogłoszenia' });
    expect(renamed.name).toBe('Ogłoszenia');
    expect((await json<Section>('PUT', `${base(site)}/strona_glowna/sections/${added.id}/status`, { status: 'off' })).status).toBe('off');
    expect((await json<Section>('GET', `${base(site)}/strona_glowna/sections/${added.id}`)).status).toBe('off');
    expect((await json<Section>('PUT', `${base(site)}/strona_glowna/sections/${added.id}/status`, { status: 'on' })).status).toBe('on');

    const reversed = [...before, added.id].reverse();
    expect((await call('PUT', `${base(site)}/strona_glowna/sections/order`, { ids: reversed })).statusCode).toBe(204);
    expect(await sectionIds()).toEqual(reversed);
    const refused = await call('PUT', `${base(site)}/strona_glowna/sections/order`, { ids: reversed.slice(1) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toBe('Nie można ustawić tej kolejności: lista zmieniła się w międzyczasie. Odśwież stronę.');
    await call('PUT', `${base(site)}/strona_glowna/sections/order`, { ids: [...before, added.id] });

    expect((await call('DELETE', `${base(site)}/strona_glowna/sections/${added.id}`)).statusCode).toBe(204);
    expect(await sectionIds()).toEqual(before);
    expect((await call('GET', `${base(site)}/strona_glowna/sections/${added.id}`)).statusCode).toBe(404);
  });

  it('refuses bad names and kinds in Polish, changing nothing (SPEC 5)', async () => {
    const rows = await sectionRows();
    const [first] = await sectionIds();
    for (const name of ['Ab', 'x'.repeat(65)]) {
      const added = await call('POST', `${base(site)}/strona_glowna`, { section_prefix: 'aktualnosci', name, container_prefix: 'glowny' });
      expect(added.statusCode).toBe(400);
      expect(added.json().detail).toBe('Proszę poprawnie wypełnić formularz.');
      expect(added.json().errors.name).toMatch(name.length === 2 ? /^Nazwa sekcji powinna zawierać co najmniej 3 znaki/ : /^Nazwa sekcji powinna zawierać maksymalnie 64 znaki/);
      const renamed = await call('PUT', `${upload(site)}/strona_glowna/sections/${first}`, { name });
      expect(renamed.statusCode).toBe(400);
      expect(Object.keys(renamed.json().errors)).toEqual(['name']);
    }
    const missing = await call('POST', `${base(site)}/strona_glowna`, {});
    expect(missing.json().errors).toEqual({ section_prefix: 'Typ sekcji jest wymagany.', name: 'Nazwa sekcji jest wymagana.', container_prefix: 'Miejsce sekcji jest wymagane.' });
    const unknown = await call('POST', `${base(site)}/strona_glowna`, { section_prefix: 'kalendarz', name: 'Kalendarz', container_prefix: 'stopka' });
    expect(unknown.json().errors).toEqual({ section_prefix: 'Szablon nie przewiduje takiego typu sekcji.', container_prefix: 'Szablon nie przewiduje takiego miejsca sekcji.' });
    const status = await call('PUT', `${base(site)}/strona_glowna/sections/${first}/status`, { status: 'maybe' });
    expect(status.statusCode).toBe(400);
    expect((await call('GET', `${base(site)}/strona_glowna/sections/abc`)).statusCode).toBe(404);
    expect(await sectionRows()).toEqual(rows);
  });

  it("sets the data: latest or a category, the category required in category mode and only the service's own", async () => {
    const added = await addSection('Wydarzenia');
    const url = `${base(site)}/strona_glowna/sections/${added.id}/data`;
    expect(await json('GET', url)).toEqual({ component_name: 'news', data_mode: 'latest', data_category: null, components: ['news'] });
    const rows = await sectionRows();
    const missing = await call('PUT', url, { component_name: 'news', data_mode: 'category' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ data_category: 'Kategoria jest wymagana.' });
    const foreign = await call('PUT', url, { component_name: 'news', data_mode: 'category', data_category: await foreignRecord('news_categories') });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors).toEqual({ data_category: 'Wybrany element nie istnieje.' });
    const wrongComponent = await call('PUT', url, { component_name: 'forms', data_mode: 'latest' });
    expect(wrongComponent.json().errors).toEqual({ component_name: 'Ta sekcja nie może pokazywać elementów tego modułu.' });
    expect(await sectionRows()).toEqual(rows);

    const category = await newest(site, 'news_categories');
    expect(await json('PUT', url, { component_name: 'news', data_mode: 'category', data_category: category })).toMatchObject({ data_mode: 'category', data_category: category });
    expect(await json('PUT', url, { component_name: 'news', data_mode: 'latest', data_category: category })).toMatchObject({ data_mode: 'latest', data_category: null });
    await call('DELETE', `${base(site)}/strona_glowna/sections/${added.id}`);
  });

  it('keeps an icon and a background picture in the file store, replacing and deleting them, refusing what is no picture', async () => {
    const added = await addSection('Z obrazkami');
    const section = `${base(site)}/strona_glowna/sections/${added.id}`;
    const start = await used(site);
    const named = await test.call({ method: 'PUT', url: `${upload(site)}/strona_glowna/sections/${added.id}`, token: tokens.klient, ...multipart({ name: 'Z ikoną' }, await picture()) });
    expect(named.statusCode, named.body).toBe(200);
    const icon = named.json().icon_uri as string;
    expect(icon).toMatch(/^\/api\/uploads\/[0-9a-f]{32}\.png$/);
    expect((await test.call({ method: 'GET', url: icon })).headers['content-type']).toBe('image/png');
    const withIcon = await used(site);
    expect(withIcon).toBeGreaterThan(start);

    const rows = await sectionRows();
    const text = await test.call({ method: 'PUT', url: `${upload(site)}/strona_glowna/sections/${added.id}`, token: tokens.klient, ...multipart({ name: 'Inna' }, { name: 'ikona.png', type: 'image/png', data: Buffer.from('to nie jest obraz') }) });
    expect(text.statusCode).toBe(415);
    expect(text.json().detail).toBe('Plik musi być obrazem PNG, JPEG, GIF lub WebP.');
    expect(await sectionRows()).toEqual(rows);
    expect(await used(site)).toBe(withIcon);

    const view = await test.call({ method: 'PUT', url: `${upload(site)}/strona_glowna/sections/${added.id}/view`, token: tokens.klient, ...multipart({ view_prefix: 2, background_color: '#FFF8E1' }, await picture()) });
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json()).toMatchObject({ view_prefix: 2, background_color: '#FFF8E1', icon_uri: icon });
    expect(await json('GET', `${section}/view`)).toMatchObject({ view_prefix: 2, background_color: '#FFF8E1', background_uri: view.json().background_uri, views: [{ view_prefix: 1, name: 'Lista' }, { view_prefix: 2, name: 'Kafelki' }] });
    const badView = await call('PUT', `${upload(site)}/strona_glowna/sections/${added.id}/view`, { view_prefix: 7, background_color: 'red;}' });
    expect(badView.json().errors).toEqual({ background_color: 'Kolor tła musi mieć postać #RRGGBB, np. #1B3A6B.' });
    const badVariant = await call('PUT', `${upload(site)}/strona_glowna/sections/${added.id}/view`, { view_prefix: 7 });
    expect(badVariant.json().errors).toEqual({ view_prefix: 'Ta sekcja nie ma takiego widoku.' });

    const replaced = await test.call({ method: 'PUT', url: `${upload(site)}/strona_glowna/sections/${added.id}`, token: tokens.klient, ...multipart({ name: 'Z ikoną' }, await picture()) });
    expect(replaced.json().icon_uri).not.toBe(icon);
    expect((await test.call({ method: 'GET', url: icon })).statusCode).toBe(404);
    expect((await json<Section>('DELETE', `${section}/icon`)).icon_uri).toBeNull();
    expect((await json<Section>('DELETE', `${section}/background`)).background_uri).toBeNull();
    expect(await used(site)).toBe(start);
    await call('DELETE', section);
  });
});

describe("a section's items", () => {
  it('picks records of the modules by phrase, each once, orders and removes them; refuses another service\'s record', async () => {
    const added = await addSection('Wybrane');
    const items = `${base(site)}/strona_glowna/sections/${added.id}/items`;
    const picker = await json<{ data: { row_id: number; name: string }[]; pagination: { total: number } }>('GET', `${base(site)}/items/news?per_page=2`);
    expect(picker.data).toHaveLength(2);
    expect(picker.pagination.total).toBeGreaterThan(2);
    const phrase = picker.data[0].name.slice(0, 6);
    const found = await json<{ data: { row_id: number; name: string }[] }>('GET', `${base(site)}/items/news?phrase=${encodeURIComponent(phrase)}`);
    expect(found.data.every((item) => item.name.toLowerCase().includes(phrase.toLowerCase()))).toBe(true);
    expect(await json('GET', `${base(site)}/items/news/${picker.data[0].row_id}`)).toMatchObject({ row_id: picker.data[0].row_id, component_name: 'news' });

    const first = await json<{ id: number }>('POST', items, { component_name: 'news', row_id: picker.data[0].row_id }, 'klient', 201);
    const second = await json<{ id: number }>('POST', items, { component_name: 'news', row_id: picker.data[1].row_id }, 'klient', 201);
    const twice = await call('POST', items, { component_name: 'news', row_id: picker.data[0].row_id });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toBe('Ten element jest już w sekcji.');
    const without = await json<{ data: { row_id: number }[] }>('GET', `${base(site)}/items/news?excluded_section_id=${added.id}&per_page=100`);
    expect(without.data.map((item) => item.row_id)).not.toContain(picker.data[0].row_id);

    const held = await test.ctx.db.query('SELECT * FROM main_page_section_items ORDER BY id');
    const foreign = await call('POST', items, { component_name: 'news', row_id: await foreignRecord('news_items') });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors).toEqual({ row_id: 'Wybrany element nie istnieje.' });
    const missing = await call('POST', items, { component_name: 'news' });
    expect(missing.json().errors).toEqual({ row_id: 'Element jest wymagany.' });
    const wrongKind = await call('POST', items, { component_name: 'forms', row_id: await newest(site, 'forms') });
    expect(wrongKind.statusCode).toBe(400);
    expect((await test.ctx.db.query('SELECT * FROM main_page_section_items ORDER BY id')).rows).toEqual(held.rows);

    const listed = async () => (await json<{ data: { id: number }[]; pagination: { total: number } }>('GET', `${items}/news`)).data.map((item) => item.id);
    expect(await listed()).toEqual([first.id, second.id]);
    expect((await call('PUT', `${items}/order`, { ids: [second.id, first.id] })).statusCode).toBe(204);
    expect(await listed()).toEqual([second.id, first.id]);
    expect((await call('PUT', `${items}/order`, { ids: [second.id] })).statusCode).toBe(400);

    const sections = await json<{ data: { id: number }[] }>('GET', `${base(site)}/sections?module_prefix=news&excluded_row_id=${picker.data[0].row_id}`);
    expect(sections.data.map((row) => row.id)).not.toContain(added.id);
    const appointed = await json<{ data: { id: number }[] }>('GET', `${base(site)}/sections?has_appointed=true`);
    expect(appointed.data.map((row) => row.id)).toContain(added.id);
    expect((await call('GET', `${base(site)}/sections?has_appointed=maybe`)).statusCode).toBe(400);

    expect((await call('DELETE', `${items}/${first.id}`)).statusCode).toBe(204);
    expect(await listed()).toEqual([second.id]);
    expect((await call('DELETE', `${items}/${first.id}`)).statusCode).toBe(404);
    expect((await call('GET', `${base(site)}/items/nieznany`)).statusCode).toBe(404);
    await call('DELETE', `${base(site)}/strona_glowna/sections/${added.id}`);
  });
});

describe('the public page', () => {
  it('shows the sections switched on with their items at any domain of the service, escaped, under a strict CSP', async () => {
    const added = await addSection('<script>alert("x")</script> & co');
    const news = await newest(site, 'news_items');
    await json('POST', `${base(site)}/strona_glowna/sections/${added.id}/items`, { component_name: 'news', row_id: news }, 'klient', 201);
    const page = await test.call({ method: 'GET', url: '/strona/www.kowalski.example.com/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toMatch(/^default-src 'none'; img-src 'self'; style-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(page.body).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; co');
    // The one script is the visit counter's (the service has the statistics), from the panel itself.
    expect(page.body.match(/<script[^>]*>/g)).toEqual(['<script defer src="/api/stats/s.js" data-domain="www.kowalski.example.com">']);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'; connect-src 'self'");
    expect(page.body).toContain('<main>');
    expect(page.body).toContain('Najnowsze wiadomości');
    const title = (await test.ctx.db.query<{ title: string }>("SELECT data->>'title' AS title FROM module_records WHERE id = $1", [news])).rows[0].title;
    expect(page.body).toContain(title.replace(/&/g, '&amp;').replace(/"/g, '&quot;'));

    // The builder's preview draws the same page for the signed-in editor.
    const drawn = await call('GET', `${base(site)}/strona_glowna/preview`);
    expect(drawn.statusCode).toBe(200);
    expect(drawn.body).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; co');
    // The editor's own views are not counted.
    expect(drawn.body).not.toContain('<script');
    expect((await call('GET', `${base(site)}/strona_glowna/preview`, undefined, 'klient2')).statusCode).toBe(403);

    await json('PUT', `${base(site)}/strona_glowna/sections/${added.id}/status`, { status: 'off' });
    const alias = await test.call({ method: 'GET', url: '/strona/KOWALSKI.example.net/strona_glowna' });
    expect(alias.statusCode).toBe(200);
    expect(alias.body).not.toContain('alert');
    // A page the site has not is a page a browser shows, in Polish: in the site's frame (with its way home, not counted), or bare for an unknown domain.
    const unknownDomain = await test.call({ method: 'GET', url: '/strona/nieznana.example.com/' });
    expect(unknownDomain.statusCode).toBe(404);
    expect(unknownDomain.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(unknownDomain.body).toContain('<h2>Nie znaleziono strony</h2>');
    const unknownPage = await test.call({ method: 'GET', url: '/strona/www.kowalski.example.com/nie_ma' });
    expect(unknownPage.statusCode).toBe(404);
    expect(unknownPage.body).toContain('<p>Strona o tym adresie nie istnieje albo została usunięta. Sprawdź adres.</p>');
    expect(unknownPage.body).toContain('<a href="/strona/www.kowalski.example.com/">Przejdź do strony głównej</a>');
    expect(unknownPage.body).toContain('<a href="/strona/www.kowalski.example.com/polityka-prywatnosci">Polityka prywatności</a>');
    expect(unknownPage.body).not.toContain('<script');
    await call('DELETE', `${base(site)}/strona_glowna/sections/${added.id}`);
  });

  it('links from its footer to the site’s privacy policy, drawn sanitised in the site’s frame at any of its domains', async () => {
    const home = await test.call({ method: 'GET', url: '/strona/KOWALSKI.example.net/' });
    expect(home.body).toContain('<footer><p>');
    expect(home.body).toContain('<a href="/strona/KOWALSKI.example.net/polityka-prywatnosci">Polityka prywatności</a>');
    // The builder's preview has no links out of it.
    expect((await call('GET', `${base(site)}/strona_glowna/preview`)).body).not.toContain('polityka-prywatnosci');

    const policy = `/api/client_service/${site}/module/settings/privacy_policy`;
    const before = (await call('GET', policy)).json();
    await json('PUT', policy, { content: '<h3>Dane</h3><p>Administrator: gmina.</p><img src="x" onerror="alert(1)"><script>alert(2)</script>' });
    try {
      const page = await test.call({ method: 'GET', url: '/strona/www.kowalski.example.com/polityka-prywatnosci' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-security-policy']).toMatch(/^default-src 'none'; img-src 'self'; style-src 'sha256-/);
      expect(page.body).toContain('<h2>Polityka prywatności</h2><h3>Dane</h3><p>Administrator: gmina.</p><img src="x">');
      expect(page.body).not.toContain('alert');
      expect(page.body.match(/<script[^>]*>/g)).toEqual(['<script defer src="/api/stats/s.js" data-domain="www.kowalski.example.com">']);
    } finally {
      await json('PUT', policy, { content: before.content });
    }
    // A service without a policy, an unknown domain: 404.
    expect((await test.call({ method: 'GET', url: '/strona/nieznana.example.com/polityka-prywatnosci' })).statusCode).toBe(404);
  });
});
