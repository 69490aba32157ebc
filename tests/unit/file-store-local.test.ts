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
  let removing: Promise<void> | undefined;
  const settled = backend.write(KEY, refused).then(
    () => 'written',
    async (error: Error) => {
      // What the store does when a write fails: it removes the object.
      removing = backend.remove(KEY);
      await removing;
      return error.message;
    },
  );
  const letOpenGo = await asked;
  // Once the source has failed and the turn is over, a write that does not wait for its file has
  // failed already, and its removal is let finish before the file is opened.
  if (!refused.closed) await new Promise((resolve) => refused.once('close', resolve));
  await new Promise((resolve) => setImmediate(resolve));
  await removing;
  letOpenGo();
  expect(await settled).toBe('too large');
  await openDone;
  expect(await readdir(path.join(root, 'tmp-uploads'))).toEqual([]);
  await rm(root, { recursive: true, force: true });
});
