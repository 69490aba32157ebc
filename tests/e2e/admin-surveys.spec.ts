import { axeViolations } from './support/axe';
import { text } from './support/catalogue';
import { dragHandles, expectToast, moveToTopByKeyboard, saveButton, uniqueName } from './support/schema-screens';
import { apiSession, pageHeading, signIn, type DemoUser } from './support/session';
import { specTexts } from './support/spec-texts';
import { expect, test } from './support/signed-in';
import type { APIRequestContext } from '@playwright/test';
import type { Page } from './support/test';

/**
 * The admin area's surveys (issue 17): root adds a survey and its questions; klient answers one
 * offered on the dashboard, by keyboard alone; root reads the results with their tables; root only.
 */
const main = (page: Page) => page.getByRole('main');
const HOUR = 60 * 60 * 1000;
const drag = (item: string) => text('app.widgets.sortable.drag', { item });
const labels = (page: Page) => dragHandles(page).evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label')));

// axe-core is injected as a script, which the panel's Content-Security-Policy forbids.
test.use({ bypassCSP: true });

/** A moment as the Polish date-time picker takes it typed, section by section: ddmmrrrrggmm in Polish time. */
function typedMoment(date: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('pl-PL', { timeZone: 'Europe/Warsaw', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.day}${parts.month}${parts.year}${parts.hour}${parts.minute}`;
}

/** A survey made by root through the API, open for an hour from now, with a question of every kind; its id. */
async function surveyThroughApi(request: APIRequestContext, title: string): Promise<number> {
  const admin = await apiSession(request, 'admin');
  const created = await admin.send('POST', '/api/admin/surveys', { title, audience: 'all', opens_at: new Date(Date.now() - HOUR).toISOString(), closes_at: new Date(Date.now() + HOUR).toISOString() });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  for (const question of [
    { question: 'Czy strona działa szybko?', kind: 'single', required: true, options: ['Tak', 'Nie'] },
    { question: 'Z czego korzystasz?', kind: 'multiple', options: ['Strona', 'Newsletter'] },
    { question: 'Ocena obsługi', kind: 'scale', scale_min: 1, scale_max: 5 },
    { question: 'Uwagi do panelu', kind: 'text' },
  ]) {
    const response = await admin.send('POST', `/api/admin/surveys/${id}/questions`, question);
    expect(response.status(), await response.text()).toBe(201);
  }
  return id;
}

/** Sets aside, as the user would, the surveys other tests left open that the dashboard would offer before this one. */
async function offeredFirst(request: APIRequestContext, username: DemoUser, surveyId: number): Promise<void> {
  const user = await apiSession(request, username);
  for (let offered = await user.get<{ data: { id: number } | null }>('/api/user/surveys/offer'); offered.data && offered.data.id !== surveyId; offered = await user.get('/api/user/surveys/offer')) {
    expect((await user.send('POST', `/api/user/surveys/${offered.data.id}/dismiss`)).status()).toBe(204);
  }
}

test.describe("root's surveys", () => {
  // A browser of its own, signed in as admin rather than klient.
  test.use({ storageState: { cookies: [], origins: [] } });

  test('a survey is added from the menu with its questions, and its results are empty until someone answers', async ({ page }) => {
    await signIn(page, 'admin');
    await page.goto('/admin');
    await page.getByRole('navigation', { name: text('app.layout.menu_label') }).getByRole('link', { name: text('app.layout.admin_menu.admin_surveys'), exact: true }).click();
    await expect(page).toHaveURL('/admin/ankiety');
    await expect(pageHeading(page)).toHaveText(text('resources.surveys.title'));
    await expect(main(page).getByRole('row').filter({ hasText: text('demo.surveys.panel.title') })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    await main(page).getByRole('link', { name: text('ra.action.add'), exact: true }).click();
    await expect(page).toHaveURL('/admin/ankiety/dodaj');
    const title = uniqueName('Ankieta e2e');
    await main(page).getByRole('textbox', { name: text('resources.surveys.fields.title') }).fill(title);
    await main(page).getByRole('combobox', { name: text('resources.surveys.fields.audience') }).click();
    await page.getByRole('option', { name: text('resources.surveys.choices.audience.all') }).click();
    // The period the wrong way round is refused with the Polish message.
    const moment = (field: string) => main(page).getByRole('group', { name: text(`resources.surveys.fields.${field}`), exact: true }).getByRole('spinbutton').first();
    await moment('opens_at').click();
    await page.keyboard.type(typedMoment(new Date(Date.now() + 48 * HOUR)));
    await moment('closes_at').click();
    await page.keyboard.type(typedMoment(new Date(Date.now() + 24 * HOUR)));
    await saveButton(page).click();
    await expect(main(page).getByText(text('validation.surveys.closes_at_before_opens_at'))).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await moment('closes_at').click();
    await page.keyboard.type(typedMoment(new Date(Date.now() + 240 * HOUR)));
    await saveButton(page).click();
    await expectToast(page, text('resources.surveys.messages.created'));

    // A new survey opens on its questions, none yet.
    await expect(page).toHaveURL(/\/admin\/ankiety\/pytania\/\d+$/);
    const questionsPath = new URL(page.url()).pathname;
    await expect(main(page).getByText(text('app.schema.empty'))).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    const kind = async (key: string) => {
      await main(page).getByRole('combobox', { name: text('resources.survey_questions.fields.kind') }).click();
      await page.getByRole('option', { name: text(`resources.survey_questions.choices.kind.${key}`) }).click();
    };
    await page.goto(`${questionsPath}/dodaj`);
    await main(page).getByRole('textbox', { name: text('resources.survey_questions.fields.question') }).fill('Jak oceniasz nowy wygląd?');
    await kind('scale');
    await main(page).getByRole('spinbutton', { name: text('resources.survey_questions.fields.scale_min') }).fill('3');
    await main(page).getByRole('spinbutton', { name: text('resources.survey_questions.fields.scale_max') }).fill('3');
    await saveButton(page).click();
    await expect(main(page).getByText(text('validation.survey_questions.scale_max_not_above_min'))).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await main(page).getByRole('spinbutton', { name: text('resources.survey_questions.fields.scale_min') }).fill('1');
    await saveButton(page).click();
    await expectToast(page, text('resources.survey_questions.messages.created'));

    await page.goto(`${questionsPath}/dodaj`);
    await main(page).getByRole('textbox', { name: text('resources.survey_questions.fields.question') }).fill('Co jeszcze poprawić?');
    await kind('text');
    await saveButton(page).click();
    await expectToast(page, text('resources.survey_questions.messages.created'));

    // The questions in order, the second put first by keyboard alone.
    await page.goto(questionsPath);
    await expect.poll(() => labels(page)).toEqual([drag('Jak oceniasz nowy wygląd?'), drag('Co jeszcze poprawić?')]);
    expect(await axeViolations(page)).toEqual([]);
    await moveToTopByKeyboard(page, 'Co jeszcze poprawić?', 2, 2);
    await expectToast(page, text('app.schema.order_saved'));
    await page.reload();
    await expect.poll(() => labels(page)).toEqual([drag('Co jeszcze poprawić?'), drag('Jak oceniasz nowy wygląd?')]);
    await main(page).getByRole('link', { name: text('app.surveys.results.open') }).click();
    await expect(page).toHaveURL(questionsPath.replace('/pytania/', '/wyniki/'));
    await expect(pageHeading(page)).toHaveText(text('app.surveys.results.heading', { title }));
    await expect(main(page).getByText(text('app.surveys.results.no_answers'))).toBeVisible();
    await expect(main(page).getByRole('table', { name: text('app.surveys.results.table', { question: 'Jak oceniasz nowy wygląd?' }) })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test("the demo survey's results: a chart and a table per question, the texts listed, every answer as CSV", async ({ page, request }) => {
    const admin = await apiSession(request, 'admin');
    const { data } = await admin.get<{ data: { id: number }[] }>(`/api/admin/surveys?search=${encodeURIComponent(text('demo.surveys.panel.title'))}`);
    await signIn(page, 'admin');
    // Reached from the survey's row of the list.
    await page.goto('/admin/ankiety');
    const results = main(page).getByRole('link', { name: text('app.schema.row_link', { link: text('app.surveys.results.open'), label: text('demo.surveys.panel.title') }) });
    await expect(results).toHaveText(text('app.surveys.results.open'));
    await results.click();
    await expect(page).toHaveURL(`/admin/ankiety/wyniki/${data[0].id}`);
    await expect(pageHeading(page)).toHaveText(text('app.surveys.results.heading', { title: text('demo.surveys.panel.title') }));
    const module = main(page).getByRole('table', { name: text('app.surveys.results.table', { question: text('demo.surveys.panel.module.question') }) });
    await expect(module.getByRole('row', { name: new RegExp(`^${text('demo.surveys.panel.module.options.1')} 2 66,7%`) })).toBeVisible();
    await expect(main(page).getByRole('figure', { name: text('app.surveys.results.chart', { question: text('demo.surveys.panel.rating.question') }) })).toBeVisible();
    await expect(main(page).getByRole('list', { name: text('app.surveys.results.texts') }).getByText(text('demo.surveys.panel.comment.answers.klient2'))).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    const download = page.waitForEvent('download');
    await main(page).getByRole('button', { name: text('app.surveys.results.export') }).click();
    expect((await download).suggestedFilename()).toBe(`ankieta-${data[0].id}.csv`);
  });
});

test('klient answers the survey the dashboard offers, by keyboard, and may change the answer', async ({ page, request }) => {
  const title = uniqueName('Ankieta dla klienta');
  const surveyId = await surveyThroughApi(request, title);
  await offeredFirst(request, 'klient', surveyId);

  await page.goto('/');
  const offer = main(page).getByRole('region', { name: text('app.surveys.offer.heading') });
  await expect(offer).toContainText(text('app.surveys.offer.text', { title }));
  expect(await axeViolations(page)).toEqual([]);
  await offer.getByRole('link', { name: text('app.surveys.offer.answer') }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`/ankiety/${surveyId}`);
  await expect(pageHeading(page)).toHaveText(title);
  expect(await axeViolations(page)).toEqual([]);

  // Sending without the required answer names the question's problem.
  const submit = main(page).getByRole('button', { name: text('app.surveys.answer.submit') });
  await submit.focus();
  await page.keyboard.press('Enter');
  await expect(main(page).getByText(text('validation.survey_answers.required'))).toBeVisible();
  await expect(main(page).getByRole('radio', { name: 'Tak' })).toBeFocused();
  expect(await axeViolations(page)).toEqual([]);

  await page.keyboard.press('Space');
  await main(page).getByRole('checkbox', { name: 'Newsletter' }).focus();
  await page.keyboard.press('Space');
  await main(page).getByRole('radiogroup', { name: 'Ocena obsługi' }).getByRole('radio', { name: '1', exact: true }).focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await main(page).getByRole('textbox', { name: 'Uwagi do panelu' }).focus();
  await page.keyboard.type('Wszystko działa.');
  await submit.focus();
  await page.keyboard.press('Enter');
  await expectToast(page, text('app.surveys.answer.saved'));
  await expect(main(page).getByText(/^Twoja odpowiedź z /)).toBeVisible();

  // Kept, and changed: one answer.
  await page.reload();
  await expect(main(page).getByRole('radiogroup', { name: 'Ocena obsługi' }).getByRole('radio', { name: '4', exact: true })).toBeChecked();
  await main(page).getByRole('radio', { name: 'Nie' }).focus();
  await page.keyboard.press('Space');
  await submit.focus();
  await page.keyboard.press('Enter');
  await expectToast(page, text('app.surveys.answer.saved'));

  // Answered: the dashboard offers it no more.
  await page.goto('/');
  await expect(pageHeading(page)).toBeVisible();
  await expect(main(page).getByText(text('app.surveys.offer.text', { title }))).toHaveCount(0);
});

test.describe('a survey set aside', () => {
  // A browser of its own, signed in as klient2.
  test.use({ storageState: { cookies: [], origins: [] } });

  test('is offered on the dashboard no more once the user says "Nie teraz", by keyboard', async ({ page, request }) => {
    const title = uniqueName('Ankieta do pominięcia');
    const surveyId = await surveyThroughApi(request, title);
    await offeredFirst(request, 'klient2', surveyId);
    await signIn(page, 'klient2');
    await page.goto('/');
    const offer = main(page).getByRole('region', { name: text('app.surveys.offer.heading') });
    await expect(offer).toContainText(text('app.surveys.offer.text', { title }));
    await offer.getByRole('button', { name: text('app.surveys.offer.dismiss') }).focus();
    await page.keyboard.press('Enter');
    await expect(main(page).getByText(text('app.surveys.offer.text', { title }))).toHaveCount(0);
    await page.reload();
    await expect(pageHeading(page)).toBeVisible();
    await expect(main(page).getByText(text('app.surveys.offer.text', { title }))).toHaveCount(0);
  });
});

test('a closed survey shows its questions with the answers as text, nothing to send', async ({ page, request }) => {
  const admin = await apiSession(request, 'admin');
  const { data } = await admin.get<{ data: { id: number }[] }>(`/api/admin/surveys?search=${encodeURIComponent(text('demo.surveys.newsletter.title'))}`);
  await page.goto(`/ankiety/${data[0].id}`);
  await expect(pageHeading(page)).toHaveText(text('demo.surveys.newsletter.title'));
  await expect(main(page).getByText(text('app.surveys.answer.closed_unanswered'))).toBeVisible();
  await expect(main(page).getByRole('heading', { name: text('demo.surveys.newsletter.question'), level: 2 })).toBeVisible();
  await expect(main(page).getByText(text('app.surveys.answer.unanswered'))).toBeVisible();
  await expect(main(page).getByRole('radio')).toHaveCount(0);
  await expect(main(page).getByRole('button', { name: text('app.surveys.answer.submit') })).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
});

test('klient may not enter the admin surveys', async ({ page }) => {
  await page.goto('/admin/ankiety');
  await expect(pageHeading(page)).toHaveText(specTexts.accessDenied);
  expect(await axeViolations(page)).toEqual([]);
});
