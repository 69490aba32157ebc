import { Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { Navigate, useParams } from 'react-router';
import { NOT_FOUND_PATH } from '../../../../client/schema/access';
import { ErrorState, LoadingState } from '../../../../client/screens/common/QueryStates';
import { CRITERIA, keyOf } from '../../common/wcag/catalogue';
import { CriterionFindings } from './CriterionFindings';
import { ManualCheckForm } from './ManualCheckForm';
import { StateChip, WcagPage } from './parts';
import { wcagApi } from './wcagApi';

/** moduly/wcag/kryteria/{principle_id}/{guideline_id}/{criterion_id}: one criterion, its status in the latest analysis, what failed and the check by hand. */
export default function CriterionScreen() {
  const translate = useTranslate();
  const params = useParams() as { service_id: string; principle_id: string; guideline_id: string; criterion_id: string };
  const known = CRITERIA.find((entry) => entry.id === params.criterion_id && entry.guideline === params.guideline_id && entry.principle === params.principle_id);
  const result = useQuery({ queryKey: ['wcag', params.service_id, 'criterion', params.criterion_id], queryFn: () => wcagApi.criterion(params.service_id, params.criterion_id), enabled: Boolean(known) });
  if (!known) return <Navigate to={NOT_FOUND_PATH} replace />;
  const name = `${known.id} ${translate(`app.wcag.catalogue.criteria.${keyOf(known.id)}.name`)}`;
  const body = () => {
    if (result.isPending) return <LoadingState />;
    if (result.isError) return <ErrorState error={result.error} />;
    const { criterion } = result.data;
    return (
      <>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
          <Typography>{translate('app.wcag.criteria.level')}: {known.level}</Typography>
          <StateChip state={criterion.status} />
        </Stack>
        <Typography sx={{ mb: 2 }}>{translate(`app.wcag.catalogue.criteria.${keyOf(known.id)}.description`)}</Typography>
        {criterion.rules.length === 0 ? <Typography color="text.secondary">{translate('app.wcag.criterion.manual_only')}</Typography> : null}
        {result.data.analysis_id === null ? <Typography color="text.secondary">{translate('app.wcag.criteria.no_analysis_short')}</Typography> : null}
        <CriterionFindings findings={criterion.failures} heading={translate('app.wcag.scores.failures')} />
        <CriterionFindings findings={criterion.reviews} heading={translate('app.wcag.scores.reviews')} />
        <ManualCheckForm key={String(criterion.manual?.checked_at)} serviceId={params.service_id} criterionId={known.id} check={criterion.manual} />
      </>
    );
  };
  return <WcagPage title={name}>{body()}</WcagPage>;
}
