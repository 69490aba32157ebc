import { readFileSync } from 'node:fs';
import { build, type Metafile } from 'esbuild';
import { beforeAll, expect, it } from 'vitest';

/**
 * Packages the server loads when it first needs them, not when it starts (issue 18: its memory):
 * image work (sharp: libvips and its threads) and the S3 client (only where files live in a bucket).
 */
const LOADED_WHEN_NEEDED = ['sharp', '@aws-sdk/client-s3'];

let metafile: Metafile;
beforeAll(async () => {
  ({ metafile } = await build({
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
  }));
});

/** The packages the server's import graph reaches from its entry point, through imports of the given kinds. */
function packagesReached(kinds: readonly string[]): { packages: Set<string>; files: number } {
  const packages = new Set<string>();
  const visited = new Set<string>();
  const visit = (file: string) => {
    if (visited.has(file)) return;
    visited.add(file);
    for (const imported of metafile.inputs[file].imports) {
      if (!kinds.includes(imported.kind)) continue;
      if (imported.external) packages.add(imported.path);
      else visit(imported.path);
    }
  };
  visit('src/server/start.ts');
  return { packages, files: visited.size };
}

const packageName = (specifier: string) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');

it('starts without importing the packages it loads only when it needs them', () => {
  // The static import graph: what node loads before the server listens.
  const { packages, files } = packagesReached(['import-statement', 'require-call']);
  expect(files).toBeGreaterThan(100);
  expect([...packages].filter((name) => LOADED_WHEN_NEEDED.includes(packageName(name)))).toEqual([]);
});

it('never imports a package installed only for development (jsdom stays the tests\' DOM)', () => {
  const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };
  const { packages } = packagesReached(['import-statement', 'require-call', 'dynamic-import']);
  const devOnly = [...packages].map(packageName).filter((name) => !name.startsWith('node:') && name in manifest.devDependencies && !(name in manifest.dependencies));
  expect(devOnly).toEqual([]);
});
