import { axeViolations } from './support/axe';
import { text } from './support/catalogue';
import { confirmDialog, dragHandles, expectToast, moveToTopByKeyboard, saveButton, uniqueName } from './support/schema-screens';
import { pageHeading, signIn } from './support/session';
import { specTexts } from './support/spec-texts';
import { expect, test } from './support/signed-in';
import type { Page } from './support/test';

/**
 * The admin area's FAQ (issue 17): root adds a category and its questions and puts them in order by
 * keyboard; users read the published questions at /faq, each answer opened by keyboard; root only.
 */
const main = (page: Page) => page.getByRole('main');
const drag = (item: string) => text('app.widgets.sortable.drag', { item });
const labels = (page: Page) => dragHandles(page).evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label')));

// axe-core is injected as a script, which the panel's Content-Security-Policy forbids.
test.use({ bypassCSP: true });

test.describe("root's FAQ", () => {
  // A browser of its own, signed in as admin rather than klient.
  test.use({ storageState: { cookies: [], origins: [] } });

  test('a category and its questions are added, put in order by keyboard, changed and deleted', async ({ page }) => {
    await signIn(page, 'admin');
    await page.goto('/admin');
    await page.getByRole('navigation', { name: text('app.layout.menu_label') }).getByRole('link', { name: text('app.layout.admin_menu.admin_faq'), exact: true }).click();
    await expect(page).toHaveURL('/admin/faq');
    await expect(pageHeading(page)).toHaveText(text('resources.faq_categories.title'));
    await expect.poll(() => labels(page)).toContain(drag(text('demo.faq.account.name')));
    expect(await axeViolations(page)).toEqual([]);

    await main(page).getByRole('link', { name: text('ra.action.add'), exact: true }).click();
    await expect(page).toHaveURL('/admin/faq/dodaj');
    await saveButton(page).click();
    await expect(main(page).getByText(text('validation.faq_categories.name_required'))).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    const category = uniqueName('Kategoria e2e');
    await main(page).getByRole('textbox', { name: text('resources.faq_categories.fields.name') }).fill(category);
    await saveButton(page).click();
    await expectToast(page, text('resources.faq_categories.messages.created'));

    // A new category opens on its questions, none yet.
    await expect(page).toHaveURL(/\/admin\/faq\/pytania\/\d+$/);
    const questionsPath = new URL(page.url()).pathname;
    await expect(main(page).getByText(text('app.schema.empty'))).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    const questions = ['Pierwsze pytanie e2e', 'Drugie pytanie e2e'];
    for (const question of questions) {
      await page.goto(`${questionsPath}/dodaj`);
      await main(page).getByRole('textbox', { name: text('resources.faq_questions.fields.question') }).fill(question);
      await main(page).getByRole('textbox', { name: text('resources.faq_questions.fields.answer') }).fill(`Odpowiedź: ${question}.`);
      if (question === questions[0]) expect(await axeViolations(page)).toEqual([]);
      await saveButton(page).click();
      await expectToast(page, text('resources.faq_questions.messages.created'));
    }
    await page.goto(questionsPath);
    await expect.poll(() => labels(page)).toEqual(questions.map(drag));
    expect(await axeViolations(page)).toEqual([]);

    // The second question to the top by keyboard alone; the order stays after a reload.
    await moveToTopByKeyboard(page, questions[1], 2, 2);
    await expectToast(page, text('app.schema.order_saved'));
    await page.reload();
    await expect.poll(() => labels(page)).toEqual([drag(questions[1]), drag(questions[0])]);

    // A question withdrawn from users on its edit page, another deleted after confirmation.
    await main(page).getByRole('link', { name: text('app.schema.edit_item', { label: questions[0] }) }).click();
    const published = main(page).getByRole('checkbox', { name: text('resources.faq_questions.fields.published') });
    await expect(published).toBeChecked();
    expect(await axeViolations(page)).toEqual([]);
    await published.uncheck();
    await saveButton(page).click();
    await expectToast(page, text('resources.faq_questions.messages.updated'));
    await page.goto(questionsPath);
    await main(page).getByRole('button', { name: text('app.schema.delete_item', { label: questions[1] }) }).click();
    await expect(confirmDialog(page)).toContainText(text('app.schema.delete_confirm', { label: questions[1] }));
    expect(await axeViolations(page)).toEqual([]);
    await confirmDialog(page).getByRole('button', { name: text('app.confirm.delete') }).click();
    await expectToast(page, text('resources.faq_questions.messages.deleted'));
    await expect.poll(() => labels(page)).toEqual([drag(questions[0])]);
    // Published again from its row, by keyboard.
    await main(page).getByRole('button', { name: text('resources.faq_questions.actions.publish') }).press('Enter');
    await expectToast(page, text('resources.faq_questions.messages.published'));
    await expect(main(page).getByRole('button', { name: text('resources.faq_questions.actions.unpublish') })).toBeVisible();

    // The category's own form, beside its questions.
    await page.goto(questionsPath.replace('/pytania/', '/edytuj/'));
    await expect(main(page).getByRole('textbox', { name: text('resources.faq_categories.fields.name') })).toHaveValue(category);
    expect(await axeViolations(page)).toEqual([]);

    // The new category, last, to the top of the FAQ.
    await page.goto('/admin/faq');
    await expect.poll(() => labels(page)).toContain(drag(category));
    const count = (await labels(page)).length;
    await moveToTopByKeyboard(page, category, count, count);
    await expectToast(page, text('app.schema.order_saved'));
    await page.reload();
    await expect.poll(async () => (await labels(page))[0]).toBe(drag(category));
  });
});

test('a user reads the FAQ, opens an answer by keyboard, and may not enter the admin FAQ', async ({ page }) => {
  // Reached from the user's menu.
  await page.goto('/');
  await page.getByRole('button', { name: new RegExp(`^${text('app.layout.user_menu.toggle', { name: '' })}`) }).click();
  await page.getByRole('link', { name: text('app.layout.user_menu.faq'), exact: true }).click();
  await expect(page).toHaveURL('/faq');
  await expect(pageHeading(page)).toHaveText(text('app.faq.title'));
  await expect(main(page).getByRole('heading', { name: text('demo.faq.account.name'), level: 2 })).toBeVisible();
  // An unpublished question is never shown.
  await expect(main(page).getByText(text('demo.faq.services.draft.question'))).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);

  const question = main(page).getByRole('button', { name: text('demo.faq.account.password.question') });
  await expect(question).toHaveAttribute('aria-expanded', 'false');
  await question.focus();
  await page.keyboard.press('Enter');
  await expect(question).toHaveAttribute('aria-expanded', 'true');
  await expect(main(page).getByText(/^Otwórz Profil w menu użytkownika/)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await page.goto('/admin/faq');
  await expect(pageHeading(page)).toHaveText(specTexts.accessDenied);
});
