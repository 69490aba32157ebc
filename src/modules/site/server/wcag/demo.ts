import { demoServiceId, insertDemoRecord, type ModuleDemoSeed } from '../../../../server/platform/db/demo';
import { t } from '../../../../server/platform/http/errors';

const PRIVACY_POLICY = 'settings_privacy_policy';

/**
 * The demo's sites are analysed where the panel shows them: the public page of the service's home
 * page (PUBLIC_URL/strona/{main domain}/), which works on a machine without internet. klient's
 * site links from there to its privacy policy, which carries the problems the demo plants on
 * purpose, as an editor would make them: a picture without a text alternative (1.1.1) and a link
 * without a name (2.4.4, 4.1.2). Both are fixed in the policy's editor (konfiguracja/ustawienia).
 */
export const wcagDemo: ModuleDemoSeed = {
  name: 'wcag',
  async seed(tx, api) {
    const publicUrl = api.ctx.config.publicUrl.replace(/\/+$/, '');
    await tx.query(
      `INSERT INTO wcag_settings (client_service_id, start_url)
       SELECT d.client_service_id, $1 || '/strona/' || d.domain || '/'
         FROM client_service_domains d
         JOIN client_service_modules m ON m.client_service_id = d.client_service_id AND m.module = 'wcag'
        WHERE d.is_main
       ON CONFLICT (client_service_id) DO NOTHING`,
      [publicUrl],
    );
    if (!api.schemaModules.has(PRIVACY_POLICY)) return;
    const text = (key: string) => t(`demo.site_privacy_policy.${key}`);
    const content =
      `<p>${text('intro')}</p>` +
      '<p><img src="/favicon.svg" width="64" height="64"></p>' +
      `<p>${text('clause')} <a href="https://www.przykladowo.pl/rodo"></a></p>` +
      `<p>${text('rights')}</p>`;
    await insertDemoRecord(tx, api, PRIVACY_POLICY, { serviceId: await demoServiceId(tx, 'demo.services.klient_site') }, { content });
  },
};
