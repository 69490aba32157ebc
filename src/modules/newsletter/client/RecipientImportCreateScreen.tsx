import { Autocomplete, Box, Button, FormHelperText, Paper, Stack, TextField, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { LinkBase, useParams, useTranslate } from 'react-admin';
import { useToast } from '../../../client/notifications';
import { api, errorMessage, isApiError } from '../../../client/providers/http';
import { useTranslateText } from '../../../client/providers/useTranslateText';
import { useRecordChoices } from '../../../client/schema/OptionsFilter';
import { FileChooser } from '../../../client/ui/FileChooser';
import { ImportOutcome, importsPath, importsScreenPath, type RecipientImport } from './imports';

const ACCEPT = '.csv,text/csv,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * admin/importy/dodaj (root users): a CSV or XLSX file and the tags every imported recipient gets
 * (the tags module's records). Sending queues the import as a job; its progress bar follows it
 * here, then what it did and its per-row errors to download.
 */
export default function RecipientImportCreateScreen() {
  const params = useParams() as Record<string, string>;
  const serviceId = params.service_id ?? '';
  const translate = useTranslate();
  const translateText = useTranslateText();
  const toast = useToast();
  const queryClient = useQueryClient();
  const fileInputId = useId();
  const fileHintId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [tags, setTags] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [started, setStarted] = useState<RecipientImport | null>(null);
  const choices = useRecordChoices('tags', params, { sort: { field: 'name', order: 'ASC' } });
  const names = (choices.records.data ?? []).map((record) => String(record.name));

  const send = useMutation({
    mutationFn: () => {
      const form = new FormData();
      form.append('payload', JSON.stringify({ tags }));
      form.append('file', file!);
      return api<RecipientImport & { detail: string }>(importsPath(serviceId), { method: 'POST', body: form });
    },
    onSuccess: async (created) => {
      setStarted(created);
      toast.success(created.detail);
      await queryClient.invalidateQueries({ queryKey: ['recipient_imports', serviceId] });
    },
    onError: (error) => {
      setErrors(isApiError(error, 400) && error.body.errors ? error.body.errors : { file: errorMessage(error) });
      toast.error(errorMessage(error));
    },
  });

  function submit() {
    if (!file) {
      setErrors({ file: 'app.service_admin.imports.no_file' });
      toast.error('validation.form_invalid');
      return;
    }
    setErrors({});
    send.mutate();
  }

  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {translate('app.service_admin.imports.create')}
      </Typography>
      <Paper sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography sx={{ mb: 3 }}>{translate('app.service_admin.imports.intro')}</Typography>
        {started ? (
          <Stack spacing={2}>
            <Typography variant="h6" component="h2">
              {translate('app.service_admin.imports.progress_heading')}
            </Typography>
            <ImportOutcome serviceId={serviceId} record={started} />
            <Box>
              <Button component={LinkBase} to={importsScreenPath(serviceId)}>
                {translate('app.service_admin.imports.back')}
              </Button>
            </Box>
          </Stack>
        ) : (
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            <Stack spacing={3}>
              <Box>
                <Typography component="label" htmlFor={fileInputId} sx={{ display: 'block', mb: 1 }}>
                  {translate('app.service_admin.imports.file')}
                </Typography>
                <FileChooser
                  id={fileInputId}
                  text={translate('app.service_admin.imports.choose_file')}
                  accept={ACCEPT}
                  aria-describedby={fileHintId}
                  aria-invalid={Boolean(errors.file)}
                  onChange={(event) => {
                    setFile(event.target.files?.[0] ?? null);
                    setErrors({});
                  }}
                />
                {file && <Typography sx={{ mt: 1 }}>{file.name}</Typography>}
                <FormHelperText id={fileHintId} error={Boolean(errors.file)}>
                  {errors.file ? translateText(errors.file) : translate('app.service_admin.imports.file_hint')}
                </FormHelperText>
              </Box>
              <Autocomplete
                multiple
                options={names}
                value={tags}
                open={choices.open}
                onOpen={() => choices.setOpen(true)}
                onClose={() => choices.setOpen(false)}
                loading={choices.records.isFetching}
                filterOptions={(shown) => shown}
                onChange={(_event, next) => setTags(next)}
                inputValue={choices.typed}
                onInputChange={(_event, next) => choices.setTyped(next)}
                renderInput={(input) => (
                  <TextField {...input} label={translate('app.service_admin.imports.tags')} error={Boolean(errors.tags)} helperText={errors.tags ? translateText(errors.tags) : undefined} />
                )}
              />
              <Stack direction="row" spacing={2}>
                <Button type="submit" variant="contained" disabled={send.isPending}>
                  {translate('app.service_admin.imports.submit')}
                </Button>
                <Button component={LinkBase} to={importsScreenPath(serviceId)} color="secondary">
                  {translate('ra.action.cancel')}
                </Button>
              </Stack>
            </Stack>
          </form>
        )}
      </Paper>
    </Box>
  );
}
