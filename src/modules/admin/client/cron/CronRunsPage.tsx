import { MenuItem, TextField, Typography } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useNavigate, useParams } from 'react-router';
import { api } from '../../../../client/providers/http';
import { type Page, PagedResults, RESULTS_PER_PAGE } from '../../../../client/ui/PagedResults';
import { RecordTable } from '../../../../client/ui/RecordTable';
import { formatMoment } from '../../../../common/panel-time';
import { CRON_JOBS_PATH, CRON_RUNS_PATH, type CronRun } from '../../common/cron';

const RUNS_ROUTE = '/admin/cron/logi';

/**
 * /admin/cron/logi (every job's runs) and /admin/cron/logi/{cron_job_id} (one job's), newest first:
 * start, end, duration, outcome, HTTP status, attempt and the start of the answer; the job chosen above the table.
 */
export default function CronRunsPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { cron_job_id: jobId } = useParams() as { cron_job_id?: string };
  const [page, setPage] = useState(1);
  const jobs = useQuery({
    queryKey: ['admin', 'cron', 'jobs', 'dictionary'],
    queryFn: ({ signal }) => api<{ data: { id: number; name: string }[] }>(`${CRON_JOBS_PATH}/dictionary`, { signal }),
  });
  const runs = useQuery({
    queryKey: ['admin', 'cron', 'runs', jobId ?? '', page],
    queryFn: ({ signal }) => api<Page<CronRun>>(`${CRON_RUNS_PATH}?${new URLSearchParams({ page: String(page), per_page: String(RESULTS_PER_PAGE), ...(jobId ? { cron_job_id: jobId } : {}) })}`, { signal }),
    placeholderData: keepPreviousData,
  });
  const column = (name: string) => translate(`resources.cron_runs.columns.${name}`);
  return (
    <>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {translate('resources.cron_runs.heading')}
      </Typography>
      <TextField
        select
        label={translate('resources.cron_runs.job_filter')}
        value={jobId ?? ''}
        onChange={(event) => {
          setPage(1);
          navigate(event.target.value ? `${RUNS_ROUTE}/${event.target.value}` : RUNS_ROUTE);
        }}
        size="small"
        sx={{ width: 320, mb: 2 }}
      >
        <MenuItem value="">{translate('resources.cron_runs.all_jobs')}</MenuItem>
        {(jobs.data?.data ?? []).map((job) => (
          <MenuItem key={job.id} value={String(job.id)}>
            {job.name}
          </MenuItem>
        ))}
      </TextField>
      <PagedResults query={runs} page={page} onPage={setPage} empty={translate('resources.cron_runs.empty')}>
        {(rows) => (
          <RecordTable
            label={translate('resources.cron_runs.table')}
            caption
            rows={rows}
            rowKey={(row) => row.id}
            busy={runs.isFetching}
            columns={[
              { key: 'job', label: column('job'), value: (row) => row.job_name },
              { key: 'started_at', label: column('started_at'), value: (row) => formatMoment(row.started_at) },
              { key: 'finished_at', label: column('finished_at'), value: (row) => formatMoment(row.finished_at) },
              { key: 'duration', label: column('duration'), value: (row) => (row.duration_ms === null ? '—' : translate('resources.cron_runs.duration_ms', { ms: row.duration_ms })), align: 'right' },
              { key: 'outcome', label: column('outcome'), value: (row) => translate(`resources.cron_runs.outcomes.${row.outcome}`) },
              { key: 'http_status', label: column('http_status'), value: (row) => row.http_status ?? '—', align: 'right' },
              { key: 'attempt', label: column('attempt'), value: (row) => row.attempt, align: 'right' },
              { key: 'response', label: column('response'), value: (row) => <AnswerText text={row.response} /> },
            ]}
          />
        )}
      </PagedResults>
    </>
  );
}

/** The length of an answer shown before it is opened. */
const ANSWER_PREVIEW = 80;

/** A run's answer (up to 2 kB): its start, the whole of it a click or Enter away. */
function AnswerText({ text }: { text: string | null }) {
  if (!text) return '—';
  if (text.length <= ANSWER_PREVIEW) return text;
  return (
    <details>
      <summary>{`${text.slice(0, ANSWER_PREVIEW)}…`}</summary>
      <Typography component="pre" variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', m: 0 }}>
        {text}
      </Typography>
    </details>
  );
}
