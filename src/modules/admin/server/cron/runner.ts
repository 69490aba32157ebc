import type { Config } from '../../../../server/config';
import type { Db, Queryable } from '../../../../server/platform/db';
import { t } from '../../../../server/platform/http/errors';
import type { JobContext, JobDefinition, Jobs } from '../../../../server/platform/jobs';
import type { Mailer } from '../../../../server/platform/mail/mailer';
import { OutboundRefused } from '../../../../server/platform/outbound/guard';
import { guardedRequest } from '../../../../server/platform/outbound/http';
import type { ModuleRoutes } from '../../../../server/schema/module-routes';
import type { CronOutcome } from '../../common/cron';

export const CRON_JOBS = 'cron_jobs';
export const CRON_PROJECTS = 'cron_projects';
/** The header carrying a project's secret, so the far end knows the call is the panel's. */
export const SECRET_HEADER = 'X-Cron-Secret';
/** The part of an answer the log keeps. */
const KEPT_ANSWER_BYTES = 2048;
/** A URL call cut off by a crash is retried this long after its time limit. */
const EXPIRY_MARGIN_SECONDS = 60;
/** Retries of a job that names none (the schema's default). */
const DEFAULT_RETRY_LIMIT = 3;

/** Each scheduled job has its own pg-boss queue and schedule (pg-boss 10 keeps one schedule per queue). */
export const cronQueue = (cronJobId: number) => `cron-job-${cronJobId}`;

export interface CronJobValues {
  name: string;
  project_id: number;
  schedule: string;
  enabled: boolean;
  kind: 'url' | 'task';
  method?: string;
  path?: string;
  headers?: string;
  timeout_seconds?: number;
  task?: string;
  retry_limit?: number;
  retry_delay_seconds?: number;
}

interface ProjectValues {
  name: string;
  base_url: string;
  secret?: string;
}

export interface CronDeps {
  db: Db;
  jobs: Jobs;
  mailer: Mailer;
  config: Pick<Config, 'outboundAllowLoopback'>;
  /** Root's news to users, for the notice of a job that failed for good (absent when that module is). */
  news?: ModuleRoutes;
}

interface Result {
  outcome: Exclude<CronOutcome, 'running'>;
  httpStatus?: number;
  response: string;
}

/** Header lines `Name: value`, one a line; undefined when a line is not one (the form's message names the field). */
export function parseHeaders(text: string | undefined): Record<string, string> | undefined {
  const headers: Record<string, string> = {};
  for (const line of (text ?? '').split(/\r?\n/)) {
    if (line.trim() === '') continue;
    const match = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+):[ \t]*(.*?)[ \t]*$/.exec(line);
    if (!match) return undefined;
    headers[match[1]] = match[2];
  }
  return headers;
}

/** The pg-boss definition of a scheduled job: its schedule while it is on, its retries, and its run. */
export function cronDefinition(deps: CronDeps, id: number, values: CronJobValues): JobDefinition {
  return {
    name: cronQueue(id),
    // One waiting and one running at most: a run due while the last one still runs waits for it, never overlaps it.
    policy: 'stately',
    retryLimit: values.retry_limit ?? DEFAULT_RETRY_LIMIT,
    retryDelaySeconds: values.retry_delay_seconds ?? 60,
    retryBackoff: true,
    expireInSeconds: values.kind === 'url' ? (values.timeout_seconds ?? 30) + EXPIRY_MARGIN_SECONDS : undefined,
    cron: values.enabled ? values.schedule : undefined,
    handler: (job) => runCronJob(deps, id, job),
  };
}

/**
 * Keeps this server's pg-boss definitions in step with the stored jobs (a job root added, changed or
 * deleted here or on another server sharing the database). Calls run one after another.
 */
export function cronScheduler(deps: CronDeps): { sync(): Promise<void> } {
  const defined = new Map<number, string>();
  let last = Promise.resolve();
  const syncNow = async () => {
    const { rows } = await deps.db.query<{ id: string; data: CronJobValues }>('SELECT id, data FROM module_records WHERE resource = $1', [CRON_JOBS]);
    const stored = new Set<number>();
    for (const row of rows) {
      const id = Number(row.id);
      const signature = JSON.stringify(row.data);
      stored.add(id);
      if (defined.get(id) === signature) continue;
      await deps.jobs.define(cronDefinition(deps, id, row.data));
      defined.set(id, signature);
    }
    for (const id of defined.keys()) {
      if (stored.has(id)) continue;
      await deps.jobs.forget(cronQueue(id));
      defined.delete(id);
    }
  };
  return {
    sync: () => {
      last = last.then(syncNow, syncNow);
      return last;
    },
  };
}

/** One attempt of a scheduled job, logged from its start; a failure is thrown so pg-boss retries it. */
export async function runCronJob(deps: CronDeps, id: number, job: JobContext<Record<string, unknown>>): Promise<void> {
  const { db } = deps;
  const { rows } = await db.query<{ data: CronJobValues }>('SELECT data FROM module_records WHERE resource = $1 AND id = $2', [CRON_JOBS, id]);
  const values = rows[0]?.data;
  if (!values) return;
  // An earlier attempt of this very job still marked running was cut off (its server crashed or stopped): it failed.
  await db.query(
    `UPDATE cron_runs SET outcome = 'failed', finished_at = now(), duration_ms = (extract(epoch FROM now() - started_at) * 1000)::int, response = $2
      WHERE boss_job_id = $1 AND outcome = 'running'`,
    [job.id, t('resources.cron_runs.interrupted')],
  );
  const attempt = job.retryCount + 1;
  const { rows: started } = await db.query<{ id: number }>('INSERT INTO cron_runs (cron_job_id, boss_job_id, attempt) VALUES ($1, $2, $3) RETURNING id', [id, job.id, attempt]);
  const runId = started[0].id;
  const startedAt = Date.now();
  const result = values.kind === 'url' ? await callUrl(deps, values) : await runTask(deps, values, job);
  // Only a run still marked running is completed: one a retry already found cut off stays failed.
  await db.query(
    `UPDATE cron_runs SET finished_at = now(), duration_ms = $2, outcome = $3, http_status = $4, response = $5 WHERE id = $1 AND outcome = 'running'`,
    [runId, Date.now() - startedAt, result.outcome, result.httpStatus ?? null, result.response],
  );
  if (result.outcome === 'ok') return;
  if (job.retryCount >= (values.retry_limit ?? DEFAULT_RETRY_LIMIT)) await job.runOnce((tx) => notifyRoot(deps, tx, id, values), 'notice');
  throw new Error(`Scheduled job ${id} ${result.outcome}`);
}

async function callUrl(deps: CronDeps, values: CronJobValues): Promise<Result> {
  const { rows } = await deps.db.query<{ data: ProjectValues }>('SELECT data FROM module_records WHERE resource = $1 AND id = $2', [CRON_PROJECTS, values.project_id]);
  const project = rows[0]?.data;
  if (!project) return { outcome: 'failed', response: t('resources.cron_runs.no_project') };
  const url = `${project.base_url.replace(/\/+$/, '')}${values.path ?? ''}`;
  const headers = { ...parseHeaders(values.headers), ...(project.secret ? { [SECRET_HEADER]: project.secret } : {}) };
  try {
    const answer = await guardedRequest(url, { method: values.method ?? 'GET', headers, timeoutMs: (values.timeout_seconds ?? 30) * 1000 }, { allowLoopback: deps.config.outboundAllowLoopback });
    const ok = answer.status >= 200 && answer.status < 300;
    return { outcome: ok ? 'ok' : 'failed', httpStatus: answer.status, response: answer.body.subarray(0, KEPT_ANSWER_BYTES).toString('utf8') };
  } catch (error) {
    // Our own words only: a refusal or a network error never carries what the far end said.
    if (error instanceof OutboundRefused) return { outcome: 'failed', response: t('resources.cron_runs.refused') };
    const name = (error as Error).name;
    if (name === 'AbortError' || name === 'TimeoutError') return { outcome: 'timed_out', response: t('resources.cron_runs.timed_out') };
    return { outcome: 'failed', response: t('resources.cron_runs.unreachable') };
  }
}

async function runTask(deps: CronDeps, values: CronJobValues, job: JobContext<Record<string, unknown>>): Promise<Result> {
  try {
    await deps.jobs.runHandler(values.task ?? '', { ...job, data: {} });
    return { outcome: 'ok', response: t('resources.cron_runs.task_done') };
  } catch {
    return { outcome: 'failed', response: t('resources.cron_runs.task_failed') };
  }
}

/** A job failed after its last retry: a news item to the root users, and an e-mail to each with an address. */
async function notifyRoot(deps: CronDeps, tx: Queryable, id: number, values: CronJobValues): Promise<void> {
  const { rows: roots } = await tx.query<{ username: string; email: string }>('SELECT username, email FROM users WHERE is_root AND NOT is_blocked ORDER BY id');
  if (roots.length === 0) return;
  const title = t('resources.cron_runs.notice.title', { name: values.name });
  const lead = t('resources.cron_runs.notice.lead', { name: values.name, id });
  await deps.news?.store.insert(
    tx,
    { serviceId: null, userId: null },
    { title, lead, body: `<p>${lead}</p>`, date: new Date().toISOString(), audience: 'users', users: roots.map((root) => root.username), service_types: [], published: true, important: false },
    {},
  );
  for (const root of roots) if (root.email) await deps.mailer.send({ to: root.email, subject: title, text: lead });
}

/** Longer than any run may last (pg-boss expires a task's run after 15 minutes, a URL call's after its limit and a minute). */
const ABANDONED_AFTER_HOURS = 1;

/**
 * Deletes the runs older than the configured time (CRON_RUNS_RETENTION_DAYS), and closes as failed a
 * run still marked running long after it expired: one cut off on its last attempt, which no retry
 * finds, and whose job has so failed for good: root is told, as of any other last failure.
 */
export async function deleteOldRuns(deps: CronDeps, retentionDays: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await tx.query(`DELETE FROM cron_runs WHERE started_at < now() - $1 * interval '1 day'`, [retentionDays]);
    const { rows: abandoned } = await tx.query<{ id: number; attempt: number; data: CronJobValues }>(
      `WITH closed AS (
         UPDATE cron_runs SET outcome = 'failed', finished_at = now(), response = $2
          WHERE outcome = 'running' AND started_at < now() - $1 * interval '1 hour'
          RETURNING cron_job_id, attempt)
       SELECT r.id, closed.attempt, r.data FROM closed JOIN module_records r ON r.resource = $3 AND r.id = closed.cron_job_id`,
      [ABANDONED_AFTER_HOURS, t('resources.cron_runs.interrupted'), CRON_JOBS],
    );
    for (const run of abandoned) if (run.attempt > (run.data.retry_limit ?? DEFAULT_RETRY_LIMIT)) await notifyRoot(deps, tx, Number(run.id), run.data);
  });
}
