import { axeViolations } from './support/axe';
import { text } from './support/catalogue';
import { expectToast, saveButton, uniqueName } from './support/schema-screens';
import { pageHeading, signIn } from './support/session';
import { specTexts } from './support/spec-texts';
import { expect, test } from './support/signed-in';
import type { Page } from './support/test';

/**
 * Root's scheduled jobs (issue 17, /admin/cron): a project and a job added, the job's schedule in
 * Polish words with its next runs while it is typed, run now from its row and its run in the logs;
 * every screen axe-clean; a user who is not root sees the forbidden screen.
 */
const main = (page: Page) => page.getByRole('main');

// axe-core is injected as a script, which the panel's Content-Security-Policy forbids.
test.use({ bypassCSP: true });

test.describe("root's scheduled jobs", () => {
  // A browser of its own, signed in as admin rather than klient.
  test.use({ storageState: { cookies: [], origins: [] } });

  test('a project and a job are added, the job described in Polish, run now and logged', async ({ page }) => {
    await signIn(page, 'admin');
    await page.goto('/admin');
    await page.getByRole('navigation', { name: text('app.layout.menu_label') }).getByRole('link', { name: text('app.layout.admin_menu.admin_cron'), exact: true }).click();
    await expect(page).toHaveURL('/admin/cron');
    await expect(pageHeading(page)).toHaveText(text('resources.cron_jobs.title'));
    await expect(main(page).getByText(text('demo.cron.jobs.cleanup'))).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    // The projects, a new one on a public address (its host given as an address: nothing is looked up).
    await main(page).getByRole('link', { name: text('resources.cron_jobs.links.projects') }).click();
    await expect(page).toHaveURL('/admin/cron/projekty');
    await expect(main(page).getByText(text('demo.cron.project'))).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await main(page).getByRole('link', { name: text('ra.action.add'), exact: true }).click();
    await expect(page).toHaveURL('/admin/cron/projekty/dodaj');
    const project = uniqueName('Projekt e2e');
    await main(page).getByRole('textbox', { name: text('resources.cron_projects.fields.name'), exact: true }).fill(project);
    await main(page).getByRole('textbox', { name: text('resources.cron_projects.fields.base_url') }).fill('http://10.1.2.3/cron');
    expect(await axeViolations(page)).toEqual([]);
    await saveButton(page).click();
    await expect(main(page).getByText(text('validation.cron_projects.base_url_refused'))).toBeVisible();
    await main(page).getByRole('textbox', { name: text('resources.cron_projects.fields.base_url') }).fill('https://93.184.215.14/cron');
    await saveButton(page).click();
    await expectToast(page, text('resources.cron_projects.messages.created'));

    // A job of the panel's own tasks, its schedule checked and described as it is typed.
    await page.goto('/admin/cron/dodaj');
    const job = uniqueName('Zadanie e2e');
    await main(page).getByRole('textbox', { name: text('resources.cron_jobs.fields.name'), exact: true }).fill(job);
    await main(page).getByRole('combobox', { name: text('resources.cron_jobs.fields.project_id') }).click();
    await page.getByRole('listbox').getByRole('option', { name: project, exact: true }).click();
    const schedule = main(page).getByRole('textbox', { name: text('resources.cron_jobs.fields.schedule') });
    await schedule.fill('co minutę');
    await saveButton(page).click();
    await expect(main(page).getByText(text('validation.cron_jobs.schedule_invalid'))).toBeVisible();
    await schedule.fill('*/5 * * * *');
    await expect(main(page).getByText('co 5 minut', { exact: true })).toBeVisible();
    await expect(main(page).getByRole('list', { name: text('cron.next_runs') }).getByRole('listitem')).toHaveCount(5);
    await schedule.fill('0 3 * * *');
    await expect(main(page).getByText('codziennie o 03:00', { exact: true })).toBeVisible();
    await main(page).getByRole('combobox', { name: text('resources.cron_jobs.fields.kind') }).click();
    await page.getByRole('option', { name: text('resources.cron_jobs.choices.kind.task') }).click();
    await main(page).getByRole('combobox', { name: text('resources.cron_jobs.fields.task') }).click();
    await page.getByRole('option', { name: text('resources.cron_jobs.choices.task.cron_runs_cleanup') }).click();
    // A panel task calls no address: the call's fields are not asked for.
    for (const field of ['path', 'headers', 'timeout_seconds']) await expect(main(page).getByLabel(text(`resources.cron_jobs.fields.${field}`))).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
    await saveButton(page).click();
    await expectToast(page, text('resources.cron_jobs.messages.created'));

    // Its edit page describes the stored schedule.
    await page.goto('/admin/cron');
    const row = main(page).getByRole('row').filter({ hasText: job });
    await row.getByRole('link', { name: text('app.schema.edit_item', { label: job }) }).click();
    await expect(page).toHaveURL(/\/admin\/cron\/edytuj\/\d+$/);
    await expect(main(page).getByText('codziennie o 03:00', { exact: true })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    // Run now from its row, by keyboard; its run shows in the logs.
    await page.goto('/admin/cron');
    await row.getByRole('button', { name: text('resources.cron_jobs.actions.run') }).press('Enter');
    await expectToast(page, text('resources.cron_jobs.messages.run_queued'));
    await main(page).getByRole('link', { name: text('resources.cron_jobs.links.runs'), exact: true }).click();
    await expect(page).toHaveURL('/admin/cron/logi');
    await expect(pageHeading(page)).toHaveText(text('resources.cron_runs.heading'));
    const runRow = main(page).getByRole('row').filter({ hasText: job });
    // The run is a durable job: the log shows it once a worker has taken it.
    await expect(async () => {
      await page.reload();
      await expect(runRow.getByText(text('resources.cron_runs.outcomes.ok'), { exact: true })).toBeVisible({ timeout: 20_000 });
    }).toPass({ timeout: 120_000 });
    expect(await axeViolations(page)).toEqual([]);

    // One job's runs, chosen above the table.
    await main(page).getByRole('combobox', { name: text('resources.cron_runs.job_filter') }).click();
    await page.getByRole('option', { name: text('demo.cron.jobs.statistics'), exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/cron\/logi\/\d+$/);
    await expect(main(page).getByRole('row').filter({ hasText: text('resources.cron_runs.outcomes.failed') })).toHaveCount(1);
    await expect(main(page).getByRole('row').filter({ hasText: job })).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);

    // Or straight from the job's row.
    await page.goto('/admin/cron');
    await row.getByRole('link', { name: text('app.schema.row_link', { link: text('resources.cron_jobs.links.runs'), label: job }) }).click();
    await expect(page).toHaveURL(/\/admin\/cron\/logi\/\d+$/);
    await expect(main(page).getByRole('row').filter({ hasText: job })).toHaveCount(1);
  });
});

test('a user who is not root sees the forbidden screen at every scheduled jobs address', async ({ page }) => {
  for (const address of ['/admin/cron', '/admin/cron/dodaj', '/admin/cron/logi', '/admin/cron/projekty']) {
    await page.goto(address);
    await expect(pageHeading(page)).toHaveText(specTexts.accessDenied);
  }
  expect(await axeViolations(page)).toEqual([]);
});
