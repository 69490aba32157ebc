import type { Page } from '@playwright/test';
import { axeViolations } from './support/axe';
import { text } from './support/catalogue';
import { expectToast } from './support/schema-screens';
import { apiSession, pageHeading, signIn } from './support/session';
import { expect, test } from './support/signed-in';

/** A screen's first load waits on the permission check and the module's chunks, slow on a busy machine. */
const loaded = expect.configure({ timeout: 30_000 });
const AURORA = text('demo.templates.aurora');
const MINIMAL = text('demo.templates.minimal');
const templatesSection = (page: Page) => page.getByRole('region', { name: text('app.service_admin.templates.title') });
const catalogueCards = (page: Page) => page.getByRole('main').getByRole('listitem');

test.describe('the graphic templates root allows a service (admin/uprawnienia)', () => {
  // A browser of its own, signed in as admin and then klient2 rather than klient; axe is injected inline.
  test.use({ storageState: { cookies: [], origins: [] }, bypassCSP: true });
  test.slow();

  test("root allows klient2's site only its template by keyboard; its catalogue shows only that one; then every one again", async ({ page, services, browser, baseURL, request }) => {
    // A retry finds the choice its first attempt saved: every template again first.
    const admin = await apiSession(request, 'admin');
    expect((await admin.send('PUT', `/api/client_service/${services.otherClientSite}/template/allowed`, { all: true })).status()).toBe(200);
    const permissions = `/usluga/${services.otherClientSite}/admin/uprawnienia`;
    await signIn(page, 'admin');
    await page.goto(permissions);
    const section = templatesSection(page);
    const all = section.getByRole('checkbox', { name: text('app.service_admin.templates.all') });
    await loaded(all).toBeChecked();
    await all.focus();
    await page.keyboard.press('Space');
    const chosen = section.getByRole('group', { name: text('app.service_admin.templates.chosen') });
    // Every template stays chosen until root unticks one.
    await expect(chosen.getByRole('checkbox', { name: AURORA })).toBeChecked();
    await chosen.getByRole('checkbox', { name: AURORA }).press('Space');
    await expect(chosen.getByRole('checkbox', { name: AURORA })).not.toBeChecked();
    expect(await axeViolations(page)).toEqual([]);
    await section.getByRole('button', { name: text('ra.action.save') }).press('Enter');
    await expectToast(page, text('app.service_admin.templates.saved'));

    const context = await browser.newContext({ baseURL, locale: 'pl-PL' });
    try {
      const klient2 = await context.newPage();
      await signIn(klient2, 'klient2');
      await klient2.goto(`/usluga/${services.otherClientSite}/wyglad/katalog`);
      await loaded(pageHeading(klient2)).toHaveText(text('resources.appearance_templates.title'));
      await loaded(catalogueCards(klient2).filter({ hasText: MINIMAL }).first()).toBeVisible();
      await expect(catalogueCards(klient2).filter({ hasText: AURORA })).toHaveCount(0);
    } finally {
      await context.close();
    }

    await page.reload();
    await loaded(all).not.toBeChecked();
    await all.check();
    await section.getByRole('button', { name: text('ra.action.save') }).click();
    await expectToast(page, text('app.service_admin.templates.saved'));
  });
});
