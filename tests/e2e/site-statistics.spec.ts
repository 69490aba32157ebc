import { readFile } from 'node:fs/promises';
import { axeViolations } from './support/axe';
import { text } from './support/catalogue';
import { expectToast, openFromServiceMenu, REPORTS_FOLDER } from './support/schema-screens';
import { pageHeading } from './support/session';
import { expect, test } from './support/signed-in';

const statistics = (key: string) => text(`resources.site_statistics.${key}`);
/** Today in Polish time, as the screens' period ends by default. */
const today = () => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Warsaw' }).format(new Date());

test.describe('visit statistics of the site (demo year of klient)', () => {
  // axe is injected as an inline script, which the server's Content-Security-Policy forbids.
  test.use({ bypassCSP: true });

  test('raporty/statystyki: visits and unique visitors of the last 30 days, a chart with its table, the top pages; axe finds nothing', async ({ page, services }) => {
    await openFromServiceMenu(page, services.site, 'demo.menu.service_reports_visits', REPORTS_FOLDER);
    await expect(page).toHaveURL(`/usluga/${services.site}/raporty/statystyki`);
    await expect(pageHeading(page)).toHaveText(statistics('visits.title'));
    const main = page.getByRole('main');
    await expect(main.getByRole('figure', { name: statistics('visits.chart') })).toBeVisible();
    // The chart's text: a row per day (under the heads) and the sum row.
    const days = main.getByRole('table', { name: statistics('visits.table') });
    await expect(days.getByRole('row')).toHaveCount(32);
    await expect(days.getByRole('columnheader')).toHaveText([statistics('visits.day'), statistics('figures.visits'), statistics('figures.visitors')]);
    const sum = days.getByRole('row', { name: new RegExp(statistics('sums.total')) });
    await expect(sum.getByRole('cell').first()).not.toHaveText('0');
    // The period applied by default is written in its inputs, ending today.
    const [year, month, day] = today().split('-');
    await expect(main.getByRole('group', { name: statistics('filters.to') }).getByRole('spinbutton')).toHaveText([day!, month!, year!]);
    const pages = main.getByRole('table', { name: statistics('visits.pages') });
    await expect(pages.getByRole('row', { name: /^\/ / })).toHaveCount(1);
    expect(await axeViolations(page)).toEqual([]);

    // A period without visits: the empty state, the period named.
    await page.goto(`/usluga/${services.site}/raporty/statystyki?from=2001-01-01&to=2001-01-31`);
    await expect(main.getByText(statistics('empty'))).toBeVisible();
    await expect(main.getByRole('figure')).toHaveCount(0);
    await expect(main.getByRole('group', { name: statistics('filters.from') }).getByRole('spinbutton')).toHaveText(['01', '01', '2001']);
  });

  test('raporty/statystyki/sumy: sums by day, then by month chosen by keyboard, exported as CSV; axe finds nothing', async ({ page, services }) => {
    await openFromServiceMenu(page, services.site, 'demo.menu.service_reports_visits', REPORTS_FOLDER);
    const main = page.getByRole('main');
    await main.getByRole('link', { name: statistics('sums.title'), exact: true }).press('Enter');
    await expect(page).toHaveURL(`/usluga/${services.site}/raporty/statystyki/sumy`);
    await expect(pageHeading(page)).toHaveText(statistics('sums.title'));
    await expect(main.getByRole('table', { name: statistics('sums.tables.day') }).getByRole('row')).toHaveCount(32);
    expect(await axeViolations(page)).toEqual([]);

    await main.getByRole('button', { name: statistics('sums.by.month') }).press('Enter');
    await expect(page).toHaveURL(/group=month/);
    // A year of months: the months the default 30 days touch, then a chosen year.
    await page.goto(`/usluga/${services.site}/raporty/statystyki/sumy?group=month&from=${Number(today().slice(0, 4)) - 1}-01-01&to=${Number(today().slice(0, 4)) - 1}-12-31`);
    const months = main.getByRole('table', { name: statistics('sums.tables.month') });
    await expect(months.getByRole('row')).toHaveCount(14);
    const download = page.waitForEvent('download');
    await main.getByRole('button', { name: statistics('sums.export') }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`statystyki-month-${Number(today().slice(0, 4)) - 1}-01-01-${Number(today().slice(0, 4)) - 1}-12-31.csv`);
    const csv = await readFile((await file.path())!, 'utf8');
    // UTF-8 with its byte order mark, so spreadsheets read Polish letters right.
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe(`${statistics('sums.groups.month')};${statistics('figures.visits')};${statistics('figures.visitors')}`);
    expect(lines).toHaveLength(14);
    await expectToast(page, text('app.schema.exported'));
    expect(await axeViolations(page)).toEqual([]);
  });

  test('raporty/statystyki/zrodla: visits by kind of source (a chart with its table) and by source; axe finds nothing', async ({ page, services }) => {
    await openFromServiceMenu(page, services.site, 'demo.menu.service_reports_visits_sources', REPORTS_FOLDER);
    await expect(page).toHaveURL(`/usluga/${services.site}/raporty/statystyki/zrodla`);
    await expect(pageHeading(page)).toHaveText(statistics('sources.title'));
    const main = page.getByRole('main');
    await expect(main.getByRole('figure', { name: statistics('sources.chart') })).toBeVisible();
    const kinds = main.getByRole('table', { name: statistics('sources.kinds_table') });
    await expect(kinds.getByRole('rowheader')).toHaveText([...['direct', 'search', 'social', 'referral', 'campaign'].map((kind) => statistics(`sources.kinds.${kind}`)), statistics('sums.total')]);
    const sources = main.getByRole('table', { name: statistics('sources.table') });
    await expect(sources.getByRole('rowheader', { name: `Google (${statistics('sources.kinds.search')})` })).toBeVisible();
    await expect(sources.getByRole('rowheader', { name: `newsletter (${statistics('sources.kinds.campaign')})` })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('another client’s site shows the 403 screen', async ({ page, services }) => {
    await page.goto(`/usluga/${services.otherClientSite}/raporty/statystyki`);
    await expect(page).toHaveURL('/error/403');
  });
});
