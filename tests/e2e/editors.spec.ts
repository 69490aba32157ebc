import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { readOutboxDir, type Mail } from '../api/support/outbox';
import { axeViolations } from './support/axe';
import { keepOffline } from './support/offline';
import { text } from './support/catalogue';
import { configurationEntry, expectToast, openFromServiceMenu, recordRow, recordTable, saveButton, uniqueName } from './support/schema-screens';
import { pageHeading, submitLogin } from './support/session';
import { expect, test } from './support/signed-in';

const EDITORS = 'resources.editors.title';
const ROLES = 'resources.editor_roles.title';
const NEW_PASSWORD = 'Redaktor-Haslo-2026!';

/** The e-mails to `to` in the outbox of the server this project runs against (playwright.config.ts gives its DATA_DIR), once there are `count`. */
async function mailsTo(baseURL: string, to: string, count: number): Promise<Mail[]> {
  const dir = path.join(tmpdir(), `panel-e2e-${new URL(baseURL).port}`, 'outbox');
  let mails: Mail[] = [];
  await expect.poll(async () => (mails = (await readOutboxDir(dir)).filter((mail) => mail.to === to)).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(count);
  return mails;
}

/** Picks choices of a multiple select (RJSF's select of an array of choices), then closes its list. */
async function chooseOptions(page: Page, label: string, options: string[]) {
  await page.getByRole('combobox', { name: label }).click();
  for (const option of options) await page.getByRole('option', { name: option, exact: true }).click();
  await page.keyboard.press('Escape');
}

test('klient adds a role and an editor; the editor activates the account and sees only the role’s modules', async ({ page, services, browser }) => {
  // Two users' first steps (the regulations, a new password) in one test.
  test.setTimeout(150_000);
  const baseURL = test.info().project.use.baseURL!;
  const roleName = uniqueName('Rola e2e');
  const email = `${uniqueName('redaktor').replace(' ', '.')}@example.com`;
  const sitePath = `/usluga/${services.site}`;

  // A role: a name and the modules it gives.
  await openFromServiceMenu(page, services.site, ROLES);
  await expect(page).toHaveURL(`${sitePath}/konfiguracja/redaktorzy/role`);
  await expect(pageHeading(page)).toHaveText(text(ROLES));
  await page.getByRole('main').getByRole('link', { name: text('ra.action.add'), exact: true }).click();
  await page.getByRole('textbox', { name: text('resources.editor_roles.fields.name') }).fill(roleName);
  // Only the modules the site has can be given: the newsletter's tags cannot.
  await page.getByRole('combobox', { name: text('resources.editor_roles.fields.modules') }).click();
  await expect(page.getByRole('option', { name: text('resources.editor_roles.modules.tags'), exact: true })).toBeDisabled();
  await expect(page.getByRole('option', { name: text('resources.editor_roles.modules.news'), exact: true })).toBeEnabled();
  await page.keyboard.press('Escape');
  await chooseOptions(page, text('resources.editor_roles.fields.modules'), [text('resources.editor_roles.modules.subjects')]);
  await saveButton(page).click();
  await expectToast(page, text('resources.editor_roles.messages.created'));
  await expect(recordRow(page, ROLES, roleName)).toBeVisible();

  // An editor: a new e-mail address with that role.
  await openFromServiceMenu(page, services.site, EDITORS);
  await expect(page).toHaveURL(`${sitePath}/konfiguracja/redaktorzy`);
  await page.getByRole('main').getByRole('link', { name: text('ra.action.add'), exact: true }).click();
  await page.getByRole('textbox', { name: text('resources.editors.fields.email') }).fill(email);
  await page.getByRole('combobox', { name: text('resources.editors.fields.role_id') }).fill(roleName);
  await page.getByRole('option', { name: roleName, exact: true }).click();
  await saveButton(page).click();
  await expectToast(page, text('resources.editors.messages.created'));
  await expect(recordRow(page, EDITORS, email)).toBeVisible();

  // The activation link, then the temporary password, both by e-mail.
  const [activation] = await mailsTo(baseURL, email, 1);
  expect(activation.subject).toBe(text('app.editors.mail.activation_subject'));
  const link = /https?:\/\/\S+(\/logowanie\/przypomnij_haslo\/aktywuj\/\S+)/.exec(activation.text)![1];
  // Nobody signed in: the project's default state is klient's.
  const context = await browser.newContext({ baseURL, locale: 'pl-PL', storageState: { cookies: [], origins: [] } });
  await keepOffline(context, baseURL);
  const editor = await context.newPage();
  await editor.goto(link);
  await expect(editor.getByText(text('app.auth.temporary_password_sent'))).toBeVisible();
  const temporaryPassword = /\n\n(\S+)\n\n/.exec((await mailsTo(baseURL, email, 2))[1].text)![1];

  // First sign-in: the regulations, then a password of their own.
  await editor.goto('/logowanie');
  await submitLogin(editor, email.toLowerCase(), temporaryPassword);
  await expect(editor).toHaveURL(/\/panel\/profil\/regulaminy$/);
  await editor.getByRole('checkbox', { name: text('app.profile.regulations.agree', { smart_count: 1 }) }).check();
  await editor.getByRole('button', { name: text('app.profile.regulations.accept') }).click();
  await expect(editor).toHaveURL(/\/panel\/profil$/);
  await editor.getByLabel(text('app.profile.password_old'), { exact: true }).fill(temporaryPassword);
  await editor.getByLabel(text('app.profile.password_new'), { exact: true }).fill(NEW_PASSWORD);
  await editor.getByLabel(text('app.profile.password_confirm'), { exact: true }).fill(NEW_PASSWORD);
  await editor.getByRole('button', { name: text('app.profile.change_password') }).click();
  await expectToast(editor, text('app.auth.password_changed'));

  // The site's menu offers the role's module only; the others answer with the 403 screen.
  await editor.goto(sitePath);
  await expect(await configurationEntry(editor, 'resources.subjects.title')).toBeVisible();
  const sidebar = editor.getByRole('navigation', { name: text('app.layout.menu_label') });
  for (const hidden of ['resources.news_categories.title', EDITORS, ROLES]) {
    await expect(sidebar.getByRole('link', { name: text(hidden), exact: true })).toHaveCount(0);
  }
  await (await configurationEntry(editor, 'resources.subjects.title')).click();
  await expect(pageHeading(editor)).toHaveText(text('resources.subjects.title'));
  await editor.goto(`${sitePath}/konfiguracja/redaktorzy`);
  await expect(editor).toHaveURL(/\/error\/403$/);
  await context.close();
});

test.describe('axe-core finds no violation on the editors screens', () => {
  test.use({ bypassCSP: true });

  test('on the editors list and the add form showing its errors', async ({ page, services }) => {
    await page.goto(`/usluga/${services.site}/konfiguracja/redaktorzy`);
    await expect(recordTable(page, EDITORS)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.goto(`/usluga/${services.site}/konfiguracja/redaktorzy/dodaj`);
    await saveButton(page).click();
    await expect(page.getByText(text('validation.editors.role_id_required'), { exact: true }).first()).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('on the roles list and the role form', async ({ page, services }) => {
    await page.goto(`/usluga/${services.site}/konfiguracja/redaktorzy/role`);
    await expect(recordTable(page, ROLES)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await recordRow(page, ROLES, text('demo.editor_roles.news')).getByRole('link').click();
    await expect(page.getByRole('textbox', { name: text('resources.editor_roles.fields.name') })).toHaveValue(text('demo.editor_roles.news'));
    expect(await axeViolations(page)).toEqual([]);
  });
});
