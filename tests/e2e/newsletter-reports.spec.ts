import { readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { axeViolations } from './support/axe';
import { text } from './support/catalogue';
import { expectToast, openFromServiceMenu, REPORTS_FOLDER, uniqueName } from './support/schema-screens';
import { pageHeading } from './support/session';
import { expect, test } from './support/signed-in';
import { specTexts } from './support/spec-texts';

/** Where the fresh e2e server (no SMTP_URL) writes the messages it sends: DATA_DIR/outbox, as playwright.config.ts names DATA_DIR. */
const outboxOf = (baseURL: string) => path.join(tmpdir(), `panel-e2e-${new URL(baseURL).port}`, 'outbox');

/** The text of a message as written, with quoted-printable soft breaks and escapes undone. */
const decoded = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

/** The open pixel and click-tracking paths of the message sent to each address. */
async function trackingLinks(baseURL: string, emails: string[]): Promise<Map<string, { open: string; click: string }>> {
  const outbox = outboxOf(baseURL);
  const found = new Map<string, { open: string; click: string }>();
  for (const name of (await readdir(outbox)).filter((file) => file.endsWith('.eml'))) {
    const message = decoded(await readFile(path.join(outbox, name), 'utf8'));
    const email = emails.find((candidate) => message.includes(`To: ${candidate}`));
    const open = /\/api\/newsletter\/open\/[A-Za-z0-9._-]+/.exec(message)?.[0];
    const click = /\/api\/newsletter\/click\/[A-Za-z0-9._-]+/.exec(message)?.[0];
    if (email && open && click) found.set(email, { open, click });
  }
  return found;
}

test.describe('newsletter reports', () => {
  // axe is injected as an inline script, which the server's Content-Security-Policy forbids.
  test.use({ bypassCSP: true });

  test('klient reads a sent mailing’s statistics, the totals by day and month and the recipients’ events, by keyboard too; axe finds nothing', async ({
    page,
    services,
    klientApi,
    request,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const run = uniqueName('').trim();
    const subject = `Raport e2e ${run}`;
    const tag = `raport-${run}`;
    const emails = ['ala', 'bartek', 'celina'].map((name) => `${name}.${run}@example.com`);
    const apiBase = `/api/client_service/${services.newsletter}`;

    // A real mailing: the provider's relay (the server writes it to its outbox), three recipients, a tracked link.
    expect((await klientApi.send('POST', `${apiBase}/module/senders/configs`, { config_type_id: 1, from: 'biuro', from_name: 'Biuro Kowalski' })).status()).toBeLessThan(300);
    expect((await klientApi.send('POST', `${apiBase}/module/tags`, { name: tag })).status()).toBe(201);
    for (const [index, email] of emails.entries()) {
      expect((await klientApi.send('POST', `${apiBase}/module/recipients`, { name: `Czytelnik ${index + 1}`, email, tags: [tag] })).status()).toBe(201);
    }
    const template = await klientApi.send('POST', `${apiBase}/module/templates`, {
      name: `Szablon ${run}`,
      html: '<p>Dzień dobry!</p><p><a href="https://www.kowalski.example.com/oferta">Oferta</a></p>',
    });
    expect(template.status()).toBe(201);
    const mailing = await klientApi.send('POST', `${apiBase}/module/mailings`, { subject, template_id: (await template.json()).id, audience: 'tags', tags_included: [tag] });
    expect(mailing.status()).toBe(201);
    const mailingId = (await mailing.json()).id as number;
    expect((await klientApi.send('PUT', `${apiBase}/module/mailings/${mailingId}/start`)).status()).toBe(200);
    await expect
      .poll(async () => (await klientApi.get<{ status: string }>(`${apiBase}/module/mailings/${mailingId}/progress`)).status, { timeout: 60_000 })
      .toBe('sent');

    // Two recipients open the message (one of them twice), one clicks its link.
    const links = await trackingLinks(baseURL!, emails);
    expect(links.size).toBe(3);
    for (const email of [emails[0], emails[0], emails[1]]) expect((await request.get(links.get(email)!.open)).status()).toBe(200);
    expect((await request.get(links.get(emails[2])!.click, { maxRedirects: 0 })).status()).toBe(302);

    // raporty/statystyki_wysylek from the menu: the mailing's figures in the table under the chart.
    await openFromServiceMenu(page, services.newsletter, 'demo.menu.service_reports_mailings', REPORTS_FOLDER);
    await expect(page).toHaveURL(`/usluga/${services.newsletter}/raporty/statystyki_wysylek`);
    await expect(pageHeading(page)).toHaveText(text('resources.newsletter_reports.statistics.title'));
    const main = page.getByRole('main');
    await expect(main.getByRole('figure', { name: text('resources.newsletter_reports.statistics.chart') })).toBeVisible();
    await main.getByRole('searchbox', { name: text('resources.newsletter_reports.filters.subject') }).fill(run);
    await main.getByRole('searchbox', { name: text('resources.newsletter_reports.filters.subject') }).press('Enter');
    await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(run)}`));
    const table = main.getByRole('table', { name: text('resources.newsletter_reports.statistics.table') });
    const row = table.getByRole('row').filter({ hasText: subject });
    await expect(table.getByRole('row')).toHaveCount(2);
    // sent, failed, skipped, opened, clicked, unsubscribed
    await expect(row.getByRole('cell')).toHaveText([/.+/, '3', '0 (0%)', '0', '2 (66,7%)', '1 (33,3%)', '0 (0%)']);
    expect(await axeViolations(page)).toEqual([]);

    // sumy: today's messages by day, then by month, with the sum row.
    await main.getByRole('link', { name: text('resources.newsletter_reports.totals.title'), exact: true }).click();
    await expect(pageHeading(page)).toHaveText(text('resources.newsletter_reports.totals.title'));
    const daily = main.getByRole('table', { name: text('resources.newsletter_reports.totals.table_day') });
    await expect(daily.getByRole('row')).toHaveCount(32);
    // The period applied by default is written in its inputs, ending today (in Polish time).
    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Warsaw' }).format(new Date());
    const [year, month, day] = today.split('-');
    const periodEnd = main.getByRole('group', { name: text('resources.newsletter_reports.filters.to') }).getByRole('spinbutton');
    await expect(periodEnd).toHaveText([day!, month!, year!]);
    await expect(main.getByRole('group', { name: text('resources.newsletter_reports.filters.from') }).getByRole('spinbutton')).toHaveText([/^\d\d$/, /^\d\d$/, /^\d{4}$/]);
    const sum = daily.getByRole('row', { name: new RegExp(text('resources.newsletter_reports.totals.sum')) });
    await expect(sum.getByRole('cell').first()).not.toHaveText('0');
    expect(await axeViolations(page)).toEqual([]);
    await main.getByRole('button', { name: text('resources.newsletter_reports.totals.by_month') }).click();
    await expect(page).toHaveURL(/group=month/);
    await expect(main.getByRole('table', { name: text('resources.newsletter_reports.totals.table_month') }).getByRole('row')).toHaveCount(14);
    await expect(periodEnd).toHaveText([month!, year!]);
    expect(await axeViolations(page)).toEqual([]);

    // raporty/logi for the mailing (its link on the statistics), then only the clicks, chosen by keyboard.
    await page.goBack();
    await page.goBack();
    await main.getByRole('link', { name: text('resources.newsletter_reports.statistics.logs_of', { subject }) }).click();
    await expect(pageHeading(page)).toHaveText(text('resources.newsletter_reports.logs.title'));
    const logs = main.getByRole('table', { name: text('resources.newsletter_reports.logs.table') });
    // Every event is a row: ala's two opens, bartek's, celina's click (under the header row).
    await expect(logs.getByRole('row')).toHaveCount(5);
    await expect(logs).toContainText(emails[0]);
    expect(await axeViolations(page)).toEqual([]);
    const kind = main.getByRole('combobox', { name: text('resources.newsletter_reports.fields.kind') });
    await kind.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('option', { name: text('resources.newsletter_reports.kinds.clicked') }).press('Enter');
    await main.getByRole('button', { name: text('resources.newsletter_reports.filters.apply') }).press('Enter');
    await expect(page).toHaveURL(/kind=clicked/);
    await expect(logs.getByRole('row')).toHaveCount(2);
    await expect(logs.getByRole('row').nth(1)).toContainText(emails[2]);
    await expect(logs.getByRole('row').nth(1)).toContainText('https://www.kowalski.example.com/oferta');
  });

  test('a service without mailings has no mailing reports: none in its Reports folder (its visit statistics only), and the screens answer with the 403 screen', async ({ page, services }) => {
    await page.goto(`/usluga/${services.site}`);
    const sidebar = page.getByRole('navigation', { name: text('app.layout.menu_label') });
    const folder = sidebar.getByRole('button', { name: text('demo.menu.service_reports'), exact: true });
    await expect(folder).toBeVisible();
    if ((await folder.getAttribute('aria-expanded')) !== 'true') await folder.click();
    await expect(sidebar.getByRole('link', { name: text('demo.menu.service_reports_visits'), exact: true })).toBeVisible();
    for (const entry of ['demo.menu.service_reports_mailings', 'demo.menu.service_reports_logs']) await expect(sidebar.getByRole('link', { name: text(entry), exact: true })).toHaveCount(0);
    for (const serviceId of [services.site, services.otherClientSite]) {
      await page.goto(`/usluga/${serviceId}/raporty/logi`);
      await expectToast(page, specTexts.moduleAccessDenied, 'alert');
      await expect(pageHeading(page)).toHaveText(specTexts.accessDenied);
      await expect(page).toHaveURL('/error/403');
    }
  });
});
