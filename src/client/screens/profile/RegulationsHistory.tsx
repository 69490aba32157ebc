import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Accordion, AccordionDetails, AccordionSummary, Chip, Paper, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { formatDate } from '../../../common/format';
import { api } from '../../providers/http';
import { QueryContent } from '../common/QueryStates';
import { SafeHtml } from '../common/SafeHtml';
import type { ListResponse } from '../common/types';

interface RegulationVersion {
  id: number;
  name: string;
  content: string;
  valid_from: string;
  valid_to: string | null;
  in_force: boolean;
  accepted_at: string | null;
}

/**
 * /regulaminy: every regulation that has taken effect, those in force first, then the archive, each
 * with its period, when the user accepted it, and its text to read (one pending acceptance is
 * asked for on the profile's regulations page first, where the guard sends the user).
 */
export default function RegulationsHistory() {
  const translate = useTranslate();
  const versions = useQuery({
    queryKey: ['user', 'regulations', 'history'],
    queryFn: ({ signal }) => api<ListResponse<RegulationVersion>>('/user/regulations/history', { signal }),
  });

  return (
    <Stack spacing={3} sx={{ maxWidth: 900 }}>
      <Typography component="h1" variant="h4">
        {translate('app.regulations_report.title')}
      </Typography>
      <Typography>{translate('app.regulations_report.intro')}</Typography>
      <QueryContent query={versions} isEmpty={(answer) => answer.data.length === 0} empty={translate('app.regulations_report.empty')}>
        {(answer) => (
          answer.data.map((version) => (
            <Paper key={version.id} component="article" variant="outlined" aria-labelledby={`regulation-${version.id}`} sx={{ p: { xs: 2, md: 3 } }}>
              <Typography id={`regulation-${version.id}`} component="h2" variant="h6">
                {version.name}
              </Typography>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, my: 1 }}>
                <Chip size="small" color={version.in_force ? 'success' : 'default'} label={translate(version.in_force ? 'app.regulations_report.in_force' : 'app.regulations_report.archived')} />
                <Typography variant="body2">
                  {version.valid_to && !version.in_force
                    ? translate('app.regulations_report.period_ended', { from: formatDate(version.valid_from, true), to: formatDate(version.valid_to, true) })
                    : translate('app.regulations_report.period', { from: formatDate(version.valid_from, true) })}
                </Typography>
                <Typography variant="body2">
                  {version.accepted_at ? translate('app.regulations_report.accepted_at', { at: formatDate(version.accepted_at, true) }) : translate('app.regulations_report.not_accepted')}
                </Typography>
              </Stack>
              <Accordion disableGutters variant="outlined" slotProps={{ transition: { unmountOnExit: true } }}>
                <AccordionSummary expandIcon={<ExpandMoreIcon />}>{translate('app.regulations_report.read', { name: version.name })}</AccordionSummary>
                <AccordionDetails>
                  <SafeHtml html={version.content} />
                </AccordionDetails>
              </Accordion>
            </Paper>
          ))
        )}
      </QueryContent>
    </Stack>
  );
}
