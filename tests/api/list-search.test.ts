import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app';
import { serviceOf } from './schema-fixtures';
import type { Registry } from '../../src/common/schema';
import { serverRegistry } from '../../src/server/schema';
import { ensureSearchTexts } from '../../src/server/schema/search-texts';

// Cold searches (issue 20): an uncached list search reads the kept search texts
// (module_search_texts) instead of the records; its pages and exact total must be the ones the
// records' fields say, after every kind of write and after a schema's search fields change.
let app: TestApp;
let token: string;
let service: number;
const RECIPIENTS = 1500;

beforeAll(async () => {
  app = await createTestApp({ listCache: false });
  token = (await app.login('klient')).access_token;
  service = await serviceOf(app, 'klient', 9);
  await app.ctx.db.query("DELETE FROM module_records WHERE resource = 'recipients' AND client_service_id = $1", [service]);
  await app.call({ method: 'POST', url: `/api/client_service/${service}/module/tags`, token, payload: { name: 'czerwoni' } });
  // Written past the engine (as an import does), other records in between; some lack a name.
  await app.ctx.db.query(
    `INSERT INTO module_records (resource, client_service_id, data)
     SELECT CASE WHEN g % 7 = 0 THEN 'news_categories' ELSE 'recipients' END, $1,
            jsonb_strip_nulls(jsonb_build_object('name', CASE WHEN g % 11 = 0 THEN NULL ELSE 'Odbiorca ' || g END, 'email', 'odbiorca' || g || '@Example.com',
                                                 'tags', CASE WHEN g % 3 = 0 THEN '["czerwoni"]'::jsonb ELSE '[]'::jsonb END))
       FROM generate_series(1, ${RECIPIENTS}) g`,
    [service],
  );
});
afterAll(() => app?.close());

const base = () => `/api/client_service/${service}/module/recipients`;
// Every record, all but the few renamed, a tenth, a few, one field's end and start together, none;
// % and _ are literal. Where most match, the blocks are counted from those that do not.
const TERMS = ['@EXAMPLE', 'ODBIORCA', 'odbiorca1', 'odbiorca 12', '99@', 'ca 7', 'nikt', '%', 'a_1'];

/** The ids the records' own fields match (name or e-mail containing the term, any case), in the list's order. */
async function expectedIds(term: string, order: 'ASC' | 'DESC', tag: string | null = null): Promise<number[]> {
  const pattern = `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const { rows } = await app.ctx.db.query<{ id: number }>(
    `SELECT id FROM module_records WHERE resource = 'recipients' AND client_service_id = $1
        AND (lower(data->>'name') LIKE $2 OR lower(data->>'email') LIKE $2) ${tag ? "AND data->'tags' @> $3::jsonb" : ''} ORDER BY id ${order}`,
    tag ? [service, pattern, JSON.stringify([tag])] : [service, pattern],
  );
  return rows.map((row) => Number(row.id));
}

/** First, middle, last and one past the last page of every term, both orders, alone and with a tag. */
async function expectSearchesAsTheRecordsSay() {
  for (const term of TERMS) {
    for (const [order, tag] of [['DESC', null], ['ASC', null], ['DESC', 'czerwoni']] as const) {
      const ids = await expectedIds(term, order, tag);
      const perPage = 40;
      const last = Math.max(1, Math.ceil(ids.length / perPage));
      for (const page of new Set([1, Math.ceil(last / 2), last, last + 1])) {
        const url = `${base()}?search=${encodeURIComponent(term)}&per_page=${perPage}&page=${page}&order=${order}${tag ? `&tag=${tag}` : ''}`;
        const answer = (await app.call({ method: 'GET', url, token })).json();
        expect({ term, order, tag, page, ids: answer.data.map((r: { id: number }) => r.id), total: answer.pagination.total }).toEqual({
          term,
          order,
          tag,
          page,
          ids: ids.slice((page - 1) * perPage, page * perPage),
          total: ids.length,
        });
      }
    }
  }
}

/** Records of `resource` whose kept search text is not their fields' text anew, or missing, or left over. */
async function textsNotAsTheRecords(resource: string, fields: string[] | null): Promise<number> {
  const { rows } = await app.ctx.db.query<{ differing: number }>(
    `SELECT count(*)::int AS differing FROM (
       (SELECT id, client_service_id, text FROM module_search_texts WHERE resource = $1
        EXCEPT
        SELECT id, coalesce(client_service_id, 0), module_search_text($2, data) FROM module_records WHERE resource = $1 AND $2 IS NOT NULL)
       UNION ALL
       (SELECT id, coalesce(client_service_id, 0), module_search_text($2, data) FROM module_records WHERE resource = $1 AND $2 IS NOT NULL
        EXCEPT
        SELECT id, client_service_id, text FROM module_search_texts WHERE resource = $1)
     ) differences`,
    [resource, fields],
  );
  return rows[0].differing;
}

/** The registry with the recipients' list searching `search` instead. */
function withRecipientsSearch(registry: Registry, search: string[] | undefined): Registry {
  return {
    ...registry,
    modules: registry.modules.map((module) =>
      module.admin.resource === 'recipients' ? { ...module, admin: { ...module.admin, list: { ...module.admin.list, search } } } : module,
    ),
  };
}

describe('an uncached list search', () => {
  it('finds the pages and the exact total the records say, after writes of every kind', async () => {
    expect(await textsNotAsTheRecords('recipients', ['name', 'email'])).toBe(0);
    await expectSearchesAsTheRecordsSay();

    const [first, second] = await expectedIds('odbiorca', 'ASC');
    expect((await app.call({ method: 'PUT', url: `${base()}/${second}`, token, payload: { name: 'Zmieniony 99', email: 'inny@example.com', tags: [] } })).statusCode).toBe(200);
    expect((await app.call({ method: 'DELETE', url: `${base()}/${first}`, token })).statusCode).toBe(204);
    expect((await app.call({ method: 'POST', url: base(), token, payload: { name: 'Nowa Odbiorca 1', email: 'nowa@example.com', tags: ['czerwoni'] } })).statusCode).toBe(201);
    // Past the engine: a bulk rename, a bulk change that leaves the texts as they were, a bulk delete.
    await app.ctx.db.query(`UPDATE module_records SET data = data || jsonb_build_object('name', 'Przemianowany ' || id) WHERE resource = 'recipients' AND client_service_id = $1 AND id % 5 = 0`, [service]);
    await app.ctx.db.query(`UPDATE module_records SET data = data || '{"tags": ["czerwoni"]}' WHERE resource = 'recipients' AND client_service_id = $1 AND id % 4 = 0`, [service]);
    await app.ctx.db.query(`DELETE FROM module_records WHERE resource = 'recipients' AND client_service_id = $1 AND id % 9 = 0`, [service]);
    expect(await textsNotAsTheRecords('recipients', ['name', 'email'])).toBe(0);
    await expectSearchesAsTheRecordsSay();
  });

  it('reads the fields the schema searches now: its texts are written anew at start when they change', async () => {
    const registry = serverRegistry(app.config);
    await ensureSearchTexts(app.ctx.db, withRecipientsSearch(registry, ['email']));
    expect(await textsNotAsTheRecords('recipients', ['email'])).toBe(0);
    await ensureSearchTexts(app.ctx.db, withRecipientsSearch(registry, undefined));
    expect(await textsNotAsTheRecords('recipients', null)).toBe(0);
    await ensureSearchTexts(app.ctx.db, registry);
    expect(await textsNotAsTheRecords('recipients', ['name', 'email'])).toBe(0);
    await expectSearchesAsTheRecordsSay();
  });

  it("keeps the trigram index's list of texts not merged into it short, on an index made before the limit too", async () => {
    const db = app.ctx.db;
    const options = async () => (await db.query<{ options: string[] | null }>("SELECT reloptions AS options FROM pg_class WHERE relname = 'module_search_texts_trgm'")).rows[0]?.options;
    if ((await db.query("SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm'")).rows.length === 0) {
      expect(await options()).toBeUndefined();
      return;
    }
    expect(await options()).toEqual(['gin_pending_list_limit=256']);
    // As an index made before: the default limit (4 MB), and texts written since waiting in its list.
    await db.query('ALTER INDEX module_search_texts_trgm RESET (gin_pending_list_limit)');
    await db.query(
      `INSERT INTO module_records (resource, client_service_id, data)
       SELECT 'recipients', $1, jsonb_build_object('name', 'Późniejszy ' || g, 'email', 'pozniejszy' || g || '@example.com') FROM generate_series(1, 3000) g`,
      [service],
    );
    await ensureSearchTexts(db, serverRegistry(app.config));
    expect(await options()).toEqual(['gin_pending_list_limit=256']);
    expect((await db.query<{ pages: number }>("SELECT gin_clean_pending_list('module_search_texts_trgm'::regclass) AS pages")).rows[0].pages).toBe(0);
    await expectSearchesAsTheRecordsSay();
  });

  it('keeps no texts of a service once it is deleted', async () => {
    await app.ctx.db.query('DELETE FROM client_services WHERE id = $1', [service]);
    const { rows } = await app.ctx.db.query<{ kept: number }>('SELECT count(*)::int AS kept FROM module_search_texts WHERE client_service_id = $1', [service]);
    expect(rows[0].kept).toBe(0);
  });
});
