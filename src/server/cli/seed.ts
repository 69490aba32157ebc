/** `npm run seed`: demo data on the configured database (DATABASE_URL, or the embedded one in DATA_DIR) when it has no users. */
import { moduleDemoAccounts } from '../../modules';
import { loadConfig } from '../config';
import { openDb } from '../platform/db';
import { seedIfEmpty } from '../platform/db/seed';
import { t } from '../platform/http/errors';

const config = loadConfig();
const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  if (!(await seedIfEmpty(db, config, moduleDemoAccounts))) process.stdout.write(`${t('app.cli.demo_not_empty')}\n`);
} finally {
  await db.close();
}
