import { text } from './support/catalogue';
import { confirmDialog, expectToast, openFromServiceMenu, recordRow, recordTable, saveButton, uniqueName } from './support/schema-screens';
import { pageHeading } from './support/session';
import { expect, test } from './support/signed-in';
import { specTexts } from './support/spec-texts';

const TITLE = 'resources.recipients.title';

test('klient adds a recipient with tags, finds it by search and by tag, and deletes it', async ({ page, services, klientApi }) => {
  const run = uniqueName('').trim();
  const tag = `vip-${run}`;
  const name = `Anna Testowa ${run}`;
  const email = `anna.${run}@example.com`;
  const other = `Bartosz Inny ${run}`;
  const listPath = `/usluga/${services.newsletter}/konfiguracja/odbiorcy`;

  // The tag filter offers the service's tags; a second recipient without the tag shows the filter narrowing.
  const apiBase = `/api/client_service/${services.newsletter}/module`;
  expect((await klientApi.send('POST', `${apiBase}/tags`, { name: tag })).status()).toBe(201);
  expect((await klientApi.send('POST', `${apiBase}/tags`, { name: `klienci-${run}` })).status()).toBe(201);
  expect((await klientApi.send('POST', `${apiBase}/recipients`, { name: other, email: `bartosz.${run}@example.com`, tags: [] })).status()).toBe(201);

  await openFromServiceMenu(page, services.newsletter, 'demo.menu.service_recipients');
  await expect(page).toHaveURL(listPath);
  await expect(pageHeading(page)).toHaveText(text(TITLE));
  await page.getByRole('main').getByRole('link', { name: text('ra.action.add'), exact: true }).click();
  await expect(page).toHaveURL(`${listPath}/dodaj`);

  const main = page.getByRole('main');
  const nameField = main.getByRole('textbox', { name: text('resources.recipients.fields.name') });
  const emailField = main.getByRole('textbox', { name: text('resources.recipients.fields.email') });
  await saveButton(page).click();
  await expect(main.getByText(specTexts.recipientNameRequired, { exact: true })).toBeVisible();
  await expect(main.getByText(specTexts.recipientEmailRequired, { exact: true })).toBeVisible();
  await expectToast(page, specTexts.invalidForm, 'alert');

  await nameField.fill(name);
  await emailField.fill('anna.bez.domeny');
  await expect(main.getByText(specTexts.recipientNameRequired, { exact: true })).toBeHidden();
  await expect(main.getByText(specTexts.recipientEmailInvalid, { exact: true })).toBeVisible();
  await emailField.fill(email);
  await expect(main.getByText(specTexts.recipientEmailInvalid, { exact: true })).toBeHidden();

  // Tags are picked from the tags module, searched as the user types.
  const tagPicker = main.getByRole('combobox', { name: text('resources.recipients.fields.tags') });
  await tagPicker.fill(tag);
  await page.getByRole('option', { name: tag, exact: true }).click();
  await tagPicker.fill(`klienci-${run}`);
  await page.getByRole('option', { name: `klienci-${run}`, exact: true }).click();
  await saveButton(page).click();
  await expectToast(page, text('resources.recipients.messages.created'));
  await expect(page).toHaveURL(listPath);
  const row = recordRow(page, TITLE, name);
  await expect(row).toContainText(email);
  await expect(row).toContainText(`${tag}, klienci-${run}`);

  // The same address again, in capitals: the server's 409 message, on the field and in a toast.
  await page.getByRole('main').getByRole('link', { name: text('ra.action.add'), exact: true }).click();
  await nameField.fill(`${name} bis`);
  await emailField.fill(email.toUpperCase());
  await saveButton(page).click();
  const taken = text('errors.recipients.email_taken');
  await expectToast(page, taken, 'alert');
  await expect(emailField).toHaveAttribute('aria-invalid', 'true');
  await expect(main.getByText(taken, { exact: true })).toBeVisible();
  await expect(page).toHaveURL(`${listPath}/dodaj`);
  await main.getByRole('link', { name: text('ra.action.cancel'), exact: true }).click();
  await expect(page).toHaveURL(listPath);

  // Search by name, then by e-mail: only the matching recipient stays.
  const search = main.getByRole('searchbox', { name: text('ra.action.search') });
  await search.fill(name);
  await expect(recordRow(page, TITLE, other)).toHaveCount(0);
  await expect(recordRow(page, TITLE, name)).toBeVisible();
  await search.fill(email);
  await expect(recordTable(page, TITLE).getByRole('row')).toHaveCount(2);
  await expect(recordRow(page, TITLE, name)).toBeVisible();
  await search.fill(`nikt-${run}`);
  await expect(main.getByText(text('app.schema.no_results'))).toBeVisible();
  await search.fill('');
  await expect(recordRow(page, TITLE, other)).toBeVisible();

  // The tag filter: a combo box of the service's tags.
  const tagFilter = main.getByRole('combobox', { name: text('resources.recipients.fields.tags') });
  await tagFilter.fill(tag);
  await page.getByRole('option', { name: tag, exact: true }).click();
  await expect(tagFilter).toHaveValue(tag);
  await expect(recordRow(page, TITLE, other)).toHaveCount(0);
  await expect(recordTable(page, TITLE).getByRole('row')).toHaveCount(2);
  await expect(recordRow(page, TITLE, name)).toBeVisible();

  const deleteButton = recordRow(page, TITLE, name).getByRole('button', { name: text('app.schema.delete_item', { label: name }) });
  await deleteButton.click();
  await expect(confirmDialog(page)).toHaveAccessibleName(text('app.schema.delete_confirm', { label: name }));
  await confirmDialog(page).getByRole('button', { name: text('app.confirm.delete') }).click();
  await expectToast(page, text('resources.recipients.messages.deleted'));
  // The list refreshes: nobody left with that tag.
  await expect(main.getByText(text('app.schema.no_results'))).toBeVisible();
});
