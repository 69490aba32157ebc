import { Box, Button, Dialog, DialogContent, DialogTitle, Paper, Stack, TextField, Typography } from '@mui/material';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate, useTranslate } from 'react-admin';
import { useParams } from 'react-router';
import { routePath } from '../../../common/schema/paths';
import { useToast } from '../../../client/notifications';
import { api, errorMessage, isApiError } from '../../../client/providers/http';
import { useTranslateText } from '../../../client/providers/useTranslateText';
import { ModuleAccess } from '../../../client/schema/access';
import { moduleOf } from '../../../client/schema/registry';
import { QueryContent } from '../../../client/screens/common/QueryStates';
import { mailingsApi, mailingsModule } from './mailingsApi';
import { FormDialogActions } from '../../../client/ui/FormDialogActions';

/** POST .../templates/from_mailing {mailing_id, name}: asks the name, then opens the new template's edit screen. */
function FromMailingDialog({ serviceId, mailingId, onClose }: { serviceId: string; mailingId: number; onClose(): void }) {
  const translate = useTranslate();
  const translateText = useTranslateText();
  const toast = useToast();
  const navigate = useNavigate();
  const titleId = useId();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const create = useMutation({
    mutationFn: () =>
      api<{ id: number }>(`/client_service/${encodeURIComponent(serviceId)}/module/templates/from_mailing`, { method: 'POST', body: { mailing_id: mailingId, name } }),
    onSuccess: (template) => {
      toast.success('resources.templates.messages.from_mailing');
      navigate(routePath(moduleOf('templates').admin, 'edit', { service_id: serviceId, template_id: template.id }));
    },
    onError: (failure) => {
      setError(isApiError(failure, 400) ? failure.body.errors?.name : undefined);
      toast.error(errorMessage(failure));
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{translate('resources.mailings.actions.from_mailing')}</DialogTitle>
        <DialogContent>
          <TextField
            sx={{ mt: 1 }}
            label={translate('resources.templates.fields.name')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={Boolean(error)}
            helperText={error ? translateText(error) : undefined}
            fullWidth
            autoFocus
          />
        </DialogContent>
        <FormDialogActions onCancel={onClose} submitLabel={translate('resources.mailings.actions.from_mailing')} pending={create.isPending} />
      </form>
    </Dialog>
  );
}

/**
 * wysylki/archiwalne/{mailing_id}: the mailing as sent, in a sandboxed frame (no script, no
 * same-origin access) of its own page, whose policy lets the pictures of the web load as in a mail client.
 */
export default function MailingArchivePreview() {
  const translate = useTranslate();
  const params = useParams() as Record<string, string>;
  const serviceId = params.service_id;
  const mailingId = Number(params.mailing_id);
  const [dialog, setDialog] = useState(false);
  const sent = useQuery({
    queryKey: ['mailings', 'sent', serviceId, mailingId],
    queryFn: ({ signal }) => api<{ id: number; subject: string; page_url: string }>(`${mailingsApi(serviceId)}/${params.mailing_id}/sent`, { signal }),
    retry: false,
    // The page's link is short-lived: each visit asks for a new one rather than showing a kept one.
    gcTime: 0,
  });
  return (
    <ModuleAccess context={{ module: mailingsModule(), params }}>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {translate('resources.mailings.archive.preview_title')}
      </Typography>
      <QueryContent query={sent}>
        {(answer) => (
          <Paper sx={{ p: { xs: 2, sm: 3 } }}>
            <Stack spacing={2}>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
                <Typography variant="h5" component="h2" sx={{ overflowWrap: 'anywhere' }}>
                  {translate('resources.mailings.archive.subject', { subject: answer.subject })}
                </Typography>
                <Button variant="outlined" onClick={() => setDialog(true)}>
                  {translate('resources.mailings.actions.from_mailing')}
                </Button>
              </Stack>
              <Box
                component="iframe"
                title={translate('resources.mailings.archive.frame')}
                sandbox=""
                src={answer.page_url}
                sx={{ width: '100%', minHeight: 480, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: '#fff' }}
              />
            </Stack>
          </Paper>
        )}
      </QueryContent>
      {dialog && Number.isSafeInteger(mailingId) ? <FromMailingDialog serviceId={serviceId} mailingId={mailingId} onClose={() => setDialog(false)} /> : null}
    </ModuleAccess>
  );
}
