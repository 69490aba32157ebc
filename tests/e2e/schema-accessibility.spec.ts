import { axeViolations } from './support/axe';
import { text } from './support/catalogue';
import { pngImage, recordTable, saveButton, uniqueName } from './support/schema-screens';
import { pageHeading } from './support/session';
import { expect, test } from './support/signed-in';
import { specTexts } from './support/spec-texts';

test.describe('axe-core finds no violation on the schema screens', () => {
  // The server's Content-Security-Policy forbids inline scripts, which is how axe gets injected.
  test.use({ bypassCSP: true });

  test.beforeAll(async ({ services, klientApi: klient }) => {
    // Lists with rows, so that the table, its sort buttons and the row actions are checked too.
    const base = `/api/client_service/${services.newsletter}/module`;
    const tag = uniqueName('a11y');
    expect((await klient.send('POST', `${base}/tags`, { name: tag })).status()).toBe(201);
    const recipient = { name: uniqueName('Odbiorca a11y'), email: `${uniqueName('a11y').replace(' ', '.')}@example.com`, tags: [tag] };
    expect((await klient.send('POST', `${base}/recipients`, recipient)).status()).toBe(201);
  });

  test('on the tag list', async ({ page, services }) => {
    await page.goto(`/usluga/${services.newsletter}/konfiguracja/tagi`);
    await expect(recordTable(page, 'resources.tags.title')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('on the tag form showing its errors', async ({ page, services }) => {
    await page.goto(`/usluga/${services.newsletter}/konfiguracja/tagi/dodaj`);
    await saveButton(page).click();
    await expect(page.getByText(specTexts.tagNameRequired, { exact: true })).toBeVisible();
    await expect(page.getByText(specTexts.invalidForm)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('on the recipient list', async ({ page, services }) => {
    await page.goto(`/usluga/${services.newsletter}/konfiguracja/odbiorcy`);
    await expect(recordTable(page, 'resources.recipients.title')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('on the recipient form with the tag picker open', async ({ page, services }) => {
    await page.goto(`/usluga/${services.newsletter}/konfiguracja/odbiorcy/dodaj`);
    await page.getByRole('main').getByRole('combobox', { name: text('resources.recipients.fields.tags') }).click();
    await expect(page.getByRole('option').first()).toBeVisible();
    await page.keyboard.press('Escape');
    await saveButton(page).click();
    await expect(page.getByText(specTexts.recipientNameRequired, { exact: true })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('on the sender config form', async ({ page, services }) => {
    await page.goto(`/usluga/${services.newsletter}/konfiguracja/metody_wysylki`);
    const type = page.getByRole('main').getByRole('combobox', { name: text('resources.senders_config.fields.config_type_id') });
    await type.click();
    await page.getByRole('option', { name: text('resources.senders_config.types.smtp'), exact: true }).click();
    await expect(page.getByRole('main').getByRole('spinbutton', { name: text('resources.senders_config.fields.smtp_port') })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('on the news category form with a photo', async ({ page, services }) => {
    await page.goto(`/usluga/${services.site}/konfiguracja/wiadomosci/dodaj`);
    await expect(pageHeading(page)).toBeVisible();
    const photo = text('resources.news_categories.fields.photo');
    await page.getByRole('main').getByLabel(photo).setInputFiles(await pngImage(page, { name: 'zdjecie.png', colour: '#208040', width: 16, height: 12 }));
    await expect(page.getByRole('main').getByRole('img', { name: text('app.schema.file_preview', { field: photo }) })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});
