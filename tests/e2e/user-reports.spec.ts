import { axeViolations } from './support/axe';
import { text } from './support/catalogue';
import { pageHeading } from './support/session';
import { expect, test } from './support/signed-in';

const reports = (key: string) => text(`app.user_reports.${key}`);
const numbers = new Intl.NumberFormat('pl-PL');

interface UserReports {
  data: Array<{ service_id: number; name: string; mailings?: { sent: number } | null; visits?: { totals: { visits: number; visitors: number } } | null; wcag?: { finished_at: string } | null }>;
}

test.describe('the user reports (/raporty)', () => {
  // axe is injected as an inline script, which the server's Content-Security-Policy forbids.
  test.use({ bypassCSP: true });

  test("klient finds /raporty on the dashboard, opens it from the user menu by keyboard, sees each service's figures and follows one to the service's report; axe finds nothing", async ({ page, klientApi, services }) => {
    const expected = await klientApi.get<UserReports>('/api/user/reports');
    const serviceNamed = (serviceId: number) => expected.data.find((service) => service.service_id === serviceId)!;

    await page.goto('/');
    await expect(page.getByRole('main').getByRole('link', { name: text('app.dashboard.reports') })).toHaveAttribute('href', '/raporty');
    await page.getByRole('button', { name: new RegExp(`^${text('app.layout.user_menu.toggle', { name: '' })}`) }).press('Enter');
    await page.getByRole('link', { name: text('app.layout.user_menu.reports'), exact: true }).press('Enter');
    await expect(page).toHaveURL('/raporty');
    await expect(pageHeading(page)).toHaveText(reports('title'));
    const main = page.getByRole('main');

    // The newsletter: the messages sent in the period, as the server counted them, and its chart.
    const newsletter = main.getByRole('region', { name: serviceNamed(services.newsletter).name, exact: true });
    const mailings = newsletter.getByRole('article', { name: reports('mailings.title') });
    await expect(mailings.getByRole('definition').nth(1)).toHaveText(numbers.format(serviceNamed(services.newsletter).mailings!.sent));
    await expect(mailings.getByRole('figure', { name: reports('mailings.chart') })).toBeVisible();

    // The site: its visits, its accessibility (no analysis yet said in words, not a zero), its disk.
    const site = main.getByRole('region', { name: serviceNamed(services.site).name, exact: true });
    const visits = site.getByRole('article', { name: reports('visits.title') });
    await expect(visits.getByRole('definition').first()).toHaveText(numbers.format(serviceNamed(services.site).visits!.totals.visits));
    // The WCAG tests analyse this site, maybe before this test: the card says what the server says now.
    const analysed = (await klientApi.get<UserReports>('/api/user/reports')).data.find((service) => service.service_id === services.site)?.wcag;
    const wcagCard = site.getByRole('article', { name: reports('wcag.title') });
    if (analysed) await expect(wcagCard.getByText(new RegExp(`^${text('app.user_reports.wcag.finished', { at: '' }).replace(/\.$/, '')}`))).toBeVisible();
    else await expect(wcagCard.getByText(reports('wcag.empty'))).toBeVisible();
    await expect(site.getByRole('article', { name: reports('disk.title') }).getByRole('progressbar')).toBeVisible();
    // klient2's site is not klient's.
    await expect(main.getByRole('region', { name: 'Strona pracowni Nowak' })).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);

    // The chart's table, opened by keyboard: a row per day under its heads.
    await visits.getByRole('button', { name: reports('show_table') }).press('Enter');
    await expect(visits.getByRole('table', { name: reports('visits.chart') }).getByRole('row')).toHaveCount(32);
    expect(await axeViolations(page)).toEqual([]);

    await visits.getByRole('link', { name: reports('visits.link') }).press('Enter');
    await expect(page).toHaveURL(`/usluga/${services.site}/raporty/statystyki`);
    await expect(pageHeading(page)).toHaveText(text('resources.site_statistics.visits.title'));
  });
});
