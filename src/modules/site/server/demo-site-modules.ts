import { demoServiceId, insertDemoRecord, type ModuleDemoSeed } from '../../../server/platform/db/demo';
import { t } from '../../../server/platform/http/errors';
import { loadSharp } from '../../../server/platform/files/images';
import { activeTemplateSettings } from '../../../server/schema/flags';
import { storeFile } from './demo-news';

const DAY = 86_400_000;
/** A demo picture drawn here (no download): one colour with a lighter band, as a PNG. */
const picture = async (width: number, height: number, background: string) =>
  (await loadSharp())({ create: { width, height, channels: 3, background } })
    .composite([{ input: { create: { width, height: Math.max(1, Math.round(height / 4)), channels: 4, background: { r: 255, g: 255, b: 255, alpha: 0.35 } } }, top: Math.round(height / 3), left: 0 }])
    .png()
    .toBuffer();

const GALLERIES = [
  { key: 'spring', daysAgo: 12, published: true, photos: ['#2e7d32', '#558b2f', '#1565c0', '#6a1b9a'] },
  { key: 'library', daysAgo: 40, published: true, photos: ['#8d6e63', '#37474f', '#c62828'] },
  { key: 'draft', daysAgo: 2, published: false, photos: [] },
] as const;

/**
 * The site modules' screens filled on klient's site (template 'aurora', whose counter banner has a
 * photo of 1200x300): scrolling banners (on, off, with a period), counter banners (one with its
 * photo), galleries with photos, their thumbnails, alt texts and descriptions, and an empty draft.
 */
export const siteModulesDemo: ModuleDemoSeed = {
  name: 'site-modules-banners-galleries',
  async seed(tx, api) {
    if (!['scroll_banners', 'counter_banners', 'galleries', 'gallery_photos'].every((resource) => api.schemaModules.has(resource))) return;
    const serviceId = await demoServiceId(tx, 'demo.services.klient_site');
    const insert = (resource: string, parentId: number | null, values: Record<string, unknown>, files: Record<string, string> = {}) =>
      insertDemoRecord(tx, api, resource, { serviceId, parentId }, values, files);
    const at = (days: number) => new Date(Date.now() + days * DAY).toISOString();

    await insert('scroll_banners', null, { text: t('demo.site_modules.scroll_banners.open_days'), link: 'https://example.org/dni-otwarte', active_from: at(-3), active_to: at(14), active: true });
    await insert('scroll_banners', null, { text: t('demo.site_modules.scroll_banners.cash_desk'), active: true });
    await insert('scroll_banners', null, { text: t('demo.site_modules.scroll_banners.budget'), link: 'https://example.org/budzet', active_from: at(20), active: false });

    const size = /^(\d+)x(\d+)$/.exec(String((await activeTemplateSettings(tx, serviceId))?.banners_counter?.photo_dimension_size ?? ''));
    const photo = size ? await storeFile(tx, api, serviceId, 'counter_banners', 'photo', await picture(Number(size[1]), Number(size[2]), '#1e5aa8'), 'png') : null;
    await insert('counter_banners', null, { title: t('demo.site_modules.counter_banner'), target_at: at(60), link: 'https://example.org/biblioteka', active: true }, photo ? { photo } : {});
    await insert('counter_banners', null, { title: t('demo.site_modules.counter_banner_past'), target_at: at(-5), active: false });

    for (const gallery of GALLERIES) {
      const name = t(`demo.site_modules.galleries.${gallery.key}`);
      const date = at(-gallery.daysAgo).slice(0, 10);
      const record = await insert('galleries', null, { name, description: t('demo.site_modules.gallery_description'), date, published: gallery.published, show_descriptions: true });
      for (const [index, colour] of gallery.photos.entries()) {
        const file = await storeFile(tx, api, serviceId, 'gallery_photos', 'photo', await picture(800, 600, colour), 'png');
        const number = index + 1;
        await insert(
          'gallery_photos',
          record.id,
          { alt: t('demo.site_modules.photo_alt', { number, gallery: name }), ...(index === 0 ? {} : { description: t('demo.site_modules.photo_description', { number }) }) },
          { photo: file },
        );
      }
    }
  },
};
