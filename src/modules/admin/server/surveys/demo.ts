import type { ModuleDemoSeed } from '../../../../server/platform/db/demo';
import { t } from '../../../../server/platform/http/errors';
import type { SurveyAnswerValue } from '../../common/surveys';
import { SURVEY_QUESTIONS, SURVEYS } from '.';

const DAY = 24 * 60 * 60 * 1000;
const daysFromNow = (days: number) => new Date(Date.now() + days * DAY).toISOString();
const text = (key: string) => t(`demo.surveys.${key}`);
const options = (key: string, count: number) => Array.from({ length: count }, (_, index) => text(`${key}.options.${index + 1}`));

/** The open survey's questions, one of each kind, and what the demo users answered (by username). */
const OPEN_QUESTIONS = [
  { key: 'panel.rating', kind: 'scale', required: true, scale_min: 1, scale_max: 5, answers: { klient: 4, klient2: 5, redaktor: 3 } },
  { key: 'panel.module', kind: 'single', required: true, options: options('panel.module', 3), answers: { klient: 0, klient2: 1, redaktor: 0 } },
  { key: 'panel.features', kind: 'multiple', required: false, options: options('panel.features', 4), answers: { klient: [0, 2], klient2: [1], redaktor: [0, 1, 3] } },
  { key: 'panel.comment', kind: 'text', required: false, answers: { klient: 'panel.comment.answers.klient', klient2: 'panel.comment.answers.klient2' } },
] as const;

type DemoAnswer = number | readonly number[] | string;

/** An answer as kept: a choice's index gives its option, a text its catalogue key. */
function answerValue(question: (typeof OPEN_QUESTIONS)[number], answer: DemoAnswer): SurveyAnswerValue {
  if (question.kind === 'scale') return answer as number;
  if (question.kind === 'text') return text(answer as string);
  const questionOptions = 'options' in question ? question.options : [];
  return Array.isArray(answer) ? answer.map((index: number) => questionOptions[index]) : questionOptions[answer as number];
}

/** Root's surveys: one open for everyone with a question of every kind and three answers, one closed. */
export const surveysDemo: ModuleDemoSeed = {
  name: 'admin-surveys',
  async seed(tx, api) {
    const surveys = api.schemaModules.get(SURVEYS);
    const questions = api.schemaModules.get(SURVEY_QUESTIONS);
    if (!surveys || !questions) return;
    const admin = { serviceId: null, userId: null };
    const open = await surveys.store.insert(tx, admin, { title: text('panel.title'), description: text('panel.description'), audience: 'all', opens_at: daysFromNow(-7), closes_at: daysFromNow(60) }, {});
    const { rows: users } = await tx.query<{ id: number; username: string }>("SELECT id, username FROM users WHERE username IN ('klient', 'klient2', 'redaktor')");
    const answers = new Map<number, Record<string, SurveyAnswerValue>>(users.map((user) => [user.id, {}]));
    for (const question of OPEN_QUESTIONS) {
      const { key, answers: byUser, ...fields } = question;
      const record = await questions.store.insert(tx, { ...admin, parentId: open.id }, { ...fields, question: text(`${key}.question`) }, {});
      for (const user of users) {
        const answer = (byUser as Record<string, DemoAnswer | undefined>)[user.username];
        if (answer !== undefined) answers.get(user.id)![String(record.id)] = answerValue(question, answer);
      }
    }
    for (const [userId, given] of answers) {
      await tx.query('INSERT INTO survey_answers (survey_id, user_id, answers) VALUES ($1, $2, $3)', [open.id, userId, JSON.stringify(given)]);
    }

    const closed = await surveys.store.insert(tx, admin, { title: text('newsletter.title'), audience: 'kinds', service_kinds: [2], opens_at: daysFromNow(-60), closes_at: daysFromNow(-30) }, {});
    await questions.store.insert(tx, { ...admin, parentId: closed.id }, { question: text('newsletter.question'), kind: 'single', required: true, options: options('newsletter', 2) }, {});
  },
};
