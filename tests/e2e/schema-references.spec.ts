import { axeViolations } from './support/axe';
import { text } from './support/catalogue';
import { expectToast, saveButton, uniqueName } from './support/schema-screens';
import { expect, test } from './support/signed-in';
import type { Page } from './support/test';

/**
 * A field naming another module's record by id (a news item's category, a mailing's template) shows
 * the chosen record's name when its edit form opens, and offers the records by name, never by id.
 */
const main = (page: Page) => page.getByRole('main');
const referenceBox = (page: Page, labelKey: string) => main(page).getByRole('combobox', { name: text(labelKey) });

/** Opens the box's list and expects the named choices in it and none named by a bare id. */
async function expectChoicesByName(page: Page, labelKey: string, names: string[]) {
  await referenceBox(page, labelKey).click();
  const choices = page.getByRole('listbox');
  for (const name of names) await expect(choices.getByRole('option', { name, exact: true })).toBeVisible();
  await expect(choices.getByRole('option', { name: /^\d+$/ })).toHaveCount(0);
}

test.describe('reference fields on edit forms', () => {
  test.use({ bypassCSP: true });

  test("a news item's edit form shows its category by name and saves another one chosen by name", async ({ page, klientApi, services }) => {
    const base = `/api/client_service/${services.site}/module`;
    const categoryName = uniqueName('Kategoria');
    const category = (await (await klientApi.send('POST', `${base}/news_categories`, { name: categoryName })).json()) as { id: number };
    const created = await klientApi.send('POST', `${base}/news`, { category_id: category.id, title: uniqueName('Wiadomość'), content: '<p>Treść</p>' });
    expect(created.status(), await created.text()).toBe(201);
    const editAddress = `/usluga/${services.site}/wiadomosci/${category.id}/wiadomosc/${((await created.json()) as { id: number }).id}/edytuj`;
    const other = text('demo.site_news.categories.news');

    await page.goto(editAddress);
    await expect(referenceBox(page, 'resources.news_items.fields.category_id')).toHaveValue(categoryName);
    expect(await axeViolations(page)).toEqual([]);
    await expectChoicesByName(page, 'resources.news_items.fields.category_id', [categoryName, other]);
    await page.getByRole('listbox').getByRole('option', { name: other, exact: true }).click();
    await expect(referenceBox(page, 'resources.news_items.fields.category_id')).toHaveValue(other);
    await saveButton(page).click();
    await expectToast(page, text('resources.news_items.messages.updated'));

    await page.goto(editAddress);
    await expect(referenceBox(page, 'resources.news_items.fields.category_id')).toHaveValue(other);
  });

  test("a mailing's edit form shows its template by name", async ({ page, klientApi, services }) => {
    const base = `/api/client_service/${services.newsletter}/module`;
    const templateName = uniqueName('Szablon');
    const template = (await (await klientApi.send('POST', `${base}/templates`, { name: templateName, html: '<p>Treść</p>' })).json()) as { id: number };
    const mailing = await klientApi.send('POST', `${base}/mailings`, { subject: uniqueName('Wysyłka'), template_id: template.id });
    expect(mailing.status(), await mailing.text()).toBe(201);

    await page.goto(`/usluga/${services.newsletter}/wysylki/edytuj/${((await mailing.json()) as { id: number }).id}`);
    await expect(referenceBox(page, 'resources.mailings.fields.template_id')).toHaveValue(templateName);
    await expectChoicesByName(page, 'resources.mailings.fields.template_id', [templateName]);
    await page.keyboard.press('Escape');
    await expect(referenceBox(page, 'resources.mailings.fields.template_id')).toHaveValue(templateName);
    expect(await axeViolations(page)).toEqual([]);
  });
});
