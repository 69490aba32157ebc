import { axeViolations } from './support/axe';
import { text } from './support/catalogue';
import { confirmDialog, expectToast } from './support/schema-screens';
import { apiSession, signIn } from './support/session';
import { expect, test } from './support/signed-in';

test.describe("the site's delivery key", () => {
  // A browser of its own, signed in as admin rather than klient; axe is injected inline.
  test.use({ storageState: { cookies: [], origins: [] }, bypassCSP: true });

  test('root makes a key on admin/uprawnienia by keyboard, sees it once, and a new one ends the old one after a confirmation', async ({ page, services, request }) => {
    // A retry finds the key its first attempt made: the screen says so, and making another asks first.
    const admin = await apiSession(request, 'admin');
    const { has_key: hadKey } = await admin.get<{ has_key: boolean }>(`/api/client_service/${services.site}/delivery_key`);
    await signIn(page, 'admin');
    await page.goto(`/usluga/${services.site}/admin/uprawnienia`);
    const section = page.getByRole('region', { name: text('app.service_admin.delivery.title') });
    await expect(section.getByText(text(`app.service_admin.delivery.${hadKey ? 'has_key' : 'no_key'}`))).toBeVisible({ timeout: 30_000 });
    const make = section.getByRole('button', { name: text('app.service_admin.delivery.make') });
    await make.focus();
    await page.keyboard.press('Enter');
    if (hadKey) await confirmDialog(page).getByRole('button', { name: text('app.service_admin.delivery.make') }).click();
    await expectToast(page, text('app.service_admin.delivery.made'));
    const keyField = section.getByRole('textbox', { name: text('app.service_admin.delivery.new_key') });
    await expect(keyField).toHaveValue(/^dk_/);
    await expect(section.getByText(text('app.service_admin.delivery.has_key'))).toBeVisible();
    const first = await keyField.inputValue();
    expect(await axeViolations(page)).toEqual([]);

    // The site reads its content with the key.
    const news = (key: string) => page.request.get('/api/delivery/news', { headers: { 'X-Delivery-Key': key } });
    expect((await news(first)).status()).toBe(200);

    await make.click();
    await confirmDialog(page).getByRole('button', { name: text('app.service_admin.delivery.make') }).click();
    await expectToast(page, text('app.service_admin.delivery.made'));
    await expect(keyField).not.toHaveValue(first);
    expect((await news(await keyField.inputValue())).status()).toBe(200);
    expect((await news(first)).status()).toBe(404);
  });

  test('a newsletter, whose content no site reads, has no such section', async ({ page, services }) => {
    await signIn(page, 'admin');
    await page.goto(`/usluga/${services.newsletter}/admin/uprawnienia`);
    await expect(page.getByRole('main').getByRole('checkbox').first()).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('region', { name: text('app.service_admin.delivery.title') })).toHaveCount(0);
  });
});
