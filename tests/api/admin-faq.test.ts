import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app';
import { signedIn } from './support/signed-in';
import type { FaqCategory } from '../../src/modules/admin/common/faq';

/**
 * The admin area's FAQ (issue 17): root keeps categories of questions, each in order; any other
 * user is refused; every signed-in user reads the published questions, in order, answers sanitised.
 */
let test: TestApp;
const { signIn, call } = signedIn(() => test);

interface Record {
  id: number;
  name?: string;
  question?: string;
}

const CATEGORIES = '/api/admin/faq/categories';
const questionsOf = (categoryId: number) => `${CATEGORIES}/${categoryId}/questions`;

beforeAll(async () => {
  test = await createTestApp();
  await signIn('admin', 'klient');
}, 60_000);
afterAll(async () => {
  await test?.close();
});

const list = async (path: string) => {
  const response = await call('GET', `${path}?per_page=100`, undefined, 'admin');
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Record[];
};
const create = async (path: string, body: unknown) => {
  const response = await call('POST', path, body, 'admin');
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Record;
};
const userFaq = async (as = 'klient') => {
  const response = await call('GET', '/api/user/faq', undefined, as);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as FaqCategory[];
};

describe('the admin area: FAQ', () => {
  it("has its entry in the admin area's menu, from its schema", async () => {
    const menu = await call('GET', '/api/user/menu/admin', undefined, 'admin');
    expect(menu.json().data.find((item: { prefix: string }) => item.prefix === 'admin_faq')).toMatchObject({ name: 'FAQ', icon: 'Quiz', sort: 30, is_root: true });
  });

  it('keeps categories and their questions for root: create, read, update, delete', async () => {
    const category = await create(CATEGORIES, { name: 'Płatności' });
    expect((await list(CATEGORIES)).at(-1)?.name).toBe('Płatności');
    const question = await create(questionsOf(category.id), { question: 'Jak zapłacić fakturę?', answer: '<p>Przelewem.</p>', published: true });

    const read = await call('GET', `${questionsOf(category.id)}/${question.id}`, undefined, 'admin');
    expect(read.json()).toMatchObject({ question: 'Jak zapłacić fakturę?', answer: '<p>Przelewem.</p>', published: true });
    const updated = await call('PUT', `${questionsOf(category.id)}/${question.id}`, { question: 'Jak opłacić fakturę?', answer: '<p>Przelewem lub kartą.</p>', published: true }, 'admin');
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await list(questionsOf(category.id))).map((record) => record.question)).toEqual(['Jak opłacić fakturę?']);
    const renamed = await call('PUT', `${CATEGORIES}/${category.id}`, { name: 'Płatności i faktury' }, 'admin');
    expect(renamed.json().name).toBe('Płatności i faktury');

    expect((await call('DELETE', `${questionsOf(category.id)}/${question.id}`, undefined, 'admin')).statusCode).toBe(204);
    expect(await list(questionsOf(category.id))).toEqual([]);
    // Deleting a category takes its questions with it.
    await create(questionsOf(category.id), { question: 'Czy wystawiacie faktury?', answer: '<p>Tak.</p>', published: true });
    expect((await call('DELETE', `${CATEGORIES}/${category.id}`, undefined, 'admin')).statusCode).toBe(204);
    expect((await call('GET', `${CATEGORIES}/${category.id}`, undefined, 'admin')).statusCode).toBe(404);
    expect((await userFaq()).map((entry) => entry.name)).not.toContain('Płatności i faktury');
  });

  it('refuses every other user (403), while any signed-in user reads the FAQ', async () => {
    const [category] = await list(CATEGORIES);
    for (const [method, url, body] of [
      ['GET', CATEGORIES],
      ['POST', CATEGORIES, { name: 'Kategoria klienta' }],
      ['PUT', `${CATEGORIES}/${category.id}`, { name: 'Zmieniona' }],
      ['DELETE', `${CATEGORIES}/${category.id}`],
      ['GET', questionsOf(category.id)],
      ['POST', questionsOf(category.id), { question: 'Pytanie klienta', answer: '<p>Odpowiedź</p>', published: true }],
      ['PUT', `${CATEGORIES}/order`, { ids: [category.id] }],
    ] as const) {
      expect((await call(method, url, body, 'klient')).statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await call('GET', '/api/user/faq', undefined, 'nobody')).statusCode).toBe(401);
    expect((await userFaq()).length).toBeGreaterThan(0);
  });

  it('orders categories and questions as root arranges them, new ones last', async () => {
    const category = await create(CATEGORIES, { name: 'Kolejność' });
    const first = await create(questionsOf(category.id), { question: 'Pierwsze pytanie', answer: '<p>1</p>', published: true });
    const second = await create(questionsOf(category.id), { question: 'Drugie pytanie', answer: '<p>2</p>', published: true });
    const third = await create(questionsOf(category.id), { question: 'Trzecie pytanie', answer: '<p>3</p>', published: true });
    expect((await list(questionsOf(category.id))).map((record) => record.id)).toEqual([first.id, second.id, third.id]);

    const reordered = await call('PUT', `${questionsOf(category.id)}/order`, { ids: [third.id, first.id, second.id] }, 'admin');
    expect(reordered.statusCode, reordered.body).toBeLessThan(300);
    expect((await list(questionsOf(category.id))).map((record) => record.id)).toEqual([third.id, first.id, second.id]);

    const ids = (await list(CATEGORIES)).map((record) => record.id);
    expect(ids.at(-1)).toBe(category.id);
    const moved = await call('PUT', `${CATEGORIES}/order`, { ids: [category.id, ...ids.slice(0, -1)] }, 'admin');
    expect(moved.statusCode, moved.body).toBeLessThan(300);
    expect((await list(CATEGORIES))[0].id).toBe(category.id);

    const [read] = await userFaq();
    expect(read.name).toBe('Kolejność');
    expect(read.questions.map((question) => question.question)).toEqual(['Trzecie pytanie', 'Pierwsze pytanie', 'Drugie pytanie']);
  });

  it('answers bad input with Polish messages', async () => {
    const empty = await call('POST', CATEGORIES, { name: 'ab' }, 'admin');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ detail: 'Proszę poprawnie wypełnić formularz.', errors: { name: 'Nazwa kategorii musi zawierać co najmniej 3 znaki.' } });
    expect((await call('POST', CATEGORIES, {}, 'admin')).json().errors).toEqual({ name: 'Nazwa kategorii jest wymagana.' });

    const [category] = await list(CATEGORIES);
    const bad = await call('POST', questionsOf(category.id), { question: 'x'.repeat(256), answer: '', published: true }, 'admin');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ question: 'Pytanie może zawierać najwyżej 255 znaków.', answer: 'Odpowiedź jest wymagana.' });
    const short = await call('POST', questionsOf(category.id), { question: 'ab', answer: '<p>Tak</p>', published: true }, 'admin');
    expect(short.json().errors).toEqual({ question: 'Pytanie musi zawierać co najmniej 3 znaki.' });
    // A question under a category that does not exist is refused, never stored.
    expect((await call('POST', questionsOf(999_999), { question: 'Bez kategorii', answer: '<p>Nie</p>', published: true }, 'admin')).statusCode).toBe(403);
  });

  it('shows users only published questions, with sanitised answers', async () => {
    const category = await create(CATEGORIES, { name: 'Bezpieczeństwo' });
    await create(questionsOf(category.id), {
      question: 'Czy odpowiedź jest bezpieczna?',
      answer: '<p onclick="alert(1)">Tak<script>alert(2)</script> <a href="javascript:alert(3)">link</a></p>',
      published: true,
    });
    await create(questionsOf(category.id), { question: 'Szkic pytania', answer: '<p>Jeszcze nie.</p>', published: false });
    const hidden = await create(CATEGORIES, { name: 'Pusta kategoria' });
    await create(questionsOf(hidden.id), { question: 'Ukryte pytanie', answer: '<p>Ukryte.</p>', published: false });

    const faq = await userFaq('admin');
    expect(faq.map((entry) => entry.name)).not.toContain('Pusta kategoria');
    const read = faq.find((entry) => entry.name === 'Bezpieczeństwo')!;
    expect(read.questions.map((question) => question.question)).toEqual(['Czy odpowiedź jest bezpieczna?']);
    const [{ answer }] = read.questions;
    expect(answer).toContain('Tak');
    expect(answer).not.toMatch(/script|onclick|javascript:/);

    // Withdrawn from the list's row action, and published again.
    const [shown] = (await list(questionsOf(category.id))).filter((record) => record.question === 'Czy odpowiedź jest bezpieczna?');
    const publish = (published: boolean, as = 'admin') => call('PUT', `${questionsOf(category.id)}/${shown.id}/publish`, { published }, as);
    expect((await publish(false, 'klient')).statusCode).toBe(403);
    expect((await publish(false)).statusCode).toBe(200);
    expect((await userFaq()).map((entry) => entry.name)).not.toContain('Bezpieczeństwo');
    expect((await publish(true)).statusCode).toBe(200);
    expect((await userFaq()).map((entry) => entry.name)).toContain('Bezpieczeństwo');

    // The demo: its unpublished question never reaches users.
    const demo = await userFaq();
    expect(demo.map((entry) => entry.name)).toEqual(expect.arrayContaining(['Konto i logowanie', 'Usługi i strony', 'Newsletter']));
    expect(demo.flatMap((entry) => entry.questions.map((question) => question.question))).not.toContain('Kiedy pojawi się nowy szablon strony?');
  });
});
