import { axeViolations } from './support/axe';
import { text } from './support/catalogue';
import { expectToast, recordRow, saveButton, uniqueName } from './support/schema-screens';
import { apiSession, pageHeading, signIn } from './support/session';
import { expect, test } from './support/signed-in';

/** klient's newsletter service admin area, as root (admin) sees it; klient is refused. */
test.describe('the service admin area of a newsletter', () => {
  // The server's Content-Security-Policy forbids inline scripts, which is how axe gets injected.
  test.use({ bypassCSP: true });

  test('klient cannot open it: the 403 screen', async ({ page, services }) => {
    await page.goto(`/usluga/${services.newsletter}/admin/importy`);
    await expect(page).toHaveURL('/error/403');
    await page.goto(`/usluga/${services.newsletter}/admin/uprawnienia`);
    await expect(page).toHaveURL('/error/403');
  });

  test.describe('as root', () => {
  // A browser of its own, signed in as admin rather than klient.
  test.use({ storageState: { cookies: [], origins: [] } });

  test('admin gives the service a module and takes it back; the menu follows', async ({ page, services, request }) => {
    // A retry finds the tags taken away if its first attempt stopped half-way: given back first.
    const admin = await apiSession(request, 'admin');
    const modules = `/api/client_service/${services.newsletter}/modules`;
    const { data } = await admin.get<{ data: { module: string; enabled: boolean }[] }>(modules);
    const given = data.filter((entry) => entry.enabled).map((entry) => entry.module);
    if (!given.includes('tags')) expect((await admin.send('PUT', modules, { modules: [...given, 'tags'] })).status()).toBe(200);
    await signIn(page, 'admin');
    await page.goto(`/usluga/${services.newsletter}/admin/uprawnienia`);
    await expect(pageHeading(page)).toHaveText(text('app.service_admin.modules.title'));
    const news = page.getByRole('main').getByRole('checkbox', { name: text('app.service_modules.news'), exact: true });
    const tags = page.getByRole('main').getByRole('checkbox', { name: text('app.service_modules.tags') });
    await expect(tags).toBeChecked();
    await expect(news).not.toBeChecked();
    // Every built module is offered, the WCAG assistant too: this newsletter does not have it.
    await expect(page.getByRole('main').getByRole('checkbox', { name: text('app.service_modules.wcag') })).not.toBeChecked();
    expect(await axeViolations(page)).toEqual([]);

    // Taking the tags away closes their pages (root too: the service lacks the module); giving them back opens them.
    await tags.uncheck();
    await saveButton(page).click();
    await expectToast(page, text('app.service_admin.modules.saved'));
    await page.goto(`/usluga/${services.newsletter}/konfiguracja/tagi`);
    await expect(page).toHaveURL('/error/403');
    await page.goto(`/usluga/${services.newsletter}/admin/uprawnienia`);
    await tags.check();
    await saveButton(page).click();
    await expectToast(page, text('app.service_admin.modules.saved'));
    await page.goto(`/usluga/${services.newsletter}/konfiguracja/tagi`);
    await expect(pageHeading(page)).toHaveText(text('resources.tags.title'));
  });

  test('admin sets the sending limits and sees each one with its usage now; the table follows the save', async ({ page, services }) => {
    await signIn(page, 'admin');
    await page.goto(`/usluga/${services.newsletter}/admin/limity`);
    await expect(pageHeading(page)).toHaveText(text('resources.limits.title'));
    const usage = page.getByRole('main').getByRole('table', { name: text('resources.limits.usage.title') });
    const daily = usage.getByRole('row', { name: new RegExp(`^${text('resources.limits.fields.daily')}`) });
    await expect(daily.getByRole('cell')).toHaveCount(3);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('main').getByRole('spinbutton', { name: text('resources.limits.fields.daily') }).fill('4321');
    await page.getByRole('main').getByRole('spinbutton', { name: text('resources.limits.fields.monthly') }).fill('54321');
    await saveButton(page).click();
    await expectToast(page, text('resources.limits.messages.updated'));
    await expect(daily.getByRole('cell').first()).toHaveText('4321');
  });

  test('admin imports recipients from a CSV with a tag, follows the progress and gets the row errors', async ({ page, services }) => {
    const run = uniqueName('').trim().replace(/\s+/g, '-');
    await signIn(page, 'admin');
    await page.goto(`/usluga/${services.newsletter}/admin/importy`);
    await expect(pageHeading(page)).toHaveText(text('app.service_admin.imports.title'));
    // The demo import is listed, with its errors to download.
    await expect(page.getByRole('main').getByRole('table')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('main').getByRole('link', { name: text('app.service_admin.imports.create') }).click();
    await expect(page).toHaveURL(`/usluga/${services.newsletter}/admin/importy/dodaj`);
    const main = page.getByRole('main');
    // Without a file: the field says so.
    await main.getByRole('button', { name: text('app.service_admin.imports.submit') }).click();
    await expect(main.getByText(text('app.service_admin.imports.no_file')).first()).toBeVisible();

    const csv = ['email;nazwa', `import.${run}@example.com;Importowany Odbiorca`, `IMPORT.${run}@example.com;Powtórzony`, 'zly-adres;Zły Adres'].join('\n');
    // The panel's own Polish file button, not the browser's "Choose File"; the chosen file's name under it.
    await expect(main.getByText(text('app.service_admin.imports.choose_file'), { exact: true })).toBeVisible();
    await main.getByLabel(text('app.service_admin.imports.file')).setInputFiles({ name: `odbiorcy-${run}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await expect(main.getByText(`odbiorcy-${run}.csv`, { exact: true })).toBeVisible();
    const tagPicker = main.getByRole('combobox', { name: text('app.service_admin.imports.tags') });
    await tagPicker.fill('VIP');
    await page.getByRole('option', { name: 'VIP', exact: true }).click();
    expect(await axeViolations(page)).toEqual([]);
    await main.getByRole('button', { name: text('app.service_admin.imports.submit') }).click();
    await expectToast(page, text('app.service_admin.imports.queued'));
    await expect(main.getByRole('heading', { name: text('app.service_admin.imports.progress_heading') })).toBeVisible();
    await expect(main.getByText(text('app.service_admin.imports.summary', { total: 3, created: 1, merged: 1, failed: 1 }))).toBeVisible({ timeout: 30_000 });
    const download = page.waitForEvent('download');
    await main.getByRole('button', { name: text('app.service_admin.imports.download_errors_of', { name: `odbiorcy-${run}.csv` }) }).click();
    expect((await download).suggestedFilename()).toMatch(/^import-\d+-bledy\.csv$/);
    expect(await axeViolations(page)).toEqual([]);
  });

  });

  test('klient edits a recipient: the tag picker; the unsubscription date shown in the list, never editable', async ({ page, services, klientApi }) => {
    const run = uniqueName('').trim().replace(/\s+/g, '-');
    const base = `/api/client_service/${services.newsletter}/module`;
    const created = await klientApi.send('POST', `${base}/recipients`, { name: `Edytowany ${run}`, email: `edytowany.${run}@example.com`, tags: [] });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: number };
    await page.goto(`/usluga/${services.newsletter}/konfiguracja/odbiorcy/edytuj/${id}`);
    const main = page.getByRole('main');
    await expect(main.getByRole('textbox', { name: text('resources.recipients.fields.name') })).toHaveValue(`Edytowany ${run}`);
    const tagPicker = main.getByRole('combobox', { name: text('resources.recipients.fields.tags') });
    await tagPicker.fill('Nowi');
    await page.getByRole('option', { name: 'Nowi', exact: true }).click();
    expect(await axeViolations(page)).toEqual([]);
    await saveButton(page).click();
    await expectToast(page, text('resources.recipients.messages.updated'));
    await expect(recordRow(page, 'resources.recipients.title', `Edytowany ${run}`)).toContainText('Nowi');

    // A demo recipient who unsubscribed: the list shows the date; the form never offers to change it.
    await page.goto(`/usluga/${services.newsletter}/konfiguracja/odbiorcy?search=kaminski`);
    const row = recordRow(page, 'resources.recipients.title', 'Tomasz Kamiński');
    await expect(row).toContainText(/\d{1,2} \p{L}+ \d{4} \d{1,2}:\d{2}/u);
    await row.getByRole('link', { name: text('app.schema.edit_item', { label: 'Tomasz Kamiński' }) }).click();
    await expect(main.getByRole('textbox', { name: text('resources.recipients.fields.name') })).toHaveValue('Tomasz Kamiński');
    await expect(main.getByLabel(text('resources.recipients.fields.unsubscribed_at'))).toHaveCount(0);
  });

  test('the recipients list exports what it shows as CSV', async ({ page, services }) => {
    await page.goto(`/usluga/${services.newsletter}/konfiguracja/odbiorcy?tag=VIP`);
    const download = page.waitForEvent('download');
    await page.getByRole('main').getByRole('button', { name: text('app.schema.export') }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('recipients.csv');
    const content = await (await file.createReadStream()).toArray();
    const lines = Buffer.concat(content).toString('utf8').replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toContain(text('resources.recipients.fields.email'));
    expect(lines.slice(1).every((line) => line.includes('VIP'))).toBe(true);
    await expectToast(page, text('app.schema.exported'));
  });
});
