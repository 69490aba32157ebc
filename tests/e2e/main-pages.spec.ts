import { axeViolations } from './support/axe';
import { text } from './support/catalogue';
import { confirmDialog, dragHandles, expectToast, moveToTopByKeyboard, pngImage, saveButton, uniqueName } from './support/schema-screens';
import { pageHeading } from './support/session';
import { expect, test } from './support/signed-in';
import { specTexts } from './support/spec-texts';
import type { Page } from './support/test';

/**
 * The home-page builder on klient's site (SPEC 2 wyglad/strona_glowna): the list leads to the one
 * page; a section added, moved to the top and its items ordered by keyboard alone, switched off
 * and on (the preview follows each save), renamed, given data and a look, deleted after a
 * confirmation; every screen and the public page axe-clean.
 */
test.use({ bypassCSP: true });

const main = (page: Page) => page.getByRole('main');
const drag = (item: string) => text('app.widgets.sortable.drag', { item });
/** The preview's document, as the server drew it (the frame's srcdoc). */
const preview = (page: Page) => main(page).locator(`iframe[title="${text('app.main_pages.preview.frame', { page: text('app.main_pages.pages.strona_glowna') })}"]`);
/** A section heading in the drawn page: its name escaped as the server escapes it. */
const heading = (value: string) => new RegExp(`<h2>${value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</h2>`);
const shows = (page: Page, value: string) => expect(preview(page)).toHaveAttribute('srcdoc', heading(value));
const hides = (page: Page, value: string) => expect(preview(page)).not.toHaveAttribute('srcdoc', heading(value));
/** axe's findings on a builder screen once its preview shows the drawn page (the site's name heads it). */
async function violations(page: Page): Promise<string[]> {
  await expect(preview(page).contentFrame().getByRole('heading', { level: 1 })).toBeVisible();
  return axeViolations(page, { quietNetwork: false });
}
const labels = (page: Page) => dragHandles(page).evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label')));

async function choose(page: Page, label: string, option: string) {
  await main(page).getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('a section: added, reordered and switched by keyboard, its items picked and ordered, renamed, its look saved, deleted', async ({ page, services }) => {
  await page.goto(`/usluga/${services.site}/wyglad/strona_glowna`);
  // One home page: the list leads to its edit screen.
  await expect(page).toHaveURL(new RegExp(`/usluga/${services.site}/wyglad/strona_glowna/strona_glowna$`));
  await expect(pageHeading(page)).toHaveText(text('app.main_pages.pages.strona_glowna'));
  await shows(page, text('demo.main_pages.sections.news'));
  expect(await violations(page)).toEqual([]);

  const name = uniqueName('Sekcja e2e');
  await choose(page, text('resources.main_page_sections.fields.section_prefix'), text('app.main_pages.sections.aktualnosci'));
  await main(page).getByRole('textbox', { name: text('resources.main_page_sections.fields.name') }).fill(name);
  await main(page).getByRole('button', { name: text('ra.action.add'), exact: true }).click();
  await expectToast(page, specTexts.sectionAdded);
  await expect.poll(() => labels(page)).toContain(drag(name));
  const count = (await labels(page)).length;

  // To the top by keyboard alone; the order stays after a reload.
  await moveToTopByKeyboard(page, name, count, count);
  await expectToast(page, text('app.schema.order_saved'));
  await expect.poll(async () => (await labels(page))[0]).toBe(drag(name));

  // Off and on: the switch sends the other status; the preview follows.
  const toggle = main(page).getByRole('switch', { name: text('app.main_pages.section.on', { name }) });
  await shows(page, name);
  await toggle.focus();
  await page.keyboard.press('Space');
  await expectToast(page, specTexts.sectionDisabled);
  await shows(page, text('demo.main_pages.sections.news'));
  await hides(page, name);
  // Closing the toast took the focus: back to the switch.
  await expect(toggle).not.toBeChecked();
  await toggle.focus();
  await page.keyboard.press('Space');
  await expectToast(page, specTexts.sectionEnabled);
  await shows(page, name);

  // The name page.
  await main(page).getByRole('link', { name: text('app.main_pages.section.edit', { name }) }).click();
  await expect(page).toHaveURL(/\/edytuj\/\d+$/);
  expect(await violations(page)).toEqual([]);
  const renamed = `${name} bis`;
  await main(page).getByRole('textbox', { name: text('resources.main_page_sections.fields.name') }).fill('Ab');
  await saveButton(page).click();
  await expectToast(page, specTexts.invalidForm, 'alert');
  await main(page).getByRole('textbox', { name: text('resources.main_page_sections.fields.name') }).fill(renamed);
  await saveButton(page).click();
  await expectToast(page, specTexts.sectionNameUpdated);
  await shows(page, renamed);

  // Content: two items picked, ordered by keyboard, one removed; the data saved.
  await main(page).getByRole('tab', { name: text('app.main_pages.section.content') }).click();
  await expect(page).toHaveURL(/\/tresc$/);
  await expect(main(page).getByText(text('app.main_pages.items.none'))).toBeVisible();
  expect(await violations(page)).toEqual([]);
  const found = main(page).getByRole('list', { name: text('app.main_pages.items.found') });
  const addButtons = found.getByRole('button');
  const firstName = ((await addButtons.nth(0).getAttribute('aria-label')) ?? '').replace(/^[^„]*„|”[^”]*$/g, '');
  const secondName = ((await addButtons.nth(1).getAttribute('aria-label')) ?? '').replace(/^[^„]*„|”[^”]*$/g, '');
  await addButtons.nth(0).click();
  await expectToast(page, specTexts.itemAdded);
  await found.getByRole('button', { name: text('app.main_pages.items.add', { name: secondName }) }).click();
  await expectToast(page, specTexts.itemAdded);
  await expect.poll(() => labels(page)).toEqual([drag(firstName), drag(secondName)]);
  await moveToTopByKeyboard(page, secondName, 2, 2);
  await expectToast(page, text('app.schema.order_saved'));
  await expect.poll(() => labels(page)).toEqual([drag(secondName), drag(firstName)]);
  await main(page).getByRole('button', { name: text('app.main_pages.items.remove', { name: firstName }) }).click();
  await expectToast(page, specTexts.itemRemoved);
  await expect.poll(() => labels(page)).toEqual([drag(secondName)]);
  await main(page).getByRole('button', { name: text('ra.action.save'), exact: true }).click();
  await expectToast(page, specTexts.sectionDataUpdated);

  // Look: a background colour the preview shows.
  await main(page).getByRole('tab', { name: text('app.main_pages.section.look') }).click();
  await expect(page).toHaveURL(/\/wyglad$/);
  expect(await violations(page)).toEqual([]);
  await main(page).getByRole('textbox', { name: text('resources.main_page_sections.fields.background_color') }).fill('#FFF8E1');
  await saveButton(page).click();
  await expectToast(page, specTexts.sectionLookUpdated);
  await expect(preview(page)).toHaveAttribute('srcdoc', /background-color:#FFF8E1/);

  // Deleted after a confirmation.
  await page.getByRole('link', { name: text('app.main_pages.pages.strona_glowna'), exact: true }).first().click();
  await main(page).getByRole('button', { name: text('app.main_pages.section.delete', { name: renamed }) }).click();
  await confirmDialog(page).getByRole('button', { name: text('app.confirm.delete') }).click();
  await expectToast(page, specTexts.sectionDeleted);
  await expect.poll(() => labels(page)).not.toContain(drag(renamed));
});

test('the public home page is accessible and draws the sections', async ({ page }) => {
  await page.goto('/strona/www.kowalski.example.com/');
  await expect(page.getByRole('main')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: text('demo.main_pages.sections.news') })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

test('a section: moved up by mouse drag, given a background picture by upload, deleted', async ({ page, services }) => {
  await page.goto(`/usluga/${services.site}/wyglad/strona_glowna/strona_glowna`);
  await expect(pageHeading(page)).toHaveText(text('app.main_pages.pages.strona_glowna'));
  const name = uniqueName('Sekcja myszą');
  await choose(page, text('resources.main_page_sections.fields.section_prefix'), text('app.main_pages.sections.aktualnosci'));
  await main(page).getByRole('textbox', { name: text('resources.main_page_sections.fields.name') }).fill(name);
  await main(page).getByRole('button', { name: text('ra.action.add'), exact: true }).click();
  await expectToast(page, specTexts.sectionAdded);
  await expect.poll(() => labels(page)).toContain(drag(name));

  // Dragged by its handle with the mouse, in small steps as a hand moves, above the section before it.
  const before = await labels(page);
  const at = before.indexOf(drag(name));
  const handle = main(page).getByRole('button', { name: drag(name), exact: true });
  const previous = main(page).getByRole('button', { name: before[at - 1]!, exact: true });
  await previous.scrollIntoViewIfNeeded();
  await handle.scrollIntoViewIfNeeded();
  const from = (await handle.boundingBox())!;
  const to = (await previous.boundingBox())!;
  await handle.hover();
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 8, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y, { steps: 25 });
  await page.mouse.up();
  await expectToast(page, text('app.schema.order_saved'));
  await expect.poll(async () => (await labels(page)).indexOf(drag(name))).toBe(at - 1);
  await page.reload();
  await expect.poll(async () => (await labels(page)).indexOf(drag(name))).toBe(at - 1);

  // The look: a background picture chosen from a file, uploaded on save, shown on the page and in the preview.
  await main(page).getByRole('link', { name: text('app.main_pages.section.edit', { name }) }).click();
  await main(page).getByRole('tab', { name: text('app.main_pages.section.look') }).click();
  await expect(page).toHaveURL(/\/wyglad$/);
  const background = text('resources.main_page_sections.fields.background');
  await main(page).getByLabel(text('app.main_pages.look.choose', { field: background })).setInputFiles(await pngImage(page, { name: 'tlo.png', colour: '#1b3a6b', width: 320, height: 120 }));
  await saveButton(page).click();
  await expectToast(page, specTexts.sectionLookUpdated);
  await expect(main(page).getByRole('img', { name: text('app.main_pages.look.current', { field: background }) })).toBeVisible();
  await expect(preview(page)).toHaveAttribute('srcdoc', /background-image:url\(/);
  expect(await violations(page)).toEqual([]);

  await page.getByRole('link', { name: text('app.main_pages.pages.strona_glowna'), exact: true }).first().click();
  await main(page).getByRole('button', { name: text('app.main_pages.section.delete', { name }) }).click();
  await confirmDialog(page).getByRole('button', { name: text('app.confirm.delete') }).click();
  await expectToast(page, specTexts.sectionDeleted);
  await expect.poll(() => labels(page)).not.toContain(drag(name));
});
