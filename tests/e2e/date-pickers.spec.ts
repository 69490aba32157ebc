import { axeViolations } from './support/axe';
import { text } from './support/catalogue';
import { expectToast, saveButton, uniqueName } from './support/schema-screens';
import { apiSession } from './support/session';
import { expect, test } from './support/signed-in';
import type { Page } from './support/test';

const main = (page: Page) => page.getByRole('main');

// An English browser far from Poland: the panel still writes dates the Polish way, in Polish time.
test.use({ locale: 'en-US', timezoneId: 'America/New_York', bypassCSP: true });

const PUBLISH_FROM = text('resources.news_items.fields.publish_from');

/** A new category and item made through the API, then the item's options page, where the publication dates are; the item's id. */
async function openNewItemOptions(page: Page, klientApi: Awaited<ReturnType<typeof apiSession>>, site: number): Promise<number> {
  const category = await klientApi.send('POST', `/api/client_service/${site}/module/news_categories`, { name: uniqueName('Kategoria z datami') });
  expect(category.status(), await category.text()).toBe(201);
  const categoryId = ((await category.json()) as { id: number }).id;
  const item = await klientApi.send('POST', `/api/client_service/${site}/module/news`, { category_id: categoryId, title: uniqueName('Wiadomość z datą') });
  expect(item.status(), await item.text()).toBe(201);
  const newsId = ((await item.json()) as { id: number }).id;
  await page.goto(`/usluga/${site}/wiadomosci/${categoryId}/wiadomosc/${newsId}/opcje`);
  return newsId;
}

test("a news item's publication date in an English browser: dd.mm.rrrr typed by keyboard, a Polish calendar from Monday, saved as Polish time", async ({ page, services, klientApi }) => {
  const newsId = await openNewItemOptions(page, klientApi, services.site);
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

  test('a tap on the calendar button opens the Polish calendar in a modal with a Polish title; axe finds nothing', async ({ page, services, klientApi }) => {
    await openNewItemOptions(page, klientApi, services.site);
    await main(page).getByRole('group', { name: PUBLISH_FROM, exact: true }).getByRole('button', { name: 'Wybierz datę', exact: true }).tap();
    const calendar = page.getByRole('dialog', { name: 'Wybierz datę i czas' });
    await expect(calendar.getByRole('columnheader').first()).toHaveAccessibleName('poniedziałek');
    await expect(calendar.getByRole('tab', { name: 'wybierz czas' })).toBeVisible();
    await expect(calendar.getByRole('button', { name: 'Anuluj', exact: true })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});
