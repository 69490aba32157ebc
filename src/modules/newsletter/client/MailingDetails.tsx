import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { LinkBase, useTranslate } from 'react-admin';
import { useParams, useSearchParams } from 'react-router';
import { api } from '../../../client/providers/http';
import { ModuleAccess } from '../../../client/schema/access';
import { ErrorState, LoadingState } from '../../../client/screens/common/QueryStates';
import { formatMoment } from '../../../common/panel-time';
import { mailingPaths, mailingsApi, mailingsModule, type MailingProgress } from './mailingsApi';
import { MailingActions, MailingProgressBar, statusText } from './MailingParts';

const LIVE: MailingProgress['status'][] = ['scheduled', 'sending', 'paused'];

function Details({ serviceId, mailingId }: { serviceId: string; mailingId: number }) {
  const translate = useTranslate();
  const record = useQuery({
    queryKey: ['mailings', 'record', serviceId, mailingId],
    queryFn: ({ signal }) => api<{ id: number; subject: string }>(`${mailingsApi(serviceId)}/${mailingId}`, { signal }),
  });
  const progress = useQuery({
    queryKey: ['mailings', 'progress', serviceId, mailingId],
    queryFn: ({ signal }) => api<MailingProgress>(`${mailingsApi(serviceId)}/${mailingId}/progress`, { signal }),
    refetchInterval: (current) => (current.state.data && LIVE.includes(current.state.data.status) ? 1000 : false),
  });
  if (record.isPending || progress.isPending) return <LoadingState />;
  if (record.isError) return <ErrorState error={record.error} />;
  if (progress.isError) return <ErrorState error={progress.error} />;
  const state = progress.data;
  return (
    <Paper sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2}>
        <Typography variant="h5" component="h2" sx={{ overflowWrap: 'anywhere' }}>
          {record.data.subject}
        </Typography>
        <Typography role="status">{statusText(translate, state.status, state.status_reason)}</Typography>
        {state.resume_at ? (
          <Alert severity="info">
            {translate('resources.mailings.progress.resume_at', { date: formatMoment(state.resume_at) })}
          </Alert>
        ) : null}
        <MailingProgressBar progress={state} />
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <MailingActions serviceId={serviceId} mailing={{ id: mailingId, subject: record.data.subject, status: state.status }} />
          {state.status === 'sent' || state.status === 'cancelled' || state.status === 'failed' ? (
            <Button component={LinkBase} to={mailingPaths.archived(serviceId, mailingId)}>
              {translate('resources.mailings.actions.preview')}
            </Button>
          ) : null}
        </Stack>
      </Stack>
    </Paper>
  );
}

/** wysylki/szczegoly?mailing_id=: a mailing's status, progress (live while it sends) and actions. */
export default function MailingDetails() {
  const translate = useTranslate();
  const params = useParams() as Record<string, string>;
  const [search] = useSearchParams();
  const raw = search.get('mailing_id') ?? '';
  const mailingId = /^\d{1,10}$/.test(raw) ? Number(raw) : null;
  return (
    <ModuleAccess context={{ module: mailingsModule(), params }}>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {translate('resources.mailings.details.title')}
      </Typography>
      <Box>
        {mailingId === null ? (
          <Paper sx={{ p: 4, textAlign: 'center' }}>
            <Typography>{translate('resources.mailings.details.choose')}</Typography>
            <Button sx={{ mt: 2 }} component={LinkBase} to={mailingPaths.list(params.service_id)}>
              {translate(mailingsModule().admin.title)}
            </Button>
          </Paper>
        ) : (
          <Details serviceId={params.service_id} mailingId={mailingId} />
        )}
      </Box>
    </ModuleAccess>
  );
}
