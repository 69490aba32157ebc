import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app';
import { multipart, PNG, serviceOf } from './schema-fixtures';

let test: TestApp;
let klient: string;
let site: number;
let newsletter: number;

// Injected failures: a record named FAILS_AT_VERSION breaks the list version bump that follows its
// write; one named FAILS_AT_COMMIT breaks the COMMIT itself, after its file was moved into place.
const FAILS_AT_VERSION = 'Awaria wersji listy';
const FAILS_AT_COMMIT = 'Awaria zatwierdzenia';

beforeAll(async () => {
  test = await createTestApp();
  klient = (await test.login('klient')).access_token;
  site = await serviceOf(test, 'klient', 1);
  newsletter = await serviceOf(test, 'klient', 9);
  await test.ctx.db.query(`CREATE FUNCTION fail_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF EXISTS (SELECT 1 FROM module_records WHERE data->>'name' = '${FAILS_AT_VERSION}') THEN RAISE EXCEPTION 'injected failure'; END IF;
      RETURN NEW;
    END $$`);
  await test.ctx.db.query('CREATE TRIGGER fail_version_bump BEFORE INSERT OR UPDATE ON module_versions FOR EACH ROW EXECUTE FUNCTION fail_version_bump()');
  await test.ctx.db.query(`CREATE FUNCTION fail_on_commit() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.data->>'name' = '${FAILS_AT_COMMIT}' THEN RAISE EXCEPTION 'injected failure'; END IF;
      RETURN NULL;
    END $$`);
  await test.ctx.db.query(`CREATE CONSTRAINT TRIGGER fail_on_commit AFTER INSERT OR UPDATE ON module_records
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION fail_on_commit()`);
});
afterAll(() => test?.close());

const uploadsDir = () => path.join(test.config.dataDir, 'uploads');
const storedFiles = async () => (await readdir(uploadsDir()).catch(() => [])).sort();

describe('a schema write and its files commit together', () => {
  const list = () => `/api/client_service/${site}/module/news_categories?per_page=100`;
  const upload = () => `/api/client_service/${site}/upload/news_categories`;
  const send = (method: 'POST' | 'PUT', url: string, payload: unknown) => {
    const body = multipart(payload, { name: 'a.png', type: 'image/png', data: PNG });
    return test.call({ method, url, token: klient, payload: body.payload, headers: body.headers });
  };

  it.each([FAILS_AT_VERSION, FAILS_AT_COMMIT])('leaves no file and no record when a create fails (%s), and the cached list stays right', async (name) => {
    const before = (await test.call({ method: 'GET', url: list(), token: klient })).json();
    const filesBefore = await storedFiles();

    expect((await send('POST', upload(), { name })).statusCode).toBe(500);

    expect(await storedFiles()).toEqual(filesBefore);
    expect((await test.call({ method: 'GET', url: list(), token: klient })).json()).toEqual(before);
  });

  it.each([FAILS_AT_VERSION, FAILS_AT_COMMIT])('keeps the old photo and values when an update with a new photo fails (%s)', async (name) => {
    const category = (await send('POST', upload(), { name: `Podróże ${name}` })).json();
    const filesBefore = await storedFiles();
    const listBefore = (await test.call({ method: 'GET', url: list(), token: klient })).json();

    expect((await send('PUT', `${upload()}/${category.id}`, { name })).statusCode).toBe(500);

    expect(await storedFiles()).toEqual(filesBefore);
    expect((await test.call({ method: 'GET', url: `/api/client_service/${site}/module/news_categories/${category.id}`, token: klient })).json()).toEqual(category);
    expect((await test.call({ method: 'GET', url: category.photo_uri })).statusCode).toBe(200);
    expect((await test.call({ method: 'GET', url: list(), token: klient })).json()).toEqual(listBefore);
  });

  it('shows a committed write in the next list at once', async () => {
    const before = (await test.call({ method: 'GET', url: list(), token: klient })).json();
    const created = (await send('POST', upload(), { name: 'Ogrody' })).json();
    const after = (await test.call({ method: 'GET', url: list(), token: klient })).json();
    expect(after.pagination.total).toBe(before.pagination.total + 1);
    expect(after.data.map((c: { id: number }) => c.id)).toContain(created.id);
    expect(await storedFiles()).toContain(path.basename(created.photo_uri));
  });
});

describe('list totals', () => {
  const base = () => `/api/client_service/${newsletter}/module/recipients`;

  it('counts a list exactly however deep the page', async () => {
    const { rows } = await test.ctx.db.query<{ count: number }>(
      "SELECT count(*)::int AS count FROM module_records WHERE resource = 'recipients' AND client_service_id = $1",
      [newsletter],
    );
    const start = rows[0].count;
    for (let i = 1; i <= 5; i += 1) {
      await test.call({ method: 'POST', url: base(), token: klient, payload: { name: `Liczony ${i}`, email: `liczony${i}@example.com`, tags: ['liczeni'] } });
    }
    const all = (await test.call({ method: 'GET', url: `${base()}?per_page=2&page=3`, token: klient })).json();
    expect(all.pagination.total).toBe(start + 5);
    const tagged = (await test.call({ method: 'GET', url: `${base()}?tag=liczeni&per_page=2&page=3`, token: klient })).json();
    expect(tagged).toMatchObject({ data: [{ name: 'Liczony 1' }], pagination: { total: 5 } });
    const searched = (await test.call({ method: 'GET', url: `${base()}?search=${encodeURIComponent('LICZONY')}&per_page=2&page=9`, token: klient })).json();
    expect(searched).toEqual({ data: [], pagination: { total: 5 } });
  });
});
