// The tree runtimes' reports (Hermes, OpenClaw: a whole skills root read by the runtime's own reader), started
// as early as it is known that they will be needed: when the first skill of a root that such a runtime
// judges has been analyzed, instead of after the engine has evaluated every skill. Started on a worker
// thread (./offThread.ts), a report is computed while the engine is still analyzing and evaluating, on the
// core that would otherwise sit idle. The report is the one `judge` would have asked for (same evaluator,
// same root, same context, and the files judge asks for, handed to the run when judge asks: the runtime reads
// the whole root meanwhile), so the result is the same by construction; a report nobody asks for is dropped.
import type { SkillAnalysis } from './analyze';
import type { SkillLocation } from '../skill/catalog';
import { applicableRuntimes } from '../runtimes/detect';
import type { TreeEvaluator } from './judge';
import type { RuntimeContext, RuntimeId, RuntimeReport } from '../runtimes/types';

export interface TreePrefetchOptions {
  ctx: RuntimeContext;
  pinned: readonly RuntimeId[];
  nexoSkillsDirs?: readonly string[];
  /** The runtimes that decide per tree, and how a report is computed (e.g. on a worker thread). */
  trees: Partial<Record<RuntimeId, TreeEvaluator>>;
}

export class TreePrefetch {
  private readonly runs = new Map<string, { report: Promise<RuntimeReport>; scope: (only: ReadonlySet<string> | null) => void }>();

  constructor(private readonly options: TreePrefetchOptions) {}

  /** One analyzed skill: start the reports of the tree runtimes that apply to it (once per runtime and root). */
  see(location: SkillLocation, analysis: SkillAnalysis | null): void {
    const o = this.options;
    const applicable = applicableRuntimes({
      dir: location.dir,
      data: analysis?.data ?? null,
      home: o.ctx.home,
      env: o.ctx.env,
      pinned: o.pinned,
      ...(o.nexoSkillsDirs ? { nexoSkillsDirs: o.nexoSkillsDirs } : {}),
    });
    for (const a of applicable) {
      const evaluate = o.trees[a.runtime];
      if (!evaluate) continue;
      const key = `${a.runtime}\0${location.root}`;
      if (this.runs.has(key)) continue;
      let scope: (only: ReadonlySet<string> | null) => void = () => undefined;
      const only = new Promise<ReadonlySet<string> | null>((resolve) => (scope = resolve));
      const report = evaluate(location.root, o.ctx, only);
      // A failure is reported to whoever asks for the report (the judge), not as an unhandled rejection.
      report.catch(() => undefined);
      this.runs.set(key, { report, scope });
    }
  }

  /** Evaluators for `judge`: a report already started for the same root and context, handed the files judge
   *  asks for (every file when it names none), else a new one. */
  trees(): Partial<Record<RuntimeId, TreeEvaluator>> {
    const out: Partial<Record<RuntimeId, TreeEvaluator>> = {};
    for (const [runtime, evaluate] of Object.entries(this.options.trees) as Array<[RuntimeId, TreeEvaluator]>) {
      out[runtime] = (root, ctx, only) => {
        const key = `${runtime}\0${root}`;
        const run = ctx === this.options.ctx ? this.runs.get(key) : undefined;
        if (!run) return evaluate(root, ctx, only);
        // Handed out once: its scope is this asker's.
        this.runs.delete(key);
        if (only) only.then(run.scope, () => run.scope(null));
        else run.scope(null);
        return run.report;
      };
    }
    return out;
  }
}
