import ExcelJS from 'exceljs';
import { axeViolations } from './support/axe';
import { text } from './support/catalogue';
import { confirmDialog, expectToast, recordRow, recordTable, uniqueName } from './support/schema-screens';
import { pageHeading } from './support/session';
import { expect, test } from './support/signed-in';

const TITLE = 'resources.recipients.title';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

// axe-core is injected as a script, which the panel's Content-Security-Policy forbids.
test.use({ bypassCSP: true });

test('klient selects recipients on the list, tags them and deletes them with a confirmation, by keyboard', async ({ page, services, klientApi }) => {
  const run = uniqueName('').trim().replace(/\s+/g, '-');
  const tag = `masowy-${run}`;
  const apiBase = `/api/client_service/${services.newsletter}/module`;
  expect((await klientApi.send('POST', `${apiBase}/tags`, { name: tag })).status()).toBe(201);
  const names = ['Adam', 'Beata', 'Cezary'].map((first) => `${first} Masowy ${run}`);
  for (const [index, name] of names.entries()) {
    expect((await klientApi.send('POST', `${apiBase}/recipients`, { name, email: `masowy${index}.${run}@example.com`, tags: [] })).status()).toBe(201);
  }

  await page.goto(`/usluga/${services.newsletter}/konfiguracja/odbiorcy`);
  // The first screen of a fresh server loads its chunks on a busy machine: a bound, not a wait.
  await expect(pageHeading(page)).toHaveText(text(TITLE), { timeout: 30_000 });
  const main = page.getByRole('main');
  await main.getByRole('searchbox', { name: text('ra.action.search') }).fill(run);
  const rows = recordTable(page, TITLE).getByRole('row');
  // The head row and the three recipients of this run.
  await expect(rows).toHaveCount(4);

  // Every row of the page selected by keyboard; the toolbar says how many and is reached by keyboard.
  const selectPage = main.getByRole('checkbox', { name: text('app.schema.bulk.select_page') });
  await selectPage.focus();
  await page.keyboard.press('Space');
  await expect(selectPage).toBeChecked();
  const toolbar = main.getByRole('toolbar', { name: text('app.schema.bulk.toolbar') });
  await expect(toolbar.getByText(text('app.schema.bulk.selected', { smart_count: 3 }))).toBeVisible();
  const tagButton = toolbar.getByRole('button', { name: text('resources.recipients.bulk.tag') });
  for (let presses = 0; presses < 10 && !(await tagButton.evaluate((button) => button === document.activeElement)); presses += 1) await page.keyboard.press('Shift+Tab');
  await expect(tagButton).toBeFocused();
  expect(await axeViolations(page)).toEqual([]);

  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading')).toHaveText(text('app.schema.bulk.add_title', { action: text('resources.recipients.bulk.tag'), smart_count: 3 }));
  await dialog.getByRole('combobox', { name: text('resources.recipients.fields.tags') }).fill(tag);
  await page.getByRole('option', { name: tag, exact: true }).click();
  expect(await axeViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: text('resources.recipients.bulk.tag') }).click();
  await expectToast(page, text('resources.recipients.bulk.tagged', { smart_count: 3 }));
  for (const name of names) await expect(recordRow(page, TITLE, name)).toContainText(tag);
  // Done: the selection is cleared, and the toolbar with it.
  await expect(toolbar).toBeHidden();

  // Two rows picked one by one, deleted after a confirmation that counts them.
  for (const name of names.slice(0, 2)) await main.getByRole('checkbox', { name: text('app.schema.bulk.select_item', { label: name }) }).check();
  await expect(selectPage).not.toBeChecked();
  await toolbar.getByRole('button', { name: text('app.schema.bulk.delete') }).click();
  await expect(confirmDialog(page)).toContainText(text('resources.recipients.bulk.delete_confirm', { smart_count: 2 }));
  expect(await axeViolations(page)).toEqual([]);
  await confirmDialog(page).getByRole('button', { name: text('app.schema.bulk.delete') }).click();
  await expectToast(page, text('resources.recipients.bulk.deleted', { smart_count: 2 }));
  await expect(rows).toHaveCount(2);
  await expect(recordRow(page, TITLE, names[2])).toBeVisible();
});

test('on a phone each card has its checkbox and the page one above them; the toolbar fits the screen', async ({ page, services, klientApi }) => {
  const run = uniqueName('').trim().replace(/\s+/g, '-');
  const name = `Telefon Masowy ${run}`;
  expect((await klientApi.send('POST', `/api/client_service/${services.newsletter}/module/recipients`, { name, email: `telefon.${run}@example.com`, tags: [] })).status()).toBe(201);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/usluga/${services.newsletter}/konfiguracja/odbiorcy`);
  const main = page.getByRole('main');
  await main.getByRole('searchbox', { name: text('ra.action.search') }).fill(run);
  const cards = main.getByRole('list', { name: text(TITLE) }).getByRole('listitem');
  await expect(cards).toHaveCount(1);
  await main.getByRole('checkbox', { name: text('app.schema.bulk.select_page') }).check();
  await expect(cards.getByRole('checkbox', { name: text('app.schema.bulk.select_item', { label: name }) })).toBeChecked();
  const toolbar = main.getByRole('toolbar', { name: text('app.schema.bulk.toolbar') });
  await expect(toolbar.getByText(text('app.schema.bulk.selected', { smart_count: 1 }))).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  expect(await axeViolations(page)).toEqual([]);
});

test('klient imports recipients from its list: a sample file, a CSV with its columns mapped, and the consent stated', async ({ page, services }) => {
  const run = uniqueName('').trim().replace(/\s+/g, '-');
  const listPath = `/usluga/${services.newsletter}/konfiguracja/odbiorcy`;
  await page.goto(listPath);
  const main = page.getByRole('main');
  await main.getByRole('link', { name: text('app.recipient_import.open') }).click();
  await expect(page).toHaveURL(`${listPath}/import`);
  await expect(pageHeading(page)).toHaveText(text('app.recipient_import.title'));

  const sample = page.waitForEvent('download');
  await main.getByRole('button', { name: text('app.recipient_import.sample') }).click();
  expect((await sample).suggestedFilename()).toBe(text('app.recipient_import.sample_file_name'));

  // Columns the import would not recognise by name: the user maps them.
  const csv = ['Kto;Adres;Grupy', `Ewa Importowana ${run};ewa.${run}@example.com;VIP`, `Olaf Importowany ${run};olaf.${run}@example.com;`, `Zły Wiersz ${run};zly-adres;`].join('\n');
  await main.getByLabel(text('app.recipient_import.file')).setInputFiles({ name: `klient-${run}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) });
  const emailColumn = main.getByRole('combobox', { name: text('app.recipient_import.column.email') });
  // The e-mail's column is found by its name ("Adres"); the others are chosen.
  await expect(emailColumn).toHaveText(text('app.recipient_import.column_numbered', { number: 2, name: 'Adres' }));
  await main.getByRole('combobox', { name: text('app.recipient_import.column.name') }).click();
  await page.getByRole('option', { name: text('app.recipient_import.column_numbered', { number: 1, name: 'Kto' }) }).click();
  await main.getByRole('combobox', { name: text('app.recipient_import.column.tags') }).click();
  await page.getByRole('option', { name: text('app.recipient_import.column_numbered', { number: 3, name: 'Grupy' }) }).click();
  expect(await axeViolations(page)).toEqual([]);

  // Without the statement of consent the import is not sent.
  await main.getByRole('button', { name: text('app.service_admin.imports.submit') }).click();
  await expect(main.getByText(text('errors.recipient_imports.consent_required'))).toBeVisible();
  await main.getByRole('checkbox', { name: text('app.recipient_import.consent') }).check();
  await main.getByRole('button', { name: text('app.service_admin.imports.submit') }).click();
  await expectToast(page, text('app.service_admin.imports.queued'));
  await expect(main.getByText(text('app.service_admin.imports.summary', { total: 3, created: 2, merged: 0, failed: 1 }))).toBeVisible({ timeout: 30_000 });
  expect(await axeViolations(page)).toEqual([]);

  await main.getByRole('link', { name: text('app.recipient_import.back') }).click();
  await expect(page).toHaveURL(listPath);
  await main.getByRole('searchbox', { name: text('ra.action.search') }).fill(run);
  await expect(recordRow(page, TITLE, `Ewa Importowana ${run}`)).toContainText('VIP');
  await expect(recordRow(page, TITLE, `Olaf Importowany ${run}`)).toBeVisible();
});

test('klient imports an XLSX file with its columns read from the first row and mapped in the browser', async ({ page, services }) => {
  const run = uniqueName('').trim().replace(/\s+/g, '-');
  const listPath = `/usluga/${services.newsletter}/konfiguracja/odbiorcy`;
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Odbiorcy');
  sheet.addRow(['Osoba', 'Poczta']);
  sheet.addRow([`Zofia Arkuszowa ${run}`, `zofia.${run}@example.com`]);
  await page.goto(`${listPath}/import`);
  const main = page.getByRole('main');
  await expect(pageHeading(page)).toHaveText(text('app.recipient_import.title'));
  await main.getByLabel(text('app.recipient_import.file')).setInputFiles({ name: `klient-${run}.xlsx`, mimeType: XLSX, buffer: Buffer.from(await workbook.xlsx.writeBuffer()) });

  // Neither column has a name the import knows: the header is shown for the user to map.
  const emailColumn = main.getByRole('combobox', { name: text('app.recipient_import.column.email') });
  await emailColumn.click();
  await page.getByRole('option', { name: text('app.recipient_import.column_numbered', { number: 2, name: 'Poczta' }) }).click();
  await main.getByRole('combobox', { name: text('app.recipient_import.column.name') }).click();
  await page.getByRole('option', { name: text('app.recipient_import.column_numbered', { number: 1, name: 'Osoba' }) }).click();
  await main.getByRole('checkbox', { name: text('app.recipient_import.consent') }).check();
  await main.getByRole('button', { name: text('app.service_admin.imports.submit') }).click();
  await expect(main.getByText(text('app.service_admin.imports.summary', { total: 1, created: 1, merged: 0, failed: 0 }))).toBeVisible({ timeout: 30_000 });

  await page.goto(listPath);
  await main.getByRole('searchbox', { name: text('ra.action.search') }).fill(run);
  await expect(recordRow(page, TITLE, `Zofia Arkuszowa ${run}`)).toBeVisible();
});
