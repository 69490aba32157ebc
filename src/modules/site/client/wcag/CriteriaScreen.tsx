import { Box, Link, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router';
import { ErrorState, LoadingState } from '../../../../client/screens/common/QueryStates';
import { GUIDELINE_IDS, keyOf, PRINCIPLE_IDS } from '../../common/wcag/catalogue';
import { StateChip, WcagPage } from './parts';
import { wcagApi } from './wcagApi';

/** moduly/wcag/kryteria: the WCAG 2.2 catalogue by principle and guideline, each criterion with its level and status in the latest analysis. */
export default function CriteriaScreen() {
  const translate = useTranslate();
  const { service_id: serviceId } = useParams() as { service_id: string };
  const criteria = useQuery({ queryKey: ['wcag', serviceId, 'criteria'], queryFn: () => wcagApi.criteria(serviceId) });
  if (criteria.isPending) return <LoadingState />;
  if (criteria.isError) return <ErrorState error={criteria.error} />;
  const { automated, analysis_id: analysisId } = criteria.data;
  return (
    <WcagPage title={translate('app.wcag.criteria.title')}>
      <Typography sx={{ mb: 1 }}>{translate('app.wcag.criteria.intro')}</Typography>
      <Typography sx={{ mb: 3 }} color="text.secondary">
        {translate(analysisId === null ? 'app.wcag.criteria.no_analysis' : 'app.wcag.criteria.automated', { automated: automated.automated, total: automated.total })}
      </Typography>
      {PRINCIPLE_IDS.map((principle) => (
        <Box component="section" key={principle} sx={{ mb: 4 }} aria-labelledby={`wcag-principle-${principle}`}>
          <Typography id={`wcag-principle-${principle}`} variant="h5" component="h2">
            {principle}. {translate(`app.wcag.catalogue.principles.${keyOf(principle)}.name`)}
          </Typography>
          <Typography sx={{ mb: 1 }}>{translate(`app.wcag.catalogue.principles.${keyOf(principle)}.description`)}</Typography>
          {GUIDELINE_IDS.filter((guideline) => guideline.startsWith(`${principle}.`)).map((guideline) => (
            <Box key={guideline} sx={{ mb: 2 }}>
              <Typography variant="h6" component="h3">
                {guideline} {translate(`app.wcag.catalogue.guidelines.${keyOf(guideline)}.name`)}
              </Typography>
              <Table size="small">
                <TableHead>
                  <TableRow>
                    <TableCell scope="col">{translate('app.wcag.criteria.criterion')}</TableCell>
                    <TableCell scope="col">{translate('app.wcag.criteria.level')}</TableCell>
                    <TableCell scope="col">{translate('app.wcag.criteria.status')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {criteria.data.criteria
                    .filter((criterion) => criterion.guideline === guideline)
                    .map((criterion) => (
                      <TableRow key={criterion.id}>
                        <TableCell component="th" scope="row">
                          <Link component={RouterLink} to={`/usluga/${serviceId}/moduly/wcag/kryteria/${principle}/${guideline}/${criterion.id}`}>
                            {criterion.id} {translate(`app.wcag.catalogue.criteria.${keyOf(criterion.id)}.name`)}
                          </Link>
                        </TableCell>
                        <TableCell>{criterion.level}</TableCell>
                        <TableCell>
                          <StateChip state={criterion.status} />
                        </TableCell>
                      </TableRow>
                    ))}
                </TableBody>
              </Table>
            </Box>
          ))}
        </Box>
      ))}
    </WcagPage>
  );
}
