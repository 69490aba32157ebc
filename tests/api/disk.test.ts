import { crc32 } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, PNG, serviceOf } from './schema-fixtures';
import { createTestApp, type TestApp } from './support/app';
import { removeExpiredArchives } from '../../src/modules/disk/server/archives';
import { signedIn } from './support/signed-in';
import { until } from './support/until';

let test: TestApp;
const users = signedIn(() => test);
const { call } = users;
let site: number;
let newsletter: number;
let foreign: number;

beforeAll(async () => {
  test = await createTestApp({ jobsEnabled: true, jobsPollingInterval: 0.5 });
  await users.signIn('klient', 'klient2', 'admin', 'redaktor');
  site = await serviceOf(test, 'klient', 1);
  newsletter = await serviceOf(test, 'klient', 9);
  foreign = await serviceOf(test, 'klient2', 1);
});
afterAll(() => test.close());

const files = (serviceId: number, rest = '') => `/api/client_service/${serviceId}/files${rest}`;
const rootOf = async (serviceId: number, as = 'klient') => (await call('GET', `/api/client_service/${serviceId}/module/files`, undefined, as)).json();
const used = async (serviceId: number) =>
  Number((await test.ctx.db.query<{ used: string }>('SELECT site_size_used AS used FROM client_services WHERE id = $1', [serviceId])).rows[0].used);

/** The entries of a stored ZIP by its central directory, each checked against its CRC. */
function readZip(zip: Buffer): Map<string, Buffer> {
  const end = zip.length - 22;
  expect(zip.readUInt32LE(end)).toBe(0x06054b50);
  const entries = new Map<string, Buffer>();
  let at = zip.readUInt32LE(end + 16);
  for (let index = 0; index < zip.readUInt16LE(end + 10); index++) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const nameLength = zip.readUInt16LE(at + 28);
    const size = zip.readUInt32LE(at + 24);
    const local = zip.readUInt32LE(at + 42);
    expect(zip.readUInt32LE(local)).toBe(0x04034b50);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(start, start + size);
    expect(crc32(data)).toBe(zip.readUInt32LE(at + 16));
    entries.set(zip.subarray(at + 46, at + 46 + nameLength).toString('utf8'), data);
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return entries;
}

function upload(serviceId: number, folderId: number, file: { name: string; type: string; data: Buffer }, as = 'klient') {
  const form = multipart(undefined, file);
  return test.call({ method: 'POST', url: `/api/client_service/${serviceId}/upload/files/${folderId}`, token: users.tokens[as], payload: form.payload, headers: form.headers });
}
/** The download link of archive n of a folder, once the folder's download names it (the job has built it). */
const archiveLink = (serviceId: number, folderId: number, archiveId: number) =>
  until(async () => {
    const response = await call('GET', files(serviceId, `/${folderId}/download`));
    const link = response.statusCode === 200 ? (response.json() as { url: string; archive: number }) : undefined;
    return link?.archive === archiveId ? link : undefined;
  });
const newFolder = async (serviceId: number, parentId: number, name: string) => {
  const response = await call('POST', files(serviceId, `/${parentId}/new`), { name });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; name: string };
};

describe('the root folder and an entry', () => {
  it('GET .../module/files makes the root once and lists the demo disk, folders first', async () => {
    const root = await rootOf(site);
    expect(root).toMatchObject({ name: 'Dysk', is_dir: true, parent_directory: null, path: [{ id: root.id, name: 'Dysk' }] });
    expect((await rootOf(site)).id).toBe(root.id);
    const names = root.files.map((entry: { name: string }) => entry.name);
    expect(names).toEqual(['Dokumenty', 'Grafiki', 'Czytaj mnie.txt']);
    expect(root.files[0]).toMatchObject({ is_dir: true, parent_directory: root.id });
    // A service without demo files gets an empty root of its own.
    const other = await rootOf(foreign, 'klient2');
    expect(other.id).not.toBe(root.id);
    expect(other.files).toEqual([]);
  });

  it('GET .../files/{id} gives a file with its breadcrumbs, and pages a folder with pagination.total', async () => {
    const root = await rootOf(site);
    const graphics = root.files.find((entry: { name: string }) => entry.name === 'Grafiki');
    const folder = (await call('GET', files(site, `/${graphics.id}`))).json();
    expect(folder.path).toEqual([
      { id: root.id, name: 'Dysk' },
      { id: graphics.id, name: 'Grafiki' },
    ]);
    const logo = folder.files.find((entry: { name: string }) => entry.name === 'logo.png');
    expect(logo).toMatchObject({ is_dir: false, content_type: 'image/png', public: true });
    expect(logo.size).toBeGreaterThan(0);
    expect(logo.public_url).toMatch(/\/api\/disk\/public\/[0-9a-f]{32}$/);
    const file = (await call('GET', files(site, `/${logo.id}`))).json();
    expect(file).toMatchObject({ id: logo.id, name: 'logo.png', files: [] });
    expect(file.path.map((crumb: { name: string }) => crumb.name)).toEqual(['Dysk', 'Grafiki', 'logo.png']);
    const page = (await call('GET', `${files(site, `/${root.id}`)}?page=2&per_page=2`)).json();
    expect(page.pagination).toEqual({ total: 3 });
    expect(page.files.map((entry: { name: string }) => entry.name)).toEqual(['Czytaj mnie.txt']);
    expect((await call('GET', `${files(site, `/${root.id}`)}?page=0&per_page=2`)).statusCode).toBe(400);
  });

  it('an unknown or malformed id is 404 with a Polish detail', async () => {
    for (const id of ['999999', 'abc', '0', '-1']) {
      const response = await call('GET', files(site, `/${id}`));
      expect(response.statusCode, id).toBe(404);
      expect(response.json().detail).toBe('Nie znaleziono pliku ani folderu.');
    }
  });
});

describe('folders and names', () => {
  it('POST .../new adds a folder (201); the name rule and duplicates answer in Polish', async () => {
    const root = await rootOf(newsletter);
    const created = await newFolder(newsletter, root.id, 'Zdjęcia (2026) [nowe] - Łódź_1.x');
    expect(created).toMatchObject({ name: 'Zdjęcia (2026) [nowe] - Łódź_1.x', is_dir: true, parent_directory: root.id });

    for (const [name, message] of [
      [undefined, 'Nazwa jest wymagana.'],
      ['   ', 'Nazwa jest wymagana.'],
      ['a/b', 'Nazwa zawiera niedozwolone znaki.'],
      ['<script>', 'Nazwa zawiera niedozwolone znaki.'],
      ['..', 'Nazwa zawiera niedozwolone znaki.'],
      ['x'.repeat(256), 'Nazwa może zawierać maksymalnie 255 znaków.'],
    ] as const) {
      const response = await call('POST', files(newsletter, `/${root.id}/new`), { name });
      expect(response.statusCode, String(name)).toBe(400);
      expect(response.json()).toEqual({ detail: 'Proszę poprawnie wypełnić formularz.', errors: { name: message } });
    }
    const duplicate = await call('POST', files(newsletter, `/${root.id}/new`), { name: 'zdjęcia (2026) [NOWE] - łódź_1.x' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().detail).toBe('Plik lub folder o tej nazwie już istnieje w tym folderze.');
  });

  it('a folder cannot be made inside a file', async () => {
    const root = await rootOf(site);
    const readme = root.files.find((entry: { name: string }) => entry.name === 'Czytaj mnie.txt');
    const response = await call('POST', files(site, `/${readme.id}/new`), { name: 'X' });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe('Wskazany element nie jest folderem.');
  });

  it('PUT .../name renames; same rule, a taken name is 409, the same name in another letter case of itself is fine', async () => {
    const root = await rootOf(newsletter);
    const a = await newFolder(newsletter, root.id, 'Do zmiany');
    await newFolder(newsletter, root.id, 'Zajęta');
    const renamed = await call('PUT', files(newsletter, `/${a.id}/name`), { name: ' Po zmianie ' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().name).toBe('Po zmianie');
    expect((await call('PUT', files(newsletter, `/${a.id}/name`), { name: 'PO ZMIANIE' })).json().name).toBe('PO ZMIANIE');
    expect((await call('PUT', files(newsletter, `/${a.id}/name`), { name: 'zajęta' })).statusCode).toBe(409);
    const invalid = await call('PUT', files(newsletter, `/${a.id}/name`), { name: 'a*b' });
    expect(invalid.json().errors).toEqual({ name: 'Nazwa zawiera niedozwolone znaki.' });
    expect((await call('PUT', files(newsletter, `/${a.id}/name`), {})).json().errors).toEqual({ name: 'Nazwa jest wymagana.' });
  });
});

describe('uploads and quota', () => {
  it('stores the file, counts it, names it by the upload (sanitised) and serves it through a signed link', async () => {
    const root = await rootOf(newsletter);
    const before = await used(newsletter);
    const data = Buffer.from('Zażółć gęślą jaźń\n', 'utf8');
    const response = await upload(newsletter, root.id, { name: 'notatka<1>?.txt', type: 'text/plain', data });
    expect(response.statusCode, response.body).toBe(201);
    const file = response.json();
    expect(file).toMatchObject({ name: 'notatka_1_.txt', is_dir: false, size: data.length, content_type: 'text/plain', public: false, public_url: null });
    expect(await used(newsletter)).toBe(before + data.length);

    const link = await call('GET', files(newsletter, `/${file.id}/download`));
    expect(link.statusCode).toBe(200);
    const downloaded = await test.call({ method: 'GET', url: link.json().url });
    expect(downloaded.statusCode).toBe(200);
    expect(downloaded.rawPayload.equals(data)).toBe(true);
    expect(downloaded.headers['content-disposition']).toContain('attachment');
    expect(downloaded.headers['x-content-type-options']).toBe('nosniff');
    const tampered = await test.call({ method: 'GET', url: `${link.json().url.slice(0, -2)}xx` });
    expect(tampered.statusCode).toBe(404);
    expect(tampered.json().detail).toBe('Odnośnik do pliku wygasł lub jest nieprawidłowy.');

    const again = await upload(newsletter, root.id, { name: 'NOTATKA_1_.TXT', type: 'text/plain', data });
    expect(again.statusCode).toBe(409);
    expect(await used(newsletter)).toBe(before + data.length);
  });

  it('recognises a picture by its bytes; refuses no file, a file to a missing folder and a file over the quota', async () => {
    const root = await rootOf(newsletter);
    const picture = await upload(newsletter, root.id, { name: 'zrzut.bin', type: 'application/octet-stream', data: PNG });
    expect(picture.json().content_type).toBe('image/png');

    const empty = await test.call({ method: 'POST', url: `/api/client_service/${newsletter}/upload/files/${root.id}`, token: users.tokens.klient, payload: multipart({ a: 1 }).payload, headers: multipart({ a: 1 }).headers });
    expect(empty.statusCode).toBe(400);
    expect((await upload(newsletter, 999999, { name: 'a.txt', type: 'text/plain', data: Buffer.from('a') })).statusCode).toBe(404);

    const before = await used(newsletter);
    const tooLarge = await upload(newsletter, root.id, { name: 'za-duzy.bin', type: 'application/octet-stream', data: Buffer.alloc(50 * 1024 * 1024 + 1) });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().detail).toBe('Przesłany plik jest zbyt duży.');
    expect(await used(newsletter)).toBe(before);

    await test.ctx.db.query('UPDATE client_services SET site_size_available = site_size_used + 10 WHERE id = $1', [newsletter]);
    try {
      const over = await upload(newsletter, root.id, { name: 'duzy.txt', type: 'text/plain', data: Buffer.alloc(11, 97) });
      expect(over.statusCode).toBe(413);
      expect(over.json().detail).toBe('Brak miejsca w usłudze: plik przekroczyłby przydzieloną przestrzeń dyskową.');
      const names = (await rootOf(newsletter)).files.map((entry: { name: string }) => entry.name);
      expect(names).not.toContain('duzy.txt');
    } finally {
      await test.ctx.db.query('UPDATE client_services SET site_size_available = 100 * 1024 * 1024 WHERE id = $1', [newsletter]);
    }
  });
});

describe('publishing', () => {
  it('a public file has an address without a session until unpublished; a new publication gets a new address', async () => {
    const root = await rootOf(newsletter);
    const file = (await upload(newsletter, root.id, { name: 'publiczny.png', type: 'image/png', data: PNG })).json();
    const published = await call('PUT', files(newsletter, `/${file.id}/publish`), { public: true, public_end_date: null });
    expect(published.statusCode).toBe(200);
    expect(published.json()).toMatchObject({ public: true, public_end_date: null });
    const address = new URL(published.json().public_url).pathname;
    const seen = await test.call({ method: 'GET', url: address });
    expect(seen.statusCode).toBe(200);
    expect(seen.headers['content-type']).toBe('image/png');
    expect(seen.headers['content-disposition']).toContain('inline');
    expect(seen.rawPayload.equals(PNG)).toBe(true);

    const stopped = await call('PUT', files(newsletter, `/${file.id}/publish`), { public: false });
    expect(stopped.json()).toMatchObject({ public: false, public_url: null });
    const gone = await test.call({ method: 'GET', url: address });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().detail).toBe('Ten plik nie jest już udostępniany.');

    const again = (await call('PUT', files(newsletter, `/${file.id}/publish`), { public: true })).json();
    expect(new URL(again.public_url).pathname).not.toBe(address);
    expect((await test.call({ method: 'GET', url: address })).statusCode).toBe(404);
  });

  it('answers 404 after public_end_date', async () => {
    const root = await rootOf(newsletter);
    const file = (await upload(newsletter, root.id, { name: 'na-chwile.txt', type: 'text/plain', data: Buffer.from('x') })).json();
    const end = new Date(Date.now() + 3600_000).toISOString();
    const published = (await call('PUT', files(newsletter, `/${file.id}/publish`), { public: true, public_end_date: end })).json();
    expect(published.public_end_date).toBe(end);
    const address = new URL(published.public_url).pathname;
    const open = await test.call({ method: 'GET', url: address });
    expect(open.statusCode).toBe(200);
    // A text file is never shown as a page of the panel's origin.
    expect(open.headers['content-disposition']).toContain('attachment');
    await test.ctx.db.query("UPDATE disk_files SET public_end_date = now() - interval '1 second' WHERE id = $1", [file.id]);
    expect((await test.call({ method: 'GET', url: address })).statusCode).toBe(404);
  });

  it('refuses a folder, a missing flag and a bad or past end date', async () => {
    const root = await rootOf(newsletter);
    const folder = await call('PUT', files(newsletter, `/${root.id}/publish`), { public: true });
    expect(folder.statusCode).toBe(400);
    expect(folder.json().detail).toBe('Udostępnić można tylko plik, nie folder.');
    const file = root.files.find((entry: { is_dir: boolean }) => !entry.is_dir);
    expect((await call('PUT', files(newsletter, `/${file.id}/publish`), {})).json().errors).toEqual({ public: 'Wybierz, czy plik ma być publiczny.' });
    expect((await call('PUT', files(newsletter, `/${file.id}/publish`), { public: true, public_end_date: 'jutro' })).json().errors).toEqual({
      public_end_date: 'Data końca publikacji jest nieprawidłowa.',
    });
    expect((await call('PUT', files(newsletter, `/${file.id}/publish`), { public: true, public_end_date: '2000-01-01T00:00:00Z' })).json().errors).toEqual({
      public_end_date: 'Data końca publikacji musi być w przyszłości.',
    });
    expect((await test.call({ method: 'GET', url: '/api/disk/public/../../etc' })).statusCode).toBe(404);
  });
});

describe('moving', () => {
  it('moves a file and a folder; never into itself, its subfolder, a file or another service', async () => {
    const root = await rootOf(newsletter);
    const a = await newFolder(newsletter, root.id, 'A');
    const b = await newFolder(newsletter, a.id, 'B');
    const c = await newFolder(newsletter, root.id, 'C');
    const file = (await upload(newsletter, b.id, { name: 'w-b.txt', type: 'text/plain', data: Buffer.from('b') })).json();

    const moved = await call('PUT', files(newsletter, `/${file.id}/move`), { target_directory_id: c.id });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().parent_directory).toBe(c.id);

    for (const body of [{}, { target_directory_id: 0 }, { target_directory_id: 'x' }, { target_directory_id: -3 }]) {
      const response = await call('PUT', files(newsletter, `/${file.id}/move`), body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().errors).toEqual({ target_directory_id: 'Docelowy folder jest wymagany.' });
    }
    for (const target of [a.id, b.id]) {
      const response = await call('PUT', files(newsletter, `/${a.id}/move`), { target_directory_id: target });
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toBe('Nie można przenieść folderu do niego samego ani do jego podfolderu.');
    }
    expect((await call('PUT', files(newsletter, `/${a.id}/move`), { target_directory_id: file.id })).json().detail).toBe('Wskazany element nie jest folderem.');
    expect((await call('PUT', files(newsletter, `/${root.id}/move`), { target_directory_id: c.id })).json().detail).toBe('Folderu głównego dysku nie można przenieść.');
    const foreignRoot = await rootOf(foreign, 'klient2');
    expect((await call('PUT', files(newsletter, `/${a.id}/move`), { target_directory_id: foreignRoot.id })).statusCode).toBe(404);
    const siteRoot = await rootOf(site);
    expect((await call('PUT', files(newsletter, `/${a.id}/move`), { target_directory_id: siteRoot.id })).statusCode).toBe(404);

    const intoC = await call('PUT', files(newsletter, `/${a.id}/move`), { target_directory_id: c.id });
    expect(intoC.json().parent_directory).toBe(c.id);
    const deep = (await call('GET', files(newsletter, `/${b.id}`))).json();
    expect(deep.path.map((crumb: { name: string }) => crumb.name)).toEqual(['Dysk', 'C', 'A', 'B']);

    await newFolder(newsletter, root.id, 'A');
    const clash = await call('PUT', files(newsletter, `/${a.id}/move`), { target_directory_id: root.id });
    expect(clash.statusCode).toBe(409);
  });

  it('GET .../directories lists every folder of the service and which may take the entry', async () => {
    const root = await rootOf(site);
    const documents = root.files.find((entry: { name: string }) => entry.name === 'Dokumenty');
    const { data } = (await call('GET', files(site, `/${documents.id}/directories`))).json();
    const byName = Object.fromEntries(data.map((folder: { name: string }) => [folder.name, folder]));
    expect(Object.keys(byName).sort()).toEqual(['Archiwum', 'Dokumenty', 'Dysk', 'Grafiki']);
    expect(byName.Archiwum).toMatchObject({ parent_directory: documents.id, allowed: false });
    expect(byName.Dokumenty.allowed).toBe(false);
    expect(byName.Dysk.allowed).toBe(false);
    expect(byName.Grafiki.allowed).toBe(true);
  });
});

describe('deleting', () => {
  it('deletes a folder with everything under it, gives the quota back and removes the objects; the root stays', async () => {
    const root = await rootOf(newsletter);
    const before = await used(newsletter);
    const top = await newFolder(newsletter, root.id, 'Do usunięcia');
    const inner = await newFolder(newsletter, top.id, 'Środek');
    const one = (await upload(newsletter, top.id, { name: 'a.txt', type: 'text/plain', data: Buffer.alloc(100, 97) })).json();
    const two = (await upload(newsletter, inner.id, { name: 'b.png', type: 'image/png', data: PNG })).json();
    expect(await used(newsletter)).toBe(before + 100 + PNG.length);
    const link = (await call('GET', files(newsletter, `/${two.id}/download`))).json().url;

    const removed = await call('DELETE', files(newsletter, `/${top.id}`));
    expect(removed.statusCode).toBe(204);
    expect(await used(newsletter)).toBe(before);
    for (const id of [top.id, inner.id, one.id, two.id]) expect((await call('GET', files(newsletter, `/${id}`))).statusCode).toBe(404);
    expect((await test.call({ method: 'GET', url: link })).statusCode).toBe(404);
    const { rows } = await test.ctx.db.query('SELECT 1 FROM stored_files WHERE client_service_id = $1 AND key LIKE $2', [newsletter, 'disk/%']);
    expect(rows.length).toBe((await test.ctx.db.query("SELECT 1 FROM disk_files WHERE client_service_id = $1 AND NOT is_dir", [newsletter])).rows.length);

    const rootDelete = await call('DELETE', files(newsletter, `/${root.id}`));
    expect(rootDelete.statusCode).toBe(400);
    expect(rootDelete.json().detail).toBe('Folderu głównego dysku nie można usunąć.');
    expect((await call('DELETE', files(newsletter, `/${top.id}`))).statusCode).toBe(404);
  });

  it('deleting a file gives back exactly its bytes', async () => {
    const root = await rootOf(newsletter);
    const file = (await upload(newsletter, root.id, { name: 'jeden.txt', type: 'text/plain', data: Buffer.alloc(321, 98) })).json();
    const before = await used(newsletter);
    expect((await call('DELETE', files(newsletter, `/${file.id}`))).statusCode).toBe(204);
    expect(await used(newsletter)).toBe(before - 321);
  });
});

describe('isolation', () => {
  it("klient2 gets 403 on every call for klient's disk; klient gets 404 for an entry of another service", async () => {
    const root = await rootOf(site);
    const entry = root.files[0].id;
    const calls: [Parameters<typeof call>[0], string, unknown?][] = [
      ['GET', `/api/client_service/${site}/module/files`],
      ['GET', files(site, `/${entry}`)],
      ['POST', files(site, `/${entry}/new`), { name: 'X' }],
      ['PUT', files(site, `/${entry}/name`), { name: 'X' }],
      ['PUT', files(site, `/${entry}/publish`), { public: false }],
      ['PUT', files(site, `/${entry}/move`), { target_directory_id: root.id }],
      ['GET', files(site, `/${entry}/directories`)],
      ['GET', files(site, `/${entry}/download`)],
      ['PUT', files(site, `/${entry}/prepare`)],
      ['DELETE', files(site, `/${entry}/download/1`)],
      ['DELETE', files(site, `/${entry}`)],
    ];
    for (const [method, url, body] of calls) {
      const response = await call(method, url, body, 'klient2');
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().detail).toBe('Brak dostępu.');
    }
    expect((await upload(site, root.id, { name: 'a.txt', type: 'text/plain', data: Buffer.from('a') }, 'klient2')).statusCode).toBe(403);
    // The same calls naming klient's entry through klient's other service: 404, the entry is not there.
    for (const [method, url, body] of calls.slice(1)) {
      const response = await call(method, url.replace(`/client_service/${site}/`, `/client_service/${newsletter}/`), body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await call('GET', files(site, `/${entry}`))).statusCode).toBe(200);
  });

  it('a service without the files module refuses the disk (403); root users use every service', async () => {
    await test.ctx.db.query("DELETE FROM client_service_modules WHERE client_service_id = $1 AND module = 'files'", [foreign]);
    try {
      expect((await call('GET', `/api/client_service/${foreign}/module/files`, undefined, 'klient2')).statusCode).toBe(403);
    } finally {
      await test.ctx.db.query("INSERT INTO client_service_modules (client_service_id, module) VALUES ($1, 'files')", [foreign]);
    }
    expect((await call('GET', `/api/client_service/${foreign}/module/files`, undefined, 'admin')).statusCode).toBe(200);
  });

  it('admin/uprawnienia offers the disk as a module; an editor whose role gives files uses the disk of that service only', async () => {
    const modules = (await call('GET', `/api/client_service/${foreign}/modules`, undefined, 'admin')).json().data;
    expect(modules).toContainEqual({ module: 'files', name: 'Dysk plików', enabled: true });
    const root = await rootOf(site, 'redaktor');
    expect(root.name).toBe('Dysk');
    expect((await call('POST', files(site, `/${root.id}/new`), { name: 'Od redaktora' }, 'redaktor')).statusCode).toBe(201);
    expect((await call('GET', `/api/client_service/${newsletter}/module/files`, undefined, 'redaktor')).statusCode).toBe(403);
  });
});

describe('folder archives (prepare, download, download/{n})', () => {
  it('prepares a ZIP of a folder as a job, links it, and removes it', async () => {
    const root = await rootOf(site);
    const graphics = root.files.find((entry: { name: string }) => entry.name === 'Grafiki');
    const notYet = await call('GET', files(site, `/${graphics.id}/download`));
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json().detail).toBe('Archiwum folderu nie zostało jeszcze przygotowane.');

    const file = (await call('GET', files(site, `/${graphics.id}`))).json().files[0];
    expect((await call('PUT', files(site, `/${file.id}/prepare`))).statusCode).toBe(400);

    const queued = await call('PUT', files(site, `/${graphics.id}/prepare`));
    expect(queued.statusCode).toBe(202);
    const archive = queued.json();
    expect(archive).toMatchObject({ status: 'queued' });
    expect(archive.job_id).toMatch(/^[0-9a-f-]{36}$/);

    const link = await archiveLink(site, graphics.id, archive.id);
    const zip = await test.call({ method: 'GET', url: link.url });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['content-disposition']).toContain("filename*=UTF-8''Grafiki.zip");
    const entries = readZip(zip.rawPayload);
    expect([...entries.keys()].sort()).toEqual(['Grafiki/', 'Grafiki/baner (wiosna).png', 'Grafiki/logo.png']);
    const logo = (await call('GET', files(site, `/${graphics.id}`))).json().files.find((entry: { name: string }) => entry.name === 'logo.png');
    const original = await test.call({ method: 'GET', url: (await call('GET', files(site, `/${logo.id}/download`))).json().url });
    expect(entries.get('Grafiki/logo.png')!.equals(original.rawPayload)).toBe(true);

    for (const n of ['999999', 'x', '0']) {
      const missing = await call('DELETE', files(site, `/${graphics.id}/download/${n}`));
      expect(missing.statusCode, n).toBe(404);
      expect(missing.json().detail).toBe('Nie znaleziono archiwum folderu.');
    }
    // Archive n belongs to its folder: named through another folder it is not there.
    const documents = root.files.find((entry: { name: string }) => entry.name === 'Dokumenty');
    expect((await call('DELETE', files(site, `/${documents.id}/download/${archive.id}`))).statusCode).toBe(404);
    expect((await call('DELETE', files(site, `/${graphics.id}/download/${archive.id}`))).statusCode).toBe(204);
    expect((await call('GET', files(site, `/${graphics.id}/download`))).statusCode).toBe(409);
    expect((await test.call({ method: 'GET', url: link.url })).statusCode).toBe(404);
  });

  it('a ready archive counts against the quota, and gives it back when replaced, removed or deleted with its folder', async () => {
    const root = await rootOf(newsletter);
    const folder = await newFolder(newsletter, root.id, 'Do spakowania');
    expect((await upload(newsletter, folder.id, { name: 'tekst.txt', type: 'text/plain', data: Buffer.alloc(1000, 97) })).statusCode).toBe(201);
    const before = await used(newsletter);
    const prepared = async () => {
      const queued = await call('PUT', files(newsletter, `/${folder.id}/prepare`));
      expect(queued.statusCode, queued.body).toBe(202);
      const link = await archiveLink(newsletter, folder.id, queued.json().id);
      return { id: queued.json().id as number, bytes: (await test.call({ method: 'GET', url: link.url })).rawPayload.length };
    };
    const first = await prepared();
    expect(first.bytes).toBeGreaterThan(1000);
    expect(await used(newsletter)).toBe(before + first.bytes);
    // A new archive replaces the older one: the quota counts the folder's archive once, so it fits even with no room left.
    const { rows } = await test.ctx.db.query<{ available: string }>('SELECT site_size_available AS available FROM client_services WHERE id = $1', [newsletter]);
    await test.ctx.db.query('UPDATE client_services SET site_size_available = site_size_used WHERE id = $1', [newsletter]);
    const second = await prepared().finally(() => test.ctx.db.query('UPDATE client_services SET site_size_available = $2 WHERE id = $1', [newsletter, rows[0].available]));
    expect(second.bytes).toBe(first.bytes);
    expect(await used(newsletter)).toBe(before + second.bytes);
    expect((await call('DELETE', files(newsletter, `/${folder.id}/download/${second.id}`))).statusCode).toBe(204);
    expect(await used(newsletter)).toBe(before);
    await prepared();
    expect((await call('DELETE', files(newsletter, `/${folder.id}`))).statusCode).toBe(204);
    expect(await used(newsletter)).toBe(before - 1000);
  });

  it('an archive a day old is removed by the hourly job and gives its quota back', async () => {
    const root = await rootOf(newsletter);
    const folder = await newFolder(newsletter, root.id, 'Stare archiwum');
    expect((await upload(newsletter, folder.id, { name: 'stary.txt', type: 'text/plain', data: Buffer.alloc(500, 97) })).statusCode).toBe(201);
    const before = await used(newsletter);
    const queued = (await call('PUT', files(newsletter, `/${folder.id}/prepare`))).json();
    const link = await archiveLink(newsletter, folder.id, queued.id);
    await removeExpiredArchives(test.app);
    expect(await used(newsletter)).toBeGreaterThan(before);
    await test.ctx.db.query("UPDATE disk_archives SET finished_at = now() - interval '25 hours' WHERE id = $1", [queued.id]);
    await removeExpiredArchives(test.app);
    expect(await used(newsletter)).toBe(before);
    expect((await call('GET', files(newsletter, `/${folder.id}/download`))).statusCode).toBe(409);
    expect((await test.call({ method: 'GET', url: link.url })).statusCode).toBe(404);
  });

  it('a service near its quota cannot prepare an archive bigger than the room left: 413 in Polish, nothing queued', async () => {
    const root = await rootOf(newsletter);
    const folder = await newFolder(newsletter, root.id, 'Za duży');
    expect((await upload(newsletter, folder.id, { name: 'duzy.txt', type: 'text/plain', data: Buffer.alloc(5000, 97) })).statusCode).toBe(201);
    const { rows } = await test.ctx.db.query<{ available: string }>('SELECT site_size_available AS available FROM client_services WHERE id = $1', [newsletter]);
    await test.ctx.db.query('UPDATE client_services SET site_size_available = site_size_used + 1000 WHERE id = $1', [newsletter]);
    try {
      const refused = await call('PUT', files(newsletter, `/${folder.id}/prepare`));
      expect(refused.statusCode).toBe(413);
      expect(refused.json().detail).toBe('Brak miejsca w usłudze: archiwum folderu przekroczyłoby przydzieloną przestrzeń dyskową.');
      expect((await test.ctx.db.query('SELECT 1 FROM disk_archives WHERE directory_id = $1', [folder.id])).rows).toEqual([]);
    } finally {
      await test.ctx.db.query('UPDATE client_services SET site_size_available = $2 WHERE id = $1', [newsletter, rows[0].available]);
    }
  });
});

describe('signed download links', () => {
  const refusedLink = async (url: string) => {
    const response = await test.call({ method: 'GET', url });
    expect(response.statusCode, url).toBe(404);
    expect(response.json().detail, url).toBe('Odnośnik do pliku wygasł lub jest nieprawidłowy.');
  };

  it('a disk token opens the disk download only, exactly as given: not /api/files/signed, not with anything appended, cut or re-encoded', async () => {
    const root = await rootOf(site);
    const readme = root.files.find((entry: { name: string }) => entry.name === 'Czytaj mnie.txt');
    const { url } = (await call('GET', files(site, `/${readme.id}/download`))).json() as { url: string };
    expect((await test.call({ method: 'GET', url })).statusCode).toBe(200);
    const token = new URLSearchParams(url.slice(url.indexOf('?'))).get('token')!;
    const [key, expires, signature] = token.split('.');
    await refusedLink(`/api/files/signed/${token}`);
    for (const wrong of [`${token}.junk`, `${token}junk`, `${token}/x`, token.slice(0, -1), `${key}.${expires}`, `${key}.0${expires}.${signature}`, `${key}=.${expires}.${signature}`]) {
      await refusedLink(`/api/disk/download?token=${encodeURIComponent(wrong)}`);
    }
  });
});
