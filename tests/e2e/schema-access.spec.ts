import { configurationEntry, expectToast } from './support/schema-screens';
import { pageHeading } from './support/session';
import { expect, test } from './support/signed-in';
import { specTexts } from './support/spec-texts';

test.describe('module screens of a service', () => {
  test('the service menu links each module screen the service grants', async ({ page, services }) => {
    const expectEntries = async (serviceId: number, entries: Record<string, string>, absent: string[]) => {
      await page.goto(`/usluga/${serviceId}`);
      for (const [key, path] of Object.entries(entries)) {
        await expect(await configurationEntry(page, key)).toHaveAttribute('href', `/usluga/${serviceId}/konfiguracja/${path}`);
      }
      for (const key of absent) await expect(await configurationEntry(page, key)).toHaveCount(0);
    };
    await expectEntries(
      services.newsletter,
      { 'demo.menu.service_tags': 'tagi', 'demo.menu.service_recipients': 'odbiorcy', 'demo.menu.service_senders': 'metody_wysylki' },
      ['demo.menu.service_news_categories'],
    );
    await expectEntries(services.site, { 'demo.menu.service_news_categories': 'wiadomosci' }, ['demo.menu.service_tags', 'demo.menu.service_recipients']);
  });

  test("klient gets 'Brak dostępu.' and the 403 screen on a module screen of klient2's service", async ({ page, services }) => {
    await page.goto(`/usluga/${services.otherClientSite}/konfiguracja/wiadomosci/dodaj`);
    await expectToast(page, specTexts.moduleAccessDenied, 'alert');
    await expect(pageHeading(page)).toHaveText(specTexts.accessDenied);
    await expect(page).toHaveURL('/error/403');
  });

  test('a module the service lacks is refused too', async ({ page, services }) => {
    // klient's own site has no tags module: the same answer as for a stranger's service.
    await page.goto(`/usluga/${services.site}/konfiguracja/tagi`);
    await expectToast(page, specTexts.moduleAccessDenied, 'alert');
    await expect(pageHeading(page)).toHaveText(specTexts.accessDenied);
  });
});
