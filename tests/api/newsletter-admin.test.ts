import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MAX_ROWS } from '../../src/modules/newsletter/server/recipient-file';
import { createTestApp, type TestApp } from './support/app';
import { until } from './support/until';
import { zipOf } from './support/zip';
import { multipart, PNG, serviceOf } from './schema-fixtures';

let test: TestApp;
let admin: string;
let klient: string;
let klient2: string;
let newsletter: number;

beforeAll(async () => {
  test = await createTestApp({ jobsEnabled: true, jobsPollingInterval: 0.5 });
  admin = (await test.login('admin')).access_token;
  klient = (await test.login('klient')).access_token;
  klient2 = (await test.login('klient2')).access_token;
  newsletter = await serviceOf(test, 'klient', 9);
});
afterAll(async () => {
  await test?.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (token: string, method: Method, url: string, payload?: unknown) => test.call({ method, url: `/api/client_service/${newsletter}${url}`, token, payload });
const FORBIDDEN = 'Brak dostępu.';

/** Reads a CSV answer: BOM dropped, lines split, cells by semicolon (no quoted separators in these tests). */
const csvRows = (body: string) => body.replace(/^\uFEFF/, '').trim().split('\r\n').map((line) => line.split(';'));

async function upload(token: string, data: Buffer, name: string, payload: unknown = {}) {
  const form = multipart(payload, { name, type: 'text/csv', data });
  return test.call({ method: 'POST', url: `/api/client_service/${newsletter}/module/recipients/imports`, token, payload: form.payload, headers: form.headers });
}

async function finished(id: number, timeoutMs = 60_000) {
  return until(async () => {
    const record = (await call(admin, 'GET', `/module/recipients/imports/${id}`)).json();
    return record.status === 'completed' || record.status === 'failed' ? record : undefined;
  }, timeoutMs, 250);
}

async function recipientByEmail(email: string) {
  const { data } = (await call(klient, 'GET', `/module/recipients?search=${encodeURIComponent(email)}&per_page=100`)).json();
  return (data as { email: string }[]).find((r) => r.email.toLowerCase() === email.toLowerCase()) as Record<string, unknown> | undefined;
}

async function addTag(name: string) {
  const response = await call(klient, 'POST', '/module/tags', { name });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: number; name: string };
}

describe('demo data', () => {
  it("gives klient's newsletter tags, recipients (some unsubscribed, with the date) and a finished import with two row errors", async () => {
    const tags = (await call(klient, 'GET', '/module/tags')).json().data.map((tag: { name: string }) => tag.name);
    expect(tags).toEqual(expect.arrayContaining(['Stali klienci', 'Nowi', 'VIP', 'Promocje']));
    const recipients = (await call(klient, 'GET', '/module/recipients?per_page=100')).json().data as { unsubscribed_at?: string }[];
    expect(recipients.length).toBeGreaterThanOrEqual(10);
    expect(recipients.filter((r) => r.unsubscribed_at).length).toBe(2);
    const imports = (await call(admin, 'GET', '/module/recipients/imports')).json();
    expect(imports.data.at(-1)).toMatchObject({ status: 'completed', rows_failed: 2 });
    const errors = csvRows((await call(admin, 'GET', `/module/recipients/imports/${imports.data.at(-1).id}/errors`)).body);
    expect(errors).toEqual([['Wiersz', 'Błąd'], ['3', 'Adres e-mail odbiorcy jest nieprawidłowy.'], ['6', 'Nazwa odbiorcy jest wymagana.']]);
  });
});

describe('admin/uprawnienia: the modules a service has', () => {
  it('is for root users only', async () => {
    for (const [token, method] of [
      [klient, 'GET'],
      [klient, 'PUT'],
      [klient2, 'GET'],
    ] as const) {
      const response = await call(token, method, '/modules', method === 'PUT' ? { modules: [] } : undefined);
      expect(response.statusCode).toBe(403);
      expect(response.json().detail).toBe(FORBIDDEN);
    }
  });

  it('lists every known module with its Polish name; taking one away closes its calls and menu entry, giving it back opens them', async () => {
    const listed = (await call(admin, 'GET', '/modules')).json().data as { module: string; name: string; enabled: boolean }[];
    expect(listed).toContainEqual({ module: 'tags', name: 'Tagi', enabled: true });
    // The WCAG assistant, built now (its statement is a schema module of it), is offered with its Polish name.
    expect(listed).toContainEqual(expect.objectContaining({ module: 'wcag', name: 'Asystent dostępności (WCAG)' }));
    // Every module has a Polish name, none shows its code name (editors, layouts).
    expect(listed.filter((m) => m.name === m.module).map((m) => m.module)).toEqual([]);
    const enabled = listed.filter((m) => m.enabled).map((m) => m.module);
    expect((await call(klient, 'GET', '/module/tags')).statusCode).toBe(200);

    const saved = await call(admin, 'PUT', '/modules', { modules: enabled.filter((m) => m !== 'tags') });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().detail).toBe('Uprawnienia usługi zostały zmienione.');
    const refused = await call(klient, 'GET', '/module/tags');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(FORBIDDEN);
    const permissions = (await test.call({ method: 'GET', url: `/api/user/permissions/client_service/${newsletter}`, token: klient })).json();
    expect(permissions.modules).not.toContain('tags');

    expect((await call(admin, 'PUT', '/modules', { modules: enabled })).statusCode).toBe(200);
    expect((await call(klient, 'GET', '/module/tags')).statusCode).toBe(200);
  });

  it('refuses an unknown module with a Polish message', async () => {
    const response = await call(admin, 'PUT', '/modules', { modules: ['tags', 'nie_ma_takiego'] });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ modules: 'Wybrano nieznany moduł.' });
  });
});

describe('admin/metody_wysylki: the sender types a service may use', () => {
  it('only root users change them; the sender config then offers and accepts only those', async () => {
    expect((await call(klient, 'GET', '/module/senders/allowed_types')).json()).toEqual({});
    const refused = await call(klient, 'PUT', '/module/senders/allowed_types', { config_type_ids: [1] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(FORBIDDEN);

    const empty = await call(admin, 'PUT', '/module/senders/allowed_types', { config_type_ids: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.config_type_ids).toBe('Wybierz co najmniej jedną metodę wysyłki.');

    const saved = await call(admin, 'PUT', '/module/senders/allowed_types', { config_type_ids: [1, 3] });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().config_type_ids).toEqual([1, 3]);
    expect((await call(klient, 'GET', '/module/senders/configs/types')).json().data.map((type: { id: number }) => type.id)).toEqual([1, 3]);

    const smtp = await call(klient, 'POST', '/module/senders/configs', {
      config_type_id: 2,
      smtp_host: 'smtp.example.com',
      smtp_port: 587,
      smtp_user: 'biuro@example.com',
      smtp_password: 'tajne-haslo',
      from: 'biuro@example.com',
      from_name: 'Biuro',
    });
    expect(smtp.statusCode).toBe(400);
    expect(smtp.json().errors).toEqual({ config_type_id: 'Ta metoda wysyłki nie jest dostępna w tej usłudze.' });
    expect((await call(klient, 'POST', '/module/senders/configs', { config_type_id: 1, from: 'biuro', from_name: 'Biuro' })).statusCode).toBe(200);

    // klient2 neither reads nor changes klient's choice.
    expect((await call(klient2, 'GET', '/module/senders/allowed_types')).statusCode).toBe(403);
    await call(admin, 'PUT', '/module/senders/allowed_types', { config_type_ids: [1, 2, 3] });
  });
});

describe('recipients: tags by name, renames, unsubscription, export', () => {
  it('refuses a tag the service does not have', async () => {
    const response = await call(klient, 'POST', '/module/recipients', { name: 'Jan Bez Tagu', email: 'bez.tagu@example.com', tags: ['nieistniejacy'] });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.tags).toBe('Wybrany element nie istnieje.');
  });

  it('renaming a tag renames it in every recipient; deleting it takes it off them', async () => {
    const tag = await addTag('Zmieniany');
    await addTag('Zostaje');
    for (const n of [1, 2]) {
      const created = await call(klient, 'POST', '/module/recipients', { name: `Odbiorca ${n}`, email: `zmiana${n}@example.com`, tags: ['Zmieniany', 'Zostaje'] });
      expect(created.statusCode).toBe(201);
    }
    // Read once, so the list cache holds the old names and must learn of the bulk change.
    expect((await call(klient, 'GET', '/module/recipients?tag=Zmieniany')).json().pagination.total).toBe(2);

    expect((await call(klient, 'PUT', `/module/tags/${tag.id}`, { name: 'Przemianowany' })).statusCode).toBe(200);
    expect((await call(klient, 'GET', '/module/recipients?tag=Zmieniany')).json().pagination.total).toBe(0);
    const renamed = (await call(klient, 'GET', '/module/recipients?tag=Przemianowany')).json();
    expect(renamed.pagination.total).toBe(2);
    expect(renamed.data[0].tags).toEqual(['Przemianowany', 'Zostaje']);
    // Another client's service is never touched: klient2's records stay as they were.
    const foreign = await test.ctx.db.query("SELECT count(*)::int AS n FROM module_records WHERE resource = 'recipients' AND client_service_id <> $1 AND data->'tags' @> '[\"Przemianowany\"]'", [newsletter]);
    expect(foreign.rows[0]).toEqual({ n: 0 });

    expect((await call(klient, 'DELETE', `/module/tags/${tag.id}`)).statusCode).toBe(204);
    const after = await recipientByEmail('zmiana1@example.com');
    expect(after?.tags).toEqual(['Zostaje']);
  });

  it('keeps unsubscribed recipients with the date, which no save changes', async () => {
    const created = (await call(klient, 'POST', '/module/recipients', { name: 'Wypisany Odbiorca', email: 'wypisany@example.com', unsubscribed_at: '2026-01-01T00:00:00Z' })).json();
    expect(created.unsubscribed_at).toBeUndefined();
    await test.ctx.db.query(`UPDATE module_records SET data = data || '{"unsubscribed_at": "2026-11-01T10:00:00.000Z"}' WHERE id = $1`, [created.id]);
    const updated = await call(klient, 'PUT', `/module/recipients/${created.id}`, { name: 'Wypisany Zmieniony', email: 'wypisany@example.com', tags: [], unsubscribed_at: null });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().unsubscribed_at).toBe('2026-11-01T10:00:00.000Z');
    expect((await call(klient, 'GET', `/module/recipients/${created.id}`)).json()).toMatchObject({ name: 'Wypisany Zmieniony', unsubscribed_at: '2026-11-01T10:00:00.000Z' });
  });

  it('exports the filtered list as CSV, formulas neutralised', async () => {
    await addTag('Eksport');
    await call(klient, 'POST', '/module/recipients', { name: 'Anna Eksport', email: 'anna.eksport@example.com', tags: ['Eksport'] });
    await addTag('=1+1');
    await call(klient, 'POST', '/module/recipients', { name: '=HYPERLINK("x")', email: 'formula@example.com', tags: ['Eksport'] });
    await call(klient, 'POST', '/module/recipients', { name: 'Tag Formułą', email: 'tag.formula@example.com', tags: ['=1+1', 'Eksport'] });
    await call(klient, 'POST', '/module/recipients', { name: 'Poza Eksportem', email: 'poza@example.com', tags: [] });
    const response = await call(klient, 'GET', '/module/recipients/export?tag=Eksport&sort=email&order=ASC');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="recipients.csv"');
    const lines = response.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('id;Nazwa odbiorcy;Adres e-mail;Tagi;Wypisano;Utworzono;Zmieniono');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain(';Anna Eksport;anna.eksport@example.com;Eksport;;');
    expect(lines[2]).toContain(`;"'=HYPERLINK(""x"")";formula@example.com;Eksport;;`);
    // The tags column too: the list is one cell, written through the same writer.
    expect(lines[3]).toContain(";Tag Formułą;tag.formula@example.com;'=1+1, Eksport;;");
    expect((await call(klient2, 'GET', '/module/recipients/export')).statusCode).toBe(403);
  });
});

describe('admin/importy: recipients from CSV and XLSX', () => {
  it("lists imports for root users only, and another client can neither import nor see any", async () => {
    const response = await upload(klient2, Buffer.from('email;nazwa\njan@example.com;Jan Kowalski\n'), 'odbiorcy.csv', { consent: true });
    expect(response.statusCode).toBe(403);
    expect(response.json().detail).toBe(FORBIDDEN);
    expect((await call(klient, 'GET', '/module/recipients/imports')).statusCode).toBe(403);
    expect((await call(klient2, 'GET', '/module/recipients/imports')).statusCode).toBe(403);
  });

  it("lets the service's client import when it states the recipients' consent, kept with who and when", async () => {
    const csv = Buffer.from('Adres;Kto;Grupy\nwlasny.import@example.com;Własny Import;VIP\n');
    const refused = await upload(klient, csv, 'wlasne.csv');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ consent: 'Potwierdź, że odbiorcy zgodzili się na otrzymywanie wiadomości.' });
    expect((await upload(klient, csv, 'wlasne.csv', { consent: 'tak' })).statusCode).toBe(400);

    const before = Date.now();
    const response = await upload(klient, csv, 'wlasne.csv', { consent: true, columns: { email: 0, name: 1, tags: 2 } });
    expect(response.statusCode).toBe(201);
    const queued = response.json();
    const klientId = (await test.ctx.db.query<{ id: number }>("SELECT id FROM users WHERE username = 'klient'")).rows[0].id;
    expect(queued).toMatchObject({ consent_user_id: klientId, consent_by: 'Jan Kowalski', columns: { email: 0, name: 1, tags: 2 } });
    expect(Date.parse(queued.consent_at)).toBeGreaterThanOrEqual(before - 1000);
    // The client follows its own import.
    const done = await until(async () => {
      const record = (await call(klient, 'GET', `/module/recipients/imports/${queued.id}`)).json();
      return record.status === 'completed' || record.status === 'failed' ? record : undefined;
    }, 60_000, 250);
    expect(done).toMatchObject({ status: 'completed', rows_total: 1, rows_created: 1 });
    expect(await recipientByEmail('wlasny.import@example.com')).toMatchObject({ name: 'Własny Import', tags: ['VIP'] });
    expect((await call(klient2, 'GET', `/module/recipients/imports/${queued.id}`)).statusCode).toBe(403);
  });

  it('reads the columns as mapped, whatever the header row says, and refuses a mapping without the e-mail or naming a column twice', async () => {
    const csv = Buffer.from(['nazwa;email;tagi', 'mapowany@example.com;Zamienione Kolumny;Nowi', ''].join('\n'));
    const response = await upload(klient, csv, 'mapowane.csv', { consent: true, columns: { email: 0, name: 1, tags: -1 } });
    expect(response.statusCode).toBe(201);
    const done = await finished(response.json().id);
    expect(done).toMatchObject({ status: 'completed', rows_total: 1, rows_created: 1 });
    expect(await recipientByEmail('mapowany@example.com')).toMatchObject({ name: 'Zamienione Kolumny', tags: [] });
    // A file without a header row: its first row is a recipient, never taken for the columns' names.
    const headerless = Buffer.from(['Bez Nagłówka;pierwszy.wiersz@example.com', 'Drugi Wiersz;drugi.wiersz@example.com', ''].join('\n'));
    const mappedHeaderless = await upload(klient, headerless, 'bez-naglowka.csv', { consent: true, columns: { email: 1, name: 0, tags: -1 } });
    expect(await finished(mappedHeaderless.json().id)).toMatchObject({ status: 'completed', rows_total: 2, rows_created: 2 });
    expect(await recipientByEmail('pierwszy.wiersz@example.com')).toMatchObject({ name: 'Bez Nagłówka' });

    const noEmail = await upload(klient, csv, 'mapowane.csv', { consent: true, columns: { name: 1 } });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().errors).toEqual({ columns: 'Wskaż kolumnę z adresem e-mail.' });
    const twice = await upload(klient, csv, 'mapowane.csv', { consent: true, columns: { email: 1, name: 1 } });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errors).toEqual({ columns: 'Każdą kolumnę pliku można przypisać tylko raz.' });
    const junk = await upload(klient, csv, 'mapowane.csv', { consent: true, columns: 'email' });
    expect(junk.statusCode).toBe(400);
  });

  it('refuses what is no CSV or XLSX, an empty upload and an unknown tag, in Polish', async () => {
    const png = multipart({}, { name: 'obraz.csv', type: 'text/csv', data: PNG });
    const image = await test.call({ method: 'POST', url: `/api/client_service/${newsletter}/module/recipients/imports`, token: admin, payload: png.payload, headers: png.headers });
    expect(image.statusCode).toBe(415);
    expect(image.json().detail).toBe('Plik musi być w formacie CSV lub XLSX.');
    const empty = await upload(admin, Buffer.alloc(0), 'pusty.csv');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().detail).toBe('Nie przesłano pliku.');
    const tag = await upload(admin, Buffer.from('email\na@example.com\n'), 'a.csv', { tags: ['nie-ma-takiego'] });
    expect(tag.statusCode).toBe(400);
    expect(tag.json().errors).toEqual({ tags: 'Wybrany element nie istnieje.' });
  });

  it('merges duplicates by e-mail (any case, tags united), keeps the unsubscribed so, adds tags, and lists each broken row with its reason', async () => {
    await addTag('Import');
    await addTag('Stali');
    await call(klient, 'POST', '/module/recipients', { name: 'Istniejący Odbiorca', email: 'istniejacy@example.com', tags: ['Stali'] });
    const csv = [
      'E-mail;Imię i nazwisko;Tagi',
      'nowy1@example.com;Nowy Pierwszy;vip',
      'NOWY1@example.com;Inna Nazwa;Nowy, Stali',
      'istniejacy@EXAMPLE.com;Zmieniona Nazwa;',
      'zly-adres;Zły Adres;',
      'nowy2@example.com;Al;',
      '"niezamkniety@example.com;Cudzysłów;',
      'nowy3@example.com;"Nowak; Anna";stali',
      '',
      'nowy4@example.com;Nowy Czwarty;',
    ].join('\r\n');
    const response = await upload(admin, Buffer.from(csv), 'odbiorcy.csv', { tags: ['Import'] });
    expect(response.statusCode).toBe(201);
    const queued = response.json();
    expect(queued).toMatchObject({ status: 'queued', file_name: 'odbiorcy.csv', file_format: 'csv', tags: ['Import'], detail: 'Import został dodany do kolejki.' });
    expect(queued.job_id).toMatch(/^[0-9a-f-]{36}$/);

    const done = await finished(queued.id);
    expect(done).toMatchObject({ status: 'completed', rows_total: 8, rows_created: 3, rows_merged: 2, rows_failed: 3 });
    // The job's progress reached its total; pg-boss marks it completed a moment after the import's own record.
    const job = await until(async () => {
      const state = (await test.call({ method: 'GET', url: `/api/jobs/${queued.job_id}`, token: admin })).json();
      return state.state === 'completed' ? state : undefined;
    });
    expect(job.progress).toEqual({ done: 4, total: 4 });

    expect((await recipientByEmail('nowy1@example.com'))).toMatchObject({ name: 'Nowy Pierwszy', email: 'nowy1@example.com', tags: ['VIP', 'Import', 'Nowy', 'Stali'] });
    expect((await recipientByEmail('istniejacy@example.com'))).toMatchObject({ name: 'Istniejący Odbiorca', tags: ['Stali', 'Import'] });
    expect((await recipientByEmail('nowy3@example.com'))).toMatchObject({ name: 'Nowak; Anna', tags: ['Stali', 'Import'] });
    expect(await recipientByEmail('nowy4@example.com')).toBeDefined();
    // Tags the file named are the service's as it spells them (vip: the demo's VIP); those it lacked were added.
    const tagNames = (await call(klient, 'GET', '/module/tags?per_page=100')).json().data.map((tag: { name: string }) => tag.name);
    expect(tagNames).toEqual(expect.arrayContaining(['VIP', 'Nowy', 'Import', 'Stali']));
    expect(tagNames.filter((name: string) => ['stali', 'vip'].includes(name.toLowerCase()))).toEqual(['Stali', 'VIP']);

    const errors = await call(admin, 'GET', `/module/recipients/imports/${queued.id}/errors`);
    expect(errors.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csvRows(errors.body)).toEqual([
      ['Wiersz', 'Błąd'],
      ['5', 'Adres e-mail odbiorcy jest nieprawidłowy.'],
      ['6', 'Nazwa odbiorcy powinna zawierać co najmniej 3 znaki'],
      ['7', 'Wiersz nie jest poprawnym wierszem CSV (np. cudzysłów nie został zamknięty).'],
    ]);
    expect((await call(klient2, 'GET', `/module/recipients/imports/${queued.id}/errors`)).statusCode).toBe(403);
    const list = (await call(admin, 'GET', '/module/recipients/imports')).json();
    expect(list.pagination.total).toBeGreaterThanOrEqual(1);
    expect(list.data[0].id).toBe(queued.id);
  });

  it('never resubscribes: an import merges an unsubscribed recipient and leaves the date', async () => {
    const created = (await call(klient, 'POST', '/module/recipients', { name: 'Wypisana Osoba', email: 'wypisana@example.com' })).json();
    await test.ctx.db.query(`UPDATE module_records SET data = data || '{"unsubscribed_at": "2026-10-01T08:00:00.000Z"}' WHERE id = $1`, [created.id]);
    const response = await upload(admin, Buffer.from('email,name\nWYPISANA@example.com,Wypisana Osoba\n'), 'wypisani.csv');
    expect(await finished(response.json().id)).toMatchObject({ rows_created: 0, rows_merged: 1 });
    expect(await recipientByEmail('wypisana@example.com')).toMatchObject({ unsubscribed_at: '2026-10-01T08:00:00.000Z' });
  });

  it('reads XLSX files', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Odbiorcy');
    sheet.addRow(['email', 'nazwa', 'tagi']);
    sheet.addRow(['arkusz1@example.com', 'Arkusz Pierwszy', 'Import']);
    sheet.addRow(['nie-email', 'Arkusz Zły', '']);
    const data = Buffer.from(await workbook.xlsx.writeBuffer());
    const form = multipart({}, { name: 'odbiorcy.xlsx', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', data });
    const response = await test.call({ method: 'POST', url: `/api/client_service/${newsletter}/module/recipients/imports`, token: admin, payload: form.payload, headers: form.headers });
    expect(response.statusCode).toBe(201);
    expect(response.json().file_format).toBe('xlsx');
    expect(await finished(response.json().id)).toMatchObject({ status: 'completed', rows_total: 2, rows_created: 1, rows_failed: 1 });
    expect(await recipientByEmail('arkusz1@example.com')).toMatchObject({ name: 'Arkusz Pierwszy', tags: ['Import'] });
  });

  it('refuses an XLSX declaring a huge unpacked size ("zip bomb") before unpacking it, and a CSV of too many rows', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Odbiorcy').addRow(['email']);
    const data = Buffer.from(await workbook.xlsx.writeBuffer());
    // The central directory's first entry now declares 2 GiB unpacked; the file itself stays small.
    const directory = data.readUInt32LE(data.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06])) + 16);
    data.writeUInt32LE(0x80000000, directory + 24);
    const form = multipart({}, { name: 'bomba.xlsx', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', data });
    const bomb = await test.call({ method: 'POST', url: `/api/client_service/${newsletter}/module/recipients/imports`, token: admin, payload: form.payload, headers: form.headers });
    expect(bomb.statusCode).toBe(201);
    expect(await finished(bomb.json().id)).toMatchObject({
      status: 'failed',
      failure: 'Plik XLSX po rozpakowaniu zajmowałby ponad 100 MB. Podziel go na mniejsze pliki lub zapisz jako CSV.',
    });

    const rows = await upload(admin, Buffer.from(`email\n${'a@example.com\n'.repeat(IMPORT_MAX_ROWS)}`), 'wiersze.csv');
    expect(await finished(rows.json().id)).toMatchObject({ status: 'failed', failure: `Plik ma ponad ${IMPORT_MAX_ROWS} wierszy. Podziel go na mniejsze pliki.` });
  });

  it('refuses an XLSX whose entries unpack to more than they declare, and a sheet of too many rows, before reading it', async () => {
    const importXlsx = async (name: string, data: Buffer) => {
      const form = multipart({}, { name, type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', data });
      const response = await test.call({ method: 'POST', url: `/api/client_service/${newsletter}/module/recipients/imports`, token: admin, payload: form.payload, headers: form.headers });
      expect(response.statusCode).toBe(201);
      return finished(response.json().id);
    };
    // 101 MB of spaces in a worksheet whose headers say 1 kB: about 100 kB sent.
    const lying = zipOf([{ name: 'xl/worksheets/sheet1.xml', content: Buffer.alloc(101 * 1024 * 1024, 0x20), declaredSize: 1024 }]);
    expect(await importXlsx('klamliwy.xlsx', lying)).toMatchObject({
      status: 'failed',
      failure: 'Plik XLSX po rozpakowaniu zajmowałby ponad 100 MB. Podziel go na mniejsze pliki lub zapisz jako CSV.',
    });
    const rows = Array.from({ length: IMPORT_MAX_ROWS + 1 }, (_, i) => `<row r="${i + 1}"><c r="A${i + 1}" t="inlineStr"><is><t>a${i}@example.com</t></is></c></row>`);
    const sheet = zipOf([{ name: 'xl/worksheets/sheet1.xml', content: Buffer.from(`<worksheet><sheetData>${rows.join('')}</sheetData></worksheet>`) }]);
    expect(await importXlsx('wiersze.xlsx', sheet)).toMatchObject({ status: 'failed', failure: `Plik ma ponad ${IMPORT_MAX_ROWS} wierszy. Podziel go na mniejsze pliki.` });
  });

  it('fails a file with no e-mail column with a Polish reason', async () => {
    const response = await upload(admin, Buffer.from('kolumna;inna\nx;y\n'), 'bez-adresow.csv');
    expect(await finished(response.json().id)).toMatchObject({ status: 'failed', failure: 'Plik nie ma kolumny z adresem e-mail (nagłówek „email” lub „e-mail”).' });
  });

  it('takes a 10 MB CSV with broken rows: each broken row reported in Polish, no valid row lost', async () => {
    const lines = ['email;nazwa;tagi'];
    let valid = 0;
    let broken = 0;
    let row = 1;
    let bytes = lines[0].length;
    const brokenRows: number[] = [];
    while (bytes < 10 * 1024 * 1024) {
      row += 1;
      let line = `duzy${row}@example.com;Odbiorca Numer ${row};Import`;
      if (row % 50 === 0) {
        line = row % 100 === 0 ? `"zepsuty${row}@example.com;Zepsuty Wiersz;` : `zepsuty${row};Zły Adres Numer ${row};`;
        brokenRows.push(row);
        broken += 1;
      } else valid += 1;
      lines.push(line);
      bytes += Buffer.byteLength(line) + 1;
    }
    const data = Buffer.from(lines.join('\n'));
    expect(data.length).toBeGreaterThanOrEqual(10 * 1024 * 1024);
    const response = await upload(admin, data, 'duzy.csv');
    expect(response.statusCode).toBe(201);
    const done = await finished(response.json().id, 400_000);
    expect(done).toMatchObject({ status: 'completed', rows_total: valid + broken, rows_created: valid, rows_failed: broken });
    const count = await test.ctx.db.query<{ n: number }>("SELECT count(*)::int AS n FROM module_records WHERE resource = 'recipients' AND client_service_id = $1 AND data->>'email' LIKE 'duzy%'", [newsletter]);
    expect(count.rows[0].n).toBe(valid);
    const errors = csvRows((await call(admin, 'GET', `/module/recipients/imports/${response.json().id}/errors`)).body).slice(1);
    expect(errors.map(([number]) => Number(number))).toEqual(brokenRows);
    expect(new Set(errors.map(([, reason]) => reason))).toEqual(
      new Set(['Adres e-mail odbiorcy jest nieprawidłowy.', 'Wiersz nie jest poprawnym wierszem CSV (np. cudzysłów nie został zamknięty).']),
    );
  }, 480_000);
});
