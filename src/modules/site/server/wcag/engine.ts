import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page, Route } from 'playwright-core';
import { type OutboundPolicy, OutboundRefused } from '../../../../server/platform/outbound/guard';
import { guardedRequest } from '../../../../server/platform/outbound/http';
import { AXE_TAGS, type PageResults } from '../../common/wcag/results';

/** axe-core's browser build, injected into every analysed page; read by the first analysis, as Playwright is loaded (neither weighs on a server that analyses nothing). */
let axeSource: Promise<string> | undefined;
const readAxeSource = () => (axeSource ??= readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8'));
/** Bounds on what one page stores: elements per rule and the length of each element's HTML. */
const MAX_NODES = 50;
const MAX_HTML = 400;
/** The largest answer the browser may receive through the guard (pages, styles, pictures). */
const MAX_ANSWER_BYTES = 10 * 1024 * 1024;
/** Addresses whose names say they are no page (downloads, pictures, media): never opened as pages. */
const NOT_A_PAGE = /\.(pdf|docx?|xlsx?|pptx?|odt|ods|zip|rar|7z|gz|jpe?g|png|gif|webp|svg|ico|mp3|mp4|webm|avi|mov|xml|json|txt|css|js)$/i;
/** Headers the guard's answer cannot pass on as they are: the body comes decoded and whole. */
const HOP_HEADERS = new Set(['content-encoding', 'content-length', 'transfer-encoding', 'connection', 'keep-alive']);

/** Why a page, or the whole site, could not be analysed: the reason's catalogue key under app.wcag.failures. */
export type FailureReason = 'refused' | 'unreachable' | 'timeout' | 'http_error' | 'not_html' | 'browser';

export class PageFailure extends Error {
  constructor(readonly reason: FailureReason) {
    super(reason);
  }
}

export interface AnalysisOptions {
  chromiumPath: string;
  policy: OutboundPolicy;
  /** The panel's own public origin (PUBLIC_URL): the demo analyses its site preview there, on loopback when local. */
  ownOrigin: string;
  pageTimeoutMs: number;
}

export interface AnalysedPage {
  url: string;
  title: string | null;
  results: PageResults | null;
  failure: FailureReason | null;
}

export interface AnalysisRun {
  startUrl: string;
  pageLimit: number;
  /** Called with each page as it is done; false stops the analysis (it was cancelled). */
  onPage(position: number, page: AnalysedPage, total: number): Promise<boolean>;
}

/**
 * Analyses a site: the start page, then up to pageLimit - 1 more pages of its origin found in its
 * sitemap.xml and the start page's links, each opened in one headless Chromium (closed whatever
 * happens) and checked by axe-core against WCAG 2.x A and AA. Every request the browser makes goes
 * through the outbound guard: the answer is fetched by the server from the checked address and
 * handed to the browser, so no second DNS answer can aim the browser elsewhere. A start page that
 * cannot be opened throws PageFailure (the analysis fails); any other page is reported failed.
 */
export async function analyseSite(run: AnalysisRun, options: AnalysisOptions): Promise<void> {
  const start = new URL(run.startUrl);
  const { chromium } = await import('playwright-core');
  const browser = await chromium
    .launch({ executablePath: options.chromiumPath, args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] })
    .catch(() => {
      throw new PageFailure('browser');
    });
  try {
    const context = await browser.newContext({ serviceWorkers: 'block', acceptDownloads: false, viewport: { width: 1280, height: 900 } });
    await context.route('**/*', (route) => guardedRoute(route, options));
    const page = await context.newPage();
    const home = await analysePage(page, start.href, options);
    if (home.failure) throw new PageFailure(home.failure);
    const links = await page.$$eval('a[href]', (anchors) => anchors.map((anchor) => (anchor as HTMLAnchorElement).href)).catch(() => []);
    const sitemap = await sitemapPages(start, options);
    const pages = samePagesOf(start, [start.href, ...sitemap, ...links], run.pageLimit);
    if (!(await run.onPage(0, home, pages.length))) return;
    for (const [position, url] of pages.entries()) {
      if (position === 0) continue;
      const analysed = await analysePage(page, url, options);
      if (!(await run.onPage(position, analysed, pages.length))) return;
    }
    await context.close();
  } finally {
    await browser.close().catch(() => undefined);
  }
}

/** The distinct pages of the start's origin (without fragments, not downloads), the start first, at most limit. */
export function samePagesOf(start: URL, candidates: readonly string[], limit: number): string[] {
  const pages = new Set<string>();
  for (const candidate of candidates) {
    if (pages.size >= limit) break;
    if (!URL.canParse(candidate, start)) continue;
    const url = new URL(candidate, start);
    url.hash = '';
    if (url.origin !== start.origin || NOT_A_PAGE.test(url.pathname)) continue;
    pages.add(url.href);
  }
  return [...pages];
}

/** The <loc> addresses of the origin's /sitemap.xml, or none when it has none (or it cannot be read). */
async function sitemapPages(start: URL, options: AnalysisOptions): Promise<string[]> {
  const url = new URL('/sitemap.xml', start);
  try {
    const answer = await guardedRequest(url, { method: 'GET', timeoutMs: options.pageTimeoutMs, maxBodyBytes: MAX_ANSWER_BYTES }, policyFor(url, options));
    if (answer.status !== 200) return [];
    return [...answer.body.toString('utf8').matchAll(/<loc>\s*([^<\s]+)\s*<\/loc>/gi)].map((match) => decodeXml(match[1]));
  } catch {
    return [];
  }
}

const decodeXml = (text: string) => text.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'");

/** The guard's policy for an address: the panel's own origin may be on loopback (its preview), everything else as configured. */
function policyFor(url: URL, options: AnalysisOptions): OutboundPolicy {
  return url.origin === options.ownOrigin ? { allowLoopback: true } : options.policy;
}

/** Serves a browser request through the guard; a refused or failed one is aborted. */
async function guardedRoute(route: Route, options: AnalysisOptions): Promise<void> {
  const request = route.request();
  const url = new URL(request.url());
  try {
    const headers = Object.fromEntries(Object.entries(request.headers()).filter(([name]) => name !== 'accept-encoding' && name !== 'host'));
    const postData = request.postData();
    const answer = await guardedRequest(
      url,
      { method: request.method(), headers, body: postData ?? undefined, timeoutMs: options.pageTimeoutMs, maxBodyBytes: MAX_ANSWER_BYTES },
      policyFor(url, options),
    );
    const answerHeaders = Object.fromEntries(
      Object.entries(answer.headers)
        .filter(([name, value]) => value !== undefined && !HOP_HEADERS.has(name))
        .map(([name, value]) => [name, Array.isArray(value) ? value.join('\n') : String(value)]),
    );
    await route.fulfill({ status: answer.status, headers: answerHeaders, body: answer.body });
  } catch (error) {
    await route.abort(error instanceof OutboundRefused ? 'blockedbyclient' : 'failed').catch(() => undefined);
  }
}

/** Opens one page and runs axe on it; what goes wrong becomes the page's failure. */
async function analysePage(page: Page, url: string, options: AnalysisOptions): Promise<AnalysedPage> {
  const failed = (reason: FailureReason): AnalysedPage => ({ url, title: null, results: null, failure: reason });
  let response;
  try {
    response = await page.goto(url, { waitUntil: 'load', timeout: options.pageTimeoutMs });
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    if (/Timeout/i.test(message)) return failed('timeout');
    return failed(/ERR_BLOCKED_BY_CLIENT/.test(message) ? 'refused' : 'unreachable');
  }
  if (!response) return failed('unreachable');
  if (response.status() >= 400) return failed('http_error');
  if (!/html/i.test(response.headers()['content-type'] ?? 'text/html')) return failed('not_html');
  try {
    const results = await withTimeout(runAxe(page), options.pageTimeoutMs);
    return { url, title: (await page.title()) || null, results, failure: null };
  } catch (error) {
    return failed(error instanceof PageFailure ? error.reason : 'browser');
  }
}

/**
 * Runs axe in the page and keeps what is stored: selectors flattened (shadow DOM and frames), HTML
 * cut short, elements per rule bounded. Plain JavaScript in a string: the server's own build
 * (esbuild's helpers) must not leak into the page.
 */
const AXE_RUN = `(async ({ tags, maxNodes, maxHtml }) => {
  const outcome = await window.axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations', 'incomplete'], iframes: false });
  const target = (parts) => parts.map((part) => (Array.isArray(part) ? part.join(' ') : String(part))).join(' ');
  const withNodes = (rules) => rules.map((rule) => ({ id: rule.id, impact: rule.impact || null, nodes: rule.nodes.slice(0, maxNodes).map((node) => ({ target: target(node.target), html: node.html.slice(0, maxHtml) })) }));
  return { violations: withNodes(outcome.violations), incomplete: withNodes(outcome.incomplete), passes: outcome.passes.map((rule) => rule.id), inapplicable: outcome.inapplicable.map((rule) => rule.id) };
})`;

async function runAxe(page: Page): Promise<PageResults> {
  await page.evaluate(await readAxeSource());
  return page.evaluate(`${AXE_RUN}(${JSON.stringify({ tags: AXE_TAGS, maxNodes: MAX_NODES, maxHtml: MAX_HTML })})`) as Promise<PageResults>;
}

function withTimeout<T>(work: Promise<T>, milliseconds: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new PageFailure('timeout')), milliseconds);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
