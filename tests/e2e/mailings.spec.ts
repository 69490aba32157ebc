import { axeViolations } from './support/axe';
import { text } from './support/catalogue';
import { confirmDialog, expectToast, saveButton, toasts, uniqueName } from './support/schema-screens';
import { pageHeading } from './support/session';
import { expect, test } from './support/signed-in';
import type { Page } from './support/test';
import { specTexts } from './support/spec-texts';

const statusOf = (page: Page) => page.getByRole('main').getByRole('status');

/** Clicks an action button, then confirms it in the dialog (whose confirm button bears the action's name). */
async function confirmAction(page: Page, actionKey: string, toastKey: string) {
  await page.getByRole('main').getByRole('button', { name: text(actionKey), exact: true }).click();
  const dialog = confirmDialog(page);
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: text(actionKey), exact: true }).click();
  await expectToast(page, text(toastKey));
}

test.describe('mailings', () => {
  test.use({ bypassCSP: true });

  // No sender set up first: the demo newsletter's (the provider's relay; without SMTP_URL the server writes each message to its outbox folder) sends a new user's first mailing.
  test('klient creates a mailing from a template, starts it, previews it in the archive and makes a template of it', async ({ page, klientApi, services }) => {
    const base = `/api/client_service/${services.newsletter}/module`;
    const template = await klientApi.send('POST', `${base}/templates`, { name: uniqueName('Szablon e2e'), html: '<h1>Cześć {{name}}</h1><p>Treść wysyłki e2e</p>' });
    const templateId = ((await template.json()) as { id: number }).id;
    const subject = uniqueName('Wysyłka e2e');

    await page.goto(`/usluga/${services.newsletter}/szablony/${templateId}/wysylki`);
    await expect(pageHeading(page)).toHaveText(text('resources.mailings.actions.template_mailings'));
    await expect(page.getByText(text('app.schema.empty'))).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: text('ra.action.add'), exact: true }).click();
    await expect(page).toHaveURL(`/usluga/${services.newsletter}/szablony/${templateId}/wysylki/dodaj`);
    // Saved as a user does, once the form is drawn (its date picker comes in a chunk of its own).
    const subjectField = page.getByRole('textbox', { name: text('resources.mailings.fields.subject') });
    await expect(subjectField).toBeVisible();
    await saveButton(page).click();
    await expect(page.getByText(text('validation.mailings.subject_required'), { exact: true })).toBeVisible();
    await subjectField.fill(subject);
    await saveButton(page).click();
    await expectToast(page, text('resources.mailings.messages.created'));
    await expect(page).toHaveURL(`/usluga/${services.newsletter}/wysylki`);

    const row = page.getByRole('main').getByRole('row').filter({ hasText: subject });
    await expect(row).toContainText(text('resources.mailings.statuses.draft'));
    expect(await axeViolations(page)).toEqual([]);
    await row.getByRole('link', { name: subject, exact: true }).click();
    await expect(pageHeading(page)).toHaveText(text('resources.mailings.details.title'));
    await confirmAction(page, 'resources.mailings.actions.start', 'resources.mailings.messages.started');
    await expect(statusOf(page)).toHaveText(text('resources.mailings.statuses.sent'), { timeout: 20_000 });
    await expect(page.getByRole('progressbar', { name: text('resources.mailings.progress.label') })).toHaveAttribute('aria-valuenow', '100');
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('main').getByRole('link', { name: text('resources.mailings.actions.preview') }).click();
    await expect(pageHeading(page)).toHaveText(text('resources.mailings.archive.preview_title'));
    const frame = page.frameLocator(`iframe[title="${text('resources.mailings.archive.frame')}"]`);
    await expect(frame.getByText('Treść wysyłki e2e')).toBeVisible();
    await expect(page.getByTitle(text('resources.mailings.archive.frame'))).toHaveAttribute('sandbox', '');

    await page.getByRole('button', { name: text('resources.mailings.actions.from_mailing') }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: text('resources.templates.fields.name') }).fill(uniqueName('Z wysyłki'));
    await dialog.getByRole('button', { name: text('resources.mailings.actions.from_mailing') }).click();
    await expectToast(page, specTexts.templateFromMailing);
    await expect(page).toHaveURL(new RegExp(`/usluga/${services.newsletter}/szablony/\\d+/edytuj$`));

    await page.goto(`/usluga/${services.newsletter}/wysylki/archiwalne`);
    await expect(pageHeading(page)).toHaveText(text('resources.mailings.archive.title'));
    await expect(page.getByRole('main').getByRole('row').filter({ hasText: subject })).toBeVisible();
  });

  test("a draft's edit form offers what a draft can do, and says why it waits over unsaved changes", async ({ page, klientApi, services }) => {
    const base = `/api/client_service/${services.newsletter}/module`;
    const template = await klientApi.send('POST', `${base}/templates`, { name: uniqueName('Szablon szkicu'), html: '<p>Szkic</p>' });
    const mailing = await klientApi.send('POST', `${base}/mailings`, { subject: uniqueName('Szkic e2e'), template_id: ((await template.json()) as { id: number }).id });
    await page.goto(`/usluga/${services.newsletter}/wysylki/edytuj/${((await mailing.json()) as { id: number }).id}`);
    const action = (key: string) => page.getByRole('main').getByRole('button', { name: text(key), exact: true });
    const reason = page.getByRole('main').getByText(text('app.schema.actions_need_save'));

    await expect(action('resources.mailings.actions.start')).toBeEnabled();
    await expect(action('resources.mailings.actions.cancel')).toBeEnabled();
    await expect(action('resources.mailings.actions.pause')).toHaveCount(0);
    await expect(action('resources.mailings.actions.resume')).toHaveCount(0);
    await expect(reason).toHaveCount(0);

    await page.getByRole('textbox', { name: text('resources.mailings.fields.subject') }).fill(uniqueName('Zmieniony szkic'));
    await expect(action('resources.mailings.actions.start')).toBeDisabled();
    await expect(reason).toBeVisible();
    await expect(action('resources.mailings.actions.start')).toHaveAccessibleDescription(text('app.schema.actions_need_save'));
    expect(await axeViolations(page)).toEqual([]);
    await saveButton(page).click();
    await expectToast(page, text('resources.mailings.messages.updated'));
  });

  test('klient holds, resumes and cancels a scheduled mailing, each after a confirmation', async ({ page, klientApi, services }) => {
    const base = `/api/client_service/${services.newsletter}/module`;
    const template = await klientApi.send('POST', `${base}/templates`, { name: uniqueName('Szablon planu'), html: '<p>Plan</p>' });
    const subject = uniqueName('Zaplanowana e2e');
    const mailing = await klientApi.send('POST', `${base}/mailings`, {
      subject,
      template_id: ((await template.json()) as { id: number }).id,
      start_mode: 'date',
      start_at: new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString(),
    });
    const id = ((await mailing.json()) as { id: number }).id;

    await page.goto(`/usluga/${services.newsletter}/wysylki/szczegoly?mailing_id=${id}`);
    await expect(page.getByRole('main').getByRole('heading', { name: subject })).toBeVisible();
    await expect(statusOf(page)).toHaveText(text('resources.mailings.statuses.draft'));
    await confirmAction(page, 'resources.mailings.actions.start', 'resources.mailings.messages.scheduled');
    await expect(statusOf(page)).toHaveText(text('resources.mailings.statuses.scheduled'));

    // A confirmation turned down changes nothing.
    await page.getByRole('main').getByRole('button', { name: text('resources.mailings.actions.pause'), exact: true }).click();
    await confirmDialog(page).getByRole('button', { name: text('app.confirm.cancel'), exact: true }).click();
    await expect(statusOf(page)).toHaveText(text('resources.mailings.statuses.scheduled'));

    await confirmAction(page, 'resources.mailings.actions.pause', 'resources.mailings.messages.paused');
    await expect(statusOf(page)).toHaveText(`${text('resources.mailings.statuses.paused')}: ${text('resources.mailings.reasons.user')}`);
    await confirmAction(page, 'resources.mailings.actions.resume', 'resources.mailings.messages.resumed');
    await expect(statusOf(page)).toHaveText(text('resources.mailings.statuses.scheduled'));
    await confirmAction(page, 'resources.mailings.actions.cancel', 'resources.mailings.messages.cancelled');
    await expect(statusOf(page)).toHaveText(text('resources.mailings.statuses.cancelled'));
    await expect(page.getByRole('main').getByRole('button', { name: text('resources.mailings.actions.resume'), exact: true })).toHaveCount(0);
  });

  test('a mailing that fails when its scheduled time comes says so on the list, and in the news', async ({ page, klientApi, services }) => {
    const base = `/api/client_service/${services.newsletter}/module`;
    const template = await klientApi.send('POST', `${base}/templates`, { name: uniqueName('Szablon usunięty'), html: '<p>Zniknie</p>' });
    const templateId = ((await template.json()) as { id: number }).id;
    const subject = uniqueName('Nieudana e2e');
    // Scheduled soon (a start at once is refused while its template is missing, before it starts).
    const created = await klientApi.send('POST', `${base}/mailings`, { subject, template_id: templateId, start_mode: 'date', start_at: new Date(Date.now() + 15_000).toISOString() });
    const mailingId = ((await created.json()) as { id: number }).id;
    expect((await klientApi.send('PUT', `${base}/mailings/${mailingId}/start`)).status()).toBe(200);
    // Its template goes before its time: the sending fails when the time comes.
    expect((await klientApi.send('DELETE', `${base}/templates/${templateId}`)).status()).toBeLessThan(300);

    await page.goto(`/usluga/${services.newsletter}/wysylki`);
    const row = page.getByRole('main').getByRole('row').filter({ hasText: subject });
    await expect(row).toContainText(text('resources.mailings.statuses.scheduled'));
    const reason = text('resources.mailings.reasons.no_template');
    // Waits for what the list shows when the job has run (the time comes within 15 s; the bound is for a loaded machine).
    await expect(toasts(page).getByRole('alert').filter({ hasText: text('resources.mailings.messages.failed', { subject, reason }) })).toBeVisible({ timeout: 60_000 });
    await expect(row).toHaveCount(0);

    await page.goto('/wiadomosci');
    await expect(page.getByRole('main').getByText(text('resources.mailings.notices.failed.title', { subject }), { exact: true })).toBeVisible();
  });
});
