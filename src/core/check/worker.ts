// The worker thread that runs Hermes's and OpenClaw's emulation of a whole skills root (the CLI and the
// language server start it through ./offThread.ts). Those runs read every SKILL.md of the root synchronously,
// as the runtimes do: seconds for a root of thousands of skills, which must never block the language server.
// One request at a time: { id, runtime, root, ctx } in, { id, report } or { id, error } out.
import { parentPort } from 'node:worker_threads';
import { TREE_EVALUATORS } from '../runtimes';
import type { OffThreadRequest, OffThreadReply } from './offThread';

parentPort?.on('message', (req: OffThreadRequest) => {
  const evaluate = TREE_EVALUATORS[req.runtime];
  const reply = (r: OffThreadReply): void => parentPort?.postMessage(r);
  if (!evaluate) return reply({ id: req.id, error: `no tree evaluator for ${req.runtime}` });
  evaluate(req.root, req.ctx).then(
    (report) => reply({ id: req.id, report }),
    (err: unknown) => reply({ id: req.id, error: err instanceof Error ? err.message : String(err) }),
  );
});
