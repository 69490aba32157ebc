import { Alert, AlertTitle, Button, Stack } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LinkBase as RouterLink, useTranslate } from 'react-admin';
import { useToast } from '../../../../client/notifications';
import { errorMessage } from '../../../../client/providers/http';
import { dismissSurvey, fetchOffer, surveyKeys } from './surveysApi';

/**
 * The dashboard's invitation to an open survey the user has neither answered nor set aside: a note
 * beside their work, never in its way (nothing while it loads or when the call fails). "Nie teraz"
 * sets the survey aside for good; it can still be answered at its address.
 */
export default function SurveyOffer() {
  const translate = useTranslate();
  const toast = useToast();
  const queryClient = useQueryClient();
  const offer = useQuery({ queryKey: surveyKeys.offer, queryFn: ({ signal }) => fetchOffer(signal) });
  const dismissing = useMutation({
    mutationFn: dismissSurvey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: surveyKeys.offer }),
    onError: (error) => toast.error(errorMessage(error)),
  });
  const survey = offer.data?.data;
  if (!survey) return null;
  return (
    <Alert
      severity="info"
      component="section"
      // A standing invitation, not news to break in with: a region, not MUI's default alert.
      role="region"
      aria-labelledby="survey-offer-heading"
      action={
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <Button component={RouterLink} to={`/ankiety/${survey.id}`} variant="contained" size="small">
            {translate('app.surveys.offer.answer')}
          </Button>
          <Button color="inherit" size="small" onClick={() => dismissing.mutate(survey.id)} disabled={dismissing.isPending}>
            {translate('app.surveys.offer.dismiss')}
          </Button>
        </Stack>
      }
    >
      <AlertTitle id="survey-offer-heading" component="h2">
        {translate('app.surveys.offer.heading')}
      </AlertTitle>
      {translate('app.surveys.offer.text', { title: survey.title })}
    </Alert>
  );
}
