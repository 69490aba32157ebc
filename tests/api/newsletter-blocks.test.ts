import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG, multipart, serviceOf } from './schema-fixtures';
import { createTestApp, type TestApp } from './support/app';
import { type Method, signedIn } from './support/signed-in';
import { until } from './support/until';

let test: TestApp;
const { tokens, signIn, call } = signedIn(() => test);
let newsletter: number;

beforeAll(async () => {
  test = await createTestApp();
  await signIn('klient', 'klient2');
  newsletter = await serviceOf(test, 'klient', 9);
});
afterAll(() => test?.close());

const templates = () => `/api/client_service/${newsletter}/module/templates`;
const blocksOf = (template: number) => `${templates()}/${template}/blocks`;
const layouts = () => `/api/client_service/${newsletter}/module/layouts`;
const pictures = () => `${layouts()}/pictures`;

async function created(url: string, body: unknown): Promise<number> {
  const answer = await call('POST', url, body);
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().id as number;
}
const htmlOf = async (template: number) => (await call('GET', `${templates()}/${template}`)).json().html as string | undefined;
const LAYOUT = { name: 'Firmowy', background_color: '#102030', content_color: '#fefefe', text_color: '#333333', accent_color: '#aa0000', font_family: 'serif' };

describe('template blocks', () => {
  it('adds, changes, orders and removes blocks, the template html rendered from them each time', async () => {
    const template = await created(templates(), { name: 'Bloki' });
    expect(await htmlOf(template)).toBeUndefined();

    const heading = await created(blocksOf(template), { type: 'heading', text: 'Witaj <w> newsletterze', level: 1, align: 'center' });
    const text = await created(blocksOf(template), { type: 'text', content: '<p>Akapit <strong>ważny</strong></p>', align: 'left' });
    const button = await created(blocksOf(template), { type: 'button', text: 'Kup teraz', url: 'https://sklep.example.com/?a=1&b=2', align: 'center' });
    await created(blocksOf(template), { type: 'divider', align: 'left' });
    await created(blocksOf(template), { type: 'columns', content: '<p>Lewa</p>', content_right: '<p>Prawa</p>', align: 'left' });
    await created(blocksOf(template), { type: 'footer', content: '<p>Stopka firmy</p>', align: 'center' });

    const list = (await call('GET', blocksOf(template))).json();
    expect(list.pagination.total).toBe(6);
    expect(list.data.map((block: { type: string }) => block.type)).toEqual(['heading', 'text', 'button', 'divider', 'columns', 'footer']);

    let html = (await htmlOf(template))!;
    // MJML's document: responsive columns (a media query), styles inlined, user text escaped.
    expect(html).toMatch(/^<!doctype html>/i);
    expect(html).toContain('@media only screen and (min-width:480px)');
    expect(html).toContain('mj-column-per-50');
    expect(html).toContain('Witaj &#60;w&#62; newsletterze');
    expect(html).toContain('<strong>ważny</strong>');
    expect(html).toContain('href="https://sklep.example.com/?a=1&#38;b=2"');
    expect(html).toContain('Stopka firmy');
    expect(html).toMatch(/<td[^>]*style="[^"]*"/);
    expect(html.indexOf('Witaj')).toBeLessThan(html.indexOf('Akapit'));

    // A block of another template is no block of this one: not ordered, changed nor read here.
    const other = await created(templates(), { name: 'Inny' });
    const stranger = await created(blocksOf(other), { type: 'divider' });
    expect((await call('PUT', `${blocksOf(template)}/order`, { ids: [text, stranger] })).statusCode).toBe(400);
    expect((await call('PUT', `${blocksOf(template)}/${stranger}`, { type: 'divider' })).statusCode).toBe(404);
    expect((await call('GET', `${blocksOf(template)}/${stranger}`)).statusCode).toBe(404);

    // The order the user gives is the order of the document.
    expect((await call('PUT', `${blocksOf(template)}/order`, { ids: [text, heading] })).statusCode).toBe(204);
    html = (await htmlOf(template))!;
    expect(html.indexOf('Akapit')).toBeLessThan(html.indexOf('Witaj'));

    const changed = await call('PUT', `${blocksOf(template)}/${button}`, { type: 'button', text: 'Zobacz ofertę', url: 'https://sklep.example.com/', align: 'center' });
    expect(changed.statusCode).toBe(200);
    html = (await htmlOf(template))!;
    expect(html).toContain('Zobacz ofertę');
    expect(html).not.toContain('Kup teraz');

    // Removing the last block removes the html: the preview then says 'Brak bloków.'.
    for (const block of (await call('GET', blocksOf(template))).json().data) {
      expect((await call('DELETE', `${blocksOf(template)}/${block.id}`)).statusCode).toBe(204);
    }
    expect(await htmlOf(template)).toBeUndefined();
  });

  it('shows a public picture of the service’s disk in an image block, offering only those', async () => {
    const disk = `/api/client_service/${newsletter}/files`;
    const root = (await call('GET', `/api/client_service/${newsletter}/module/files`)).json();
    const upload = async (name: string) => {
      const body = multipart(undefined, { name, type: 'image/png', data: PNG });
      const answer = await test.call({ method: 'POST', url: `/api/client_service/${newsletter}/upload/files/${root.id}`, token: tokens.klient, payload: body.payload, headers: body.headers });
      expect(answer.statusCode, answer.body).toBe(201);
      return answer.json().id as number;
    };
    const shared = await upload('baner-bloku.png');
    const hidden = await upload('szkic-bloku.png');
    const published = await call('PUT', `${disk}/${shared}/publish`, { public: true, public_end_date: null });
    expect(published.statusCode, published.body).toBe(200);
    const sharedUrl: string = published.json().public_url;

    const template = await created(templates(), { name: 'Obraz z dysku' });
    const offered = (await call('GET', `${blocksOf(template)}/disk_images`)).json().data as { id: number; name: string; url: string }[];
    expect(offered).toContainEqual({ id: shared, name: 'baner-bloku.png', url: sharedUrl });
    expect(offered.map((image) => image.id)).not.toContain(hidden);

    await created(blocksOf(template), { type: 'image', align: 'center', alt: 'Baner', disk_file_id: shared });
    expect(await htmlOf(template)).toContain(`src="${sharedUrl}"`);
    // Webmail on another origin, and a sandboxed preview (an opaque origin), may load the picture; the API's answers stay same-origin.
    const picture = await test.app.inject({ method: 'GET', url: new URL(sharedUrl).pathname });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect((await call('GET', `${blocksOf(template)}/disk_images`)).headers['cross-origin-resource-policy']).toBe('same-origin');
    // A picture that is not public, or not this service's, is no choice.
    for (const id of [hidden, 999_999]) {
      const refused = await call('POST', blocksOf(template), { type: 'image', align: 'center', alt: 'Baner', disk_file_id: id });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual({ disk_file_id: 'Wybrany element nie istnieje.' });
    }
    const foreign = await call('GET', `${blocksOf(template)}/disk_images`, undefined, 'klient2');
    expect(foreign.statusCode).toBe(403);

    // While a block shows it, the picture stays public and on the disk; once the block shows another, it may go.
    const inUse = 'Ten obraz jest pokazywany w bloku szablonu newslettera. Najpierw wybierz w bloku inny obraz.';
    for (const [method, url, body] of [['PUT', `${disk}/${shared}/publish`, { public: false }], ['DELETE', `${disk}/${shared}`, undefined]] as const) {
      const refused = await call(method, url, body);
      expect(refused.statusCode, url).toBe(409);
      expect(refused.json().detail).toBe(inUse);
    }
    const [block] = (await call('GET', blocksOf(template))).json().data as { id: number }[];
    expect((await call('PUT', `${blocksOf(template)}/${block.id}`, { type: 'text', align: 'left', content: '<p>Bez obrazu</p>' })).statusCode).toBe(200);
    expect((await call('PUT', `${disk}/${shared}/publish`, { public: false })).statusCode).toBe(200);
    expect((await call('DELETE', `${disk}/${shared}`)).statusCode).toBe(204);
  });

  it('checks each type its own fields, with Polish messages', async () => {
    const template = await created(templates(), { name: 'Walidacja' });
    const cases: [unknown, Record<string, string>][] = [
      [{ align: 'left' }, { type: 'Wybierz rodzaj bloku.' }],
      [{ type: 'heading', align: 'left', level: 2 }, { text: 'Tekst jest wymagany.' }],
      [{ type: 'button', align: 'left', text: 'Kup', url: 'javascript:alert(1)' }, { url: 'Podaj pełny adres zaczynający się od http:// lub https://.' }],
      [{ type: 'columns', align: 'left', content: '<p>a</p>' }, { content_right: 'Treść prawej kolumny jest wymagana.' }],
      [{ type: 'image', align: 'left', alt: 'Logo' }, { picture_id: 'Wybierz zdjęcie z układów lub obraz z dysku usługi albo prześlij obraz z komputera.' }],
      [{ type: 'image', align: 'left', alt: 'Logo', picture_id: 999_999 }, { picture_id: 'Wybrany element nie istnieje.' }],
    ];
    for (const [body, errors] of cases) {
      const answer = await call('POST', blocksOf(template), body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json()).toMatchObject({ detail: 'Proszę poprawnie wypełnić formularz.', errors });
    }
    expect((await call('GET', blocksOf(template))).json().pagination.total).toBe(0);
  });

  it('sanitises rich text: a script in a block is never stored nor rendered', async () => {
    const template = await created(templates(), { name: 'Skrypt' });
    const block = await created(blocksOf(template), {
      type: 'text',
      content: '<p onclick="alert(1)">Treść<script>alert("x")</script><img src="x" onerror="alert(2)"></p>',
      align: 'left',
    });
    const stored = (await call('GET', `${blocksOf(template)}/${block}`)).json();
    expect(stored.content).not.toMatch(/script|onclick|onerror/);
    const html = (await htmlOf(template))!;
    expect(html).toContain('Treść');
    expect(html).not.toMatch(/<script|onclick|onerror|alert/);
    // A heading is text: its markup shown, never run.
    await created(blocksOf(template), { type: 'heading', text: '<script>alert(1)</script>', level: 2, align: 'left' });
    expect(await htmlOf(template)).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
    expect(await htmlOf(template)).not.toContain('<script>');
  });

  it('renders images from an upload or from the layout pictures, at the panel address', async () => {
    const template = await created(templates(), { name: 'Obrazy' });
    const upload = multipart({ type: 'image', alt: 'Zdjęcie produktu', align: 'center' }, { name: 'a.png', type: 'image/png', data: PNG }, 'image');
    const uploaded = await test.call({ method: 'POST', url: blocksOf(template), token: tokens.klient, ...upload });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const imageUri = uploaded.json().image_uri as string;
    expect(await htmlOf(template)).toContain(`src="${test.config.publicUrl.replace(/\/+$/, '')}${imageUri}"`);
    expect(await htmlOf(template)).toContain('alt="Zdjęcie produktu"');

    const pictureUpload = multipart({ name: 'Logo' }, { name: 'logo.png', type: 'image/png', data: PNG }, 'picture');
    const picture = await test.call({ method: 'POST', url: pictures(), token: tokens.klient, ...pictureUpload });
    expect(picture.statusCode, picture.body).toBe(201);
    const pictureId = picture.json().id as number;
    await created(blocksOf(template), { type: 'image', alt: 'Logo', picture_id: pictureId, align: 'left' });
    expect(await htmlOf(template)).toContain(picture.json().picture_uri);
    expect((await test.app.inject({ method: 'GET', url: picture.json().picture_uri })).headers['cross-origin-resource-policy']).toBe('cross-origin');
    // A picture a template shows is not removed from under it.
    const removal = await call('DELETE', `${pictures()}/${pictureId}`);
    expect(removal.statusCode).toBe(409);
    expect(removal.json().detail).toBe('Zdjęcie jest używane w szablonie lub układzie.');
  });

  it('go with a copied template, in their order, its uploaded pictures as files of its own', async () => {
    const template = await created(templates(), { name: 'Oryginał' });
    await created(blocksOf(template), { type: 'heading', text: 'Pierwszy', level: 1, align: 'center' });
    const upload = multipart({ type: 'image', alt: 'Produkt', align: 'center' }, { name: 'a.png', type: 'image/png', data: PNG }, 'image');
    const image = await test.call({ method: 'POST', url: blocksOf(template), token: tokens.klient, ...upload });
    expect(image.statusCode, image.body).toBe(201);
    await created(blocksOf(template), { type: 'text', content: '<p>Ostatni</p>', align: 'left' });
    const used = async () => Number((await test.ctx.db.query<{ used: string }>('SELECT site_size_used AS used FROM client_services WHERE id = $1', [newsletter])).rows[0].used);
    const usedBefore = await used();

    const copied = await call('POST', `${templates()}/${template}/copy`, { name: 'Kopia' });
    expect(copied.statusCode, copied.body).toBe(201);
    const copy = copied.json().id as number;
    const blocks = (await call('GET', blocksOf(copy))).json().data as { type: string; image_uri?: string }[];
    expect(blocks.map((block) => block.type)).toEqual(['heading', 'image', 'text']);
    const copyImage = blocks[1].image_uri!;
    expect(copyImage).not.toBe(image.json().image_uri);
    expect(await used()).toBeGreaterThan(usedBefore);

    // Adding to the copy renders every block it took over, and the original may go without taking the copy's picture.
    await created(blocksOf(copy), { type: 'divider', align: 'left' });
    const html = (await htmlOf(copy))!;
    for (const text of ['Pierwszy', 'Ostatni', copyImage]) expect(html).toContain(text);
    expect((await call('DELETE', `${templates()}/${template}`)).statusCode).toBe(204);
    const picture = await test.call({ method: 'GET', url: copyImage, token: tokens.klient });
    expect(picture.statusCode).toBe(200);
  });
});

describe('layouts', () => {
  it('are referenced by templates, which are rendered again when their layout changes or goes', async () => {
    const layout = await created(layouts(), LAYOUT);
    const template = await created(templates(), { name: 'Z układem', layout_id: layout });
    await created(blocksOf(template), { type: 'heading', text: 'Tytuł', level: 2, align: 'left' });
    let html = (await htmlOf(template))!;
    expect(html).toContain('#102030');
    expect(html).toContain('Georgia');

    const changed = await call('PUT', `${layouts()}/${layout}`, { ...LAYOUT, background_color: '#abcdef', footer: '<p>Wypisz się w panelu</p>' });
    expect(changed.statusCode).toBe(200);
    html = (await htmlOf(template))!;
    expect(html).toContain('#abcdef');
    expect(html).not.toContain('#102030');
    expect(html).toContain('Wypisz się w panelu');

    // A template's save answers with the html of its new layout.
    const plain = await call('PUT', `${templates()}/${template}`, { name: 'Z układem', layout_id: null });
    expect(plain.statusCode).toBe(200);
    expect(plain.json().html).not.toContain('#abcdef');
    expect((await call('PUT', `${templates()}/${template}`, { name: 'Z układem', layout_id: layout })).json().html).toContain('#abcdef');

    expect((await call('DELETE', `${layouts()}/${layout}`)).statusCode).toBe(204);
    const after = (await call('GET', `${templates()}/${template}`)).json();
    expect(after.layout_id).toBeNull();
    expect(after.html).not.toContain('#abcdef');
  });

  it("refuses a layout that is not one of the service's, and checks colours", async () => {
    const unknown = await call('POST', templates(), { name: 'Bez układu', layout_id: 999_999 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ layout_id: 'Wybrany element nie istnieje.' });
    const badColour = await call('POST', layouts(), { ...LAYOUT, text_color: 'red' });
    expect(badColour.statusCode).toBe(400);
    expect(badColour.json().errors).toEqual({ text_color: 'Podaj kolor w zapisie #RRGGBB.' });
    const nameless = await call('POST', layouts(), { ...LAYOUT, name: '' });
    expect(nameless.json().errors).toEqual({ name: 'Nazwa układu jest wymagana.' });
  });
});

describe('isolation', () => {
  it("keeps klient2 away from klient's templates, blocks, layouts and pictures", async () => {
    const layout = await created(layouts(), LAYOUT);
    const template = await created(templates(), { name: 'Cudzy', layout_id: layout });
    const block = await created(blocksOf(template), { type: 'heading', text: 'Tajne', level: 2, align: 'left' });
    const attempts: [Method, string, unknown?][] = [
      ['GET', blocksOf(template)],
      ['POST', blocksOf(template), { type: 'heading', text: 'Obce', level: 2, align: 'left' }],
      ['PUT', `${blocksOf(template)}/${block}`, { type: 'heading', text: 'Obce', level: 2, align: 'left' }],
      ['PUT', `${blocksOf(template)}/order`, { ids: [block] }],
      ['DELETE', `${blocksOf(template)}/${block}`],
      ['GET', layouts()],
      ['PUT', `${layouts()}/${layout}`, LAYOUT],
      ['DELETE', `${layouts()}/${layout}`],
      ['GET', pictures()],
      ['GET', `${templates()}/${template}/download`],
    ];
    for (const [method, url, body] of attempts) expect((await call(method, url, body, 'klient2')).statusCode, `${method} ${url}`).toBe(403);
    expect(await htmlOf(template)).toContain('Tajne');

    // klient2's own newsletter-less sites have no such modules; a template of another service is no parent here.
    const foreignParent = await call('GET', `/api/client_service/${newsletter}/module/templates/999999/blocks`);
    expect(foreignParent.statusCode).toBe(403);
  });
});

describe('download', () => {
  it('gives a short-lived link to the rendered template as an .html file', async () => {
    const template = await created(templates(), { name: 'Do pobrania' });
    await created(blocksOf(template), { type: 'heading', text: 'Pobierz mnie', level: 2, align: 'left' });
    const link = await call('GET', `${templates()}/${template}/download`);
    expect(link.statusCode).toBe(200);
    const file = await test.call({ method: 'GET', url: link.json().url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toBe('attachment; filename="Do-pobrania.html"');
    expect(file.body).toContain('Pobierz mnie');
  });
});

describe('demo data', () => {
  it("gives klient's newsletter two layouts and templates made of blocks, rendered in their layouts", async () => {
    const demoLayouts = (await call('GET', `${layouts()}?sort=name&order=ASC`)).json().data as { id: number; name: string; accent_color: string }[];
    const firm = demoLayouts.find((layout) => layout.name === 'Firmowy')!;
    expect(demoLayouts.find((layout) => layout.name === 'Świąteczny')).toBeTruthy();
    const list = (await call('GET', `${templates()}?search=${encodeURIComponent('Powitanie nowych')}`)).json().data as { id: number; layout_id: number; html: string }[];
    expect(list).toHaveLength(1);
    const [welcome] = list;
    expect(welcome.layout_id).toBe(firm.id);
    const types = (await call('GET', blocksOf(welcome.id))).json().data.map((block: { type: string }) => block.type);
    expect(types).toEqual(['heading', 'text', 'button', 'divider', 'columns', 'footer']);
    expect(welcome.html).toContain('Witamy w naszym newsletterze!');
    expect(welcome.html).toContain(firm.accent_color);
  });
});

describe('the layouts module', () => {
  it('is given, by migration 085, to every service and user that has the templates module', async () => {
    const migration = await readFile(new URL('../../src/server/platform/db/migrations/085_newsletter_layouts_module.sql', import.meta.url), 'utf8');
    // A database from before the layouts: the module taken away, then the migration run again.
    await test.ctx.db.query("DELETE FROM client_service_modules WHERE client_service_id = $1 AND module = 'layouts'", [newsletter]);
    // The embedded database tells this process at once; a PostgreSQL server a moment after the commit.
    const answers = (status: number) => async () => ((await call('GET', layouts())).statusCode === status ? true : undefined);
    await until(answers(403), 5_000, 20);
    await test.ctx.db.exec(migration);
    await until(answers(200), 5_000, 20);
    // Run again, it changes nothing.
    await test.ctx.db.exec(migration);
    const { rows } = await test.ctx.db.query("SELECT count(*)::int AS n FROM client_service_modules WHERE client_service_id = $1 AND module = 'layouts'", [newsletter]);
    expect(rows).toEqual([{ n: 1 }]);
  });
});
