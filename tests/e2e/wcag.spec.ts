import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { type FixtureSite, startFixtureSite } from '../api/support/wcag-site';
import { axeViolations } from './support/axe';
import { text } from './support/catalogue';
import { confirmDialog, expectToast, saveButton } from './support/schema-screens';
import { pageHeading } from './support/session';
import { expect, test } from './support/signed-in';

/**
 * The WCAG assistant's screens (SPEC 2 "moduly/wcag"): klient analyses a fixture site this file
 * serves on loopback (the e2e server's testing flag lets the guard through), follows the progress,
 * reads the result, marks a criterion by hand and cancels a second analysis; axe on every screen.
 */
test.use({ bypassCSP: true });
test.describe.configure({ mode: 'serial' });

let site: FixtureSite;
let slowSite: FixtureSite;
test.beforeAll(async () => {
  site = await startFixtureSite({ brokenPages: false });
  slowSite = await startFixtureSite({ brokenPages: false, slowMs: 1500 });
});
test.afterAll(async () => {
  await site?.close();
  await slowSite?.close();
});

const wcagPath = (serviceId: number) => `/usluga/${serviceId}/moduly/wcag`;
const main = (page: Page) => page.getByRole('main');
/** The history's rows of analyses in a state, newest first. */
const historyRows = (page: Page, state: string) =>
  main(page)
    .getByRole('table', { name: text('app.wcag.analysis.history') })
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: text(`app.wcag.analysis.states.${state}`), exact: true }) });

async function setAddress(page: Page, url: string) {
  await main(page).getByRole('textbox', { name: text('app.wcag.analysis.start_url') }).fill(url);
  await main(page).getByRole('button', { name: text('app.wcag.analysis.save_settings') }).click();
  await expectToast(page, text('app.wcag.analysis.settings_saved'));
}

test('klient opens the assistant from the menu, analyses a site and reads the result', async ({ page, services }) => {
  await page.goto(`/usluga/${services.site}`);
  const sidebar = page.getByRole('navigation', { name: text('app.layout.menu_label') });
  const folder = sidebar.getByRole('button', { name: text('app.menu.folders.modules'), exact: true });
  if ((await folder.getAttribute('aria-expanded')) !== 'true') await folder.click();
  await sidebar.getByRole('link', { name: text('app.wcag.menu'), exact: true }).click();
  await expect(page).toHaveURL(wcagPath(services.site));
  await expect(pageHeading(page)).toHaveText(text('app.wcag.analysis.title'));
  // The BIP is never analysed here: its history stays empty.
  await page.goto(wcagPath(services.bip));
  await expect(main(page).getByText(text('app.wcag.analysis.empty'))).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.goto(wcagPath(services.site));

  await setAddress(page, site.url);
  await main(page).getByRole('button', { name: text('app.wcag.analysis.start') }).click();
  await expectToast(page, text('app.wcag.analysis.started_message'));
  // The progress bar while it runs, then the start button again and the history's row, newest first.
  await expect(main(page).getByRole('progressbar')).toBeVisible();
  await expect(main(page).getByRole('button', { name: text('app.wcag.analysis.start') })).toBeVisible({ timeout: 90_000 });
  const finished = historyRows(page, 'completed').first();
  await expect(finished).toBeVisible();
  await expect(main(page).getByRole('heading', { name: text('app.wcag.trend.title') })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await finished.getByRole('link', { name: text('app.wcag.analysis.show_scores') }).click();
  await expect(pageHeading(page)).toHaveText(text('app.wcag.scores.title'));
  const altText = main(page).getByRole('button', { name: new RegExp(`^1\\.1\\.1 ${text('app.wcag.catalogue.criteria.1_1_1.name')}`) });
  await expect(altText).toContainText(text('app.wcag.states.failed'));
  await altText.click();
  await expect(main(page).getByText(text('app.wcag.fixes.image_alt'), { exact: false })).toBeVisible();
  await expect(main(page).getByText(`${new URL(site.url).origin}/bez-alt`).first()).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

test('klient marks a criterion checked by hand in the catalogue, and reads the FAQ', async ({ page, services, klientApi }) => {
  // A retry finds the criterion as the first attempt left it: back to the rules' verdict first.
  expect((await klientApi.send('DELETE', `/api/client_service/${services.site}/module/wcag/criteria/2.4.7/check`)).status()).toBe(204);
  await page.goto(`${wcagPath(services.site)}/kryteria`);
  await expect(pageHeading(page)).toHaveText(text('app.wcag.criteria.title'));
  await expect(main(page).getByRole('heading', { name: `1. ${text('app.wcag.catalogue.principles.1.name')}` })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  const focus = `2.4.7 ${text('app.wcag.catalogue.criteria.2_4_7.name')}`;
  await main(page).getByRole('link', { name: focus }).click();
  await expect(page).toHaveURL(`${wcagPath(services.site)}/kryteria/2/2.4/2.4.7`);
  await expect(pageHeading(page)).toHaveText(focus);
  await expect(main(page).getByText(text('app.wcag.states.not_tested'))).toBeVisible();
  // By keyboard: the choice, the note, the save button.
  await main(page).getByRole('radio', { name: text('app.wcag.criterion.met'), exact: true }).check();
  await main(page).getByRole('textbox', { name: text('app.wcag.criterion.note') }).fill('Sprawdzone klawiaturą: fokus widać wszędzie.');
  await main(page).getByRole('textbox', { name: text('app.wcag.criterion.note') }).press('Tab');
  await page.keyboard.press('Enter');
  await expectToast(page, text('app.wcag.criterion.checked'));
  await expect(main(page).getByText(text('app.wcag.criterion.checked_by', { user: 'klient', at: '' }).replace(/,\s*$/, ''))).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await main(page).getByRole('navigation', { name: text('app.wcag.nav') }).getByRole('link', { name: text('app.wcag.faq.title') }).click();
  await expect(pageHeading(page)).toHaveText(text('app.wcag.faq.title'));
  await main(page).getByRole('button', { name: text('app.wcag.faq.items.statement.question') }).click();
  await expect(main(page).getByText(text('app.wcag.faq.items.statement.answer'))).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

test('klient drafts the accessibility statement from the analysis, completes it and downloads it as HTML', async ({ page, services, klientApi }) => {
  // A retry finds the statement the first attempt saved, edited by hand: filled in from the analysis first (none saved: 404).
  expect([200, 404]).toContain((await klientApi.send('POST', `/api/client_service/${services.site}/module/wcag/statement/redraft`)).status());
  await page.goto(wcagPath(services.site));
  await main(page).getByRole('navigation', { name: text('app.wcag.nav') }).getByRole('link', { name: text('resources.wcag_statement.title') }).click();
  await expect(page).toHaveURL(`${wcagPath(services.site)}/deklaracja`);
  await expect(pageHeading(page)).toHaveText(text('resources.wcag_statement.title'));
  // Drafted from the latest analysis: the failed criteria by name, the compliance it implies.
  const nonAccessible = main(page).getByRole('textbox', { name: text('resources.wcag_statement.fields.non_accessible') });
  await expect(nonAccessible).toHaveValue(new RegExp(`^1\\.1\\.1 ${text('app.wcag.catalogue.criteria.1_1_1.name')}`, 'm'));
  expect(await axeViolations(page)).toEqual([]);

  // The contact person is the user's to name (a retry finds the first attempt's): saving without one says so in Polish.
  const contactPerson = main(page).getByRole('textbox', { name: text('resources.wcag_statement.fields.contact_person') });
  await contactPerson.fill('');
  await saveButton(page).click();
  await expectToast(page, text('validation.form_invalid'), 'alert');
  await expect(main(page).getByText(text('validation.wcag_statement.contact_person_required'))).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await contactPerson.fill('Anna Nowak');
  await saveButton(page).click();
  await expectToast(page, text('resources.wcag_statement.messages.updated'));

  const downloading = page.waitForEvent('download');
  await main(page).getByRole('button', { name: text('resources.wcag_statement.actions.download') }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('deklaracja-dostepnosci.html');
  const html = readFileSync(await download.path(), 'utf8');
  expect(html).toContain('<span id="a11y-osoba">Anna Nowak</span>');
  expect(html).toContain(text('resources.wcag_statement.html.compliance_partial'));

  // Edited by hand, then filled in again from the latest analysis: the failures come back, the contact person stays.
  await nonAccessible.fill('Opis redakcji.');
  await saveButton(page).click();
  await expectToast(page, text('resources.wcag_statement.messages.updated'));
  const redraft = text('resources.wcag_statement.actions.redraft');
  await main(page).getByRole('button', { name: redraft }).click();
  await expect(confirmDialog(page)).toContainText(text('resources.wcag_statement.confirm.redraft'));
  expect(await axeViolations(page)).toEqual([]);
  await confirmDialog(page).getByRole('button', { name: redraft }).click();
  await expectToast(page, text('resources.wcag_statement.messages.redrafted'));
  await expect(nonAccessible).toHaveValue(new RegExp(`^1\\.1\\.1 ${text('app.wcag.catalogue.criteria.1_1_1.name')}`, 'm'));
  await expect(contactPerson).toHaveValue('Anna Nowak');
  await page.reload();
  await expect(nonAccessible).toHaveValue(new RegExp(`^1\\.1\\.1 `, 'm'));
});

test('klient cancels a running analysis after confirming', async ({ page, services }) => {
  await page.goto(wcagPath(services.site));
  await setAddress(page, slowSite.url);
  await main(page).getByRole('button', { name: text('app.wcag.analysis.start') }).click();
  await expect(main(page).getByRole('progressbar')).toBeVisible();
  await main(page).getByRole('button', { name: text('app.wcag.analysis.cancel') }).click();
  await confirmDialog(page).getByRole('button', { name: text('app.wcag.analysis.cancel') }).click();
  await expectToast(page, text('app.wcag.analysis.cancelled'));
  await expect(historyRows(page, 'cancelled').first()).toBeVisible();
  await expect(main(page).getByRole('button', { name: text('app.wcag.analysis.start') })).toBeVisible();
});
