import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app';
import { signedIn } from './support/signed-in';
import type { SurveyResults, UserSurvey } from '../../src/modules/admin/common/surveys';

/**
 * The admin area's surveys (issue 17): root keeps surveys and their ordered questions, any other user
 * is refused; users of a survey's audience answer it once, change the answer until it closes; root
 * reads the results and exports every answer as CSV.
 */
let test: TestApp;
const { signIn, call } = signedIn(() => test);

interface Record {
  id: number;
  title?: string;
  question?: string;
}

const SURVEYS = '/api/admin/surveys';
const questionsOf = (surveyId: number) => `${SURVEYS}/${surveyId}/questions`;
const userSurvey = (surveyId: number) => `/api/user/surveys/${surveyId}`;
const DAY = 24 * 60 * 60 * 1000;
const daysFromNow = (days: number) => new Date(Date.now() + days * DAY).toISOString();

beforeAll(async () => {
  test = await createTestApp();
  await signIn('admin', 'klient', 'klient2');
}, 60_000);
afterAll(async () => {
  await test?.close();
});

const create = async (path: string, body: unknown) => {
  const response = await call('POST', path, body, 'admin');
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Record;
};
const answer = (surveyId: number, answers: unknown, as = 'klient') => call('PUT', `${userSurvey(surveyId)}/answer`, { answers }, as);
const offer = async (as = 'klient') => (await call('GET', '/api/user/surveys/offer', undefined, as)).json().data as { id: number; title: string } | null;

/** A survey with a question of every kind: ids of the survey and its questions. */
async function surveyWithQuestions(fields: object = {}) {
  const survey = await create(SURVEYS, { title: 'Ankieta testowa', audience: 'all', opens_at: daysFromNow(-1), closes_at: daysFromNow(10), ...fields });
  const single = await create(questionsOf(survey.id), { question: 'Jeden wybór', kind: 'single', required: true, options: ['Tak', 'Nie'] });
  const multiple = await create(questionsOf(survey.id), { question: 'Wiele wyborów', kind: 'multiple', options: ['A', 'B', 'C'] });
  const scale = await create(questionsOf(survey.id), { question: 'Skala', kind: 'scale', scale_min: 1, scale_max: 5 });
  const text = await create(questionsOf(survey.id), { question: 'Uwagi', kind: 'text' });
  return { survey: survey.id, single: String(single.id), multiple: String(multiple.id), scale: String(scale.id), text: String(text.id) };
}

describe('the admin area: surveys', () => {
  it("has its entry in the admin area's menu, from its schema", async () => {
    const menu = await call('GET', '/api/user/menu/admin', undefined, 'admin');
    const entries = menu.json().data.filter((item: { prefix: string }) => item.prefix === 'admin_surveys');
    expect(entries).toEqual([expect.objectContaining({ name: 'Ankiety', icon: 'Poll', sort: 40, is_root: true })]);
  });

  it('keeps surveys and their ordered questions for root: create, read, update, reorder, delete', async () => {
    const ids = await surveyWithQuestions();
    const read = await call('GET', `${SURVEYS}/${ids.survey}`, undefined, 'admin');
    expect(read.json()).toMatchObject({ title: 'Ankieta testowa', audience: 'all' });
    const renamed = await call('PUT', `${SURVEYS}/${ids.survey}`, { ...(read.json() as object), title: 'Ankieta zmieniona' }, 'admin');
    expect(renamed.statusCode, renamed.body).toBe(200);

    const order = [ids.text, ids.single, ids.multiple, ids.scale].map(Number);
    expect((await call('PUT', `${questionsOf(ids.survey)}/order`, { ids: order }, 'admin')).statusCode).toBeLessThan(300);
    const listed = await call('GET', `${questionsOf(ids.survey)}?per_page=100`, undefined, 'admin');
    expect(listed.json().data.map((record: Record) => record.id)).toEqual(order);
    expect((await call('GET', userSurvey(ids.survey), undefined, 'klient')).json().questions.map((question: { id: number }) => question.id)).toEqual(order);

    expect((await call('DELETE', `${SURVEYS}/${ids.survey}`, undefined, 'admin')).statusCode).toBe(204);
    expect((await call('GET', userSurvey(ids.survey), undefined, 'klient')).statusCode).toBe(404);
  });

  it('refuses every other user (403)', async () => {
    const ids = await surveyWithQuestions();
    for (const [method, url, body] of [
      ['GET', SURVEYS],
      ['POST', SURVEYS, { title: 'Ankieta klienta', audience: 'all', opens_at: daysFromNow(0), closes_at: daysFromNow(1) }],
      ['PUT', `${SURVEYS}/${ids.survey}`, { title: 'Zmieniona', audience: 'all', opens_at: daysFromNow(0), closes_at: daysFromNow(1) }],
      ['DELETE', `${SURVEYS}/${ids.survey}`],
      ['GET', questionsOf(ids.survey)],
      ['POST', questionsOf(ids.survey), { question: 'Pytanie klienta', kind: 'text' }],
      ['GET', `${SURVEYS}/${ids.survey}/results`],
      ['GET', `${SURVEYS}/${ids.survey}/results/export`],
    ] as const) {
      expect((await call(method, url, body, 'klient')).statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await call('GET', '/api/user/surveys/offer', undefined, 'nobody')).statusCode).toBe(401);
  });

  it('answers bad surveys and questions with Polish messages', async () => {
    const reversed = await call('POST', SURVEYS, { title: 'Odwrócona', audience: 'all', opens_at: daysFromNow(2), closes_at: daysFromNow(1) }, 'admin');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toEqual({ detail: 'Proszę poprawnie wypełnić formularz.', errors: { closes_at: 'Koniec okresu ankiety nie może być wcześniejszy niż jego początek.' } });
    const noKinds = await call('POST', SURVEYS, { title: 'Bez rodzajów', audience: 'kinds', service_kinds: [], opens_at: daysFromNow(0), closes_at: daysFromNow(1) }, 'admin');
    expect(noKinds.json().errors).toEqual({ service_kinds: 'Wybierz co najmniej jeden rodzaj usług.' });
    expect((await call('POST', SURVEYS, {}, 'admin')).json().errors).toMatchObject({ title: 'Tytuł ankiety jest wymagany.', opens_at: 'Podaj początek okresu ankiety.' });

    const { survey } = await surveyWithQuestions();
    const oneOption = await call('POST', questionsOf(survey), { question: 'Za mało', kind: 'single', options: ['Jedna'] }, 'admin');
    expect(oneOption.json().errors).toEqual({ options: 'Podaj co najmniej 2 odpowiedzi do wyboru.' });
    const tooMany = await call('POST', questionsOf(survey), { question: 'Za dużo', kind: 'multiple', options: Array.from({ length: 21 }, (_, index) => `Opcja ${index}`) }, 'admin');
    expect(tooMany.json().errors).toEqual({ options: 'Można podać najwyżej 20 odpowiedzi do wyboru.' });
    const badScale = await call('POST', questionsOf(survey), { question: 'Skala', kind: 'scale', scale_min: 5, scale_max: 5 }, 'admin');
    expect(badScale.json().errors).toEqual({ scale_max: 'Koniec skali musi być większy niż jej początek.' });
    expect((await call('POST', questionsOf(survey), { question: 'Skala', kind: 'scale' }, 'admin')).json().errors).toEqual({ scale_min: 'Podaj początek skali.', scale_max: 'Podaj koniec skali.' });
  });

  it("checks every answer against its question's kind and options", async () => {
    const ids = await surveyWithQuestions();
    const refused = await answer(ids.survey, { [ids.single]: 'Może', [ids.multiple]: ['A', 'D'], [ids.scale]: 6, [ids.text]: 12, 999999: 'x' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      detail: 'Proszę poprawnie wypełnić formularz.',
      errors: {
        [`answers.${ids.single}`]: 'Wybierz jedną z podanych odpowiedzi.',
        [`answers.${ids.multiple}`]: 'Wybierz odpowiedzi spośród podanych, każdą najwyżej raz.',
        [`answers.${ids.scale}`]: 'Wybierz wartość ze skali.',
        [`answers.${ids.text}`]: 'Odpowiedź musi być tekstem bez znaków sterujących kierunkiem tekstu.',
        'answers.999999': 'Ankieta nie ma takiego pytania.',
      },
    });
    expect((await answer(ids.survey, { [ids.text]: '   ' })).json().errors).toEqual({ [`answers.${ids.single}`]: 'Odpowiedź na to pytanie jest wymagana.' });
    expect((await answer(ids.survey, { [ids.single]: 'Tak', [ids.text]: 'x'.repeat(2001) })).json().errors).toEqual({ [`answers.${ids.text}`]: 'Odpowiedź może zawierać najwyżej 2000 znaków.' });
    const missing = await call('PUT', `${userSurvey(ids.survey)}/answer`, { answers: 'Tak' }, 'klient');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().detail).toBe('Prześlij odpowiedzi na pytania ankiety.');
    expect((await call('GET', userSurvey(ids.survey), undefined, 'klient')).json().answer).toBeNull();
  });

  it('keeps one answer per user, changed until the survey closes', async () => {
    const ids = await surveyWithQuestions();
    expect((await offer('klient2'))?.id).not.toBe(undefined);
    const first = await answer(ids.survey, { [ids.single]: 'Tak', [ids.multiple]: ['A', 'C'], [ids.scale]: 4, [ids.text]: ' Dobrze ' }, 'klient2');
    expect(first.statusCode, first.body).toBe(200);
    expect((first.json() as UserSurvey).answer?.answers).toEqual({ [ids.single]: 'Tak', [ids.multiple]: ['A', 'C'], [ids.scale]: 4, [ids.text]: 'Dobrze' });
    const changed = await answer(ids.survey, { [ids.single]: 'Nie' }, 'klient2');
    expect((changed.json() as UserSurvey).answer?.answers).toEqual({ [ids.single]: 'Nie' });
    const { rows } = await test.app.ctx.db.query('SELECT answers FROM survey_answers WHERE survey_id = $1', [ids.survey]);
    expect(rows).toEqual([{ answers: { [ids.single]: 'Nie' } }]);
    // Answered: the dashboard no longer offers it.
    expect((await offer('klient2'))?.id).not.toBe(ids.survey);

    // Closed: the answer stays readable, never changed.
    const closing = await call('GET', `${SURVEYS}/${ids.survey}`, undefined, 'admin');
    await call('PUT', `${SURVEYS}/${ids.survey}`, { ...(closing.json() as object), opens_at: daysFromNow(-3), closes_at: daysFromNow(-2) }, 'admin');
    const closed = await call('GET', userSurvey(ids.survey), undefined, 'klient2');
    expect(closed.json()).toMatchObject({ open: false, answer: { answers: { [ids.single]: 'Nie' } } });
    const late = await answer(ids.survey, { [ids.single]: 'Tak' }, 'klient2');
    expect(late.statusCode).toBe(403);
    expect(late.json().detail).toBe('Ankieta jest już zamknięta, odpowiedzi nie można zmienić.');
  });

  it('refuses a survey not yet open (404) and one whose audience leaves the user out (403)', async () => {
    const future = await surveyWithQuestions({ opens_at: daysFromNow(1), closes_at: daysFromNow(5) });
    for (const response of [await call('GET', userSurvey(future.survey), undefined, 'klient'), await answer(future.survey, { [future.single]: 'Tak' })]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().detail).toBe('Nie znaleziono ankiety.');
    }
    // klient has a service of kind 4 (the newsletter), klient2 only sites (kind 2).
    const kinds = await surveyWithQuestions({ audience: 'kinds', service_kinds: [4] });
    const outside = await answer(kinds.survey, { [kinds.single]: 'Tak' }, 'klient2');
    expect(outside.statusCode).toBe(403);
    expect(outside.json().detail).toBe('Ta ankieta nie jest skierowana do Ciebie.');
    expect((await call('GET', userSurvey(kinds.survey), undefined, 'klient2')).statusCode).toBe(403);
    expect((await answer(kinds.survey, { [kinds.single]: 'Tak' }, 'klient')).statusCode).toBe(200);
    expect((await call('GET', userSurvey(Number.MAX_SAFE_INTEGER), undefined, 'klient')).statusCode).toBe(404);
    expect((await call('GET', '/api/user/surveys/abc', undefined, 'klient')).statusCode).toBe(404);
  });

  it('offers an open survey once: set aside, it is offered no more', async () => {
    const ids = await surveyWithQuestions({ closes_at: daysFromNow(0.5) });
    expect(await offer('admin')).toEqual({ id: ids.survey, title: 'Ankieta testowa' });
    expect((await call('POST', `${userSurvey(ids.survey)}/dismiss`, undefined, 'admin')).statusCode).toBe(204);
    expect((await offer('admin'))?.id).not.toBe(ids.survey);
    // Still answerable at its address.
    expect((await call('GET', userSurvey(ids.survey), undefined, 'admin')).statusCode).toBe(200);
  });

  it('gives root the results per question and every answer as CSV', async () => {
    const ids = await surveyWithQuestions();
    await answer(ids.survey, { [ids.single]: 'Tak', [ids.multiple]: ['A', 'B'], [ids.scale]: 5, [ids.text]: '=SUMA(A1)' }, 'klient');
    await answer(ids.survey, { [ids.single]: 'Tak', [ids.multiple]: ['A'], [ids.scale]: 3 }, 'klient2');
    await answer(ids.survey, { [ids.single]: 'Nie' }, 'admin');

    const response = await call('GET', `${SURVEYS}/${ids.survey}/results`, undefined, 'admin');
    expect(response.statusCode, response.body).toBe(200);
    const results = response.json() as SurveyResults;
    expect(results.respondents).toBe(3);
    const [single, multiple, scale, text] = results.questions;
    expect(single).toMatchObject({ answered: 3, choices: [{ label: 'Tak', count: 2, percent: 66.7 }, { label: 'Nie', count: 1, percent: 33.3 }] });
    expect(multiple.choices).toEqual([{ label: 'A', count: 2, percent: 100 }, { label: 'B', count: 1, percent: 50 }, { label: 'C', count: 0, percent: 0 }]);
    expect(scale.choices.map((choice) => [choice.label, choice.count])).toEqual([['1', 0], ['2', 0], ['3', 1], ['4', 0], ['5', 1]]);
    expect(text).toMatchObject({ answered: 1, texts: ['=SUMA(A1)'], choices: [] });

    const csv = await call('GET', `${SURVEYS}/${ids.survey}/results/export`, undefined, 'admin');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Użytkownik;Data odpowiedzi;Jeden wybór;Wiele wyborów;Skala;Uwagi');
    expect(lines).toHaveLength(4);
    // A formula-like answer is neutralised.
    expect(lines.find((line) => line.startsWith('klient;'))).toMatch(/^klient;\d{4}-\d{2}-\d{2} \d{2}:\d{2};Tak;A, B;5;'=SUMA\(A1\)$/);
  });

  it('seeds an open survey with answers and a closed one', async () => {
    const { data } = (await call('GET', `${SURVEYS}?per_page=100&search=${encodeURIComponent('Jak oceniasz panel')}`, undefined, 'admin')).json() as { data: Record[] };
    expect(data).toHaveLength(1);
    const results = (await call('GET', `${SURVEYS}/${data[0].id}/results`, undefined, 'admin')).json() as SurveyResults;
    expect(results.respondents).toBe(3);
    expect(results.questions.map((question) => question.kind)).toEqual(['scale', 'single', 'multiple', 'text']);
    const closed = (await call('GET', `${SURVEYS}?per_page=100&search=${encodeURIComponent('stronach internetowych')}`, undefined, 'admin')).json().data[0] as Record;
    expect((await call('GET', userSurvey(closed.id), undefined, 'klient')).json()).toMatchObject({ open: false, answer: null });
  });
});
