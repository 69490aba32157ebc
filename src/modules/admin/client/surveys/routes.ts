import { lazyScreen } from '../../../../client/layout/lazyScreen';
import type { AppRoute } from '../../../../client/routes';

/**
 * Surveys beyond the schema modules' screens (root keeps them at /admin/ankiety): a user answers at
 * /ankiety/{survey_id}; root reads the results, with their charts, under the survey's questions.
 */
export const surveyRoutes: AppRoute[] = [
  { name: 'user_survey', path: '/ankiety/:survey_id', title: 'app.layout.titles.user_survey', parent: 'user_dashboard', access: 'authenticated', screen: lazyScreen(() => import('./SurveyAnswerPage')) },
  {
    name: 'admin_survey_results',
    path: '/admin/ankiety/wyniki/:survey_id',
    title: 'app.layout.titles.admin_survey_results',
    parent: 'admin_survey_questions',
    activePrefix: 'admin_surveys',
    rootOnly: true,
    access: 'authenticated',
    screen: lazyScreen(() => import('./SurveyResultsPage')),
  },
];
