import { Alert, Box, Paper, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { api } from '../../../client/providers/http';
import { ErrorState, LoadingState } from '../../../client/screens/common/QueryStates';

/** What GET .../senders/configs/dkim answers: the TXT record to publish, or nothing for a method that signs its own. */
interface DkimRecord {
  domain?: string;
  name?: string;
  value?: string;
  found?: boolean;
}

/** The sender preview's DKIM section: the DNS record to publish for the sending domain, and whether DNS answers it yet. */
export default function SenderDkimRecord({ params }: { params: Record<string, string> }) {
  const translate = useTranslate();
  const serviceId = params.service_id;
  const record = useQuery({
    queryKey: ['senders_config', 'dkim', serviceId],
    queryFn: ({ signal }) => api<DkimRecord>(`/client_service/${encodeURIComponent(serviceId)}/module/senders/configs/dkim`, { signal }),
  });
  if (record.isPending) return <LoadingState />;
  if (record.isError) return <ErrorState error={record.error} />;
  const { domain, name, value, found } = record.data;
  if (!name || !value) return null;
  const label = (key: string) => (
    <Typography component="dt" sx={{ fontWeight: 600 }}>
      {translate(`resources.senders_config.dkim.${key}`)}
    </Typography>
  );
  return (
    <Paper component="section" aria-labelledby="sender-dkim" sx={{ p: { xs: 2, sm: 3 }, mt: 3 }}>
      <Typography id="sender-dkim" variant="h6" component="h2" sx={{ mb: 1 }}>
        {translate('resources.senders_config.dkim.title')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{translate('resources.senders_config.dkim.hint', { domain })}</Typography>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { sm: 'max-content 1fr' }, columnGap: 3, rowGap: 1, m: 0 }}>
        {label('type')}
        <Typography component="dd" sx={{ m: 0 }}>
          TXT
        </Typography>
        {label('name')}
        <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere', fontFamily: 'monospace' }}>
          {name}
        </Typography>
        {label('value')}
        <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere', fontFamily: 'monospace' }}>
          {value}
        </Typography>
      </Box>
      <Alert severity={found ? 'success' : 'warning'} sx={{ mt: 2 }}>
        {translate(found ? 'resources.senders_config.dkim.found' : 'resources.senders_config.dkim.not_found')}
      </Alert>
    </Paper>
  );
}
