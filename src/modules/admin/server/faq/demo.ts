import type { ModuleDemoSeed } from '../../../../server/platform/db/demo';
import { t } from '../../../../server/platform/http/errors';
import { FAQ_CATEGORIES, FAQ_QUESTIONS } from '.';

/** The demo FAQ by category: its questions' catalogue keys under demo.faq.<category>, and which are published. */
const CATEGORIES = [
  { key: 'account', questions: [{ key: 'password', published: true }, { key: 'reminder', published: true }] },
  { key: 'services', questions: [{ key: 'editors', published: true }, { key: 'domain', published: true }, { key: 'draft', published: false }] },
  { key: 'newsletter', questions: [{ key: 'import', published: true }] },
] as const;

/** Root's FAQ filled: three categories in order, one question left unpublished (users never see it). */
export const faqDemo: ModuleDemoSeed = {
  name: 'admin-faq',
  async seed(tx, api) {
    const categories = api.schemaModules.get(FAQ_CATEGORIES);
    const questions = api.schemaModules.get(FAQ_QUESTIONS);
    if (!categories || !questions) return;
    for (const category of CATEGORIES) {
      const record = await categories.store.insert(tx, { serviceId: null, userId: null }, { name: t(`demo.faq.${category.key}.name`) }, {});
      for (const question of category.questions) {
        const text = (part: string) => t(`demo.faq.${category.key}.${question.key}.${part}`);
        await questions.store.insert(tx, { serviceId: null, userId: null, parentId: record.id }, { question: text('question'), answer: text('answer'), published: question.published }, {});
      }
    }
  },
};
