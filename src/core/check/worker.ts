// The worker thread that runs Hermes's and OpenClaw's emulation of a whole skills root (the CLI and the
// language server start it through ./offThread.ts). Those runs read every SKILL.md of the root synchronously,
// as the runtimes do: seconds for a root of thousands of skills, which must never block the language server.
// One request at a time: { id, runtime, root, ctx } in, { id, report } or { id, error } out. A scoped request's
// files follow in a message of their own ({ id, only }), which the run awaits after reading the root.
// A run being kept (the CLI's, src/cli/runMemo.ts): every reply carries the questions asked since the last.
import { parentPort, workerData } from 'node:worker_threads';
import { TREE_EVALUATORS } from '../runtimes';
import { handBack, type KeepingLog } from '../machine/keeping';
import type { OffThreadData, OffThreadRequest, OffThreadReply, OffThreadScope } from './offThread';

const settings = (workerData as OffThreadData | null)?.questions;
const log = settings ? questionLog(settings) : null;

/** The question log, from the file the CLI names (its dist/questions.js): the language server never keeps a
 *  run, so this bundle, which it shares, does not carry that code. A log that cannot be loaded means replies
 *  without questions, and the CLI does not keep the run. */
function questionLog(s: NonNullable<OffThreadData['questions']>): KeepingLog | null {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return (require(s.recorder) as typeof import('../machine/questions')).startQuestionLog(s);
  } catch {
    return null;
  }
}

/** The files of each scoped request still being answered, by id, resolved when its message comes. Messages
 *  arrive in the order they were posted, so a request is always here before its files; files for a request
 *  already answered (it failed first) are dropped. */
const scopes = new Map<number, (only: string[] | null) => void>();

function scopeOf(id: number): Promise<ReadonlySet<string> | null> {
  return new Promise((resolve) => scopes.set(id, (only) => resolve(only ? new Set(only) : null)));
}

parentPort?.on('message', (msg: OffThreadRequest | OffThreadScope) => {
  if (!('runtime' in msg)) {
    scopes.get(msg.id)?.(msg.only);
    return;
  }
  const req = msg;
  const evaluate = TREE_EVALUATORS[req.runtime];
  const reply = (r: OffThreadReply): void => {
    scopes.delete(req.id);
    parentPort?.postMessage({ ...r, ...handBack(log) });
  };
  if (!evaluate) return reply({ id: req.id, error: `no tree evaluator for ${req.runtime}` });
  evaluate(req.root, req.ctx, req.scoped ? scopeOf(req.id) : undefined).then(
    (report) => reply({ id: req.id, report }),
    (err: unknown) => reply({ id: req.id, error: err instanceof Error ? err.message : String(err) }),
  );
});
