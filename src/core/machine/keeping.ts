// Whether the run on this thread is being kept (the CLI's kept runs: src/cli/runMemo.ts, with the question
// log of ./questions.ts), as the parts of the engine that meet it need to know: a cache that warns refuses the
// run, and a worker thread started for the run is told to note its questions too. Kept apart from
// ./questions.ts (which wraps node:fs) so that the language server and the extension, which never keep a run,
// carry none of that code. Every copy of these modules in one thread (the CLI's launcher and its bundle each
// have one) meets the log through one global symbol.

export const KEEPING = Symbol.for('skill-author.questions');

/** What a worker thread needs to note its own questions for the run: when the run began, the folders that do
 *  not count, and the file that holds the question log's code (dist/questions.js beside the CLI). */
export interface KeepingSettings {
  since: number;
  ignored: string[];
  recorder: string;
}

/** The question log of the run, as seen from outside ./questions.ts. */
export interface KeepingLog {
  refused: string | null;
  refuse(reason: string): void;
  settings(): KeepingSettings;
  /** Questions a worker handed back (its `drain`), encoded, with its reason to refuse the run, if any. */
  merge(questions: string, refused: string | null): void;
  /** The questions noted since the last call, encoded (what a worker hands back with a reply). */
  drain(): string;
  /** Whether `p` is in a folder whose contents do not count (the cache's own, the build's). */
  isIgnored(p: string): boolean;
}

/** What a worker's message carries for a run being kept: its questions since its last message, encoded, and
 *  its reason to refuse the run, if any. */
export interface HandedBack {
  questions?: string;
  refused?: string | null;
}

/** The worker's side: what its next message carries (nothing when no run is being kept). */
export function handBack(log: KeepingLog | null): HandedBack {
  return log ? { questions: log.drain(), refused: log.refused } : {};
}

/** The keeping thread's side: a worker's message, merged into `log`; a message without questions (a worker
 *  that could not note them) refuses the run. */
export function takeBack(log: KeepingLog | null, message: HandedBack, worker: string): void {
  if (!log) return;
  if (message.questions !== undefined) log.merge(message.questions, message.refused ?? null);
  else log.refuse(`${worker} kept no questions`);
}

/** The log of this thread's run, when one is being kept. */
export function keepingLog(): KeepingLog | null {
  return ((globalThis as Record<symbol, unknown>)[KEEPING] as { log: KeepingLog | null } | undefined)?.log ?? null;
}

/** Something that changes what a run prints was not asked of the file system (a cache that warned): the
 *  run is not kept. Nothing when no run is being kept. */
export function refuseKeeping(reason: string): void {
  keepingLog()?.refuse(reason);
}
