import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DeliveredModule, type ListedState, listedUpdater, ordersTextByCodePoint, readListed, servedModules } from '../../src/modules/site/server/delivery/records';
import { serverRegistry } from '../../src/server/schema/settings';
import { serviceOf } from './schema-fixtures';
import { createTestApp, type TestApp } from './support/app';

/**
 * The delivery API's kept list of a service's published news, updated from the records each write
 * changed (site_delivery_changes, migration 256): always exactly the list reading them all gives.
 */
let test: TestApp;
let site: number;
let news: DeliveredModule;
let codePointOrder: boolean;
const updateListed = listedUpdater();
const HOUR = 3_600_000;
const at = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

beforeAll(async () => {
  test = await createTestApp();
  site = await serviceOf(test, 'klient', 1);
  news = servedModules(serverRegistry(test.config).modules).find(({ module }) => module.admin.resource === 'news_items')!;
  codePointOrder = await ordersTextByCodePoint(test.ctx.db);
}, 60_000);
afterAll(async () => {
  await test?.close();
});

const sql = (text: string, params: unknown[] = []) => test.ctx.db.query(text, params);
const versionOf = async (resource = 'news_items') =>
  Number((await sql('SELECT coalesce(max(version), 0) AS version FROM site_delivery_versions WHERE client_service_id = $1 AND resource = $2', [site, resource])).rows[0]?.version ?? 0);
const insertNews = async (data: Record<string, unknown>) =>
  Number((await sql(`INSERT INTO module_records (resource, client_service_id, data) VALUES ('news_items', $1, $2) RETURNING id`, [site, data])).rows[0].id);
const ids = (state: ListedState | undefined) => state?.listed.map(({ id }) => id);

describe('a kept list of delivered news', () => {
  it('updated by the records each write changed, is the list reading them all gives', async () => {
    const category = Number((await sql(`SELECT id FROM module_records WHERE resource = 'news_categories' AND client_service_id = $1 LIMIT 1`, [site])).rows[0].id);
    const item = (title: string, hours: number, extra: Record<string, unknown> = {}) => ({ category_id: category, title, date: at(hours), published: true, ...extra });
    let held = await readListed(test.ctx.db, news, site);
    let heldVersion = await versionOf();
    const first = await insertNews(item('Pierwsza', -10));
    const steps: [string, () => Promise<unknown>][] = [
      ['inserts', async () => sql(`INSERT INTO module_records (resource, client_service_id, data) SELECT 'news_items', $1, $2::jsonb || jsonb_build_object('date', $3::text, 'title', 'Seria ' || g) FROM generate_series(1, 5) g`, [site, item('x', 0), at(-5)])],
      ['a date moved back', async () => sql(`UPDATE module_records SET data = data || jsonb_build_object('date', $2::text) WHERE id = $1`, [first, at(-1000)])],
      ['a date of another format, between', async () => sql(`UPDATE module_records SET data = data || jsonb_build_object('date', $2::text) WHERE id = $1`, [first, at(-7).slice(0, 10)])],
      ['no date', async () => insertNews({ category_id: category, title: 'Bez daty', published: true })],
      ['unpublished', async () => sql(`UPDATE module_records SET data = data || '{"published": false}' WHERE id = $1`, [first])],
      ['published again, in another category', async () => sql(`UPDATE module_records SET data = data || jsonb_build_object('published', true, 'category_id', 0) WHERE id = $1`, [first])],
      ['its period yet to begin', async () => sql(`UPDATE module_records SET data = data || jsonb_build_object('publish_from', $2::text) WHERE id = $1`, [first, at(2)])],
      ['its period ended', async () => sql(`UPDATE module_records SET data = data || jsonb_build_object('publish_from', '', 'publish_to', $2::text) WHERE id = $1`, [first, at(-1)])],
      ['deleted', async () => sql('DELETE FROM module_records WHERE id = $1', [first])],
      ['two in one transaction', async () =>
        test.ctx.db.transaction(async (tx) => {
          await tx.query(`INSERT INTO module_records (resource, client_service_id, data) VALUES ('news_items', $1, $2)`, [site, item('W transakcji', 3)]);
          await tx.query(`UPDATE module_records SET data = data || '{"pinned": true}' WHERE resource = 'news_items' AND client_service_id = $1 AND data->>'title' = 'Seria 3'`, [site]);
        })],
    ];
    for (const [step, write] of steps) {
      await write();
      const version = await versionOf();
      const updated = await updateListed(test.ctx.db, news, site, held, heldVersion, version, codePointOrder);
      const read = await readListed(test.ctx.db, news, site);
      if (codePointOrder) expect(updated, step).toEqual({ ...read, changed: expect.any(Array) });
      else expect(updated, step).toBeUndefined();
      held = read;
      heldVersion = version;
    }
    expect(ids(held)?.length).toBeGreaterThan(5);
  });

  it("is not changed by a write within a news item's photos", async () => {
    const item = Number((await sql(`SELECT id FROM module_records WHERE resource = 'news_items' AND client_service_id = $1 LIMIT 1`, [site])).rows[0].id);
    const before = await versionOf();
    const photos = await versionOf('news_photos');
    await sql(`INSERT INTO module_records (resource, client_service_id, parent_id, data) VALUES ('news_photos', $1, $2, '{"caption": "Zdjęcie"}')`, [site, item]);
    expect(await versionOf()).toBe(before);
    expect(await versionOf('news_photos')).toBe(photos + 1);
  });

  it('is read again when the writes since are no longer logged or changed too many records', async () => {
    const held = await readListed(test.ctx.db, news, site);
    const heldVersion = await versionOf();
    for (let write = 0; write < 65; write += 1) await sql(`UPDATE module_records SET data = data || '{"lead": "Zmiana"}' WHERE resource = 'news_items' AND client_service_id = $1 AND data->>'title' = 'Seria 1'`, [site]);
    expect(await updateListed(test.ctx.db, news, site, held, heldVersion, await versionOf(), codePointOrder)).toBeUndefined();

    const recent = await readListed(test.ctx.db, news, site);
    const recentVersion = await versionOf();
    const category = (await sql(`SELECT id FROM module_records WHERE resource = 'news_categories' AND client_service_id = $1 LIMIT 1`, [site])).rows[0].id;
    await sql(`INSERT INTO module_records (resource, client_service_id, data) SELECT 'news_items', $1, jsonb_build_object('category_id', $2::bigint, 'title', 'Import ' || g, 'date', now()) FROM generate_series(1, 1001) g`, [site, category]);
    expect(await updateListed(test.ctx.db, news, site, recent, recentVersion, await versionOf(), codePointOrder)).toBeUndefined();
  });
});
