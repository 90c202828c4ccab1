// The workspace's skills, kept current: the one model the Skills tree, the explorer decorations, the
// background diagnostics, the previews and the API read. It owns no rules of its own — every analysis,
// verdict and rendering comes from the engine, as in the CLI.
//
// Roots: each workspace folder (walked by the engine's catalog: `.git`/`node_modules` skipped, never into a
// skill folder, symlink loops stopped), the folders in `skillAuthor.roots`, and the personal skill folders
// (`~/.hermes/skills`, …) when they exist and `skillAuthor.defaultRoots` is on. Inside a workspace folder a
// skill's root is its nearest ancestor whose name contains "skills" (`repo/skills/media/x` → root
// `repo/skills`, category `media`), which is what `skill-author check repo/skills` reports; otherwise the
// workspace folder itself.
//
// Work is incremental: a created, changed or deleted SKILL.md re-analyzes and re-evaluates that one skill; an
// edited (unsaved) SKILL.md is analyzed from the editor's text, so the tree and the previews follow typing.
// The cold scan yields to the event loop every few milliseconds, so thousands of skills never block the
// extension host (which every other extension shares) for more than a slice.
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { AgentDef, AgentProblem, AgentsFile } from '../core/agents';
import type { SkillAnalysis } from '../core/analyze';
import type { Catalog, SkillLocation } from '../core/catalog';
import type { EvaluatedSkill } from '../core/engine';
import type { Entry } from '../core/runtimes/entry';
import type { SkillStatus } from '../core/status';
import { DEFAULT_ROOTS, resolveSettingPath } from './config';
import { type Check, clientOf } from './client';
import { type SkillAuthorContext, Slot } from './context';
import { judgeOf } from './runtimeJudge';

export type RootKind = 'workspace' | 'setting' | 'personal';

export interface SkillRoot {
  /** Absolute folder. */
  path: string;
  /** For people: `skills` (workspace-relative), `~/.claude/skills`, … */
  label: string;
  kind: RootKind;
}

export interface SkillRecord extends EvaluatedSkill {
  /** Absolute path of SKILL.md: the record's key. */
  readonly file: string;
  analysis: SkillAnalysis;
  root: SkillRoot;
  /** A placeholder (verdict `loaded`, summary "Checking…") until the first evaluation on this machine
   *  finished: ask `isEvaluated` before showing it as a verdict. */
  status: SkillStatus;
  /** True until the first evaluation finished, and while a re-evaluation (probes) is under way. */
  probing: boolean;
  /** True when the analysis comes from an open editor's unsaved text. */
  fromEditor: boolean;
  /** The skill judged by each runtime that applies to it, as `check --json` prints it; undefined until the
   *  first evaluation was judged. */
  entry: Entry | undefined;
}

export interface StoreChange {
  /** Records added or updated (analysis or status). */
  readonly changed: readonly SkillRecord[];
  /** Files (SKILL.md paths) no longer present. */
  readonly removed: readonly string[];
  /** Everything may have changed (rescan, new agents file, category descriptions). */
  readonly all: boolean;
}

export interface AgentView {
  file: AgentsFile;
  agent: AgentDef;
  /** The agent's skills in its order, overrides applied, `not_found` entries included. */
  skills: EvaluatedSkill[];
  /** The same skills as `check --agent` reports them (nexo-rs's verdicts). */
  entries: Entry[];
}

/** Slice of the extension host's thread the cold scan may take before it yields (ms). */
const SLICE_MS = 8;
/** SKILL.md files the cold scan reads at once. */
const SCAN_CONCURRENCY = 16;
/** Changes are batched until the current macrotask ends (a scan slice, a watcher event), and bursts are
 *  throttled: a change after a quiet spell fires at once, the next ones at most every BURST_MS. Listeners
 *  (the tree, the explorer decorations, background diagnostics) walk every skill on a change, so a cold
 *  scan of 10,000 skills firing once per 8 ms slice spent half its time in them. */
const BURST_MS = 100;

const PLACEHOLDER_STATUS: SkillStatus = {
  verdict: 'loaded',
  color: 'green',
  mode: 'strict',
  modeSource: 'default',
  missing: { bins: [], env: [], versions: [] },
  bins: [],
  env: [],
  versions: [],
  summary: 'Checking…',
};

/** True once the record carries a real verdict (its first evaluation finished and was judged), not the
 *  placeholder. */
export function isEvaluated(record: SkillRecord): boolean {
  return record.status !== PLACEHOLDER_STATUS && record.entry !== undefined;
}

/** Quiet time after file events in a skill's folder before that skill is read again. */
const RELOAD_DELAY_MS = 100;

/** Skills judged per batch before the store yields to the event loop. */
const JUDGE_BATCH = 50;

/** Fires, just after it was created, with each new store (see `StoreFollower`). */
const storeCreated = new vscode.EventEmitter<SkillStore>();

/**
 * Follows the context's store without being the reason it exists (and scans): the view's badge and the
 * explorer decorations use it. `listener(store, undefined)` runs when a store is there (at once, or when
 * another feature creates it, or when `attach` is handed the one `storeOf(ctx)` just made), then
 * `listener(store, change)` on each of its changes.
 */
export class StoreFollower implements vscode.Disposable {
  private store: SkillStore | undefined;
  private subscription: vscode.Disposable | undefined;
  private readonly created: vscode.Disposable;

  constructor(
    ctx: SkillAuthorContext,
    private readonly listener: (store: SkillStore, change: StoreChange | undefined) => void,
  ) {
    this.created = storeCreated.event((store) => this.attach(store));
    const existing = existingStore(ctx);
    if (existing) this.attach(existing);
  }

  attach(store: SkillStore): void {
    if (this.store === store) return;
    this.subscription?.dispose();
    this.store = store;
    this.subscription = store.onDidChange((change) => this.listener(store, change));
    this.listener(store, undefined);
  }

  dispose(): void {
    this.created.dispose();
    this.subscription?.dispose();
  }
}

const yieldNow = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** The workspace's skills: created (and first scanned) on first use. */
export const STORE = new Slot<SkillStore>('skill store', (ctx) => {
  const store = new SkillStore(ctx);
  void store.refresh();
  return store;
});

/** The store, created (and scanning) now if nothing created it yet. */
export const storeOf = (ctx: SkillAuthorContext): SkillStore => ctx.get(STORE);

/** The store when something already created it (features that must not start a scan). */
export const existingStore = (ctx: SkillAuthorContext): SkillStore | undefined => ctx.peek(STORE);

export class SkillStore implements vscode.Disposable {
  private readonly records = new Map<string, SkillRecord>();
  /** The files of `records` in `all()`'s order; undefined when it must be sorted again. */
  private order: string[] | undefined;
  /** When the last batch of changes was fired (performance.now()), for the burst throttle. */
  private lastFire = -Infinity;
  private rootList: SkillRoot[] = [];
  /** DESCRIPTION.md files found, by absolute path. */
  private readonly categoryFiles = new Set<string>();
  private readonly changedEmitter = new vscode.EventEmitter<StoreChange>();
  private readonly subscriptions: vscode.Disposable[] = [];
  private readonly watchers: vscode.Disposable[] = [];
  private pendingChanged = new Map<string, SkillRecord>();
  private pendingRemoved = new Set<string>();
  private pendingAll = false;
  private fireTimer: NodeJS.Timeout | undefined;
  /** The batch being judged and fired (batches are judged one after another). */
  private firing: Promise<void> | undefined;
  /** Roots where a file changed on disk since they were last judged: their Hermes / OpenClaw reports are
   *  stale, and every skill judged by one of those runtimes there must be judged again. */
  private staleRoots = new Set<string>();
  /** Everything must be judged again (settings, engine, category descriptions). */
  private judgeAll = false;
  /** `whenIdle` callers waiting for the queued changes to be fired. */
  private flushWaiters: Array<() => void> = [];
  /** Per file: the latest evaluation's number, so an older, slower evaluation never overwrites a newer one. */
  private readonly generation = new Map<string, number>();
  private scanGeneration = 0;
  private scanning: Promise<void> | undefined;
  private scanDone = false;
  private readonly inFlight = new Set<Promise<unknown>>();
  private agentsFiles: AgentsFile[] = [];
  private agentCache: Promise<AgentView | null> | undefined;
  private selected: string | undefined;
  private disposed = false;
  /** The last file-event update: which file, and how long from the watcher's event to the new verdict. */
  lastUpdate: { file: string; ms: number } | undefined;

  /** Fires (batched) after skills were added, updated or removed. */
  readonly onDidChange: vscode.Event<StoreChange> = this.changedEmitter.event;

  constructor(private readonly ctx: SkillAuthorContext) {
    this.selected = ctx.extension.workspaceState.get<string>('skillAuthor.agent');
    this.subscriptions.push(
      vscode.workspace.onDidChangeWorkspaceFolders(() => void this.refresh()),
      ctx.config.onDidChange((e) => {
        if (['roots', 'defaultRoots', 'agentsFile'].some((k) => e.affectsConfiguration(`skillAuthor.${k}`))) void this.refresh();
      }),
      // A new engine (trust granted, PATH/env/probe settings changed): same analyses, new verdicts.
      ctx.onDidResetEngine(() => this.reevaluateAll()),
      // Other runtimes pinned, another Hermes home or OpenClaw config: judge every skill again.
      judgeOf(ctx).onDidChange(() => this.queue({ all: true })),
      // An edited SKILL.md: the language server's check of the editor's text is the skill's verdict (the
      // extension analyses nothing on a keystroke).
      clientOf(ctx)?.onDidCheck((c) => this.applyCheck(c)) ?? new vscode.Disposable(() => undefined),
      vscode.workspace.onDidCloseTextDocument((doc) => {
        // Back to the file on disk when an edited document is closed without saving.
        const file = skillFileOf(doc.uri);
        if (file && this.records.get(file)?.fromEditor) void this.updateFile(file);
      }),
    );
    // After the caller (the context's `store` getter) has kept the instance, so a listener reading
    // `storeOf(ctx)` gets this one instead of creating another.
    queueMicrotask(() => {
      if (!this.disposed) storeCreated.fire(this);
    });
  }

  // ---- reading -------------------------------------------------------------------------------------

  get roots(): readonly SkillRoot[] {
    return this.rootList;
  }

  /** Every known skill, in the CLI's order (category, folder name, path). */
  all(): SkillRecord[] {
    this.order ??= [...this.records.values()]
      .map((r) => ({ file: r.file, key: sortKey(r) }))
      .sort((a, b) => cmp(a.key, b.key))
      .map((e) => e.file);
    return this.order.map((f) => this.records.get(f) as SkillRecord);
  }

  /** Sets a record, forgetting the order of `all()` only when the set of skills or a sort key changed. */
  private setRecord(record: SkillRecord): void {
    const before = this.records.get(record.file);
    if (!before || sortKey(before) !== sortKey(record)) this.order = undefined;
    this.records.set(record.file, record);
  }

  private deleteRecord(file: string): boolean {
    if (!this.records.delete(file)) return false;
    this.order = undefined;
    return true;
  }

  get(file: string): SkillRecord | undefined {
    return this.records.get(path.resolve(file));
  }

  /** The skill whose folder is `dir`. */
  forDir(dir: string): SkillRecord | undefined {
    return this.records.get(path.join(path.resolve(dir), 'SKILL.md'));
  }

  /** True once the latest scan finished (evaluations may still be under way). */
  get ready(): boolean {
    return this.scanDone;
  }

  /** Binary names any known skill declares (for completions). */
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

  /**
   * Resolves when the scan and every evaluation under way have finished and `onDidChange` has told the
   * listeners about them (the API and tests wait on it; a listener such as the tree is then up to date).
   */
  async whenIdle(): Promise<void> {
    if (!this.scanning) void this.refresh();
    for (;;) {
      await this.scanning;
      if (this.inFlight.size > 0) {
        await Promise.allSettled([...this.inFlight]);
        continue;
      }
      if ((!this.fireTimer && !this.firing) || this.disposed) return;
      await new Promise<void>((resolve) => this.flushWaiters.push(resolve));
    }
  }

  // ---- agents --------------------------------------------------------------------------------------

  get agentsFileList(): readonly AgentsFile[] {
    return this.agentsFiles;
  }

  /** Every agent nexo-rs would start: those of every agents file found, except a file the runtime refuses
   *  (an unknown key, a missing `model:`, a bad override …), which starts none. */
  agents(): AgentDef[] {
    return this.agentsFiles.flatMap((f) => (f.error === null ? f.agents : []));
  }

  get selectedAgentId(): string | undefined {
    const ids = this.agents().map((a) => a.id);
    if (this.selected && ids.includes(this.selected)) return this.selected;
    return ids[0];
  }

  async selectAgent(id: string | undefined): Promise<void> {
    this.selected = id;
    this.agentCache = undefined;
    await this.ctx.extension.workspaceState.update('skillAuthor.agent', id);
    this.queue({ all: true });
  }

  /** The selected agent's view (null when there is no agents file or no agent). Cached until a change. */
  agentView(agentId = this.selectedAgentId): Promise<AgentView | null> {
    if (agentId !== this.selectedAgentId) return this.computeAgentView(agentId);
    this.agentCache ??= this.computeAgentView(agentId);
    return this.agentCache;
  }

  private async computeAgentView(agentId: string | undefined): Promise<AgentView | null> {
    await this.whenIdle();
    const file = this.agentsFiles.find((f) => f.error === null && f.agents.some((a) => a.id === agentId));
    const agent = file?.agents.find((a) => a.id === agentId);
    if (!file || !agent) return null;
    const engine = this.ctx.engine();
    // The agent's skills use the store's analyses when the file is one of ours (so unsaved edits count),
    // and the agent's overrides; probes are shared through the engine's cache.
    const skills = await engine.checkAgent(agent, undefined, (f) => this.records.get(f)?.analysis);
    return { file, agent, skills, entries: await judgeOf(this.ctx).entries(skills, { agent: true }) };
  }

  // ---- scanning ------------------------------------------------------------------------------------

  /** Rescan every root from scratch (command "Refresh Skills", settings and folder changes). */
  refresh(): Promise<void> {
    const generation = ++this.scanGeneration;
    this.scanDone = false;
    const run = this.scan(generation).catch((err: unknown) => {
      this.ctx.output.error(`scanning the skill roots failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    });
    this.scanning = run.then(() => {
      if (generation === this.scanGeneration) this.scanDone = true;
    });
    return this.scanning;
  }

  /** Forget every probe result and evaluate every skill again (command "Re-probe Dependencies"). */
  reprobe(): Promise<void> {
    const engine = this.ctx.engine();
    engine.runner?.clear();
    engine.resolver.clear();
    this.ctx.output.info('probe results cleared; re-probing every skill');
    return this.reevaluateAll();
  }

  private async scan(generation: number): Promise<void> {
    const started = performance.now();
    const roots = await this.computeRoots();
    if (generation !== this.scanGeneration || this.disposed) return;
    this.rootList = roots.map((r) => r.root);
    this.setWatchers(roots.map((r) => r.root));
    const { findSkills } = this.core();
    const seen = new Set<string>();
    const found: Array<{ location: SkillLocation; root: SkillRoot }> = [];
    this.categoryFiles.clear();
    for (const { root, walk } of roots) {
      const catalog: Catalog = await findSkills(walk);
      if (generation !== this.scanGeneration || this.disposed) return;
      for (const p of catalog.problems) this.ctx.output.warn(`${p.path}: ${p.message}`);
      for (const file of catalog.categoryDescriptions.values()) this.categoryFiles.add(file);
      for (const location of catalog.skills) {
        if (seen.has(location.file)) continue;
        seen.add(location.file);
        const skillRoot = root.kind === 'workspace' ? this.workspaceSkillRoot(root, location.dir) : root;
        found.push({ location: this.relocate(location, skillRoot.path), root: skillRoot });
      }
    }
    await this.loadAgentsFiles();
    const cache = this.ctx.analysisCache();
    const walks = roots.map((r) => r.walk);
    await cache.load(walks);
    // Records no longer found go; the others are re-read (a rescan is also how users recover from a missed
    // file event).
    const removed = [...this.records.keys()].filter((f) => !seen.has(f));
    for (const f of removed) this.deleteRecord(f);
    this.queue({ removed, all: true });
    // Several files in flight at once: each read is a few thread-pool round trips (open, stat, read, close),
    // which one at a time left the thread idle two thirds of a 10,000-skill scan.
    let slice = performance.now();
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < found.length) {
        if (generation !== this.scanGeneration || this.disposed) return;
        const { location, root } = found[next++] as (typeof found)[number];
        await this.load(location, root, false);
        if (performance.now() - slice > SLICE_MS) {
          await yieldNow();
          slice = performance.now();
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(SCAN_CONCURRENCY, found.length) }, worker));
    if (generation !== this.scanGeneration || this.disposed) return;
    await cache.save(
      walks,
      found.map((f) => f.location.file),
    );
    this.ctx.output.info(`found ${found.length} skill(s) in ${roots.length} root(s) in ${(performance.now() - started).toFixed(0)} ms`);
  }

  private coreModules: (typeof import('../core/catalog') & typeof import('../core/agents')) | undefined;

  /** The catalog and agents modules, loaded on first use (the engine's module graph stays out of activation)
   *  and merged once: this is called for every skill of a scan. */
  private core(): typeof import('../core/catalog') & typeof import('../core/agents') {
    this.coreModules ??= {
      ...(require('../core/catalog') as typeof import('../core/catalog')),
      ...(require('../core/agents') as typeof import('../core/agents')),
    };
    return this.coreModules;
  }

  /** The folders to walk: each with the root it reports under. */
  private async computeRoots(): Promise<Array<{ root: SkillRoot; walk: string }>> {
    const out: Array<{ root: SkillRoot; walk: string }> = [];
    const add = (abs: string, label: string, kind: RootKind): void => {
      if (out.some((r) => r.walk === abs)) return;
      out.push({ root: { path: abs, label, kind }, walk: abs });
    };
    for (const folder of vscode.workspace.workspaceFolders ?? []) {
      if (folder.uri.scheme === 'file') add(folder.uri.fsPath, folder.name, 'workspace');
    }
    const settings = this.ctx.config.skills;
    for (const r of settings.roots) {
      const abs = resolveSettingPath(r);
      if (abs && (await isDirectory(abs))) add(abs, r, 'setting');
      else this.ctx.output.warn(`skillAuthor.roots: ${r} is not a folder; skipped`);
    }
    if (settings.defaultRoots) {
      for (const r of DEFAULT_ROOTS) {
        const abs = resolveSettingPath(r);
        if (abs && (await isDirectory(abs))) add(abs, r, 'personal');
      }
    }
    return out;
  }

  /** Inside a workspace folder: the nearest ancestor named like `*skills*`, else the folder itself. */
  private workspaceSkillRoot(folder: SkillRoot, skillDir: string): SkillRoot {
    let dir = path.dirname(skillDir);
    while (dir.length > folder.path.length && dir.startsWith(folder.path)) {
      if (/skills/i.test(path.basename(dir))) {
        const rel = path.relative(folder.path, dir).split(path.sep).join('/');
        const multi = (vscode.workspace.workspaceFolders?.length ?? 0) > 1;
        return { path: dir, label: multi ? `${folder.label}/${rel}` : rel, kind: 'workspace' };
      }
      dir = path.dirname(dir);
    }
    return folder;
  }

  private relocate(location: SkillLocation, root: string): SkillLocation {
    const { categoryOf } = this.core();
    return { ...location, root, category: categoryOf(root, location.dir) };
  }

  /** Which root a path belongs to (longest match), for files reported by the watchers. */
  private rootOf(file: string): SkillRoot | undefined {
    let best: SkillRoot | undefined;
    for (const r of this.rootList) {
      if ((file.startsWith(r.path + path.sep) || file === r.path) && (!best || r.path.length > best.path.length)) best = r;
    }
    return best;
  }

  private async loadAgentsFiles(): Promise<void> {
    const { findAgentsFile, readAgentsFile } = this.core();
    const configured = this.ctx.config.skills.agentsFile;
    const files: string[] = [];
    if (configured) {
      const abs = resolveSettingPath(configured);
      if (abs) files.push(abs);
    } else {
      for (const folder of vscode.workspace.workspaceFolders ?? []) {
        if (folder.uri.scheme !== 'file') continue;
        const f = await findAgentsFile(folder.uri.fsPath);
        if (f) files.push(f);
      }
    }
    this.agentsFiles = await Promise.all(files.map((f) => readAgentsFile(f)));
    this.agentCache = undefined;
    this.setAgentWatchers(files);
    for (const f of await this.agentsFileProblems()) {
      for (const p of f.problems) this.ctx.output[p.severity === 'error' ? 'error' : 'warn'](`${f.path}:${p.line}:${p.column}: ${p.message}`);
    }
  }

  /**
   * What is wrong with each agents file, as `check --agent` prints it: the file's own problems, then a warning
   * at each listed skill that has no SKILL.md in its agent's skills_dir (for every agent, not only the
   * selected one). Read from disk each time (a few `stat`s per listed skill), so it follows skills created
   * or deleted since the file was read.
   */
  async agentsFileProblems(): Promise<Array<{ path: string; problems: AgentProblem[] }>> {
    const { resolveAgentSkill, notFoundReason } = this.core();
    return Promise.all(
      this.agentsFiles.map(async (f) => {
        const problems = [...f.problems];
        // A refused file starts no agent: its listed skills are never looked up (as `check --agent` says).
        for (const agent of f.error === null ? f.agents : []) {
          for (const name of agent.skills) {
            if (await resolveAgentSkill(agent, name)) continue;
            const at = agent.skillPositions.get(name) ?? { line: agent.line, column: 1 };
            problems.push({ severity: 'warning', message: notFoundReason(agent, name), line: at.line, column: at.column });
          }
        }
        return { path: f.path, problems };
      }),
    );
  }

  // ---- one skill -----------------------------------------------------------------------------------

  /**
   * Analyze (from the open editor when there is one with unsaved text, else from disk) and evaluate.
   * `changedOnDisk`: the file changed since the root's Hermes and OpenClaw reports were taken, so they are
   * taken again (a scan reads files those reports already saw: it invalidates them once, not per file).
   */
  private async load(location: SkillLocation, root: SkillRoot, changedOnDisk = true): Promise<void> {
    const engine = this.ctx.engine();
    const analysis = await engine.analyzeFile(location.file, location.stamp);
    if (this.disposed) return;
    const previous = this.records.get(location.file);
    // An editor with unsaved edits keeps the language server's check of its text as the verdict.
    const fromEditor = previous?.fromEditor === true && openDocument(location.file)?.isDirty === true;
    const record: SkillRecord = {
      file: location.file,
      id: location.id,
      location,
      root,
      analysis,
      status: previous?.status ?? PLACEHOLDER_STATUS,
      probing: !fromEditor,
      fromEditor,
      entry: previous?.entry,
    };
    if (changedOnDisk) this.staleRoots.add(root.path);
    this.setRecord(record);
    this.queue({ changed: [record] });
    if (!fromEditor) this.evaluate(record);
  }

  private evaluate(record: SkillRecord): void {
    const generation = (this.generation.get(record.file) ?? 0) + 1;
    this.generation.set(record.file, generation);
    record.probing = true;
    this.agentCache = undefined;
    const task = this.ctx
      .engine()
      .evaluate(record.analysis)
      .then(
        (status) => {
          if (this.disposed || this.generation.get(record.file) !== generation || this.records.get(record.file) !== record) return;
          record.status = status;
          record.probing = false;
          this.queue({ changed: [record] });
        },
        (err: unknown) => {
          this.ctx.output.error(`evaluating ${record.file} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
          record.probing = false;
          this.queue({ changed: [record] });
        },
      );
    this.inFlight.add(task);
    void task.finally(() => this.inFlight.delete(task));
  }

  private reevaluateAll(): Promise<void> {
    for (const r of this.records.values()) if (!r.fromEditor) this.evaluate(r);
    this.queue({ all: true });
    return this.whenIdle();
  }

  /** A SKILL.md was created or changed on disk (or its editor closed): re-read that one skill. */
  private async updateFile(file: string): Promise<void> {
    const root = this.rootOf(file);
    if (!root) return;
    const existing = this.records.get(file);
    const { findSkills } = this.core();
    const catalog = await findSkills(file);
    const location = catalog.skills[0];
    if (!location) {
      if (existing) this.remove(file);
      return;
    }
    const skillRoot = existing?.root ?? (root.kind === 'workspace' ? this.workspaceSkillRoot(root, location.dir) : root);
    await this.track(this.load(this.relocate(location, skillRoot.path), skillRoot));
  }

  private remove(file: string): void {
    const root = this.records.get(file)?.root.path;
    if (this.deleteRecord(file)) {
      if (root !== undefined) this.staleRoots.add(root);
      this.generation.delete(file);
      this.agentCache = undefined;
      this.queue({ removed: [file] });
    }
  }

  /**
   * The language server checked an open SKILL.md. While the editor holds unsaved edits, that check (of the
   * editor's text) is the skill's entry and status; once the text is the file's again (saved, reverted), the
   * file is read again.
   */
  private applyCheck(check: Check): void {
    const record = this.records.get(check.file);
    if (!record || this.disposed) return;
    const doc = openDocument(check.file);
    if (!doc?.isDirty) {
      if (record.fromEditor) void this.track(this.load(record.location, record.root));
      return;
    }
    if (doc.version !== check.version) return; // typed on meanwhile: the check of the newer version follows
    this.generation.set(record.file, (this.generation.get(record.file) ?? 0) + 1); // an evaluation under way is outdated
    record.fromEditor = true;
    record.status = check.status;
    record.entry = check.entry;
    record.probing = false;
    this.agentCache = undefined;
    this.queue({ changed: [record] });
  }

  private track<T>(p: Promise<T>): Promise<T> {
    this.inFlight.add(p);
    void p.finally(() => this.inFlight.delete(p)).catch(() => undefined);
    return p;
  }

  // ---- file events ---------------------------------------------------------------------------------

  private setWatchers(roots: readonly SkillRoot[]): void {
    for (const w of this.watchers.splice(0)) w.dispose();
    const bases = new Set<string>();
    for (const r of roots) {
      // A workspace skill root lies inside its folder: one watcher per walked folder is enough.
      if (![...bases].some((b) => r.path.startsWith(b + path.sep))) bases.add(r.path);
    }
    for (const base of bases) {
      const pattern = (glob: string): vscode.RelativePattern => new vscode.RelativePattern(vscode.Uri.file(base), glob);
      // Creations and deletions of anything (a skill folder moved in or out carries no SKILL.md event).
      const any = vscode.workspace.createFileSystemWatcher(pattern('**/*'), false, true, false);
      // Content changes of the two files that matter.
      const files = vscode.workspace.createFileSystemWatcher(pattern('**/{SKILL.md,DESCRIPTION.md}'), true, false, true);
      this.watchers.push(
        any,
        files,
        any.onDidCreate((uri) => void this.onCreated(uri.fsPath)),
        any.onDidDelete((uri) => this.onDeleted(uri.fsPath)),
        files.onDidChange((uri) => void this.onChanged(uri.fsPath)),
      );
    }
  }

  private readonly agentWatchers: vscode.Disposable[] = [];

  private setAgentWatchers(files: readonly string[]): void {
    for (const w of this.agentWatchers.splice(0)) w.dispose();
    const reload = (): void => {
      void this.loadAgentsFiles().then(() => this.queue({ all: true }));
    };
    // Watch the conventional places too, so an agents file created later is picked up.
    const candidates = new Set(files);
    if (!this.ctx.config.skills.agentsFile) {
      for (const folder of vscode.workspace.workspaceFolders ?? []) {
        if (folder.uri.scheme !== 'file') continue;
        for (const rel of ['config/agents.yaml', 'agents.yaml', 'config/agents.yml']) candidates.add(path.join(folder.uri.fsPath, rel));
      }
    }
    for (const f of candidates) {
      const w = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(vscode.Uri.file(path.dirname(f)), path.basename(f)));
      this.agentWatchers.push(w, w.onDidChange(reload), w.onDidCreate(reload), w.onDidDelete(reload));
    }
  }

  private async onCreated(p: string): Promise<void> {
    if (ignoredPath(p)) return;
    const base = path.basename(p);
    if (base === 'SKILL.md') return this.updateFile(p);
    if (base === 'DESCRIPTION.md') {
      this.categoryFiles.add(p);
      this.queue({ all: true });
      return;
    }
    if (!(await isDirectory(p))) return this.supportingFileChanged(p);
    this.supportingFileChanged(p);
    // A folder appeared (created, moved or copied in): find the skills inside it.
    const root = this.rootOf(p);
    if (!root) return;
    const { findSkills } = this.core();
    const catalog = await findSkills(p);
    for (const file of catalog.categoryDescriptions.values()) this.categoryFiles.add(file);
    for (const location of catalog.skills) {
      if (!this.records.has(location.file)) await this.updateFile(location.file);
    }
  }

  private onDeleted(p: string): void {
    if (ignoredPath(p)) return;
    if (path.basename(p) === 'DESCRIPTION.md' && this.categoryFiles.delete(p)) this.queue({ all: true });
    const prefix = p + path.sep;
    for (const f of [...this.categoryFiles]) if (f.startsWith(prefix) && this.categoryFiles.delete(f)) this.queue({ all: true });
    for (const file of [...this.records.keys()]) {
      if (file === p || file.startsWith(prefix)) this.remove(file);
    }
    this.supportingFileChanged(p);
  }

  /**
   * A file or folder inside a skill's folder (not its SKILL.md) appeared or went: the links and script paths
   * of its body may resolve differently, so that skill is read again (the nearest skill folder above).
   */
  private supportingFileChanged(p: string): void {
    if (path.basename(p) === 'SKILL.md') return;
    for (let dir = path.dirname(p); ; dir = path.dirname(dir)) {
      const record = this.records.get(path.join(dir, 'SKILL.md'));
      if (record) return this.reloadSoon(record.file);
      if (path.dirname(dir) === dir || !this.rootOf(dir)) return;
    }
  }

  /** Skills to read again once a burst of file events in their folders is over (an unpacked archive or an
   *  `npm install` in a skill folder is thousands of events for one skill). */
  private readonly reloads = new Set<string>();
  private reloadTimer: NodeJS.Timeout | undefined;

  private reloadSoon(file: string): void {
    this.reloads.add(file);
    this.reloadTimer ??= setTimeout(() => {
      this.reloadTimer = undefined;
      const files = [...this.reloads];
      this.reloads.clear();
      for (const f of files) {
        const record = this.records.get(f);
        if (record && !openDocument(f)?.isDirty && !this.disposed) void this.track(this.load(record.location, record.root, false));
      }
    }, RELOAD_DELAY_MS);
  }

  private async onChanged(p: string): Promise<void> {
    if (ignoredPath(p)) return;
    if (path.basename(p) === 'DESCRIPTION.md') {
      this.queue({ all: true });
      return;
    }
    // An open editor with unsaved edits stays the source until it is saved or closed.
    const doc = openDocument(p);
    if (doc?.isDirty) return;
    const started = performance.now();
    await this.updateFile(p);
    const record = this.records.get(path.resolve(p));
    if (record) await this.settled(record);
    this.lastUpdate = { file: p, ms: performance.now() - started };
  }

  /** Resolves when the record's evaluation under way (if any) finished. */
  private async settled(record: SkillRecord): Promise<void> {
    while (record.probing && this.records.get(record.file) === record && !this.disposed) await Promise.allSettled([...this.inFlight]);
  }

  // ---- events --------------------------------------------------------------------------------------

  private queue(change: { changed?: readonly SkillRecord[]; removed?: readonly string[]; all?: boolean }): void {
    if (this.disposed) return;
    for (const r of change.changed ?? []) {
      this.pendingChanged.set(r.file, r);
      this.pendingRemoved.delete(r.file);
    }
    for (const f of change.removed ?? []) {
      this.pendingChanged.delete(f);
      this.pendingRemoved.add(f);
    }
    if (change.all) this.pendingAll = true;
    if (change.changed?.length || change.removed?.length || change.all) this.agentCache = undefined;
    this.fireTimer ??= setTimeout(() => this.flush(), Math.max(0, this.lastFire + BURST_MS - performance.now()));
  }

  private flush(): void {
    this.fireTimer = undefined;
    this.lastFire = performance.now();
    const changed = new Map(this.pendingChanged);
    const removed = [...this.pendingRemoved];
    const all = this.pendingAll;
    this.pendingChanged = new Map();
    this.pendingRemoved = new Set();
    this.pendingAll = false;
    if (all) this.judgeAll = true;
    // Judged after the batch before it (its reports may be the ones this batch reuses), then fired.
    const previous = this.firing ?? Promise.resolve();
    const run: Promise<void> = previous
      .then(() => this.judge(changed))
      .catch((err: unknown) => this.ctx.output.error(`judging skills failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`))
      .then(() => {
        if (this.disposed) return;
        this.changedEmitter.fire({ changed: [...changed.values()], removed, all });
      })
      .finally(() => {
        if (this.firing === run) this.firing = undefined;
        if (!this.fireTimer && !this.firing) for (const resolve of this.flushWaiters.splice(0)) resolve();
      });
    this.firing = run;
  }

  /**
   * Judge by each applicable runtime the evaluated skills of this batch, and the skills whose Hermes or
   * OpenClaw verdict a change on disk in their root may have changed (a duplicate name, a prompt limit).
   * Skills whose entry changed are added to `changed`.
   */
  private async judge(changed: Map<string, SkillRecord>): Promise<void> {
    const judge = judgeOf(this.ctx);
    const everything = this.judgeAll;
    const stale = this.staleRoots;
    this.judgeAll = false;
    this.staleRoots = new Set();
    if (everything) judge.invalidate();
    else if (stale.size) judge.invalidate(stale);
    const TREE = new Set(['hermes', 'openclaw']);
    const wanted = [...this.records.values()].filter(
      (r) =>
        r.status !== PLACEHOLDER_STATUS &&
        !r.probing &&
        !r.fromEditor &&
        (everything || changed.has(r.file) || r.entry === undefined || (stale.has(r.root.path) && r.entry.runtimes.some((x) => TREE.has(x.runtime)))),
    );
    for (let i = 0; i < wanted.length && !this.disposed; i += JUDGE_BATCH) {
      const batch = wanted.slice(i, i + JUDGE_BATCH);
      const entries = await judge.entries(batch);
      batch.forEach((r, j) => {
        const entry = entries[j] as Entry;
        if (this.records.get(r.file) !== r) return;
        const before = r.entry;
        r.entry = entry;
        if (!before || JSON.stringify(before) !== JSON.stringify(entry)) changed.set(r.file, r);
      });
      if (i + JUDGE_BATCH < wanted.length) await yieldNow();
    }
  }

  dispose(): void {
    this.disposed = true;
    if (this.fireTimer) clearTimeout(this.fireTimer);
    this.fireTimer = undefined;
    if (this.reloadTimer) clearTimeout(this.reloadTimer);
    for (const resolve of this.flushWaiters.splice(0)) resolve();
    for (const d of [...this.subscriptions.splice(0), ...this.watchers.splice(0), ...this.agentWatchers.splice(0)]) d.dispose();
    this.changedEmitter.dispose();
  }
}

/** The CLI's order: root, category, folder name, path. */
function sortKey(r: SkillRecord): string {
  return `${r.root.path}\0${r.location.category}\0${r.id}\0${r.file}`;
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

async function isDirectory(p: string): Promise<boolean> {
  try {
    return (await fs.promises.stat(p)).isDirectory();
  } catch {
    return false;
  }
}

function ignoredPath(p: string): boolean {
  return p.split(/[\\/]/).some((s) => s === '.git' || s === 'node_modules' || s === '.hg' || s === '.svn');
}

/** The SKILL.md path of a `file:` document, or undefined. */
export function skillFileOf(uri: vscode.Uri): string | undefined {
  return uri.scheme === 'file' && path.basename(uri.fsPath) === 'SKILL.md' ? path.resolve(uri.fsPath) : undefined;
}

function openDocument(file: string): vscode.TextDocument | undefined {
  return vscode.workspace.textDocuments.find((d) => d.uri.scheme === 'file' && !d.isClosed && d.uri.fsPath === file);
}
