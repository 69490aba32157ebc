import type { ModuleDemoSeed } from '../../../../server/platform/db/demo';
import { t } from '../../../../server/platform/http/errors';
import { HELP_PAGES } from '../../common/help';

/** The demo's help pages: the screen's route name and the catalogue keys of its text, demo.help.<key>. */
const PAGES = [
  { route: 'user_dashboard', key: 'dashboard' },
  { route: 'service_mailings', key: 'mailings' },
  { route: 'service_disk_folder', key: 'disk' },
] as const;

/** Help on the dashboard, the newsletter's mailings and the file disk, published. */
export const helpDemo: ModuleDemoSeed = {
  name: 'admin-help',
  async seed(tx, api) {
    const pages = api.schemaModules.get(HELP_PAGES);
    if (!pages) return;
    for (const { route, key } of PAGES) {
      await pages.store.insert(tx, { serviceId: null, userId: null }, { route, title: t(`demo.help.${key}.title`), content: t(`demo.help.${key}.content`), published: true }, {});
    }
  },
};
