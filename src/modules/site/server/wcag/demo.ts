import type { ModuleDemoSeed } from '../../../../server/platform/db/demo';

/**
 * The demo's sites are analysed where the panel shows them: the preview of the service's home page
 * (PUBLIC_URL/strona/{main domain}/), which works on a machine without internet and carries the
 * problems the demo plants on purpose.
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
  },
};
