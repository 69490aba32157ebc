/**
 * `npm start`: the server compiled to JavaScript (dist/server), not its TypeScript sources through
 * tsx, which keeps every transformed module and its source map in memory (about 90 MB of an idle
 * server's resident memory). Plain JavaScript, so that node runs it without tsx. The server is
 * compiled again when a source it is built from changed, compared by content (the hashes of the
 * build's inputs, kept in dist/server/sources.json), then started.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL, URL } from 'node:url';
import { build, version as esbuildVersion } from 'esbuild';

const root = fileURLToPath(new URL('../../', import.meta.url));
const entry = 'src/server/start.ts';
const outDir = path.join(root, 'dist/server');
const stampFile = path.join(outDir, 'sources.json');
const launcher = fileURLToPath(import.meta.url);

const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');

/** The stamp of a build from these sources (their hashes by path, relative to the project), with this launcher and esbuild's version. */
const stampOf = (files) => ({ esbuild: esbuildVersion, launcher: sha256(readFileSync(launcher)), files });

function isCurrent() {
  if (!existsSync(stampFile)) return false;
  const built = JSON.parse(readFileSync(stampFile, 'utf8'));
  const inputs = Object.keys(built.files);
  if (!inputs.every((input) => existsSync(path.join(root, input)))) return false;
  const now = Object.fromEntries(inputs.map((input) => [input, sha256(readFileSync(path.join(root, input)))]));
  return JSON.stringify(stampOf(now)) === JSON.stringify(built);
}

/** The hashes of the sources as the build read them, by path: a file saved during the build differs from them, so the next start builds again. */
const builtSources = {};
const loaders = { '.ts': 'ts', '.tsx': 'tsx', '.js': 'js', '.mjs': 'js', '.json': 'json' };

/**
 * The project's sources are read here, once: each is hashed as compiled, and its `import.meta.url`
 * stays its own file's address, so the paths the server finds beside its sources (migrations,
 * schemas, the browser build) do not move with the bundle.
 */
const projectSources = {
  name: 'project-sources',
  setup(compiler) {
    compiler.onLoad({ filter: /\.(tsx?|m?js|json)$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const bytes = await readFile(args.path);
      builtSources[path.relative(root, args.path).split(path.sep).join('/')] = sha256(bytes);
      const fromOutput = path.relative(outDir, args.path).split(path.sep).join('/');
      const contents = bytes.toString('utf8').replaceAll('import.meta.url', `new URL(${JSON.stringify(fromOutput)}, import.meta.url).href`);
      return { contents, loader: loaders[path.extname(args.path)] };
    });
  },
};

/**
 * Packages stay outside the bundle, loaded by node from node_modules. Node's own resolution needs
 * the file's extension in a path into a package that has no `exports` map (`ajv/dist/compile/codegen`),
 * which tsx and esbuild add: the file esbuild finds is named whole.
 */
const packagesAsNodeFindsThem = {
  name: 'packages-as-node-finds-them',
  setup(compiler) {
    compiler.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.pluginData === 'resolving') return undefined;
      const [, name, subpath] = /^(@[^/]+\/[^/]+|[^/]+)(\/.*)?$/.exec(args.path) ?? [];
      if (args.path.startsWith('node:') || !subpath) return { external: true };
      const found = await compiler.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, pluginData: 'resolving' });
      const inPackage = found.path.lastIndexOf(`${path.sep}node_modules${path.sep}${name}${path.sep}`);
      if (found.errors.length > 0 || inPackage < 0) return { external: true };
      const packageDir = found.path.slice(0, inPackage + `${path.sep}node_modules${path.sep}`.length + name.length);
      if (JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')).exports) return { external: true };
      return { path: `${name}/${path.relative(packageDir, found.path).split(path.sep).join('/')}`, external: true };
    });
  },
};

if (!isCurrent()) {
  // A build's chunks are named by their content: those of an earlier build would stay for good.
  rmSync(outDir, { recursive: true, force: true });
  const { metafile } = await build({
    absWorkingDir: root,
    entryPoints: [entry],
    outdir: outDir,
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    metafile: true,
    logLevel: 'warning',
    plugins: [projectSources, packagesAsNodeFindsThem],
  });
  const unread = Object.keys(metafile.inputs).filter((input) => !(input in builtSources));
  if (unread.length) throw new Error(`the server's build read sources it did not hash: ${unread.join(', ')}`);
  writeFileSync(stampFile, JSON.stringify(stampOf(builtSources)));
}
await import(pathToFileURL(path.join(outDir, 'start.js')).href);
