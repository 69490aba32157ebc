import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createRegistry, type Registry } from '../../common/schema';
import type { Config } from '../config';

const registries = new Map<string, Registry>();

/** The registry of the configured schemas folder, read once per folder and product. */
export function serverRegistry(config: Config): Registry {
  const { schemasDir: dir, product } = config;
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
