// The CLI's bundle loaded with V8's code cache: a run no longer compiles the bundle and its chunks, nor the
// functions a check runs, at every start (measured: a cold one-skill check 0.85× the CPU without it; the runs
// are in docs/performance.md and its history). Node ≥ 22.1 has this built in (`module.enableCompileCache`); on older
// Node each file is compiled through `vm.Script` with cached data from one of two places:
//
// - the build's own (dist/code-cache/<node version>-<arch>/, written by scripts/build.mjs after a check on
//   examples/): part of the installation, read-only, used even with `--no-cache` and in CI, where nothing is
//   kept between runs. Its manifest names each file's SHA-1: a file whose text differs is not given it. V8
//   refuses it on any other Node version;
// - the cache folder's (`code-<file>-<id>.bin`), when the build's is missing or refused: written back at exit
//   when this run compiled more than it held, so it grows to what checks use. Never with `--no-cache`.
//
// A cache folder file is named by the file's identity (path, size, modification time, inode) and Node's
// version and architecture: V8 itself only checks the source's length, so a rebuilt bundle must never meet
// another build's code. Data V8 rejects (another V8, flags) is replaced; a file that cannot be read or
// written means compiling as usual. Nothing here changes what the bundle does: it runs as `require` runs it.
import * as fs from 'node:fs';
import Module, { createRequire } from 'node:module';
import * as path from 'node:path';
import * as vm from 'node:vm';
import { writeFileAtomically } from '../core/machine/atomicWrite';

/** The data written back only when it grew by more than this share (a run that compiled nothing new
 *  rewrites nothing). */
const GROWTH = 1.05;
/** The build's code cache for the Node that runs this, beside the bundle (scripts/build.mjs writes it there). */
const shippedCacheFolder = (distDir: string): string => path.join(distDir, 'code-cache', `${process.version}-${process.arch}`);
/** The files compiled here: the CLI's bundle, its parts and its chunks. */
const CACHED_FILE = /^cli-.*\.js$/;

interface ModuleInternals {
  filename: string;
  paths: string[];
  loaded: boolean;
  exports: unknown;
  _compile(content: string, filename: string): unknown;
}
type ModuleStatics = typeof Module & {
  _cache: Record<string, unknown>;
  _nodeModulePaths(dir: string): string[];
  wrap(src: string): string;
  enableCompileCache?: (dir: string) => unknown;
};

/** Loads the build's manifest once: file name → SHA-1 of its text, or null without one. */
function shippedManifest(distDir: string): Record<string, string> | null {
  try {
    const m = JSON.parse(fs.readFileSync(path.join(shippedCacheFolder(distDir), 'manifest.json'), 'utf8')) as { files?: unknown };
    return m.files && typeof m.files === 'object' ? (m.files as Record<string, string>) : null;
  } catch {
    return null;
  }
}

/** The cache folder's file for `file` (its identity and this Node's), or null when it cannot be named. */
function userCacheFile(file: string, dir: string): string | null {
  try {
    const st = fs.statSync(file);
    const id = digest('sha256', `${file}\0${st.size}\0${st.mtimeMs}\0${st.ino}\0${process.version}\0${process.arch}`);
    return path.join(dir, `code-${path.basename(file, '.js')}-${id.slice(0, 32)}.bin`);
  } catch {
    return null;
  }
}

function readOrUndefined(file: string): Buffer | undefined {
  try {
    return fs.readFileSync(file);
  } catch {
    return undefined;
  }
}

function digest(algorithm: 'sha1' | 'sha256', text: string): string {
  // node:crypto only now: a kept run printed by the launcher (./runMemo.ts) never loads it.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { createHash } = require('node:crypto') as typeof import('node:crypto');
  return createHash(algorithm).update(text).digest('hex');
}

/** What to write back to the cache folder at exit: a script, its file there, the size of what it was given. */
const toWrite: Array<[vm.Script, string, number]> = [];

/** Compiles and runs `source` as the CommonJS module `mod`, with cached data when there is some for it. */
function runCached(
  mod: ModuleInternals,
  source: string,
  file: string,
  caches: { shipped: Record<string, string> | null; distDir: string; dir: string | null },
): void {
  const M = Module as ModuleStatics;
  const name = path.basename(file);
  let cached: Buffer | undefined;
  let fromBuild = false;
  const want = caches.shipped?.[name];
  if (want !== undefined && want === digest('sha1', source)) {
    cached = readOrUndefined(path.join(shippedCacheFolder(caches.distDir), `${name}.bin`));
    fromBuild = cached !== undefined;
  }
  let userFile: string | null = null;
  const fromFolder = (): void => {
    userFile = caches.dir === null ? null : userCacheFile(file, caches.dir);
    cached = userFile === null ? undefined : readOrUndefined(userFile);
  };
  if (!fromBuild) fromFolder();
  // A `#!` line is not JavaScript inside the module wrapper; Node drops it the same way.
  const text = source.startsWith('#!') ? `//${source.slice(2)}` : source;
  let script = new vm.Script(M.wrap(text), { filename: file, ...(cached ? { cachedData: cached } : {}) });
  if (fromBuild && script.cachedDataRejected) {
    // Another V8 than the build's: the cache folder's data, if any.
    fromFolder();
    if (cached) script = new vm.Script(M.wrap(text), { filename: file, cachedData: cached });
  }
  if (userFile !== null) {
    if (toWrite.length === 0) process.once('exit', () => toWrite.forEach(([s, f, known]) => writeBack(s, f, known)));
    toWrite.push([script, userFile, cached && !script.cachedDataRejected ? cached.length : 0]);
  }
  (script.runInThisContext() as (...args: unknown[]) => void).call(mod.exports, mod.exports, createRequire(file), mod, file, path.dirname(file));
}

/** From now on the CLI's files in `distDir` (the bundle, its parts and chunks) are compiled with the build's
 *  code cache, else the one kept in `dir` (null: none kept, as with `--no-cache`). Other modules load as usual. */
export function installCodeCache(distDir: string, dir: string | null): void {
  const M = Module as ModuleStatics;
  if (typeof M.enableCompileCache === 'function') {
    if (dir !== null) M.enableCompileCache(path.join(dir, 'compile'));
    return;
  }
  const caches = { shipped: shippedManifest(distDir), distDir, dir };
  const proto = (Module as unknown as { prototype: ModuleInternals }).prototype;
  const compile = proto._compile;
  proto._compile = function (this: ModuleInternals, content: string, filename: string): unknown {
    if (path.dirname(filename) !== distDir || !CACHED_FILE.test(path.basename(filename))) return compile.call(this, content, filename);
    runCached(this, content, filename, caches);
    return undefined;
  };
}

/** `require(file)`, with compiled code kept in `dir` (null: plain `require`): the language server's bundle,
 *  loaded by the `lsp` command. */
export function requireWithCodeCache(file: string, dir: string | null): unknown {
  const M = Module as ModuleStatics;
  const plain = (): unknown => createRequire(__filename)(file);
  if (dir === null) return plain();
  if (typeof M.enableCompileCache === 'function') {
    M.enableCompileCache(path.join(dir, 'compile'));
    return plain();
  }
  let source: string;
  try {
    source = fs.readFileSync(file, 'utf8');
  } catch {
    return plain();
  }
  const mod = new Module(file, module) as unknown as ModuleInternals;
  mod.filename = file;
  mod.paths = M._nodeModulePaths(path.dirname(file));
  M._cache[file] = mod;
  runCached(mod, source, file, { shipped: null, distDir: path.dirname(file), dir });
  mod.loaded = true;
  return mod.exports;
}

function writeBack(script: vm.Script, cacheFile: string, known: number): void {
  try {
    const data = script.createCachedData();
    if (data.length <= known * GROWTH) return;
    fs.mkdirSync(path.dirname(cacheFile), { recursive: true });
    writeFileAtomically(cacheFile, data);
  } catch {
    // compiled as usual next time
  }
}
