import type { Queryable } from '../../../../server/platform/db/types';
import { scalePoints, type QuestionResults, type SurveyAnswers, type SurveyQuestion, type SurveyResults } from '../../common/surveys';
import type { Survey } from '.';

const percentOf = (count: number, of: number) => (of === 0 ? 0 : Math.round((count / of) * 1000) / 10);

/**
 * Counts a survey's answers per question: each option (or scale point) with its count and share of
 * those who answered the question, free texts listed. An answer that no longer fits its question
 * (root changed the options since) counts for none of them.
 */
export async function surveyResults(db: Queryable, survey: Survey, questions: readonly SurveyQuestion[]): Promise<SurveyResults> {
  const { rows } = await db.query<{ answers: SurveyAnswers }>('SELECT answers FROM survey_answers WHERE survey_id = $1 ORDER BY updated_at, id', [survey.id]);
  return {
    id: survey.id,
    title: survey.title,
    respondents: rows.length,
    questions: questions.map((question) => questionResults(question, rows.map((row) => row.answers[String(question.id)]).filter((value) => value !== undefined))),
  };
}

function questionResults(question: SurveyQuestion, values: readonly unknown[]): QuestionResults {
  const base = { id: question.id, question: question.question, kind: question.kind, answered: values.length };
  if (question.kind === 'text') return { ...base, choices: [], texts: values.filter((value): value is string => typeof value === 'string') };
  const labels = question.kind === 'scale' ? scalePoints(question) : question.options;
  const chosen = (label: string | number) => values.filter((value) => (Array.isArray(value) ? value.includes(label) : value === label)).length;
  return { ...base, texts: [], choices: labels.map((label) => ({ label: String(label), count: chosen(label), percent: percentOf(chosen(label), values.length) })) };
}
