import { rm } from 'node:fs/promises';

/**
 * Starts the real server, compiled as `npm start` runs it (src/server/launch.mjs), on an empty
 * DATA_DIR, so the embedded database is created and seeded with the demo data on this start, as on
 * a user's first `npm start`.
 */
const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('DATA_DIR must name the directory to start afresh');
await rm(dataDir, { recursive: true, force: true });
await import(new URL('../../../src/server/launch.mjs', import.meta.url).href);
