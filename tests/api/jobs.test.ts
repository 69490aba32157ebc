import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createJobs } from '../../src/server/platform/jobs';
import { CLEANUP_JOB } from '../../src/server/platform/jobs/cleanup';
import { serviceOf } from './schema-fixtures';
import { createTestApp, type TestApp } from './support/app';
import { signedIn } from './support/signed-in';
import { until } from './support/until';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ jobsEnabled: true, jobsPollingInterval: 0.5 });
});
afterAll(() => t.close());

const stateOf = (name: string, id: string) => t.ctx.jobs.state(name, id);
const finished = (name: string, id: string) =>
  until(async () => {
    const job = await stateOf(name, id);
    return job && ['completed', 'failed'].includes(job.state) ? job : undefined;
  });

describe('job retries', () => {
  it('runs a failing job again, each time after a longer pause, until it succeeds', async () => {
    const startedAt: number[] = [];
    await t.ctx.jobs.define({
      name: 'test-flaky',
      retryLimit: 3,
      retryDelaySeconds: 1,
      retryBackoff: true,
      async handler(job) {
        startedAt.push(Date.now());
        if (job.retryCount < 2) throw new Error('not yet');
      },
    });
    const id = (await t.ctx.jobs.send('test-flaky', {}))!;
    const job = await finished('test-flaky', id);
    expect(job).toMatchObject({ state: 'completed', retryCount: 2 });
    expect(startedAt).toHaveLength(3);
    // Backoff: the first pause is 1–2 s, the second 2–4 s (doubled, with jitter).
    expect(startedAt[1] - startedAt[0]).toBeGreaterThanOrEqual(1000);
    expect(startedAt[2] - startedAt[1]).toBeGreaterThanOrEqual(2000);
  });

  it('gives up after retryLimit retries and leaves the job failed', async () => {
    let runs = 0;
    await t.ctx.jobs.define({
      name: 'test-broken',
      retryLimit: 1,
      async handler() {
        runs += 1;
        throw new Error('always');
      },
    });
    const id = (await t.ctx.jobs.send('test-broken', {}))!;
    expect(await finished('test-broken', id)).toMatchObject({ state: 'failed', retryCount: 1 });
    expect(runs).toBe(2);
  });
});

describe('runOnce', () => {
  it("commits each step's effect once, though the job runs again after failing", async () => {
    const { db, jobs } = t.ctx;
    await db.query('CREATE TABLE test_step_effects (step TEXT NOT NULL)');
    const ranPerAttempt: boolean[][] = [];
    await jobs.define({
      name: 'test-steps',
      retryLimit: 1,
      async handler(job) {
        const record = (step: string) => job.runOnce((tx) => tx.query('INSERT INTO test_step_effects (step) VALUES ($1)', [step]), step);
        ranPerAttempt.push([await record('a'), await record('b')]);
        if (job.retryCount === 0) throw new Error('fails after its effects');
      },
    });
    const id = (await jobs.send('test-steps', {}))!;
    expect(await finished('test-steps', id)).toMatchObject({ state: 'completed', retryCount: 1 });
    expect(ranPerAttempt).toEqual([
      [true, true],
      [false, false],
    ]);
    expect((await db.query('SELECT step FROM test_step_effects ORDER BY step')).rows).toEqual([{ step: 'a' }, { step: 'b' }]);
  });
});

describe('singleton keys', () => {
  it("on a 'short' queue keep a second job with the same key from being queued", async () => {
    await t.ctx.jobs.define({ name: 'test-short', policy: 'short', handler: async () => undefined });
    // Not due for a minute, so the first stays queued while the others are sent.
    const later = { startAfterSeconds: 60 };
    const first = await t.ctx.jobs.send('test-short', {}, { ...later, singletonKey: 'report-7' });
    const again = await t.ctx.jobs.send('test-short', {}, { ...later, singletonKey: 'report-7' });
    const other = await t.ctx.jobs.send('test-short', {}, { ...later, singletonKey: 'report-8' });
    expect(first).toEqual(expect.any(String));
    expect(again).toBeNull();
    expect(other).toEqual(expect.any(String));
  });

  it("on a 'stately' queue run the next job only after the active one, on any server, without a warning while it waits", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const runs: string[] = [];
    const definition = {
      name: 'test-stately',
      policy: 'stately' as const,
      handler: async (job: { id: string }) => {
        runs.push(job.id);
        if (runs.length === 1) await held;
      },
    };
    await t.ctx.jobs.define(definition);
    // A second server, idle while the first server's run holds: it is the one that polls the waiting job.
    const otherServer = createJobs(t.ctx.db, { pollingIntervalSeconds: 0.5 });
    await otherServer.define(definition);
    await otherServer.start();
    const warnings: string[] = [];
    const warn = vi.spyOn(console, 'warn').mockImplementation((message: unknown) => void warnings.push(String(message)));
    try {
      const first = (await t.ctx.jobs.send('test-stately', {}))!;
      await until(async () => (runs.length === 1 ? true : undefined));
      const second = (await t.ctx.jobs.send('test-stately', {}))!;
      // Several polls while the first holds: the second stays queued, and nothing is logged about it.
      await until(async () => ((await stateOf('test-stately', second))?.state === 'created' && warnings.length === 0 ? true : undefined));
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      expect(runs).toEqual([first]);
      release();
      expect((await finished('test-stately', second)).state).toBe('completed');
      expect(runs).toEqual([first, second]);
      expect(warnings).toEqual([]);
    } finally {
      warn.mockRestore();
      release();
      await otherServer.stop();
    }
  });

  it('with singletonSeconds send one job per key in the interval', async () => {
    await t.ctx.jobs.define({ name: 'test-throttled', handler: async () => undefined });
    const throttled = { singletonKey: 'user-5', singletonSeconds: 60 };
    expect(await t.ctx.jobs.send('test-throttled', {}, throttled)).toEqual(expect.any(String));
    expect(await t.ctx.jobs.send('test-throttled', {}, throttled)).toBeNull();
  });
});

describe('the clean-up cron job', () => {
  it('is scheduled daily', async () => {
    expect(await t.ctx.jobs.schedules()).toContainEqual(
      expect.objectContaining({ name: CLEANUP_JOB, cron: '30 3 * * *', timezone: 'Europe/Warsaw' }),
    );
  });

  it('deletes expired login attempts, refresh tokens and password reminders, and nothing still in use', async () => {
    const userId = await t.userId('klient');
    const { db, config } = t.ctx;
    await db.query('DELETE FROM login_attempts');
    await db.query(
      `INSERT INTO login_attempts (action, username, ip, succeeded, attempted_at)
       VALUES ('login', 'old', '10.0.0.1', false, now() - interval '61 minutes'),
              ('password_reminder', 'recent', '10.0.0.1', true, now() - interval '59 minutes')`,
    );
    const token = (hash: string, expires: string, revoked: string | null) =>
      db.query(
        `INSERT INTO refresh_tokens (user_id, family_id, token_hash, expires_at, revoked_at)
         VALUES ($1, 'f', $2, now() + $3::interval, now() - $4::interval)`,
        [userId, hash, expires, revoked],
      );
    const ttl = `${config.refreshTokenTtl} seconds`;
    await token('expired', '-1 minute', null);
    await token('revoked-long-ago', '1 day', `${config.refreshTokenTtl + 60} seconds`);
    await token('revoked-recently', '1 day', '1 hour');
    await token('valid', ttl, null);
    await db.query(
      `INSERT INTO password_reminders (user_id, code_hash, expires_at)
       VALUES ($1, 'expired', now() - interval '1 minute'), ($1, 'valid', now() + interval '10 minutes')`,
      [userId],
    );

    const id = (await t.ctx.jobs.send(CLEANUP_JOB, {}))!;
    expect(await finished(CLEANUP_JOB, id)).toMatchObject({ state: 'completed' });

    const column = async (sql: string) => (await db.query<{ value: string }>(sql)).rows.map((row) => row.value).sort();
    expect(await column('SELECT username AS value FROM login_attempts')).toEqual(['recent']);
    expect(await column("SELECT token_hash AS value FROM refresh_tokens WHERE family_id = 'f'")).toEqual(['revoked-recently', 'valid']);
    expect(await column('SELECT code_hash AS value FROM password_reminders')).toEqual(['valid']);
  });
});

describe('GET /api/jobs/{job_id}', () => {
  let release: () => void = () => undefined;
  let klient: string;
  let klient2: string;
  let admin: string;
  let serviceId: number;

  beforeAll(async () => {
    klient = (await t.login('klient')).access_token;
    klient2 = (await t.login('klient2')).access_token;
    admin = (await t.login('admin')).access_token;
    const { rows } = await t.ctx.db.query<{ id: number }>(
      `SELECT client_service_id AS id FROM client_service_users WHERE user_id = $1
        EXCEPT SELECT client_service_id FROM client_service_users WHERE user_id = $2 LIMIT 1`,
      [await t.userId('klient'), await t.userId('klient2')],
    );
    serviceId = rows[0].id;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await t.ctx.jobs.define<{ total: number }>({
      name: 'test-progress',
      async handler(job) {
        await job.progress(3, job.data.total);
        await gate;
        await job.progress(job.data.total, job.data.total);
      },
    });
  });
  afterAll(() => release());

  const get = (id: string, token?: string) => t.call({ method: 'GET', url: `/api/jobs/${id}`, token });
  const whenProgress = (id: string, token: string, done: number) =>
    until(async () => {
      const response = await get(id, token);
      return response.statusCode === 200 && response.json().progress.done === done ? response.json() : undefined;
    });

  it('reports state and progress to the user who sent the job, and 404 to anyone else', async () => {
    const id = (await t.ctx.jobs.send('test-progress', { total: 10 }, { owner: { userId: await t.userId('klient') } }))!;
    expect(await whenProgress(id, klient, 3)).toMatchObject({ id, state: 'active', progress: { done: 3, total: 10 } });

    for (const token of [klient2, admin]) {
      const response = await get(id, token);
      expect(response.statusCode).toBe(404);
      expect(response.json().detail).toBe('Nie znaleziono zadania.');
    }
    expect((await get(id)).statusCode).toBe(401);

    release();
    await finished('test-progress', id);
    expect((await get(id, klient)).json()).toMatchObject({ state: 'completed', progress: { done: 10, total: 10 } });
  });

  it("shows a service's job to that service's members (and root), not to others", async () => {
    const id = (await t.ctx.jobs.send('test-progress', { total: 4 }, { owner: { clientServiceId: serviceId } }))!;
    expect(await whenProgress(id, klient, 4)).toMatchObject({ state: 'completed', progress: { done: 4, total: 4 } });
    expect((await get(id, admin)).statusCode).toBe(200);
    expect((await get(id, klient2)).statusCode).toBe(404);
  });

  it('answers 404 for a job sent without an owner, an unknown id and a malformed id', async () => {
    const unowned = (await t.ctx.jobs.send('test-progress', { total: 1 }))!;
    for (const id of [unowned, '7d1e8f8c-4a41-4c1b-9a53-7f0e0c1d2b3a', 'not-a-uuid', '1']) {
      const response = await get(id, klient);
      expect(response.statusCode, id).toBe(404);
      expect(response.json().detail).toBe('Nie znaleziono zadania.');
    }
  });
});

describe('a job due now', () => {
  it('is taken when its transaction commits, not at the next poll a minute later', async () => {
    const slow = await createTestApp({ jobsEnabled: true, jobsPollingInterval: 60 });
    try {
      const runs: string[] = [];
      await slow.ctx.jobs.define<{ via: string }>({ name: 'test-woken', async handler(job) { runs.push(job.data.via); } });
      // The worker's first look for jobs has passed: the next poll is a minute away.
      await new Promise((resolve) => setTimeout(resolve, 500));
      const sent = await slow.ctx.db.transaction((tx) => slow.ctx.jobs.send('test-woken', { via: 'transaction' }, { tx }));
      const job = await until(async () => {
        const state = await slow.ctx.jobs.state('test-woken', sent!);
        return state?.state === 'completed' ? state : undefined;
      });
      expect(job.completedOn!.getTime() - job.createdOn.getTime()).toBeLessThan(30_000);
      expect(runs).toEqual(['transaction']);
    } finally {
      await slow.close();
    }
  });
});

describe('a server that runs no jobs, on a database no job server has prepared', () => {
  it('refuses work that needs a job with 503 in Polish, and keeps nothing of it', async () => {
    const webOnly = await createTestApp({ jobsEnabled: false });
    try {
      const { signIn, call } = signedIn(() => webOnly);
      await signIn('klient');
      const site = await serviceOf(webOnly, 'klient', 1);
      const root = (await call('GET', `/api/client_service/${site}/module/files`)).json() as { id: number };
      const response = await call('PUT', `/api/client_service/${site}/files/${root.id}/prepare`);
      expect(response.statusCode).toBe(503);
      expect(response.json().detail).toBe('Zadania w tle nie są teraz uruchomione, więc nie można tego zlecić. Spróbuj ponownie później.');
      expect((await webOnly.ctx.db.query('SELECT 1 FROM disk_archives')).rows).toEqual([]);
    } finally {
      await webOnly.close();
    }
  });
});
