import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from './config';
import { t } from './platform/http/errors';
import { readSchemaFolder, SCHEMA_STAMP_FILE, schemaStamp, type BuildStamp } from './schema/folder';
import { clientSourcesHash, PROJECT_ROOT } from '../tools/build/sourceHash';

export const clientDist = fileURLToPath(new URL('../../dist/client/', import.meta.url));

function builtStamp(dist: string): Partial<BuildStamp> | null {
  const stampFile = path.join(dist, SCHEMA_STAMP_FILE);
  return existsSync(stampFile) ? (JSON.parse(readFileSync(stampFile, 'utf8')) as Partial<BuildStamp>) : null;
}

/** Whether the browser app in dist/client was built from the server's schemas folder and product. */
export function clientBuildMatches(config: Pick<Config, 'schemasDir' | 'product'>, dist = clientDist): boolean {
  return builtStamp(dist)?.stamp === schemaStamp(readSchemaFolder(config.schemasDir), config.product);
}

/** Refuses to serve a browser app built from other schemas or another product than the server's. */
export function assertClientBuildMatches(config: Pick<Config, 'schemasDir' | 'product'>, dist = clientDist): void {
  if (!clientBuildMatches(config, dist)) throw new Error(t('app.cli.client_build_mismatch', { schemas: config.schemasDir, product: config.product }));
}

/**
 * Whether dist holds a build of today's sources and schemas, by content: the hashes the build took
 * as it started against today's. A source changed while that build ran makes it out of date.
 */
export function clientBuildIsCurrent(config: Pick<Config, 'schemasDir' | 'product'>, dist = clientDist, sourcesRoot = PROJECT_ROOT): boolean {
  return existsSync(path.join(dist, 'index.html')) && clientBuildMatches(config, dist) && builtStamp(dist)?.sources === clientSourcesHash(sourcesRoot);
}

/**
 * Builds the SPA with Vite unless dist/client holds a build of today's sources, schemas and product
 * (the build reads the same SCHEMAS_DIR and PANEL_PRODUCT).
 */
export async function ensureClientBuild(config: Pick<Config, 'schemasDir' | 'product'>): Promise<void> {
  if (clientBuildIsCurrent(config)) return;
  // vite.config.ts's schema plugin reads these, as loadConfig does.
  process.env.SCHEMAS_DIR = config.schemasDir;
  process.env.PANEL_PRODUCT = config.product;
  const { build } = await import('vite');
  // The runner loads the TypeScript config as the tests do (the bundling loader warns about extensionless imports).
  await build({ configFile: path.join(PROJECT_ROOT, 'vite.config.ts'), configLoader: 'runner', logLevel: 'warn' });
}
