/** The scheduled jobs' API, root's only. */
export const ADMIN_CRON_PATH = '/admin/cron';
export const CRON_JOBS_PATH = `${ADMIN_CRON_PATH}/jobs`;
export const CRON_RUNS_PATH = `${ADMIN_CRON_PATH}/runs`;

/** How a run ended; 'running' until it does (or until a retry finds it cut off by a crash). */
export type CronOutcome = 'running' | 'ok' | 'failed' | 'timed_out';

export interface CronRun {
  id: number;
  cron_job_id: number;
  job_name: string;
  attempt: number;
  started_at: string;
  finished_at: string | null;
  duration_ms: number | null;
  outcome: CronOutcome;
  http_status: number | null;
  /** The first 2 kB of the far end's answer (a URL call), or the panel's own message. */
  response: string | null;
}
