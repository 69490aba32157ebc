import { axeViolations } from './support/axe';
import { text } from './support/catalogue';
import { expectToast, recordTable, uniqueName } from './support/schema-screens';
import { pageHeading } from './support/session';
import { expect, test } from './support/signed-in';
import type { Page } from './support/test';

/**
 * The site's forms (issue 15) on klient's site: a form added, its fields added by keyboard and
 * seen in the preview, a submission sent through the public API seen among the submissions; the
 * demo's contact form fills every page.
 */
const DOMAIN = 'www.kowalski.example.com';
const DEMO_FORM = text('demo.site_forms.name');

const main = (page: Page) => page.getByRole('main');
const tab = (page: Page, name: string) => main(page).getByRole('tab', { name, exact: true });
const crumbs = (page: Page) => page.getByRole('navigation', { name: text('app.layout.breadcrumbs') });
/** The first page of a test loads the app's code: on a loaded machine that takes longer than a step. */
const FIRST_LOAD = { timeout: 30_000 };
/** A field's item in the fields list (an ordered list, not a table). */
const fieldItem = (page: Page, label: string) => main(page).getByRole('list', { name: text('resources.form_fields.title') }).getByRole('listitem').filter({ hasText: label });
const heading = (form: string, pageKey: string) => text('app.schema.record_heading', { record: form, page: text(pageKey) });

/** Adds a field on pola/dodaj by keyboard only: its kind picked by typing its first letters, its label typed, required toggled by space. */
async function addFieldByKeyboard(page: Page, kindKey: string, label: string, required: boolean) {
  await main(page).getByRole('link', { name: text('ra.action.add') }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/pola\/dodaj$/);
  await main(page).getByRole('combobox', { name: text('resources.form_fields.fields.kind') }).focus();
  await page.keyboard.press('Enter');
  await page.keyboard.type(text(kindKey).slice(0, 4));
  await expect(page.getByRole('option', { name: text(kindKey), exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await main(page).getByRole('textbox', { name: text('resources.form_fields.fields.label') }).focus();
  await page.keyboard.type(label);
  if (required) {
    await main(page).getByRole('checkbox', { name: text('resources.form_fields.fields.required') }).focus();
    await page.keyboard.press('Space');
  }
  await main(page).getByRole('button', { name: text('ra.action.save'), exact: true }).focus();
  await page.keyboard.press('Enter');
  await expectToast(page, text('resources.form_fields.messages.created'));
}

test.describe("forms of klient's site", () => {
  test('a form added, its fields added by keyboard, previewed, and a submission from the site among its submissions', async ({ page, services, request }) => {
    const name = uniqueName('Zapisy');
    await page.goto(`/usluga/${services.site}/moduly/formularze`);
    await expect(pageHeading(page)).toHaveText(text('resources.forms.title'), FIRST_LOAD);
    await expect(recordTable(page, 'resources.forms.title').getByRole('row').filter({ hasText: DEMO_FORM })).toBeVisible();
    await main(page).getByRole('link', { name: text('ra.action.add') }).click();
    await main(page).getByRole('textbox', { name: text('resources.forms.fields.name') }).fill(name);
    await main(page).getByRole('button', { name: text('ra.action.save'), exact: true }).click();
    await expectToast(page, text('resources.forms.messages.created'));

    // The preview, titled and breadcrumbed by the form's name, says the form has no fields yet.
    await expect(page).toHaveURL(new RegExp(`/moduly/formularze/\\d+$`));
    const formId = Number(new URL(page.url()).pathname.split('/').pop());
    await expect(pageHeading(page)).toHaveText(heading(name, 'resources.forms.views.show'));
    await expect(crumbs(page)).toContainText(name);
    await expect(main(page).getByText(text('resources.forms.preview.empty'))).toBeVisible();

    await tab(page, text('resources.form_fields.title')).click();
    await expect(pageHeading(page)).toHaveText(heading(name, 'resources.form_fields.title'));
    await addFieldByKeyboard(page, 'resources.form_fields.choices.kind.text', 'Imię i nazwisko', true);
    await expect(fieldItem(page, 'Imię i nazwisko')).toBeVisible();
    await addFieldByKeyboard(page, 'resources.form_fields.choices.kind.email', 'Adres do odpowiedzi', false);
    await expect(fieldItem(page, 'Adres do odpowiedzi')).toBeVisible();

    await tab(page, text('resources.forms.views.show')).click();
    await expect(main(page).getByRole('textbox', { name: /Imię i nazwisko/ })).toBeVisible();
    await expect(main(page).getByRole('textbox', { name: 'Adres do odpowiedzi' })).toBeVisible();

    // The site reads the form and sends a submission: no session, no XSRF token.
    const site = await request.get(`/api/site/${DOMAIN}/forms/${formId}`);
    expect(site.status()).toBe(200);
    const { schema } = (await site.json()) as { schema: { properties: Record<string, { title: string }> } };
    const keyOf = (label: string) => Object.entries(schema.properties).find(([, property]) => property.title === label)![0];
    const sent = await request.post(`/api/site/${DOMAIN}/forms/${formId}/submissions`, { data: { [keyOf('Imię i nazwisko')]: 'Ewa Zielińska', [keyOf('Adres do odpowiedzi')]: 'ewa@example.pl' } });
    expect(sent.status(), await sent.text()).toBe(201);

    await tab(page, text('resources.form_submissions.title')).click();
    await expect(pageHeading(page)).toHaveText(heading(name, 'resources.form_submissions.title'));
    await expect(recordTable(page, 'resources.form_submissions.title').getByRole('row').filter({ hasText: 'Imię i nazwisko: Ewa Zielińska' })).toBeVisible();
    await expect(main(page).getByRole('button', { name: text('app.schema.export') })).toBeVisible();

    await tab(page, text('resources.forms.pages.service_forms_configuration')).click();
    await expect(main(page).getByRole('textbox', { name: text('resources.forms.fields.name') })).toHaveValue(name);
  });

  test("the demo's contact form: its fields in the preview, its configuration and its submissions", async ({ page, services }) => {
    await page.goto(`/usluga/${services.site}/moduly/formularze`);
    await expect(pageHeading(page)).toHaveText(text('resources.forms.title'), FIRST_LOAD);
    await recordTable(page, 'resources.forms.title').getByRole('row').filter({ hasText: DEMO_FORM }).getByRole('link').first().click();
    await expect(pageHeading(page)).toHaveText(heading(DEMO_FORM, 'resources.forms.views.show'));
    await expect(main(page).getByRole('textbox', { name: new RegExp(text('demo.site_forms.fields.message')) })).toBeVisible();
    await expect(main(page).getByRole('radio', { name: text('demo.site_forms.fields.topic_options.complaint') })).toBeVisible();
    await expect(main(page).getByText(text('demo.site_forms.consent_text'))).toBeVisible();
    await tab(page, text('resources.form_submissions.title')).click();
    await expect(recordTable(page, 'resources.form_submissions.title').getByRole('row')).toHaveCount(4);

    // The application came with a scan: its submission lists the file by its name, and the link downloads it.
    const applicant = text('demo.site_forms.submissions.second.name');
    await recordTable(page, 'resources.form_submissions.title').getByRole('row').filter({ hasText: applicant }).getByRole('link').first().click();
    const scan = text('demo.site_forms.submission_file');
    const link = main(page).getByRole('link', { name: text('resources.form_submissions.files.download', { name: scan }) });
    await expect(link).toBeVisible(FIRST_LOAD);
    const download = page.waitForEvent('download');
    await link.click();
    expect((await download).suggestedFilename()).toBe(scan);
  });

  test.describe('axe-core', () => {
    test.use({ bypassCSP: true });
    const screens: [string, (form: number, field: number, submission: number) => string][] = [
      ['the list', () => ''],
      ['the add form', () => '/dodaj'],
      ["a form's preview", (form) => `/${form}`],
      ["a form's fields", (form) => `/${form}/pola`],
      ['the field add form', (form) => `/${form}/pola/dodaj`],
      ['a field', (form, field) => `/${form}/pola/${field}`],
      ["a form's configuration", (form) => `/${form}/konfiguracja`],
      ["a form's submissions", (form) => `/${form}/zgloszenia`],
      ['a submission', (form, _field, submission) => `/${form}/zgloszenia/${submission}`],
    ];
    for (const [name, pathOf] of screens) {
      test(`finds no violation on ${name}`, async ({ page, services, klientApi }) => {
        const forms = await klientApi.get<{ data: { id: number; name: string }[] }>(`/api/client_service/${services.site}/module/forms?per_page=100`);
        const demo = forms.data.find((form) => form.name === DEMO_FORM)!;
        const fields = await klientApi.get<{ data: { id: number }[] }>(`/api/client_service/${services.site}/module/forms/${demo.id}/fields`);
        const submissions = await klientApi.get<{ data: { id: number }[] }>(`/api/client_service/${services.site}/module/forms/${demo.id}/submissions`);
        const address = `/usluga/${services.site}/moduly/formularze${pathOf(demo.id, fields.data[0].id, submissions.data[0].id)}`;
        await page.goto(address);
        await expect(pageHeading(page)).toBeVisible(FIRST_LOAD);
        await expect(main(page).getByRole('progressbar')).toHaveCount(0);
        expect(await axeViolations(page), address).toEqual([]);
      });
    }
  });
});
