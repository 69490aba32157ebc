import { Readable } from 'node:stream';
import type { Queryable } from '../../../../server/platform/db';
import { demoServiceId, insertDemoRecord, type ModuleDemoSeed } from '../../../../server/platform/db/demo';
import { loadSharp, plainPicture } from '../../../../server/platform/files/images';
import type { FileStore } from '../../../../server/platform/files/store';
import { newStoredName } from '../../../../server/platform/files/store';
import { t } from '../../../../server/platform/http/errors';
import type { TemplateSettings } from '../../../../server/schema/flags';
import { PREVIEW_AREA } from '.';
import { storeFile } from '../demo-news';

/** The look of each demo template's preview picture: its header, accent and page colours. */
const PREVIEW_COLOURS: Record<string, { header: string; accent: string; page: string }> = {
  aurora: { header: '#1B3A6B', accent: '#2E7D32', page: '#F4F6FA' },
  minimal: { header: '#333333', accent: '#777777', page: '#FFFFFF' },
};

/** A page's sketch (header, a banner, three columns of boxes, a footer) drawn in the template's colours, as a PNG. */
async function previewPicture(colours: { header: string; accent: string; page: string }): Promise<Buffer> {
  const box = (x: number) => `<rect x="${x}" y="190" width="170" height="110" rx="6" fill="#ffffff" stroke="${colours.accent}" stroke-width="3"/>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="400">
    <rect width="600" height="400" fill="${colours.page}"/>
    <rect width="600" height="60" fill="${colours.header}"/>
    <rect x="24" y="18" width="140" height="24" rx="4" fill="#ffffff" opacity="0.9"/>
    <rect x="24" y="80" width="552" height="90" rx="6" fill="${colours.accent}" opacity="0.85"/>
    ${[24, 215, 406].map(box).join('')}
    <rect y="340" width="600" height="60" fill="${colours.header}" opacity="0.8"/>
  </svg>`;
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function storePreview(files: FileStore, data: Buffer): Promise<string> {
  const name = newStoredName('png');
  const temporary = await files.putTemporary(Readable.from([data]), data.length);
  await files.commit(temporary.key, `${PREVIEW_AREA}/${name}`);
  return name;
}

/** The settings list's entries named from the demo catalogue (demo.templates.<list>.<prefix>). */
function named(settings: TemplateSettings, list: 'colors' | 'counters' | 'homepages' | 'banners'): unknown[] {
  const entries = Array.isArray(settings[list]) ? (settings[list] as { prefix: string }[]) : [];
  return entries.map((entry) => ({ ...entry, name: t(`demo.templates.${list}.${entry.prefix}`) }));
}

async function describeTemplate(tx: Queryable, files: FileStore, prefix: string): Promise<void> {
  const { rows } = await tx.query<{ id: number; settings: TemplateSettings }>('SELECT id, settings FROM appearance_templates WHERE prefix = $1', [prefix]);
  if (!rows[0]) return;
  const { id, settings } = rows[0];
  const preview = await storePreview(files, await previewPicture(PREVIEW_COLOURS[prefix]));
  const withNames = { ...settings, colors: named(settings, 'colors'), counters: named(settings, 'counters'), homepages: named(settings, 'homepages'), banners: named(settings, 'banners') };
  await tx.query('UPDATE appearance_templates SET description = $2, preview_file = $3, settings = $4 WHERE id = $1', [
    id,
    t(`demo.templates.${prefix}_description`),
    preview,
    JSON.stringify(withNames),
  ]);
}

const ICONS = [
  { key: 'bip', link: 'https://bip.example.org', colour: '#C62828' },
  { key: 'contact', link: 'https://www.kowalski.example.com/kontakt', colour: '#1B3A6B' },
  { key: 'map', link: 'https://www.kowalski.example.com/dojazd', colour: '#2E7D32' },
];
const HEADER_PHOTOS = [
  { key: 'square', colour: '#8D6E63' },
  { key: 'park', colour: '#558B2F' },
];

/** klient's site (template aurora): its page data and logo, a banner in the header zone, header icons and photos, in the engine's stores. */
async function fillKlientSite(tx: Queryable, api: Parameters<ModuleDemoSeed['seed']>[1]): Promise<void> {
  const serviceId = await demoServiceId(tx, 'demo.services.klient_site');
  const text = (key: string) => t(`demo.appearance.${key}`);
  const file = (resource: string, field: string, data: Buffer) => storeFile(tx, api, serviceId, resource, field, data, 'png');
  const insert = (resource: string, values: Record<string, unknown>, files: Record<string, string> = {}) => insertDemoRecord(tx, api, resource, { serviceId }, values, files);

  await insert(
    'appearance_page',
    { site_name: text('site_name'), motto: text('motto'), title: text('title'), footer_text: text('footer_text'), esp_link: 'https://epuap.gov.pl/wps/portal/strefa-klienta' },
    { logo: await file('appearance_page', 'logo', await plainPicture(240, 120, '#1B3A6B')) },
  );
  await insert('appearance_graphics', {}, { news_picture: await file('appearance_graphics', 'news_picture', await plainPicture(640, 400, '#90A4AE')) });
  await insert(
    'appearance_banners',
    { name: text('banner.name'), zone: 'naglowek', link: 'https://www.kowalski.example.com/dni-otwarte', alt: text('banner.alt'), active: true },
    { picture: await file('appearance_banners', 'picture', await plainPicture(1200, 300, '#2E7D32')) },
  );
  for (const icon of ICONS) {
    await insert('appearance_icons', { name: text(`icons.${icon.key}`), link: icon.link }, { icon: await file('appearance_icons', 'icon', await plainPicture(64, 64, icon.colour)) });
  }
  for (const photo of HEADER_PHOTOS) {
    await insert('appearance_header_photos', { alt: text(`header_photos.${photo.key}`) }, { photo: await file('appearance_header_photos', 'photo', await plainPicture(1200, 400, photo.colour)) });
  }
}

/**
 * The demo's two templates (src/server/platform/db/seed.ts) as the catalogue shows them: a
 * description, a preview picture drawn in their colours, and names of aurora's colour versions,
 * counter and home-page layouts; the demo sites start with their template's first choices, and
 * klient's site has its appearance settings filled (klient2's, template minimal, shows the 404s).
 */
export const appearanceDemo: ModuleDemoSeed = {
  name: 'site-appearance',
  async seed(tx, api) {
    for (const prefix of Object.keys(PREVIEW_COLOURS)) await describeTemplate(tx, api.ctx.files, prefix);
    await tx.query(
      `UPDATE client_services s SET template_color = t.settings->'colors'->0->>'prefix', template_counter = t.settings->'counters'->0->>'prefix',
              template_homepage = t.settings->'homepages'->0->>'prefix'
         FROM appearance_templates t WHERE t.id = s.template_id AND s.template_color IS NULL AND s.template_counter IS NULL AND s.template_homepage IS NULL`,
    );
    if (['appearance_page', 'appearance_graphics', 'appearance_banners', 'appearance_icons', 'appearance_header_photos'].every((resource) => api.schemaModules.has(resource))) {
      await fillKlientSite(tx, api);
    }
  },
};
