import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../../server/platform/db';
import { demoServiceId, demoUserId, insertDemoRecord, type ModuleDemoSeed } from '../../../server/platform/db/demo';
import { DERIVATIVE_EXTENSION, makeThumbnails } from '../../../server/platform/files/images';
import { chargeFiles } from '../../../server/platform/files/quota';
import { derivativeName, newStoredName } from '../../../server/platform/files/store';
import { plainPicture } from '../../../server/platform/files/images';
import { t } from '../../../server/platform/http/errors';
import type { StoredRecord } from '../../../server/schema/storage';

/** A photo of the demo: a small picture in one colour, as a PNG. */
const picture = (background: string) => plainPicture(640, 400, background);
/** A one-page PDF, the smallest a viewer opens. */
export const DEMO_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

interface DemoItem {
  key: string;
  category: 'news' | 'events' | 'notices';
  daysAgo: number;
  pinned?: boolean;
  archived?: boolean;
  published?: boolean;
  media?: ('has_videos' | 'has_galleries' | 'has_audios' | 'has_maps')[];
  photos?: string[];
  attachment?: boolean;
  map?: { latitude: number; longitude: number };
  edited?: boolean;
}

const ITEMS: DemoItem[] = [
  { key: 'website', category: 'news', daysAgo: 2, pinned: true, photos: ['#1e5aa8', '#3d8f5a'], attachment: true, media: ['has_maps'], map: { latitude: 52.2297, longitude: 21.0122 }, edited: true },
  { key: 'open_day', category: 'news', daysAgo: 5, media: ['has_videos', 'has_galleries', 'has_audios'], photos: ['#b5651d'] },
  { key: 'road', category: 'news', daysAgo: 60, archived: true, attachment: true },
  { key: 'concert', category: 'events', daysAgo: 1, photos: ['#7a3ea8'], media: ['has_maps'], map: { latitude: 50.0614, longitude: 19.9372 } },
  { key: 'festival', category: 'events', daysAgo: 9, published: false },
  { key: 'hours', category: 'notices', daysAgo: 3, pinned: true },
];

const CATEGORIES = ['news', 'events', 'notices'] as const;

/**
 * klient's site (template 'aurora', which pins news) gets news categories with items that fill
 * every page of an item: photos with thumbnails and an attachment from the file store, a video, a
 * gallery, a map, related items, pinned and archived ones, an unpublished one and a change log.
 */
export const newsDemo: ModuleDemoSeed = {
  name: 'site-news',
  async seed(tx, api) {
    if (!api.schemaModules.has('news_items') || !api.schemaModules.has('news_categories')) return;
    const serviceId = await demoServiceId(tx, 'demo.services.klient_site');
    const userId = await demoUserId(tx, 'klient');
    const text = (item: DemoItem, part: string) => t(`demo.site_news.items.${item.key}.${part}`);
    const insert = (resource: string, parentId: number | null, values: Record<string, unknown>, files: Record<string, string> = {}) =>
      insertDemoRecord(tx, api, resource, { serviceId, parentId }, values, files);
    const { rows: authors } = await tx.query<{ name: string }>("SELECT trim(name || ' ' || surname) AS name FROM users WHERE id = $1", [userId]);
    /** A change of an item in its log, as the engine writes one (x-admin.history). */
    const log = (newsId: number, action: 'created' | 'updated', changes: unknown[], date: string) =>
      insert('news_logs', newsId, { date, user: authors[0].name, user_id: userId, action, changes });

    const categoryIds: Record<string, number> = {};
    for (const category of CATEGORIES) categoryIds[category] = (await insert('news_categories', null, { name: t(`demo.site_news.categories.${category}`) })).id;

    const saved: StoredRecord[] = [];
    for (const item of ITEMS) {
      const date = new Date(Date.now() - item.daysAgo * 86_400_000).toISOString();
      const values = {
        category_id: categoryIds[item.category],
        title: text(item, 'title'),
        lead: text(item, 'lead'),
        content: `<p>${text(item, 'content')}</p>`,
        date,
        published: item.published ?? true,
        pinned: item.pinned ?? false,
        archived: item.archived ?? false,
        display_date: true,
        display_lead: true,
        display_photo: 'top',
        ...Object.fromEntries(['has_videos', 'has_galleries', 'has_audios', 'has_maps'].map((flag) => [flag, item.media?.includes(flag as never) ?? false])),
      };
      const record = await insert('news_items', null, values);
      saved.push(record);
      await log(record.id, 'created', Object.entries(values).map(([field, after]) => ({ field, before: null, after })), date);
      if (item.edited) {
        const changes = [{ field: 'title', before: text(item, 'first_title'), after: values.title }];
        await log(record.id, 'updated', changes, new Date(Date.parse(date) + 3_600_000).toISOString());
      }
      for (const [index, colour] of (item.photos ?? []).entries()) {
        const photo = await storeFile(tx, api, serviceId, 'news_photos', 'photo', await picture(colour), 'png');
        await insert('news_photos', record.id, { caption: t('demo.site_news.photo_caption', { number: index + 1 }) }, { photo });
      }
      if (item.attachment) {
        const file = await storeFile(tx, api, serviceId, 'news_attachments', 'file', DEMO_PDF, 'pdf');
        await insert('news_attachments', record.id, { name: t('demo.site_news.attachment') }, { file });
      }
      if (item.map) await insert('news_maps', record.id, { location: item.map, label: text(item, 'place') });
      if (item.media?.includes('has_videos')) await insert('news_videos', record.id, { title: t('demo.site_news.video'), url: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ' });
      if (item.media?.includes('has_galleries')) await insert('news_galleries', record.id, { name: t('demo.site_news.gallery'), description: t('demo.site_news.gallery_description') });
    }
    // The site's new page points to its open day and to the concert.
    await insert('news_related', saved[0].id, { related: [saved[1].id, saved[3].id] });
  },
};

/**
 * A demo file put where an upload of the module's field goes (with its thumbnails), counted in the
 * service's space in the seed's transaction; its stored name for the record.
 */
export async function storeFile(tx: Queryable, api: FastifyInstance, serviceId: number, resource: string, field: string, data: Buffer, extension: string): Promise<string> {
  const spec = api.schemaModules.get(resource)!.module.admin.files[field];
  const files = api.ctx.files;
  const name = newStoredName(extension);
  const original = await files.putTemporary(Readable.from([data]), data.length);
  const thumbnails = await makeThumbnails(files, original, spec.thumbnails);
  const placed = [
    { temporary: original, key: `${spec.folder}/${name}` },
    ...[...thumbnails].map(([variant, temporary]) => ({ temporary, key: `${spec.folder}/${derivativeName(name, variant, DERIVATIVE_EXTENSION)}` })),
  ];
  for (const { temporary, key } of placed) await files.commit(temporary.key, key);
  await chargeFiles(tx, serviceId, placed.map(({ temporary, key }) => ({ key, bytes: temporary.bytes })));
  return name;
}
