import { expect, test } from './support/test';
import { axeViolations } from './support/axe';
import { pageHeading, signIn } from './support/session';

test.describe('axe-core finds no violation', () => {
  // The server's Content-Security-Policy forbids inline scripts, which is how axe gets injected.
  test.use({ bypassCSP: true });

  test('on the login page', async ({ page }) => {
    await page.goto('/logowanie');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('on the dashboard', async ({ page }) => {
    await signIn(page, 'klient');
    await expect(pageHeading(page)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('on the profile', async ({ page }) => {
    await signIn(page, 'klient');
    await page.goto('/panel/profil');
    await expect(pageHeading(page)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});
