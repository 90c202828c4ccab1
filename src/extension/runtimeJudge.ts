// Each skill judged by the runtimes that apply to it, exactly as `check` judges it (src/core/runtimes): the
// Skills view, the explorer decorations, the language status, the Problems panel and the API all read their
// verdicts from here, so they agree with each other and with the CLI.
//
// Which runtimes and with what: `skillAuthor.runtimes` pins them (empty: detected per skill), and the Hermes
// and OpenClaw settings give their context (the CLI's `--tools`, `--toolsets`, `--environments`,
// `--hermes-home`, `--openclaw-config`). The environment is the engine's (the extension host's plus
// `skillAuthor.envFiles`), with `skillAuthor.path.extraDirs` on PATH.
//
// Hermes and OpenClaw decide over a whole skills root (duplicate names, categories, prompt limits), so their
// reports are kept per (runtime, root) until something in that root, their configuration or the settings
// change. Those reports read the saved files: an unsaved edit shows in their verdicts once saved.

import * as path from 'node:path';
import * as vscode from 'vscode';
import type { EvaluatedSkill } from '../core/engine';
import type { RuntimeChoices } from '../core/runtimes';
import type { Entry } from '../core/runtimes/entry';
import type { TreeEvaluator } from '../core/runtimes/judge';
import type { OffThreadEvaluator } from '../core/runtimes/offThread';
import type { RuntimeContext, RuntimeId, RuntimeReport } from '../core/runtimes/types';
import { resolveSettingPath, RUNTIME_SETTINGS } from './config';
import { type SkillAuthorContext, Slot } from './context';

type Runtimes = typeof import('../core/runtimes') & typeof import('../core/runtimes/entry') & typeof import('../core/runtimes/offThread');

/** Each skill judged by the runtimes that apply to it (created on first use). */
export const JUDGE = new Slot<RuntimeJudge>('runtime judge', (ctx) => new RuntimeJudge(ctx));

export const judgeOf = (ctx: SkillAuthorContext): RuntimeJudge => ctx.get(JUDGE);

export class RuntimeJudge implements vscode.Disposable {
  private readonly reports = new Map<string, Promise<RuntimeReport>>();
  /** The reports of `reports` that have finished, by the same key. */
  private readonly done = new Map<string, RuntimeReport>();
  private readonly changed = new vscode.EventEmitter<void>();
  private readonly subscriptions: vscode.Disposable[] = [];
  private modules: Runtimes | undefined;
  private offThread: OffThreadEvaluator | undefined;
  private settingsContext: RuntimeContext | undefined;

  /** Fires when every verdict may have changed (settings, engine reset): judge everything again. */
  readonly onDidChange: vscode.Event<void> = this.changed.event;

  constructor(private readonly ctx: SkillAuthorContext) {
    this.subscriptions.push(
      this.changed,
      ctx.config.onDidChange((e) => {
        if (RUNTIME_SETTINGS.some((k) => e.affectsConfiguration(k))) this.reset();
      }),
      // A new engine: another environment or PATH.
      ctx.onDidResetEngine(() => this.reset()),
    );
  }

  private reset(): void {
    this.settingsContext = undefined;
    this.reports.clear();
    this.done.clear();
    this.unwatch();
    this.changed.fire();
  }

  /** Hermes's config.yaml and .env and OpenClaw's config, watched once a judgement needed them. */
  private watchers: vscode.Disposable[] | undefined;

  private watch(ctx: RuntimeContext): void {
    if (this.watchers) return;
    this.watchers = [];
    for (const file of this.core().runtimeConfigFiles(ctx)) {
      const w = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(vscode.Uri.file(path.dirname(file)), path.basename(file)));
      const changed = (): void => this.reset();
      this.watchers.push(w, w.onDidCreate(changed), w.onDidChange(changed), w.onDidDelete(changed));
    }
  }

  private unwatch(): void {
    for (const w of this.watchers?.splice(0) ?? []) w.dispose();
    this.watchers = undefined;
  }

  /** The runtime profiles, loaded on first use (activation does not need them). */
  private core(): Runtimes {
    this.modules ??= {
      ...(require('../core/runtimes') as typeof import('../core/runtimes')),
      ...(require('../core/runtimes/entry') as typeof import('../core/runtimes/entry')),
      ...(require('../core/runtimes/offThread') as typeof import('../core/runtimes/offThread')),
    };
    return this.modules;
  }

  /** The runtimes the user pinned (empty: detected per skill). */
  get pinned(): readonly RuntimeId[] {
    return this.ctx.config.runtimes.pinned;
  }

  /** The settings as the CLI's options. */
  choices(): RuntimeChoices {
    const s = this.ctx.config.runtimes;
    const choices: RuntimeChoices = {};
    if (s.pinned.length) choices.pinned = s.pinned;
    if (s.tools) choices.tools = s.tools;
    if (s.toolsets) choices.toolsets = s.toolsets;
    if (s.environments) choices.environments = s.environments;
    const hermesHome = s.hermesHome ? resolveSettingPath(s.hermesHome) : null;
    if (hermesHome) choices.hermesHome = hermesHome;
    const openclawConfig = s.openclawConfig ? resolveSettingPath(s.openclawConfig) : null;
    if (openclawConfig) choices.openclawConfig = openclawConfig;
    return choices;
  }

  /** The machine as the runtimes see it: the engine's environment and PATH. */
  context(choices?: RuntimeChoices): RuntimeContext {
    // The settings' context is built once until they or the engine change (it is asked for per file).
    if (!choices) return (this.settingsContext ??= this.context(this.choices()));
    const engine = this.ctx.engine();
    const cwd = vscode.workspace.workspaceFolders?.find((f) => f.uri.scheme === 'file')?.uri.fsPath ?? process.cwd();
    return this.core().runtimeContext({ ...engine.env, PATH: engine.pathEnv.path }, cwd, choices);
  }

  /** A skill's findings that hold for the runtimes that apply to it (as `check` reports them). */
  scoped<D extends { code: string }>(diagnostics: readonly D[], file: string, data: Readonly<Record<string, unknown>> | null): D[] {
    return this.core().scopedDiagnostics(diagnostics, path.dirname(file), data, this.context(), this.pinned);
  }

  /** Forget the Hermes / OpenClaw reports of these roots (a skill in them changed), or of every root. */
  invalidate(roots?: Iterable<string>): void {
    if (!roots) {
      this.reports.clear();
      this.done.clear();
      return;
    }
    const gone = new Set(roots);
    for (const key of [...this.reports.keys()]) {
      if (!gone.has(key.slice(key.indexOf('\0') + 1))) continue;
      this.reports.delete(key);
      this.done.delete(key);
    }
  }

  /** The finished reports for a skills root (Hermes, OpenClaw), from the last judgement. */
  reportsFor(root: string): RuntimeReport[] {
    return [...this.done.entries()].filter(([key]) => key.slice(key.indexOf('\0') + 1) === root).map(([, r]) => r);
  }

  /**
   * The `check --json` entries of these skills (in their order). `agent`: they are one nexo-rs agent's
   * skills (its overrides applied), judged by nexo-rs only, as `check --agent` does.
   */
  async entries(skills: readonly EvaluatedSkill[], options: { agent?: boolean } = {}): Promise<Entry[]> {
    const { judgeEvaluated, toRuntimeEntry, TREE_EVALUATORS } = this.core();
    const choices: RuntimeChoices = options.agent ? { ...this.choices(), pinned: ['nexo'] } : this.choices();
    const ctx = this.context(choices);
    this.watch(ctx);
    const trees = Object.fromEntries(
      Object.keys(TREE_EVALUATORS).map((runtime): [string, TreeEvaluator] => [runtime, (root, c) => this.cached(runtime as RuntimeId, root, c)]),
    );
    const { judged } = await judgeEvaluated(skills, ctx, choices, trees);
    return skills.map((s, i) => toRuntimeEntry(s, judged[i] as (typeof judged)[number]));
  }

  /**
   * A runtime's report for a root read as its skills folder (Hermes's index, OpenClaw's prompt), with the
   * settings' context: the same report the verdicts come from. Null for a runtime that reads no root.
   */
  async report(runtime: RuntimeId, root: string): Promise<RuntimeReport | null> {
    if (!this.core().TREE_EVALUATORS[runtime]) return null;
    const ctx = this.context();
    this.watch(ctx);
    return this.cached(runtime, root, ctx);
  }

  /** The report of (runtime, root), run once until invalidated; a failed run is not kept. */
  private cached(runtime: RuntimeId, root: string, c: RuntimeContext): Promise<RuntimeReport> {
    const key = `${runtime}\0${root}`;
    let report = this.reports.get(key);
    if (!report) {
      // On a worker thread: a root of thousands of skills takes seconds to read, as the runtime reads it.
      // The extension's own copy of the worker bundle (dist/runtime-worker.js), wherever this code was loaded from.
      this.offThread ??= new (this.core().OffThreadEvaluator)(this.ctx.extension.asAbsolutePath(path.join('dist', 'runtime-worker.js')));
      const run = (report = this.offThread.evaluate(runtime, root, c));
      this.reports.set(key, run);
      run.then(
        (r) => this.reports.get(key) === run && this.done.set(key, r),
        () => this.reports.get(key) === run && this.reports.delete(key),
      );
    }
    return report;
  }

  dispose(): void {
    this.offThread?.dispose();
    this.reports.clear();
    this.unwatch();
    for (const d of this.subscriptions.splice(0)) d.dispose();
  }
}
