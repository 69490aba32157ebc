import { gzipSync } from 'node:zlib';
import { type Browser, type BrowserContext, type Response, chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/support/chromium';
import { keepOffline } from '../e2e/support/offline';
import { submitLogin } from '../e2e/support/session';

/** Code that must stay out of the first screens (DESIGN.md: route-level splitting). */
const heavyLibraries = {
  RJSF: /rjsf-field|ui:widget/,
  // ajv's own errors, or the validators it compiled ahead (their default messages).
  ajv: /ajv implementation error|ajv-validator|must have required property/,
  charts: /MuiCharts/,
} as const;

export type HeavyLibrary = keyof typeof heavyLibraries;

/** A route to weigh: what a first visit to it downloads. */
export interface WeighedRoute {
  name: string;
  path: string;
  /** Visited signed in (as the bench's user); otherwise signed out. */
  signedIn: boolean;
  /** The route shows a schema form: the only kind of screen whose own code may be RJSF and ajv. */
  showsForm: boolean;
  /**
   * Lets the app prefetch other routes' code, as it does on 4g without the data saver (SPEC 2);
   * otherwise the data saver is on and only the route's own code loads.
   */
  prefetch: boolean;
}

/**
 * The most gzipped JavaScript the login page may download (issue 20), with the data saver on: the
 * budget tests/e2e/page-weight.spec.ts enforces and the figure the bench sets beside it.
 */
export const LOGIN_JS_GZIP_BUDGET = 200_000;

/** The login page, signed out, with the data saver on: the first page most visits open. */
export const loginRoute: WeighedRoute = { name: 'login (/logowanie)', path: '/logowanie', signedIn: false, showsForm: false, prefetch: false };

export interface PageWeight {
  route: WeighedRoute;
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
async function weighPage(context: BrowserContext, route: WeighedRoute): Promise<PageWeight> {
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
  await page.goto(route.path, { waitUntil: 'networkidle' });
  page.off('response', record);
  await Promise.all(pending);
  const landedOn = new URL(page.url()).pathname;
  if (landedOn !== route.path) throw new Error(`${route.name}: expected ${route.path}, the browser is on ${landedOn}`);
  await page.close();

  const files = [...bodies.values()];
  const gzipped = (kind: 'js' | 'css') =>
    files.filter((file) => file.kind === kind).reduce((sum, file) => sum + gzipSync(file.body).length, 0);
  const scripts = [...bodies.entries()]
    .filter(([, file]) => file.kind === 'js')
    .map(([fileUrl, file]) => ({ file: new URL(fileUrl).pathname, source: file.body.toString('utf8') }));
  return {
    route,
    jsFiles: files.filter((file) => file.kind === 'js').length,
    jsGzipBytes: gzipped('js'),
    cssFiles: files.filter((file) => file.kind === 'css').length,
    cssGzipBytes: gzipped('css'),
    heavyCode: (Object.keys(heavyLibraries) as HeavyLibrary[]).flatMap((library) =>
      scripts.filter((script) => heavyLibraries[library].test(script.source)).map((script) => ({ library, file: script.file })),
    ),
  };
}

/** Whether a route's own code breaks the rule that only form screens carry RJSF and ajv. */
export function carriesFormCodeOutOfPlace(weight: PageWeight): boolean {
  return !weight.route.showsForm && !weight.route.prefetch && weight.heavyCode.some((code) => code.library === 'RJSF' || code.library === 'ajv');
}

/**
 * Weighs a route in a fresh browser context (empty cache) of the browser; a signed-in route with
 * the signed-in user's storage state.
 */
export async function weighRoute(
  browser: Browser,
  baseUrl: string,
  route: WeighedRoute,
  signedIn?: Awaited<ReturnType<BrowserContext['storageState']>>,
): Promise<PageWeight> {
  const context = await browser.newContext({ baseURL: baseUrl, ...(route.signedIn ? { storageState: signedIn } : {}) });
  try {
    await keepOffline(context, baseUrl);
    if (!route.prefetch) {
      await context.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { effectiveType: '4g', saveData: true } }));
    }
    return await weighPage(context, route);
  } finally {
    await context.close();
  }
}

/** Weighs each route in a fresh browser context (empty cache), signed in through the login page once for all. */
export async function measurePageWeights(baseUrl: string, username: string, routes: readonly WeighedRoute[]): Promise<PageWeight[]> {
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const loginContext = await browser.newContext({ baseURL: baseUrl });
    await keepOffline(loginContext, baseUrl);
    const page = await loginContext.newPage();
    await page.goto('/logowanie');
    await submitLogin(page, username);
    await page.waitForURL((url) => url.pathname === '/');
    const signedIn = await loginContext.storageState();
    await loginContext.close();

    const weights: PageWeight[] = [];
    for (const route of routes) weights.push(await weighRoute(browser, baseUrl, route, signedIn));
    return weights;
  } finally {
    await browser.close();
  }
}
