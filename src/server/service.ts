// The language service: a façade over src/core that knows nothing of the protocol. It holds the engine
// (built from the settings: probes only in a trusted workspace), the documents' analyses, the workspace's
// roots, the tree runtimes' reports per root (Hermes and OpenClaw decide over a whole skills folder; their
// reports read the saved files and are kept until something in that root or their configuration changes),
// and the probe log. Each skill is judged exactly as `check` judges it (judgeEvaluated → toRuntimeEntry), so
// the editor's findings are `check --json`'s findings.

import { NOT_PROBED_UNTRUSTED } from '../core/runtimes/words';
import { existsSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import {
  type AgentDef,
  type AgentsFile,
  findAgentsFile,
  notFoundReason,
  readAgentsConfig,
  resolveAgentSkill,
  type AgentProblem,
} from '../core/runtimes/nexo/agents';
import type { SkillAnalysis } from '../core/check/analyze';
import { agentOverridesFor, type AgentOverride } from '../core/assist/hover';
import { declaredBins } from '../core/assist/completion';
import { type FieldScope, fieldScope } from '../core/assist/fieldHelp';
import { withEnvFiles } from '../core/machine/env';
import { Engine, type EvaluatedSkill } from '../core/check/engine';
import { blockingIo, type SkillLocation } from '../core/skill/catalog';
import type { ProbeLogEntry } from '../core/machine/probe';
import { runtimeConfigFiles, runtimeContext, TREE_EVALUATORS } from '../core/runtimes';
import { judgeEvaluated } from '../core/check/judge';
import type { ListingRuns } from '../core/check/listingJudge';
import { OffThreadEvaluator } from '../core/check/offThread';
import { type Entry, toRuntimeEntry } from '../core/check/entry';
import type { TreeEvaluator } from '../core/check/judge';
import type { RuntimeContext, RuntimeId, RuntimeReport } from '../core/runtimes/types';
import { RUNTIME_LABELS } from '../core/runtimes/registry';
import type { NexoStatus } from '../core/runtimes/nexo/status';
import type { ExtensionMachine } from '../core/runtimes/nexo/extensions';
import type { ServerSettings } from '../shared/protocol';
import { type AnalyzedDocument, documentPath, SkillDocuments } from './documents';
import { mayProbe, PERSONAL_ROOTS, resolveSettingPath, runtimeChoicesOf } from './settings';
import { extensionMachine, ManifestDocuments } from './manifests';
import { Workspace } from './workspace';

const PROBE_LOG_MAX = 500;
/** The runtime worker is stopped after this long without a report to make (bench/lsp.mjs: its heap after
 *  Hermes read a 10,000-skill root was ~230 MB of the server's RSS); a save restarts it in ~60 ms. */
const WORKER_IDLE_MS = 3000;

/** The runtime worker's script: dist/runtime-worker.js where it is installed (the npm package, a development
 *  build), else this server's own bundle, dist/lsp.js, which runs as that worker when started as one
 *  (./main.ts): the VSIX carries lsp.js alone, not a second copy of the runtimes' emulation. */
function runtimeWorkerScript(): string {
  const own = path.join(__dirname, 'runtime-worker.js');
  const server = path.join(__dirname, 'lsp.js');
  return !existsSync(own) && existsSync(server) ? server : own;
}

export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

/** The settings the engine is built from: a change to one builds a new engine (and forgets its probes). */
const ENGINE_KEYS = ['trusted', 'probes', 'probeTimeoutMs', 'probeConcurrency', 'extraPath', 'envFiles'] as const;

export class SkillService {
  readonly workspace = new Workspace();
  readonly documents: SkillDocuments;
  /** The open nexo-rs extension manifests' analyses. */
  readonly manifests = new ManifestDocuments();
  private engineInstance: Engine | null = null;
  private readonly reports = new Map<string, Promise<RuntimeReport>>();
  /** The reports of `reports` that have finished, by the same key (the skills model's prompt budgets). */
  private readonly done = new Map<string, RuntimeReport>();
  /** The agent CLIs' starts (one per runtime and working folder), kept until a file changes: an edit re-judges
   *  one skill, and each start reads every skill its runtime finds. */
  private readonly starts: ListingRuns = new Map();
  /** Told of each probe log entry as it is logged (the skills model's clients get them). */
  private readonly probeListeners = new Set<(e: ProbeLogEntry) => void>();
  private readonly probeEntries: ProbeLogEntry[] = [];
  /** Hermes's and OpenClaw's whole-root reports, computed on a worker thread (in this thread when no worker
   *  script is there, as in the unbundled tests). */
  private readonly offThread = new OffThreadEvaluator(runtimeWorkerScript(), WORKER_IDLE_MS);
  /** Binaries the known skills declare (for completion), computed when completion asks for them. */
  get knownBins(): string[] {
    if (this.knownBinsSource) {
      this.knownBinsValue = this.knownBinsSource();
      this.knownBinsSource = null;
    }
    return this.knownBinsValue;
  }

  /** The skills changed: the binaries are listed again at the next completion (not at every change: a scan
   *  of 10,000 skills is hundreds of changes). */
  knownBinsFrom(source: () => string[]): void {
    this.knownBinsSource = source;
  }

  private knownBinsValue: string[] = [];
  private knownBinsSource: (() => string[]) | null = null;
  /** The nexo-rs agents files in use (the `agentsFile` setting, else found in the workspace folders). */
  agentsFiles: AgentsFile[] = [];

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
    this.applyRoots();
    // Read again at the next use (the `agentsFile` setting, or the environment its placeholders read).
    this.agentsLoad = null;
    const changed = (k: (typeof ENGINE_KEYS)[number]): boolean => JSON.stringify(old[k]) !== JSON.stringify(settings[k]);
    if (mayProbe(old) !== mayProbe(settings) || ENGINE_KEYS.some(changed)) {
      this.engineInstance?.dispose();
      this.engineInstance = null;
    }
    this.invalidate();
  }

  /** The extra roots: the `roots` setting, and with `defaultRoots` the personal skill folders that exist. */
  applyRoots(): void {
    const s = this.settingsValue;
    const personal = s.defaultRoots
      ? PERSONAL_ROOTS.filter((r) => {
          try {
            return statSync(resolveSettingPath(r, this.workspace.cwd())).isDirectory();
          } catch {
            return false;
          }
        })
      : [];
    this.workspace.setExtraRoots([...s.roots, ...personal]);
  }

  engine(): Engine {
    if (!this.engineInstance) {
      const s = this.settingsValue;
      const probe = mayProbe(s);
      const base = this.workspace.cwd();
      // `.env` files: names and reasons go to the log, never a value.
      const env = withEnvFiles(
        process.env,
        s.envFiles.map((f) => resolveSettingPath(f, base)),
        { info: (m) => this.log.info(m), warn: (m) => this.log.warn(m) },
        { stat: (f) => statSync(f), text: (f) => readFileSync(f, 'utf8') },
      );
      this.engineInstance = new Engine({
        env,
        // Relative `bins` paths resolve, and probes run, in the workspace folder, as the CLI's in its own.
        cwd: this.workspace.cwd(),
        extraPath: s.extraPath.map((d) => resolveSettingPath(d, base)),
        probe,
        // No analysis cache: a scan's analyses are dropped once its entries are made, so an idle server holds
        // only the tree runtimes' reports (bench/lsp.mjs: a cache of 10,000 analyses kept ~160 MB more).
        // Each SKILL.md read in one go on this thread: the server is a process of its own (nothing else waits on
        // its thread but its requests, and the scan yields every few ms), and a small file opened without
        // blocking, checked with fstat and read takes tens of µs where the thread pool's round trips took ~170 µs
        // (bench/lsp.mjs, 10,000 skills).
        io: blockingIo,
        notProbedReason: this.settingsValue.trusted ? 'not probed: probes are off' : NOT_PROBED_UNTRUSTED,
        probeOptions: { timeoutMs: s.probeTimeoutMs, concurrency: s.probeConcurrency, onLog: (e) => this.logProbe(e) },
      });
    }
    return this.engineInstance;
  }

  /** The machine a nexo-rs extension manifest is judged on (./manifests.ts). */
  extensionMachine(file: string): ExtensionMachine {
    return extensionMachine(this.engine(), this.workspace.folderPaths(), file);
  }

  logError(message: string): void {
    this.log.error(message);
  }

  private logProbe(e: ProbeLogEntry): void {
    this.probeEntries.push(e);
    if (this.probeEntries.length > PROBE_LOG_MAX) this.probeEntries.splice(0, this.probeEntries.length - PROBE_LOG_MAX);
    // Which binary, the file run and its arguments (never through a shell), and what came of it.
    const exit = e.exitCode === null ? '' : ` exit ${e.exitCode}`;
    this.log.info(`probe ${e.bin} → ${e.resolvedPath} ${JSON.stringify(e.command)}: ${e.outcome}${exit} in ${Math.round(e.durationMs)} ms, ${e.bytes} byte(s)`);
    for (const listener of this.probeListeners) listener(e);
  }

  /** Calls `listener` with each probe log entry from now on; returns how to stop. */
  onProbe(listener: (e: ProbeLogEntry) => void): () => void {
    this.probeListeners.add(listener);
    return () => this.probeListeners.delete(listener);
  }

  /** Forget every probe result and binary lookup: the next checks run them again. */
  reprobe(): void {
    const engine = this.engineInstance;
    engine?.runner?.clear();
    engine?.resolver.clear();
    this.invalidate();
    this.log.info('probe results cleared; re-probing');
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

  /** The runtimes whose fields the editor offers and explains for this SKILL.md: pinned by `runtimes`, else
   *  those that apply to the skill (where it lives, what it declares). */
  scopeOf(file: string, analysis: SkillAnalysis | undefined): FieldScope {
    const { ctx, choices } = this.context();
    return fieldScope({ dir: path.dirname(file), data: analysis?.data ?? null, home: ctx.home, env: ctx.env, pinned: choices.pinned ?? [] });
  }

  /** Reads the agents files again: the `agentsFile` setting, else the first of `config/agents.yaml`,
   *  `agents.yaml`, `config/agents.yml` in each workspace folder. */
  loadAgentsFiles(): Promise<void> {
    const load = this.readAgentsFiles();
    this.agentsLoad = load.catch(() => undefined);
    return load;
  }

  /** The agents files as last read (read now when they never were). */
  async agents(): Promise<AgentsFile[]> {
    await (this.agentsLoad ??= this.readAgentsFiles().catch((e: unknown) => this.log.warn(`reading the agents files failed: ${String(e)}`)));
    return this.agentsFiles;
  }

  private agentsLoad: Promise<void> | null = null;

  private async readAgentsFiles(): Promise<void> {
    const files: string[] = [];
    const configured = this.settingsValue.agentsFile.trim();
    if (configured) files.push(resolveSettingPath(configured, this.workspace.cwd()));
    else
      for (const folder of this.workspace.folderPaths()) {
        const f = await findAgentsFile(folder);
        if (f) files.push(f);
      }
    const env = this.engine().env;
    // Each with its agents.d/ drop-ins merged, as nexo-rs loads the configuration (RULES.md §11).
    this.agentsFiles = await Promise.all(files.map((f) => readAgentsConfig(f, { env, cwd: this.workspace.cwd() })));
  }

  /** Whether `file` is one of the agents files in use, or may be one of their drop-ins: the `agents.d` folder
   *  beside one, or a `*.yaml` in it (created, changed or deleted, it changes the configuration). */
  isAgentsFile(file: string): boolean {
    const abs = path.resolve(file);
    return this.agentsFiles.some((f) => {
      if (f.path === abs) return true;
      const dropDir = path.join(path.dirname(f.path), 'agents.d');
      return abs === dropDir || (path.dirname(abs) === dropDir && abs.endsWith('.yaml'));
    });
  }

  /** Every file of the configurations in use: each agents file, then its drop-ins, each with the agents it
   *  defines that nexo-rs starts (one a later drop-in replaces does not start) and the configuration's error. */
  agentsConfigFiles(): AgentsFile[] {
    return this.agentsFiles.flatMap((f) => [f, ...(f.dropIns ?? []).map((d) => ({ ...d, agents: f.agents.filter((a) => a.file === d.path), error: f.error }))]);
  }

  /** Agents whose `skill_overrides` set the mode of the skill in `skillDir`. */
  overridesFor(skillDir: string): AgentOverride[] {
    const agents: AgentDef[] = this.agentsFiles.flatMap((f) => (f.error === null ? f.agents : []));
    return agentOverridesFor(agents, skillDir, (a) => a.file ?? this.agentsFiles.find((f) => f.agents.includes(a))?.path ?? 'agents.yaml');
  }

  /** An agents file's problems as `check --agent` prints them: the file's own, then a warning at each listed
   *  skill with no SKILL.md in its agent's skills_dir (looked up on disk each time). */
  async agentsProblems(file: AgentsFile): Promise<AgentProblem[]> {
    const problems = [...file.problems];
    // A refused file starts no agent: its listed skills are never looked up; nor are those of an agent whose
    // skills_dir is blank (it loads no skill). Only the agents this file defines: the merged ones of another
    // file of the configuration are that file's.
    for (const agent of file.error === null ? file.agents : []) {
      if ((agent.file !== undefined && agent.file !== file.path) || agent.skillsDir.trim() === '') continue;
      for (const name of agent.skills) {
        if (await resolveAgentSkill(agent, name)) continue;
        const at = agent.skillPositions.get(name) ?? { line: agent.line, column: 1 };
        problems.push({ severity: 'warning', message: notFoundReason(agent, name), line: at.line, column: at.column });
      }
    }
    return problems;
  }

  /** Hermes's config.yaml and .env and OpenClaw's openclaw.json: a change to one re-judges everything. */
  configFiles(): string[] {
    return runtimeConfigFiles(this.context().ctx).map((f) => path.resolve(f));
  }

  /** Forget the tree reports of the roots holding these files (all of them without files). */
  invalidate(files?: readonly string[]): void {
    // A kept check may rest on what changed: the document's next check takes its place.
    this.checked.clear();
    this.starts.clear();
    if (!files) {
      this.reports.clear();
      this.done.clear();
      return;
    }
    for (const key of [...this.reports.keys()]) {
      const root = key.slice(key.indexOf('\0') + 1);
      if (files.some((f) => !path.relative(root, f).startsWith('..'))) {
        this.reports.delete(key);
        this.done.delete(key);
      }
    }
  }

  /** The agent CLIs' kept starts whose runtime found a skill under this root (with their listing budgets). */
  listingReportsFor(root: string): RuntimeReport[] {
    const inside = (f: string): boolean => !path.relative(root, f).startsWith('..');
    return [...this.starts.values()].map((s) => s.report).filter((r) => r.skills.some((v) => inside(v.file)));
  }

  /** The finished, kept reports of the tree runtimes for a skills root (OpenClaw's carries its prompt budget). */
  reportsFor(root: string): RuntimeReport[] {
    return [...this.done.entries()].filter(([key]) => key.slice(key.indexOf('\0') + 1) === root).map(([, r]) => r);
  }

  /** The tree runtimes, their reports kept per (runtime, root) until invalidated. `keep: false` (the roots'
   *  scans): a kept report is used, a new one is not kept — an idle server holds only the reports its open
   *  documents need (a Hermes report of 10,000 skills is ~150 MB). */
  private trees(keep = true): Partial<Record<RuntimeId, TreeEvaluator>> {
    const out: Partial<Record<RuntimeId, TreeEvaluator>> = {};
    for (const runtime of Object.keys(TREE_EVALUATORS) as RuntimeId[]) {
      out[runtime] = (root, ctx) => {
        const key = `${runtime}\0${root}`;
        const kept = this.reports.get(key);
        if (kept) return kept;
        // On a worker thread (dist/runtime-worker.js beside this bundle): a root of thousands of skills takes
        // seconds to read as the runtime reads it, and the server must keep answering meanwhile.
        const run = this.offThread.evaluate(runtime, root, ctx);
        if (!keep) return run;
        this.reports.set(key, run);
        // A failed run is not kept: the next judgement tries again.
        run.then(
          (r) => this.reports.get(key) === run && this.done.set(key, r),
          () => this.reports.get(key) === run && this.reports.delete(key),
        );
        return run;
      };
    }
    return out;
  }

  async evaluate(analyzed: AnalyzedDocument, signal?: AbortSignal): Promise<NexoStatus> {
    return this.engine().evaluate(analyzed.analysis, undefined, signal);
  }

  /** A skill document's entry, exactly as `check --json` prints it for that file (the document's text). */
  async entryOf(doc: TextDocument, signal?: AbortSignal): Promise<{ entry: Entry; analyzed: AnalyzedDocument; skill: EvaluatedSkill; analysisMs: number }> {
    const t0 = performance.now();
    const analyzed = this.documents.analyze(doc);
    const analysisMs = performance.now() - t0;
    const location = this.workspace.locate(documentPath(doc.uri));
    const status = await this.evaluate(analyzed, signal);
    const skill: EvaluatedSkill = { location, analysis: analyzed.analysis, status, id: location.id };
    const [entry] = await this.judge([skill], true);
    return { entry: entry as Entry, analyzed, skill, analysisMs };
  }

  /** Per open SKILL.md, its last check (the version, `check --json`'s entry, the evaluated skill): the
   *  preview of that version reuses it instead of judging the skill again. */
  private readonly checked = new Map<string, { version: number; entry: Entry; skill: EvaluatedSkill }>();

  rememberCheck(uri: string, version: number, entry: Entry, skill: EvaluatedSkill): void {
    this.checked.set(uri, { version, entry, skill });
  }

  forgetCheck(uri: string): void {
    this.checked.delete(uri);
  }

  /** The last check of this document, when it was of this version (and nothing was invalidated since). */
  checkOf(uri: string, version: number): { entry: Entry; skill: EvaluatedSkill } | undefined {
    const c = this.checked.get(uri);
    return c && c.version === version ? c : undefined;
  }

  /** `check --json`'s entries of these evaluated skills (absolute paths). `keep`: keep the tree runtimes'
   *  new reports (for open documents and the skills model, judged again at each change). `agent`: they are
   *  one nexo-rs agent's skills (its overrides applied), judged by nexo-rs only, as `check --agent` does. */
  async judge(skills: readonly EvaluatedSkill[], keep = false, options: { agent?: boolean } = {}): Promise<Entry[]> {
    let { ctx, choices } = this.context();
    if (options.agent) {
      choices = { ...choices, pinned: ['nexo'] };
      const engine = this.engine();
      ctx = runtimeContext({ ...engine.env, PATH: engine.pathEnv.path }, this.workspace.cwd(), choices);
    }
    const { judged } = await judgeEvaluated(skills, ctx, choices, this.trees(keep), this.starts);
    return skills.map((s, i) => toRuntimeEntry(s, judged[i] as (typeof judged)[number]));
  }

  /** Every skill of these roots (default: the workspace's), open documents' text in place of the file's. */
  async scan(
    roots: readonly string[] = this.workspace.roots(),
    open: readonly TextDocument[] = [],
    signal?: AbortSignal,
    known?: (location: SkillLocation) => SkillAnalysis | undefined,
  ): Promise<{ skills: EvaluatedSkill[]; entries: Entry[] }> {
    if (roots.length === 0) return { skills: [], entries: [] };
    const engine = this.engine();
    const { skills, catalogs } = await engine.checkPaths(roots, signal, undefined, known);
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
    this.knownBinsFrom(() => [...bins].sort());
    return { skills, entries: await this.judge(skills) };
  }

  /** A tree runtime's index of a root (Hermes, OpenClaw), as `index --runtime R ROOT` prints it. */
  async treeIndex(runtime: RuntimeId, root: string): Promise<{ index: string; error: string | null } | null> {
    const evaluate = this.trees(false)[runtime];
    if (!evaluate) return null;
    const report = await evaluate(root, this.context().ctx);
    // A refused configuration: the runtime reads no skill, and says why in its own words.
    if (report.refusal) return { index: '', error: `${RUNTIME_LABELS[runtime]} ${report.refusal.version}: ${report.refusal.message}` };
    return { index: report.index, error: report.indexError };
  }

  dispose(): void {
    this.engineInstance?.dispose();
    this.offThread.dispose();
  }
}
