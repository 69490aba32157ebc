import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceOf } from './schema-fixtures';
import { createTestApp, type TestApp } from './support/app';
import { signedIn } from './support/signed-in';

let test: TestApp;
const { signIn, call } = signedIn(() => test);
let newsletter: number;
let site: number;

beforeAll(async () => {
  test = await createTestApp();
  await signIn('klient');
  newsletter = await serviceOf(test, 'klient', 9);
  site = await serviceOf(test, 'klient', 1);
});
afterAll(() => test?.close());

// U+202E (right-to-left override) makes 'faktura\u202Efdp.exe' show as 'fakturaexe.pdf'; the others reorder text alike.
const CONTROLS = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069', '\u200E', '\u200F'];
const refusal = (title: string) => `Pole ${title} zawiera niedozwolone znaki sterujące kierunkiem tekstu.`;

describe('names with bidirectional controls are refused in every schema module, as the disk refuses them', () => {
  it.each(CONTROLS.map((control) => [`U+${control.codePointAt(0)!.toString(16).toUpperCase()}`, control]))('%s in a tag name', async (_name, control) => {
    const response = await call('POST', `/api/client_service/${newsletter}/module/tags`, { name: `faktura${control}fdp.exe` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'Proszę poprawnie wypełnić formularz.', errors: { name: refusal('Nazwa tagu') } });
  });

  it('in a recipient, its address and its tags, created or updated', async () => {
    const path = `/api/client_service/${newsletter}/module/recipients`;
    const created = await call('POST', path, { name: 'Jan \u202Eikswolwok', email: 'jan\u2066@example.com', tags: ['ok', 'a\u202Eb'] });
    expect(created.statusCode).toBe(400);
    expect(created.json().errors).toEqual({ name: refusal('Nazwa odbiorcy'), email: refusal('Adres e-mail'), 'tags.1': refusal('Nazwa tagu') });
    const recipient = await call('POST', path, { name: 'Jan Kowalski', email: 'jan.kierunek@example.com' });
    expect(recipient.statusCode, recipient.body).toBe(201);
    const updated = await call('PUT', `${path}/${recipient.json().id}`, { name: 'Jan \u200FKowalski', email: 'jan.kierunek@example.com' });
    expect(updated.json().errors).toEqual({ name: refusal('Nazwa odbiorcy') });
  });

  it("in a template's copy (a module's own call) and a news title, while rich text and a text area keep them", async () => {
    const template = await call('POST', `/api/client_service/${newsletter}/module/templates`, { name: 'Szablon', html: '<p>A</p>' });
    const copy = await call('POST', `/api/client_service/${newsletter}/module/templates/${template.json().id}/copy`, { name: 'Kopia\u202E' });
    expect(copy.statusCode).toBe(400);
    expect(Object.values(copy.json().errors)).toEqual([refusal('Nazwa szablonu')]);

    const category = await call('POST', `/api/client_service/${site}/module/news_categories`, { name: 'Kierunki' });
    expect(category.statusCode, category.body).toBe(201);
    const news = (values: Record<string, unknown>) => call('POST', `/api/client_service/${site}/module/news`, { category_id: category.json().id, ...values });
    expect((await news({ title: 'Tytuł\u2067' })).json().errors).toEqual({ title: expect.stringContaining('zawiera niedozwolone znaki sterujące kierunkiem tekstu.') });
    const arabic = 'مرحبا \u2067Kraków\u2069';
    const kept = await news({ title: 'Wiadomość po arabsku', lead: arabic, content: `<p dir="rtl">${arabic}</p>` });
    expect(kept.statusCode, kept.body).toBe(201);
    expect(kept.json()).toMatchObject({ lead: arabic });
    expect(kept.json().content).toContain(arabic);
  });
});

describe('single-line texts are one line: a line break is refused on save, since headers are built from them', () => {
  const oneLine = (title: string) => `Pole ${title} musi być jednym wierszem, bez znaków nowej linii.`;

  it.each([['CR LF', 'Promocja\r\nBcc: x@y.z'], ['LF', 'Promocja\nBcc: x@y.z'], ['CR', 'Promocja\rBcc'], ['U+2028', 'Promocja\u2028Bcc']])(
    "%s in a mailing's subject, created or updated, stores nothing",
    async (_name, subject) => {
      const path = `/api/client_service/${newsletter}/module/mailings`;
      const templates = (await call('GET', `/api/client_service/${newsletter}/module/templates?per_page=1`)).json().data;
      const created = await call('POST', path, { subject, template_id: templates[0].id, audience: 'all', start_mode: 'now', tracking: true });
      expect(created.statusCode).toBe(400);
      expect(created.json().errors).toEqual({ subject: oneLine('Temat') });
      const kept = await call('POST', path, { subject: 'Promocja listopadowa', template_id: templates[0].id, audience: 'all', start_mode: 'now', tracking: true });
      expect(kept.statusCode, kept.body).toBe(201);
      const updated = await call('PUT', `${path}/${kept.json().id}`, { ...(kept.json() as object), subject });
      expect(updated.json().errors).toEqual({ subject: oneLine('Temat') });
      expect((await call('GET', `${path}/${kept.json().id}`)).json().subject).toBe('Promocja listopadowa');
    },
  );

  it('a text area keeps its line breaks', async () => {
    const category = await call('POST', `/api/client_service/${site}/module/news_categories`, { name: 'Wiersze' });
    const lead = 'Pierwszy wiersz\nDrugi wiersz';
    const news = await call('POST', `/api/client_service/${site}/module/news`, { category_id: category.json().id, title: 'Dwa wiersze', lead });
    expect(news.statusCode, news.body).toBe(201);
    expect(news.json().lead).toBe(lead);
  });
});
