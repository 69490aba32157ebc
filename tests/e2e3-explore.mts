import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '/work/main/tests/e2e/support/chromium';
const base = 'http://127.0.0.1:3391';
const browser = await chromium.launch(chromiumLaunchOptions);
const ctx = await browser.newContext({ baseURL: base, locale: 'pl-PL' });
await ctx.route((u) => u.origin !== base, (r) => r.abort());
const page = await ctx.newPage();
await page.goto('/logowanie');
await page.getByLabel('Nazwa użytkownika').fill('klient');
await page.getByLabel('Hasło').fill('E2e-Haslo-Testowe-2026!');
await page.keyboard.press('Enter');
await page.waitForURL((u) => u.pathname === '/');
for (const path of process.argv.slice(2)) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  console.log('=====', path, page.url());
  console.log(await page.locator('body').ariaSnapshot());
}
await browser.close();
