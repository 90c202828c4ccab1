// The CLI's bundle loaded with V8's code cache: a check no longer compiles the ~1.6 MB bundle, and the
// functions a check runs, at every start (measured: `--version` 130 → 110 ms, a warm check of 2,000 skills
// ~20 ms less; the runs are in the history of docs/performance.md). Node ≥ 22.1 has this built in (`module.enableCompileCache`); on older
// Node the bundle is compiled through `vm.Script` with the cached data, and the data is written back at exit
// when this run compiled more than the cache held (so it grows to what checks use, not only `--version`).
//
// The cache file is named by the bundle's identity (path, size, modification time, inode) and Node's version
// and architecture: V8 itself only checks the source's length, so a rebuilt bundle must never meet another
// build's code. Data V8 rejects (another V8, flags) is replaced; a file that cannot be read or written
// means compiling as usual. Nothing here changes what the bundle does: it is run as `require` runs it.
import * as fs from 'node:fs';
import Module, { createRequire } from 'node:module';
import * as path from 'node:path';
import * as vm from 'node:vm';
import { writeFileAtomically } from '../core/machine/atomicWrite';

/** The data written back only when it grew by more than this share (a run that compiled nothing new
 *  rewrites nothing). */
const GROWTH = 1.05;

interface ModuleInternals {
  filename: string;
  paths: string[];
  loaded: boolean;
  exports: unknown;
}
type ModuleStatics = typeof Module & {
  _cache: Record<string, unknown>;
  _nodeModulePaths(dir: string): string[];
  wrap(src: string): string;
  enableCompileCache?: (dir: string) => unknown;
};

/** `require(file)`, with compiled code kept in `dir` (null: plain `require`). */
export function requireWithCodeCache(file: string, dir: string | null): unknown {
  const M = Module as ModuleStatics;
  const plain = (): unknown => createRequire(__filename)(file);
  if (dir === null) return plain();
  if (typeof M.enableCompileCache === 'function') {
    M.enableCompileCache(path.join(dir, 'compile'));
    return plain();
  }
  let source: string;
  let cacheFile: string;
  try {
    const st = fs.statSync(file);
    source = fs.readFileSync(file, 'utf8');
    // node:crypto only now: a kept run printed by the launcher (./runMemo.ts) never loads it.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { createHash } = require('node:crypto') as typeof import('node:crypto');
    const id = createHash('sha256').update(`${file}\0${st.size}\0${st.mtimeMs}\0${st.ino}\0${process.version}\0${process.arch}`).digest('hex');
    cacheFile = path.join(dir, `code-${id.slice(0, 32)}.bin`);
  } catch {
    return plain();
  }
  let cached: Buffer | undefined;
  try {
    cached = fs.readFileSync(cacheFile);
  } catch {
    cached = undefined;
  }
  // A `#!` line is not JavaScript inside the module wrapper; Node drops it the same way.
  if (source.startsWith('#!')) source = `//${source.slice(2)}`;
  const script = new vm.Script(M.wrap(source), { filename: file, ...(cached ? { cachedData: cached } : {}) });
  const mod = new Module(file, module) as unknown as ModuleInternals;
  mod.filename = file;
  mod.paths = M._nodeModulePaths(path.dirname(file));
  M._cache[file] = mod;
  const known = cached && !script.cachedDataRejected ? cached.length : 0;
  process.once('exit', () => writeBack(script, cacheFile, known));
  (script.runInThisContext() as (...args: unknown[]) => void).call(mod.exports, mod.exports, createRequire(file), mod, file, path.dirname(file));
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
