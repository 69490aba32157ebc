import type { Browser, Page } from '@playwright/test';
import { axeViolations } from './support/axe';
import { text } from './support/catalogue';
import { confirmDialog, expectToast, saveButton } from './support/schema-screens';
import { type ApiSession, pageHeading, signIn } from './support/session';
import { expect, test } from './support/signed-in';
import { specTexts } from './support/spec-texts';

const appearancePath = (serviceId: number, sub: string) => `/usluga/${serviceId}/wyglad/${sub}`;
/** A screen's first load waits on the permission check and the module's chunks, slow on a busy machine. */
const loaded = expect.configure({ timeout: 30_000 });
/** A template's card in the catalogue, by the template's name. */
const card = (page: Page, name: string) => page.getByRole('main').getByRole('listitem').filter({ hasText: name });
const AURORA = text('demo.templates.aurora');
const MINIMAL = text('demo.templates.minimal');

/** The settings pages of wyglad/ustawienia, each a tab of one group, with its heading. */
const SETTINGS_PAGES = [
  { sub: 'ustawienia', title: 'resources.appearance_page.title' },
  { sub: 'ustawienia/szablon', title: 'resources.appearance_template.title' },
  { sub: 'ustawienia/grafiki', title: 'resources.appearance_graphics.title' },
  { sub: 'ustawienia/bannery', title: 'resources.appearance_banners.title' },
  { sub: 'ustawienia/bannery/strefy', title: 'resources.appearance_banner_zones.title' },
  { sub: 'ustawienia/ikony', title: 'resources.appearance_icons.title' },
  { sub: 'ustawienia/zdjecia', title: 'resources.appearance_header_photos.title' },
];
/** The pages a template without colours, counters, home pages, banners, header icons and photos has not. */
const FLAG_PAGES = SETTINGS_PAGES.filter((entry) => !['ustawienia', 'ustawienia/grafiki'].includes(entry.sub));

/**
 * Makes aurora the BIP's template through the API, with its first colour version, counter and home-page layout:
 * a retry starts where the demo does, not where its first attempt stopped.
 */
async function activateAurora(klientApi: ApiSession, serviceId: number): Promise<void> {
  const { data } = await klientApi.get<{ data: { id: number; name: string }[] }>(`/api/client_service/${serviceId}/template`);
  const aurora = data.find((template) => template.name === AURORA);
  expect((await klientApi.send('PUT', `/api/client_service/${serviceId}/template`, { template_id: aurora?.id })).status()).toBe(200);
}

async function asKlient2(browser: Browser, baseURL: string | undefined, use: (page: Page) => Promise<void>): Promise<void> {
  const context = await browser.newContext({ baseURL, locale: 'pl-PL', storageState: undefined });
  try {
    const page = await context.newPage();
    await signIn(page, 'klient2');
    await use(page);
  } finally {
    await context.close();
  }
}

test.describe('appearance (wyglad): the template catalogue and the settings', () => {
  // The server's Content-Security-Policy forbids inline scripts, which is how axe gets injected.
  test.use({ bypassCSP: true });
  test.slow();

  // klient's BIP site (template aurora) is where templates change, so that the site's own pages keep theirs.
  test('the catalogue shows the templates as cards with their previews, the active one marked, clean for axe', async ({ page, services }) => {
    await page.goto(appearancePath(services.bip, 'katalog'));
    await loaded(pageHeading(page)).toHaveText(text('resources.appearance_templates.title'));
    await expect(card(page, AURORA).getByRole('img', { name: AURORA })).toBeVisible();
    await expect(card(page, MINIMAL).getByRole('img', { name: MINIMAL })).toBeVisible();
    await expect(card(page, AURORA)).toContainText(`${text('resources.appearance_templates.fields.is_active')}${text('ra.boolean.true')}`);
    // The active template offers no activation.
    await expect(card(page, AURORA).getByRole('button', { name: text('resources.appearance_templates.actions.activate') })).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
  });

  test('klient activates a template by keyboard, confirming first, and sees the toast; then activates aurora from its details', async ({ page, services, klientApi }) => {
    await activateAurora(klientApi, services.bip);
    await page.goto(appearancePath(services.bip, 'katalog'));
    const activate = card(page, MINIMAL).getByRole('button', { name: text('resources.appearance_templates.actions.activate') });
    await loaded(activate).toBeVisible();
    await activate.focus();
    await page.keyboard.press('Enter');
    await expect(confirmDialog(page)).toBeVisible();
    await confirmDialog(page).getByRole('button', { name: text('resources.appearance_templates.actions.activate') }).press('Enter');
    await expectToast(page, specTexts.templateActivated);
    await expect(card(page, MINIMAL)).toContainText(`${text('resources.appearance_templates.fields.is_active')}${text('ra.boolean.true')}`);

    // The details: colour versions by name with their swatches, the features in words, and activation from there.
    await card(page, AURORA).getByRole('link', { name: text('app.schema.show_item', { label: AURORA }) }).click();
    await expect(page).toHaveURL(new RegExp(`${appearancePath(services.bip, 'katalog')}/\\d+$`));
    const main = page.getByRole('main');
    await loaded(main.getByText(text('demo.templates.colors.granat'), { exact: true })).toBeVisible();
    await expect(main.getByText(text('demo.templates.colors.zielen'), { exact: true })).toBeVisible();
    await expect(main).toContainText(text('resources.appearance_templates.features.header_icons'));
    expect(await axeViolations(page)).toEqual([]);
    await main.getByRole('button', { name: text('resources.appearance_templates.actions.activate') }).click();
    await confirmDialog(page).getByRole('button', { name: text('resources.appearance_templates.actions.activate') }).click();
    await expectToast(page, specTexts.templateActivated);
    await expect(main.getByRole('button', { name: text('resources.appearance_templates.actions.activate') })).toHaveCount(0);
  });

  test('klient chooses a colour version, a counter and a home-page layout, each saved with its own toast', async ({ page, services, klientApi }) => {
    await activateAurora(klientApi, services.bip);
    await page.goto(appearancePath(services.bip, 'ustawienia/szablon'));
    await loaded(pageHeading(page)).toHaveText(text('resources.appearance_template.title'));
    const colour = page.getByRole('main').getByRole('combobox', { name: text('resources.appearance_template.fields.template_color') });
    await loaded(colour).toBeEnabled();
    // Required where the template has colour versions (x-flags): its label says so, as any required field's does.
    await expect(page.getByRole('main').getByText(new RegExp(`^${text('resources.appearance_template.fields.template_color')}\\s*\\*$`))).toBeVisible();
    await colour.click();
    await page.getByRole('option', { name: text('demo.templates.colors.zielen') }).click();
    await saveButton(page).click();
    await expectToast(page, specTexts.colorVersionUpdated);

    const counter = page.getByRole('main').getByRole('combobox', { name: text('resources.appearance_template.fields.template_counter') });
    await counter.click();
    await page.getByRole('option', { name: text('demo.templates.counters.licznik_dzienny') }).click();
    await saveButton(page).click();
    await expectToast(page, specTexts.counterUpdated);

    const layout = page.getByRole('main').getByRole('combobox', { name: text('resources.appearance_template.fields.template_homepage') });
    await layout.click();
    await page.getByRole('option', { name: text('demo.templates.homepages.strona_wydarzen') }).click();
    await saveButton(page).click();
    await expectToast(page, specTexts.homepageLayoutUpdated);
    await page.reload();
    await loaded(page.getByRole('main').getByRole('combobox', { name: text('resources.appearance_template.fields.template_color') })).toHaveText(text('demo.templates.colors.zielen'));
    await expect(page.getByRole('main').getByRole('combobox', { name: text('resources.appearance_template.fields.template_counter') })).toHaveText(text('demo.templates.counters.licznik_dzienny'));
  });

  for (const entry of SETTINGS_PAGES) {
    test(`wyglad/${entry.sub} of klient's site (every feature on) shows its page, clean for axe`, async ({ page, services }) => {
      await page.goto(appearancePath(services.site, entry.sub));
      await loaded(pageHeading(page)).toHaveText(text(entry.title));
      // The template page's choices load after it: axe sees them loaded.
      if (entry.sub === 'ustawienia/szablon') await loaded(page.getByRole('main').getByRole('combobox').first()).toBeEnabled();
      expect(await axeViolations(page)).toEqual([]);
    });
  }

  test("the page data shows the fields the template has: all on klient's site, fewer on klient2's; the flag pages are 404 there", async ({ page, services, browser, baseURL }) => {
    await page.goto(appearancePath(services.site, 'ustawienia'));
    const motto = page.getByRole('main').getByRole('textbox', { name: text('resources.appearance_page.fields.motto'), exact: true });
    await loaded(motto).toHaveValue(text('demo.appearance.motto'));
    // Every settings page is a tab of the group on klient's site.
    const tabs = page.getByRole('main').getByRole('tablist');
    await expect(tabs.getByRole('tab')).toHaveText(SETTINGS_PAGES.filter((entry) => entry.sub !== 'ustawienia/bannery/strefy').map((entry) => text(entry.title)));

    await asKlient2(browser, baseURL, async (other) => {
      await other.goto(appearancePath(services.otherClientSite, 'ustawienia'));
      const name = other.getByRole('main').getByRole('textbox', { name: text('resources.appearance_page.fields.site_name'), exact: true });
      await loaded(name).toBeVisible();
      await expect(other.getByRole('main').getByRole('textbox', { name: text('resources.appearance_page.fields.motto'), exact: true })).toHaveCount(0);
      // Only the page data and the graphics are tabs where the template has none of the features.
      await expect(other.getByRole('main').getByRole('tablist').getByRole('tab')).toHaveText([text('resources.appearance_page.title'), text('resources.appearance_graphics.title')]);
      for (const entry of FLAG_PAGES) {
        await other.goto(appearancePath(services.otherClientSite, entry.sub));
        await loaded(pageHeading(other), entry.sub).toHaveText(specTexts.pageNotFound);
      }
    });
  });
});
