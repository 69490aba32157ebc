import { demoServiceId, insertDemoRecord, type ModuleDemoSeed } from '../../../server/platform/db/demo';
import { t } from '../../../server/platform/http/errors';
import { CONTINUOUS, syncImportIn } from './imports/sync';

const newsItem = (key: string, categoryId: number, published: boolean) => ({
  category_id: categoryId,
  title: t(`${key}.title`),
  content: `<p>${t(`${key}.content`)}</p>`,
  date: new Date().toISOString(),
  published,
});

/**
 * klient's BIP lists its site as the one service allowed to import from it (its sources page on),
 * and the site imports the BIP's announcements into its news, continuously: the copies are made
 * here, so the site's news category shows them at once.
 */
export const importsDemo: ModuleDemoSeed = {
  name: 'site-imports',
  async seed(tx, api) {
    if (!api.schemaModules.has('imports') || !api.schemaModules.has('news_items')) return;
    const site = await demoServiceId(tx, 'demo.services.klient_site');
    const bip = await demoServiceId(tx, 'demo.services.klient_bip');
    const insert = (resource: string, serviceId: number, values: Record<string, unknown>) => insertDemoRecord(tx, api, resource, { serviceId }, values);

    const siteCategory = await insert('news_categories', site, { name: t('demo.imports.site_category') });
    const bipCategory = await insert('news_categories', bip, { name: t('demo.imports.bip_category') });
    const bipImported = await insert('news_categories', bip, { name: t('demo.imports.bip_imported_category') });
    for (const [key, published] of [['tender', true], ['hours', true], ['draft', false]] as const) {
      await insert('news_items', bip, newsItem(`demo.imports.bip_news.${key}`, bipCategory.id, published));
    }
    await insert('news_items', site, newsItem('demo.imports.site_news.opening', siteCategory.id, true));

    await tx.query('INSERT INTO import_settings (client_service_id, sources) VALUES ($1, TRUE)', [bip]);
    await tx.query('INSERT INTO import_sources (client_service_id, importer_client_service_id) VALUES ($1, $2)', [bip, site]);
    const fromBip = await insert('imports', site, {
      import_type_id: CONTINUOUS,
      content_type_id: 1,
      export_client_service_id: bip,
      export_category_id: bipCategory.id,
      export_category_name: t('demo.imports.bip_category'),
      category_id: siteCategory.id,
      category_name: t('demo.imports.site_category'),
      published: true,
      start_date: null,
      end_date: null,
    });
    // The BIP also takes the site's news, switched off: its toggle can be tried.
    const fromSite = await insert('imports', bip, {
      import_type_id: CONTINUOUS,
      content_type_id: 1,
      export_client_service_id: site,
      export_category_id: siteCategory.id,
      export_category_name: t('demo.imports.site_category'),
      category_id: bipImported.id,
      category_name: t('demo.imports.bip_imported_category'),
      published: false,
      start_date: null,
      end_date: null,
    });
    await syncImportIn(api, tx, fromBip.id);
    await syncImportIn(api, tx, fromSite.id);
  },
};
