import { text } from './support/catalogue';
import { uniqueName } from './support/schema-screens';
import { apiSession } from './support/session';
import { expect, test } from './support/signed-in';

const TITLE = 'resources.tags.title';

test('a list link carries its page, sort and search; Back restores the page before', async ({ page, request, services }) => {
  const api = await apiSession(request, 'klient');
  const prefix = uniqueName('Adres');
  for (let index = 1; index <= 12; index += 1) {
    await api.send('POST', `/api/client_service/${services.newsletter}/module/tags`, { name: `${prefix} ${String(index).padStart(2, '0')}` });
  }
  const listPath = `/usluga/${services.newsletter}/konfiguracja/tagi`;
  const search = encodeURIComponent(prefix).replace(/%20/g, '+');

  // A shared link: second page of ten, sorted descending, searched.
  await page.goto(`${listPath}?page=2&per_page=10&order=DESC&search=${search}`);
  const table = page.getByRole('table', { name: text(TITLE) });
  await expect(table.getByRole('cell', { name: `${prefix} 02`, exact: true })).toBeVisible();
  await expect(table.getByRole('cell', { name: `${prefix} 01`, exact: true })).toBeVisible();
  await expect(table.getByRole('cell', { name: `${prefix} 12`, exact: true })).toHaveCount(0);
  await expect(page.getByRole('searchbox', { name: text('ra.action.search') })).toHaveValue(prefix);

  await page.getByRole('button', { name: text('ra.navigation.previous') }).click();
  await expect(page).toHaveURL(`${listPath}?per_page=10&order=DESC&search=${search}`);
  await expect(table.getByRole('cell', { name: `${prefix} 12`, exact: true })).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(`${listPath}?page=2&per_page=10&order=DESC&search=${search}`);
  await expect(table.getByRole('cell', { name: `${prefix} 01`, exact: true })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('each record is a card whose actions are on screen and work', async ({ page, request, services }) => {
    const api = await apiSession(request, 'klient');
    const name = uniqueName('Telefon');
    await api.send('POST', `/api/client_service/${services.newsletter}/module/tags`, { name });
    await page.goto(`/usluga/${services.newsletter}/konfiguracja/tagi?search=${encodeURIComponent(name)}`);

    const cards = page.getByRole('list', { name: text(TITLE) }).getByRole('listitem');
    await expect(cards).toHaveCount(1);
    const edit = cards.first().getByRole('link', { name: text('app.schema.edit_item', { label: name }) });
    const remove = cards.first().getByRole('button', { name: text('app.schema.delete_item', { label: name }) });
    await expect(edit).toBeInViewport();
    await expect(remove).toBeInViewport();
    // Nothing is wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await edit.click();
    await expect(page).toHaveURL(new RegExp(`/konfiguracja/tagi/edytuj/\\d+$`));
  });
});
