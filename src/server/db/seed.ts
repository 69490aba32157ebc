import type { Config } from '../config';
import type { Db } from './types';

/** Demo data (see issue 2). Implemented in src/server/db/seed/. */
export async function seedDemoData(_db: Db, _options: { password: string }): Promise<void> {}

export async function seedIfEmpty(_db: Db, _config: Config): Promise<void> {}
