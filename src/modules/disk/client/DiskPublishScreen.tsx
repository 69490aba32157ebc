import { Alert, Box, Button, FormControlLabel, Stack, Switch, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useNavigate, useTranslate } from 'react-admin';
import { useToast } from '../../../client/notifications';
import { api, errorMessage, isApiError } from '../../../client/providers/http';
import { useTranslateText } from '../../../client/providers/useTranslateText';
import { DateTimeField } from '../../../client/ui/DateTimeField';
import { diskCalls, diskKey, type DiskEntry, type DiskEntryDetails } from './diskApi';
import { EntryPage } from './EntryPage';
import { CopyableField } from '../../../client/ui/CopyableField';

/** dysk/:folder_id/edytuj/:file_id/udostepnianie: public or not, with an optional end (PUT .../files/{id}/publish). */
export default function DiskPublishScreen() {
  const translate = useTranslate();
  return <EntryPage title={translate('resources.disk.publish.title')}>{({ serviceId, entry, backTo }) => <PublishForm serviceId={serviceId} entry={entry} backTo={backTo} />}</EntryPage>;
}

function PublishForm({ serviceId, entry, backTo }: { serviceId: string; entry: DiskEntryDetails; backTo: string }) {
  const translate = useTranslate();
  const translateText = useTranslateText();
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const endId = useId();
  const hintId = useId();
  const [isPublic, setPublic] = useState(entry.public);
  const [endDate, setEndDate] = useState<string | undefined>(entry.public_end_date ?? undefined);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const publish = useMutation({
    mutationFn: () =>
      api<DiskEntry>(`${diskCalls.entry(serviceId, entry.id)}/publish`, {
        method: 'PUT',
        body: { public: isPublic, public_end_date: isPublic ? (endDate ?? null) : null },
      }),
    onSuccess: async (result) => {
      setErrors({});
      toast.success(result.public ? 'resources.disk.messages.published' : 'resources.disk.messages.unpublished');
      await queryClient.invalidateQueries({ queryKey: diskKey(serviceId) });
      if (!result.public) navigate(backTo);
    },
    onError: (error) => {
      setErrors(isApiError(error, 400) && error.body.errors ? error.body.errors : {});
      toast.error(errorMessage(error));
    },
  });
  // What the server holds now: the last answer, else the entry as opened.
  const saved = publish.data ?? entry;

  if (entry.is_dir) return <Alert severity="info">{translate('resources.disk.errors.folder_not_publishable')}</Alert>;

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        publish.mutate();
      }}
    >
      <Stack spacing={3}>
        <Typography>{translate('resources.disk.publish.intro')}</Typography>
        <FormControlLabel control={<Switch checked={isPublic} onChange={(event) => setPublic(event.target.checked)} />} label={translate('resources.disk.publish.public')} />
        {isPublic && (
          <Box>
            <DateTimeField
              id={endId}
              kind="date-time"
              label={translate('resources.disk.publish.end_date')}
              value={endDate}
              onChange={(value) => {
                setEndDate(value);
                setErrors({});
              }}
              error={Boolean(errors.public_end_date)}
              describedBy={hintId}
            />
            <Typography id={hintId} variant="body2" color={errors.public_end_date ? 'error' : 'text.secondary'} sx={{ mt: 0.5 }}>
              {errors.public_end_date ? translateText(errors.public_end_date) : translate('resources.disk.publish.end_date_hint')}
            </Typography>
          </Box>
        )}
        {saved.public && saved.public_url ? (
          <CopyableField
            label={translate('resources.disk.publish.link')}
            value={saved.public_url}
            copyLabel="resources.disk.actions.copy_link"
            copiedMessage="resources.disk.messages.link_copied"
          />
        ) : (
          <Typography color="text.secondary">{translate('resources.disk.publish.not_public')}</Typography>
        )}
        <Box>
          <Button type="submit" variant="contained" disabled={publish.isPending}>
            {translate('ra.action.save')}
          </Button>
        </Box>
      </Stack>
    </form>
  );
}
