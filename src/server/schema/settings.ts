import { createRegistry, type Registry } from '../../common/schema';
import type { Config } from '../config';
import { readSchemaFolder } from './folder';

const registries = new Map<string, Registry>();

/** The registry of the configured schemas folder, read once per folder and product. */
export function serverRegistry(config: Config): Registry {
  const { schemasDir: dir, product } = config;
  const key = `${dir}\u0000${product}`;
  let registry = registries.get(key);
  if (!registry) {
    registry = createRegistry(readSchemaFolder(dir), product);
    registries.set(key, registry);
  }
  return registry;
}
