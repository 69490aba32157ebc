import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { moduleDemoSeeds } from '../../src/modules';
import { missingModuleDemos } from '../../src/server/platform/db/demo';
import { signInThroughApi, waitUntilListening } from '../bench/server';
import { E2E_PASSWORD } from '../e2e/support/credentials';
import { freePort } from './support/free-port';
import { type KillTarget, onKillTarget } from './support/kill-target';

const LAUNCHER = fileURLToPath(new URL('../../src/server/launch.mjs', import.meta.url));

/** `npm run seed` on the target: its exit code and what it printed. */
async function runSeed(target: KillTarget): Promise<{ code: number | null; printed: string }> {
  const child = spawn(process.execPath, [LAUNCHER, 'seed'], { env: { ...process.env, ...target.env, PANEL_DEMO_PASSWORD: E2E_PASSWORD }, stdio: ['ignore', 'pipe', 'inherit'] });
  let printed = '';
  child.stdout.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, printed };
}

/** The demo's users and the module demos it lacks. */
async function demoOf(target: KillTarget): Promise<{ users: string[]; missing: string[] }> {
  const db = await target.open();
  try {
    const { rows } = await db.query<{ username: string }>('SELECT username FROM users ORDER BY username');
    return { users: rows.map((row) => row.username), missing: (await missingModuleDemos(db, moduleDemoSeeds)).map((seed) => seed.name) };
  } finally {
    await db.close();
  }
}

const USERS = ['admin', 'klient', 'klient2', 'nowy', 'redaktor'];

async function seedsOnce(target: KillTarget) {
  const first = await runSeed(target);
  expect(first.code).toBe(0);
  expect(first.printed).toContain('Utworzono dane demonstracyjne.');
  expect(await demoOf(target)).toEqual({ users: USERS, missing: [] });
  const second = await runSeed(target);
  expect(second).toEqual({ code: 0, printed: 'Baza danych zawiera już użytkowników; dane demonstracyjne nie zostały dodane.\n' });
}

describe('npm run seed', () => {
  it('writes the shell demo and every module demo on an empty embedded database, once', { timeout: 240_000 }, () => onKillTarget('pglite', 'panel-seed-', seedsOnce));
  it.runIf(process.env.TEST_DATABASE_URL)('and on PostgreSQL', { timeout: 240_000 }, () => onKillTarget('postgres', 'panel-seed-', seedsOnce));
});

describe('the first start on the embedded database', () => {
  it.runIf(process.platform === 'linux')(
    'seeds the whole demo in a process of its own: the server answers with it and never loaded the image library the demo pictures are drawn with',
    { timeout: 240_000 },
    () =>
      onKillTarget('pglite', 'panel-first-start-', async (target) => {
        const port = await freePort();
        const server = spawn(process.execPath, [LAUNCHER], {
          env: { ...process.env, ...target.env, PORT: String(port), HOST: '127.0.0.1', SERVE_CLIENT: 'false', PANEL_DEMO_PASSWORD: E2E_PASSWORD },
          stdio: ['ignore', 'ignore', 'inherit'],
        });
        try {
          const baseUrl = `http://127.0.0.1:${port}`;
          await waitUntilListening(server, `${baseUrl}/api/xsrf`, 180_000);
          expect(await signInThroughApi(baseUrl, 'klient')).toBeTruthy();
          const maps = await readFile(`/proc/${server.pid}/maps`, 'utf8');
          expect(maps).not.toMatch(/sharp|vips/);
        } finally {
          const exited = once(server, 'exit');
          server.kill('SIGTERM');
          await exited;
        }
        expect(await demoOf(target)).toEqual({ users: USERS, missing: [] });
      }),
  );
});
