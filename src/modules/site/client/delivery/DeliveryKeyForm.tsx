import KeyIcon from '@mui/icons-material/Key';
import { Alert, Button, Paper, Stack, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useConfirm, useToast } from '../../../../client/notifications';
import { api, errorMessage } from '../../../../client/providers/http';
import { ErrorState, LoadingState } from '../../../../client/screens/common/QueryStates';
import { CopyableField } from '../../../../client/ui/CopyableField';

interface DeliveryKeyState {
  delivered: boolean;
  has_key: boolean;
}

/**
 * The site delivery API's key (root users, on admin/uprawnienia of a service whose modules the API
 * serves): whether the service has one, and a new one made on demand. The server keeps only its
 * hash, so the key is shown once, right after it is made; a new key ends the old one at once.
 */
export function DeliveryKeyForm({ serviceId }: { serviceId: string }) {
  const translate = useTranslate();
  const toast = useToast();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const headingId = useId();
  const path = `/client_service/${encodeURIComponent(serviceId)}/delivery_key`;
  const state = useQuery({ queryKey: ['delivery_key', path], queryFn: ({ signal }) => api<DeliveryKeyState>(path, { signal }) });
  const [newKey, setNewKey] = useState<string | null>(null);
  const rotate = useMutation({
    mutationFn: () => api<{ key: string }>(path, { method: 'POST' }),
    onSuccess: async ({ key }) => {
      setNewKey(key);
      toast.success('app.service_admin.delivery.made');
      await queryClient.invalidateQueries({ queryKey: ['delivery_key', path] });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });

  if (state.isPending) return <LoadingState />;
  if (state.isError) return <ErrorState error={state.error} />;
  if (!state.data.delivered) return null;

  const make = async () => {
    // A key in use stops working: the site needs the new one before it reads again.
    if (state.data.has_key && !(await confirm({ content: 'app.service_admin.delivery.confirm', confirmText: 'app.service_admin.delivery.make' }))) return;
    rotate.mutate();
  };

  return (
    <Paper component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 }, mt: 3 }}>
      <Typography variant="h5" component="h2" id={headingId} sx={{ mb: 1 }}>
        {translate('app.service_admin.delivery.title')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{translate('app.service_admin.delivery.intro')}</Typography>
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography>{translate(state.data.has_key ? 'app.service_admin.delivery.has_key' : 'app.service_admin.delivery.no_key')}</Typography>
        {newKey && (
          <Stack spacing={1} sx={{ alignSelf: 'stretch' }}>
            <Alert severity="warning">{translate('app.service_admin.delivery.shown_once')}</Alert>
            <CopyableField label={translate('app.service_admin.delivery.new_key')} value={newKey} copyLabel="app.service_admin.delivery.copy" copiedMessage="app.service_admin.delivery.copied" />
          </Stack>
        )}
        <Button variant="contained" startIcon={<KeyIcon />} onClick={() => void make()} loading={rotate.isPending}>
          {translate('app.service_admin.delivery.make')}
        </Button>
      </Stack>
    </Paper>
  );
}
