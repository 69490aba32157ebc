import { Accordion, AccordionDetails, AccordionSummary, Box, FormControl, InputLabel, MenuItem, Select, Stack, Typography } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../../../client/providers/http';
import { EmptyState, ErrorState, LoadingState } from '../../../../client/screens/common/QueryStates';
import { GUIDELINE_IDS, keyOf, PRINCIPLE_IDS, SCORED_LEVELS } from '../../common/wcag/catalogue';
import { CRITERION_STATES } from '../../common/wcag/scoring';
import { CriterionFindings } from './CriterionFindings';
import { ManualCheckForm } from './ManualCheckForm';
import { StateChip, WcagPage } from './parts';
import { wcagApi } from './wcagApi';

const TYPES = ['site', 'principle', 'guideline', 'page'] as const;

/** moduly/wcag/wynik/{type}/{prefix?}: an analysis's scores (the latest, or ?analiza=id) for the site, a principle, a guideline or a page. */
export default function ScoresScreen() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { service_id: serviceId, type = 'site', prefix } = useParams() as { service_id: string; type?: string; prefix?: string };
  const [search] = useSearchParams();
  const analysis = search.get('analiza') ?? 'latest';
  const scores = useQuery({ queryKey: ['wcag', serviceId, 'scores', analysis, type, prefix], queryFn: () => wcagApi.scores(serviceId, analysis, type, prefix), retry: false, enabled: type === 'site' || Boolean(prefix) });
  const pages = useQuery({ queryKey: ['wcag', serviceId, 'analysis', analysis], queryFn: () => wcagApi.analysis(serviceId, scores.data!.analysis_id), enabled: type === 'page' && Boolean(scores.data) });
  const base = `/usluga/${serviceId}/moduly/wcag/wynik`;
  const choose = (nextType: string, nextPrefix?: string) => navigate(`${base}/${nextType}${nextPrefix ? `/${encodeURIComponent(nextPrefix)}` : ''}${analysis === 'latest' ? '' : `?analiza=${analysis}`}`);
  const prefixes =
    type === 'principle'
      ? PRINCIPLE_IDS.map((id) => ({ id, label: `${id}. ${translate(`app.wcag.catalogue.principles.${keyOf(id)}.name`)}` }))
      : type === 'guideline'
        ? GUIDELINE_IDS.map((id) => ({ id, label: `${id} ${translate(`app.wcag.catalogue.guidelines.${keyOf(id)}.name`)}` }))
        : type === 'page'
          ? (pages.data?.pages ?? []).filter((page) => page.failure === null).map((page) => ({ id: String(page.id), label: page.url }))
          : [];
  const body = () => {
    if (scores.isPending) return <LoadingState />;
    if (scores.isError) return scores.error instanceof ApiError && scores.error.status === 404 && analysis === 'latest' ? <EmptyState text={translate('app.wcag.scores.empty')} /> : <ErrorState error={scores.error} />;
    const { levels, counts, criteria } = scores.data;
    return (
      <>
        <Stack direction="row" spacing={4} sx={{ mb: 2 }} component="dl">
          {SCORED_LEVELS.map((level) => (
            <Box key={level}>
              <Typography component="dt" variant="body2">
                {translate(`app.wcag.levels.${level}`)}
              </Typography>
              <Typography component="dd" variant="h4" sx={{ m: 0 }}>
                {levels[level] === null ? '—' : `${levels[level]}%`}
              </Typography>
            </Box>
          ))}
        </Stack>
        <Typography sx={{ mb: 2 }}>{CRITERION_STATES.map((state) => `${translate(`app.wcag.states.${state}`)}: ${counts[state]}`).join(' · ')}</Typography>
        {criteria.map((criterion) => (
          <Accordion key={criterion.id} disableGutters slotProps={{ heading: { component: 'h2' } }}>
            <AccordionSummary expandIcon={<ExpandMoreIcon />}>
              <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography component="span" variant="body1">
                  {criterion.id} {translate(`app.wcag.catalogue.criteria.${keyOf(criterion.id)}.name`)} ({criterion.level})
                </Typography>
                <StateChip state={criterion.status} />
              </Stack>
            </AccordionSummary>
            <AccordionDetails>
              <Typography variant="body2">{translate(`app.wcag.catalogue.criteria.${keyOf(criterion.id)}.description`)}</Typography>
              <CriterionFindings findings={criterion.failures} heading={translate('app.wcag.scores.failures')} />
              <CriterionFindings findings={criterion.reviews} heading={translate('app.wcag.scores.reviews')} />
              <ManualCheckForm serviceId={serviceId} criterionId={criterion.id} check={criterion.manual} />
            </AccordionDetails>
          </Accordion>
        ))}
      </>
    );
  };
  return (
    <WcagPage title={translate('app.wcag.scores.title')}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 3 }}>
        <FormControl sx={{ minWidth: 200 }}>
          <InputLabel id="wcag-type">{translate('app.wcag.scores.type')}</InputLabel>
          <Select labelId="wcag-type" label={translate('app.wcag.scores.type')} value={TYPES.includes(type as never) ? type : 'site'} onChange={(event) => choose(event.target.value, undefined)}>
            {TYPES.map((entry) => (
              <MenuItem key={entry} value={entry}>
                {translate(`app.wcag.scores.types.${entry}`)}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        {type !== 'site' ? (
          <FormControl sx={{ minWidth: 280 }}>
            <InputLabel id="wcag-prefix">{translate(`app.wcag.scores.types.${type}`)}</InputLabel>
            <Select labelId="wcag-prefix" label={translate(`app.wcag.scores.types.${type}`)} value={prefixes.some((entry) => entry.id === prefix) ? prefix : ''} onChange={(event) => choose(type, event.target.value)}>
              {prefixes.map((entry) => (
                <MenuItem key={entry.id} value={entry.id}>
                  {entry.label}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
        ) : null}
      </Stack>
      {type !== 'site' && !prefix ? <EmptyState text={translate('app.wcag.scores.choose')} /> : body()}
    </WcagPage>
  );
}
