import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app';
import { type Method, signedIn } from './support/signed-in';
import { until } from './support/until';
import { serviceOf } from './schema-fixtures';

/**
 * Imports between services (SPEC 2 konfiguracja/importy, 3 Import, 4, 5, 7 Imports, 8): the 13
 * calls, their messages, the page flags, and the job copying klient's BIP announcements into its
 * site (the demo import) and refusing klient2's service on either side.
 */
let test: TestApp;
const session = signedIn(() => test);
let site: number;
let bip: number;
let newsletter: number;
let foreign: number;

beforeAll(async () => {
  test = await createTestApp({ jobsEnabled: true, jobsPollingInterval: 0.5 });
  await session.signIn('klient', 'klient2', 'admin');
  site = await serviceOf(test, 'klient', 1);
  bip = await serviceOf(test, 'klient', 2);
  newsletter = await serviceOf(test, 'klient', 9);
  foreign = await serviceOf(test, 'klient2', 1);
});
afterAll(() => test?.close());

const call = (method: Method, url: string, payload?: unknown, as?: string) => session.call(method, `/api${url}`, payload, as);
const imports = (serviceId: number) => `/client_service/${serviceId}/module/imports`;
const categories = (serviceId: number) => `/client_service/${serviceId}/module/news_categories`;
const news = (serviceId: number) => `/client_service/${serviceId}/module/news`;

async function category(serviceId: number, name: string): Promise<number> {
  const created = await call('POST', categories(serviceId), { name });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().id;
}

async function titles(serviceId: number, categoryId: number): Promise<string[]> {
  const list = await call('GET', `${news(serviceId)}?category_id=${categoryId}&per_page=100&sort=title&order=ASC`);
  expect(list.statusCode, list.body).toBe(200);
  return list.json().data.map((item: { title: string }) => item.title);
}

/** Waits for the copy job to bring a category to the expected titles. */
async function eventually(serviceId: number, categoryId: number, expected: string[]): Promise<void> {
  let seen: string[] = [];
  const reached = async () => {
    seen = await titles(serviceId, categoryId);
    return JSON.stringify(seen) === JSON.stringify(expected) || undefined;
  };
  await until(reached, 20_000, 200).catch(() => undefined);
  expect(seen).toEqual(expected);
}

async function demoCategory(serviceId: number, name: string): Promise<number> {
  const list = (await call('GET', `${categories(serviceId)}?per_page=100`)).json();
  return list.data.find((row: { name: string }) => row.name === name).id;
}

/** A valid import into `target` from `source`, with fresh categories on both sides. */
async function importBody(source = bip, target = site, extra: Record<string, unknown> = {}) {
  return {
    import_type_id: 1,
    content_type_id: 1,
    export_client_service_id: source,
    export_category_id: await category(source, `Źródło ${Math.random().toString(36).slice(2, 8)}`),
    category_id: await category(target, `Cel ${Math.random().toString(36).slice(2, 8)}`),
    published: true,
    start_date: null,
    end_date: null,
    ...extra,
  };
}

describe('OPTIONS and the form choices', () => {
  it('answers the page flags: imports and exports on, sources off by default; the BIP has its sources page on', async () => {
    const options = await call('OPTIONS', imports(site));
    expect(options.statusCode).toBe(200);
    expect(options.json()).toMatchObject({ imports: true, exports: true, sources: false });
    expect(options.json().schema.properties.category_id).toBeDefined();
    expect((await call('OPTIONS', imports(bip))).json()).toMatchObject({ imports: true, exports: true, sources: true });
    expect((await call('OPTIONS', imports(site), undefined, 'klient2')).statusCode).toBe(403);
    // The newsletter has no imports module.
    expect((await call('OPTIONS', imports(newsletter))).statusCode).toBe(403);
  });

  it('lists the import types and content types in Polish', async () => {
    expect((await call('GET', `${imports(site)}/types`)).json()).toEqual({
      data: [
        { id: 1, name: 'Ciągły (kopie stale aktualne)' },
        { id: 2, name: 'Przy zapisie (kopie przy zapisie lub włączeniu)' },
      ],
    });
    expect((await call('GET', `${imports(site)}/content_types`)).json()).toEqual({ data: [{ id: 1, name: 'Wiadomości' }] });
    expect((await call('GET', `${imports(site)}/content_types/7/categories`)).statusCode).toBe(404);
  });

  it("offers as sources only the user's own services that let this one import", async () => {
    expect((await call('GET', `${imports(site)}/content_types/1/services`)).json().data).toEqual([{ id: bip, name: 'BIP firmy Kowalski' }]);
    expect((await call('GET', `${imports(bip)}/content_types/1/services`)).json().data).toEqual([{ id: site, name: 'Strona firmy Kowalski' }]);
    expect((await call('GET', `${imports(foreign)}/content_types/1/services`, undefined, 'klient2')).json().data).toEqual([]);
  });

  it("lists this service's categories, or a source's, refusing klient2's service as a foreign one", async () => {
    const own = (await call('GET', `${imports(site)}/content_types/1/categories`)).json().data;
    expect(own).toContainEqual({ id: await demoCategory(site, 'Ogłoszenia z BIP'), name: 'Ogłoszenia z BIP' });
    const source = (await call('GET', `${imports(site)}/content_types/1/categories?content_client_service_id=${bip}`)).json().data;
    expect(source.map((row: { name: string }) => row.name)).toEqual(expect.arrayContaining(['Ogłoszenia', 'Z serwisu firmy']));
    const refused = await call('GET', `${imports(site)}/content_types/1/categories?content_client_service_id=${foreign}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe('Brak dostępu.');
    expect((await call('GET', `${imports(foreign)}/content_types/1/categories?content_client_service_id=${bip}`, undefined, 'klient2')).statusCode).toBe(403);
  });
});

describe('adding, editing, switching and removing an import', () => {
  it("asks for the data type first, then for the source and categories (SPEC 5)", async () => {
    const empty = await call('POST', imports(site), {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({
      detail: 'Proszę poprawnie wypełnić formularz.',
      errors: {
        import_type_id: 'Typ importu jest wymagany.',
        content_type_id: 'Typ danych importu jest wymagany.',
        export_client_service_id: 'Najpierw wybierz typ danych importu.',
        export_category_id: 'Najpierw wybierz typ danych importu.',
        category_id: 'Najpierw wybierz typ danych importu.',
      },
    });
    const typed = await call('POST', imports(site), { import_type_id: 1, content_type_id: 1, published: true });
    expect(typed.json().errors).toEqual({
      export_client_service_id: 'Źródło importu jest wymagane.',
      export_category_id: 'Kategoria źródłowa jest wymagana.',
      category_id: 'Kategoria jest wymagana.',
    });
  });

  it('adds an import with the categories named by the server, reads, lists by type, edits with nullable dates and a required category', async () => {
    const body = await importBody(bip, site, { import_type_id: 2, start_date: '2026-01-01' });
    const created = await call('POST', imports(site), { ...body, category_name: 'podrobiona', export_category_name: 'podrobiona' });
    expect(created.statusCode, created.body).toBe(201);
    const record = created.json();
    expect(record).toMatchObject({ ...body, category_name: expect.stringMatching(/^Cel /), export_category_name: expect.stringMatching(/^Źródło /) });
    expect((await call('GET', `${imports(site)}/${record.id}`)).json()).toMatchObject(record);
    const ofType = (await call('GET', `${imports(site)}?import_type=2`)).json();
    expect(ofType.data.map((row: { id: number }) => row.id)).toEqual([record.id]);
    expect((await call('GET', `${imports(site)}?import_type=1`)).json().data.some((row: { id: number }) => row.id === record.id)).toBe(false);

    const noCategory = await call('PUT', `${imports(site)}/${record.id}`, { ...body, category_id: null });
    expect(noCategory.statusCode).toBe(400);
    expect(noCategory.json().errors).toEqual({ category_id: 'Kategoria jest wymagana.' });
    const otherCategory = await category(site, 'Inna kategoria');
    const edited = await call('PUT', `${imports(site)}/${record.id}`, { ...body, category_id: otherCategory, start_date: null, end_date: null });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ category_id: otherCategory, category_name: 'Inna kategoria', start_date: null, end_date: null });
    const foreignCategory = await call('PUT', `${imports(site)}/${record.id}`, { ...body, category_id: await demoCategory(bip, 'Ogłoszenia') });
    expect(foreignCategory.statusCode).toBe(400);
    expect(foreignCategory.json().errors).toEqual({ category_id: 'Wybrany element nie istnieje.' });

    const off = await call('PUT', `${imports(site)}/${record.id}/publish`, { published: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ published: false, category_id: otherCategory });
    expect((await call('PUT', `${imports(site)}/${record.id}/publish`, { published: true })).json().published).toBe(true);
    expect((await call('PUT', `${imports(site)}/${record.id}/publish`, {})).statusCode).toBe(400);

    expect((await call('DELETE', `${imports(site)}/${record.id}`)).statusCode).toBe(204);
    expect((await call('GET', `${imports(site)}/${record.id}`)).statusCode).toBe(404);
  });

  it("refuses klient2's service as a source or a target, as a foreign service", async () => {
    const asSource = await call('POST', imports(site), { ...(await importBody(bip, site)), export_client_service_id: foreign });
    expect(asSource.statusCode).toBe(403);
    expect(asSource.json().detail).toBe('Brak dostępu.');
    const asTarget = await call('POST', imports(foreign), await importBody(bip, site), 'klient2');
    expect(asTarget.statusCode).toBe(403);
    const intoKlient = await call('POST', imports(site), await importBody(bip, site), 'klient2');
    expect(intoKlient.statusCode).toBe(403);
    const stranger = await call('GET', imports(site), undefined, 'klient2');
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().detail).toBe('Brak dostępu.');
    expect((await call('GET', imports(987_654), undefined, 'klient2')).json()).toEqual(stranger.json());
  });
});

describe('the copy job', () => {
  it("has copied the BIP's published announcements into the site (the demo import), marked with their source", async () => {
    const target = await demoCategory(site, 'Ogłoszenia z BIP');
    await eventually(site, target, ['Otwarcie nowego salonu', 'Przetarg na dostawę materiałów biurowych', 'Zmiana godzin pracy biura']);
    const copies = (await call('GET', `${news(site)}?category_id=${target}&imported=true&per_page=100`)).json().data;
    expect(copies).toHaveLength(2);
    for (const copy of copies) {
      expect(copy).toMatchObject({ category_id: target, imported: true, imported_client_service_id: bip, imported_client_service_name: 'BIP firmy Kowalski', published: true });
      const source = (await call('GET', `${news(bip)}/${copy.imported_news_id}`)).json();
      expect(copy).toMatchObject({ title: source.title, content: source.content, date: source.date });
    }
  });

  it('keeps the copies in step: new, changed and unpublished source items, the toggle, and removal', async () => {
    const body = await importBody(bip, site);
    const source = body.export_category_id;
    const target = body.category_id;
    const first = (await call('POST', news(bip), { category_id: source, title: 'Pierwsza wiadomość', content: '<p>Treść</p>', published: true })).json();
    await call('POST', news(bip), { category_id: source, title: 'Szkic', published: false });
    const created = (await call('POST', imports(site), body)).json();
    await eventually(site, target, ['Pierwsza wiadomość']);

    const second = await call('POST', news(bip), { category_id: source, title: 'Druga wiadomość', published: true });
    expect(second.statusCode).toBe(201);
    await eventually(site, target, ['Druga wiadomość', 'Pierwsza wiadomość']);
    await call('PUT', `${news(bip)}/${first.id}`, { category_id: source, title: 'Pierwsza, poprawiona', content: '<p>Nowa treść</p>', published: true });
    await eventually(site, target, ['Druga wiadomość', 'Pierwsza, poprawiona']);
    await call('PUT', `${news(bip)}/${second.json().id}`, { category_id: source, title: 'Druga wiadomość', published: false });
    await eventually(site, target, ['Pierwsza, poprawiona']);

    await call('PUT', `${imports(site)}/${created.id}/publish`, { published: false });
    await eventually(site, target, []);
    await call('PUT', `${imports(site)}/${created.id}/publish`, { published: true });
    await eventually(site, target, ['Pierwsza, poprawiona']);
    // Dates in the past end it.
    await call('PUT', `${imports(site)}/${created.id}`, { ...body, end_date: '2020-01-01' });
    await eventually(site, target, []);
    await call('PUT', `${imports(site)}/${created.id}`, body);
    await eventually(site, target, ['Pierwsza, poprawiona']);

    expect((await call('DELETE', `${imports(site)}/${created.id}`)).statusCode).toBe(204);
    await eventually(site, target, []);
    const left = await test.ctx.db.query('SELECT 1 FROM import_copies WHERE import_id = $1', [created.id]);
    expect(left.rows).toHaveLength(0);
  });
});

describe('sources, exports and the page flags', () => {
  it('lets a source list who may import from it; an import it no longer allows is refused and its copies go', async () => {
    const sources = await call('GET', `${imports(bip)}/client_sources`);
    expect(sources.json()).toEqual({ sources: [site], services: [{ id: site, name: 'Strona firmy Kowalski' }] });
    const body = await importBody(bip, site);
    await call('POST', news(bip), { category_id: body.export_category_id, title: 'Ogłoszenie dla strony', published: true });
    const created = (await call('POST', imports(site), body)).json();
    await eventually(site, body.category_id, ['Ogłoszenie dla strony']);

    const emptied = await call('PUT', `${imports(bip)}/client_sources`, { sources: [] });
    expect(emptied.statusCode).toBe(200);
    expect(emptied.json()).toEqual({ sources: [], detail: 'Źródła zostały zaktualizowane.' });
    await eventually(site, body.category_id, []);
    const refused = await call('POST', imports(site), await importBody(bip, site));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe('Ta usługa nie pozwala importować z niej treści do tej usługi.');
    // An import the source no longer allows may still be switched off (not on).
    expect((await call('PUT', `${imports(site)}/${created.id}/publish`, { published: false })).statusCode).toBe(200);
    expect((await call('PUT', `${imports(site)}/${created.id}/publish`, { published: true })).statusCode).toBe(403);
    expect((await call('PUT', `${imports(site)}/${created.id}/publish`, { published: true })).json().detail).toBe('Ta usługa nie pozwala importować z niej treści do tej usługi.');
    expect((await call('GET', `${imports(site)}/content_types/1/services`)).json().data).toEqual([]);
    expect((await call('GET', `${imports(site)}/content_types/1/categories?content_client_service_id=${bip}`)).statusCode).toBe(403);

    expect((await call('PUT', `${imports(bip)}/client_sources`, { sources: [site] })).json().sources).toEqual([site]);
    expect((await call('PUT', `${imports(site)}/${created.id}/publish`, { published: true })).statusCode).toBe(200);
    await eventually(site, body.category_id, ['Ogłoszenie dla strony']);
    await call('DELETE', `${imports(site)}/${created.id}`);
  });

  it("refuses a foreign service or a malformed list in the sources, and the sources where the page is off", async () => {
    const foreignSource = await call('PUT', `${imports(bip)}/client_sources`, { sources: [site, foreign] });
    expect(foreignSource.statusCode).toBe(403);
    expect((await call('GET', `${imports(bip)}/client_sources`)).json().sources).toEqual([site]);
    for (const sources of [undefined, 'x', [0], [bip]]) {
      const bad = await call('PUT', `${imports(bip)}/client_sources`, { sources });
      expect(bad.statusCode, JSON.stringify(sources)).toBe(400);
      expect(bad.json().errors).toEqual({ sources: 'Wybierz usługi z listy.' });
    }
    expect((await call('GET', `${imports(site)}/client_sources`)).statusCode).toBe(404);
    expect((await call('PUT', `${imports(site)}/client_sources`, { sources: [] })).statusCode).toBe(404);
    expect((await call('GET', `${imports(bip)}/client_sources`, undefined, 'klient2')).statusCode).toBe(403);
  });

  it('lists the exports: the imports other services take from this one', async () => {
    const fromBip = (await call('GET', `${imports(bip)}/exports`)).json();
    expect(fromBip.pagination.total).toBe(1);
    expect(fromBip.data[0]).toMatchObject({
      client_service_id: site,
      client_service_name: 'Strona firmy Kowalski',
      category_name: 'Ogłoszenia z BIP',
      export_category_name: 'Ogłoszenia',
      published: true,
    });
    const fromSite = (await call('GET', `${imports(site)}/exports`)).json();
    expect(fromSite.data).toEqual([expect.objectContaining({ client_service_id: bip, export_category_name: 'Ogłoszenia z BIP', published: false })]);
    expect((await call('GET', `${imports(bip)}/exports`, undefined, 'klient2')).statusCode).toBe(403);
  });

  it('answers the flags the provider (root) sets; exports off hides the exports and stops others importing', async () => {
    expect((await call('PUT', `${imports(site)}/settings`, { imports: false })).statusCode).toBe(403);
    const bad = await call('PUT', `${imports(site)}/settings`, { sources: 'tak' }, 'admin');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ sources: 'Podaj tak albo nie.' });
    const set = await call('PUT', `${imports(site)}/settings`, { imports: false, exports: false, sources: true }, 'admin');
    expect(set.json()).toEqual({ imports: false, exports: false, sources: true });
    expect((await call('PUT', `${imports(site)}/settings`, { sources: true }, 'admin')).json()).toEqual({ imports: false, exports: false, sources: true });
    expect((await call('OPTIONS', imports(site))).json()).toMatchObject({ imports: false, exports: false, sources: true });
    expect((await call('GET', `${imports(site)}/exports`)).statusCode).toBe(404);
    expect((await call('GET', `${imports(site)}/client_sources`)).statusCode).toBe(200);
    expect((await call('POST', imports(site), await importBody(bip, site))).statusCode).toBe(404);
    expect((await call('GET', `${imports(bip)}/content_types/1/services`)).json().data).toEqual([]);
    // The site's import of the BIP's announcements stops while its imports are off.
    const aktualnosci = await demoCategory(site, 'Ogłoszenia z BIP');
    await eventually(site, aktualnosci, ['Otwarcie nowego salonu']);
    await call('PUT', `${imports(site)}/settings`, { imports: true, exports: true, sources: false }, 'admin');
    expect((await call('OPTIONS', imports(site))).json()).toMatchObject({ imports: true, exports: true, sources: false });
    await eventually(site, aktualnosci, ['Otwarcie nowego salonu', 'Przetarg na dostawę materiałów biurowych', 'Zmiana godzin pracy biura']);
  });
});
