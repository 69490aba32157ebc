/**
 * `npm run seed`, and the server's start on an embedded database that lacks demo data
 * (src/server/start.ts): on the configured database (DATABASE_URL, or the embedded one in DATA_DIR),
 * the shell's demo data when it has no users, then every module demo it lacks, written through the
 * modules' stores by the API as the server builds it (when ready).
 */
import { moduleDemoAccounts, moduleDemoSeeds } from '../../modules';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { closeContext, createContext } from '../context';
import { missingModuleDemos } from '../platform/db/demo';
import { seedIfEmpty } from '../platform/db/seed';
import { t } from '../platform/http/errors';

const config = { ...loadConfig(), serveClient: false, jobsEnabled: false };
const ctx = await createContext(config);
try {
  const shellSeeded = await seedIfEmpty(ctx.db, config, moduleDemoAccounts);
  const modulesMissing = (await missingModuleDemos(ctx.db, moduleDemoSeeds)).length > 0;
  const app = await buildApp(ctx);
  await app.ready();
  await app.close();
  if (!shellSeeded && !modulesMissing) process.stdout.write(`${t('app.cli.demo_not_empty')}\n`);
} finally {
  await closeContext(ctx);
}
