import type { FastifyInstance } from 'fastify';
import { USER_FAQ_PATH, type FaqCategory } from '../../common/faq';
import { sanitizeHtml } from '../../../../server/platform/sanitizing/html';
import { documentOperation } from '../../../../server/schema';

export const FAQ_CATEGORIES = 'faq_categories';
export const FAQ_QUESTIONS = 'faq_questions';

interface PublishedRow {
  category_id: number;
  category: string;
  id: number;
  question: string;
  answer: string;
}

/**
 * The FAQ root keeps in the admin area (schemas/admin/faq-*.schema.json), read by every signed-in
 * user: only published questions, categories without one left out, both in root's order.
 */
export async function faqServer(app: FastifyInstance): Promise<void> {
  documentOperation(app, 'get', USER_FAQ_PATH, {
    tags: ['faq'],
    summary: 'Any signed-in user: the FAQ {data: [{id, name, questions: [{id, question, answer}]}]}, published questions only, in order, answers sanitised',
    responses: { 200: { description: 'OK' }, 401: { description: 'Not signed in' } },
  });
  app.get(USER_FAQ_PATH, { preHandler: app.authenticate }, async () => {
    const { rows } = await app.ctx.db.query<PublishedRow>(
      `SELECT c.id AS category_id, c.data->>'name' AS category, q.id, q.data->>'question' AS question, q.data->>'answer' AS answer
         FROM module_records c
         JOIN module_records q ON q.parent_id = c.id AND q.resource = $2 AND q.data->'published' = 'true'::jsonb
        WHERE c.resource = $1
        ORDER BY c.position, c.id, q.position, q.id`,
      [FAQ_CATEGORIES, FAQ_QUESTIONS],
    );
    const categories = new Map<number, FaqCategory>();
    for (const row of rows) {
      const category = categories.get(Number(row.category_id)) ?? { id: Number(row.category_id), name: row.category, questions: [] };
      categories.set(category.id, category);
      // Stored answers were sanitised on write; this guards records written around the API.
      category.questions.push({ id: Number(row.id), question: row.question, answer: sanitizeHtml(row.answer ?? '') });
    }
    return { data: [...categories.values()] };
  });
}
