import { gzipSync } from 'node:zlib';
import { type BrowserContext, type Response, chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/support/chromium';
import { keepOffline } from '../e2e/support/offline';
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
  /** Each loaded script that holds RJSF, ajv or chart code, by its path. */
  heavyCode: { library: HeavyLibrary; file: string }[];
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
  const scripts = [...bodies.entries()]
    .filter(([, file]) => file.kind === 'js')
    .map(([fileUrl, file]) => ({ file: new URL(fileUrl).pathname, source: file.body.toString('utf8') }));
  return {
    page: name,
    jsFiles: files.filter((file) => file.kind === 'js').length,
    jsGzipBytes: gzipped('js'),
    cssFiles: files.filter((file) => file.kind === 'css').length,
    cssGzipBytes: gzipped('css'),
    heavyCode: (Object.keys(heavyLibraries) as HeavyLibrary[]).flatMap((library) =>
      scripts.filter((script) => heavyLibraries[library].test(script.source)).map((script) => ({ library, file: script.file })),
    ),
  };
}

/**
 * The weight of the login page, and of the dashboard opened directly by a signed-in user: without
 * and with the route prefetching that a fast connection triggers.
 */
export async function measurePageWeights(baseUrl: string, username: string): Promise<PageWeight[]> {
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const loginContext = await browser.newContext({ baseURL: baseUrl });
    await keepOffline(loginContext, baseUrl);
    const login = await weighPage(loginContext, 'login (/logowanie)', '/logowanie', '/logowanie');

    const page = await loginContext.newPage();
    await page.goto('/logowanie');
    await submitLogin(page, username);
    await page.waitForURL((url) => url.pathname === '/');
    const signedIn = await loginContext.storageState();
    await loginContext.close();

    const weighDashboard = async (name: string, dataSaver: boolean) => {
      const context = await browser.newContext({ baseURL: baseUrl, storageState: signedIn });
      await keepOffline(context, baseUrl);
      // The app prefetches route code only on 4g without the data saver (SPEC 2): with the saver on,
      // only what the dashboard itself needs is loaded.
      if (dataSaver) await context.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { effectiveType: '4g', saveData: true } }));
      const weight = await weighPage(context, name, '/', '/');
      await context.close();
      return weight;
    };
    return [
      login,
      await weighDashboard('dashboard (/), data saver', true),
      await weighDashboard('dashboard (/), 4g + prefetch', false),
    ];
  } finally {
    await browser.close();
  }
}
