import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
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
      const sink = createWriteStream(file, { flags: 'wx', mode: 0o600 });
      try {
        await pipeline(source, sink);
      } catch (error) {
        // pipeline rejects as soon as the source fails, maybe before the file is even open: the
        // caller's removal would run first and the file appear after it. Wait for the sink to close.
        if (!sink.closed) await once(sink, 'close');
        throw error;
      }
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
    async listOlderThan(prefix, before) {
      const names = await readdir(fileOf(prefix)).catch(() => [] as string[]);
      const keys = names.map((name) => `${prefix}${name}`);
      const times = await Promise.all(keys.map((key) => stat(fileOf(key)).then((info) => info.mtime, () => null)));
      return keys.filter((_, index) => times[index] !== null && times[index]! < before);
    },
  };
}
