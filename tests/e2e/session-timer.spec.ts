import { type Page, expect, test } from './support/test';
import { text } from './support/catalogue';
import { signIn } from './support/session';
import { specTexts } from './support/spec-texts';

// This project's server issues access tokens for 70 s (ACCESS_TOKEN_TTL, see playwright.config.ts):
// the timer shows at once (180 s or fewer) and the warning comes after about 10 s.
const accessTokenTtl = 70;

/** Seconds the top bar's session timer shows (mm:ss); the timer is a button named after the catalogue's label. */
async function timerSeconds(page: Page): Promise<number> {
  const [before, after] = text('app.session.timer_label').split('%{time}');
  const name = new RegExp(`^${escapeRegExp(before)}\\d{2}:\\d{2}${escapeRegExp(after)}$`);
  // includeHidden: while the modal is open the rest of the page is aria-hidden.
  const timer = page.getByRole('banner', { includeHidden: true }).getByRole('button', { name, includeHidden: true });
  const [minutes, seconds] = (await timer.innerText()).trim().split(':').map(Number);
  return minutes * 60 + seconds;
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

test('the session-ending modal appears and ‘Przedłuż’ extends the session', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'klient');

  expect(await timerSeconds(page)).toBeLessThanOrEqual(accessTokenTtl);
  const modal = page.getByRole('dialog', { name: specTexts.sessionEnding });
  await expect(modal).toBeVisible({ timeout: (accessTokenTtl - 60 + 15) * 1000 });
  expect(await timerSeconds(page)).toBeLessThan(60);

  await modal.getByRole('button', { name: specTexts.extendSession }).click();
  await expect(modal).toBeHidden();
  // A fresh token: the timer is back to (nearly) the whole lifetime, well above the warning.
  await expect.poll(() => timerSeconds(page)).toBeGreaterThan(60);
  await expect(page).not.toHaveURL(/\/logowanie/);
});
