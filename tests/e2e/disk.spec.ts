import { axeViolations } from './support/axe';
import { text } from './support/catalogue';
import { confirmDialog, expectToast, uniqueName } from './support/schema-screens';
import { pageHeading } from './support/session';
import { expect, test } from './support/signed-in';
import { specTexts } from './support/spec-texts';
import type { Page } from './support/test';

const main = (page: Page) => page.getByRole('main');
const contents = (page: Page, folder: string) => main(page).getByRole('table', { name: text('resources.disk.table_label', { name: folder }) });
const entryRow = (page: Page, folder: string, name: string) => contents(page, folder).getByRole('row').filter({ hasText: name });

test.describe('file disk', () => {
  test.use({ bypassCSP: true });

  test('klient opens Dysk from the menu, makes a folder, uploads, renames, publishes, moves and deletes', async ({ page, services }) => {
    const root = text('resources.disk.root_name');
    const folder = uniqueName('Folder e2e');
    const fileName = 'notatka e2e.txt';
    // Unique: a retry moves it into the root folder, where an earlier attempt may have left one.
    const renamed = `${uniqueName('notatka po zmianie')}.txt`;

    await page.goto(`/usluga/${services.site}`);
    await page.getByRole('navigation', { name: text('app.layout.menu_label') }).getByRole('link', { name: text('demo.menu.service_disk'), exact: true }).click();
    // SPEC 4: dysk redirects to the root folder's id.
    await expect(page).toHaveURL(new RegExp(`/usluga/${services.site}/dysk/\\d+$`));
    const rootUrl = page.url();
    await expect(pageHeading(page)).toHaveText(root);
    await expect(entryRow(page, root, text('demo.disk.folders.graphics'))).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    // A new folder: the name rule first, then the folder.
    await main(page).getByRole('button', { name: text('resources.disk.actions.new_folder') }).click();
    const dialog = page.getByRole('dialog', { name: text('resources.disk.new_folder.title') });
    const create = dialog.getByRole('button', { name: text('ra.action.create') });
    await create.click();
    await expect(dialog.getByText(text('resources.disk.validation.name_required'), { exact: true })).toBeVisible();
    await dialog.getByRole('textbox', { name: text('resources.disk.new_folder.name') }).fill('zły/znak');
    await create.click();
    await expect(dialog.getByText(text('resources.disk.validation.name_invalid'), { exact: true })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('textbox', { name: text('resources.disk.new_folder.name') }).fill(folder);
    await create.click();
    await expectToast(page, text('resources.disk.messages.folder_created'));
    await entryRow(page, root, folder).getByRole('link', { name: folder, exact: true }).click();
    await expect(pageHeading(page)).toHaveText(folder);
    await expect(main(page).getByText(text('resources.disk.empty'), { exact: true })).toBeVisible();
    await expect(main(page).getByRole('navigation', { name: text('resources.disk.breadcrumbs') })).toContainText(root);

    // An upload, its progress bar filled once sent.
    await main(page).locator('input[type="file"]').setInputFiles({ name: fileName, mimeType: 'text/plain', buffer: Buffer.from('Zażółć gęślą jaźń\n'.repeat(2000)) });
    await expect(page.getByRole('progressbar', { name: text('app.uploads.sent', { name: fileName }) })).toHaveAttribute('aria-valuenow', '100');
    await expectToast(page, text('app.uploads.done', { smart_count: 1 }));
    await expect(entryRow(page, folder, fileName)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    // Rename.
    await main(page).getByRole('link', { name: text('resources.disk.actions.rename', { name: fileName }) }).click();
    await expect(page).toHaveURL(/\/dysk\/\d+\/edytuj\/\d+$/);
    await expect(pageHeading(page)).toHaveText(text('resources.disk.rename.title'));
    const nameField = main(page).getByRole('textbox', { name: text('resources.disk.rename.name') });
    await expect(nameField).toHaveValue(fileName);
    await nameField.fill(renamed);
    await main(page).getByRole('button', { name: text('ra.action.save') }).click();
    await expectToast(page, text('resources.disk.messages.renamed'));
    await expect(entryRow(page, folder, renamed)).toBeVisible();

    // Publish: the public address works without a session.
    await main(page).getByRole('link', { name: text('resources.disk.actions.publish', { name: renamed }) }).click();
    await expect(page).toHaveURL(/\/dysk\/\d+\/edytuj\/\d+\/udostepnianie$/);
    await expect(pageHeading(page)).toHaveText(text('resources.disk.publish.title'));
    await main(page).getByRole('switch', { name: text('resources.disk.publish.public') }).check();
    await main(page).getByRole('button', { name: text('ra.action.save') }).click();
    await expectToast(page, text('resources.disk.messages.published'));
    const link = main(page).getByRole('textbox', { name: text('resources.disk.publish.link') });
    await expect(link).toHaveValue(/\/api\/disk\/public\/[0-9a-f]{32}$/);
    const address = new URL(await link.inputValue()).pathname;
    const anonymous = await page.context().browser()!.newContext();
    try {
      const response = await anonymous.request.get(new URL(address, page.url()).toString());
      expect(response.status()).toBe(200);
      expect(await response.text()).toContain('Zażółć gęślą jaźń');
    } finally {
      await anonymous.close();
    }
    expect(await axeViolations(page)).toEqual([]);
    await main(page).getByRole('link', { name: text('resources.disk.actions.back') }).click();
    await expect(entryRow(page, folder, renamed)).toContainText(text('resources.disk.public.yes'));

    // Move to the root through the folder picker.
    await main(page).getByRole('link', { name: text('resources.disk.actions.move', { name: renamed }) }).click();
    await expect(page).toHaveURL(/\/dysk\/\d+\/edytuj\/\d+\/przenies$/);
    await expect(main(page).getByRole('radio', { name: text('resources.disk.move.current', { name: folder }) })).toBeDisabled();
    await main(page).getByRole('button', { name: text('resources.disk.actions.move_submit'), exact: true }).click();
    await expect(main(page).getByText(text('resources.disk.validation.target_required'), { exact: true })).toBeVisible();
    await main(page).getByRole('radio', { name: root, exact: true }).check();
    expect(await axeViolations(page)).toEqual([]);
    await main(page).getByRole('button', { name: text('resources.disk.actions.move_submit'), exact: true }).click();
    await expectToast(page, text('resources.disk.messages.moved'));
    await expect(main(page).getByText(text('resources.disk.empty'), { exact: true })).toBeVisible();

    // Back at the root by the breadcrumbs; delete the file, then the folder, each after a confirmation.
    await main(page).getByRole('navigation', { name: text('resources.disk.breadcrumbs') }).getByRole('link', { name: root, exact: true }).click();
    await expect(page).toHaveURL(rootUrl);
    await main(page).getByRole('button', { name: text('resources.disk.actions.delete', { name: renamed }) }).click();
    const confirmation = confirmDialog(page);
    await expect(confirmation).toContainText(text('resources.disk.confirm.delete_file', { name: renamed }));
    await confirmation.getByRole('button', { name: text('app.confirm.cancel') }).click();
    await expect(entryRow(page, root, renamed)).toBeVisible();
    await main(page).getByRole('button', { name: text('resources.disk.actions.delete', { name: renamed }) }).click();
    await confirmDialog(page).getByRole('button', { name: text('app.confirm.delete') }).click();
    await expectToast(page, text('resources.disk.messages.deleted'));
    await expect(entryRow(page, root, renamed)).toHaveCount(0);
    await main(page).getByRole('button', { name: text('resources.disk.actions.delete', { name: folder }) }).click();
    await expect(confirmDialog(page)).toContainText(text('resources.disk.confirm.delete_folder', { name: folder }));
    await confirmDialog(page).getByRole('button', { name: text('app.confirm.delete') }).click();
    await expectToast(page, text('resources.disk.messages.deleted'));
    await expect(entryRow(page, root, folder)).toHaveCount(0);
  });

  test('klient downloads a file and the folder as a ZIP prepared in the background, then removes the archive', async ({ page, services, klientApi }) => {
    const graphics = text('demo.disk.folders.graphics');
    const logo = text('demo.disk.files.logo');
    // A retry finds the archive an earlier attempt prepared: removed first, so the folder has none ready.
    const rootFolder = await klientApi.get<{ files: { id: number; name: string }[] }>(`/api/client_service/${services.newsletter}/module/files`);
    const archives = `/api/client_service/${services.newsletter}/files/${rootFolder.files.find((entry) => entry.name === graphics)?.id}/download`;
    for (let ready = await klientApi.send('GET', archives); ready.status() === 200; ready = await klientApi.send('GET', archives)) {
      expect((await klientApi.send('DELETE', `${archives}/${((await ready.json()) as { archive: number }).archive}`)).status()).toBe(204);
    }
    await page.goto(`/usluga/${services.newsletter}/dysk`);
    await expect(pageHeading(page)).toHaveText(text('resources.disk.root_name'));
    await main(page).getByRole('link', { name: graphics, exact: true }).click();
    await expect(pageHeading(page)).toHaveText(graphics);

    const fileDownload = page.waitForEvent('download');
    await main(page).getByRole('button', { name: text('resources.disk.actions.download', { name: logo }) }).click();
    expect((await fileDownload).suggestedFilename()).toBe(logo);

    await main(page).getByRole('button', { name: text('resources.disk.actions.download_archive') }).click();
    await expectToast(page, text('resources.disk.errors.archive_not_ready'), 'alert');
    await main(page).getByRole('button', { name: text('resources.disk.actions.prepare') }).click();
    await expectToast(page, text('resources.disk.messages.archive_queued'));
    await expect(main(page).getByText(text('app.jobs.state.completed'), { exact: false })).toBeVisible({ timeout: 20_000 });
    expect(await axeViolations(page)).toEqual([]);
    const archiveDownload = page.waitForEvent('download');
    await main(page).getByRole('button', { name: text('resources.disk.actions.download_archive') }).click();
    expect((await archiveDownload).suggestedFilename()).toBe(`${graphics}.zip`);
    await main(page).getByRole('button', { name: text('resources.disk.actions.delete_archive') }).click();
    await expectToast(page, text('resources.disk.messages.archive_deleted'));
  });

  test("klient2's disk is refused to klient, with the 403 screen", async ({ page, services }) => {
    await page.goto(`/usluga/${services.otherClientSite}/dysk`);
    await expectToast(page, specTexts.moduleAccessDenied, 'alert');
    await expect(pageHeading(page)).toHaveText(specTexts.accessDenied);
    await expect(page).toHaveURL('/error/403');
  });
});
