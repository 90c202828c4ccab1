// V8's flags as a CLI run tunes them, and the way back. The flags are part of the version tag of V8's code
// cache (v8.cachedDataVersionTag()): code cached under tuned flags is refused by the next run, which starts
// with V8's defaults. So ./codeCache.ts restores the flags before it writes anything at exit, and writes
// nothing if the tag is not back to what it was. The launcher's bundle and the CLI's each carry a copy of
// this module; both meet the run's state through one global symbol.

/** The interrupt budget (bytecode run between two tiering checks) by V8 version: V8's default, which a
 *  run restores. Only these versions are tuned: the default of another cannot be read back. */
const DEFAULT_INTERRUPT_BUDGET: Readonly<Record<string, number>> = { '11.3': 67_584 };

/** The budget while two threads run JavaScript on two cores (see shareCoresWithRuntimeWorker). */
export const SHARED_CORES_INTERRUPT_BUDGET = 500_000;

const STATE = Symbol.for('skill-author.v8-flags');

interface Tuned {
  /** The flags that give V8's defaults back, and those of the tuning. */
  restore: string;
  tune: string;
  /** The code cache's version tag before the change. */
  tag: number;
}

function state(): { tuned: Tuned | null } {
  const g = globalThis as Record<symbol, { tuned: Tuned | null } | undefined>;
  return (g[STATE] ??= { tuned: null });
}

function v8(): typeof import('node:v8') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('node:v8') as typeof import('node:v8');
}

/**
 * The check's main thread and the runtime worker are about to run JavaScript side by side. On a machine of
 * at most two cores V8's optimizing compiler, which runs on threads of its own, then takes cycles from both:
 * on the 2-core reference machine it spent ~1.5 s of CPU during a 1.6 s check of 2,000 real-shaped skills,
 * each thread's isolate optimizing the same hot functions (the YAML parser) for itself. With ~7× V8's
 * interrupt budget fewer functions are optimized (docs/performance.md has the paired runs). A check on one
 * thread (nothing Hermes or OpenClaw judges) keeps V8's defaults: the optimizing compiler has the second core
 * to itself there. Nothing changes with more cores, on a V8 whose default is not known here, or when it is
 * tuned already. Never throws. Returns whether the flags are tuned now.
 */
export function shareCoresWithRuntimeWorker(cores: number, v8Version: string = process.versions.v8): boolean {
  const s = state();
  if (s.tuned) return true;
  const minor = /^(\d+\.\d+)\./.exec(v8Version)?.[1];
  const budget = minor === undefined ? undefined : DEFAULT_INTERRUPT_BUDGET[minor];
  if (cores > 2 || budget === undefined) return false;
  try {
    const tag = v8().cachedDataVersionTag();
    const tune = `--interrupt-budget=${SHARED_CORES_INTERRUPT_BUDGET}`;
    v8().setFlagsFromString(tune);
    s.tuned = { restore: `--interrupt-budget=${budget}`, tune, tag };
    return true;
  } catch {
    return false;
  }
}

/** V8's flags as the run began, for writing code V8 will take again: true when they are (never tuned, or
 *  restored and the code cache's version tag is back to what it was). */
export function restoreV8Flags(): boolean {
  const s = state();
  const tuned = s.tuned;
  if (!tuned) return true;
  try {
    v8().setFlagsFromString(tuned.restore);
    if (v8().cachedDataVersionTag() !== tuned.tag) return false;
    s.tuned = null;
    return true;
  } catch {
    return false;
  }
}

/** `compile()` under the flags the run began with: V8 takes cached code only under the flags it was cached
 *  with, and a part of the CLI loaded after the tuning (a chunk the output needs) is given the build's. */
export function underDefaultFlags<T>(compile: () => T): T {
  const tuned = state().tuned;
  if (!tuned) return compile();
  // V8 keeps the flags' hash once worked out, for every thread: a worker thread starting meanwhile may work it
  // out from the tuned flags after this one set them back. Setting them again drops it.
  for (let i = 0; i < 3; i++) {
    v8().setFlagsFromString(tuned.restore);
    if (v8().cachedDataVersionTag() === tuned.tag) break;
  }
  try {
    return compile();
  } finally {
    v8().setFlagsFromString(tuned.tune);
  }
}
