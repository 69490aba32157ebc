import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { StoreBackend } from './store';

/** Objects as files under one directory (DATA_DIR), a key's segments its sub-folders. */
export function localBackend(root: string): StoreBackend {
  const fileOf = (key: string) => path.join(root, ...key.split('/'));
  return {
    async write(key, source) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      await pipeline(source, createWriteStream(file, { flags: 'wx', mode: 0o600 }));
    },
    async move(from, to) {
      const file = fileOf(to);
      await mkdir(path.dirname(file), { recursive: true });
      await rename(fileOf(from), file);
    },
    remove: (key) => rm(fileOf(key), { force: true }),
    async read(key) {
      const file = fileOf(key);
      const info = await stat(file).catch(() => null);
      return info?.isFile() ? { stream: createReadStream(file), length: info.size } : null;
    },
  };
}
