import { text } from './support/catalogue';
import { pageHeading } from './support/session';
import { expect, test } from './support/signed-in';
import type { Page } from './support/test';

/** The hand-written tables (mailings, delivery logs, the disk) on a phone: a card per row, nothing wider than the screen. */
test.use({ viewport: { width: 390, height: 844 } });

const PHONE_WIDTH = 390;
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

test('mailings, delivery logs and the disk show cards whose actions are on screen, and never widen the page', async ({ page, services }) => {
  await page.goto(`/usluga/${services.newsletter}/wysylki/archiwalne`);
  await expect(pageHeading(page)).toHaveText(text('resources.mailings.archive.title'));
  const mailings = page.getByRole('list', { name: text('resources.mailings.archive.title') }).getByRole('listitem');
  await expect(mailings.first()).toBeVisible();
  // Each value under its column's name; the actions inside the card, on screen.
  await expect(mailings.first().getByRole('term').first()).toHaveText(text('resources.mailings.fields.subject'));
  await expect(mailings.first().getByRole('link', { name: text('resources.mailings.actions.preview') })).toBeInViewport();
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE_WIDTH);

  await page.goto(`/usluga/${services.newsletter}/raporty/logi`);
  const logs = page.getByRole('list', { name: text('resources.newsletter_reports.logs.table') }).getByRole('listitem');
  await expect(logs.first()).toBeVisible();
  await expect(logs.first().getByRole('term').first()).toHaveText(text('resources.newsletter_reports.fields.occurred_at'));
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE_WIDTH);

  await page.goto(`/usluga/${services.site}/dysk`);
  const entries = page.getByRole('main').getByRole('listitem').filter({ has: page.getByRole('term') });
  await expect(entries.first()).toBeVisible();
  await expect(entries.first().getByRole('button', { name: /./ }).last()).toBeInViewport();
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE_WIDTH);
});
