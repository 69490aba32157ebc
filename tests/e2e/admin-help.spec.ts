import { axeViolations } from './support/axe';
import { text } from './support/catalogue';
import { expectToast, saveButton, uniqueName } from './support/schema-screens';
import { apiSession, pageHeading, signIn } from './support/session';
import { specTexts } from './support/spec-texts';
import { expect, test } from './support/signed-in';
import type { Page } from './support/test';

/**
 * The admin area's help pages (issue 17): root ties a help page to a screen; a user opens it there
 * from the top bar's help button by keyboard and closes it with Esc; screens without help have no
 * button; the admin screens are root's only.
 */
const main = (page: Page) => page.getByRole('main');
const helpButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: text('app.help.button') });
const TITLE = uniqueName('Pomoc e2e: profil');
const CONTENT = 'Na tej stronie zmienisz hasło i dane kontaktowe.';

/** The add form filled for the profile screen, chosen by its Polish title and path. */
async function fillHelpPage(page: Page, title: string) {
  await main(page).getByRole('combobox', { name: text('resources.help_pages.fields.route') }).click();
  await page.getByRole('option', { name: text('app.help.route_choice', { title: text('app.layout.titles.user_profile'), path: '/panel/profil' }), exact: true }).click();
  await main(page).getByRole('textbox', { name: text('resources.help_pages.fields.title') }).fill(title);
  await main(page).getByRole('textbox', { name: text('resources.help_pages.fields.content') }).fill(CONTENT);
}

// axe-core is injected as a script, which the panel's Content-Security-Policy forbids.
test.use({ bypassCSP: true });
// The user reads the page root adds first.
test.describe.configure({ mode: 'serial' });

test.describe("root's help pages", () => {
  // A browser of its own, signed in as admin rather than klient.
  test.use({ storageState: { cookies: [], origins: [] } });

  test('root adds a help page for a screen, chosen by its Polish title', async ({ page, request }) => {
    // One page per screen: a retry first removes the profile's page an earlier attempt added.
    const admin = await apiSession(request, 'admin');
    const { data: pages } = await admin.get<{ data: { id: number; route: string }[] }>('/api/admin/help?per_page=100');
    for (const added of pages.filter((help) => help.route === 'user_profile')) {
      expect((await admin.send('DELETE', `/api/admin/help/${added.id}`)).status()).toBe(204);
    }
    await signIn(page, 'admin');
    await page.goto('/admin');
    await page.getByRole('navigation', { name: text('app.layout.menu_label') }).getByRole('link', { name: text('app.layout.admin_menu.admin_help'), exact: true }).click();
    await expect(page).toHaveURL('/admin/pomoc');
    await expect(pageHeading(page)).toHaveText(text('resources.help_pages.title'));
    await expect(main(page).getByText(text('demo.help.mailings.title'))).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    await main(page).getByRole('link', { name: text('ra.action.add'), exact: true }).click();
    await expect(page).toHaveURL('/admin/pomoc/dodaj');
    await saveButton(page).click();
    await expect(main(page).getByText(text('validation.help_pages.route_required'))).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    await fillHelpPage(page, TITLE);
    await saveButton(page).click();
    await expectToast(page, text('resources.help_pages.messages.created'));
    await expect(page).toHaveURL('/admin/pomoc');
    await expect(main(page).getByText(TITLE)).toBeVisible();
    // The list names the screen by its Polish title and path, not its route name.
    const row = main(page).getByRole('row').filter({ hasText: TITLE });
    await expect(row).toContainText(text('app.help.route_choice', { title: text('app.layout.titles.user_profile'), path: '/panel/profil' }));
    await expect(row).not.toContainText('user_profile');

    // One page per screen: a second one for the profile is refused, with the server's message.
    await page.goto('/admin/pomoc/dodaj');
    await fillHelpPage(page, uniqueName('Druga pomoc e2e'));
    await saveButton(page).click();
    await expectToast(page, text('validation.help_pages.route_taken'), 'alert');
    // Also under the field, as the form shows every refusal of a unique key.
    await expect(main(page).getByText(text('validation.help_pages.route_taken'))).toBeVisible();

    await page.goto('/admin/pomoc');
    await main(page).getByRole('link', { name: text('app.schema.edit_item', { label: TITLE }) }).click();
    await expect(main(page).getByRole('textbox', { name: text('resources.help_pages.fields.title') })).toHaveValue(TITLE);
    expect(await axeViolations(page)).toEqual([]);
  });
});

test('a user opens the help of a screen by keyboard and closes it with Esc; a screen without help has no button', async ({ page }) => {
  await page.goto('/panel/profil');
  await expect(pageHeading(page)).toHaveText(text('app.layout.titles.user_profile'));
  const button = helpButton(page);
  await button.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: TITLE });
  await expect(dialog.getByText(CONTENT)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();

  // The FAQ has no help page: once the pages are known, no button (reached without reloading them).
  await page.getByRole('button', { name: new RegExp(`^${text('app.layout.user_menu.toggle', { name: '' })}`) }).click();
  await page.getByRole('link', { name: text('app.layout.user_menu.faq'), exact: true }).click();
  await expect(pageHeading(page)).toHaveText(text('app.faq.title'));
  await expect(helpButton(page)).toHaveCount(0);

  // The demo's help of the dashboard.
  await page.goto('/');
  await helpButton(page).click();
  await expect(page.getByRole('dialog', { name: text('demo.help.dashboard.title') })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.goto('/admin/pomoc');
  await expect(pageHeading(page)).toHaveText(specTexts.accessDenied);
  expect(await axeViolations(page)).toEqual([]);
});
