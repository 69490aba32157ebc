import { analyseSite } from '../../src/modules/site/server/wcag/engine';
import { axeRules } from '../../src/modules/site/server/wcag/rules';
import { automatedShare } from '../../src/modules/site/common/wcag/scoring';
import { startFixtureSite } from '../api/support/wcag-site';

/** The pages of the analysed fixture site: its home page, the planted and clean pages, and extra clean ones. */
export const WCAG_PAGES = 20;

export interface WcagResult {
  pages: number;
  seconds: number;
  pagesPerMinute: number;
  automated: number;
  total: number;
}

/**
 * The WCAG analysis engine on a fixture site of WCAG_PAGES pages served on loopback: one Chromium,
 * every request through the outbound guard (loopback let through, as the testing flag does), axe on
 * each page; and the share of the WCAG 2.2 A and AA criteria the rules decide.
 */
export async function measureWcag(log: (line: string) => void): Promise<WcagResult> {
  const site = await startFixtureSite({ cleanPages: 12, brokenPages: false });
  try {
    log(`Analysing a fixture site of ${WCAG_PAGES} pages…`);
    let pages = 0;
    const started = performance.now();
    await analyseSite(
      {
        startUrl: site.url,
        pageLimit: WCAG_PAGES,
        onPage: async (_position, page) => {
          if (page.results) pages += 1;
          return true;
        },
      },
      { chromiumPath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', policy: { allowLoopback: true }, ownOrigin: 'https://panel.invalid', pageTimeoutMs: 20_000 },
    );
    const seconds = (performance.now() - started) / 1000;
    return { pages, seconds, pagesPerMinute: (pages / seconds) * 60, ...automatedShare(await axeRules()) };
  } finally {
    await site.close();
  }
}
