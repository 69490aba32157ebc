import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type KillTarget, onKillTarget } from './support/kill-target';

const WORKER = fileURLToPath(new URL('./support/jobs-worker.ts', import.meta.url));
const QUEUE = 'kill-test';
const JOB_COUNT = 1000;
const KILL_AFTER_EFFECTS = 300;

interface Report {
  effects: number;
  remaining: number;
  hanging: number;
}

/** A worker process (tests/api/support/jobs-worker.ts) and the progress lines it prints. */
function startWorker(mode: 'enqueue' | 'work', target: KillTarget) {
  const child = spawn(process.execPath, ['--import', 'tsx', WORKER, mode, QUEUE, String(JOB_COUNT), String(KILL_AFTER_EFFECTS)], {
    env: { ...process.env, ...target.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const lines = createInterface({ input: child.stdout });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    /** Resolves with the first report that satisfies wanted; rejects if the worker ends first. */
    reportWhere: (wanted: (report: Report) => boolean) =>
      new Promise<Report>((resolve, reject) => {
        lines.on('line', (line) => {
          const report = JSON.parse(line) as Report;
          if (wanted(report)) resolve(report);
        });
        void exited.then((code) => reject(new Error(`worker ended (${code}) first: ${stderr}`)));
      }),
    async finished() {
      const code = await exited;
      if (code !== 0) throw new Error(`worker failed (${code}): ${stderr}`);
    },
  };
}

/**
 * The "done when": 1,000 jobs, the worker killed with SIGKILL mid-way, a new worker (two on
 * PostgreSQL, sharing the work) finishes: every job's effect is recorded, and a runOnce job's
 * effect exactly once although jobs cut off by the kill run again.
 */
async function killMidwayAndFinish(target: KillTarget, restartedWorkers: number) {
  const first = startWorker('enqueue', target);
  // Killed while jobs of both kinds (among 15 random keys) hang after their effect, not yet complete.
  const beforeKill = await first.reportWhere((report) => report.hanging >= 15);
  first.child.kill('SIGKILL');
  await first.finished().catch(() => undefined);
  expect(beforeKill.effects).toBeLessThan(JOB_COUNT);

  const restarted = Array.from({ length: restartedWorkers }, () => startWorker('work', target));
  await Promise.all(restarted.map((worker) => worker.finished()));

  const db = await target.open();
  try {
    const count = async (sql: string, params: unknown[] = []) => (await db.query<{ n: number }>(sql, params)).rows[0].n;
    expect(await count('SELECT count(DISTINCT job_key)::int AS n FROM kill_test_effects')).toBe(JOB_COUNT);
    expect(await count('SELECT count(*)::int AS n FROM kill_test_effects WHERE once')).toBe(JOB_COUNT / 2);
    expect(await count(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND state = 'completed'`, [QUEUE])).toBe(JOB_COUNT);
    // The kill did cut jobs off mid-run: they were taken again after expiring.
    expect(await count('SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND retry_count > 0', [QUEUE])).toBeGreaterThan(0);
    // Jobs killed after their effect committed ran again: a plain job's effect repeated, a runOnce job's did not.
    expect(await count('SELECT (count(*) - count(DISTINCT job_key))::int AS n FROM kill_test_effects WHERE NOT once')).toBeGreaterThan(0);
  } finally {
    await db.close();
  }
}

describe('jobs survive kill -9 of the worker', () => {
  // On PGlite one process at a time opens the data dir.
  it('on PGlite (a data dir)', { timeout: 90_000 }, () => onKillTarget('pglite', 'panel-jobs-kill-', (target) => killMidwayAndFinish(target, 1)));

  it.runIf(process.env.TEST_DATABASE_URL)('on PostgreSQL, two workers sharing the work after the restart', { timeout: 90_000 }, () =>
    onKillTarget('postgres', 'panel-jobs-kill-', (target) => killMidwayAndFinish(target, 2)),
  );
});
