import fs from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, expect, it, vi } from 'vitest';
import { localBackend } from '../../src/server/platform/files/local';

afterEach(() => vi.restoreAllMocks());

const KEY = 'tmp-uploads/0123456789abcdef01234567';

it('leaves no file behind when an upload fails while its file is still being opened', async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'panel-store-'));
  // A loaded machine: the file system opens the file only when the test lets it.
  const open = fs.open;
  let openAsked!: (letGo: () => void) => void;
  const asked = new Promise<() => void>((resolve) => (openAsked = resolve));
  let opened!: () => void;
  const openDone = new Promise<void>((resolve) => (opened = resolve));
  vi.spyOn(fs, 'open').mockImplementation(((...args: unknown[]) => {
    const callback = args.pop() as (error: Error | null, fd?: number) => void;
    openAsked(() =>
      (open as (...rest: unknown[]) => void)(...args, (error: Error | null, fd?: number) => {
        callback(error, fd);
        opened();
      }),
    );
  }) as unknown as typeof fs.open);

  const backend = localBackend(root);
  const refused = Readable.from(
    (async function* () {
      yield* [];
      throw new Error('too large');
    })(),
  );
  const settled = backend.write(KEY, refused).then(
    () => 'written',
    async (error: Error) => {
      // What the store does when a write fails: it removes the object.
      await backend.remove(KEY);
      return error.message;
    },
  );
  const letOpenGo = await asked;
  // Time for the failure to settle, were the write not to wait for its file.
  await Promise.race([settled, new Promise((resolve) => setImmediate(resolve))]);
  letOpenGo();
  expect(await settled).toBe('too large');
  await openDone;
  expect(await readdir(path.join(root, 'tmp-uploads'))).toEqual([]);
  await rm(root, { recursive: true, force: true });
});
