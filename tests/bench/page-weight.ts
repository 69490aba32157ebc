import { gzipSync } from 'node:zlib';
import { type BrowserContext, type Response, chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/support/chromium';
import { submitLogin } from '../e2e/support/session';

/** Code that must stay out of the first screens (DESIGN.md: route-level splitting). */
const heavyLibraries = {
  RJSF: /rjsf-field|ui:widget/,
  ajv: /ajv implementation error|ajv-validator/,
  charts: /MuiCharts/,
} as const;

export type HeavyLibrary = keyof typeof heavyLibraries;

export interface PageWeight {
  page: string;
  jsFiles: number;
  jsGzipBytes: number;
  cssFiles: number;
  cssGzipBytes: number;
  heavyLibraries: HeavyLibrary[];
}

/**
 * Loads a page in a fresh browser context (empty cache) and adds up, gzipped, every JS and CSS
 * response it receives until the network is idle: what a first visit really downloads.
 */
async function weighPage(context: BrowserContext, name: string, url: string, expectedPath: string): Promise<PageWeight> {
  const page = await context.newPage();
  const bodies = new Map<string, { kind: 'js' | 'css'; body: Buffer }>();
  const pending: Promise<void>[] = [];
  const record = (response: Response) => {
    const kind = /\.m?js(\?|$)/.test(response.url()) ? 'js' : /\.css(\?|$)/.test(response.url()) ? 'css' : undefined;
    if (!kind || !response.ok()) return;
    pending.push(
      response.body().then((body) => {
        bodies.set(response.url(), { kind, body });
      }),
    );
  };
  page.on('response', record);
  await page.goto(url, { waitUntil: 'networkidle' });
  page.off('response', record);
  await Promise.all(pending);
  const landedOn = new URL(page.url()).pathname;
  if (landedOn !== expectedPath) throw new Error(`${name}: expected ${expectedPath}, the browser is on ${landedOn}`);
  await page.close();

  const files = [...bodies.values()];
  const gzipped = (kind: 'js' | 'css') =>
    files.filter((file) => file.kind === kind).reduce((sum, file) => sum + gzipSync(file.body).length, 0);
  const scripts = files.filter((file) => file.kind === 'js').map((file) => file.body.toString('utf8'));
  return {
    page: name,
    jsFiles: files.filter((file) => file.kind === 'js').length,
    jsGzipBytes: gzipped('js'),
    cssFiles: files.filter((file) => file.kind === 'css').length,
    cssGzipBytes: gzipped('css'),
    heavyLibraries: (Object.keys(heavyLibraries) as HeavyLibrary[]).filter((library) =>
      scripts.some((script) => heavyLibraries[library].test(script)),
    ),
  };
}

/** The weight of the login page, and of the dashboard opened directly by a signed-in user. */
export async function measurePageWeights(baseUrl: string, username: string): Promise<PageWeight[]> {
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const loginContext = await browser.newContext({ baseURL: baseUrl });
    const login = await weighPage(loginContext, 'login (/logowanie)', '/logowanie', '/logowanie');

    const page = await loginContext.newPage();
    await page.goto('/logowanie');
    await submitLogin(page, username);
    await page.waitForURL((url) => url.pathname === '/');
    const signedIn = await loginContext.storageState();
    await loginContext.close();

    const dashboardContext = await browser.newContext({ baseURL: baseUrl, storageState: signedIn });
    const dashboard = await weighPage(dashboardContext, 'dashboard (/)', '/', '/');
    await dashboardContext.close();
    return [login, dashboard];
  } finally {
    await browser.close();
  }
}
