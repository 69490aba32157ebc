import { axeViolations } from './support/axe';
import { text } from './support/catalogue';
import { expectToast, saveButton, uniqueName } from './support/schema-screens';
import { apiSession, pageHeading, signIn } from './support/session';
import { specTexts } from './support/spec-texts';
import { expect, test } from './support/signed-in';
import type { Page } from './support/test';

/**
 * The admin area's news to users (issue 17): root writes a news item for everyone on the engine's
 * screens (its options, photos and attachments pages beside it); a user sees it behind the unread
 * badge and reads it; nobody but root enters /admin/wiadomosci.
 */
const main = (page: Page) => page.getByRole('main');
const bell = (page: Page, unread: number) => page.getByRole('link', { name: text('app.layout.news_bell', { smart_count: unread }) });

// axe-core is injected as a script, which the panel's Content-Security-Policy forbids.
test.use({ bypassCSP: true });

test.describe("root's news to users", () => {
  // A browser of its own, signed in as admin rather than klient.
  test.use({ storageState: { cookies: [], origins: [] } });

  test('root writes a news item for everyone and sets its options, its photos and attachments pages beside it', async ({ page }) => {
    await signIn(page, 'admin');
    await page.goto('/admin');
    await page.getByRole('navigation', { name: text('app.layout.menu_label') }).getByRole('link', { name: text('app.layout.admin_menu.admin_news'), exact: true }).click();
    await expect(page).toHaveURL('/admin/wiadomosci');
    await expect(pageHeading(page)).toHaveText(text('resources.user_news.title'));
    await expect(main(page).getByText(text('demo.admin_news.important.title'))).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    await main(page).getByRole('link', { name: text('ra.action.add'), exact: true }).click();
    await expect(page).toHaveURL('/admin/wiadomosci/dodaj');
    await saveButton(page).click();
    await expect(main(page).getByText(text('validation.user_news.title_required'))).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    const title = uniqueName('Wiadomość e2e');
    await main(page).getByRole('textbox', { name: text('resources.user_news.fields.title') }).fill(title);
    await main(page).getByRole('textbox', { name: text('resources.user_news.fields.lead') }).fill('Zajawka wiadomości e2e.');
    await main(page).getByRole('textbox', { name: text('resources.user_news.fields.body') }).fill('Treść wiadomości e2e.');
    await saveButton(page).click();
    await expectToast(page, text('resources.user_news.messages.created'));
    await expect(page).toHaveURL(/\/admin\/wiadomosci\/edytuj\/\d+$/);
    const editPath = new URL(page.url()).pathname;
    await expect(main(page).getByRole('textbox', { name: text('resources.user_news.fields.title') })).toHaveValue(title);
    expect(await axeViolations(page)).toEqual([]);

    await page.goto(`${editPath}/opcje`);
    await expect(main(page).getByRole('checkbox', { name: text('resources.user_news.fields.published') })).toBeChecked();
    // Only the options of the chosen audience: service types for service types, logins for chosen users.
    // A field's label, with the asterisk of a required one.
    const label = (key: string) => main(page).getByText(new RegExp(`^${text(key)}(\\s*\\*)?$`)).first();
    const serviceTypes = label('resources.user_news.fields.service_types');
    const logins = label('resources.user_news.fields.users');
    await expect(serviceTypes).toBeHidden();
    await expect(logins).toBeHidden();
    const audience = async (choice: string) => {
      await main(page).getByRole('combobox', { name: text('resources.user_news.fields.audience') }).click();
      await page.getByRole('option', { name: text(`resources.user_news.choices.audience.${choice}`) }).click();
    };
    await audience('service_types');
    await expect(serviceTypes).toBeVisible();
    await expect(logins).toBeHidden();
    await audience('users');
    await expect(logins).toBeVisible();
    await expect(serviceTypes).toBeHidden();
    await audience('all');
    await expect(logins).toBeHidden();
    await expect(main(page).getByRole('checkbox', { name: text('resources.user_news.fields.important') })).not.toBeChecked();
    expect(await axeViolations(page)).toEqual([]);
    await saveButton(page).click();
    await expectToast(page, text('resources.user_news.messages.updated'));

    for (const [path, titleKey] of [['zdjecia', 'resources.user_news_photos.title'], ['zalaczniki', 'resources.user_news_attachments.title']]) {
      await page.goto(`${editPath}/${path}`);
      await expect(main(page).getByText(text('app.schema.empty'))).toBeVisible();
      await expect(main(page).getByRole('heading', { name: new RegExp(text(titleKey)) }).first()).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
    }
  });
});

test("a user sees root's news behind the unread badge, reads it, and may not enter the admin news", async ({ page, playwright, baseURL }) => {
  const request = await playwright.request.newContext({ baseURL });
  const admin = await apiSession(request, 'admin');
  const title = uniqueName('Wiadomość dla wszystkich e2e');
  const created = await admin.send('POST', '/api/admin/news', { title, lead: 'Dla każdego użytkownika.', body: '<p>Treść dla wszystkich.</p>' });
  expect(created.status(), await created.text()).toBe(201);
  await request.dispose();

  await page.goto('/');
  // The bell names the unread count ('Wiadomości, 3 nieprzeczytane') once it is loaded: the new item among them.
  const bellPrefix = text('app.layout.news_bell', { smart_count: 5 }).split('5')[0];
  const anyBell = page.getByRole('link', { name: new RegExp(`^${bellPrefix}[1-9]\\d*`) });
  await expect(anyBell).toBeVisible();
  const before = Number(/\d+/.exec((await anyBell.getAttribute('aria-label')) ?? '')?.[0]);
  await bell(page, before).click();
  await expect(page).toHaveURL('/wiadomosci');
  expect(await axeViolations(page)).toEqual([]);
  await main(page).getByRole('link', { name: new RegExp(title) }).click();
  await expect(main(page).getByRole('heading', { level: 1, name: new RegExp(title) })).toBeVisible();
  await expect(main(page).getByText('Treść dla wszystkich.')).toBeVisible();
  await expect(bell(page, before - 1)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await page.goto('/admin/wiadomosci');
  await expect(pageHeading(page)).toHaveText(specTexts.accessDenied);
  expect(await axeViolations(page)).toEqual([]);
});
