import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobs, type Jobs } from '../../src/server/platform/jobs';
import { CLEANUP_JOB } from '../../src/server/platform/jobs/cleanup';
import { cronDefinition, cronQueue, type CronJobValues } from '../../src/modules/admin/server/cron/runner';
import type { CronRun } from '../../src/modules/admin/common/cron';
import { createTestApp, type TestApp } from './support/app';
import { signedIn } from './support/signed-in';

/**
 * Root's scheduled jobs (issue 17, /admin/cron): projects and jobs on the engine, root only; cron
 * expressions refused with the Polish message; a project URL aimed at the panel's own network refused;
 * runs on pg-boss (run now, retries with backoff, a failure notified to root, a run cut off by a crash
 * logged failed and retried), and on PostgreSQL two servers running a job due every minute once a minute.
 */
let test: TestApp;
const { signIn, call } = signedIn(() => test);
const PROJECTS = '/api/admin/cron/projects';
const JOBS = '/api/admin/cron/jobs';
const RUNS = '/api/admin/cron/runs';
const SCHEDULE_INVALID = 'Wyrażenie cron jest nieprawidłowe: podaj pięć pól (minuta, godzina, dzień miesiąca, miesiąc, dzień tygodnia), np. */5 * * * *.';

/** A far end answering 500 with a body longer than the log keeps, counting the calls it gets. */
let farEnd: Server;
let farEndCalls = 0;
let farEndUrl = '';
let projectId = 0;
const extraJobs: Jobs[] = [];

beforeAll(async () => {
  farEnd = createServer((request, response) => {
    farEndCalls += 1;
    response.writeHead(500, { 'content-type': 'text/plain' }).end(`awaria ${request.headers['x-cron-secret']} ${'x'.repeat(5000)}`);
  });
  await new Promise<void>((resolve) => farEnd.listen(0, '127.0.0.1', resolve));
  farEndUrl = `http://127.0.0.1:${(farEnd.address() as AddressInfo).port}`;
  test = await createTestApp({ jobsEnabled: true, jobsPollingInterval: 0.5, outboundAllowLoopback: true });
  await signIn('admin', 'klient');
  const project = await call('POST', PROJECTS, { name: 'Sklep', base_url: 'https://93.184.215.14/cron', secret: 'tajne' }, 'admin');
  expect(project.statusCode, project.body).toBe(201);
  projectId = project.json().id;
}, 60_000);
afterAll(async () => {
  for (const jobs of extraJobs) await jobs.stop();
  await test?.close();
  farEnd?.close();
});

const create = async (body: Record<string, unknown>) => {
  const response = await call('POST', JOBS, { project_id: projectId, enabled: false, retry_limit: 0, ...body }, 'admin');
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number } & CronJobValues;
};
const runsOf = async (jobId: number) => {
  const response = await call('GET', `${RUNS}?cron_job_id=${jobId}&per_page=100`, undefined, 'admin');
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data as CronRun[]).sort((a, b) => a.attempt - b.attempt);
};

describe('the admin area: scheduled jobs', () => {
  it("has its entry in the admin area's menu, from its schema", async () => {
    const menu = await call('GET', '/api/user/menu/admin', undefined, 'admin');
    expect(menu.json().data.find((item: { prefix: string }) => item.prefix === 'admin_cron')).toMatchObject({ name: 'Zadania cykliczne', icon: 'Schedule' });
  });

  it('keeps projects and jobs for root: create, read, update, delete; the secret is never answered', async () => {
    const read = await call('GET', `${PROJECTS}/${projectId}`, undefined, 'admin');
    expect(read.json()).toMatchObject({ name: 'Sklep', base_url: 'https://93.184.215.14/cron' });
    expect(read.json()).not.toHaveProperty('secret');
    const job = await create({ name: 'Porządki', schedule: '30 3 * * *', kind: 'task', task: 'cleanup-expired-rows' });
    const updated = await call('PUT', `${JOBS}/${job.id}`, { ...job, name: 'Nocne porządki', schedule: '*/5 * * * *' }, 'admin');
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ name: 'Nocne porządki', schedule: '*/5 * * * *' });
    expect((await call('DELETE', `${JOBS}/${job.id}`, undefined, 'admin')).statusCode).toBe(204);
    expect((await call('GET', `${JOBS}/${job.id}`, undefined, 'admin')).statusCode).toBe(404);
  });

  it('refuses every call of a user who is not root', async () => {
    for (const [method, url] of [['GET', JOBS], ['POST', JOBS], ['GET', PROJECTS], ['GET', RUNS], ['POST', `${JOBS}/1/run`]] as const) {
      const response = await call(method, url, method === 'POST' ? {} : undefined, 'klient');
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('refuses bad cron expressions with the Polish message', async () => {
    for (const schedule of ['* * * *', '61 * * * *', '0 25 * * *', '* * * * * *', 'co minutę', '*/0 * * * *']) {
      const response = await call('POST', JOBS, { name: 'Zły', project_id: projectId, schedule, kind: 'task', task: 'cleanup-expired-rows' }, 'admin');
      expect(response.statusCode, schedule).toBe(400);
      expect(response.json()).toMatchObject({ detail: 'Proszę poprawnie wypełnić formularz.', errors: { schedule: SCHEDULE_INVALID } });
    }
  });

  it('refuses a project URL on a loopback, private or link-local address on save', async () => {
    const loopbackRefused = await createTestApp();
    try {
      const token = (await loopbackRefused.login('admin')).access_token;
      const loopback = await loopbackRefused.call({ method: 'POST', url: PROJECTS, token, payload: { name: 'Lokalny', base_url: 'http://127.0.0.1:8080/' } });
      expect(loopback.statusCode, loopback.body).toBe(400);
      expect(loopback.json().errors.base_url).toBe('Adres wskazuje sieć wewnętrzną (loopback, adres prywatny lub lokalny): podaj adres publiczny.');
    } finally {
      await loopbackRefused.close();
    }
    for (const base_url of ['http://10.0.0.5/', 'http://192.168.1.1/cron', 'http://169.254.169.254/latest', 'http://[fd00::1]/']) {
      const response = await call('POST', PROJECTS, { name: 'Wewnętrzny', base_url }, 'admin');
      expect(response.statusCode, base_url).toBe(400);
      expect(response.json().errors.base_url).toContain('sieć wewnętrzną');
    }
  });

  it('schedules a job switched on, and removes its schedule when it is switched off or deleted', async () => {
    const job = await create({ name: 'Statystyki', schedule: '*/5 * * * *', kind: 'task', task: 'site-statistics-rollup', enabled: true });
    const scheduled = async () => (await test.ctx.jobs.schedules()).find((schedule) => schedule.name === cronQueue(job.id));
    // Schedules follow a write once its answer is sent.
    await expect.poll(scheduled).toMatchObject({ cron: '*/5 * * * *', timezone: 'Europe/Warsaw' });
    await call('PUT', `${JOBS}/${job.id}`, { ...job, enabled: false }, 'admin');
    await expect.poll(scheduled).toBeUndefined();
    await call('PUT', `${JOBS}/${job.id}`, { ...job, enabled: true }, 'admin');
    await expect.poll(scheduled).toBeDefined();
    await call('DELETE', `${JOBS}/${job.id}`, undefined, 'admin');
    await expect.poll(scheduled).toBeUndefined();
  });

  it('runs a job now and logs the run', async () => {
    const job = await create({ name: 'Porządki teraz', schedule: '30 3 * * *', kind: 'task', task: 'cleanup-expired-rows' });
    const run = await call('POST', `${JOBS}/${job.id}/run`, undefined, 'admin');
    expect(run.statusCode, run.body).toBe(202);
    await expect.poll(async () => (await runsOf(job.id)).map((row) => row.outcome), { timeout: 15_000 }).toEqual(['ok']);
    const [logged] = await runsOf(job.id);
    expect(logged).toMatchObject({ cron_job_id: job.id, job_name: 'Porządki teraz', attempt: 1, response: 'Zadanie panelu wykonane.' });
    expect(new Date(logged.finished_at!).getTime()).toBeGreaterThanOrEqual(new Date(logged.started_at).getTime());
    expect(logged.duration_ms).toBeGreaterThanOrEqual(0);
    expect((await call('POST', `${JOBS}/999999/run`, undefined, 'admin')).statusCode).toBe(404);
    expect((await call('GET', `${RUNS}?cron_job_id=999999999999999`, undefined, 'admin')).json()).toEqual({ data: [], pagination: { total: 0 } });
    expect((await call('GET', `${RUNS}?cron_job_id=pierwsze`, undefined, 'admin')).statusCode).toBe(400);
  }, 30_000);

  it('retries a failing URL call with backoff, logs each attempt failed with the start of the answer, and notifies root', async () => {
    const project = await call('POST', PROJECTS, { name: 'Awaryjny', base_url: farEndUrl, secret: 'sekret-projektu' }, 'admin');
    expect(project.statusCode, project.body).toBe(201);
    const job = await create({ name: 'Wywołanie z błędem', project_id: project.json().id, schedule: '0 4 * * *', kind: 'url', method: 'POST', path: '/zadanie', timeout_seconds: 5, retry_limit: 2, retry_delay_seconds: 1 });
    farEndCalls = 0;
    await call('POST', `${JOBS}/${job.id}/run`, undefined, 'admin');
    await expect.poll(async () => (await runsOf(job.id)).filter((row) => row.outcome !== 'running').length, { timeout: 30_000, interval: 500 }).toBe(3);
    const runs = await runsOf(job.id);
    expect(runs.map((row) => [row.attempt, row.outcome, row.http_status])).toEqual([[1, 'failed', 500], [2, 'failed', 500], [3, 'failed', 500]]);
    expect(farEndCalls).toBe(3);
    expect(runs[0].response).toMatch(/^awaria sekret-projektu x+$/);
    expect(Buffer.byteLength(runs[0].response!)).toBe(2048);
    // Backoff: each retry waits at least the delay, the second longer than the first's minimum.
    const gaps = runs.slice(1).map((row, index) => new Date(row.started_at).getTime() - new Date(runs[index].finished_at!).getTime());
    expect(gaps[0]).toBeGreaterThanOrEqual(900);
    expect(gaps[1]).toBeGreaterThanOrEqual(900);
    await expect.poll(async () => (await test.ctx.db.query<{ users: string[] }>(`SELECT users FROM news WHERE title = $1`, ['Zadanie cykliczne „Wywołanie z błędem” nie powiodło się'])).rows, { timeout: 5_000 }).toEqual([{ users: ['admin'] }]);
    const outbox = await readdir(path.join(test.config.dataDir, 'outbox')).catch(() => [] as string[]);
    expect(outbox.length).toBeGreaterThan(0);
  }, 60_000);

  it('logs a run cut off by a crash as failed and runs it again on another server', async () => {
    const job = await create({ name: 'Przerwane porządki', schedule: '30 3 * * *', kind: 'task', task: CLEANUP_JOB, retry_limit: 2, retry_delay_seconds: 1 });
    // This server's run of the task hangs as if its process froze mid-run.
    let release = () => {};
    await test.ctx.jobs.define({ name: CLEANUP_JOB, handler: () => new Promise<void>((resolve) => (release = resolve)) });
    await call('POST', `${JOBS}/${job.id}/run`, undefined, 'admin');
    await expect.poll(async () => (await runsOf(job.id)).map((row) => row.outcome), { timeout: 15_000 }).toEqual(['running']);
    // A second server whose maintenance finds the run expired (its time is moved back past expiry) and retries it.
    const other = createJobs(test.ctx.db, { pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1 });
    extraJobs.push(other);
    await other.define({ name: CLEANUP_JOB, handler: async () => {} });
    await other.define(cronDefinition({ db: test.ctx.db, jobs: other, mailer: test.ctx.mailer, config: test.config }, job.id, job));
    await test.ctx.db.query(`UPDATE pgboss.job SET started_on = now() - interval '1 hour' WHERE name = $1 AND state = 'active'`, [cronQueue(job.id)]);
    await other.start();
    await expect.poll(async () => (await runsOf(job.id)).map((row) => [row.attempt, row.outcome]), { timeout: 20_000, interval: 500 }).toEqual([[1, 'failed'], [2, 'ok']]);
    expect((await runsOf(job.id))[0].response).toBe('Przebieg przerwany (serwer zatrzymał się przed jego końcem).');
    // The frozen run ending late changes nothing in the log.
    release();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await runsOf(job.id)).map((row) => row.outcome)).toEqual(['failed', 'ok']);
  }, 60_000);

  it('keeps runs for the configured time and closes a run abandoned on its last attempt as failed, telling root once', async () => {
    const job = await create({ name: 'Stare logi', schedule: '30 3 * * *', kind: 'task', task: 'cron-runs-cleanup', retry_limit: 1 });
    const insert = (hoursAgo: number, outcome: string, attempt = 1) =>
      test.ctx.db.query(`INSERT INTO cron_runs (cron_job_id, boss_job_id, attempt, started_at, outcome) VALUES ($1, gen_random_uuid(), $4, now() - $2 * interval '1 hour', $3)`, [job.id, hoursAgo, outcome, attempt]);
    const notices = async () => (await test.ctx.db.query(`SELECT users FROM news WHERE title = $1`, ['Zadanie cykliczne „Stare logi” nie powiodło się'])).rows;
    expect(test.config.cronRunsRetentionDays).toBe(30);
    await insert(31 * 24, 'ok');
    await insert(29 * 24, 'ok');
    await insert(0, 'running');
    // The daily clean-up, as its schedule runs it.
    const cleanUp = () => test.ctx.jobs.runHandler('cron-runs-cleanup', {} as never);
    // Cut off on its first attempt of two: its retry reports it, not the clean-up.
    await insert(3, 'running');
    await cleanUp();
    expect((await runsOf(job.id)).map((row) => row.outcome).sort()).toEqual(['failed', 'ok', 'running']);
    expect(await notices()).toEqual([]);
    // Cut off on its last attempt: no retry comes, so the job failed for good.
    await insert(2, 'running', 2);
    await cleanUp();
    await cleanUp();
    expect((await runsOf(job.id)).map((row) => row.outcome).sort()).toEqual(['failed', 'failed', 'ok', 'running']);
    expect(await notices()).toEqual([{ users: ['admin'] }]);
  });

  it.runIf(process.env.TEST_DATABASE_URL)('runs a job due every minute once a minute with two servers on one PostgreSQL database', async () => {
    const job = await create({ name: 'Co minutę', schedule: '* * * * *', kind: 'task', task: 'cron-runs-cleanup', enabled: true });
    const second = createJobs(test.ctx.db, { pollingIntervalSeconds: 0.5 });
    extraJobs.push(second);
    await second.define({ name: 'cron-runs-cleanup', handler: async () => {} });
    await second.define(cronDefinition({ db: test.ctx.db, jobs: second, mailer: test.ctx.mailer, config: test.config }, job.id, { ...job, enabled: true }));
    await second.start();
    // pg-boss's clock checks schedules every 30 s: two due moments take up to a minute and a half.
    const perMinute = async () => {
      const { rows } = await test.ctx.db.query<{ minute: string; runs: number }>(
        `SELECT date_trunc('minute', started_at)::text AS minute, count(*)::int AS runs FROM cron_runs WHERE cron_job_id = $1 GROUP BY 1 ORDER BY 1`,
        [job.id],
      );
      return rows;
    };
    await expect.poll(async () => (await perMinute()).length, { timeout: 150_000, interval: 2_000 }).toBeGreaterThanOrEqual(2);
    expect((await perMinute()).every((minute) => minute.runs === 1)).toBe(true);
  }, 180_000);
});

