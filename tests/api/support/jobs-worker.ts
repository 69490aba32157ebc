/**
 * A job worker process for tests/api/jobs-kill.test.ts, over DATABASE_URL or the PGlite data dir in
 * DATA_DIR. Arguments: enqueue|work, queue name, job count, and for enqueue a number of effects
 * after which jobs hang. `enqueue` first sends the jobs in one transaction (all or none); then
 * (both modes) it works, printing one JSON line per tick: {"effects": jobs whose effect is recorded,
 * "remaining": jobs not finished, "hanging": jobs hanging after their effect}. It exits once nothing
 * remains. Even keys are runOnce jobs, odd keys plain ones.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { openDb, type Queryable } from '../../../src/server/platform/db';
import { createJobs } from '../../../src/server/platform/jobs';

const [mode, queue, jobCount, hangAfter] = process.argv.slice(2);
const db = await openDb({ databaseUrl: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR ?? 'memory' });
await db.query('CREATE TABLE IF NOT EXISTS kill_test_effects (job_key INTEGER NOT NULL, once BOOLEAN NOT NULL)');

// A run cut off by the kill expires after 3 s and maintenance (every second) puts it back.
const jobs = createJobs(db, { pollingIntervalSeconds: 0.5, batchSize: 20, maintenanceIntervalSeconds: 1 });
let effects = 0;
let hanging = 0;
await jobs.define<{ key: number; once: boolean }>({
  name: queue,
  expireInSeconds: 3,
  retryLimit: 5,
  async handler(job) {
    await sleep(5);
    const record = (queryable: Queryable) =>
      queryable.query('INSERT INTO kill_test_effects (job_key, once) VALUES ($1, $2)', [job.data.key, job.data.once]);
    if (job.data.once) await job.runOnce(record);
    else await record(db);
    effects += 1;
    // Past hangAfter, jobs stay uncompleted after their effect committed, so a kill then finds
    // exactly the case runOnce is for: the job will run again.
    if (mode === 'enqueue' && effects >= Number(hangAfter)) {
      hanging += 1;
      await sleep(60_000);
    }
  },
});
await jobs.start();

if (mode === 'enqueue') {
  await db.transaction(async (tx) => {
    for (let key = 0; key < Number(jobCount); key += 1) await jobs.send(queue, { key, once: key % 2 === 0 }, { tx });
  });
}

for (;;) {
  const { rows } = await db.query<{ effects: number; remaining: number }>(
    `SELECT (SELECT count(DISTINCT job_key) FROM kill_test_effects)::int AS effects,
            (SELECT count(*) FROM pgboss.job WHERE name = $1 AND state < 'completed')::int AS remaining`,
    [queue],
  );
  console.log(JSON.stringify({ ...rows[0], hanging }));
  if (rows[0].remaining === 0) break;
  await sleep(100);
}
await jobs.stop();
await db.close();
