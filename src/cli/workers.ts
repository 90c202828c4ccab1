// Worker threads for the CLI's cold checks: the files a check must read and analyze (cache misses) are
// shared between the main thread, which takes them from the front in its usual order, and up to
// cores − 1 workers (src/cli/analyze-worker.ts), which take them from the back. Each file is claimed by one
// compare-and-swap on shared memory. A worker hands back what the analysis cache would have stored (the
// record as JSON, the stamp and hash of the bytes it read), so the cache, the order of results and every
// byte of output are those of a single-threaded run; the main thread still does everything else.
//
// A worker pays for itself only on large cold checks, so workers start only when there is enough to analyze
// (MIN_FILES_PER_WORKER misses each); a warm check starts none. Whatever fails in
// a worker (an exception, a crash, a missing worker script) is redone on the main thread: slower, same output.
// SKILL_AUTHOR_WORKERS=0 turns workers off, =N forces N workers whenever anything is to be analyzed.

import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import * as path from 'node:path';
import type { Worker } from 'node:worker_threads';
import type { FreshAnalysis, OffThreadAnalyzer, OffThreadRun } from '../core/check/cache';
import type { WorkerBatch, WorkerJob } from './analyze-worker';
import { keepingLog, takeBack } from '../core/machine/keeping';

/** Files to analyze per worker before one is started. Measured on the 2-core reference machine (the crossover
 *  table is in the history of docs/performance.md): below ~3,000 a worker costs more than it saves. Two threads there do ~1.4× the
 *  work of one, not 2× (V8's own background threads use the second core too), each thread warms up its own
 *  JIT, and a worker's start-up (~50 ms of compiling the bundle) competes with the main thread. */
export const MIN_FILES_PER_WORKER = 3000;
const MAX_WORKERS = 8;
const FREE = 0;
const MAIN = 1;

/** SKILL_AUTHOR_WORKERS: null (unset, empty or not a number) for automatic, else the number forced. */
export function workersSetting(env: NodeJS.ProcessEnv): number | null {
  const v = env['SKILL_AUTHOR_WORKERS']?.trim();
  return v && /^\d+$/.test(v) ? Math.min(Number(v), MAX_WORKERS) : null;
}

export interface WorkerAnalyzerOptions {
  /** The worker script (dist/analyze-worker.js next to dist/cli.js). */
  script: string;
  /** Workers to use; null: decided by the number of files and `os.availableParallelism()`. */
  workers: number | null;
}

/** The analyzer, and a way to take the cores back from it (`yieldCores`). */
export interface CliAnalyzer extends OffThreadAnalyzer {
  /** Other work now needs the cores (a tree runtime's report, on a thread of its own): the workers claim no
   *  more files, and those not yet claimed are analyzed on the main thread. On the 2-core machine, 10,000
   *  skills Hermes judges: 5.4 → 4.9 s (the report is the longest path, and the analysis worker slowed it). */
  yieldCores(): void;
}

export function workerAnalyzer(options: WorkerAnalyzerOptions): CliAnalyzer {
  let current: WorkerRun | null = null;
  let yielded = false;
  return {
    start(files) {
      const count =
        files.length === 0 ? 0 : (options.workers ?? Math.min(availableParallelism() - 1, Math.floor(files.length / MIN_FILES_PER_WORKER), MAX_WORKERS));
      if (count <= 0 || !existsSync(options.script)) return null;
      current = new WorkerRun(files, count, options.script);
      if (yielded) current.stopClaiming();
      return current;
    },
    yieldCores() {
      yielded = true;
      current?.stopClaiming();
    },
  };
}

/** The worker script of this build: next to the running module (dist/, or out/src/cli/ in the tests). */
export const WORKER_SCRIPT = path.join(__dirname, 'analyze-worker.js');
/** The worker that computes Hermes's and OpenClaw's reports of a root (src/core/check/worker.ts). */
export const RUNTIME_WORKER_SCRIPT = path.join(__dirname, 'runtime-worker.js');

class WorkerRun implements OffThreadRun {
  private readonly index = new Map<string, number>();
  private readonly slots: Int32Array;
  /** One past the highest index no worker has tried yet (workers take from the back). */
  private readonly next: Int32Array;
  /** Per file: the result a worker posted (null: it could not), undefined while none. */
  private readonly results: Array<FreshAnalysis | null | undefined>;
  private readonly waiting = new Map<number, (r: FreshAnalysis | null) => void>();
  private readonly workers: Worker[] = [];
  /** Ids of the workers still running. */
  private readonly alive = new Set<number>();

  constructor(files: readonly string[], count: number, script: string) {
    files.forEach((f, i) => this.index.set(f, i));
    this.results = new Array<FreshAnalysis | null | undefined>(files.length);
    const slots = new SharedArrayBuffer(4 * files.length);
    const next = new SharedArrayBuffer(4);
    this.slots = new Int32Array(slots);
    this.next = new Int32Array(next);
    this.next[0] = files.length;
    // A run being kept: each worker notes what it asks the file system, and hands it back with its results.
    const log = keepingLog();
    // node:worker_threads only now: a check with too little to analyze starts no worker and does not load it.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { Worker: WorkerThread } = require('node:worker_threads') as typeof import('node:worker_threads');
    for (let k = 0; k < count; k++) {
      const id = MAIN + 1 + k;
      const job: WorkerJob = { files, slots, next, id, ...(log ? { questions: log.settings() } : {}) };
      let worker: Worker;
      try {
        // Its stdout and stderr are piped here and dropped: nothing a worker does may show in the output.
        worker = new WorkerThread(script, { workerData: job, stdout: true, stderr: true });
      } catch {
        continue;
      }
      this.alive.add(id);
      worker.stdout.resume();
      worker.stderr.resume();
      worker.on('message', (batch: WorkerBatch) => {
        takeBack(log, batch, 'an analysis worker');
        this.receive(batch.results);
      });
      // Its claims are released on 'exit', which follows.
      worker.on('error', () => undefined);
      worker.on('messageerror', () => undefined);
      worker.on('exit', () => this.gone(id));
      this.workers.push(worker);
    }
  }

  /** Workers claim no more files (each finishes the one in hand and posts what it has). */
  stopClaiming(): void {
    Atomics.store(this.next, 0, 0);
  }

  take(file: string): Promise<FreshAnalysis | null> | null {
    const i = this.index.get(file);
    if (i === undefined) return null;
    const owner = Atomics.compareExchange(this.slots, i, FREE, MAIN);
    if (owner === FREE || owner === MAIN) return null; // this thread's now
    const r = this.results[i];
    if (r !== undefined) return Promise.resolve(r);
    if (!this.alive.has(owner)) return null; // claimed by a worker that died before posting it
    return new Promise((resolve) => this.waiting.set(i, resolve));
  }

  private receive(batch: Array<number | FreshAnalysis | null>): void {
    for (let j = 0; j + 1 < batch.length; j += 2) {
      const i = batch[j] as number;
      const r = (batch[j + 1] ?? null) as FreshAnalysis | null;
      this.results[i] = r;
      this.waiting.get(i)?.(r);
      this.waiting.delete(i);
    }
  }

  /** A worker stopped (done, crashed or terminated): whatever it claimed and never posted is redone here.
   *  Node delivers every message a worker posted before its 'exit'. */
  private gone(id: number): void {
    this.alive.delete(id);
    for (const [i, resolve] of this.waiting) {
      if (Atomics.load(this.slots, i) !== id) continue;
      this.waiting.delete(i);
      resolve(null);
    }
  }

  close(): void {
    for (const w of this.workers) {
      w.unref();
      void w.terminate().catch(() => undefined);
    }
  }
}
