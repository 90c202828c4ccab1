// Each skill's verdict per applicable runtime, for the Skills view's tooltips: the same judgement as
// `check --json` (src/core/runtimes), computed on demand. The runtimes that decide per tree (Hermes,
// OpenClaw) read a whole skills root, so their reports are kept per root until the store changes.

import * as vscode from 'vscode';
import type { EvaluatedSkill } from '../core/engine';
import type { JudgedSkill } from '../core/runtimes/judge';
import type { RuntimeReport } from '../core/runtimes/types';

export class RuntimeVerdicts implements vscode.Disposable {
  private reports = new Map<string, Promise<RuntimeReport>>();

  /** Forget every runtime's reports (a skill or a root changed). */
  invalidate(): void {
    this.reports.clear();
  }

  async of(skill: EvaluatedSkill): Promise<JudgedSkill | undefined> {
    // Loaded on first use: activation does not need the runtime profiles.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { judgeEvaluated, runtimeContext, TREE_EVALUATORS } = require('../core/runtimes') as typeof import('../core/runtimes');
    const ctx = runtimeContext(process.env, vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? process.cwd());
    const trees = Object.fromEntries(
      Object.entries(TREE_EVALUATORS).map(([runtime, evaluate]) => [
        runtime,
        (root: string, c: typeof ctx): Promise<RuntimeReport> => {
          const key = `${runtime}\0${root}`;
          let report = this.reports.get(key);
          if (!report) this.reports.set(key, (report = evaluate(root, c)));
          return report;
        },
      ]),
    );
    const { judged } = await judgeEvaluated([skill], ctx, {}, trees);
    return judged[0];
  }

  dispose(): void {
    this.reports.clear();
  }
}
