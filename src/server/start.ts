import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { ensureClientBuild } from './build-client';
import { type Config, loadConfig, publicUrlProblem } from './config';
import { closeContext, createContext } from './context';
import { openDb } from './platform/db';
import { demoIncomplete } from './platform/db/seed';
import type { Db } from './platform/db/types';
import { moduleDemoSeeds } from '../modules';

/**
 * The embedded database with its demo data. What the database lacks is seeded by a process of its
 * own (`launch.mjs seed`, as `npm run seed`), so that the server never holds what seeding used: sharp
 * drawing the demo pictures, and the pages the embedded database wrote (its WebAssembly memory never
 * shrinks). The embedded database takes one process at a time: it is closed while the seed runs.
 */
async function openEmbeddedWithDemo(config: Config): Promise<Db> {
  const db = await openDb(config);
  if (!(await demoIncomplete(db, moduleDemoSeeds))) return db;
  await db.close();
  const launcher = fileURLToPath(new URL('./launch.mjs', import.meta.url));
  const seed = spawn(process.execPath, [...process.execArgv, launcher, 'seed'], { stdio: 'inherit' });
  const [code] = (await once(seed, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`the demo data could not be seeded (exit code ${code})`);
  return openDb(config);
}

const config = loadConfig();
if (config.serveClient) await ensureClientBuild(config);
// A PostgreSQL server gets the shell's demo data only through `npm run seed`; module demos it lacks, at the start.
const ctx = await createContext(config, { db: config.databaseUrl ? undefined : await openEmbeddedWithDemo(config) });
const app = await buildApp(ctx, { logger: true });
const publicUrlWarning = publicUrlProblem(config.publicUrl);
if (publicUrlWarning) app.log.warn(publicUrlWarning);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => closeContext(ctx)).finally(() => process.exit(0));
  });
}
await app.listen({ port: config.port, host: config.host });
