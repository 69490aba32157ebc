import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError, httpError, t } from '../../../../server/platform/http/errors';
import { readPage } from '../../../../server/platform/http/pagination';
import { refusedOnSave } from '../../../../server/platform/outbound/guard';
import { USER_NEWS } from '../../../../server/modules/news';
import { documentOperation, moduleRoutes } from '../../../../server/schema';
import { CRON_JOBS_PATH, CRON_RUNS_PATH, type CronRun } from '../../common/cron';
import { CRON_JOBS, CRON_PROJECTS, cronQueue, cronScheduler, deleteOldRuns, parseHeaders, type CronDeps } from './runner';

export const CRON_RUNS_CLEANUP_TASK = 'cron-runs-cleanup';
/** Other servers sharing the database learn of jobs root changed there this often (a change here applies at once). */
const SYNC_INTERVAL_MS = 30_000;

/**
 * Root's scheduled jobs (/admin/cron, schemas/admin/cron-*.schema.json) beyond the engine: a project's
 * URL checked against the outbound guard on save, each job a pg-boss queue with its schedule kept in
 * step with the stored jobs, "run now", the runs' log (GET /admin/cron/runs) and its daily clean-up.
 */
export const cronServer = fp(
  async (app: FastifyInstance) => {
    const projects = moduleRoutes(app, CRON_PROJECTS);
    const cronJobs = moduleRoutes(app, CRON_JOBS);
    if (!projects || !cronJobs) return;
    const { db, jobs, mailer, config } = app.ctx;
    const deps: CronDeps = { db, jobs, mailer, config, news: moduleRoutes(app, USER_NEWS) };
    const scheduler = cronScheduler(deps);

    await jobs.define({ name: CRON_RUNS_CLEANUP_TASK, cron: '50 3 * * *', handler: () => deleteOldRuns(deps, config.cronRunsRetentionDays) });

    projects.addHooks({
      beforeWrite: async (_tx, _owner, values) => {
        await refuseNonPublicHost(String(values.base_url ?? ''), config.outboundAllowLoopback);
        return values;
      },
    });
    cronJobs.addHooks({
      beforeWrite: async (_tx, _owner, values) => {
        if (parseHeaders(values.headers as string | undefined) === undefined) {
          throw new HttpError(400, t('validation.form_invalid'), { headers: t('validation.cron_jobs.headers_invalid') });
        }
        return values;
      },
    });
    // The engine writes in a transaction; schedules follow once the answer is sent, when the write has committed.
    app.addHook('onResponse', async (request, reply) => {
      if (request.method !== 'GET' && reply.statusCode < 300 && request.routeOptions.url?.startsWith(`/api${CRON_JOBS_PATH}`)) await scheduler.sync();
    });
    if (config.jobsEnabled) {
      app.addHook('onReady', async () => {
        await scheduler.sync();
        const timer = setInterval(() => void scheduler.sync().catch((error: Error) => app.log.warn(`cron: ${error.message}`)), SYNC_INTERVAL_MS);
        timer.unref();
        app.addHook('onClose', async () => clearInterval(timer));
      });
    }

    const jobIdOf = async (request: FastifyRequest): Promise<number> => {
      const raw = (request.params as { id: string }).id;
      const { rows } = /^\d{1,15}$/.test(raw) ? await db.query('SELECT 1 FROM module_records WHERE resource = $1 AND id = $2', [CRON_JOBS, raw]) : { rows: [] };
      if (rows.length === 0) throw httpError(404, 'errors.cron.not_found');
      return Number(raw);
    };

    documentOperation(app, 'post', `${CRON_JOBS_PATH}/{id}/run`, {
      tags: ['cron'],
      summary: 'Root: runs the scheduled job now (logged like a scheduled run); {queued: false} when a run of it is already waiting',
      responses: { 202: { description: 'Queued' }, 401: { description: 'Not signed in' }, 403: { description: 'Not a root user' }, 404: { description: 'No such job' } },
    });
    app.post(`${CRON_JOBS_PATH}/:id/run`, { preHandler: app.requireRoot }, async (request, reply) => {
      const id = await jobIdOf(request);
      await scheduler.sync();
      const queued = await jobs.send(cronQueue(id), { manual: true });
      return reply.code(202).send({ queued: queued !== null });
    });

    documentOperation(app, 'get', CRON_RUNS_PATH, {
      tags: ['cron'],
      summary: 'Root: the runs of the scheduled jobs, newest first, {data: [{id, cron_job_id, job_name, attempt, started_at, finished_at, duration_ms, outcome, http_status, response}], pagination: {total}}; cron_job_id narrows it to one job',
      responses: { 200: { description: 'OK' }, 400: { description: 'A bad page or job id' }, 401: { description: 'Not signed in' }, 403: { description: 'Not a root user' } },
    });
    app.get(CRON_RUNS_PATH, { preHandler: app.requireRoot }, async (request) => {
      const { limit, offset } = readPage(request.query, 25);
      const rawJob = (request.query as { cron_job_id?: string }).cron_job_id;
      if (rawJob !== undefined && !/^\d{1,15}$/.test(rawJob)) throw httpError(400, 'errors.cron.bad_job_id');
      const jobFilter = rawJob ?? null;
      const { rows } = await db.query<CronRun & { job_name: string }>(
        `SELECT r.id, r.cron_job_id, j.data->>'name' AS job_name, r.attempt, r.started_at, r.finished_at, r.duration_ms, r.outcome, r.http_status, r.response
           FROM cron_runs r JOIN module_records j ON j.id = r.cron_job_id
          WHERE ($1::bigint IS NULL OR r.cron_job_id = $1::bigint)
          ORDER BY r.started_at DESC, r.id DESC LIMIT $2 OFFSET $3`,
        [jobFilter, limit, offset],
      );
      const { rows: counted } = await db.query<{ total: string }>('SELECT count(*) AS total FROM cron_runs WHERE ($1::bigint IS NULL OR cron_job_id = $1::bigint)', [jobFilter]);
      const moment = (value: unknown) => (value === null ? null : new Date(value as string).toISOString());
      return {
        data: rows.map((row) => ({ ...row, cron_job_id: Number(row.cron_job_id), started_at: moment(row.started_at), finished_at: moment(row.finished_at) })),
        pagination: { total: Number(counted[0].total) },
      };
    });
  },
  { name: 'admin-cron', dependencies: ['schema-modules'] },
);

/** A project's URL must not aim at the panel's own network: its host may not be (or resolve to) a loopback, private or link-local address. */
async function refuseNonPublicHost(url: string, allowLoopback: boolean): Promise<void> {
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    return; // the format check names it
  }
  if (await refusedOnSave(host, { allowLoopback })) throw new HttpError(400, t('validation.form_invalid'), { base_url: t('validation.cron_projects.base_url_refused') });
}

