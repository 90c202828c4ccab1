// The CLI's analysis worker (bundled as dist/analyze-worker.js, started by src/cli/workers.ts): reads and
// analyzes SKILL.md files of one check while the main thread does the same from the other end of the list,
// and posts each result as the record the analysis cache stores. Which thread analyzes which file is decided
// by one compare-and-swap per file on shared memory, so no file is done twice and none is left out.
// Anything that goes wrong here costs time, never output: a file whose result is null (an exception, a file
// that could not be opened, a record JSON cannot hold) is analyzed again on the main thread, and so is every
// file this worker claimed and had not posted when it died.

import { parentPort, workerData } from 'node:worker_threads';
import { type FreshAnalysis, readAndAnalyze } from '../core/check/cache';
import { blockingIo } from '../core/skill/catalog';
import { type QuestionLog, startQuestionLog } from '../core/machine/questions';
import { type HandedBack, handBack, type KeepingSettings } from '../core/machine/keeping';

export interface WorkerJob {
  /** The files to read and analyze (the main thread takes them from the front, workers from the back). */
  files: readonly string[];
  /** Int32 per file: 0 free, 1 the main thread's, else the id of the worker that claimed it. */
  slots: SharedArrayBuffer;
  /** Int32: one past the highest index no worker has tried yet. */
  next: SharedArrayBuffer;
  /** This worker's id (≥ 2). */
  id: number;
  /** Set when the run may be kept (src/cli/runMemo.ts): this worker notes its questions to the file system
   *  and hands them back with each batch. */
  questions?: KeepingSettings;
}

/** What a worker posts: [index, result, index, result, …], and the questions it asked for them. */
export interface WorkerBatch extends HandedBack {
  results: Array<number | FreshAnalysis | null>;
}

/** Results are posted in batches of this many files: the main thread only needs them at the end. */
const BATCH = 64;

/** Reads and analyzes files of `job` until none is left to claim. `analyze` is what the worker does with one
 *  file; it may throw (the file is then redone on the main thread). */
export function work(
  job: WorkerJob,
  analyze: (file: string) => FreshAnalysis | null = (file) => readAndAnalyze(file, blockingIo),
  log: QuestionLog | null = null,
): void {
  const slots = new Int32Array(job.slots);
  const next = new Int32Array(job.next);
  let batch: Array<number | FreshAnalysis | null> = [];
  for (;;) {
    const i = Atomics.sub(next, 0, 1) - 1;
    // Taken by the main thread: so is everything below it (it claims in order).
    if (i < 0 || Atomics.compareExchange(slots, i, 0, job.id) !== 0) break;
    let result: FreshAnalysis | null = null;
    try {
      result = analyze(job.files[i] as string);
    } catch {
      result = null;
    }
    batch.push(i, result);
    if (batch.length >= 2 * BATCH) {
      post(batch, log);
      batch = [];
    }
  }
  post(batch, log);
}

function post(results: Array<number | FreshAnalysis | null>, log: QuestionLog | null): void {
  const message: WorkerBatch = { results, ...handBack(log) };
  parentPort?.postMessage(message);
}

// Started as a worker's script (not required by another module).
if (require.main === module) {
  const job = workerData as WorkerJob;
  work(job, undefined, job.questions ? startQuestionLog(job.questions) : null);
}
