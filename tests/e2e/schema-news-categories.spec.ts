import { text } from './support/catalogue';
import { confirmDialog, expectToast, openFromServiceMenu, pngImage, recordRow, saveButton, uniqueName } from './support/schema-screens';
import { pageHeading } from './support/session';
import { expect, test } from './support/signed-in';
import { specTexts } from './support/spec-texts';
import type { Locator, Page } from './support/test';

const TITLE = 'resources.news_categories.title';
const PHOTO = text('resources.news_categories.fields.photo');

/** The photo's preview and its pixel width once loaded (0 for an image that did not load). */
async function loadedWidth(preview: Locator): Promise<number> {
  await expect(preview).toBeVisible();
  return preview.evaluate(async (image: HTMLImageElement) => {
    await image.decode().catch(() => undefined);
    return image.naturalWidth;
  });
}

const photoPreview = (page: Page) => page.getByRole('main').getByRole('img', { name: text('app.schema.file_preview', { field: PHOTO }) });
const photoInput = (page: Page) => page.getByRole('main').getByLabel(PHOTO);

test('klient adds a news category with a photo, replaces the photo, removes it and deletes the category', async ({ page, services }) => {
  const name = uniqueName('Kategoria e2e');
  const listPath = `/usluga/${services.site}/konfiguracja/wiadomosci`;
  const editPath = new RegExp(`${listPath}/edytuj/\\d+$`);
  const main = page.getByRole('main');
  const nameField = main.getByRole('textbox', { name: text('resources.news_categories.fields.name'), exact: true });

  await openFromServiceMenu(page, services.site, 'demo.menu.service_news_categories');
  await expect(page).toHaveURL(listPath);
  await expect(pageHeading(page)).toHaveText(text(TITLE));
  await main.getByRole('link', { name: text('ra.action.add'), exact: true }).click();
  await expect(page).toHaveURL(`${listPath}/dodaj`);

  await saveButton(page).click();
  await expect(main.getByText(specTexts.newsCategoryNameRequired, { exact: true })).toBeVisible();
  await expectToast(page, specTexts.invalidForm, 'alert');

  // A chosen photo is previewed before it is sent.
  await nameField.fill(name);
  await expect(photoPreview(page)).toHaveCount(0);
  await photoInput(page).setInputFiles(await pngImage(page, { name: 'czerwone.png', colour: '#c00000', width: 16, height: 12 }));
  await expect(main.getByText('czerwone.png')).toBeVisible();
  expect(await loadedWidth(photoPreview(page))).toBe(16);
  await saveButton(page).click();
  await expectToast(page, text('resources.news_categories.messages.created'));
  await expect(page).toHaveURL(listPath);

  // On edit the stored photo shows, served by the server.
  const row = recordRow(page, TITLE, name);
  const edit = row.getByRole('link', { name: text('app.schema.edit_item', { label: name }) });
  await edit.click();
  await expect(page).toHaveURL(editPath);
  await expect(nameField).toHaveValue(name);
  expect(await loadedWidth(photoPreview(page))).toBe(16);
  const firstUri = await photoPreview(page).getAttribute('src');
  expect(firstUri).toMatch(/^\/api\//);

  // Replacing: the new photo is stored, the old one is gone from the server.
  await photoInput(page).setInputFiles(await pngImage(page, { name: 'niebieskie.png', colour: '#0000c0', width: 24, height: 8 }));
  expect(await loadedWidth(photoPreview(page))).toBe(24);
  await saveButton(page).click();
  await expectToast(page, text('resources.news_categories.messages.updated'));
  await expect(page).toHaveURL(listPath);
  await edit.click();
  expect(await loadedWidth(photoPreview(page))).toBe(24);
  expect(await photoPreview(page).getAttribute('src')).not.toBe(firstUri);
  expect((await page.request.get(firstUri!)).status()).toBe(404);

  // Removing: no preview before saving, and none stored after.
  await main.getByRole('button', { name: text('app.schema.file_remove', { field: PHOTO }) }).click();
  await expect(photoPreview(page)).toHaveCount(0);
  await saveButton(page).click();
  await expectToast(page, text('resources.news_categories.messages.updated'));
  await expect(page).toHaveURL(listPath);
  await edit.click();
  await expect(nameField).toHaveValue(name);
  await expect(photoPreview(page)).toHaveCount(0);

  await page.goto(listPath);
  await row.getByRole('button', { name: text('app.schema.delete_item', { label: name }) }).click();
  await confirmDialog(page).getByRole('button', { name: text('app.confirm.delete') }).click();
  await expectToast(page, text('resources.news_categories.messages.deleted'));
  await expect(row).toHaveCount(0);
});
