import type { Queryable } from '../../../../server/platform/db';
import { demoServiceId, type ModuleDemoSeed } from '../../../../server/platform/db/demo';
import { t } from '../../../../server/platform/http/errors';
import { activeTemplateSettings } from '../../../../server/schema/flags';
import { COMPONENTS, pageOffers, VIEWS } from './catalogue';

interface DemoSection {
  key: string;
  section_prefix: string;
  container_prefix: string;
  component: string;
  view: number;
  /** Picked items: how many of the newest records of each component. */
  picks: Record<string, number>;
  category?: boolean;
  background_color?: string;
}

/** One section of every kind, filled with the demo's records; one shows a news category instead of picked items. */
const SECTIONS: DemoSection[] = [
  { key: 'news', section_prefix: 'aktualnosci', container_prefix: 'glowny', component: 'news', view: VIEWS.tiles, picks: { news: 3 } },
  { key: 'featured', section_prefix: 'wyroznione', container_prefix: 'glowny', component: 'news', view: VIEWS.tiles, picks: { news: 1, galleries: 1, videos: 1 }, background_color: '#E8F0FA' },
  { key: 'category', section_prefix: 'aktualnosci', container_prefix: 'glowny', component: 'news', view: VIEWS.list, picks: {}, category: true },
  { key: 'galleries', section_prefix: 'galerie', container_prefix: 'glowny', component: 'galleries', view: VIEWS.tiles, picks: { galleries: 2 } },
  { key: 'videos', section_prefix: 'filmy', container_prefix: 'glowny', component: 'videos', view: VIEWS.tiles, picks: { videos: 2 } },
  { key: 'banners', section_prefix: 'banery', container_prefix: 'boczny', component: 'scroll_banners', view: VIEWS.list, picks: { scroll_banners: 2, counter_banners: 1 } },
  { key: 'forms', section_prefix: 'formularze', container_prefix: 'boczny', component: 'forms', view: VIEWS.list, picks: { forms: 2 } },
];

async function newest(tx: Queryable, serviceId: number, resource: string, limit: number): Promise<number[]> {
  const { rows } = await tx.query<{ id: number }>('SELECT id FROM module_records WHERE client_service_id = $1 AND resource = $2 ORDER BY id DESC LIMIT $3', [serviceId, resource, limit]);
  return rows.map((row) => Number(row.id));
}

/** klient's site: its home page made from the template, with a section of every kind filled with the site modules' demo records. */
export const mainPagesDemo: ModuleDemoSeed = {
  name: 'site-main-pages',
  async seed(tx) {
    const serviceId = await demoServiceId(tx, 'demo.services.klient_site');
    const offers = pageOffers(await activeTemplateSettings(tx, serviceId));
    if (!offers.length) return;
    for (const [index, offer] of offers.entries()) {
      await tx.query('INSERT INTO main_pages (client_service_id, prefix, position) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [serviceId, offer.prefix, index + 1]);
    }
    const { rows } = await tx.query<{ id: number }>('SELECT id FROM main_pages WHERE client_service_id = $1 AND prefix = $2', [serviceId, offers[0].prefix]);
    const pageId = Number(rows[0].id);
    for (const [position, section] of SECTIONS.entries()) {
      const category = section.category ? (await newest(tx, serviceId, COMPONENTS.news.category!.resource, 1))[0] ?? null : null;
      const inserted = await tx.query<{ id: number }>(
        `INSERT INTO main_page_sections (main_page_id, client_service_id, section_prefix, container_prefix, name, component_name, data_mode, data_category, view_prefix, background_color, position)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
        [pageId, serviceId, section.section_prefix, section.container_prefix, t(`demo.main_pages.sections.${section.key}`), section.component, category ? 'category' : 'latest', category, section.view, section.background_color ?? null, position + 1],
      );
      let itemPosition = 0;
      for (const [component, count] of Object.entries(section.picks)) {
        for (const rowId of await newest(tx, serviceId, COMPONENTS[component].resource, count)) {
          itemPosition += 1;
          await tx.query('INSERT INTO main_page_section_items (section_id, component_name, row_id, position) VALUES ($1, $2, $3, $4)', [inserted.rows[0].id, component, rowId, itemPosition]);
        }
      }
    }
  },
};
