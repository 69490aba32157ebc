import { type Locator, expect, test } from './support/test';
import { text, textsUnder } from './support/catalogue';
import { apiSession, pageHeading, signIn } from './support/session';
import { specTexts } from './support/spec-texts';

interface MenuItem {
  type: 'link' | 'folder' | 'separator';
  prefix: string | null;
  name: string;
  is_root: boolean;
  submenu: MenuItem[];
}

interface ContentBlock {
  content: string;
}

/** A sidebar entry as assistive technology sees it: folders are buttons, the rest links. */
function menuEntry(sidebar: Locator, item: MenuItem): Locator {
  return sidebar.getByRole(item.type === 'folder' ? 'button' : 'link', { name: item.name, exact: true });
}

const footerPrefixes = ['footer_info', 'footer_copyright', 'footer_realization'];

test.describe('the authorized layout', () => {
  test('klient sees the server’s sidebar menu and the three footer blocks', async ({ page, request }) => {
    const klient = await apiSession(request, 'klient');
    const { data: menu } = await klient.get<{ data: MenuItem[] }>('/api/user/menu/main');
    const shown = menu.filter((item) => item.type !== 'separator');
    expect(shown.length).toBeGreaterThan(0);
    // The menu comes from the demo data, whose texts live in the catalogue under demo.*.
    const demoTexts = textsUnder('demo');
    for (const item of shown) expect(demoTexts).toContain(item.name);

    const footerBlocks = await Promise.all(
      footerPrefixes.map((prefix) => klient.get<{ data: ContentBlock[] }>(`/api/content/prefix/${prefix}`)),
    );

    await signIn(page, 'klient');
    const sidebar = page.getByRole('navigation', { name: text('app.layout.menu_label') });
    for (const item of shown) await expect(menuEntry(sidebar, item)).toBeVisible();
    // A folder opens onto its submenu.
    const folder = shown.find((item) => item.type === 'folder' && item.submenu.some((entry) => entry.type === 'link'));
    expect(folder, 'the demo main menu has a folder').toBeDefined();
    await menuEntry(sidebar, folder!).click();
    for (const entry of folder!.submenu.filter((item) => item.type === 'link')) await expect(menuEntry(sidebar, entry)).toBeVisible();

    const footer = page.getByRole('contentinfo');
    for (const [index, block] of footerBlocks.entries()) {
      expect(block.data.length, `content block ${footerPrefixes[index]}`).toBeGreaterThan(0);
      const blockText = await page.evaluate(
        (html) => new DOMParser().parseFromString(html, 'text/html').body.textContent?.replace(/\s+/g, ' ').trim() ?? '',
        block.data[0].content,
      );
      expect(blockText).not.toBe('');
      await expect(footer).toContainText(blockText);
    }
  });

  test('root-only menu items show to admin and not to klient', async ({ page, request }) => {
    const admin = await apiSession(request, 'admin');
    const { data: adminMenu } = await admin.get<{ data: MenuItem[] }>('/api/user/menu/main');
    const rootOnly = adminMenu.filter((item) => item.is_root && item.type !== 'separator');
    expect(rootOnly.length, 'the demo main menu has a root-only item').toBeGreaterThan(0);

    // The admin area's entry (folders whose modules are not built yet are left out by the browser).
    const adminEntry = rootOnly.find((item) => item.prefix === 'admin_dashboard');
    expect(adminEntry, 'the demo main menu links the admin dashboard for root').toBeDefined();

    await signIn(page, 'admin');
    const sidebar = page.getByRole('navigation', { name: text('app.layout.menu_label') });
    await expect(menuEntry(sidebar, adminEntry!)).toBeVisible();

    await page.goto('/wyloguj');
    await expect(page).toHaveURL(/\/logowanie/);
    await signIn(page, 'klient');
    await expect(menuEntry(sidebar, adminMenu.find((item) => !item.is_root && item.type === 'link')!)).toBeVisible();
    for (const item of rootOnly) await expect(menuEntry(sidebar, item)).toHaveCount(0);
  });

  test('an unknown path shows the 404 screen', async ({ page }) => {
    await signIn(page, 'klient');
    await page.goto('/taka/strona/nie/istnieje');
    await expect(pageHeading(page)).toHaveText(specTexts.pageNotFound);
  });
});

test.describe('permissions', () => {
  test('klient gets the 403 screen on /admin', async ({ page }) => {
    await signIn(page, 'klient');
    await page.goto('/admin');
    await expect(pageHeading(page)).toHaveText(specTexts.accessDenied);
  });

  test('admin reaches the admin dashboard', async ({ page }) => {
    await signIn(page, 'admin');
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin/);
    await expect(pageHeading(page)).toHaveText(text('app.layout.titles.admin_dashboard'));
    // The content blocks' entry comes from their schema's menu block, in the sidebar and as a card.
    const contentBlocks = text('app.layout.admin_menu.admin_content');
    const sidebar = page.getByRole('navigation', { name: text('app.layout.menu_label') });
    await expect(sidebar.getByRole('link', { name: contentBlocks, exact: true })).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: contentBlocks }).click();
    await expect(page).toHaveURL(/\/admin\/content$/);
  });
});
