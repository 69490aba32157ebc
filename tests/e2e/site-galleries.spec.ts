import { axeViolations } from './support/axe';
import { text } from './support/catalogue';
import { confirmDialog, expectToast, dragHandles, moveToTopByKeyboard, pngImage, saveButton, uniqueName } from './support/schema-screens';
import { pageHeading } from './support/session';
import { expect, test } from './support/signed-in';
import type { Page } from './support/test';

/**
 * The site modules of klient's site (template aurora): a gallery added, its photos uploaded at
 * once and put in order by keyboard, their alt texts and descriptions edited in place; the banners'
 * screens; every screen axe-clean.
 */
test.use({ bypassCSP: true });

const main = (page: Page) => page.getByRole('main');
const tab = (page: Page, key: string) => main(page).getByRole('tab', { name: text(key), exact: true });
const drag = (item: string) => text('app.widgets.sortable.drag', { item });
const field = (page: Page, fieldKey: string, label: string) =>
  main(page).getByRole('textbox', { name: text('app.schema.inline.field_of_row', { field: text(fieldKey), label }), exact: true });

test('a gallery: added, photos uploaded and ordered by keyboard, descriptions edited in place', async ({ page, services }) => {
  await page.goto(`/usluga/${services.site}/moduly/galeria`);
  await expect(pageHeading(page)).toHaveText(text('resources.galleries.title'));
  await expect(main(page).getByText(text('demo.site_modules.galleries.spring'))).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await main(page).getByRole('link', { name: text('ra.action.add'), exact: true }).click();
  await expect(page).toHaveURL(/\/moduly\/galeria\/dodaj$/);
  expect(await axeViolations(page)).toEqual([]);
  const name = uniqueName('Galeria e2e');
  await main(page).getByRole('textbox', { name: text('resources.galleries.fields.name'), exact: true }).fill(name);
  await saveButton(page).click();
  await expectToast(page, text('resources.galleries.messages.created'));
  // A new gallery opens on its photos.
  await expect(page).toHaveURL(/\/moduly\/galeria\/zdjecia\/\d+$/);
  const photosPath = new URL(page.url()).pathname;
  await expect(main(page).getByText(text('app.schema.empty'))).toBeVisible();

  // Many files at once, each with its progress, each a photo with its thumbnail.
  const files = await Promise.all(
    [['pierwsze.png', '#2e7d32'], ['drugie.png', '#1565c0'], ['trzecie.png', '#c62828']].map(([fileName, colour]) => pngImage(page, { name: fileName, colour, width: 64, height: 48 })),
  );
  await main(page).locator('input[type="file"]').setInputFiles(files);
  await expectToast(page, text('app.uploads.done', { smart_count: 3 }));
  const labels = () => dragHandles(page).evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label')));
  await expect.poll(labels).toEqual([drag('pierwsze.png'), drag('drugie.png'), drag('trzecie.png')]);
  await expect(main(page).getByRole('img', { name: 'trzecie.png' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // The third photo to the top by keyboard.
  await moveToTopByKeyboard(page, 'trzecie.png', 3, 3);
  await expectToast(page, text('app.schema.order_saved'));
  await page.reload();
  await expect.poll(labels).toEqual([drag('trzecie.png'), drag('pierwsze.png'), drag('drugie.png')]);

  // Descriptions: every photo's alt text and description in one table, saved row by row.
  await tab(page, 'resources.gallery_photos.pages.service_modules_gallery_descriptions').click();
  await expect(page).toHaveURL(`${photosPath}/opisy`);
  const alt = (label: string) => field(page, 'resources.gallery_photos.fields.alt', label);
  const description = (label: string) => field(page, 'resources.gallery_photos.fields.description', label);
  await expect(alt('trzecie.png')).toHaveValue('trzecie.png');
  expect(await axeViolations(page)).toEqual([]);
  await alt('trzecie.png').fill('Czerwony zachód słońca nad parkiem');
  await description('trzecie.png').fill('Wieczór po sprzątaniu.');
  await alt('pierwsze.png').fill('');
  await expect(main(page).getByRole('status').filter({ hasText: text('app.schema.inline.changed_rows', { smart_count: 2 }) })).toBeVisible();

  // Leaving with unsaved changes asks first; staying keeps them.
  await tab(page, 'app.schema.views.edit').click();
  await expect(confirmDialog(page)).toContainText(text('app.unsaved.question'));
  await confirmDialog(page).getByRole('button', { name: text('app.unsaved.stay') }).click();
  await expect(page).toHaveURL(`${photosPath}/opisy`);
  await expect(description('trzecie.png')).toHaveValue('Wieczór po sprzątaniu.');

  // A row the server refuses keeps its changes and says why, in Polish; the other is saved.
  await main(page).getByRole('button', { name: text('app.schema.inline.save'), exact: true }).click();
  await expectToast(page, text('app.schema.inline.saved', { smart_count: 1 }));
  await expectToast(page, text('app.schema.inline.failed', { smart_count: 1 }), 'alert');
  await expect(main(page).getByText(text('validation.gallery_photos.alt_required'))).toBeVisible();
  await expect(alt('pierwsze.png')).toHaveAttribute('aria-invalid', 'true');
  expect(await axeViolations(page)).toEqual([]);
  await alt('pierwsze.png').fill('Zielone drzewa w parku');
  await page.keyboard.press('Enter');
  await expectToast(page, text('app.schema.inline.saved', { smart_count: 1 }));
  await page.reload();
  await expect(alt('Czerwony zachód słońca nad parkiem')).toHaveValue('Czerwony zachód słońca nad parkiem');
  await expect(description('Czerwony zachód słońca nad parkiem')).toHaveValue('Wieczór po sprzątaniu.');
  await expect(alt('Zielone drzewa w parku')).toBeVisible();

  // The gallery's settings.
  await tab(page, 'app.schema.views.edit').click();
  await expect(page).toHaveURL(`${photosPath}/ustawienia`);
  await expect(main(page).getByRole('textbox', { name: text('resources.galleries.fields.name'), exact: true })).toHaveValue(name);
  expect(await axeViolations(page)).toEqual([]);
});

test("the banners' screens: lists, forms, the counter banner's photo with the template's size", async ({ page, services }) => {
  await page.goto(`/usluga/${services.site}/moduly/banner_przewijany`);
  await expect(pageHeading(page)).toHaveText(text('resources.scroll_banners.title'));
  await expect(main(page).getByText(text('demo.site_modules.scroll_banners.open_days'))).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.goto(`/usluga/${services.site}/moduly/banner_przewijany/dodaj`);
  await expect(main(page).getByRole('textbox', { name: text('resources.scroll_banners.fields.text'), exact: true })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await page.goto(`/usluga/${services.site}/moduly/banner_odliczajacy`);
  await expect(pageHeading(page)).toHaveText(text('resources.counter_banners.title'));
  await expect(main(page).getByRole('img', { name: text('demo.site_modules.counter_banner') })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await main(page).getByRole('link', { name: text('ra.action.add'), exact: true }).click();
  // aurora's counter banner has a photo of 1200 × 300 px: its text under the field.
  await expect(main(page).getByText('1200 × 300 px')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});
