/** The kinds of a survey question (schemas/admin/survey-question.schema.json). */
export type SurveyQuestionKind = 'single' | 'multiple' | 'scale' | 'text';

export interface SurveyQuestion {
  id: number;
  question: string;
  kind: SurveyQuestionKind;
  required: boolean;
  options: string[];
  scale_min: number | null;
  scale_max: number | null;
}

/** One question's answer: an option, options, a scale point or a text. */
export type SurveyAnswerValue = string | string[] | number;
/** A user's answers by question id. */
export type SurveyAnswers = Record<string, SurveyAnswerValue>;

/** What GET /api/user/surveys/{id} answers: the survey as its user sees it, with their answer. */
export interface UserSurvey {
  id: number;
  title: string;
  description: string;
  opens_at: string;
  closes_at: string;
  /** False once the survey has closed: the answer is then read-only. */
  open: boolean;
  questions: SurveyQuestion[];
  answer: { answers: SurveyAnswers; updated_at: string } | null;
}

/** What GET /api/admin/surveys/{id}/results answers. */
export interface SurveyResults {
  id: number;
  title: string;
  respondents: number;
  questions: QuestionResults[];
}

export interface QuestionResults {
  id: number;
  question: string;
  kind: SurveyQuestionKind;
  /** Respondents who answered this question. */
  answered: number;
  /** Choice and scale questions: every option or point with its count and share of `answered` (0-100). */
  choices: { label: string; count: number; percent: number }[];
  /** Free-text questions: the texts given. */
  texts: string[];
}

export const USER_SURVEYS_PATH = '/user/surveys';
export const ADMIN_SURVEYS_PATH = '/admin/surveys';
export const SURVEY_TEXT_MAX = 2000;

/** The points of a scale question, from its minimum to its maximum. */
export function scalePoints(question: Pick<SurveyQuestion, 'scale_min' | 'scale_max'>): number[] {
  const min = question.scale_min ?? 0;
  const max = question.scale_max ?? min;
  return Array.from({ length: Math.max(0, max - min + 1) }, (_, index) => min + index);
}

/** A catalogue key saying what is wrong with an answer, with its placeholders' values. */
export interface SurveyAnswerProblem {
  key: string;
  params?: Record<string, number>;
}

const isBlank = (value: unknown) => value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/**
 * Checks answers against the questions (the browser before sending, the server before keeping):
 * the catalogue key of each question's problem, by question id, and the answers kept (blank ones left out).
 */
export function checkSurveyAnswers(questions: readonly SurveyQuestion[], given: Record<string, unknown>): { errors: Record<string, SurveyAnswerProblem>; answers: SurveyAnswers } {
  const errors: Record<string, SurveyAnswerProblem> = {};
  const answers: SurveyAnswers = {};
  const known = new Set(questions.map((question) => String(question.id)));
  for (const id of Object.keys(given)) if (!known.has(id)) errors[id] = { key: 'validation.survey_answers.unknown_question' };
  for (const question of questions) {
    const id = String(question.id);
    const raw = given[id];
    const value = typeof raw === 'string' ? raw.trim() : raw;
    if (isBlank(value)) {
      if (question.required) errors[id] = { key: 'validation.survey_answers.required' };
      continue;
    }
    const problem = answerProblem(question, value);
    if (problem) errors[id] = problem;
    else answers[id] = value as SurveyAnswerValue;
  }
  return { errors, answers };
}

function answerProblem(question: SurveyQuestion, value: unknown): SurveyAnswerProblem | null {
  const problem = (name: string, params?: SurveyAnswerProblem['params']) => ({ key: `validation.survey_answers.${name}`, params });
  switch (question.kind) {
    case 'single':
      return typeof value === 'string' && question.options.includes(value) ? null : problem('option');
    case 'multiple':
      return Array.isArray(value) && value.every((item) => typeof item === 'string' && question.options.includes(item)) && new Set(value).size === value.length
        ? null
        : problem('options');
    case 'scale':
      return typeof value === 'number' && scalePoints(question).includes(value) ? null : problem('scale');
    case 'text':
      if (typeof value !== 'string') return problem('text');
      // Bidirectional controls could make a listed answer read as something else.
      if (/[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/.test(value)) return problem('text');
      return value.length <= SURVEY_TEXT_MAX ? null : problem('text_max', { max: SURVEY_TEXT_MAX, smart_count: SURVEY_TEXT_MAX });
  }
}
