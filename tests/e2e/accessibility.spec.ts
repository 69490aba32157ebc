import path from 'node:path';
import { type Page, expect, test } from './support/test';
import { pageHeading, signIn } from './support/session';

// The plain axe-core build: @axe-core/playwright declares node>=22, axe itself needs no Node.
const axePath = path.resolve('node_modules/axe-core/axe.min.js');

interface AxeViolation {
  id: string;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

async function axeViolations(page: Page): Promise<string[]> {
  // Let lazy chunks, menus and footer blocks arrive so that axe sees the finished screen.
  await page.waitForLoadState('networkidle');
  await page.addScriptTag({ path: axePath });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: AxeViolation[] }> } }).axe;
    // Third-party frames (the footer's video) are not ours to check, and axe inside them is not injected.
    return (await axe.run(document, { iframes: false })).violations;
  });
  return violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id}: ${violation.help} at ${node.target.join(' ')}: ${node.failureSummary ?? ''}`),
  );
}

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
