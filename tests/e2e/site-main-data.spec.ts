import type { Page } from '@playwright/test';
import { axeViolations } from './support/axe';
import { text } from './support/catalogue';
import { expectToast, saveButton, uniqueName } from './support/schema-screens';
import { pageHeading } from './support/session';
import { expect, test } from './support/signed-in';
import { specTexts } from './support/spec-texts';

const mainDataPath = (serviceId: number, sub = '') => `/usluga/${serviceId}/moduly/dane${sub ? `/${sub}` : ''}`;
/** The group's tabs, named by the group (its menu entry's name). */
const groupTabs = (page: Page) => page.getByRole('main').getByRole('tablist', { name: text('resources.main_data.menu') });
const field = (page: Page, resource: string, name: string) => page.getByRole('main').getByRole('textbox', { name: text(`resources.${resource}.fields.${name}`), exact: true });

/** The group's pages in their tabs' order: the main data's own page, the three lists and the map. */
const PAGES = [
  { sub: '', title: 'resources.main_data.title' },
  { sub: 'dodatkowe', title: 'resources.main_data_additional.title' },
  { sub: 'kontaktowe', title: 'resources.main_data_contacts.title' },
  { sub: 'stanowiska', title: 'resources.main_data_positions.title' },
  { sub: 'mapa', title: 'resources.main_data_map.title' },
];

/** A screen's first load waits on the permission check and the module's chunks, slow on a busy machine. */
const loaded = expect.configure({ timeout: 30_000 });

test.describe('the main data of the site (moduly/dane)', () => {
  // The server's Content-Security-Policy forbids inline scripts, which is how axe gets injected.
  test.use({ bypassCSP: true });
  test.slow();

  test('its pages are tabs of one group, walked by keyboard, each named, under the main data in the breadcrumbs and clean for axe', async ({ page, services }) => {
    await page.goto(mainDataPath(services.site));
    await loaded(pageHeading(page)).toHaveText(text(PAGES[0].title));
    await expect(groupTabs(page).getByRole('tab')).toHaveText(PAGES.map((entry) => text(entry.title)));
    // The demo fills the main data's form.
    await expect(field(page, 'main_data', 'name')).toHaveValue(text('demo.site_main_data.name'));
    expect(await axeViolations(page)).toEqual([]);

    for (const [index, next] of PAGES.slice(1).entries()) {
      // The arrow key moves to the next tab, Enter opens its page.
      await groupTabs(page).getByRole('tab', { name: text(PAGES[index].title), exact: true }).focus();
      await page.keyboard.press('ArrowRight');
      const tab = groupTabs(page).getByRole('tab', { name: text(next.title), exact: true });
      await expect(tab).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(mainDataPath(services.site, next.sub));
      await loaded(pageHeading(page)).toHaveText(text(next.title));
      await expect(tab).toHaveAttribute('aria-selected', 'true');
      const breadcrumbs = page.getByRole('navigation', { name: text('app.layout.breadcrumbs') });
      await expect(breadcrumbs.getByRole('link', { name: text(PAGES[0].title), exact: true })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
    }
  });

  test('klient corrects the main data: a NIP with a wrong check digit is refused in Polish, a good one saved', async ({ page, services, klientApi }) => {
    // A retry finds the NIP its first attempt saved: the demo's again first.
    const mainDataCall = `/api/client_service/${services.site}/module/main_data`;
    const record = await klientApi.get<Record<string, unknown>>(mainDataCall);
    if (record.nip !== '1234563218') expect((await klientApi.send('PUT', mainDataCall, { ...record, nip: '1234563218' })).status()).toBe(200);
    await page.goto(mainDataPath(services.site));
    const nip = field(page, 'main_data', 'nip');
    await loaded(nip).toHaveValue('1234563218');
    await nip.fill('1234563217');
    await saveButton(page).click();
    await expect(page.getByRole('main').getByText(text('validation.main_data.nip_invalid'))).toBeVisible();
    await expectToast(page, specTexts.invalidForm, 'alert');

    await nip.fill('526-025-02-74');
    await field(page, 'main_data', 'phone').fill('22 765 43 21');
    await saveButton(page).click();
    await expectToast(page, text('resources.main_data.messages.updated'));
    await page.reload();
    await loaded(field(page, 'main_data', 'nip')).toHaveValue('526-025-02-74');
    await expect(field(page, 'main_data', 'phone')).toHaveValue('22 765 43 21');
  });

  test('klient adds a position, which the list then shows', async ({ page, services }) => {
    const person = uniqueName('Ewa Zielińska');
    await page.goto(mainDataPath(services.site, 'stanowiska'));
    await loaded(page.getByRole('main').getByRole('link', { name: text('ra.action.add') })).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: text('ra.action.add') }).click();
    await expect(page).toHaveURL(mainDataPath(services.site, 'stanowiska/dodaj'));
    await loaded(saveButton(page)).toBeVisible();
    // The add page keeps the group's tabs, its list's tab selected.
    await expect(groupTabs(page).getByRole('tab', { name: text('resources.main_data_positions.title'), exact: true })).toHaveAttribute('aria-selected', 'true');
    expect(await axeViolations(page)).toEqual([]);

    await saveButton(page).click();
    await expect(page.getByRole('main').getByText(text('validation.main_data_positions.person_required'))).toBeVisible();
    await expectToast(page, specTexts.invalidForm, 'alert');

    await field(page, 'main_data_positions', 'person').fill(person);
    await field(page, 'main_data_positions', 'position').fill('Inspektor ds. ochrony danych');
    await field(page, 'main_data_positions', 'email').fill('iod@przykladowo.pl');
    await saveButton(page).click();
    await expectToast(page, text('resources.main_data_positions.messages.created'));
    await expect(page).toHaveURL(mainDataPath(services.site, 'stanowiska'));
    await loaded(page.getByRole('main').getByText(person, { exact: true })).toBeVisible();
  });
});
