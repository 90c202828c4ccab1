// Hermes's and OpenClaw's reports of a whole root, computed on a worker thread (./worker.ts) so that the
// thread asking (the language server) stays responsive while thousands of files are read. The
// reports are plain data and cross the thread boundary as they are. When the worker script is missing (an
// unbundled test run) or the worker fails, the report is computed on the calling thread instead: slower for
// a large root, same result.
import { existsSync } from 'node:fs';
import type { Worker } from 'node:worker_threads';
import { TREE_EVALUATORS } from '../runtimes';
import type { RuntimeContext, RuntimeId, RuntimeReport, TreeScope } from '../runtimes/types';
import { type HandedBack, keepingLog, type KeepingSettings, takeBack } from '../machine/keeping';

export interface OffThreadRequest {
  id: number;
  runtime: RuntimeId;
  root: string;
  ctx: RuntimeContext;
  /** The files the report is for follow in an OffThreadScope message (TreeScope). */
  scoped?: true;
}

/** The files a scoped request's report is for (null: every one). */
export interface OffThreadScope {
  id: number;
  only: string[] | null;
}

/** A reply, with the questions the worker asked the file system since its last reply when the run that
 *  started it is being kept (src/core/machine/questions.ts). */
export type OffThreadReply = ({ id: number; report: RuntimeReport } | { id: number; error: string }) & HandedBack;

/** What the worker is started with: its role (a bundle that is also something else, the language server's,
 *  runs as this worker when it sees it), and the settings of the run's question log, when it is being kept. */
export interface OffThreadData {
  role: typeof RUNTIME_WORKER_ROLE;
  questions?: KeepingSettings;
}

export const RUNTIME_WORKER_ROLE = 'skill-author runtime worker';

export class OffThreadEvaluator {
  private worker: Worker | undefined;
  private broken = false;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (r: RuntimeReport) => void; reject: (e: Error) => void; req: OffThreadRequest; only?: TreeScope }>();

  private idleTimer: NodeJS.Timeout | undefined;

  /** `script`: the bundled worker (dist/runtime-worker.js). `idleMs`: a worker with nothing to do for that
   *  long is stopped, and its heap (every file of the largest root it read) given back; the next report
   *  starts a new one. Without it the worker lives as long as the evaluator. */
  constructor(
    private readonly script: string,
    private readonly idleMs?: number,
  ) {}

  evaluate(runtime: RuntimeId, root: string, ctx: RuntimeContext, only?: TreeScope): Promise<RuntimeReport> {
    const inProcess = TREE_EVALUATORS[runtime];
    if (!inProcess) return Promise.reject(new Error(`no tree evaluator for ${runtime}`));
    const worker = this.ensure();
    if (!worker) return inProcess(root, ctx, only);
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = undefined;
    const req: OffThreadRequest = { id: this.nextId++, runtime, root, ctx: { ...ctx, env: { ...ctx.env } }, ...(only ? { scoped: true as const } : {}) };
    return new Promise<RuntimeReport>((resolve, reject) => {
      this.pending.set(req.id, { resolve, reject, req, ...(only ? { only } : {}) });
      worker.postMessage(req);
      // The worker reads the root meanwhile, and waits for the files before its per-skill work.
      const scope = (files: ReadonlySet<string> | null): void => {
        if (this.worker === worker && this.pending.has(req.id)) worker.postMessage({ id: req.id, only: files ? [...files] : null } satisfies OffThreadScope);
      };
      only?.then(scope, () => scope(null));
    });
  }

  /** Whether a worker thread is running now (it starts with the first report, and stops when idle). */
  get running(): boolean {
    return this.worker !== undefined;
  }

  private ensure(): Worker | undefined {
    if (this.worker || this.broken) return this.worker;
    if (!existsSync(this.script)) {
      this.broken = true;
      return undefined;
    }
    // A run being kept: the worker notes its questions too. What it prints reaches this thread's stdout and
    // stderr as usual, where the kept run's output is taken.
    const log = keepingLog();
    const data: OffThreadData = log ? { role: RUNTIME_WORKER_ROLE, questions: log.settings() } : { role: RUNTIME_WORKER_ROLE };
    // node:worker_threads only now: a run that never needs the worker does not load it.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { Worker: WorkerThread } = require('node:worker_threads') as typeof import('node:worker_threads');
    const worker = new WorkerThread(this.script, { workerData: data });
    // The worker must not keep a process alive that has nothing else to do (the CLI, a test).
    worker.unref();
    worker.on('message', (reply: OffThreadReply) => {
      takeBack(log, reply, 'the runtime worker');
      const p = this.pending.get(reply.id);
      if (!p) return;
      this.pending.delete(reply.id);
      if ('report' in reply) p.resolve(reply.report);
      else p.reject(new Error(reply.error));
      if (this.pending.size === 0 && this.idleMs !== undefined) {
        this.idleTimer = setTimeout(() => {
          this.idleTimer = undefined;
          if (this.worker !== worker || this.pending.size > 0) return;
          this.worker = undefined;
          void worker.terminate();
        }, this.idleMs);
        this.idleTimer.unref();
      }
    });
    const fail = (): void => {
      // A crashed worker: what it had in hand is computed here, and so is everything after.
      this.broken = true;
      this.worker = undefined;
      const waiting = [...this.pending.values()];
      this.pending.clear();
      for (const p of waiting) {
        const evaluate = TREE_EVALUATORS[p.req.runtime];
        if (evaluate) evaluate(p.req.root, p.req.ctx, p.only).then(p.resolve, p.reject);
        else p.reject(new Error(`no tree evaluator for ${p.req.runtime}`));
      }
    };
    worker.on('error', fail);
    worker.on('exit', (code) => {
      if (this.worker === worker && code !== 0) fail();
    });
    this.worker = worker;
    return worker;
  }

  dispose(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    const w = this.worker;
    this.worker = undefined;
    this.broken = true;
    for (const p of this.pending.values()) p.reject(new Error('disposed'));
    this.pending.clear();
    void w?.terminate();
  }
}
