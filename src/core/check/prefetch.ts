// The tree runtimes' reports (Hermes, OpenClaw: a whole skills root read by the runtime's own reader), started
// as early as it is known that they will be needed: when the first skill of a root that such a runtime
// judges has been analyzed, instead of after the engine has evaluated every skill. Started on a worker
// thread (./offThread.ts), a report is computed while the engine is still analyzing and evaluating, on the
// core that would otherwise sit idle. The report is the one `judge` would have asked for (same evaluator,
// same root, same context), so the result is the same by construction; a report nobody asks for is dropped.
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
  private readonly runs = new Map<string, Promise<RuntimeReport>>();

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
      const run = evaluate(location.root, o.ctx);
      // A failure is reported to whoever asks for the report (the judge), not as an unhandled rejection.
      run.catch(() => undefined);
      this.runs.set(key, run);
    }
  }

  /** Evaluators for `judge`: a report already started for the same root and context, else a new one. */
  trees(): Partial<Record<RuntimeId, TreeEvaluator>> {
    const out: Partial<Record<RuntimeId, TreeEvaluator>> = {};
    for (const [runtime, evaluate] of Object.entries(this.options.trees) as Array<[RuntimeId, TreeEvaluator]>) {
      out[runtime] = (root, ctx) => (ctx === this.options.ctx ? this.runs.get(`${runtime}\0${root}`) : undefined) ?? evaluate(root, ctx);
    }
    return out;
  }
}
