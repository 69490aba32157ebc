import { axeViolations } from './support/axe';
import { text } from './support/catalogue';
import { expectToast, recordTable, saveButton, uniqueName } from './support/schema-screens';
import { pageHeading, signIn } from './support/session';
import { specTexts } from './support/spec-texts';
import { expect, test } from './support/signed-in';
import type { Page } from './support/test';

const TITLE = 'resources.regulations.title';
const CURRENT = 'Regulamin świadczenia usług';
const ARCHIVED = text('demo.regulations.archived.name');
const main = (page: Page) => page.getByRole('main');

// axe-core is injected as a script, which the panel's Content-Security-Policy forbids.
test.use({ bypassCSP: true });

test.describe("root's regulations", () => {
  // A browser of its own, signed in as admin rather than klient.
  test.use({ storageState: { cookies: [], origins: [] } });

  test('the versions in force, the archive and the future ones are tabs of one list', async ({ page }) => {
    await signIn(page, 'admin');
    await page.goto('/admin/regulaminy');
    await expect(pageHeading(page)).toHaveText(text(TITLE));
    await expect(recordTable(page, TITLE).getByRole('row', { name: new RegExp(CURRENT) })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    await main(page).getByRole('tab', { name: text('resources.regulations.pages.admin_regulations_archive') }).click();
    await expect(page).toHaveURL('/admin/regulaminy/archiwalne');
    await expect(main(page).getByRole('table')).toContainText(ARCHIVED);
    expect(await axeViolations(page)).toEqual([]);

    await main(page).getByRole('tab', { name: text('resources.regulations.pages.admin_regulations_future') }).click();
    await expect(page).toHaveURL('/admin/regulaminy/przyszle');
    await expect(main(page).getByRole('table')).toContainText(text('demo.regulations.future.name'));
    await expect(main(page).getByRole('table')).not.toContainText(ARCHIVED);
    expect(await axeViolations(page)).toEqual([]);
  });

  test('a version in force is read, not changed; a new version replacing it is added by keyboard and waits among the future ones', async ({ page }) => {
    await signIn(page, 'admin');
    await page.goto('/admin/regulaminy');
    await main(page).getByRole('link', { name: text('app.schema.show_item', { label: CURRENT }) }).click();
    await expect(main(page).getByText(text('app.schema.in_force'))).toBeVisible();
    await expect(saveButton(page)).toBeDisabled();
    expect(await axeViolations(page)).toEqual([]);

    await page.goto('/admin/regulaminy/dodaj');
    const name = uniqueName('Regulamin, wersja');
    await main(page).getByRole('textbox', { name: text('resources.regulations.fields.name') }).fill(name);
    await main(page).getByRole('textbox', { name: text('resources.regulations.fields.content') }).fill('§ 1. Nowe zasady korzystania z panelu.');
    const from = main(page).getByRole('group', { name: text('resources.regulations.fields.valid_from'), exact: true });
    await from.getByRole('spinbutton').first().click();
    await page.keyboard.type('010120301000');
    await main(page).getByRole('combobox', { name: text('resources.regulations.fields.replaces_id') }).click();
    await page.getByRole('option', { name: new RegExp(`^${CURRENT} \\(od \\d`) }).first().click();
    expect(await axeViolations(page)).toEqual([]);
    await saveButton(page).click();
    await expectToast(page, text('resources.regulations.messages.created'));

    await page.goto('/admin/regulaminy/przyszle');
    await expect(main(page).getByRole('table').getByRole('row', { name: new RegExp(name) })).toBeVisible();
    // The version in force now ends when the new one begins.
    await page.goto('/admin/regulaminy');
    await expect(recordTable(page, TITLE).getByRole('row', { name: new RegExp(CURRENT) })).toContainText('2030');
  });
});

test('a user reads every version with when they accepted it, and may not enter the admin regulations', async ({ page }) => {
  await page.goto('/regulaminy');
  await expect(pageHeading(page)).toHaveText(text('app.regulations_report.title'));
  const current = main(page).getByRole('article', { name: CURRENT, exact: true });
  await expect(current.getByText(text('app.regulations_report.in_force'), { exact: true })).toBeVisible();
  await expect(current.getByText(/^Zaakceptowano /)).toBeVisible();
  await expect(main(page).getByRole('article', { name: ARCHIVED, exact: true }).getByText(text('app.regulations_report.archived'), { exact: true })).toBeVisible();
  await current.getByRole('button', { name: text('app.regulations_report.read', { name: CURRENT }) }).click();
  await expect(current.getByText('Niniejszy regulamin określa zasady korzystania z panelu administracyjnego.')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await page.goto('/admin/regulaminy');
  await expect(pageHeading(page)).toHaveText(specTexts.accessDenied);
});
