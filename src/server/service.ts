// The language service: a façade over src/core that knows nothing of the protocol. It holds the engine
// (built from the settings: probes only in a trusted workspace), the documents' analyses, the workspace's
// roots, the tree runtimes' reports per root (Hermes and OpenClaw decide over a whole skills folder; their
// reports read the saved files and are kept until something in that root or their configuration changes),
// and the probe log. Each skill is judged exactly as `check` judges it (judgeEvaluated → toRuntimeEntry), so
// the editor's findings are `check --json`'s findings.

import * as path from 'node:path';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { declaredBins } from '../core/assist';
import { Engine, type EvaluatedSkill } from '../core/engine';
import type { ProbeLogEntry } from '../core/probe';
import { judgeEvaluated, runtimeConfigFiles, runtimeContext, TREE_EVALUATORS } from '../core/runtimes';
import { type Entry, toRuntimeEntry } from '../core/runtimes/entry';
import type { TreeEvaluator } from '../core/runtimes/judge';
import type { RuntimeContext, RuntimeId, RuntimeReport } from '../core/runtimes/types';
import type { SkillStatus } from '../core/status';
import type { ServerSettings } from '../shared/protocol';
import { type AnalyzedDocument, documentPath, SkillDocuments } from './documents';
import { mayProbe, runtimeChoicesOf } from './settings';
import { Workspace } from './workspace';

const PROBE_LOG_MAX = 500;

export interface Logger {
  info(message: string): void;
  error(message: string): void;
}

export class SkillService {
  readonly workspace = new Workspace();
  readonly documents: SkillDocuments;
  private engineInstance: Engine | null = null;
  private readonly reports = new Map<string, Promise<RuntimeReport>>();
  private readonly probeEntries: ProbeLogEntry[] = [];
  /** Binaries the skills of the last scan declare (for completion). */
  knownBins: string[] = [];

  constructor(
    private settingsValue: ServerSettings,
    private readonly log: Logger,
  ) {
    this.documents = new SkillDocuments(() => this.engine());
  }

  get settings(): ServerSettings {
    return this.settingsValue;
  }

  /** New settings: a new engine when probing changes, every tree report forgotten. */
  configure(settings: ServerSettings): void {
    const old = this.settingsValue;
    this.settingsValue = settings;
    this.workspace.setExtraRoots(settings.roots);
    if (mayProbe(old) !== mayProbe(settings) || old.probeTimeoutMs !== settings.probeTimeoutMs) {
      this.engineInstance?.dispose();
      this.engineInstance = null;
    }
    this.invalidate();
  }

  engine(): Engine {
    if (!this.engineInstance) {
      const probe = mayProbe(this.settingsValue);
      this.engineInstance = new Engine({
        env: process.env,
        probe,
        // No analysis cache: a scan's analyses are dropped once its entries are made, so an idle server holds
        // only the tree runtimes' reports (bench/lsp.mjs: a cache of 10,000 analyses kept ~160 MB more).
        notProbedReason: this.settingsValue.trusted ? 'not probed (probes are off)' : 'not probed (the workspace is not trusted)',
        probeOptions: { timeoutMs: this.settingsValue.probeTimeoutMs, onLog: (e) => this.logProbe(e), cwd: this.workspace.cwd() },
      });
    }
    return this.engineInstance;
  }

  private logProbe(e: ProbeLogEntry): void {
    this.probeEntries.push(e);
    if (this.probeEntries.length > PROBE_LOG_MAX) this.probeEntries.splice(0, this.probeEntries.length - PROBE_LOG_MAX);
    this.log.info(`probe ${e.command} → ${e.outcome}${e.exitCode !== null ? ` (exit ${e.exitCode})` : ''} in ${Math.round(e.durationMs)} ms`);
  }

  probeLog(): { entries: ProbeLogEntry[]; probing: boolean } {
    return { entries: [...this.probeEntries], probing: mayProbe(this.settingsValue) };
  }

  /** The machine as the runtimes see it, with the settings' runtime choices. */
  context(): { ctx: RuntimeContext; choices: ReturnType<typeof runtimeChoicesOf> } {
    const choices = runtimeChoicesOf(this.settingsValue, this.workspace.cwd());
    const engine = this.engine();
    return { ctx: runtimeContext({ ...engine.env, PATH: engine.pathEnv.path }, this.workspace.cwd(), choices), choices };
  }

  /** Hermes's config.yaml and .env and OpenClaw's openclaw.json: a change to one re-judges everything. */
  configFiles(): string[] {
    return runtimeConfigFiles(this.context().ctx).map((f) => path.resolve(f));
  }

  /** Forget the tree reports of the roots holding these files (all of them without files). */
  invalidate(files?: readonly string[]): void {
    if (!files) return this.reports.clear();
    for (const key of [...this.reports.keys()]) {
      const root = key.slice(key.indexOf('\0') + 1);
      if (files.some((f) => !path.relative(root, f).startsWith('..'))) this.reports.delete(key);
    }
  }

  /** The tree runtimes, their reports kept per (runtime, root) until invalidated. `keep: false` (the roots'
   *  scans): a kept report is used, a new one is not kept — an idle server holds only the reports its open
   *  documents need (a Hermes report of 10,000 skills is ~150 MB). */
  private trees(keep = true): Partial<Record<RuntimeId, TreeEvaluator>> {
    const out: Partial<Record<RuntimeId, TreeEvaluator>> = {};
    for (const [runtime, evaluate] of Object.entries(TREE_EVALUATORS) as Array<[RuntimeId, TreeEvaluator]>) {
      out[runtime] = (root, ctx) => {
        const key = `${runtime}\0${root}`;
        const kept = this.reports.get(key);
        if (kept) return kept;
        const run = evaluate(root, ctx);
        if (!keep) return run;
        this.reports.set(key, run);
        // A failed run is not kept: the next judgement tries again.
        run.catch(() => this.reports.get(key) === run && this.reports.delete(key));
        return run;
      };
    }
    return out;
  }

  async evaluate(analyzed: AnalyzedDocument, signal?: AbortSignal): Promise<SkillStatus> {
    return this.engine().evaluate(analyzed.analysis, undefined, signal);
  }

  /** A skill document's entry, exactly as `check --json` prints it for that file (the document's text). */
  async entryOf(doc: TextDocument, signal?: AbortSignal): Promise<{ entry: Entry; analyzed: AnalyzedDocument; skill: EvaluatedSkill }> {
    const analyzed = this.documents.analyze(doc);
    const location = this.workspace.locate(documentPath(doc.uri));
    const status = await this.evaluate(analyzed, signal);
    const skill: EvaluatedSkill = { location, analysis: analyzed.analysis, status, id: location.id };
    const [entry] = await this.judge([skill], true);
    return { entry: entry as Entry, analyzed, skill };
  }

  /** `check --json`'s entries of these evaluated skills (absolute paths). `keep`: keep the tree runtimes'
   *  new reports (for open documents, judged again at each change). */
  async judge(skills: readonly EvaluatedSkill[], keep = false): Promise<Entry[]> {
    const { ctx, choices } = this.context();
    const { judged } = await judgeEvaluated(skills, ctx, choices, this.trees(keep));
    return skills.map((s, i) => toRuntimeEntry(s, judged[i] as (typeof judged)[number]));
  }

  /** Every skill of these roots (default: the workspace's), open documents' text in place of the file's. */
  async scan(
    roots: readonly string[] = this.workspace.roots(),
    open: readonly TextDocument[] = [],
    signal?: AbortSignal,
  ): Promise<{ skills: EvaluatedSkill[]; entries: Entry[] }> {
    if (roots.length === 0) return { skills: [], entries: [] };
    const engine = this.engine();
    const { skills, catalogs } = await engine.checkPaths(roots, signal);
    for (const c of catalogs) for (const p of c.problems) this.log.info(`${p.path}: ${p.message}`);
    const byFile = new Map(open.map((d) => [path.resolve(documentPath(d.uri)), d]));
    for (let i = 0; i < skills.length; i++) {
      const s = skills[i] as EvaluatedSkill;
      const doc = byFile.get(s.location.file);
      if (!doc) continue;
      const analyzed = this.documents.analyze(doc);
      skills[i] = { ...s, analysis: analyzed.analysis, status: await this.evaluate(analyzed, signal) };
    }
    const bins = new Set<string>();
    for (const s of skills) if (s.analysis) for (const b of declaredBins(s.analysis)) bins.add(b);
    this.knownBins = [...bins].sort();
    return { skills, entries: await this.judge(skills) };
  }

  /** A tree runtime's index of a root (Hermes, OpenClaw), as `index --runtime R ROOT` prints it. */
  async treeIndex(runtime: RuntimeId, root: string): Promise<{ index: string; error: string | null } | null> {
    const evaluate = this.trees(false)[runtime];
    if (!evaluate) return null;
    const report = await evaluate(root, this.context().ctx);
    return { index: report.index, error: report.indexError };
  }

  dispose(): void {
    this.engineInstance?.dispose();
  }
}
