import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from './config';
import { clientDist } from './platform/http/client';
import { t } from './platform/http/errors';
import { readSchemaFolder, SCHEMA_STAMP_FILE, schemaStamp } from './schema/folder';

const root = fileURLToPath(new URL('../../', import.meta.url));
const clientSources = ['src/client', 'src/common', 'src/tools/build', 'i18n', 'vite.config.ts', 'package.json'];

function newestChange(target: string): number {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce((newest, entry) => Math.max(newest, newestChange(path.join(target, entry))), stat.mtimeMs);
}

/** Whether the browser app in dist/client was built from the server's schemas folder and product. */
export function clientBuildMatches(config: Pick<Config, 'schemasDir' | 'product'>, dist = clientDist): boolean {
  const stampFile = path.join(dist, SCHEMA_STAMP_FILE);
  if (!existsSync(stampFile)) return false;
  const built = JSON.parse(readFileSync(stampFile, 'utf8')) as { stamp?: string };
  return built.stamp === schemaStamp(readSchemaFolder(config.schemasDir), config.product);
}

/** Refuses to serve a browser app built from other schemas or another product than the server's. */
export function assertClientBuildMatches(config: Pick<Config, 'schemasDir' | 'product'>, dist = clientDist): void {
  if (!clientBuildMatches(config, dist)) throw new Error(t('app.cli.client_build_mismatch', { schemas: config.schemasDir, product: config.product }));
}

/**
 * Builds the SPA with Vite when dist/client is missing, older than its sources, or built from other
 * schemas or another product than the server's configuration (the build reads the same SCHEMAS_DIR
 * and PANEL_PRODUCT).
 */
export async function ensureClientBuild(config: Pick<Config, 'schemasDir' | 'product'>): Promise<void> {
  const index = path.join(clientDist, 'index.html');
  if (existsSync(index) && clientBuildMatches(config)) {
    const built = statSync(index).mtimeMs;
    const sources = [...clientSources.map((p) => path.join(root, p)), config.schemasDir].filter(existsSync);
    if (sources.every((source) => newestChange(source) <= built)) return;
  }
  // vite.config.ts's schema plugin reads these, as loadConfig does.
  process.env.SCHEMAS_DIR = config.schemasDir;
  process.env.PANEL_PRODUCT = config.product;
  const { build } = await import('vite');
  await build({ configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn' });
}
