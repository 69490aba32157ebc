import DownloadIcon from '@mui/icons-material/Download';
import { Button, List, ListItem, Paper, Stack, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { Navigate, useParams } from 'react-router';
import { useToast } from '../../../../client/notifications';
import { downloadApiFile } from '../../../../client/providers/download';
import { api, errorMessage, isApiError } from '../../../../client/providers/http';
import { EmptyState, ErrorState, LoadingState } from '../../../../client/screens/common/QueryStates';
import { formatNumber } from '../../../../common/format';
import { ReportChart } from '../../../newsletter/client/reports/ReportChart';
import { ReportTable } from '../../../newsletter/client/reports/ReportTable';
import { ADMIN_SURVEYS_PATH, type QuestionResults, type SurveyResults } from '../../common/surveys';

/**
 * /admin/ankiety/wyniki/{survey_id}: root's results, per question a bar chart with the same counts
 * and percentages in a table for screen readers and keyboards, the free texts listed; every answer as CSV.
 */
export default function SurveyResultsPage() {
  const translate = useTranslate();
  const toast = useToast();
  const { survey_id: surveyId } = useParams() as { survey_id: string };
  const path = `${ADMIN_SURVEYS_PATH}/${surveyId}/results`;
  const results = useQuery({ queryKey: ['admin', 'surveys', surveyId, 'results'], queryFn: ({ signal }) => api<SurveyResults>(path, { signal }) });
  const exporting = useMutation({
    mutationFn: () => downloadApiFile(`${path}/export`, {}, `ankieta-${surveyId}.csv`),
    onSuccess: () => toast.success('app.schema.exported'),
    onError: (error) => toast.error(errorMessage(error)),
  });
  if (results.isPending) return <LoadingState />;
  if (isApiError(results.error, 404)) return <Navigate to="/error/404" replace />;
  if (results.isError) return <ErrorState error={results.error} />;
  const { title, respondents, questions } = results.data;

  return (
    <Stack spacing={3} sx={{ maxWidth: 1000 }}>
      <Typography component="h1" variant="h4">
        {translate('app.surveys.results.heading', { title })}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Typography>{translate(respondents === 0 ? 'app.surveys.results.no_answers' : 'app.surveys.results.respondents', { smart_count: respondents })}</Typography>
        <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => exporting.mutate()} disabled={exporting.isPending || respondents === 0}>
          {translate('app.surveys.results.export')}
        </Button>
      </Stack>
      {questions.length === 0 ? <EmptyState text={translate('app.surveys.results.no_questions')} /> : questions.map((question) => <QuestionResultsSection key={question.id} question={question} />)}
    </Stack>
  );
}

function QuestionResultsSection({ question }: { question: QuestionResults }) {
  const translate = useTranslate();
  const text = (key: string, options?: object) => translate(`app.surveys.results.${key}`, options);
  const headingId = `survey-results-${question.id}`;
  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: 2 }}>
      <Typography id={headingId} component="h2" variant="h5">
        {question.question}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate(`resources.survey_questions.choices.kind.${question.kind}`)} · {text('answered', { smart_count: question.answered })}
      </Typography>
      {question.kind === 'text' ? (
        question.texts.length === 0 ? (
          <EmptyState text={text('no_texts')} />
        ) : (
          <List aria-label={text('texts')} dense>
            {question.texts.map((answer, index) => (
              <ListItem key={index} divider sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                {answer}
              </ListItem>
            ))}
          </List>
        )
      ) : (
        <>
          <ReportChart caption={text('chart', { question: question.question })} rows={question.choices} series={[{ key: 'count', label: text('count') }]} />
          <ReportTable caption={text('table', { question: question.question })}>
            <TableHead>
              <TableRow>
                <TableCell scope="col">{text('option')}</TableCell>
                <TableCell scope="col" align="right">
                  {text('count')}
                </TableCell>
                <TableCell scope="col" align="right">
                  {text('percent')}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {question.choices.map((choice) => (
                <TableRow key={choice.label}>
                  <TableCell component="th" scope="row" sx={{ overflowWrap: 'anywhere' }}>
                    {choice.label}
                  </TableCell>
                  <TableCell align="right">{formatNumber(choice.count)}</TableCell>
                  <TableCell align="right">{formatNumber(choice.percent, 1)}%</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </ReportTable>
        </>
      )}
    </Paper>
  );
}
