// A stand-in for the CLI's analysis worker (src/cli/analyze-worker.ts) that fails the way a worker can, for
// workers.test.ts. It runs the worker's own loop with the real analysis, and FAULTY_WORKER says how it fails:
//   throw    — the analysis of every other file throws (those files come back as null);
//   exit     — the thread exits at its first file, holding a claim it never posted;
//   uncaught — its first result cannot be posted (a function cannot cross threads): the worker dies of the
//              uncaught DataCloneError when it posts that batch, holding every claim of it.
// Both fail at the first file, so that they fail however few files the worker gets to claim.
import { workerData } from 'node:worker_threads';
import { work, type WorkerJob } from '../../src/cli/analyze-worker';
import { readAndAnalyze } from '../../src/core/check/cache';
import { blockingIo } from '../../src/core/skill/catalog';

const kind = process.env['FAULTY_WORKER'];
let done = 0;
work(workerData as WorkerJob, (file) => {
  const n = done++;
  if (kind === 'throw' && n % 2 === 1) throw new Error('a fault of this test');
  if (kind === 'exit' && n === 0) process.exit(7);
  const result = readAndAnalyze(file, blockingIo);
  return kind === 'uncaught' && n === 0 && result ? Object.assign(result, { cannotBeCloned: () => undefined }) : result;
});
