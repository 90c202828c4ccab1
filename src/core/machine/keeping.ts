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
