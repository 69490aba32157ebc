import { axeViolations } from './support/axe';
import { text } from './support/catalogue';
import { expectToast, saveButton, uniqueName } from './support/schema-screens';
import { expect, test } from './support/signed-in';
import type { Page } from './support/test';

const main = (page: Page) => page.getByRole('main');

// An English browser far from Poland: the panel still writes dates the Polish way, in Polish time.
test.use({ locale: 'en-US', timezoneId: 'America/New_York', bypassCSP: true });

const PUBLISH_FROM = text('resources.news_items.fields.publish_from');

/** A new item of the demo's news category, then its options page, where the publication dates are; its id. */
async function openNewItemOptions(page: Page, site: number): Promise<string> {
  await page.goto(`/usluga/${site}/wiadomosci/wszystkie`);
  await main(page).getByRole('row').filter({ hasText: text('demo.site_news.items.website.title') }).getByRole('link', { name: text('demo.site_news.categories.news'), exact: true }).click();
  await main(page).getByRole('link', { name: text('ra.action.add'), exact: true }).click();
  await main(page).getByRole('textbox', { name: text('resources.news_items.fields.title'), exact: true }).fill(uniqueName('Wiadomość z datą'));
  await saveButton(page).click();
  await expectToast(page, text('resources.news_items.messages.created'));
  const newsId = /\/wiadomosc\/(\d+)$/.exec(page.url())![1]!;
  await main(page).getByRole('tab', { name: text('resources.news_items.pages.service_news_options'), exact: true }).click();
  return newsId;
}

test("a news item's publication date in an English browser: dd.mm.rrrr typed by keyboard, a Polish calendar from Monday, saved as Polish time", async ({ page, services, klientApi }) => {
  const newsId = await openNewItemOptions(page, services.site);
  const date = main(page).getByRole('group', { name: PUBLISH_FROM, exact: true });
  const sections = date.getByRole('spinbutton');
  await expect(sections).toHaveText(['dd', 'mm', 'rrrr', 'gg', 'mm']);
  expect(await axeViolations(page)).toEqual([]);

  // A day February does not have: the form's own Polish message, nothing saved.
  await sections.first().click();
  await page.keyboard.type('310220261015');
  await expect(sections).toHaveText(['31', '02', '2026', '10', '15']);
  await saveButton(page).click();
  await expect(main(page).getByText(text('validation.news_items.publish_from_invalid'), { exact: true })).toBeVisible();

  await sections.first().click();
  await page.keyboard.type('231120261015');
  await expect(sections).toHaveText(['23', '11', '2026', '10', '15']);

  // The calendar: its button named in Polish, Polish month and day names, the week from Monday.
  await date.getByRole('button', { name: /^Wybierz datę, obecnie wybrana data to 23 lis 2026/ }).click();
  const calendar = page.getByRole('dialog', { name: PUBLISH_FROM });
  await expect(calendar).toContainText('listopad 2026');
  await expect(calendar.getByRole('columnheader').first()).toHaveAccessibleName('poniedziałek');
  await expect(calendar.getByRole('gridcell', { name: '23', selected: true })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(calendar).toBeHidden();

  await saveButton(page).click();
  await expectToast(page, text('resources.news_items.messages.updated'));
  const saved = await klientApi.get<{ publish_from: string }>(`/api/client_service/${services.site}/module/news/${newsId}`);
  // 10:15 in Warsaw in November (UTC+1), whatever the browser's own zone.
  expect(new Date(saved.publish_from).toISOString()).toBe('2026-11-23T09:15:00.000Z');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('a tap on a date opens the Polish calendar in a dialog named by its field; axe finds nothing', async ({ page, services }) => {
    await openNewItemOptions(page, services.site);
    await main(page).getByRole('group', { name: PUBLISH_FROM, exact: true }).click();
    const calendar = page.getByRole('dialog', { name: PUBLISH_FROM });
    await expect(calendar.getByRole('columnheader').first()).toHaveAccessibleName('poniedziałek');
    await expect(calendar.getByRole('button', { name: 'Anuluj', exact: true })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});
