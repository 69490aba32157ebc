import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRegistry, DEFAULT_PRODUCT, type Registry } from '../../common/schema';
import type { Config } from '../config';

declare module '../config' {
  interface Config {
    /** Folder of *.schema.json module files (SCHEMAS_DIR), default ./schemas of the project. */
    schemasDir?: string;
    /** Product name in {product} placeholders (PANEL_PRODUCT), e.g. limit field names. */
    product?: string;
  }
}

const projectSchemas = fileURLToPath(new URL('../../../schemas/', import.meta.url));

export function schemasDir(config: Config): string {
  return path.resolve(config.schemasDir ?? process.env.SCHEMAS_DIR ?? projectSchemas);
}

export function productName(config: Config): string {
  return config.product ?? process.env.PANEL_PRODUCT ?? DEFAULT_PRODUCT;
}

const registries = new Map<string, Registry>();

/** The registry of the configured schemas folder, read once per folder and product. */
export function serverRegistry(config: Config): Registry {
  const dir = schemasDir(config);
  const product = productName(config);
  const key = `${dir}\u0000${product}`;
  let registry = registries.get(key);
  if (!registry) {
    const files: Record<string, unknown> = {};
    for (const name of readdirSync(dir).filter((f) => f.endsWith('.schema.json'))) {
      const file = path.join(dir, name);
      files[file] = JSON.parse(readFileSync(file, 'utf8'));
    }
    registry = createRegistry(files, product);
    registries.set(key, registry);
  }
  return registry;
}
