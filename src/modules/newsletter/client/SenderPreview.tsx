import { Paper, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { api } from '../../../client/providers/http';
import { ErrorState, LoadingState } from '../../../client/screens/common/QueryStates';
import SenderDkimRecord from './SenderDkimRecord';

/** What GET .../senders/configs/address answers. */
export interface SenderAddressAnswer {
  /** '@' and the service's sending domain, put after the provider's method's local part. */
  suffix: string | null;
  /** The saved method's From as mail clients show it. */
  from: string | null;
}

export const senderAddressQuery = (serviceId: string) => ({
  queryKey: ['senders_config', 'address', serviceId],
  queryFn: ({ signal }: { signal: AbortSignal }) => api<SenderAddressAnswer>(`/client_service/${encodeURIComponent(serviceId)}/module/senders/configs/address`, { signal }),
});

/** The whole address the saved method sends from, as recipients will see it. */
function SenderAddress({ serviceId }: { serviceId: string }) {
  const translate = useTranslate();
  const address = useQuery(senderAddressQuery(serviceId));
  if (address.isPending) return <LoadingState />;
  if (address.isError) return <ErrorState error={address.error} />;
  return (
    <Paper component="section" aria-labelledby="sender-address" sx={{ p: { xs: 2, sm: 3 }, mt: 3 }}>
      <Typography id="sender-address" variant="h6" component="h2" sx={{ mb: 1 }}>
        {translate('resources.senders_config.address.title')}
      </Typography>
      {address.data.from ? (
        <Typography sx={{ overflowWrap: 'anywhere', fontFamily: 'monospace' }}>{address.data.from}</Typography>
      ) : (
        <Typography>{translate('resources.senders_config.address.none')}</Typography>
      )}
    </Paper>
  );
}

/** Below the sender method's details: the From address it sends with, and the DKIM record to publish. */
export default function SenderPreview({ params }: { params: Record<string, string> }) {
  return (
    <>
      <SenderAddress serviceId={params.service_id} />
      <SenderDkimRecord params={params} />
    </>
  );
}
