import { moduleDemoAccounts } from '../modules';
import { buildApp } from './app';
import { ensureClientBuild } from './build-client';
import { loadConfig, publicUrlProblem } from './config';
import { closeContext, createContext } from './context';
import { seedIfEmpty } from './platform/db/seed';

const config = loadConfig();
if (config.serveClient) await ensureClientBuild(config);
const ctx = await createContext(config);
// Demo data only on the embedded database; a PostgreSQL server gets it through `npm run seed`.
if (!config.databaseUrl) await seedIfEmpty(ctx.db, config, moduleDemoAccounts);
const app = await buildApp(ctx, { logger: true });
const publicUrlWarning = publicUrlProblem(config.publicUrl);
if (publicUrlWarning) app.log.warn(publicUrlWarning);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => closeContext(ctx)).finally(() => process.exit(0));
  });
}
await app.listen({ port: config.port, host: config.host });
