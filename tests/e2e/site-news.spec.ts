import { axeViolations } from './support/axe';
import { text } from './support/catalogue';
import { expectToast, openFromServiceMenu, saveButton, uniqueName } from './support/schema-screens';
import { apiSession, pageHeading, signIn } from './support/session';
import { expect, test } from './support/signed-in';
import { specTexts } from './support/spec-texts';
import type { Page } from './support/test';

/**
 * The news of klient's site (template 'aurora': every feature) from the demo data: the lists of
 * all news, the pinned ones, a category's news, archive and items to import; an item's pages; and
 * on klient2's site (template 'minimal') the pages the template or the item lacks answer 404.
 */
const WEBSITE = text('demo.site_news.items.website.title');
const ROAD = text('demo.site_news.items.road.title');
const CATEGORY = text('demo.site_news.categories.news');

const main = (page: Page) => page.getByRole('main');
const tab = (page: Page, key: string) => main(page).getByRole('tab', { name: text(key), exact: true });
const newsRow = (page: Page, title: string) => main(page).getByRole('row').filter({ hasText: title });

/** From the list of all news to the category of the demo's new website, then to the item's preview. */
async function openWebsiteItem(page: Page, site: number): Promise<string> {
  await page.goto(`/usluga/${site}/wiadomosci/wszystkie`);
  await newsRow(page, WEBSITE).getByRole('link', { name: CATEGORY, exact: true }).click();
  await expect(pageHeading(page)).toHaveText(CATEGORY);
  // The category's rows may replace the previous list's under the pointer: click again until the preview opens.
  await expect(async () => {
    await newsRow(page, WEBSITE).getByRole('link', { name: text('app.schema.show_item', { label: WEBSITE }) }).click();
    await expect(page).toHaveURL(/\/wiadomosc\/\d+$/, { timeout: 2_000 });
  }).toPass();
  return page.url();
}

test.describe('news of klient\'s site (aurora)', () => {
  test('the lists: all, pinned, a category with its archive and items to import, titled by the category', async ({ page, services }) => {
    await openFromServiceMenu(page, services.site, 'resources.news_items.title');
    await expect(page).toHaveURL(`/usluga/${services.site}/wiadomosci/wszystkie`);
    await expect(pageHeading(page)).toHaveText(text('resources.news_items.title'));
    await expect(newsRow(page, ROAD)).toBeVisible();
    await tab(page, 'resources.news_items.pages.service_news_pinned').click();
    await expect(page).toHaveURL(`/usluga/${services.site}/wiadomosci/wszystkie/przypiete`);
    await expect(newsRow(page, WEBSITE)).toBeVisible();
    await expect(newsRow(page, ROAD)).toHaveCount(0);

    await newsRow(page, WEBSITE).getByRole('link', { name: CATEGORY, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/usluga/${services.site}/wiadomosci/\\d+$`));
    await expect(pageHeading(page)).toHaveText(CATEGORY);
    await expect(page.getByRole('navigation', { name: text('app.layout.breadcrumbs') })).toContainText(CATEGORY);
    await expect(page).toHaveTitle(new RegExp(`^${CATEGORY} - `));
    await expect(newsRow(page, ROAD)).toHaveCount(0);

    await tab(page, 'resources.news_items.pages.service_news_archive').click();
    await expect(page).toHaveURL(/\/archiwum$/);
    await expect(newsRow(page, ROAD)).toBeVisible();
    await expect(newsRow(page, WEBSITE)).toHaveCount(0);

    await tab(page, 'resources.news_items.pages.service_news_to_import').click();
    await expect(page).toHaveURL(/\/do_importu$/);
    await expect(main(page).getByText(text('app.schema.empty'))).toBeVisible();
  });

  test("an item's pages: preview, photos, attachments, related, map, options and the log", async ({ page, services }) => {
    // The media tabs come from the item's menu (SPEC 7 OPTIONS .../news/{news_id}/menu), not from a call per medium.
    const lookups: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'OPTIONS') lookups.push(new URL(request.url()).pathname);
    });
    await openWebsiteItem(page, services.site);
    await expect(pageHeading(page)).toContainText(text('resources.news_items.title'));
    await expect(main(page).getByText(text('demo.site_news.items.website.content'))).toBeVisible();
    // The category by its name, not its id.
    await expect(main(page).getByRole('definition').filter({ hasText: new RegExp(`^${CATEGORY}$`) })).toBeVisible();
    // The item has a map but no videos, galleries or audio: those have no tabs.
    for (const key of ['app.schema.views.edit', 'resources.news_photos.title', 'resources.news_attachments.title', 'resources.news_related.title', 'resources.news_maps.title', 'resources.news_logs.title', 'resources.news_items.pages.service_news_options']) {
      await expect(tab(page, key), key).toBeVisible();
    }
    for (const key of ['resources.news_videos.title', 'resources.news_galleries.title', 'resources.news_audios.title']) await expect(tab(page, key), key).toHaveCount(0);
    expect(lookups.filter((path) => /\/module\/news\/\d+\/menu$/.test(path)).length).toBeGreaterThan(0);
    expect(lookups.filter((path) => /\/(videos|galleries|audios|map)$/.test(path))).toEqual([]);

    await tab(page, 'resources.news_photos.title').click();
    await expect(page).toHaveURL(/\/zdjecia$/);
    await expect(main(page).getByText(text('demo.site_news.photo_caption', { number: 1 }), { exact: true })).toBeVisible();
    await expect(main(page).getByText(text('demo.site_news.photo_caption', { number: 2 }), { exact: true })).toBeVisible();

    await tab(page, 'resources.news_attachments.title').click();
    await expect(main(page).getByText(text('demo.site_news.attachment'))).toBeVisible();

    await tab(page, 'resources.news_maps.title').click();
    await expect(main(page).getByRole('textbox', { name: text('resources.news_maps.fields.label') })).toHaveValue(text('demo.site_news.items.website.place'));

    await tab(page, 'resources.news_items.pages.service_news_options').click();
    // The item's pages are headed by its title.
    await expect(pageHeading(page)).toHaveText(text('app.schema.record_heading', { record: WEBSITE, page: text('resources.news_items.pages.service_news_options') }));
    await expect(main(page).getByRole('checkbox', { name: text('resources.news_items.fields.pinned') })).toBeChecked();
    await expect(main(page).getByRole('textbox', { name: text('resources.news_items.fields.title') })).toHaveCount(0);

    await tab(page, 'resources.news_logs.title').click();
    await expect(main(page)).toContainText(`${text('resources.news_items.fields.title')}: ${text('demo.site_news.items.website.first_title')} → ${WEBSITE}`);
  });

  test('adds an item in a category and edits it; the log shows the difference', async ({ page, services, klientApi }) => {
    const title = uniqueName('Wiadomość e2e');
    await page.goto(`/usluga/${services.site}/wiadomosci/wszystkie`);
    await newsRow(page, WEBSITE).getByRole('link', { name: CATEGORY, exact: true }).click();
    await main(page).getByRole('link', { name: text('ra.action.add'), exact: true }).click();
    await expect(page).toHaveURL(/\/dodaj$/);
    await main(page).getByRole('textbox', { name: text('resources.news_items.fields.title'), exact: true }).fill(title);
    await saveButton(page).click();
    await expectToast(page, text('resources.news_items.messages.created'));
    await expect(page).toHaveURL(/\/wiadomosc\/\d+$/);
    await expect(main(page)).toContainText(title);

    await tab(page, 'app.schema.views.edit').click();
    await main(page).getByRole('textbox', { name: text('resources.news_items.fields.title'), exact: true }).fill(`${title} 2`);
    await saveButton(page).click();
    await expectToast(page, text('resources.news_items.messages.updated'));
    // The save leads back to the item's details: the logs tab is opened from there, not before.
    await expect(page).toHaveURL(/\/wiadomosc\/\d+$/);
    await tab(page, 'resources.news_logs.title').click();
    await expect(main(page)).toContainText(`${text('resources.news_items.fields.title')}: ${title} → ${title} 2`);

    // A sub-page's change is logged too, naming the page, in that page's words.
    const newsId = /\/wiadomosc\/(\d+)\/logi$/.exec(page.url())![1];
    const related = await klientApi.send('POST', `/api/client_service/${services.site}/module/news/${newsId}/related`, { related: [] });
    expect(related.ok(), await related.text()).toBe(true);
    await page.reload();
    const relatedRow = main(page).getByRole('row').filter({ hasText: text('resources.news_related.title') });
    await expect(relatedRow).toContainText(text('resources.news_logs.choices.action.created'));
    await expect(relatedRow).toContainText(`${text('resources.news_related.fields.related')}: `);
  });

  test('videos, galleries and audio of an item without them answer 404', async ({ page, services }) => {
    const preview = await openWebsiteItem(page, services.site);
    for (const sub of ['filmy', 'galerie', 'audio']) {
      await page.goto(`${preview}/${sub}`);
      await expect(pageHeading(page), sub).toHaveText(specTexts.pageNotFound);
    }
  });

  test.describe('axe-core', () => {
    test.use({ bypassCSP: true });
    // null: the category list, where an item is opened from; the rest are the item's pages.
    const screens: [string, string | null][] = [
      ['the category list', null],
      ['the preview', ''],
      ['the options', '/opcje'],
      ['the log', '/logi'],
      ['the photos', '/zdjecia'],
    ];
    for (const [name, path] of screens) {
      test(`finds no violation on ${name}`, async ({ page, services }) => {
        const address = path === null ? `/usluga/${services.site}/wiadomosci/wszystkie` : `${await openWebsiteItem(page, services.site)}${path}`;
        await page.goto(address);
        await expect(pageHeading(page)).toBeVisible({ timeout: 30_000 });
        expect(await axeViolations(page), address).toEqual([]);
      });
    }
  });
});

test.describe("news of klient2's site (minimal)", () => {
  test.use({ storageState: { cookies: [], origins: [] } });
  test('has no pinned news: no tab, and the page answers 404', async ({ page, services }) => {
    await signIn(page, 'klient2');
    await page.goto(`/usluga/${services.otherClientSite}/wiadomosci/wszystkie`);
    await expect(pageHeading(page)).toHaveText(text('resources.news_items.title'));
    await expect(main(page).getByText(text('app.schema.empty'))).toBeVisible();
    await expect(tab(page, 'resources.news_items.pages.service_news_pinned')).toHaveCount(0);
    await page.goto(`/usluga/${services.otherClientSite}/wiadomosci/wszystkie/przypiete`);
    await expect(pageHeading(page)).toHaveText(specTexts.pageNotFound);
  });

  // After the test above, which sees the site without news.
  test("an item's options offer no pinning where the template cannot pin", async ({ page, services, request }) => {
    const klient2 = await apiSession(request, 'klient2');
    const base = `/api/client_service/${services.otherClientSite}/module`;
    const category = (await (await klient2.send('POST', `${base}/news_categories`, { name: uniqueName('Kategoria') })).json()) as { id: number };
    const title = uniqueName('Wiadomość');
    const created = await klient2.send('POST', `${base}/news`, { category_id: category.id, title, content: '<p>Treść</p>' });
    expect(created.status(), await created.text()).toBe(201);
    await signIn(page, 'klient2');
    await page.goto(`/usluga/${services.otherClientSite}/wiadomosci/${category.id}/wiadomosc/${((await created.json()) as { id: number }).id}/opcje`);
    await expect(pageHeading(page)).toHaveText(text('app.schema.record_heading', { record: title, page: text('resources.news_items.pages.service_news_options') }));
    await expect(main(page).getByRole('checkbox', { name: text('resources.news_items.fields.archived') })).toBeVisible();
    await expect(main(page).getByRole('checkbox', { name: text('resources.news_items.fields.pinned') })).toHaveCount(0);
  });
});
