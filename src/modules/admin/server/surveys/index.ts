import type { FastifyInstance, FastifyRequest } from 'fastify';
import { currentUser } from '../../../../server/platform/auth/plugin';
import type { Queryable } from '../../../../server/platform/db/types';
import { CSV_BOM, csvDownloadHeaders, csvLine } from '../../../../server/platform/http/csv';
import { HttpError, httpError, t } from '../../../../server/platform/http/errors';
import { documentOperation } from '../../../../server/schema';
import { PANEL_TIME_ZONE } from '../../../../common/panel-time';
import {
  ADMIN_SURVEYS_PATH,
  checkSurveyAnswers,
  USER_SURVEYS_PATH,
  type SurveyAnswers,
  type SurveyQuestion,
  type UserSurvey,
} from '../../common/surveys';
import { surveyResults } from './results';

export const SURVEYS = 'surveys';
/** When an answer was given, in the CSV: Polish time as a spreadsheet reads it, 2026-11-26 12:05. */
const csvMoment = new Intl.DateTimeFormat('sv-SE', { timeZone: PANEL_TIME_ZONE, dateStyle: 'short', timeStyle: 'short' });
export const SURVEY_QUESTIONS = 'survey_questions';

interface SurveyRow {
  id: string;
  title: string;
  description: string | null;
  audience: string;
  service_kinds: number[] | null;
  opens_at: string;
  closes_at: string;
}

export interface Survey extends Omit<SurveyRow, 'id'> {
  id: number;
  /** Now within its period. */
  open: boolean;
  /** Its period has not begun. */
  upcoming: boolean;
}

/** A survey's fields as the engine keeps them (module_records.data), with where now falls in its period. */
const SURVEY_SELECT = `SELECT id, data->>'title' AS title, data->>'description' AS description, data->>'audience' AS audience,
       data->'service_kinds' AS service_kinds, data->>'opens_at' AS opens_at, data->>'closes_at' AS closes_at,
       (data->>'opens_at')::timestamptz > now() AS upcoming, (data->>'closes_at')::timestamptz < now() AS closed
  FROM module_records`;
/** Whether user $1 is in the survey's audience (`s` is the survey's module_records row). */
const IN_AUDIENCE = `(s.data->>'audience' = 'all' OR EXISTS (
    SELECT 1 FROM client_service_users csu JOIN client_services cs ON cs.id = csu.client_service_id
     WHERE csu.user_id = $1 AND s.data->'service_kinds' @> to_jsonb(cs.kind_id)))`;

/** The survey the path names (404 for anything else, a malformed id included). */
export async function surveyOf(db: Queryable, rawId: string): Promise<Survey> {
  const { rows } = /^\d{1,15}$/.test(rawId)
    ? await db.query<SurveyRow & { upcoming: boolean; closed: boolean }>(`${SURVEY_SELECT} WHERE resource = $1 AND id = $2`, [SURVEYS, rawId])
    : { rows: [] };
  const row = rows[0];
  if (!row) throw httpError(404, 'errors.surveys.not_found');
  const { upcoming, closed, ...survey } = row;
  return { ...survey, id: Number(row.id), upcoming, open: !upcoming && !closed };
}

/** A survey's questions in root's order. */
export async function questionsOf(db: Queryable, surveyId: number): Promise<SurveyQuestion[]> {
  const { rows } = await db.query<{ id: string; data: Record<string, unknown> }>(
    'SELECT id, data FROM module_records WHERE resource = $1 AND parent_id = $2 ORDER BY position, id',
    [SURVEY_QUESTIONS, surveyId],
  );
  return rows.map(({ id, data }) => ({
    id: Number(id),
    question: String(data.question ?? ''),
    kind: data.kind as SurveyQuestion['kind'],
    required: data.required === true,
    options: Array.isArray(data.options) ? data.options.map(String) : [],
    scale_min: typeof data.scale_min === 'number' ? data.scale_min : null,
    scale_max: typeof data.scale_max === 'number' ? data.scale_max : null,
  }));
}

/**
 * Surveys root keeps in the admin area (schemas/admin/survey*.schema.json) answered by users:
 * - GET /user/surveys/offer: the open survey of the user's audience they have neither answered nor set aside;
 * - POST /user/surveys/{id}/dismiss: set it aside (the dashboard offers it no more);
 * - GET /user/surveys/{id}, PUT /user/surveys/{id}/answer: the survey with the user's answer, which
 *   they change until it closes (one per user, checked against each question);
 * - GET /admin/surveys/{id}/results (and /results/export, CSV): root's results.
 */
export async function surveysServer(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;
  const surveyIdOf = (request: FastifyRequest) => (request.params as { survey_id: string }).survey_id;

  /** The survey the user may see: 404 before it opens (as if it did not exist yet), 403 outside its audience. */
  async function surveyForUser(tx: Queryable, request: FastifyRequest): Promise<Survey> {
    const survey = await surveyOf(tx, surveyIdOf(request));
    if (survey.upcoming) throw httpError(404, 'errors.surveys.not_found');
    const { rows } = await tx.query(`SELECT 1 FROM module_records s WHERE s.id = $2 AND ${IN_AUDIENCE}`, [currentUser(request).userId, survey.id]);
    if (rows.length === 0) throw httpError(403, 'errors.surveys.not_in_audience');
    return survey;
  }

  async function answerOf(tx: Queryable, surveyId: number, userId: number): Promise<UserSurvey['answer']> {
    const { rows } = await tx.query<{ answers: SurveyAnswers; updated_at: Date }>('SELECT answers, updated_at FROM survey_answers WHERE survey_id = $1 AND user_id = $2', [surveyId, userId]);
    return rows[0] ? { answers: rows[0].answers, updated_at: new Date(rows[0].updated_at).toISOString() } : null;
  }

  const userSurvey = async (tx: Queryable, survey: Survey, userId: number): Promise<UserSurvey> => ({
    id: survey.id,
    title: survey.title,
    description: survey.description ?? '',
    opens_at: survey.opens_at,
    closes_at: survey.closes_at,
    open: survey.open,
    questions: await questionsOf(tx, survey.id),
    answer: await answerOf(tx, survey.id, userId),
  });

  const userResponses = {
    200: { description: 'OK' },
    401: { description: 'Not signed in' },
    403: { description: 'The user is not in the survey’s audience, or it has closed (answering)' },
    404: { description: 'No such survey, or not open yet' },
  };

  documentOperation(app, 'get', `${USER_SURVEYS_PATH}/offer`, {
    tags: ['surveys'],
    summary: 'Any signed-in user: {data: {id, title} | null}, the open survey of their audience (the soonest to close) they have neither answered nor set aside',
    responses: { 200: { description: 'OK' }, 401: { description: 'Not signed in' } },
  });
  app.get(`${USER_SURVEYS_PATH}/offer`, { preHandler: app.authenticate }, async (request) => {
    const { rows } = await db.query<{ id: string; title: string }>(
      `SELECT s.id, s.data->>'title' AS title FROM module_records s
        WHERE s.resource = $2 AND (s.data->>'opens_at')::timestamptz <= now() AND (s.data->>'closes_at')::timestamptz >= now()
          AND ${IN_AUDIENCE}
          AND NOT EXISTS (SELECT 1 FROM survey_answers a WHERE a.survey_id = s.id AND a.user_id = $1)
          AND NOT EXISTS (SELECT 1 FROM survey_dismissals d WHERE d.survey_id = s.id AND d.user_id = $1)
        ORDER BY (s.data->>'closes_at')::timestamptz, s.id LIMIT 1`,
      [currentUser(request).userId, SURVEYS],
    );
    return { data: rows[0] ? { id: Number(rows[0].id), title: rows[0].title } : null };
  });

  documentOperation(app, 'post', `${USER_SURVEYS_PATH}/{survey_id}/dismiss`, {
    tags: ['surveys'],
    summary: 'Any signed-in user of the survey’s audience: set the survey aside; the dashboard offers it no more (it can still be answered at its address)',
    responses: { ...userResponses, 204: { description: 'Set aside' } },
  });
  app.post(`${USER_SURVEYS_PATH}/:survey_id/dismiss`, { preHandler: app.authenticate }, async (request, reply) => {
    const survey = await surveyForUser(db, request);
    await db.query('INSERT INTO survey_dismissals (survey_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [survey.id, currentUser(request).userId]);
    return reply.code(204).send();
  });

  documentOperation(app, 'get', `${USER_SURVEYS_PATH}/{survey_id}`, {
    tags: ['surveys'],
    summary: 'Any signed-in user of the survey’s audience, once it has opened: {id, title, description, opens_at, closes_at, open, questions: [{id, question, kind, required, options, scale_min, scale_max}], answer: {answers, updated_at} | null}',
    responses: userResponses,
  });
  app.get(`${USER_SURVEYS_PATH}/:survey_id`, { preHandler: app.authenticate }, async (request) => {
    const survey = await surveyForUser(db, request);
    return userSurvey(db, survey, currentUser(request).userId);
  });

  documentOperation(app, 'put', `${USER_SURVEYS_PATH}/{survey_id}/answer`, {
    tags: ['surveys'],
    summary: 'Any signed-in user of the survey’s audience while it is open: {answers: {<question id>: option | [options] | scale point | text}} keeps (or replaces) their one answer; answers the survey as GET does',
    responses: { ...userResponses, 400: { description: 'An answer does not fit its question (errors by question id)' } },
  });
  app.put(`${USER_SURVEYS_PATH}/:survey_id/answer`, { preHandler: app.authenticate }, async (request) => {
    const userId = currentUser(request).userId;
    const body = request.body as { answers?: unknown } | null;
    const given = body && typeof body.answers === 'object' && body.answers !== null && !Array.isArray(body.answers) ? (body.answers as Record<string, unknown>) : null;
    if (!given) throw httpError(400, 'errors.surveys.answers_missing');
    return db.transaction(async (tx) => {
      const survey = await surveyForUser(tx, request);
      if (!survey.open) throw httpError(403, 'errors.surveys.closed');
      const { errors, answers } = checkSurveyAnswers(await questionsOf(tx, survey.id), given);
      if (Object.keys(errors).length > 0) {
        throw new HttpError(400, t('validation.form_invalid'), Object.fromEntries(Object.entries(errors).map(([id, { key, params }]) => [`answers.${id}`, t(key, params)])));
      }
      await tx.query(
        `INSERT INTO survey_answers (survey_id, user_id, answers) VALUES ($1, $2, $3)
         ON CONFLICT (survey_id, user_id) DO UPDATE SET answers = EXCLUDED.answers, updated_at = now()`,
        [survey.id, userId, JSON.stringify(answers)],
      );
      return userSurvey(tx, survey, userId);
    });
  });

  const rootResponses = { 200: { description: 'OK' }, 401: { description: 'Not signed in' }, 403: { description: 'Not a root user' }, 404: { description: 'No such survey' } };

  documentOperation(app, 'get', `${ADMIN_SURVEYS_PATH}/{survey_id}/results`, {
    tags: ['surveys'],
    summary: 'Root: the survey’s results {id, title, respondents, questions: [{id, question, kind, answered, choices: [{label, count, percent}], texts}]}',
    responses: rootResponses,
  });
  app.get(`${ADMIN_SURVEYS_PATH}/:survey_id/results`, { preHandler: app.requireRoot }, async (request) => {
    const survey = await surveyOf(db, surveyIdOf(request));
    return surveyResults(db, survey, await questionsOf(db, survey.id));
  });

  documentOperation(app, 'get', `${ADMIN_SURVEYS_PATH}/{survey_id}/results/export`, {
    tags: ['surveys'],
    summary: 'Root: every answer of the survey as a CSV file (semicolons, UTF-8 with BOM): the user, when answered, then one column per question',
    responses: rootResponses,
  });
  app.get(`${ADMIN_SURVEYS_PATH}/:survey_id/results/export`, { preHandler: app.requireRoot }, async (request, reply) => {
    const survey = await surveyOf(db, surveyIdOf(request));
    const questions = await questionsOf(db, survey.id);
    const { rows } = await db.query<{ username: string; updated_at: Date; answers: SurveyAnswers }>(
      `SELECT u.username, a.updated_at, a.answers FROM survey_answers a JOIN users u ON u.id = a.user_id WHERE a.survey_id = $1 ORDER BY a.updated_at, a.id`,
      [survey.id],
    );
    const lines = [
      csvLine([t('resources.surveys.export.user'), t('resources.surveys.export.answered_at'), ...questions.map((question) => question.question)]),
      ...rows.map((row) => csvLine([row.username, csvMoment.format(new Date(row.updated_at)), ...questions.map((question) => row.answers[String(question.id)] ?? '')])),
    ];
    return reply.headers(csvDownloadHeaders(`ankieta-${survey.id}.csv`)).send(CSV_BOM + lines.join(''));
  });
}
