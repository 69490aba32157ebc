import DownloadIcon from '@mui/icons-material/Download';
import { Alert, Box, Button, Chip, Stack, Typography } from '@mui/material';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { useToast } from '../../../client/notifications';
import { downloadApiFile } from '../../../client/providers/download';
import { api, errorMessage } from '../../../client/providers/http';
import { JobProgress } from '../../../client/ui/JobProgress';

/** A recipient import as GET .../recipients/imports answers it. */
export interface RecipientImport {
  id: number;
  file_name: string;
  file_format: 'csv' | 'xlsx';
  tags: string[];
  job_id: string | null;
  status: 'queued' | 'running' | 'completed' | 'failed';
  failure: string | null;
  rows_total: number;
  rows_created: number;
  rows_merged: number;
  rows_failed: number;
  /** Who stated that the recipients consented, and when (null: root imported without stating it). */
  consent_by: string | null;
  consent_at: string | null;
  created_at: string;
  finished_at: string | null;
}

export const importsPath = (serviceId: string) => `/client_service/${encodeURIComponent(serviceId)}/module/recipients/imports`;
/** The admin area's imports screen (admin/importy); its create screen is under it (/dodaj). */
export const importsScreenPath = (serviceId: string) => `/usluga/${serviceId}/admin/importy`;
export const isFinished = (record: RecipientImport) => record.status === 'completed' || record.status === 'failed';

const STATUS_COLOR = { queued: 'default', running: 'info', completed: 'success', failed: 'error' } as const;

export function ImportStatus({ record }: { record: RecipientImport }) {
  const translate = useTranslate();
  return <Chip size="small" color={STATUS_COLOR[record.status]} label={translate(`app.service_admin.imports.status.${record.status}`)} />;
}

/** Saves the rows an import refused as CSV (row number; Polish reason). */
export function ErrorsDownload({ serviceId, record, size }: { serviceId: string; record: RecipientImport; size?: 'small' }) {
  const translate = useTranslate();
  const toast = useToast();
  const download = useMutation({
    mutationFn: () => downloadApiFile(`${importsPath(serviceId)}/${record.id}/errors`, undefined, `import-${record.id}-bledy.csv`),
    onError: (error) => toast.error(errorMessage(error)),
  });
  if (record.rows_failed === 0) return null;
  return (
    <Button
      size={size}
      startIcon={<DownloadIcon />}
      onClick={() => download.mutate()}
      disabled={download.isPending}
      aria-label={translate('app.service_admin.imports.download_errors_of', { name: record.file_name })}
    >
      {translate('app.service_admin.imports.download_errors')}
    </Button>
  );
}

/** An import being followed: its job's progress bar until it ends, then what it did (and its errors to download). */
export function ImportOutcome({ serviceId, record: given }: { serviceId: string; record: RecipientImport }) {
  const translate = useTranslate();
  const current = useQuery({
    queryKey: ['recipient_imports', serviceId, given.id],
    queryFn: ({ signal }) => api<RecipientImport>(`${importsPath(serviceId)}/${given.id}`, { signal }),
    initialData: given,
    refetchInterval: (query) => (query.state.data && isFinished(query.state.data) ? false : 1000),
  });
  const record = current.data;
  return (
    <Box>
      {record.job_id && !isFinished(record) && <JobProgress jobId={record.job_id} />}
      {record.status === 'completed' && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }} role="status">
          <Typography>
            {translate('app.service_admin.imports.summary', { total: record.rows_total, created: record.rows_created, merged: record.rows_merged, failed: record.rows_failed })}
          </Typography>
          <ErrorsDownload serviceId={serviceId} record={record} />
        </Stack>
      )}
      {record.status === 'failed' && (
        <Alert severity="error" role="status">
          {record.failure ?? translate('errors.unexpected')}
        </Alert>
      )}
    </Box>
  );
}
