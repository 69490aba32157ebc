import { text } from './support/catalogue';
import { confirmDialog, expectToast, openFromServiceMenu, recordRow, recordTable, saveButton, uniqueName } from './support/schema-screens';
import { pageHeading } from './support/session';
import { expect, test } from './support/signed-in';
import { specTexts } from './support/spec-texts';

const TITLE = 'resources.tags.title';

test('klient creates, edits, lists and deletes a tag, with the Polish validation messages', async ({ page, services }) => {
  const name = uniqueName('Tag e2e');
  const renamed = `${name} zmieniony`;
  const listPath = `/usluga/${services.newsletter}/konfiguracja/tagi`;

  await openFromServiceMenu(page, services.newsletter, 'demo.menu.service_tags');
  await expect(page).toHaveURL(listPath);
  await expect(pageHeading(page)).toHaveText(text(TITLE));
  await page.getByRole('main').getByRole('link', { name: text('ra.action.add'), exact: true }).click();
  await expect(page).toHaveURL(`${listPath}/dodaj`);

  // An empty submit: the field's message and the invalid-form toast, nothing sent.
  const nameField = page.getByRole('textbox', { name: text('resources.tags.fields.name') });
  await saveButton(page).click();
  await expect(page.getByText(specTexts.tagNameRequired, { exact: true })).toBeVisible();
  await expect(nameField).toHaveAttribute('aria-invalid', 'true');
  await expectToast(page, specTexts.invalidForm, 'alert');

  // Too short: once submitted, the form checks as the user types.
  await nameField.fill('a');
  await expect(page.getByText(specTexts.tagNameTooShort, { exact: true })).toBeVisible();
  await saveButton(page).click();
  await expect(page).toHaveURL(`${listPath}/dodaj`);

  await nameField.fill(name);
  await expect(page.getByText(specTexts.tagNameTooShort, { exact: true })).toBeHidden();
  await saveButton(page).click();
  await expectToast(page, text('resources.tags.messages.created'));
  await expect(page).toHaveURL(listPath);
  await expect(recordRow(page, TITLE, name)).toBeVisible();

  // Edit: the form opens with the stored name; the list then shows the new one only.
  await recordRow(page, TITLE, name).getByRole('link', { name: text('app.schema.edit_item', { label: name }) }).click();
  await expect(page).toHaveURL(new RegExp(`${listPath}/edytuj/\\d+$`));
  await expect(nameField).toHaveValue(name);
  await nameField.fill('');
  await saveButton(page).click();
  await expect(page.getByText(specTexts.tagNameRequired, { exact: true })).toBeVisible();
  await nameField.fill(renamed);
  await saveButton(page).click();
  await expectToast(page, text('resources.tags.messages.updated'));
  await expect(page).toHaveURL(listPath);
  await expect(recordRow(page, TITLE, renamed)).toBeVisible();
  await expect(recordRow(page, TITLE, name)).toHaveCount(0);

  // Delete asks first: cancelling keeps the tag.
  const deleteButton = recordRow(page, TITLE, renamed).getByRole('button', { name: text('app.schema.delete_item', { label: renamed }) });
  await deleteButton.click();
  await expect(confirmDialog(page)).toHaveAccessibleName(text('app.schema.delete_confirm', { label: renamed }));
  await confirmDialog(page).getByRole('button', { name: text('app.confirm.cancel') }).click();
  await expect(confirmDialog(page)).toBeHidden();
  await expect(recordRow(page, TITLE, renamed)).toBeVisible();

  await deleteButton.click();
  await confirmDialog(page).getByRole('button', { name: text('app.confirm.delete') }).click();
  await expectToast(page, text('resources.tags.messages.deleted'));
  await expect(recordTable(page, TITLE).or(page.getByText(text('app.schema.empty')))).toBeVisible();
  await expect(recordRow(page, TITLE, renamed)).toHaveCount(0);
});

test('a tag name that is taken gets the server’s message', async ({ page, services }) => {
  const name = uniqueName('Tag zajęty');
  await page.goto(`/usluga/${services.newsletter}/konfiguracja/tagi/dodaj`);
  const nameField = page.getByRole('textbox', { name: text('resources.tags.fields.name') });
  await nameField.fill(name);
  await saveButton(page).click();
  await expect(page).toHaveURL(`/usluga/${services.newsletter}/konfiguracja/tagi`);

  await page.goto(`/usluga/${services.newsletter}/konfiguracja/tagi/dodaj`);
  // The unique key ignores case.
  await nameField.fill(name.toUpperCase());
  await saveButton(page).click();
  await expectToast(page, text('errors.tags.name_taken'), 'alert');
  await expect(nameField).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(`/usluga/${services.newsletter}/konfiguracja/tagi/dodaj`);
});
