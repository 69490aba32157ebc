import type { ModuleDemoSeed } from '../../../../server/platform/db/demo';
import { t } from '../../../../server/platform/http/errors';
import { CRON_JOBS, CRON_PROJECTS } from './runner';

const MINUTE = 60_000;
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * MINUTE).toISOString();

/** The demo jobs under demo.cron.jobs.<key>: the panel's own tasks switched on, one URL call switched off (demo data makes no outside request). */
const JOBS = [
  { key: 'cleanup', values: { schedule: '30 3 * * *', enabled: true, kind: 'task', task: 'cleanup-expired-rows' } },
  { key: 'statistics', values: { schedule: '*/5 * * * *', enabled: true, kind: 'task', task: 'site-statistics-rollup' } },
  { key: 'ping', values: { schedule: '0 6 * * 1-5', enabled: false, kind: 'url', method: 'GET', path: '/api/health', timeout_seconds: 30 } },
] as const;

/** A few runs of the first two jobs, one failed and retried: the log is not empty on a first look. */
const RUNS = [
  { job: 0, minutes: 60 * 20, duration: 412, outcome: 'ok', attempt: 1, response: 'resources.cron_runs.task_done' },
  { job: 1, minutes: 12, duration: 3120, outcome: 'failed', attempt: 1, response: 'resources.cron_runs.task_failed' },
  { job: 1, minutes: 10, duration: 845, outcome: 'ok', attempt: 2, response: 'resources.cron_runs.task_done' },
  { job: 1, minutes: 5, duration: 790, outcome: 'ok', attempt: 1, response: 'resources.cron_runs.task_done' },
] as const;

/** Root's scheduled jobs: one project (the panel itself), three jobs and a short log. */
export const cronDemo: ModuleDemoSeed = {
  name: 'admin-cron',
  async seed(tx, api) {
    const projects = api.schemaModules.get(CRON_PROJECTS);
    const jobs = api.schemaModules.get(CRON_JOBS);
    if (!projects || !jobs) return;
    const owner = { serviceId: null, userId: null };
    const project = await projects.store.insert(tx, owner, { name: t('demo.cron.project'), base_url: 'https://panel.example.com' }, {});
    const ids: number[] = [];
    for (const job of JOBS) {
      const record = await jobs.store.insert(tx, owner, { name: t(`demo.cron.jobs.${job.key}`), project_id: project.id, retry_limit: 3, retry_delay_seconds: 60, ...job.values }, {});
      ids.push(record.id);
    }
    for (const run of RUNS) {
      await tx.query(
        `INSERT INTO cron_runs (cron_job_id, boss_job_id, attempt, started_at, finished_at, duration_ms, outcome, response)
         VALUES ($1, gen_random_uuid(), $2, $3, $3::timestamptz + $4 * interval '1 millisecond', $4, $5, $6)`,
        [ids[run.job], run.attempt, minutesAgo(run.minutes), run.duration, run.outcome, t(run.response)],
      );
    }
  },
};
