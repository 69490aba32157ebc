import { expect, test } from '@playwright/test';
import { textsUnder } from './support/catalogue';
import { apiSession, pageHeading, signIn } from './support/session';
import { specTexts } from './support/spec-texts';

interface MenuItem {
  type: 'link' | 'folder' | 'separator';
  name: string;
  is_root: boolean;
  submenu: MenuItem[];
}

interface ContentBlock {
  content: string;
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
    for (const item of shown) await expect(page.getByText(item.name, { exact: true }).first()).toBeVisible();

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

    await signIn(page, 'klient');
    await expect(page.getByText(adminMenu.find((item) => !item.is_root && item.type !== 'separator')!.name).first()).toBeVisible();
    for (const item of rootOnly) await expect(page.getByText(item.name, { exact: true })).toHaveCount(0);
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
    await expect(pageHeading(page)).toBeVisible();
    await expect(pageHeading(page)).not.toHaveText(specTexts.accessDenied);
  });
});
