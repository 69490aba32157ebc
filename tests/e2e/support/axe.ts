import path from 'node:path';
import type { Page } from '@playwright/test';

// The plain axe-core build: @axe-core/playwright declares node>=22, axe itself needs no Node.
const axePath = path.resolve('node_modules/axe-core/axe.min.js');

interface AxeViolation {
  id: string;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/**
 * axe-core's violations on the current screen, one line per offending node. The page's context must
 * bypass the server's Content-Security-Policy (`test.use({ bypassCSP: true })`), which forbids the
 * inline script axe is injected as. A screen with a sandboxed srcdoc preview waits for what it shows
 * instead (`quietNetwork: false`): Playwright's network idle may never come with such a frame.
 */
export async function axeViolations(page: Page, { quietNetwork = true } = {}): Promise<string[]> {
  // Let lazy chunks, menus and footer blocks arrive so that axe sees the finished screen.
  if (quietNetwork) await page.waitForLoadState('networkidle');
  // A dialog fading in blends its colours with the page: axe would measure contrast mid-way. Endless ones (spinners) never settle.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity),
  );
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
