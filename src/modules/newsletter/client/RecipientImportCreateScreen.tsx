import DownloadIcon from '@mui/icons-material/Download';
import { Autocomplete, Box, Button, Checkbox, FormControl, FormControlLabel, FormHelperText, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { LinkBase, useParams, useTranslate } from 'react-admin';
import { useToast } from '../../../client/notifications';
import { saveBlob } from '../../../client/providers/download';
import { api, errorMessage, isApiError } from '../../../client/providers/http';
import { useTranslateText } from '../../../client/providers/useTranslateText';
import { useRecordChoices } from '../../../client/schema/OptionsFilter';
import { moduleOf } from '../../../client/schema/registry';
import { routePath } from '../../../common/schema/paths';
import { FileChooser } from '../../../client/ui/FileChooser';
import { MAPPED_FIELDS, namedColumns, type MappedColumns } from '../common/recipient-columns';
import { csvHeader } from './csvHeader';
import { xlsxHeader } from './xlsxHeader';
import { ImportOutcome, importsPath, importsScreenPath, type RecipientImport } from './imports';

const CSV_OR_XLSX = '.csv,text/csv,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** What differs between root's import (admin/importy) and a client's own (from its recipients list). */
interface ImportScreen {
  title: string;
  intro: string;
  fileLabel: string;
  back(serviceId: string): string;
  backLabel: string;
  /** A client's own import: the sample file, and the statement that the recipients consented. */
  own: boolean;
}

const isCsv = (file: File) => file.name.toLowerCase().endsWith('.csv') || file.type === 'text/csv';

/** The file's header row and the column chosen for each field (-1: none). */
interface Mapping {
  header: string[];
  columns: MappedColumns;
}

/** A field's column: one of the header's, or none (the e-mail's must be chosen). */
function ColumnChoice({ field, mapping, error, onChange }: { field: keyof MappedColumns; mapping: Mapping; error?: string; onChange(column: number): void }) {
  const translate = useTranslate();
  const translateText = useTranslateText();
  const value = mapping.columns[field];
  return (
    <TextField
      select
      label={translate(`app.recipient_import.column.${field}`)}
      value={field === 'email' && value < 0 ? '' : String(value)}
      onChange={(event) => onChange(Number(event.target.value))}
      required={field === 'email'}
      error={Boolean(error)}
      helperText={error ? translateText(error) : undefined}
      sx={{ minWidth: 240 }}
    >
      {field !== 'email' && <MenuItem value="-1">{translate('app.recipient_import.column_none')}</MenuItem>}
      {mapping.header.map((name, index) => (
        <MenuItem key={index} value={String(index)}>
          {translate('app.recipient_import.column_numbered', { number: index + 1, name })}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * A recipients import: a file (a CSV's or an XLSX's header row read here, its columns mapped to
 * e-mail, name and tags) and the tags every imported recipient gets; a client's own import also offers a sample
 * file and asks for the statement that the recipients consented. Sending queues the import as a
 * job; its progress bar follows it here, then what it did and its per-row errors to download.
 */
function RecipientImportForm({ screen }: { screen: ImportScreen }) {
  const params = useParams() as Record<string, string>;
  const serviceId = params.service_id ?? '';
  const translate = useTranslate();
  const translateText = useTranslateText();
  const toast = useToast();
  const queryClient = useQueryClient();
  const fileInputId = useId();
  const fileHintId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [mapping, setMapping] = useState<Mapping | null>(null);
  const [tags, setTags] = useState<string[]>([]);
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [started, setStarted] = useState<RecipientImport | null>(null);
  const choices = useRecordChoices('tags', params, { sort: { field: 'name', order: 'ASC' } });
  const names = (choices.records.data ?? []).map((record) => String(record.name));

  const send = useMutation({
    mutationFn: () => {
      const form = new FormData();
      form.append('payload', JSON.stringify({ tags, ...(mapping ? { columns: mapping.columns } : {}), ...(screen.own ? { consent } : {}) }));
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

  async function choose(chosen: File | null) {
    setFile(chosen);
    setMapping(null);
    setErrors({});
    if (!chosen) return;
    const header = await (isCsv(chosen) ? csvHeader(chosen) : xlsxHeader(chosen));
    if (header) setMapping({ header, columns: namedColumns(header) });
    else setErrors({ file: 'app.recipient_import.no_header' });
  }

  function submit() {
    const found: Record<string, string> = {};
    if (!file) found.file = 'app.service_admin.imports.no_file';
    if (mapping && mapping.columns.email < 0) found.columns = 'errors.recipient_imports.email_column_required';
    if (screen.own && !consent) found.consent = 'errors.recipient_imports.consent_required';
    setErrors(found);
    if (Object.keys(found).length) {
      toast.error('validation.form_invalid');
      return;
    }
    send.mutate();
  }

  const downloadSample = () => saveBlob(new Blob([`\uFEFF${translate('app.recipient_import.sample_content')}`], { type: 'text/csv;charset=utf-8' }), translate('app.recipient_import.sample_file_name'));

  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {translate(screen.title)}
      </Typography>
      <Paper sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography sx={{ mb: screen.own ? 1 : 3 }}>{translate(screen.intro)}</Typography>
        {screen.own && (
          <Button startIcon={<DownloadIcon />} onClick={downloadSample} sx={{ mb: 3 }}>
            {translate('app.recipient_import.sample')}
          </Button>
        )}
        {started ? (
          <Stack spacing={2}>
            <Typography variant="h6" component="h2">
              {translate('app.service_admin.imports.progress_heading')}
            </Typography>
            <ImportOutcome serviceId={serviceId} record={started} />
            <Box>
              <Button component={LinkBase} to={screen.back(serviceId)}>
                {translate(screen.backLabel)}
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
                  {translate(screen.fileLabel)}
                </Typography>
                <FileChooser
                  id={fileInputId}
                  text={translate('app.service_admin.imports.choose_file')}
                  accept={CSV_OR_XLSX}
                  aria-describedby={fileHintId}
                  aria-invalid={Boolean(errors.file)}
                  onChange={(event) => void choose(event.target.files?.[0] ?? null)}
                />
                {file && <Typography sx={{ mt: 1 }}>{file.name}</Typography>}
                <FormHelperText id={fileHintId} error={Boolean(errors.file)}>
                  {errors.file ? translateText(errors.file) : translate('app.service_admin.imports.file_hint')}
                </FormHelperText>
              </Box>
              {mapping && (
                <Box component="fieldset" sx={{ border: 0, m: 0, p: 0 }}>
                  <Typography component="legend" variant="h6" sx={{ mb: 2 }}>
                    {translate('app.recipient_import.mapping')}
                  </Typography>
                  <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
                    {MAPPED_FIELDS.map((field) => (
                      <ColumnChoice
                        key={field}
                        field={field}
                        mapping={mapping}
                        error={field === 'email' ? errors.columns : undefined}
                        onChange={(column) => setMapping({ ...mapping, columns: { ...mapping.columns, [field]: column } })}
                      />
                    ))}
                  </Stack>
                  {errors.columns && mapping.columns.email >= 0 && <FormHelperText error>{translateText(errors.columns)}</FormHelperText>}
                </Box>
              )}
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
              {screen.own && (
                <FormControl error={Boolean(errors.consent)} required>
                  <FormControlLabel control={<Checkbox checked={consent} onChange={(event) => setConsent(event.target.checked)} />} label={translate('app.recipient_import.consent')} />
                  {errors.consent && <FormHelperText>{translateText(errors.consent)}</FormHelperText>}
                </FormControl>
              )}
              <Stack direction="row" spacing={2}>
                <Button type="submit" variant="contained" disabled={send.isPending}>
                  {translate('app.service_admin.imports.submit')}
                </Button>
                <Button component={LinkBase} to={screen.back(serviceId)} color="secondary">
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

const ROOT_IMPORT: ImportScreen = {
  title: 'app.service_admin.imports.create',
  intro: 'app.service_admin.imports.intro',
  fileLabel: 'app.service_admin.imports.file',
  back: importsScreenPath,
  backLabel: 'app.service_admin.imports.back',
  own: false,
};

const OWN_IMPORT: ImportScreen = {
  title: 'app.recipient_import.title',
  intro: 'app.recipient_import.intro',
  fileLabel: 'app.recipient_import.file',
  back: (serviceId) => routePath(moduleOf('recipients').admin, 'list', { service_id: serviceId }),
  backLabel: 'app.recipient_import.back',
  own: true,
};

/** admin/importy/dodaj (root users): a CSV or XLSX file of any service. */
export default function RecipientImportCreateScreen() {
  return <RecipientImportForm screen={ROOT_IMPORT} />;
}

/** konfiguracja/odbiorcy/import: the client's own import from its recipients list, a CSV or XLSX file with the consent stated. */
export function OwnRecipientImportScreen() {
  return <RecipientImportForm screen={OWN_IMPORT} />;
}
