import { Alert } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { api, errorMessage } from '../providers/http';
import { useTranslateText } from '../providers/useTranslateText';
import { LabelledProgress } from './LabelledProgress';

/** What GET /api/jobs/{job_id} answers. */
export interface JobStatus {
  id: string;
  state: 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';
  progress: { done: number; total: number | null };
}

const FINAL_STATES = new Set<JobStatus['state']>(['completed', 'cancelled', 'failed']);

/** How far along the job is, in percent; undefined while that is not known (no total reported yet). */
function percentDone({ state, progress }: JobStatus): number | undefined {
  if (progress.total) return Math.min(100, Math.round((progress.done / progress.total) * 100));
  return state === 'completed' ? 100 : undefined;
}

/**
 * A job's progress bar: polls GET /api/jobs/{jobId} until the job ends, and shows its state and
 * "done of total" both on screen and to assistive technology (the bar's name and value text).
 */
export function JobProgress({ jobId, pollIntervalMs = 1000 }: { jobId: string; pollIntervalMs?: number }) {
  const translate = useTranslate();
  const message = useTranslateText();
  const query = useQuery({
    queryKey: ['job', jobId],
    queryFn: ({ signal }) => api<JobStatus>(`/jobs/${encodeURIComponent(jobId)}`, { signal }),
    refetchInterval: (current) => (current.state.data && FINAL_STATES.has(current.state.data.state) ? false : pollIntervalMs),
    retry: false,
  });

  if (query.isError) return <Alert severity="error">{message(errorMessage(query.error))}</Alert>;
  const job = query.data;
  const percent = job && percentDone(job);
  const counted = job?.progress.total ? translate('app.jobs.progress', { smart_count: job.progress.done, total: job.progress.total }) : undefined;
  const state = job ? translate(`app.jobs.state.${job.state}`) : undefined;
  const summary = [state, counted].filter(Boolean).join(', ');
  return <LabelledProgress label={translate('app.jobs.label')} summary={summary} percent={percent} failed={job?.state === 'failed'} />;
}
