import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const PROJECT_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * What the browser build reads besides the schemas: its own code, the shared code, the modules'
 * browser parts, the catalogues and the build's setup and dependencies.
 */
const CLIENT_SOURCES = ['src/client', 'src/common', 'src/modules', 'src/tools/build', 'i18n', 'vite.config.ts', 'package.json', 'package-lock.json'];
/** Folders of those the browser never reads (the modules' server code). */
const SKIPPED = new Set(['server', 'node_modules']);

/**
 * The browser build's sources by content: their paths and bytes, never their modification times. A
 * file saved again unchanged is the same source; a change made while a build runs differs from the
 * hash the build took at its start, so that build is never taken for an up-to-date one.
 */
export function clientSourcesHash(root = PROJECT_ROOT): string {
  const hash = createHash('sha256');
  const add = (relative: string) => {
    const full = path.join(root, relative);
    if (!existsSync(full)) return;
    if (statSync(full).isDirectory()) {
      for (const name of readdirSync(full).sort()) if (!SKIPPED.has(name)) add(path.posix.join(relative, name));
      return;
    }
    hash.update(relative).update('\0').update(readFileSync(full)).update('\0');
  };
  for (const source of CLIENT_SOURCES) add(source);
  return hash.digest('hex');
}
