import type { BrowserContext } from '@playwright/test';

/**
 * Aborts every request that leaves the panel's own origin. Content blocks may embed third-party
 * frames (the demo footer shows a video); the test machines have no Internet, where such a request
 * could hang instead of failing and keep the page from ever going idle.
 */
export async function keepOffline(context: BrowserContext, baseURL: string): Promise<void> {
  const origin = new URL(baseURL).origin;
  await context.route((url) => url.origin !== origin, (route) => route.abort('blockedbyclient'));
}
