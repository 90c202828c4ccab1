// The skills model: every skill of the roots, kept current — the one model the clients that mirror it (the
// Skills view, the explorer decorations, the previews, an extension's API) read through `skillsChanged`. It
// owns no rules of its own: every analysis, verdict and rendering comes from the engine, as in the CLI.
//
// Roots: each workspace folder (walked by the engine's catalog: `.git`/`node_modules` skipped, never into a
// skill folder, symlink loops stopped), the folders of the `roots` setting, and with `defaultRoots` the
// personal skill folders that exist. Inside a workspace folder a skill's root is its nearest ancestor whose
// name contains "skills" (`repo/skills/media/x` → root `repo/skills`, category `media`), which is what
// `skill-author check repo/skills` reports; otherwise the workspace folder itself.
//
// Work is incremental: a created, changed or deleted SKILL.md re-reads that one skill; an open SKILL.md
// follows its document's checks (the editor's text). The scan yields to the event loop every few
// milliseconds, and judgements go in batches, so thousands of skills never keep the server from answering.
// Changes are batched, judged (each skill by the runtimes that apply to it, Hermes's and OpenClaw's
// whole-root reports kept until something in that root changes), then handed to the listener in order.

import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import type { AgentDef, AgentsFile } from '../core/runtimes/nexo/agents';
import type { SkillAnalysis } from '../core/check/analyze';
import { blockingIo, categoryOf, findSkills, sameStamp, type SkillLocation } from '../core/skill/catalog';
import { slimAnalysis } from '../core/check/cache';
import { type Engine, entryName, type EvaluatedSkill, type SharedChecks } from '../core/check/engine';
import type { Entry } from '../core/check/entry';
import { bareStatus, type NexoStatus } from '../core/runtimes/nexo/status';
import { type Batch, ChangeBatcher } from '../shared/batch';
import { cliOrder, cliSortKey } from '../shared/order';
import type { AgentDefView, AgentsFileView, ExtensionView, SkillRootView, SkillsChangedParams, SkillView } from '../shared/protocol';
import { checkExtensions, type ExtensionReport, isAgentFolder, isExtensionsConfigPath, MANIFEST_FILENAME } from '../core/runtimes/nexo/extensions';
import type { Logger, SkillService } from './service';
import { newestVersion } from '../core/runtimes/registry';
import { PERSONAL_ROOTS, resolveSettingPath } from './settings';
import { isUnder, skillsFolderOf } from './workspace';

export interface SkillRecord extends EvaluatedSkill {
  /** Absolute path of SKILL.md: the record's key. */
  readonly file: string;
  analysis: SkillAnalysis;
  root: SkillRootView;
  /** A placeholder (verdict `loaded`, summary "Checking…") until the first evaluation finished. */
  status: NexoStatus;
  /** True while an evaluation (probes) is under way. */
  probing: boolean;
  /** True when analysis, status and entry come from an open document's last check. */
  fromEditor: boolean;
  /** `check --json`'s entry; undefined until the first evaluation was judged. */
  entry: Entry | undefined;
}

export interface ModelChange {
  /** Records added or updated. */
  readonly changed: readonly SkillRecord[];
  /** Files (SKILL.md paths) no longer in the model. */
  readonly removed: readonly string[];
  /** Everything may have changed (a rescan, settings, an agents file, category descriptions). */
  readonly all: boolean;
}

/** An open SKILL.md's check, as DocumentHandler made it for the document's current version. */
export interface EditorCheck {
  version: number;
  entry: Entry;
  skill: EvaluatedSkill;
}

/** One nexo-rs agent's skills as `check --agent ID` judges them. */
export interface AgentView {
  file: AgentsFile;
  agent: AgentDef;
  skills: EvaluatedSkill[];
  entries: Entry[];
}

/** A file event as the client reports it (didChangeWatchedFiles). */
export interface FileEvent {
  file: string;
  kind: 'created' | 'changed' | 'deleted';
}

/** Slice of the server's thread the scan may take before it yields (ms). */
const SLICE_MS = 8;
/** SKILL.md files the scan reads at once. */
const SCAN_CONCURRENCY = 16;
/** A change after a quiet spell is published at once, the next ones of a burst at most every BURST_MS: a
 *  client walks every skill it shows on a change. */
const BURST_MS = 100;
/** Quiet time after file events in a skill's folder before that skill is read again (an unpacked archive or
 *  an `npm install` in a skill folder is thousands of events for one skill). */
const RELOAD_DELAY_MS = 100;
/** Skills judged per batch before the model yields to the event loop. */
const JUDGE_BATCH = 50;
/** The runtimes that judge a whole root at once. */
const TREE = new Set(['hermes', 'openclaw']);

/** Deletions remembered for the reads under way (see `deletedSince`). */
const DELETIONS_KEPT = 256;

const PLACEHOLDER_STATUS: NexoStatus = bareStatus('loaded', 'green', 'Checking…');

const yieldNow = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

export class SkillModel {
  private readonly records = new Map<string, SkillRecord>();
  /** The files of `records` in `all()`'s order; undefined when it must be sorted again. */
  private order: string[] | undefined;
  /** The folders walked, each the root its skills report under (workspace folders may hold deeper roots). */
  private walked: SkillRootView[] = [];
  /** DESCRIPTION.md files found, by absolute path. */
  private categoryFiles = new Set<string>();
  /** Open SKILL.md files, by path: their last check, or null until the first one. */
  private readonly editor = new Map<string, EditorCheck | null>();
  private readonly batcher = new ChangeBatcher<SkillRecord>(BURST_MS, (batch) => this.flush(batch));
  /** A batch is due even with nothing in it (a scan finished: `ready` changed). */
  private pendingForced = false;
  /** The batch being judged and handed on (batches go one after another). */
  private firing: Promise<void> | undefined;
  private flushWaiters: Array<() => void> = [];
  /** Roots where a file changed on disk since they were last judged: their Hermes / OpenClaw reports are
   *  stale, and every skill those runtimes judge there must be judged again. */
  private staleRoots = new Set<string>();
  /** Everything must be judged again (settings, probes, category descriptions, a rescan). */
  private judgeAll = false;
  /** Per file: the latest read, check or evaluation, so an older, slower one never overwrites a newer one. */
  private readonly generation = new Map<string, number>();
  private scanGeneration = 0;
  private scanning: Promise<void> | undefined;
  private scanDone = false;
  private startTimer: NodeJS.Timeout | undefined;
  private readonly inFlight = new Set<Promise<unknown>>();
  private readonly reloads = new Set<string>();
  private reloadTimer: NodeJS.Timeout | undefined;
  private disposed = false;

  /** Each batch of changes, judged; the next batch waits for the promise (the notifications are sent). */
  listener: ((change: ModelChange) => Promise<void>) | undefined;
  /** Told after each scan of the roots: how many skills, in how long. */
  onScanned: ((skills: number, ms: number) => void) | undefined;

  constructor(
    private readonly service: SkillService,
    private readonly log: Logger,
  ) {}

  // ---- reading -------------------------------------------------------------------------------------

  /** Every known skill, in the CLI's order (root, category, folder name, path). */
  all(): SkillRecord[] {
    this.order ??= cliOrder(this.records.values());
    return this.order.map((f) => this.records.get(f) as SkillRecord);
  }

  get size(): number {
    return this.records.size;
  }

  /** The analysis the model holds of a SKILL.md as a walk found it: when the file's stamp is the one the model
   *  read it with (not an open document's unsaved text), so a scan of the same files need not read them again. */
  analysisFor(location: SkillLocation): SkillAnalysis | undefined {
    const r = this.records.get(location.file);
    if (!r || r.fromEditor || !r.location.stamp || !location.stamp || !sameStamp(r.location.stamp, location.stamp)) return undefined;
    return r.analysis;
  }

  get(file: string): SkillRecord | undefined {
    return this.records.get(path.resolve(file));
  }

  /** True once the latest scan finished (evaluations may still be under way). */
  get ready(): boolean {
    return this.scanDone;
  }

  /** The roots as the clients group skills: the folders walked, then the deeper workspace roots in use. */
  roots(): SkillRootView[] {
    const out = new Map<string, SkillRootView>();
    for (const r of this.walked) out.set(r.path, r);
    const deeper = new Map<string, SkillRootView>();
    for (const r of this.records.values()) if (!out.has(r.root.path)) deeper.set(r.root.path, r.root);
    for (const p of [...deeper.keys()].sort()) out.set(p, deeper.get(p) as SkillRootView);
    return [...out.values()];
  }

  /** Binary names the known skills declare (for completion). */
  knownBins(): string[] {
    const names = new Set<string>();
    for (const r of this.records.values()) {
      for (const b of r.analysis.requirements.bins) if (b.name.trim()) names.add(b.name);
      for (const v of r.analysis.requirements.versions) if (v.bin.trim()) names.add(v.bin);
    }
    return [...names].sort();
  }

  /** Category → DESCRIPTION.md for the given root (what the Hermes index reads). */
  categoryDescriptions(root: string): Map<string, string> {
    const out = new Map<string, string>();
    for (const file of this.categoryFiles) {
      const rel = path.relative(root, path.dirname(file));
      if (rel && !rel.startsWith('..') && !path.isAbsolute(rel)) out.set(rel.split(path.sep).join('/'), file);
    }
    return out;
  }

  /** The nexo-rs extensions of the workspace folders, as last read. */
  extensions(): ExtensionView[] {
    return this.extensionViews;
  }

  private extensionViews: ExtensionView[] = [];

  /** Reads the nexo-rs extensions again: each workspace folder holding `extensions/` or
   *  `config/extensions.yaml` is where the agent would run (its search paths, default `./extensions`, resolve
   *  there); each manifest judged as `check FOLDER` judges it. Nothing is run: bins are looked up with `stat`,
   *  env read. */
  private async loadExtensions(): Promise<void> {
    const views: ExtensionView[] = [];
    const version = this.service.context().ctx.versions?.nexo ?? newestVersion('nexo');
    for (const folder of this.service.workspace.folderPaths()) {
      if (!(await isAgentFolder(folder))) continue;
      try {
        const found = await checkExtensions({ cwd: folder }, this.service.extensionMachine(path.join(folder, 'extensions')));
        views.push(...found.extensions.map((r) => extensionView(r, folder, version)));
      } catch (e) {
        this.log.warn(`reading the nexo-rs extensions of ${folder} failed: ${messageOf(e)}`);
      }
    }
    this.extensionViews = views;
  }

  /** The agents files in use, as the clients show them. */
  agentsFiles(): AgentsFileView[] {
    return this.service.agentsFiles.map(agentsFileView);
  }

  /** Per root: the prompt budgets of the last judgement's whole-root reports (OpenClaw's). */
  budgets(): NonNullable<SkillsChangedParams['budgets']> {
    const out: NonNullable<SkillsChangedParams['budgets']> = {};
    for (const root of this.roots()) {
      const budgets = [
        ...this.service.reportsFor(root.path).flatMap((r) => (r.budget ? [{ runtime: r.runtime, budget: r.budget }] : [])),
        // The agent CLIs' listings that hold skills of this root, from the working folder each was judged from.
        ...this.service.listingReportsFor(root.path).flatMap((r) => (r.listingBudget ? [{ runtime: r.runtime, listing: r.listingBudget, cwd: r.root }] : [])),
      ].sort((a, b) => cmp(a.runtime, b.runtime));
      if (budgets.length) out[root.path] = budgets;
    }
    return out;
  }

  /** A record as the clients see it. */
  view(r: SkillRecord): SkillView {
    return {
      ...skillView(r, r.entry ?? null),
      status: r.status,
      evaluated: r.status !== PLACEHOLDER_STATUS && r.entry !== undefined,
      probing: r.probing,
      fromEditor: r.fromEditor,
    };
  }

  /**
   * Resolves when the scan and every read, evaluation and judgement under way have finished and the
   * listener was handed (and has finished with) their changes.
   */
  async whenIdle(): Promise<void> {
    await this.startGate;
    if (!this.scanning) this.start();
    for (;;) {
      const scanning = this.scanning;
      await scanning;
      if (scanning !== this.scanning) continue;
      if (this.inFlight.size > 0) {
        await Promise.allSettled([...this.inFlight]);
        continue;
      }
      if ((!this.batcher.pending && !this.firing) || this.disposed) return;
      await new Promise<void>((resolve) => this.flushWaiters.push(resolve));
    }
  }

  // ---- agents --------------------------------------------------------------------------------------

  /** One agent's skills in its order, judged by nexo-rs as `check --agent ID` judges them, the model's
   *  analyses (open documents' text) in place of the files'. Default: the first agent. Null when no agents
   *  file nexo-rs accepts defines it. */
  async agentView(agentId?: string): Promise<AgentView | null> {
    await this.whenIdle();
    const usable = this.service.agentsFiles.filter((f) => f.error === null);
    const id = agentId ?? usable[0]?.agents[0]?.id;
    const file = usable.find((f) => f.agents.some((a) => a.id === id));
    const agent = file?.agents.find((a) => a.id === id);
    if (!file || !agent) return null;
    const skills = await this.service.engine().checkAgent(agent, undefined, (f) => this.records.get(f)?.analysis);
    const entries = await this.service.judge(skills, true, { agent: true });
    return { file, agent, skills, entries };
  }

  /** An agent's skill as the clients see it (its override applied, nexo-rs's entry). */
  agentSkillView(skill: EvaluatedSkill, entry: Entry): SkillView {
    return {
      ...skillView(skill, entry),
      status: skill.status,
      evaluated: true,
      probing: false,
      fromEditor: this.records.get(skill.location.file)?.fromEditor ?? false,
    };
  }

  // ---- scanning ------------------------------------------------------------------------------------

  /** The first scan, after `delay` ms (a moment for the client to open its first documents). */
  /** What the first scan waits for (the client watching files: a file created before is seen by the scan,
   *  one created after by the watcher). */
  private startGate: Promise<void> = Promise.resolve();

  /** Starts the first scan `delay` ms after `gate` settled (a client asking for the skills meanwhile waits for
   *  the gate, then starts it at once). */
  startAfter(gate: Promise<void>, delay: number): void {
    this.startGate = gate.catch(() => undefined);
    void this.startGate.then(() => this.startSoon(delay));
  }

  private startSoon(delay: number): void {
    if (this.scanning || this.startTimer) return;
    this.startTimer = setTimeout(() => this.start(), delay);
  }

  private start(): void {
    if (this.startTimer) clearTimeout(this.startTimer);
    this.startTimer = undefined;
    if (!this.scanning && !this.disposed) void this.refresh();
  }

  /** Rescan every root from scratch (the client's "Refresh Skills", settings and folder changes). */
  refresh(): Promise<void> {
    if (this.startTimer) clearTimeout(this.startTimer);
    this.startTimer = undefined;
    const generation = ++this.scanGeneration;
    this.scanDone = false;
    const run = this.scan(generation).catch((e: unknown) => this.log.error(`scanning the skill roots failed: ${messageOf(e)}`));
    this.scanning = run.then(() => {
      if (generation !== this.scanGeneration || this.disposed) return;
      this.scanDone = true;
      if (this.shared?.pending === 0) this.shared = null;
      this.queue({ forced: true });
    });
    return this.scanning;
  }

  /** The settings changed: the roots again when they may differ, else every skill evaluated and judged again
   *  (another engine, other runtimes). Nothing before the first scan. */
  settingsChanged(rootsChanged: boolean): void {
    if (!this.scanning) return;
    if (rootsChanged) void this.refresh();
    else void this.reevaluateAll();
  }

  /** The workspace folders changed. */
  foldersChanged(): void {
    if (this.scanning) void this.refresh();
  }

  /** Every skill evaluated again (probes forgotten, another engine) and judged again. */
  reevaluateAll(): Promise<void> {
    // Looked up again: a re-probe or new settings must not reuse the lookups of evaluations still under way.
    this.shared = null;
    void this.track(this.loadExtensions().then(() => this.queue({ forced: true })));
    for (const r of this.records.values()) if (!r.fromEditor) this.evaluate(r);
    this.queue({ all: true });
    return this.whenIdle();
  }

  private async scan(generation: number): Promise<void> {
    const started = performance.now();
    const stale = (): boolean => generation !== this.scanGeneration || this.disposed;
    const roots = await this.computeRoots();
    if (stale()) return;
    const seen = new Set<string>();
    const found: Array<{ location: SkillLocation; root: SkillRootView }> = [];
    const categoryFiles = new Set<string>();
    for (const root of roots) {
      const catalog = await findSkills(root.path);
      if (stale()) return;
      for (const p of catalog.problems) this.log.info(`${p.path}: ${p.message}`);
      for (const file of catalog.categoryDescriptions.values()) categoryFiles.add(file);
      for (const location of catalog.skills) {
        if (seen.has(location.file)) continue;
        seen.add(location.file);
        const skillRoot = root.kind === 'workspace' ? this.workspaceSkillRoot(root, location.dir) : root;
        found.push({ location: relocate(location, skillRoot.path), root: skillRoot });
      }
    }
    this.walked = roots;
    this.categoryFiles = categoryFiles;
    await this.loadAgents();
    await this.loadExtensions();
    if (stale()) return;
    // Records no longer found go; the others are read again (a rescan is also how a missed event is repaired).
    const removed = [...this.records.keys()].filter((f) => !seen.has(f));
    for (const f of removed) this.deleteRecord(f);
    this.queue({ removed, all: true });
    // Several files in flight at once: each read is a few thread-pool round trips.
    let slice = performance.now();
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < found.length) {
        if (stale()) return;
        const { location, root } = found[next++] as (typeof found)[number];
        await this.load(location, root, false);
        if (performance.now() - slice > SLICE_MS) {
          await yieldNow();
          slice = performance.now();
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(SCAN_CONCURRENCY, found.length) }, worker));
    if (stale()) return;
    const ms = Math.round(performance.now() - started);
    this.log.info(`found ${found.length} skill${found.length === 1 ? '' : 's'} in ${roots.length} root(s) in ${ms} ms`);
    this.onScanned?.(found.length, ms);
  }

  /** The folders to walk: the workspace folders, the `roots` setting's, the personal ones that exist. */
  private async computeRoots(): Promise<SkillRootView[]> {
    const out: SkillRootView[] = [];
    const add = (abs: string, label: string, kind: SkillRootView['kind']): void => {
      if (!out.some((r) => r.path === abs)) out.push({ path: abs, label, kind });
    };
    const workspace = this.service.workspace;
    for (const folder of workspace.folderPaths()) add(folder, workspace.folderName(folder), 'workspace');
    const settings = this.service.settings;
    for (const r of settings.roots) {
      const abs = resolveSettingPath(r, workspace.cwd());
      if (await isDirectory(abs)) add(abs, r, 'setting');
      else this.log.warn(`roots: ${r} is not a folder; skipped`);
    }
    if (settings.defaultRoots) {
      for (const r of PERSONAL_ROOTS) {
        const abs = resolveSettingPath(r, workspace.cwd());
        if (await isDirectory(abs)) add(abs, r, 'personal');
      }
    }
    return out;
  }

  /** Inside a workspace folder: the nearest ancestor named like `*skills*` (./workspace.ts skillsFolderOf, the
   *  rule the CLI's roots follow too), else the folder itself. */
  private workspaceSkillRoot(folder: SkillRootView, skillDir: string): SkillRootView {
    const dir = skillsFolderOf(folder.path, skillDir);
    if (dir === null) return folder;
    const rel = path.relative(folder.path, dir).split(path.sep).join('/');
    const multi = this.walked.filter((r) => r.kind === 'workspace').length > 1;
    return { path: dir, label: multi ? `${folder.label}/${rel}` : rel, kind: 'workspace' };
  }

  /** Which walked root a path belongs to (the longest match). */
  private rootOf(file: string): SkillRootView | undefined {
    let best: SkillRootView | undefined;
    for (const r of this.walked) {
      if ((file.startsWith(r.path + path.sep) || file === r.path) && (!best || r.path.length > best.path.length)) best = r;
    }
    return best;
  }

  /** Reads the agents files again, and logs what is wrong with each as `check --agent` prints it (its own
   *  problems, then each listed skill with no SKILL.md), at the problem's severity. */
  private async loadAgents(): Promise<void> {
    try {
      await this.service.loadAgentsFiles();
      for (const f of this.service.agentsConfigFiles()) {
        for (const p of await this.service.agentsProblems(f))
          this.log[p.severity === 'error' ? 'error' : 'warn'](`${f.path}:${p.line}:${p.column}: ${p.message}`);
      }
    } catch (e) {
      this.log.warn(`reading the agents files failed: ${messageOf(e)}`);
    }
  }

  // ---- one skill -----------------------------------------------------------------------------------

  private bump(file: string): number {
    const g = (this.generation.get(file) ?? 0) + 1;
    this.generation.set(file, g);
    return g;
  }

  private setRecord(record: SkillRecord): void {
    const before = this.records.get(record.file);
    if (!before || cliSortKey(before) !== cliSortKey(record)) this.order = undefined;
    this.records.set(record.file, record);
  }

  private deleteRecord(file: string): boolean {
    if (!this.records.delete(file)) return false;
    this.order = undefined;
    this.generation.delete(file);
    return true;
  }

  /**
   * Read (an open document: its last check) and evaluate one skill. `changedOnDisk`: the file changed since
   * its root's Hermes and OpenClaw reports were taken, so they are taken again (a scan reads files those
   * reports already saw: it judges everything again once, not per file).
   */
  private async load(location: SkillLocation, root: SkillRootView, changedOnDisk = true, since = this.deletionCount): Promise<void> {
    if (this.deletedSince(location.file, since)) return;
    const generation = this.bump(location.file);
    const previous = this.records.get(location.file);
    if (changedOnDisk) this.staleRoots.add(root.path);
    const check = this.editor.get(location.file);
    if (check) {
      this.setRecord({ ...fromCheck(location, check), file: location.file, root, probing: false, fromEditor: true });
      this.queue({ changed: [this.records.get(location.file) as SkillRecord] });
      return;
    }
    // Kept without its text, parse tree and body (read again from the file when a preview or an index asks):
    // the model holds every skill of the roots, no editor has this one open.
    const analysis = slimAnalysis(await this.service.engine().analyzeFile(location.file, location.stamp), location.file, blockingIo);
    if (this.disposed || this.generation.get(location.file) !== generation || this.deletedSince(location.file, since)) return;
    const record: SkillRecord = {
      file: location.file,
      id: location.id,
      location,
      root,
      analysis,
      status: previous?.status ?? PLACEHOLDER_STATUS,
      probing: true,
      fromEditor: false,
      entry: previous?.entry,
    };
    this.setRecord(record);
    this.queue({ changed: [record] });
    this.evaluate(record);
  }

  /** What the evaluations under way share (see `Engine.sharedChecks`): made by the first of a burst — a scan,
   *  a re-evaluation of every skill — and dropped when the last one ends after the scan, so a later edit looks
   *  again. */
  private shared: { engine: Engine; checks: SharedChecks; pending: number } | null = null;

  private evaluate(record: SkillRecord): void {
    const generation = this.bump(record.file);
    record.probing = true;
    const current = (): boolean => !this.disposed && this.generation.get(record.file) === generation && this.records.get(record.file) === record;
    const engine = this.service.engine();
    if (this.shared?.engine !== engine) this.shared = { engine, checks: engine.sharedChecks(), pending: 0 };
    const shared = this.shared;
    shared.pending++;
    // Kept while the scan goes on (its evaluations come in batches, each done before the next is read).
    const done = (): void => {
      if (--shared.pending === 0 && this.scanDone && this.shared === shared) this.shared = null;
    };
    this.track(
      engine
        .evaluate(record.analysis, undefined, undefined, undefined, shared.checks)
        .finally(done)
        .then(
          (status) => {
            if (!current()) return;
            record.status = status;
            record.probing = false;
            this.queue({ changed: [record] });
          },
          (e: unknown) => {
            this.log.error(`evaluating ${record.file} failed: ${messageOf(e)}`);
            if (!current()) return;
            record.probing = false;
            this.queue({ changed: [record] });
          },
        ),
    );
  }

  /** A SKILL.md was created or changed on disk (or its document closed): read that one skill again. */
  private async updateFile(file: string, changedOnDisk = true, since = this.deletionCount): Promise<void> {
    const root = this.rootOf(file);
    if (!root) return;
    const existing = this.records.get(file);
    const catalog = await findSkills(file);
    // Deleted meanwhile (created and removed in a moment): its deletion has the last word.
    if (this.deletedSince(file, since)) return;
    const location = catalog.skills[0];
    if (!location) {
      if (existing) this.remove(file);
      return;
    }
    const skillRoot = existing?.root ?? (root.kind === 'workspace' ? this.workspaceSkillRoot(root, location.dir) : root);
    await this.load(relocate(location, skillRoot.path), skillRoot, changedOnDisk, since);
  }

  private remove(file: string): void {
    const root = this.records.get(file)?.root.path;
    if (!this.deleteRecord(file)) return;
    if (root !== undefined) this.staleRoots.add(root);
    this.queue({ removed: [file] });
  }

  /** Work the model's idleness waits for: its own, and what may change it (a configuration being read). */
  track<T>(p: Promise<T>): Promise<T> {
    this.inFlight.add(p);
    void p.finally(() => this.inFlight.delete(p)).catch(() => undefined);
    return p;
  }

  // ---- open documents ------------------------------------------------------------------------------

  /** A SKILL.md was opened: its checks, not the file, decide from now on. */
  documentOpened(file: string): void {
    if (!this.editor.has(file)) this.editor.set(file, null);
  }

  /** DocumentHandler checked an open SKILL.md: that check (of the document's text) is the skill's entry,
   *  status and analysis. */
  documentChecked(file: string, check: EditorCheck): void {
    if (this.disposed) return;
    this.editor.set(file, check);
    const record = this.records.get(file);
    if (!record) return; // not a skill of the roots (or not yet: its read applies this check)
    this.bump(file); // an evaluation under way is outdated
    const next: SkillRecord = { ...record, ...fromCheck(record.location, check), probing: false, fromEditor: true };
    // The same verdict told again (a document checked again after a file changed nearby): nothing to send.
    const same =
      record.fromEditor &&
      !record.probing &&
      JSON.stringify([record.entry, record.status]) === JSON.stringify([next.entry, next.status]) &&
      sameView(record, next);
    this.setRecord(next);
    if (same) return;
    this.queue({ changed: [this.records.get(file) as SkillRecord] });
  }

  /** An open SKILL.md was closed: back to the file on disk. */
  documentClosed(file: string): void {
    if (!this.editor.delete(file)) return;
    const record = this.records.get(file);
    if (record?.fromEditor) void this.track(this.updateFile(file, false));
  }

  // ---- file events ---------------------------------------------------------------------------------

  /** Files created, changed or deleted on disk (the client's watchers). */
  filesChanged(events: readonly FileEvent[]): void {
    if (this.disposed || !this.scanning) return;
    let agents = false;
    let extensions = false;
    let configs: string[] | undefined;
    for (const { file, kind } of events) {
      const p = path.resolve(file);
      if (isExtensionsPath(p, this.service.workspace.folderPaths())) extensions = true;
      if (ignoredPath(p)) continue;
      if (this.service.isAgentsFile(p) || /^agents\.ya?ml$/.test(path.basename(p))) agents = true;
      configs ??= this.service.configFiles();
      if (configs.includes(p)) {
        // Hermes's config.yaml or .env, OpenClaw's config: every verdict may change.
        this.queue({ all: true });
        continue;
      }
      if (kind === 'created') void this.track(this.onCreated(p));
      else if (kind === 'deleted') this.onDeleted(p);
      else void this.track(this.onChanged(p));
    }
    if (extensions) void this.track(this.loadExtensions().then(() => this.queue({ forced: true })));
    if (agents)
      void this.track(
        this.loadAgents().then(() => {
          this.queue({ all: true });
        }),
      );
  }

  private async onCreated(p: string): Promise<void> {
    const since = this.deletionCount;
    const base = path.basename(p);
    if (base === 'SKILL.md') return this.updateFile(p);
    if (base === 'DESCRIPTION.md') return this.categoryChanged(p, true);
    this.supportingFileChanged(p);
    if (!(await isDirectory(p))) return;
    // A folder appeared (created, moved or copied in): find the skills inside it.
    const root = this.rootOf(p);
    if (!root) return;
    const catalog = await findSkills(p);
    for (const file of catalog.categoryDescriptions.values()) this.categoryChanged(file, true);
    for (const location of catalog.skills) if (!this.records.has(location.file)) await this.updateFile(location.file, true, since);
  }

  /** Paths deleted on disk, numbered (the last DELETIONS_KEPT): a read that began before one of them and
   *  ends after it must not bring back what it deleted. */
  private readonly deletions: Array<{ path: string; n: number }> = [];
  private deletionCount = 0;

  private deletedSince(file: string, since: number): boolean {
    return this.deletions.some((d) => d.n > since && (file === d.path || file.startsWith(d.path + path.sep)));
  }

  private onDeleted(p: string): void {
    this.deletions.push({ path: p, n: ++this.deletionCount });
    if (this.deletions.length > DELETIONS_KEPT) this.deletions.shift();
    if (path.basename(p) === 'DESCRIPTION.md') this.categoryChanged(p, false);
    const prefix = p + path.sep;
    for (const f of [...this.categoryFiles]) if (f.startsWith(prefix)) this.categoryChanged(f, false);
    for (const file of [...this.records.keys()]) if (file === p || file.startsWith(prefix)) this.remove(file);
    this.supportingFileChanged(p);
  }

  private async onChanged(p: string): Promise<void> {
    const base = path.basename(p);
    if (base === 'DESCRIPTION.md') return this.categoryChanged(p, true);
    // An open document stays the source: its check follows the change (DocumentHandler re-checks it).
    if (base === 'SKILL.md') return this.editor.has(p) ? undefined : this.updateFile(p);
    this.supportingFileChanged(p);
  }

  /** A category description appeared, changed or went: Hermes's index of its root, so every verdict. */
  private categoryChanged(file: string, present: boolean): void {
    const root = this.rootOf(file);
    if (!root) return;
    if (present) this.categoryFiles.add(file);
    else if (!this.categoryFiles.delete(file)) return;
    this.staleRoots.add(root.path);
    this.queue({ all: true });
  }

  /**
   * A file or folder inside a skill's folder (not its SKILL.md) appeared, changed or went: its links and
   * script paths may resolve differently, so the nearest skill above is read again once the burst is over.
   */
  private supportingFileChanged(p: string): void {
    if (path.basename(p) === 'SKILL.md') return;
    for (let dir = path.dirname(p); ; dir = path.dirname(dir)) {
      const record = this.records.get(path.join(dir, 'SKILL.md'));
      if (record) return this.reloadSoon(record.file);
      if (path.dirname(dir) === dir || !this.rootOf(dir)) return;
    }
  }

  private reloadSoon(file: string): void {
    this.reloads.add(file);
    if (this.reloadTimer) return;
    this.track(
      new Promise<void>((resolve) => {
        this.reloadTimer = setTimeout(() => {
          this.reloadTimer = undefined;
          const files = [...this.reloads];
          this.reloads.clear();
          for (const f of files) {
            const record = this.records.get(f);
            if (record && !this.editor.has(f) && !this.disposed) void this.track(this.load(record.location, record.root, false));
          }
          resolve();
        }, RELOAD_DELAY_MS);
      }),
    );
  }

  // ---- batches -------------------------------------------------------------------------------------

  private queue(change: { changed?: readonly SkillRecord[]; removed?: readonly string[]; all?: boolean; forced?: boolean }): void {
    if (this.disposed) return;
    if (change.forced) this.pendingForced = true;
    this.batcher.add(change);
  }

  private flush({ changed, removed, all }: Batch<SkillRecord>): void {
    const forced = this.pendingForced;
    this.pendingForced = false;
    if (all) this.judgeAll = true;
    // Judged after the batch before it (its reports may be the ones this batch reuses), then handed on.
    const previous = this.firing ?? Promise.resolve();
    const run: Promise<void> = previous
      .then(() => this.judge(changed))
      .catch((e: unknown) => this.log.error(`judging skills failed: ${messageOf(e)}`))
      .then(async () => {
        if (this.disposed || (!forced && !all && changed.size === 0 && removed.length === 0)) return;
        // Everything may have changed (a rescan, a re-probe, new settings): every skill, so a mirror gets each
        // one's state (a re-probe's "under way" included), not only those whose verdict changed; else the records of
        // the batch still in the model, as they are now.
        const current = all ? [...this.records.values()] : [...changed.values()].filter((r) => this.records.get(r.file) === r);
        await this.listener?.({ changed: current, removed, all });
      })
      .catch((e: unknown) => this.log.error(`publishing skills failed: ${messageOf(e)}`))
      .finally(() => {
        if (this.firing === run) this.firing = undefined;
        if (!this.batcher.pending && !this.firing) for (const resolve of this.flushWaiters.splice(0)) resolve();
      });
    this.firing = run;
  }

  /**
   * Judge by each applicable runtime the evaluated skills of this batch, and the skills whose Hermes or
   * OpenClaw verdict a change on disk in their root may have changed (a duplicate name, a prompt limit).
   * Skills whose entry changed are added to `changed`.
   */
  private async judge(changed: Map<string, SkillRecord>): Promise<void> {
    const everything = this.judgeAll;
    const stale = this.staleRoots;
    this.judgeAll = false;
    this.staleRoots = new Set();
    if (everything) this.service.invalidate();
    else if (stale.size) this.service.invalidate([...stale]);
    const wanted = [...this.records.values()].filter(
      (r) =>
        r.status !== PLACEHOLDER_STATUS &&
        !r.probing &&
        !r.fromEditor &&
        (everything || changed.has(r.file) || r.entry === undefined || (stale.has(r.root.path) && r.entry.runtimes.some((x) => TREE.has(x.runtime)))),
    );
    for (let i = 0; i < wanted.length && !this.disposed; i += JUDGE_BATCH) {
      const batch = wanted.slice(i, i + JUDGE_BATCH);
      const entries = await this.service.judge(batch, true);
      batch.forEach((r, j) => {
        const entry = entries[j] as Entry;
        if (this.records.get(r.file) !== r || r.fromEditor) return;
        const before = r.entry;
        r.entry = entry;
        if (!before || JSON.stringify(before) !== JSON.stringify(entry)) changed.set(r.file, r);
      });
      if (i + JUDGE_BATCH < wanted.length) await yieldNow();
    }
  }

  dispose(): void {
    this.disposed = true;
    for (const t of [this.reloadTimer, this.startTimer]) if (t) clearTimeout(t);
    this.batcher.dispose();
    for (const resolve of this.flushWaiters.splice(0)) resolve();
  }
}

/** Whether two readings of a skill show the same in a view (name, description, requirements, conditions). */
function sameView(a: SkillRecord, b: SkillRecord): boolean {
  return JSON.stringify(skillView(a, null)) === JSON.stringify(skillView(b, null));
}

/** An open document's check as a record's fields. */
function fromCheck(location: SkillLocation, check: EditorCheck): Omit<SkillRecord, 'file' | 'root' | 'probing' | 'fromEditor'> {
  return { id: location.id, location, analysis: check.skill.analysis as SkillAnalysis, status: check.skill.status, entry: check.entry };
}

/** What a SkillView says of a skill besides its state. */
function skillView(s: EvaluatedSkill, entry: Entry | null): Omit<SkillView, 'status' | 'evaluated' | 'probing' | 'fromEditor'> {
  const { id, dir, file, root, category, nestedIn } = s.location;
  const hermes = mappingOf(mappingOf(s.analysis?.data?.['metadata'])?.['hermes']);
  const req = s.analysis?.requirements;
  return {
    file,
    id: s.id,
    location: { id, dir, file, root, category, ...(nestedIn !== undefined ? { nestedIn } : {}) },
    name: entryName(s),
    displayName: s.analysis?.displayName ?? s.id,
    description: s.analysis?.description ?? '',
    entry,
    hermes,
    unreadable: s.analysis?.diagnostics.find((d) => d.code === 'file-unreadable')?.message ?? null,
    requires: {
      bins: req?.bins.map((b) => b.name) ?? [],
      env: req?.env.map((e) => e.name) ?? [],
      versions: req?.versions.map((v) => ({ bin: v.bin, constraint: v.constraint })) ?? [],
    },
  };
}

function mappingOf(v: unknown): Record<string, unknown> | null {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
}

export function agentDefView(a: AgentDef): AgentDefView {
  return { id: a.id, skills: [...a.skills], skillsDir: a.skillsDir, tenantId: a.tenantId ?? null, line: a.line };
}

function agentsFileView(f: AgentsFile): AgentsFileView {
  return {
    path: f.path,
    agents: f.agents.map(agentDefView),
    problems: f.problems.map((p) => ({ severity: p.severity, message: p.message, line: p.line, column: p.column })),
    error: f.error,
  };
}

function relocate(location: SkillLocation, root: string): SkillLocation {
  return { ...location, root, category: categoryOf(root, location.dir) };
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

async function isDirectory(p: string): Promise<boolean> {
  try {
    return (await fsp.stat(p)).isDirectory();
  } catch {
    return false;
  }
}

function ignoredPath(p: string): boolean {
  return p.split(/[\\/]/).some((s) => s === '.git' || s === 'node_modules' || s === '.hg' || s === '.svn');
}

function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** A change that may change an extension's verdict: under a folder's `extensions/`, an agent's
 *  `config/extensions.yaml`, or any `plugin.toml` (search paths may point anywhere). */
function isExtensionsPath(p: string, folders: readonly string[]): boolean {
  if (path.basename(p) === MANIFEST_FILENAME || isExtensionsConfigPath(p)) return true;
  return folders.some((f) => isUnder(p, path.join(f, 'extensions')) || p === path.join(f, 'extensions'));
}

/** An extension's report as the clients show it. */
export function extensionView(r: ExtensionReport, root: string, runtimeVersion: string): ExtensionView {
  const received = r.diagnostics.find((d) => d.code === 'nexo-ext-env-received');
  return {
    file: r.file,
    root,
    id: r.id,
    boot: r.boot,
    excludedBy: r.excludedBy,
    verdict: r.verdict,
    color: r.color,
    reason: r.reason,
    missing: { bins: [...r.missing.bins], env: [...r.missing.env] },
    envStripped: r.declaredEnv.flatMap((d) => (d.strippedBy === null ? [] : [{ name: d.name, rule: d.strippedBy }])),
    received: received ? { message: received.message, stripped: [...((received.data?.['stripped'] as string[] | undefined) ?? [])] } : null,
    error: r.error,
    runtimeVersion,
  };
}
