import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { clientDist } from './http/client';

const root = fileURLToPath(new URL('../../', import.meta.url));
const clientSources = ['src/client', 'src/common', 'i18n', 'schemas', 'vite.config.ts', 'package.json'];

function newestChange(target: string): number {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce((newest, entry) => Math.max(newest, newestChange(path.join(target, entry))), stat.mtimeMs);
}

/** Builds the SPA with Vite when dist/client is missing or older than its sources. */
export async function ensureClientBuild(): Promise<void> {
  const index = path.join(clientDist, 'index.html');
  if (existsSync(index)) {
    const built = statSync(index).mtimeMs;
    const sources = clientSources.map((p) => path.join(root, p)).filter(existsSync);
    if (sources.every((source) => newestChange(source) <= built)) return;
  }
  const { build } = await import('vite');
  await build({ configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn' });
}
