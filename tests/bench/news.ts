/**
 * The all-news list of a service under load (issue 9): 100,000 news items in klient's site of a
 * fresh embedded database, spread over five categories, 20 connections, a page drawn uniformly
 * from all pages of the list, with 5% writes (create, update, delete through the API; each write
 * also records the item's log entry in its transaction). Measured with the list cache (warm) and
 * with LIST_CACHE=off (cold), as the recipients lists are (recipients.ts gives the pieces).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { measureColdAndWarm, type MixedLoadResult, pick, seedRecords } from './recipients';

export const NEWS_ITEMS = 100_000;
const CATEGORIES = 5;

/** The categories and the items, written straight into the database the server will open. */
function seed(dataDir: string) {
  return seedRecords(dataDir, 'news', async (db, serviceId) => {
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO module_records (resource, client_service_id, data)
       SELECT 'news_categories', $1, jsonb_build_object('name', 'Kategoria ' || g) FROM generate_series(1, ${CATEGORIES}) g RETURNING id`,
      [serviceId],
    );
    const categoryIds = rows.map((row) => Number(row.id));
    const inserted = await db.query<{ first: number; last: number }>(
      `WITH inserted AS (INSERT INTO module_records (resource, client_service_id, data)
       SELECT 'news_items', $1, jsonb_build_object('category_id', ($2::int[])[1 + g % ${CATEGORIES}], 'title', 'Wiadomość ' || g,
              'lead', 'Zajawka wiadomości ' || g, 'content', '<p>Treść wiadomości ' || g || '</p>', 'date', now() - g * interval '1 hour',
              'published', true, 'pinned', g % 100 = 0, 'archived', g % 10 = 0, 'display_date', true, 'display_lead', true, 'display_photo', 'top',
              'has_videos', false, 'has_galleries', false, 'has_audios', false, 'has_maps', false)
         FROM generate_series(1, ${NEWS_ITEMS}) g RETURNING id)
       SELECT min(id) AS first, max(id) AS last FROM inserted`,
      [serviceId, categoryIds],
    );
    const { first, last } = inserted.rows[0];
    return { categoryIds, ids: Array.from({ length: Number(last) - Number(first) + 1 }, (_, i) => Number(first) + i) };
  });
}

/** Seeds a fresh embedded database with the news, then loads the all-news list with and without the list cache. */
export async function measureNews(options: { port: number; durationSeconds: number; log(line: string): void }): Promise<MixedLoadResult> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'panel-bench-news-'));
  try {
    options.log(`Seeding ${NEWS_ITEMS.toLocaleString('pl-PL')} news items into a fresh embedded database…`);
    const { serviceId, categoryIds, ids } = await seed(dataDir);
    return await measureColdAndWarm(dataDir, options, {
      collection: `/api/client_service/${serviceId}/module/news`,
      queries: [''],
      ids,
      record: (created) => ({ category_id: pick(categoryIds), title: `Nowa wiadomość ${created}`, content: `<p>Treść ${created}</p>` }),
      lists: () => 'the all-news list',
    });
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
