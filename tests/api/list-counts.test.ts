import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app';
import { serviceOf } from './schema-fixtures';
import { LIST_BUCKET_IDS } from '../../src/server/schema/list-counts';

// Lists without their cache (issue 20): a page of an id-sorted list is found by number from the
// counts per block of ids (module_list_counts), not by an OFFSET walk; it must be the very page
// the records say, with the exact total, after every kind of write.
let app: TestApp;
let token: string;
let service: number;
const RECIPIENTS = 2 * LIST_BUCKET_IDS + 300;

beforeAll(async () => {
  app = await createTestApp({ listCache: false });
  token = (await app.login('klient')).access_token;
  service = await serviceOf(app, 'klient', 9);
  await app.ctx.db.query("DELETE FROM module_records WHERE resource = 'recipients' AND client_service_id = $1", [service]);
  for (const name of ['czerwoni', 'niebiescy']) await app.call({ method: 'POST', url: `/api/client_service/${service}/module/tags`, token, payload: { name } });
  // Written past the engine (as an import does), with other records' ids in between: blocks of ids hold gaps.
  await app.ctx.db.query(
    `INSERT INTO module_records (resource, client_service_id, data)
     SELECT CASE WHEN g % 7 = 0 THEN 'news_categories' ELSE 'recipients' END, $1,
            jsonb_build_object('name', 'Odbiorca ' || g, 'email', 'odbiorca' || g || '@example.com', 'tags', CASE WHEN g % 3 = 0 THEN '["czerwoni", "czerwoni"]'::jsonb ELSE '["niebiescy"]'::jsonb END)
       FROM generate_series(1, ${RECIPIENTS}) g`,
    [service],
  );
});
afterAll(() => app?.close());

const base = () => `/api/client_service/${service}/module/recipients`;

/** The ids of the list in its order, as the records say. */
async function expectedIds(tag: string | null, order: 'ASC' | 'DESC'): Promise<number[]> {
  const { rows } = await app.ctx.db.query<{ id: number }>(
    `SELECT id FROM module_records WHERE resource = 'recipients' AND client_service_id = $1 ${tag ? "AND data->'tags' @> $2::jsonb" : ''} ORDER BY id ${order}`,
    tag ? [service, JSON.stringify([tag])] : [service],
  );
  return rows.map((row) => Number(row.id));
}

/** Pages across block edges, the last one and one past it, in both orders, unfiltered and by tag. */
async function expectPagesAsTheRecordsSay() {
  for (const tag of [null, 'czerwoni', 'niebiescy']) {
    for (const order of ['DESC', 'ASC'] as const) {
      const ids = await expectedIds(tag, order);
      const perPage = 50;
      const last = Math.ceil(ids.length / perPage);
      for (const page of [1, 2, 17, 20, 21, Math.floor(last / 2), last - 1, last, last + 1]) {
        const answer = (await app.call({ method: 'GET', url: `${base()}?per_page=${perPage}&page=${page}&order=${order}${tag ? `&tag=${tag}` : ''}`, token })).json();
        expect({ tag, order, page, ids: answer.data.map((r: { id: number }) => r.id), total: answer.pagination.total }).toEqual({
          tag,
          order,
          page,
          ids: ids.slice((page - 1) * perPage, page * perPage),
          total: ids.length,
        });
      }
    }
  }
}

/** The kept counts equal counting the records anew. */
async function expectCountsAsARecount() {
  const { rows } = await app.ctx.db.query<{ differing: number }>(
    `SELECT count(*)::int AS differing FROM (
       (SELECT field, value, bucket, sum(count) AS n FROM module_list_counts WHERE resource = 'recipients' AND client_service_id = $1 GROUP BY 1, 2, 3 HAVING sum(count) <> 0
        EXCEPT
        SELECT k.field, k.value, r.id / ${LIST_BUCKET_IDS}, count(*) FROM module_records r CROSS JOIN LATERAL module_list_keys(r.resource, r.data) k
         WHERE r.resource = 'recipients' AND r.client_service_id = $1 GROUP BY 1, 2, 3)
       UNION ALL
       (SELECT k.field, k.value, r.id / ${LIST_BUCKET_IDS}, count(*) FROM module_records r CROSS JOIN LATERAL module_list_keys(r.resource, r.data) k
         WHERE r.resource = 'recipients' AND r.client_service_id = $1 GROUP BY 1, 2, 3
        EXCEPT
        SELECT field, value, bucket, sum(count) FROM module_list_counts WHERE resource = 'recipients' AND client_service_id = $1 GROUP BY 1, 2, 3 HAVING sum(count) <> 0)
     ) differences`,
    [service],
  );
  expect(rows[0].differing).toBe(0);
}

describe('pages of an uncached list found by number from its counts', () => {
  it('are the pages the records say, with the exact total, after writes of every kind', async () => {
    await expectCountsAsARecount();
    await expectPagesAsTheRecordsSay();

    const [first, second, third] = await expectedIds(null, 'ASC');
    const put = await app.call({ method: 'PUT', url: `${base()}/${second}`, token, payload: { name: 'Zmieniony', email: 'zmieniony@example.com', tags: ['czerwoni', 'niebiescy'] } });
    expect(put.statusCode).toBe(200);
    expect((await app.call({ method: 'DELETE', url: `${base()}/${first}`, token })).statusCode).toBe(204);
    const created = await app.call({ method: 'POST', url: base(), token, payload: { name: 'Nowy', email: 'nowy@example.com', tags: ['niebiescy'] } });
    expect(created.statusCode).toBe(201);
    // Past the engine: a bulk change of tags, a bulk delete across a block edge, a removed service's cascade.
    await app.ctx.db.query(`UPDATE module_records SET data = data || '{"tags": ["niebiescy"]}' WHERE resource = 'recipients' AND client_service_id = $1 AND id % 5 = 0`, [service]);
    await app.ctx.db.query('DELETE FROM module_records WHERE resource = $1 AND client_service_id = $2 AND id BETWEEN $3 AND $4', ['recipients', service, third, third + LIST_BUCKET_IDS]);
    await expectCountsAsARecount();
    await expectPagesAsTheRecordsSay();
  });

  it('and a searched or otherwise sorted list, which has no counts, still gets its page and its exact total', async () => {
    const { rows } = await app.ctx.db.query<{ id: number }>(
      "SELECT id FROM module_records WHERE resource = 'recipients' AND client_service_id = $1 AND lower(data->>'email') LIKE '%odbiorca1%' ORDER BY data->'name' DESC, id DESC",
      [service],
    );
    const ids = rows.map((row) => Number(row.id));
    for (const page of [1, 7, Math.ceil(ids.length / 20)]) {
      const answer = (await app.call({ method: 'GET', url: `${base()}?search=ODBIORCA1&sort=name&order=DESC&per_page=20&page=${page}`, token })).json();
      expect({ page, ids: answer.data.map((r: { id: number }) => r.id), total: answer.pagination.total }).toEqual({ page, ids: ids.slice((page - 1) * 20, page * 20), total: ids.length });
    }
  });

  it('finds a page whose few matches lie blocks apart, tagged or searched, through the list\'s index', async () => {
    // One rare recipient per block of ids, other records' ids between them: a page of four spans four blocks.
    await app.call({ method: 'POST', url: `${base().replace('recipients', 'tags')}`, token, payload: { name: 'rzadcy' } });
    await app.ctx.db.query(
      `INSERT INTO module_records (resource, client_service_id, data)
       SELECT CASE WHEN g % ${LIST_BUCKET_IDS} = 0 THEN 'recipients' ELSE 'news_categories' END, $1,
              jsonb_build_object('name', 'Rzadki ' || g, 'email', 'rzadki' || g || '@example.com', 'tags', '["rzadcy"]'::jsonb)
         FROM generate_series(1, ${9 * LIST_BUCKET_IDS}) g`,
      [service],
    );
    const { rows } = await app.ctx.db.query<{ id: number }>("SELECT id FROM module_records WHERE resource = 'recipients' AND client_service_id = $1 AND data->>'name' LIKE 'Rzadki %' ORDER BY id", [service]);
    const rare = rows.map((row) => Number(row.id));
    expect(rare).toHaveLength(9);
    for (const list of ['&tag=rzadcy', '&search=RZADKI']) {
      for (const order of ['ASC', 'DESC'] as const) {
        const ids = order === 'ASC' ? rare : [...rare].reverse();
        for (const page of [1, 2, 3, 4]) {
          const answer = (await app.call({ method: 'GET', url: `${base()}?per_page=4&page=${page}&order=${order}${list}`, token })).json();
          expect({ list, order, page, ids: answer.data.map((r: { id: number }) => r.id), total: answer.pagination.total }).toEqual({
            list,
            order,
            page,
            ids: ids.slice((page - 1) * 4, page * 4),
            total: 9,
          });
        }
      }
    }
  });

  it('keep no counts of a service once it is deleted', async () => {
    await app.ctx.db.query('DELETE FROM client_services WHERE id = $1', [service]);
    const { rows } = await app.ctx.db.query<{ listed: number }>('SELECT coalesce(sum(count), 0)::int AS listed FROM module_list_counts WHERE client_service_id = $1', [service]);
    expect(rows[0].listed).toBe(0);
  });
});
