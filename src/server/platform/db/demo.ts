import type { FastifyInstance } from 'fastify';
import { t } from '../http/errors';
import type { Db, Queryable } from './types';

/** A module's demo records (src/modules/<domain>/server/demo.ts), listed in src/modules/index.ts. */
export interface ModuleDemoSeed {
  /** Unique; recorded in demo_seeds, so the seed runs once per database. */
  name: string;
  /** Writes the demo records inside tx; api is the /api scope, with the schema modules decorated. */
  seed(tx: Queryable, api: FastifyInstance): Promise<void>;
  /** The demo accounts it adds, for the message printed when the demo data is created. */
  accounts?: readonly DemoAccount[];
}

/** A demo account as the start message presents it: its username and the catalogue key saying what to see with it. */
export interface DemoAccount {
  username: string;
  about: string;
}

export const SHELL_DEMO = 'shell';

/**
 * Runs every module demo seed the database lacks, each in its own transaction, when the database
 * holds the shell's demo data. The row is claimed first, so a second server starting at once waits
 * on it and then skips the seed.
 */
export async function seedModuleDemos(db: Db, api: FastifyInstance, seeds: readonly ModuleDemoSeed[]): Promise<void> {
  for (const seed of await missingModuleDemos(db, seeds)) {
    await db.transaction(async (tx) => {
      const claimed = await tx.query('INSERT INTO demo_seeds (name) VALUES ($1) ON CONFLICT DO NOTHING RETURNING name', [seed.name]);
      if (claimed.rows.length > 0) await seed.seed(tx, api);
    });
  }
}

/** The module demo seeds a database holding the shell's demo data lacks; none where it holds no demo data. */
export async function missingModuleDemos(db: Queryable, seeds: readonly ModuleDemoSeed[]): Promise<ModuleDemoSeed[]> {
  const { rows } = await db.query<{ name: string }>('SELECT name FROM demo_seeds');
  const done = new Set(rows.map((row) => row.name));
  return done.has(SHELL_DEMO) ? seeds.filter((seed) => !done.has(seed.name)) : [];
}

/** The id of a demo user (admin, klient, klient2, nowy). */
export async function demoUserId(tx: Queryable, username: string): Promise<number> {
  const { rows } = await tx.query<{ id: number }>('SELECT id FROM users WHERE username = $1', [username]);
  return rows[0].id;
}

/** The id of a demo service by its name's catalogue key (demo.services.*). */
export async function demoServiceId(tx: Queryable, nameKey: string): Promise<number> {
  const { rows } = await tx.query<{ id: number }>('SELECT id FROM client_services WHERE name = $1 ORDER BY id LIMIT 1', [t(nameKey)]);
  return rows[0].id;
}

/**
 * Writes a demo record of a schema module through its store (so its cached lists see it), owned by
 * a service (and a parent record, for a nested module's).
 */
export function insertDemoRecord(
  tx: Queryable,
  api: FastifyInstance,
  resource: string,
  owner: { serviceId: number; parentId?: number | null },
  values: Record<string, unknown>,
  files: Record<string, string> = {},
) {
  return api.schemaModules.get(resource)!.store.insert(tx, { userId: null, ...owner }, values, files);
}
