import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceOf } from './schema-fixtures';
import { createTestApp, type TestApp } from './support/app';
import { parseMail } from './support/mime';
import { readOutboxDir } from './support/outbox';
import { signedIn } from './support/signed-in';

let test: TestApp;
const { signIn, call } = signedIn(() => test);
let newsletter: number;

beforeAll(async () => {
  test = await createTestApp();
  await signIn('klient', 'klient2');
  newsletter = await serviceOf(test, 'klient', 9);
  // Test sends go through the service's sender method, as its mailings do.
  expect((await call('POST', `/api/client_service/${newsletter}/module/senders/configs`, { config_type_id: 1, from: 'biuro', from_name: 'Biuro Kowalski' })).statusCode).toBe(200);
});
afterAll(() => test?.close());

const base = () => `/api/client_service/${newsletter}/module/templates`;
const HTML = '<table><tr><td>Hello newsletter</td></tr></table>';

async function createTemplate(name: string, html = HTML): Promise<number> {
  const created = await call('POST', base(), { name, html });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().id as number;
}

/** The raw .eml files in DATA_DIR/outbox addressed to `to`. */
async function mailsTo(to: string): Promise<string[]> {
  const mails = await readOutboxDir(path.join(test.config.dataDir, 'outbox'));
  return mails.filter((mail) => mail.to === to).map((mail) => mail.raw);
}

describe('newsletter templates', () => {
  it('adds, changes and deletes a template with the Polish messages, keeping e-mail HTML as given', async () => {
    const empty = await call('POST', base(), { html: HTML });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ detail: 'Proszę poprawnie wypełnić formularz.', errors: { name: 'Nazwa szablonu newslettera jest wymagana.' } });

    // Inline styles and tables are e-mail markup: the rich-text sanitiser must not touch them.
    const emailHtml = '<table style="width:600px" bgcolor="#ffffff"><tr><td align="center"><font color="red">Promocja</font></td></tr></table>';
    const id = await createTemplate('Powitanie', emailHtml);
    expect((await call('GET', `${base()}/${id}`)).json()).toMatchObject({ id, name: 'Powitanie', html: emailHtml });

    const changed = await call('PUT', `${base()}/${id}`, { name: 'Powitanie zimowe', html: HTML, layout_id: null });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ name: 'Powitanie zimowe', html: HTML, layout_id: null });

    expect((await call('DELETE', `${base()}/${id}`)).statusCode).toBe(204);
    expect((await call('GET', `${base()}/${id}`)).statusCode).toBe(404);
  });

  it('copies a template under a new name, the name being required', async () => {
    const id = await createTemplate('Oryginał');
    const nameless = await call('POST', `${base()}/${id}/copy`, {});
    expect(nameless.statusCode).toBe(400);
    expect(nameless.json().errors).toEqual({ name: 'Nazwa szablonu newslettera jest wymagana.' });

    const copied = await call('POST', `${base()}/${id}/copy`, { name: 'Kopia' });
    expect(copied.statusCode).toBe(201);
    expect(copied.json()).toMatchObject({ name: 'Kopia', html: HTML });
    expect(copied.json().id).not.toBe(id);
    const names = (await call('GET', `${base()}?search=o`)).json().data.map((row: { name: string }) => row.name);
    expect(names).toEqual(expect.arrayContaining(['Oryginał', 'Kopia']));
    expect((await call('POST', `${base()}/999999/copy`, { name: 'X' })).statusCode).toBe(404);
  });

  it("e-mails the template, sanitised, through the service's sender to the signed-in user or another user of the service only", async () => {
    const html = `${HTML}<script>alert(1)</script><form action="https://phish.example.net"><input name="haslo"></form><iframe src="https://phish.example.net"></iframe>`;
    const id = await createTemplate('Grudniowy newsletter', html);
    const invalid = await call('PUT', `${base()}/${id}/send_to_email`, { email: 'nie-adres' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({ detail: 'Proszę poprawnie wypełnić formularz.', errors: { email: 'Podaj poprawny adres e-mail.' } });
    expect((await call('PUT', `${base()}/${id}/send_to_email`, {})).statusCode).toBe(400);

    const notAllowed = 'Szablon można wysłać tylko na Twój adres e-mail albo na adres innego użytkownika tej usługi.';
    for (const email of ['odbiorca@example.com', 'klient2@example.com']) {
      const refused = await call('PUT', `${base()}/${id}/send_to_email`, { email });
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toEqual({ detail: notAllowed, errors: { email: notAllowed } });
      expect(await mailsTo(email)).toHaveLength(0);
    }

    const sent = await call('PUT', `${base()}/${id}/send_to_email`, { email: 'KLIENT@example.com' });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ detail: 'Wysłano szablon.' });
    const mail = await parseMail((await mailsTo('klient@example.com'))[0]);
    expect(mail.text('Subject')).toBe('Grudniowy newsletter');
    expect(mail.from).toEqual([{ name: 'Biuro Kowalski', address: 'biuro@newsletter.kowalski.example.com' }]);
    const sentHtml = mail.parts.find((part) => part.type === 'text/html')!.content;
    expect(sentHtml).toContain('<td>Hello newsletter</td>');
    for (const removed of ['<script', 'alert(1)', '<form', '<input', '<iframe']) expect(sentHtml).not.toContain(removed);

    // Another user of the service (here klient2, made one) may get it too.
    await test.ctx.db.query("INSERT INTO client_service_users (client_service_id, user_id, is_admin) SELECT $1, id, FALSE FROM users WHERE username = 'klient2'", [newsletter]);
    try {
      expect((await call('PUT', `${base()}/${id}/send_to_email`, { email: 'klient2@example.com' })).statusCode).toBe(200);
      expect(await mailsTo('klient2@example.com')).toHaveLength(1);
    } finally {
      await test.ctx.db.query("DELETE FROM client_service_users WHERE client_service_id = $1 AND user_id = (SELECT id FROM users WHERE username = 'klient2')", [newsletter]);
    }
  });

  it('throttles sends per service with 429 and a Polish detail', async () => {
    const id = await createTemplate('Wiele razy');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt++) statuses.push((await call('PUT', `${base()}/${id}/send_to_email`, { email: 'klient@example.com' })).statusCode);
    // Two sends went out in the test before: five in the window, the next refused.
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    const refused = await call('PUT', `${base()}/${id}/send_to_email`, { email: 'klient@example.com' });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.json().detail).toMatch(/^Zbyt wiele wysłanych szablonów\. Spróbuj ponownie za \d+ min\.$/);
    expect((await readOutboxDir(path.join(test.config.dataDir, 'outbox'))).filter((mail) => mail.subject === 'Wiele razy')).toHaveLength(3);
  });

  it('gives a short-lived link that downloads the template as an .html attachment', async () => {
    const id = await createTemplate('Zimowa promocja');
    const answer = await call('GET', `${base()}/${id}/download`);
    expect(answer.statusCode).toBe(200);
    const { url } = answer.json() as { url: string };
    expect(url).toMatch(new RegExp(`^/api/client_service/${newsletter}/module/templates/${id}/download/file\\?token=`));

    const file = await test.call({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(file.headers['content-disposition']).toBe('attachment; filename="Zimowa-promocja.html"');
    expect(file.body).toBe(HTML);

    // The token names this template of this service only, and cannot be forged.
    const other = await createTemplate('Inny');
    expect((await test.call({ method: 'GET', url: url.replace(`/templates/${id}/`, `/templates/${other}/`) })).statusCode).toBe(404);
    const forged = await test.call({ method: 'GET', url: `${url.slice(0, -3)}abc` });
    expect(forged.statusCode).toBe(404);
    expect(forged.json()).toEqual({ detail: 'Link do pobrania szablonu jest nieprawidłowy lub wygasł.' });
    // Read exactly as given, and for this purpose only: not with anything appended, not as a signed file.
    const token = new URLSearchParams(url.slice(url.indexOf('?'))).get('token')!;
    expect((await test.call({ method: 'GET', url: `${url}.junk` })).statusCode).toBe(404);
    expect((await test.call({ method: 'GET', url: url.replace(`/templates/${id}/`, `/templates/0${id}/`) })).statusCode).toBe(404);
    expect((await test.call({ method: 'GET', url: `/api/files/signed/${token}` })).statusCode).toBe(404);
  });

  it("refuses another client every call on the templates, copying included", async () => {
    const id = await createTemplate('Tylko klienta');
    const refusals = [
      await call('GET', base(), undefined, 'klient2'),
      await call('GET', `${base()}/${id}`, undefined, 'klient2'),
      await call('POST', `${base()}/${id}/copy`, { name: 'Cudza kopia' }, 'klient2'),
      await call('PUT', `${base()}/${id}/send_to_email`, { email: 'obcy@example.com' }, 'klient2'),
      await call('GET', `${base()}/${id}/download`, undefined, 'klient2'),
    ];
    for (const refused of refusals) {
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ detail: 'Brak dostępu.' });
    }
    const names = (await call('GET', base())).json().data.map((row: { name: string }) => row.name);
    expect(names).not.toContain('Cudza kopia');
    expect(await mailsTo('obcy@example.com')).toHaveLength(0);
  });
});
