import { demoServiceId, demoUserId, insertDemoRecord, type ModuleDemoSeed } from '../../../server/platform/db/demo';
import { t } from '../../../server/platform/http/errors';

/**
 * Every demo site and service gets the editors module (its site admin manages editors there).
 * klient's site: two editor roles and the demo user `redaktor` (the demo password, as klient's) with
 * the first of them, so an editor's narrower menu and refusals can be seen.
 */
export const editorsDemo: ModuleDemoSeed = {
  name: 'site-editors',
  accounts: [{ username: 'redaktor', about: 'app.cli.demo_accounts.redaktor' }],
  async seed(tx, api) {
    await tx.query("INSERT INTO client_service_modules (client_service_id, module) SELECT id, 'editors' FROM client_services WHERE kind_id IN (2, 4) ON CONFLICT DO NOTHING");
    const serviceId = await demoServiceId(tx, 'demo.services.klient_site');
    const role = (nameKey: string, modules: string[]) => insertDemoRecord(tx, api, 'editor_roles', { serviceId }, { name: t(nameKey), modules });
    const newsRole = await role('demo.editor_roles.news', ['news', 'news_categories', 'files']);
    await role('demo.editor_roles.configuration', ['subjects', 'scripts', 'settings']);
    const klient = await demoUserId(tx, 'klient');
    const { rows } = await tx.query<{ id: number }>(
      `INSERT INTO users (username, password_hash, name, surname, email)
       SELECT 'redaktor', password_hash, $2, $3, 'redaktor@example.com' FROM users WHERE id = $1 RETURNING id`,
      [klient, t('demo.users.redaktor.name'), t('demo.users.redaktor.surname')],
    );
    const redaktor = rows[0].id;
    await tx.query('INSERT INTO regulation_acceptances (user_id, regulation_id) SELECT $2, regulation_id FROM regulation_acceptances WHERE user_id = $1', [
      klient,
      redaktor,
    ]);
    await tx.query('INSERT INTO client_service_users (client_service_id, user_id, is_admin, role_id) VALUES ($1, $2, FALSE, $3)', [
      serviceId,
      redaktor,
      newsRole.id,
    ]);
  },
};
