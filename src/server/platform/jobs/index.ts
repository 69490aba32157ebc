import { randomUUID } from 'node:crypto';
import PgBoss from 'pg-boss';
import type { Db, Queryable } from '../db';
import { withSchemaLock } from '../db/migrate';
import { httpError } from '../http/errors';
import { bossDb, bossTransaction } from './boss-db';
import { PANEL_TIME_ZONE } from '../../../common/panel-time';

/** Who may follow a job through GET /api/jobs/{id}: its user, or the members of its service. */
export interface JobOwner {
  userId?: number;
  clientServiceId?: number;
}

export interface JobContext<Data> {
  id: string;
  name: string;
  data: Data;
  /** Earlier attempts of this job (0 on the first run). */
  retryCount: number;
  /** Stores how far the job got (for jobs sent with an owner, who sees it as a progress bar). */
  progress(done: number, total: number): Promise<void>;
  /**
   * Runs effect in a transaction that also records this job (or its step) as done, so the effect
   * commits at most once even when the job runs again (pg-boss delivers at least once: a crash after
   * the effect but before the job is marked complete repeats it). Resolves false, without running
   * effect, when an earlier run committed it. The effect must write through tx. A job doing several
   * effects names each step (e.g. a recipient's id).
   */
  runOnce(effect: (tx: Queryable) => Promise<unknown>, step?: string): Promise<boolean>;
}

export interface JobDefinition<Data = Record<string, unknown>> {
  name: string;
  handler(job: JobContext<Data>): Promise<void>;
  /** pg-boss queue policy; 'short' keeps one queued job per singleton key, 'stately' one queued and one active. */
  policy?: PgBoss.QueuePolicy;
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** Doubles the delay after each failure (with jitter). */
  retryBackoff?: boolean;
  /** A run taking longer fails (and is retried); a run cut off by a crash is retried after it. */
  expireInSeconds?: number;
  /** Cron expression (Europe/Warsaw time) on which the job is sent with empty data; without it, no schedule. */
  cron?: string;
}

export interface SendOptions {
  owner?: JobOwner;
  /** With a 'short' or 'stately' queue, or with singletonSeconds: a second job with the key is not sent. */
  singletonKey?: string;
  singletonSeconds?: number;
  startAfterSeconds?: number;
  retryLimit?: number;
  retryDelaySeconds?: number;
  retryBackoff?: boolean;
  /** Sends inside the caller's transaction: the job exists only if that commits. */
  tx?: Queryable;
}

export interface JobState {
  name: string;
  state: 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';
  retryCount: number;
  createdOn: Date;
  startedOn: Date | null;
  completedOn: Date | null;
}

export interface JobsOptions {
  /** How often an idle worker looks for jobs. */
  pollingIntervalSeconds?: number;
  /** Jobs one worker takes at a time (run concurrently). */
  batchSize?: number;
  /** How often expired jobs (their run cut off by a crash) are put back for a retry. */
  maintenanceIntervalSeconds?: number;
}

export interface Jobs {
  /** Registers a handler (and its queue and cron schedule); works before and after start, and again to change it. */
  define<Data>(definition: JobDefinition<Data>): Promise<void>;
  /** Drops a definition: its worker, its schedule and its queue with the jobs in it. */
  forget(name: string): Promise<void>;
  /** Runs a defined job's handler here and now, within the caller's own job (a scheduled job running one of the panel's tasks). */
  runHandler(name: string, job: JobContext<Record<string, never>>): Promise<void>;
  /** Resolves to the job id, or null when a singleton key kept it from being sent. */
  send<Data extends object>(name: string, data: Data, options?: SendOptions): Promise<string | null>;
  state(name: string, id: string): Promise<JobState | null>;
  schedules(): Promise<{ name: string; cron: string; timezone: string }[]>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A job due now is announced on this channel (its queue's name) when its transaction commits, so
 * a worker takes it at once instead of at its next poll (a user waits on an import's progress).
 */
const WAKE_CHANNEL = 'jobs_wake';

/** Durable jobs in the project's database (pg-boss schema "pgboss"); several processes may share them. */
export function createJobs(db: Db, options: JobsOptions = {}): Jobs {
  const { pollingIntervalSeconds = 2, batchSize = 10, maintenanceIntervalSeconds = 60 } = options;
  const boss = new PgBoss({ db: bossDb(db), maintenanceIntervalSeconds, schedule: true, supervise: true, migrate: true });
  let started = false;
  let stopping = false;
  let stopListening: (() => Promise<void>) | undefined;
  // Errors of polling and maintenance loops; pg-boss retries them on its next tick.
  boss.on('error', (error) => {
    if (!stopping) console.warn(`jobs: ${error.message}`);
  });
  const definitions = new Map<string, JobDefinition<never>>();
  const workerIds = new Map<string, string>();
  const knownQueues = new Set<string>();

  const contextFor = <Data>(job: PgBoss.JobWithMetadata<Data>): JobContext<Data> => ({
    id: job.id,
    name: job.name,
    data: job.data,
    retryCount: job.retryCount,
    async progress(done, total) {
      await db.query('UPDATE job_tracking SET progress_done = $2, progress_total = $3, updated_at = now() WHERE job_id = $1', [
        job.id,
        done,
        total,
      ]);
    },
    runOnce: (effect, step = '') =>
      db.transaction(async (tx) => {
        const { affectedRows } = await tx.query('INSERT INTO job_runs_once (job_id, step) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
          job.id,
          step,
        ]);
        if (affectedRows === 0) return false;
        await effect(tx);
        return true;
      }),
  });

  /**
   * pg-boss creates its schema when it finds none, and a table per queue: DDL that deadlocks or
   * collides when servers starting together on one PostgreSQL server run it at once, so they take
   * turns (the embedded database has one process, and one connection that a lock would block).
   */
  const oneServerAtATime = async (work: () => Promise<unknown>) => {
    if (db.kind === 'postgres') await withSchemaLock(db, work);
    else await work();
  };

  const install = async <Data>(definition: JobDefinition<Data>) => {
    // pg-boss validates (and then extends) each options object: a fresh one per call.
    const queue = () =>
      withoutUndefined({
        name: definition.name,
        policy: definition.policy,
        retryLimit: definition.retryLimit,
        retryDelay: definition.retryDelaySeconds,
        retryBackoff: definition.retryBackoff,
        expireInSeconds: definition.expireInSeconds,
      });
    await oneServerAtATime(async () => {
      await boss.createQueue(definition.name, queue());
      // createQueue leaves an existing queue alone; the definition in code wins.
      await boss.updateQueue(definition.name, queue());
      if (definition.cron) await boss.schedule(definition.name, definition.cron, {}, { tz: PANEL_TIME_ZONE });
      else await boss.unschedule(definition.name);
    });
    // A definition given again replaces its worker (a scheduled job root changed).
    if (workerIds.delete(definition.name)) await boss.offWork(definition.name);
    const worker = await boss.work<Data>(definition.name, { batchSize, pollingIntervalSeconds, includeMetadata: true }, async (batch) => {
      // Each job completes or fails on its own; pg-boss's own completion of the batch then finds nothing active.
      await Promise.all(
        batch.map(async (job) => {
          try {
            await definition.handler(contextFor(job));
            await boss.complete(definition.name, job.id);
          } catch (error) {
            await boss.fail(definition.name, job.id, error as object);
          }
        }),
      );
      // pg-boss waits a polling interval after each batch; a full batch suggests more work, so look again at once.
      // (Unknown only if the first batch came before work() returned.)
      const workerId = workerIds.get(definition.name);
      if (batch.length === batchSize && workerId) boss.notifyWorker(workerId);
    });
    workerIds.set(definition.name, worker);
  };

  return {
    async define(definition) {
      definitions.set(definition.name, definition as JobDefinition<never>);
      if (started) await install(definition);
    },
    async forget(name) {
      definitions.delete(name);
      if (!started) return;
      if (workerIds.delete(name)) await boss.offWork(name);
      await oneServerAtATime(async () => {
        await boss.unschedule(name);
        await boss.deleteQueue(name);
      });
    },
    async runHandler(name, job) {
      const definition = definitions.get(name) as JobDefinition<Record<string, never>> | undefined;
      if (!definition) throw new Error(`No job ${name} is defined`);
      await definition.handler(job);
    },
    async send(name, data, sendOptions = {}) {
      const { owner, tx, singletonKey, singletonSeconds, startAfterSeconds, retryLimit, retryDelaySeconds, retryBackoff } = sendOptions;
      // A server that runs no jobs (JOBS_ENABLED=false) queues for one that does; until such a server has made the queue, nothing would run it.
      if (!started && !knownQueues.has(name)) {
        if (!(await queueExists(tx ?? db, name))) throw httpError(503, 'errors.jobs_unavailable');
        // A queue, once made, stays: asked once per server.
        knownQueues.add(name);
      }
      const enqueue = async (queryable: Queryable) => {
        const id = await boss.send(
          name,
          data,
          withoutUndefined({
            id: randomUUID(),
            singletonKey,
            singletonSeconds,
            startAfter: startAfterSeconds,
            retryLimit,
            retryDelay: retryDelaySeconds,
            retryBackoff,
            db: bossTransaction(queryable),
          }),
        );
        if (id && owner) {
          await queryable.query('INSERT INTO job_tracking (job_id, queue, owner_user_id, client_service_id) VALUES ($1, $2, $3, $4)', [
            id,
            name,
            owner.userId ?? null,
            owner.clientServiceId ?? null,
          ]);
        }
        if (id && startAfterSeconds === undefined) await queryable.query('SELECT pg_notify($1, $2)', [WAKE_CHANNEL, name]);
        return id;
      };
      return tx ? enqueue(tx) : db.transaction(enqueue);
    },
    async state(name, id) {
      const job = await boss.getJobById(name, id, { includeArchive: true });
      if (!job) return null;
      const { state, retryCount, createdOn, startedOn, completedOn } = job;
      return { name, state, retryCount, createdOn, startedOn, completedOn };
    },
    async schedules() {
      return (await boss.getSchedules()) as unknown as { name: string; cron: string; timezone: string }[];
    },
    async start() {
      if (started) return;
      stopping = false;
      await oneServerAtATime(() => boss.start());
      started = true;
      stopListening = await db.listen(WAKE_CHANNEL, (queue) => {
        const workerId = workerIds.get(queue);
        if (workerId) boss.notifyWorker(workerId);
      });
      for (const definition of definitions.values()) await install(definition);
    },
    async stop() {
      if (!started) return;
      stopping = true;
      await stopListening?.();
      stopListening = undefined;
      await boss.stop({ graceful: true, timeout: 10_000, close: false });
      started = false;
    },
  };
}

/** Whether pg-boss's schema and the queue exist (a server running jobs makes both at its start). */
async function queueExists(db: Queryable, name: string): Promise<boolean> {
  const { rows } = await db.query<{ schema: string | null }>("SELECT to_regclass('pgboss.queue')::text AS schema");
  if (rows[0]?.schema === null || rows[0]?.schema === undefined) return false;
  return (await db.query('SELECT 1 FROM pgboss.queue WHERE name = $1', [name])).rows.length > 0;
}

/** pg-boss checks options by presence ('retryDelay' in options), so absent ones must not be there at all. */
function withoutUndefined<T extends object>(options: T): T {
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as T;
}
