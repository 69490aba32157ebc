import type { Page } from '@playwright/test';
import { axeViolations } from './support/axe';
import { text } from './support/catalogue';
import { confirmDialog, expectToast, openFromServiceMenu, recordRow, recordTable, saveButton, uniqueName } from './support/schema-screens';
import { apiSession, pageHeading, signIn } from './support/session';
import { expect, test } from './support/signed-in';
import { specTexts } from './support/spec-texts';

const TITLE = 'resources.imports.title';
const importsPath = (serviceId: number) => `/usluga/${serviceId}/konfiguracja/importy`;
const sectionTabs = (page: Page) => page.getByRole('main').getByRole('tablist', { name: text('app.imports.pages') });
const field = (page: Page, key: string) => page.getByRole('main').getByRole('combobox', { name: text(`resources.imports.fields.${key}`) });

async function choose(page: Page, key: string, option: string) {
  await field(page, key).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test.describe('imports, exports and sources', () => {
  test('the pages follow the service’s flags: the site has imports and exports, the BIP its sources too', async ({ page, services }) => {
    await openFromServiceMenu(page, services.site, 'resources.imports.title');
    await expect(page).toHaveURL(importsPath(services.site));
    await expect(pageHeading(page)).toHaveText(text(TITLE));
    await expect(sectionTabs(page).getByRole('tab')).toHaveText([text('app.imports.tabs.imports'), text('app.imports.tabs.exports')]);

    // The site's sources page is off: its address leads to the first page the site has.
    await page.goto(`${importsPath(services.site)}/zrodla`);
    await expect(page).toHaveURL(importsPath(services.site));
    await expect(pageHeading(page)).toHaveText(text(TITLE));

    await page.goto(importsPath(services.bip));
    await expect(sectionTabs(page).getByRole('tab')).toHaveText([text('app.imports.tabs.imports'), text('app.imports.tabs.exports'), text('app.imports.tabs.sources')]);
    await sectionTabs(page).getByRole('tab', { name: text('app.imports.tabs.exports') }).click();
    await expect(page).toHaveURL(`${importsPath(services.bip)}/eksporty`);
    await expect(pageHeading(page)).toHaveText(text('app.imports.exports.title'));
    await expect(page.getByRole('main').getByRole('table').getByRole('row').filter({ hasText: text('demo.services.klient_site') })).toBeVisible();
  });

  test('klient adds an import, choosing the data type first, switches it off and on, and removes it', async ({ page, services, klientApi }) => {
    const target = uniqueName('Cel importu');
    const created = await klientApi.send('POST', `/api/client_service/${services.site}/module/news_categories`, { name: target });
    expect(created.status()).toBe(201);

    await page.goto(`${importsPath(services.site)}/dodaj`);
    // Before the data type: the source and categories wait for it, with the SPEC 5 text.
    await expect(field(page, 'export_client_service_id')).toHaveAttribute('aria-disabled', 'true');
    await saveButton(page).click();
    await expect(page.getByText(specTexts.importTypeFirst, { exact: true }).first()).toBeVisible();
    await expectToast(page, specTexts.invalidForm, 'alert');

    await choose(page, 'import_type_id', text('resources.imports.import_types.continuous'));
    await choose(page, 'content_type_id', text('resources.imports.content_types.news'));
    await choose(page, 'export_client_service_id', text('demo.services.klient_bip'));
    await choose(page, 'export_category_id', text('demo.imports.bip_category'));
    await choose(page, 'category_id', target);
    await saveButton(page).click();
    await expectToast(page, specTexts.importAdded);
    await expect(page).toHaveURL(importsPath(services.site));

    const row = recordRow(page, TITLE, target);
    await row.getByRole('button', { name: text('resources.imports.actions.unpublish') }).click();
    await expectToast(page, specTexts.importOff);
    await row.getByRole('button', { name: text('resources.imports.actions.publish') }).click();
    await expectToast(page, specTexts.importOn);

    await row.getByRole('button', { name: text('app.schema.delete_item', { label: target }) }).click();
    await confirmDialog(page).getByRole('button', { name: text('app.confirm.delete') }).click();
    await expectToast(page, specTexts.importDeleted);
    await expect(recordRow(page, TITLE, target)).toHaveCount(0);
  });

  test('the BIP’s sources are saved with the SPEC 8 toast', async ({ page, services, klientApi }) => {
    // A retry finds the site unticked if its first attempt stopped half-way: ticked again first.
    const sourcesCall = `/api/client_service/${services.bip}/module/imports/client_sources`;
    const { sources } = await klientApi.get<{ sources: number[] }>(sourcesCall);
    if (!sources.includes(services.site)) expect((await klientApi.send('PUT', sourcesCall, { sources: [...sources, services.site] })).status()).toBe(200);
    await page.goto(`${importsPath(services.bip)}/zrodla`);
    await expect(pageHeading(page)).toHaveText(text('app.imports.sources.title'));
    const site = page.getByRole('main').getByRole('checkbox', { name: text('demo.services.klient_site') });
    await expect(site).toBeChecked();
    await site.uncheck();
    await saveButton(page).click();
    await expectToast(page, specTexts.sourcesUpdated);
    await site.check();
    await saveButton(page).click();
    await expectToast(page, specTexts.sourcesUpdated);
    await page.reload();
    await expect(page.getByRole('main').getByRole('checkbox', { name: text('demo.services.klient_site') })).toBeChecked();
  });
});

test.describe('the import pages a root user gives a service', () => {
  // A browser of its own, signed in as admin rather than klient; axe is injected inline.
  test.use({ storageState: { cookies: [], origins: [] }, bypassCSP: true });

  test('admin turns the site’s sources page on from admin/uprawnienia, the pages follow, and turns it off again', async ({ page, services, request }) => {
    // A retry finds the page on if its first attempt stopped half-way: off again first.
    const admin = await apiSession(request, 'admin');
    expect((await admin.send('PUT', `/api/client_service/${services.site}/module/imports/settings`, { sources: false })).status()).toBe(200);
    await signIn(page, 'admin');
    await page.goto(`/usluga/${services.site}/admin/uprawnienia`);
    const pages = page.getByRole('region', { name: text('app.service_admin.import_pages.title') });
    const sources = pages.getByRole('checkbox', { name: text('app.imports.tabs.sources') });
    await expect(pages.getByRole('checkbox', { name: text('app.imports.tabs.imports') })).toBeChecked();
    await expect(sources).not.toBeChecked();
    expect(await axeViolations(page)).toEqual([]);

    await sources.check();
    await pages.getByRole('button', { name: text('ra.action.save') }).click();
    await expectToast(page, text('app.service_admin.import_pages.saved'));
    await page.goto(`${importsPath(services.site)}/zrodla`);
    await expect(pageHeading(page)).toHaveText(text('app.imports.sources.title'));
    await expect(sectionTabs(page).getByRole('tab')).toHaveText([text('app.imports.tabs.imports'), text('app.imports.tabs.exports'), text('app.imports.tabs.sources')]);

    await page.goto(`/usluga/${services.site}/admin/uprawnienia`);
    await sources.uncheck();
    await pages.getByRole('button', { name: text('ra.action.save') }).click();
    await expectToast(page, text('app.service_admin.import_pages.saved'));
    await page.goto(`${importsPath(services.site)}/zrodla`);
    await expect(page).toHaveURL(importsPath(services.site));
  });
});

test.describe('axe-core finds no violation on the import pages', () => {
  // The server's Content-Security-Policy forbids inline scripts, which is how axe gets injected.
  test.use({ bypassCSP: true });

  test('on the imports list', async ({ page, services }) => {
    await page.goto(importsPath(services.site));
    await expect(recordTable(page, TITLE)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('on the import form showing its errors', async ({ page, services }) => {
    await page.goto(`${importsPath(services.site)}/dodaj`);
    await saveButton(page).click();
    await expect(page.getByText(specTexts.importTypeFirst, { exact: true }).first()).toBeVisible();
    await expect(page.getByText(specTexts.invalidForm)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('on the exports and the sources', async ({ page, services }) => {
    await page.goto(`${importsPath(services.bip)}/eksporty`);
    await expect(page.getByRole('main').getByRole('table')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.goto(`${importsPath(services.bip)}/zrodla`);
    await expect(page.getByRole('main').getByRole('checkbox').first()).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});
