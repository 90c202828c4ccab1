// The CLI's analysis worker (bundled as dist/analyze-worker.js, started by src/cli/workers.ts): reads and
// analyzes SKILL.md files of one check while the main thread does the same from the other end of the list,
// and posts each result as the record the analysis cache stores. Which thread analyzes which file is decided
// by one compare-and-swap per file on shared memory, so no file is done twice and none is left out.
// Anything that goes wrong here costs time, never output: a file whose result is null (an exception, a file
// that could not be opened, a record JSON cannot hold) is analyzed again on the main thread, and so is every
// file this worker claimed and had not posted when it died.

import { parentPort, workerData } from 'node:worker_threads';
import { type FreshAnalysis, readAndAnalyze } from '../core/cache';
import { blockingIo } from '../core/catalog';

export interface WorkerJob {
  /** The files to read and analyze (the main thread takes them from the front, workers from the back). */
  files: readonly string[];
  /** Int32 per file: 0 free, 1 the main thread's, else the id of the worker that claimed it. */
  slots: SharedArrayBuffer;
  /** Int32: one past the highest index no worker has tried yet. */
  next: SharedArrayBuffer;
  /** This worker's id (≥ 2). */
  id: number;
}

/** Results are posted in batches of this many files: the main thread only needs them at the end. */
const BATCH = 64;

/** For tests only (SKILL_AUTHOR_WORKER_FAULT=throw|exit|uncaught): make this worker fail, to show that the
 *  main thread recovers with the same output. `throw`: an exception while analyzing every other file; `exit`
 *  and `uncaught`: the worker dies at its 21st file, holding a claim and a batch it never posted. */
function injectFault(kind: string | undefined, done: number, inAnalysis: boolean): void {
  if (inAnalysis) {
    if (kind === 'throw' && done % 2 === 1) throw new Error('injected fault');
    return;
  }
  if (done !== 20) return;
  if (kind === 'exit') process.exit(7);
  if (kind === 'uncaught') throw new Error('injected uncaught fault');
}

function work(job: WorkerJob): void {
  const slots = new Int32Array(job.slots);
  const next = new Int32Array(job.next);
  const faultKind = process.env['SKILL_AUTHOR_WORKER_FAULT'];
  let batch: Array<number | FreshAnalysis | null> = [];
  for (let done = 0; ; done++) {
    const i = Atomics.sub(next, 0, 1) - 1;
    // Taken by the main thread: so is everything below it (it claims in order).
    if (i < 0 || Atomics.compareExchange(slots, i, 0, job.id) !== 0) break;
    injectFault(faultKind, done, false);
    let result: FreshAnalysis | null = null;
    try {
      injectFault(faultKind, done, true);
      result = readAndAnalyze(job.files[i] as string, blockingIo);
    } catch {
      result = null;
    }
    batch.push(i, result);
    if (batch.length >= 2 * BATCH) {
      parentPort?.postMessage(batch);
      batch = [];
    }
  }
  parentPort?.postMessage(batch);
}

work(workerData as WorkerJob);
