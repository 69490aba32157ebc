import {
  Alert,
  Button,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslate } from 'react-admin';
import { Navigate, useParams } from 'react-router';
import { useToast } from '../../../../client/notifications';
import { errorMessage, isApiError } from '../../../../client/providers/http';
import { ErrorState, LoadingState, EmptyState } from '../../../../client/screens/common/QueryStates';
import { formatDate } from '../../../../common/format';
import { checkSurveyAnswers, scalePoints, SURVEY_TEXT_MAX, type SurveyAnswers, type SurveyAnswerValue, type SurveyQuestion, type UserSurvey } from '../../common/surveys';
import { fetchSurvey, saveAnswer, surveyKeys } from './surveysApi';

/** /ankiety/{survey_id}: the survey's questions with the user's answer, changeable while it is open, shown as text once it closes. */
export default function SurveyAnswerPage() {
  const { survey_id: surveyId } = useParams() as { survey_id: string };
  const survey = useQuery({ queryKey: surveyKeys.survey(surveyId), queryFn: ({ signal }) => fetchSurvey(surveyId, signal) });
  if (survey.isPending) return <LoadingState />;
  if (isApiError(survey.error, 404)) return <Navigate to="/error/404" replace />;
  if (isApiError(survey.error, 403)) return <Navigate to="/error/403" replace />;
  if (survey.isError) return <ErrorState error={survey.error} />;
  return <SurveyForm key={survey.data.answer?.updated_at ?? 'new'} survey={survey.data} />;
}

function SurveyForm({ survey }: { survey: UserSurvey }) {
  const translate = useTranslate();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [answers, setAnswers] = useState<Record<string, SurveyAnswerValue | undefined>>(survey.answer?.answers ?? {});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const readOnly = !survey.open;
  const saving = useMutation({
    mutationFn: (given: SurveyAnswers) => saveAnswer(String(survey.id), given),
    onSuccess: (saved) => {
      queryClient.setQueryData(surveyKeys.survey(String(survey.id)), saved);
      void queryClient.invalidateQueries({ queryKey: surveyKeys.offer });
      toast.success('app.surveys.answer.saved');
    },
    onError: (error) => {
      if (isApiError(error, 400) && error.body.errors) {
        setErrors(Object.fromEntries(Object.entries(error.body.errors).map(([field, message]) => [field.replace(/^answers\./, ''), message])));
      }
      toast.error(errorMessage(error));
    },
  });

  // A problem found on sending moves focus to the first question that has one.
  const firstError = survey.questions.find((question) => errors[question.id]);
  useEffect(() => {
    if (firstError) document.getElementById(`survey-question-${firstError.id}`)?.focus();
  }, [firstError]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkSurveyAnswers(survey.questions, answers);
    const problems = Object.entries(checked.errors).map(([id, problem]) => [id, translate(problem.key, problem.params)]);
    setErrors(Object.fromEntries(problems));
    if (problems.length === 0) saving.mutate(checked.answers);
  };

  const status = readOnly
    ? translate(survey.answer ? 'app.surveys.answer.closed' : 'app.surveys.answer.closed_unanswered')
    : survey.answer
      ? translate('app.surveys.answer.answered', { date: formatDate(survey.answer.updated_at, true) })
      : translate('app.surveys.answer.open_until', { date: formatDate(survey.closes_at, true) });

  return (
    <Stack component="form" spacing={3} sx={{ maxWidth: 800 }} onSubmit={submit} noValidate>
      <Typography component="h1" variant="h4">
        {survey.title}
      </Typography>
      {survey.description && <Typography sx={{ whiteSpace: 'pre-line' }}>{survey.description}</Typography>}
      <Alert severity={readOnly ? 'warning' : 'info'}>{status}</Alert>
      {survey.questions.length === 0 ? (
        <EmptyState text={translate('app.surveys.answer.no_questions')} />
      ) : readOnly ? (
        <AnswersRead questions={survey.questions} answers={survey.answer?.answers ?? {}} />
      ) : (
        survey.questions.map((question) => (
          <QuestionField
            key={question.id}
            question={question}
            value={answers[question.id]}
            error={errors[question.id]}
            onChange={(value) => setAnswers((current) => ({ ...current, [question.id]: value }))}
          />
        ))
      )}
      {!readOnly && survey.questions.length > 0 && (
        <div>
          <Button type="submit" variant="contained" disabled={saving.isPending}>
            {translate('app.surveys.answer.submit')}
          </Button>
        </div>
      )}
    </Stack>
  );
}

/** A closed survey's questions, each with the answer the user gave, as text to read (no controls to mistake for editable ones). */
function AnswersRead({ questions, answers }: { questions: SurveyQuestion[]; answers: SurveyAnswers }) {
  const translate = useTranslate();
  return questions.map((question) => {
    const value = answers[question.id];
    return (
      <section key={question.id} aria-labelledby={`survey-question-${question.id}`}>
        <Typography id={`survey-question-${question.id}`} component="h2" variant="h6">
          {question.question}
        </Typography>
        <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} color={value === undefined ? 'text.secondary' : undefined}>
          {value === undefined ? translate('app.surveys.answer.unanswered') : Array.isArray(value) ? value.join(', ') : String(value)}
        </Typography>
      </section>
    );
  });
}

/** One question as a group named by its text: radios, check boxes, a scale's points or a text area. */
function QuestionField({
  question,
  value,
  error,
  onChange,
}: {
  question: SurveyQuestion;
  value: SurveyAnswerValue | undefined;
  error?: string;
  onChange(value: SurveyAnswerValue | undefined): void;
}) {
  const translate = useTranslate();
  const id = `survey-question-${question.id}`;
  const helpId = `${id}-help`;
  const label = (
    <>
      {question.question}
      {question.required && ` ${translate('app.surveys.answer.required')}`}
    </>
  );
  const help = error ?? (question.kind === 'scale' ? translate('app.surveys.answer.scale', { min: question.scale_min ?? 0, max: question.scale_max ?? 0 }) : undefined);
  const helper = help && (
    <FormHelperText id={helpId} error={Boolean(error)}>
      {help}
    </FormHelperText>
  );

  if (question.kind === 'text') {
    return (
      <TextField
        id={id}
        label={label}
        value={typeof value === 'string' ? value : ''}
        onChange={(event) => onChange(event.target.value)}
        multiline
        minRows={3}
        error={Boolean(error)}
        helperText={error}
        slotProps={{ htmlInput: { maxLength: SURVEY_TEXT_MAX }, formHelperText: { id: helpId } }}
      />
    );
  }

  const choices = question.kind === 'scale' ? scalePoints(question).map(String) : question.options;
  return (
    <FormControl component="fieldset" error={Boolean(error)}>
      <FormLabel component="legend" id={`${id}-label`}>
        {label}
      </FormLabel>
      {question.kind === 'multiple' ? (
        <FormGroup aria-describedby={help ? helpId : undefined}>
          {choices.map((choice, index) => {
            const chosen = Array.isArray(value) ? value : [];
            return (
              <FormControlLabel
                key={choice}
                label={choice}
                control={
                  <Checkbox
                    id={index === 0 ? id : undefined}
                    checked={chosen.includes(choice)}
                    onChange={(event) => onChange(event.target.checked ? [...chosen, choice] : chosen.filter((item) => item !== choice))}
                  />
                }
              />
            );
          })}
        </FormGroup>
      ) : (
        <RadioGroup
          row={question.kind === 'scale'}
          aria-labelledby={`${id}-label`}
          aria-describedby={help ? helpId : undefined}
          value={value === undefined ? '' : String(value)}
          onChange={(event) => onChange(question.kind === 'scale' ? Number(event.target.value) : event.target.value)}
        >
          {choices.map((choice, index) => (
            <FormControlLabel key={choice} value={choice} label={choice} control={<Radio id={index === 0 ? id : undefined} />} />
          ))}
        </RadioGroup>
      )}
      {helper}
    </FormControl>
  );
}
