/**
 * `npm start` (and `npm run seed`, given `seed`): the server compiled to JavaScript (dist/server), not its TypeScript sources through
 * tsx, which keeps every transformed module and its source map in memory (about 90 MB of an idle
 * server's resident memory). Plain JavaScript, so that node runs it without tsx. The server is
 * compiled again when a source it is built from changed, compared by content (the hashes of the
 * build's inputs, kept in dist/server/sources.json), then started.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import process from 'node:process';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath, pathToFileURL, URL } from 'node:url';
import { build, version as esbuildVersion } from 'esbuild';

const root = fileURLToPath(new URL('../../', import.meta.url));
/** The commands, each a compiled entry point (dist/server/<name>.js, beside the sources' layout). */
const entries = { start: 'src/server/start.ts', seed: 'src/server/cli/seed.ts' };
const command = process.argv[2] ?? 'start';
if (!(command in entries)) throw new Error(`unknown command ${command}; known: ${Object.keys(entries).join(', ')}`);
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

/** Whether the process that wrote its pid in the lock is gone (a lock not yet given its pid: once that takes over 10 s). */
function lockAbandoned(lock) {
  try {
    const holder = Number(readFileSync(path.join(lock, 'pid'), 'utf8'));
    process.kill(holder, 0);
    return false;
  } catch (error) {
    if (error.code === 'EPERM') return false;
    if (error.code !== 'ENOENT') return true;
    try {
      return Date.now() - statSync(lock).mtimeMs > 10_000;
    } catch {
      return false;
    }
  }
}

/** Runs fn while holding the build's lock (a directory beside the output): two starts at once build once, the second after the first. */
async function underBuildLock(fn) {
  const lock = `${outDir}.lock`;
  mkdirSync(path.dirname(lock), { recursive: true });
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      if (lockAbandoned(lock)) rmSync(lock, { recursive: true, force: true });
      else await sleep(200);
    }
  }
  try {
    writeFileSync(path.join(lock, 'pid'), String(process.pid));
    return await fn();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

async function buildServer() {
  // A build's chunks are named by their content: those of an earlier build would stay for good.
  rmSync(outDir, { recursive: true, force: true });
  const { metafile } = await build({
    absWorkingDir: root,
    entryPoints: Object.values(entries),
    outbase: 'src/server',
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

if (!isCurrent()) await underBuildLock(async () => isCurrent() || buildServer());
const compiled = path.relative('src/server', entries[command]).replace(/\.ts$/, '.js');
await import(pathToFileURL(path.join(outDir, compiled)).href);
