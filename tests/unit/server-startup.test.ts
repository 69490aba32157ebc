import { build } from 'esbuild';
import { expect, it } from 'vitest';

/**
 * Packages the server loads when it first needs them, not when it starts (issue 18: its memory):
 * image work (sharp: libvips and its threads) and the S3 client (only where files live in a bucket).
 */
const LOADED_WHEN_NEEDED = ['sharp', '@aws-sdk/client-s3'];

it('starts without importing the packages it loads only when it needs them', async () => {
  const { metafile } = await build({
    entryPoints: ['src/server/start.ts'],
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    packages: 'external',
    write: false,
    outdir: 'out',
    metafile: true,
    logLevel: 'silent',
  });
  // The static import graph from the entry point: what node loads before the server listens.
  const packages = new Set<string>();
  const visited = new Set<string>();
  const visit = (file: string) => {
    if (visited.has(file)) return;
    visited.add(file);
    for (const imported of metafile.inputs[file].imports) {
      if (imported.kind !== 'import-statement' && imported.kind !== 'require-call') continue;
      if (imported.external) packages.add(imported.path);
      else visit(imported.path);
    }
  };
  visit('src/server/start.ts');
  expect(visited.size).toBeGreaterThan(100);
  expect([...packages].filter((name) => LOADED_WHEN_NEEDED.some((wanted) => name === wanted || name.startsWith(`${wanted}/`)))).toEqual([]);
});
