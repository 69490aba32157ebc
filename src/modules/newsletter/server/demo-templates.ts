import type { FastifyInstance } from 'fastify';
import { demoServiceId, type ModuleDemoSeed } from '../../../server/platform/db/demo';
import type { Queryable } from '../../../server/platform/db';
import { t } from '../../../server/platform/http/errors';
import { moduleRoutes } from '../../../server/schema';
import type { Owner } from '../../../server/schema/storage';
import { templateRenderer } from './template-blocks';

type Values = Record<string, unknown>;

const LAYOUTS = {
  company: { background_color: '#eef2f7', content_color: '#ffffff', text_color: '#1f2933', accent_color: '#1565c0', font_family: 'sans' },
  holiday: { background_color: '#f6efe6', content_color: '#fffdf8', text_color: '#3b2f2f', accent_color: '#b71c1c', font_family: 'serif' },
} as const;

/** The demo templates: a layout and blocks in order, their texts in the catalogue under demo.newsletter_templates.<key>. */
const TEMPLATES: { key: string; layout: keyof typeof LAYOUTS | null; blocks: (text: (name: string) => string) => Values[] }[] = [
  {
    key: 'welcome',
    layout: 'company',
    blocks: (text) => [
      { type: 'heading', text: text('heading'), level: 1, align: 'center' },
      { type: 'text', content: `<p>${text('intro')}</p>`, align: 'left' },
      { type: 'button', text: text('button'), url: 'https://www.kowalski.example.com/', align: 'center' },
      { type: 'divider', align: 'left' },
      { type: 'columns', content: `<p>${text('left')}</p>`, content_right: `<p>${text('right')}</p>`, align: 'left' },
      { type: 'footer', content: `<p>${text('footer')}</p>`, align: 'center' },
    ],
  },
  {
    key: 'holiday',
    layout: 'holiday',
    blocks: (text) => [
      { type: 'heading', text: text('heading'), level: 1, align: 'center' },
      { type: 'text', content: `<p>${text('intro')}</p>`, align: 'center' },
      { type: 'button', text: text('button'), url: 'https://www.kowalski.example.com/oferta', align: 'center' },
      { type: 'footer', content: `<p>${text('footer')}</p>`, align: 'center' },
    ],
  },
];

/** Klient's newsletter: two layouts (header and footer in the catalogue) and templates made of blocks, rendered. */
export const templatesDemo: ModuleDemoSeed = {
  name: 'newsletter-templates',
  async seed(tx: Queryable, api: FastifyInstance) {
    const templates = moduleRoutes(api, 'templates');
    const blocks = moduleRoutes(api, 'template_blocks');
    const layouts = moduleRoutes(api, 'layouts');
    const render = templateRenderer(api);
    if (!templates || !blocks || !layouts || !render) return;
    const serviceId = await demoServiceId(tx, 'demo.services.klient_newsletter');
    const owner: Owner = { serviceId, userId: null };
    // Each record as the API would take it: checked and sanitised by its module's rules.
    const layoutIds: Record<string, number> = {};
    for (const [key, look] of Object.entries(LAYOUTS)) {
      const values = layouts.values(
        { name: t(`demo.newsletter_layouts.${key}.name`), header: `<p><strong>${t(`demo.newsletter_layouts.${key}.header`)}</strong></p>`, footer: `<p>${t(`demo.newsletter_layouts.${key}.footer`)}</p>`, ...look },
        null,
      );
      layoutIds[key] = (await layouts.store.insert(tx, owner, values, {})).id;
    }
    for (const template of TEMPLATES) {
      const text = (name: string) => t(`demo.newsletter_templates.${template.key}.${name}`);
      const values = templates.values({ name: text('name'), layout_id: template.layout ? layoutIds[template.layout] : null }, null);
      const { id } = await templates.store.insert(tx, owner, values, {});
      for (const block of template.blocks(text)) await blocks.store.insert(tx, { ...owner, parentId: id }, blocks.values(block, null), {});
      await render(tx, serviceId, id, true);
    }
  },
};
