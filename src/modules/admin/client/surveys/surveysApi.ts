import { api } from '../../../../client/providers/http';
import { USER_SURVEYS_PATH, type SurveyAnswers, type UserSurvey } from '../../common/surveys';

/** The query keys of a user's surveys: the dashboard's offer and each survey with its answer. */
export const surveyKeys = {
  offer: ['user', 'surveys', 'offer'] as const,
  survey: (surveyId: string) => ['user', 'surveys', surveyId] as const,
};

export const fetchOffer = (signal?: AbortSignal) => api<{ data: { id: number; title: string } | null }>(`${USER_SURVEYS_PATH}/offer`, { signal });
export const dismissSurvey = (surveyId: number) => api<void>(`${USER_SURVEYS_PATH}/${surveyId}/dismiss`, { method: 'POST' });
export const fetchSurvey = (surveyId: string, signal?: AbortSignal) => api<UserSurvey>(`${USER_SURVEYS_PATH}/${surveyId}`, { signal });
export const saveAnswer = (surveyId: string, answers: SurveyAnswers) => api<UserSurvey>(`${USER_SURVEYS_PATH}/${surveyId}/answer`, { method: 'PUT', body: { answers } });
