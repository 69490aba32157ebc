import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app';
import { multipart, PNG, serviceOf } from './schema-fixtures';
import { ensureIndexes } from '../../src/server/schema/indexes';
import { serverRegistry } from '../../src/server/schema';

let test: TestApp;
let klient: string;
let site: number;
let newsletter: number;

// Injected failures: a record named FAILS_AFTER_WRITE breaks its transaction right after its row is
// written (before the list version and the files); one named FAILS_AT_COMMIT breaks the COMMIT itself,
// after its file was moved into place.
const FAILS_AFTER_WRITE = 'Awaria po zapisie';
const FAILS_AT_COMMIT = 'Awaria zatwierdzenia';

beforeAll(async () => {
  test = await createTestApp();
  klient = (await test.login('klient')).access_token;
  site = await serviceOf(test, 'klient', 1);
  newsletter = await serviceOf(test, 'klient', 9);
  await test.ctx.db.query(`CREATE FUNCTION fail_after_write() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.data->>'name' = '${FAILS_AFTER_WRITE}' THEN RAISE EXCEPTION 'injected failure'; END IF;
      RETURN NULL;
    END $$`);
  await test.ctx.db.query('CREATE TRIGGER fail_after_write AFTER INSERT OR UPDATE ON module_records FOR EACH ROW EXECUTE FUNCTION fail_after_write()');
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

  it.each([FAILS_AFTER_WRITE, FAILS_AT_COMMIT])('leaves no file and no record when a create fails (%s), and the cached list stays right', async (name) => {
    const before = (await test.call({ method: 'GET', url: list(), token: klient })).json();
    const filesBefore = await storedFiles();

    expect((await send('POST', upload(), { name })).statusCode).toBe(500);

    expect(await storedFiles()).toEqual(filesBefore);
    expect((await test.call({ method: 'GET', url: list(), token: klient })).json()).toEqual(before);
  });

  it.each([FAILS_AFTER_WRITE, FAILS_AT_COMMIT])('keeps the old photo and values when an update with a new photo fails (%s)', async (name) => {
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
    await test.call({ method: 'POST', url: `/api/client_service/${newsletter}/module/tags`, token: klient, payload: { name: 'liczeni' } });
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

describe('list search over several fields', () => {
  const base = () => `/api/client_service/${newsletter}/module/recipients`;
  const trigramIndexes = async () =>
    (await test.ctx.db.query<{ indexname: string }>("SELECT indexname FROM pg_indexes WHERE indexname LIKE 'mr_recipients_%_trgm_%' OR indexname LIKE 'module_search_texts_trgm'")).rows.map((row) => row.indexname);

  // Whether searches use the index shows in `npm run bench` (recipients searched among 100,000).
  it('finds a term in any field, never across two, with one trigram index of the kept search texts', async () => {
    await test.call({ method: 'POST', url: base(), token: klient, payload: { name: 'Szukana Osoba', email: 'szukana@przyklad.pl' } });
    const found = async (term: string) =>
      (await test.call({ method: 'GET', url: `${base()}?search=${encodeURIComponent(term)}`, token: klient })).json().data.map((r: { email: string }) => r.email);
    expect(await found('SZUKANA OS')).toEqual(['szukana@przyklad.pl']);
    expect(await found('przyklad.pl')).toEqual(['szukana@przyklad.pl']);
    // The kept text joins the fields with a line break: a term spanning it matches no one field.
    expect(await found('osoba\nszukana')).toEqual([]);
    expect(await trigramIndexes()).toEqual(['module_search_texts_trgm']);
  });

  it('drops at start an index of the engine that no module declares any more', async () => {
    await test.ctx.db.query("CREATE INDEX mr_recipients_name_trgm_00000000 ON module_records USING GIN (lower(data->>'name') gin_trgm_ops) WHERE resource = 'recipients'");
    await ensureIndexes(test.ctx.db, serverRegistry(test.config), () => undefined);
    expect(await trigramIndexes()).toEqual(['module_search_texts_trgm']);
  });
});

describe.each([true, false])('lists through writes (list cache %s)', (listCache) => {
  let app: TestApp;
  let token: string;
  let service: number;
  beforeAll(async () => {
    app = await createTestApp({ listCache });
    token = (await app.login('klient')).access_token;
    service = await serviceOf(app, 'klient', 9);
    // Only the records this test writes: the demo's recipients out of the way (before any list is cached).
    await app.ctx.db.query("DELETE FROM module_records WHERE resource = 'recipients' AND client_service_id = $1", [service]);
  });
  afterAll(() => app?.close());
  const base = () => `/api/client_service/${service}/module/recipients`;
  type Recipient = { id: number; name: string; email: string; tags: string[] };
  const shapes: { query: string; matches: (r: Recipient) => boolean }[] = [
    { query: '', matches: () => true },
    { query: '&tag=czerwoni', matches: (r) => r.tags.includes('czerwoni') },
    { query: `&search=${encodeURIComponent('KOLOR 1')}`, matches: (r) => r.name.toLowerCase().includes('kolor 1') || r.email.includes('kolor 1') },
  ];
  const get = async (url: string) => (await app.call({ method: 'GET', url, token })).json();

  /** Every page of every list shape equals what the records written so far say. */
  async function expectPagesOf(records: Map<number, Recipient>) {
    for (const shape of shapes) {
      const expected = [...records.values()].filter(shape.matches).sort((a, b) => b.id - a.id).map((r) => r.id);
      for (let page = 1; page <= Math.ceil(expected.length / 4) + 1; page += 1) {
        const answer = await get(`${base()}?per_page=4&page=${page}${shape.query}`);
        expect({ shape: shape.query, page, ids: answer.data.map((r: Recipient) => r.id), total: answer.pagination.total }).toEqual({
          shape: shape.query,
          page,
          ids: expected.slice((page - 1) * 4, page * 4),
          total: expected.length,
        });
      }
    }
  }

  it('shows every create, update and delete on every page of a cached list, filtered or searched', async () => {
    const records = new Map<number, Recipient>();
    const save = async (method: 'POST' | 'PUT', url: string, body: Omit<Recipient, 'id'>) => {
      const response = await app.call({ method, url, token, payload: body });
      expect(response.statusCode).toBeLessThan(300);
      const saved = response.json() as Recipient;
      records.set(saved.id, saved);
      return saved;
    };
    const recipient = (i: number, tag: string) => ({ name: `Kolor ${i}`, email: `kolor${i}@example.com`, tags: [tag] });
    // Recipients' tags name the service's tags.
    for (const name of ['czerwoni', 'niebiescy']) await app.call({ method: 'POST', url: base().replace(/recipients$/, 'tags'), token, payload: { name } });
    for (let i = 1; i <= 14; i += 1) await save('POST', base(), recipient(i, i % 3 ? 'czerwoni' : 'niebiescy'));
    await expectPagesOf(records);

    const [first, second, third] = [...records.keys()];
    await save('PUT', `${base()}/${second}`, recipient(2, 'niebiescy'));
    await expectPagesOf(records);
    await save('PUT', `${base()}/${third}`, { ...recipient(3, 'czerwoni'), name: 'Bez numeru' });
    await expectPagesOf(records);
    expect((await app.call({ method: 'DELETE', url: `${base()}/${first}`, token })).statusCode).toBe(204);
    records.delete(first);
    await expectPagesOf(records);
    await save('POST', base(), recipient(15, 'czerwoni'));
    await save('POST', base(), recipient(16, 'niebiescy'));
    await expectPagesOf(records);
  });
});
