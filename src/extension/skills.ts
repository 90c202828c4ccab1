// The workspace's skills as the language server's model has them: the one model the Skills tree, the
// explorer decorations, the previews and the API read. The server scans the roots, probes, judges by every
// applicable runtime and follows file events and the open documents' checks (src/server/skills.ts); this is
// its mirror, kept current by the server's `skillAuthor/skillsChanged` notifications. Nothing here reads a
// skill file, runs a probe or judges a skill: the extension host, which every other extension shares, only
// applies the changes and redraws.
//
// Roots (the server's rules): each workspace folder, or inside it the nearest folder named like `*skills*`
// (`repo/skills/media/x` → root `repo/skills`, category `media`, as `skill-author check repo/skills` reports
// it); the folders of `skillAuthor.roots`; the personal skill folders with `skillAuthor.defaultRoots`.
//
// Changes are batched as the server batches them (src/shared/batch.ts), so the first scan (sent SKILLS_CHUNK
// skills at a time) redraws the view a few times, not once per notification.
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { Entry } from '../core/check/entry';
import { type Batch, ChangeBatcher } from '../shared/batch';
import { cliOrder, cliSortKey } from '../shared/order';
import type {
  AgentDefView,
  AgentsFileView,
  AgentViewResult,
  ExtensionView,
  RootBudget,
  SkillRootView,
  SkillsChangedParams,
  SkillView,
} from '../shared/protocol';
import { clientOf } from './client';
import { type SkillAuthorContext, Slot } from './context';

export type SkillRoot = SkillRootView;
export type SkillRecord = SkillView;
/** One agent's skills in its order, judged by nexo-rs as `check --agent` judges them. */
export type AgentView = AgentViewResult;

export interface StoreChange {
  /** Records added or updated. */
  readonly changed: readonly SkillRecord[];
  /** Files (SKILL.md paths) no longer present. */
  readonly removed: readonly string[];
  /** Everything may have changed (rescan, settings, an agents file, a new server). */
  readonly all: boolean;
}

/** See the header. */
const BURST_MS = 100;

/** True once the record carries a real verdict (its first evaluation finished and was judged). */
export function isEvaluated(record: SkillRecord): record is SkillRecord & { entry: Entry } {
  return record.evaluated && record.entry !== null;
}

/** Fires, just after it was created, with each new store (see `StoreFollower`). */
const storeCreated = new vscode.EventEmitter<SkillStore>();

/**
 * Follows the context's store: `listener(store, undefined)` runs when a store is there (at once, or when it
 * is created), then `listener(store, change)` on each of its changes.
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

/** The workspace's skills (the mirror is created when its feature registers, before the server starts). */
export const STORE = new Slot<SkillStore>('skill store', (ctx) => new SkillStore(ctx));

export const storeOf = (ctx: SkillAuthorContext): SkillStore => ctx.get(STORE);

/** The store when it exists. */
export const existingStore = (ctx: SkillAuthorContext): SkillStore | undefined => ctx.peek(STORE);

export class SkillStore implements vscode.Disposable {
  private readonly records = new Map<string, SkillRecord>();
  /** The files of `records` in `all()`'s order; undefined when it must be sorted again. */
  private order: string[] | undefined;
  private rootList: SkillRoot[] = [];
  private agentsFiles: AgentsFileView[] = [];
  private extensionList: ExtensionView[] = [];
  private budgetMap: Record<string, RootBudget[]> = {};
  private scanDone = false;
  private readonly changedEmitter = new vscode.EventEmitter<StoreChange>();
  private readonly subscriptions: vscode.Disposable[] = [];
  private readonly batcher = new ChangeBatcher<SkillRecord>(BURST_MS, (batch) => this.flush(batch));
  private flushWaiters: Array<() => void> = [];
  private agentCache: Promise<AgentView | null> | undefined;
  private selected: string | undefined;
  private disposed = false;

  /** Fires (batched) after skills were added, updated or removed. */
  readonly onDidChange: vscode.Event<StoreChange> = this.changedEmitter.event;

  constructor(private readonly ctx: SkillAuthorContext) {
    this.selected = ctx.extension.workspaceState.get<string>('skillAuthor.agent');
    const client = clientOf(ctx);
    if (client)
      this.subscriptions.push(
        client.onDidChangeSkills((p) => this.apply(p)),
        // A new server builds its model from scratch and sends all of it again.
        client.onDidStartServer(() => this.reset()),
      );
    // After the context has kept the instance, so a listener reading `storeOf(ctx)` gets this one.
    queueMicrotask(() => {
      if (!this.disposed) storeCreated.fire(this);
    });
  }

  // ---- reading -------------------------------------------------------------------------------------

  get roots(): readonly SkillRoot[] {
    return this.rootList;
  }

  /** The nexo-rs extensions the agent would discover in each workspace folder's `./extensions`. */
  get extensions(): readonly ExtensionView[] {
    return this.extensionList;
  }

  /** Every known skill, in the CLI's order (root, category, folder name, path). */
  all(): SkillRecord[] {
    this.order ??= cliOrder(this.records.values());
    return this.order.map((f) => this.records.get(f) as SkillRecord);
  }

  get(file: string): SkillRecord | undefined {
    return this.records.get(path.resolve(file));
  }

  /** The skill whose folder is `dir`. */
  forDir(dir: string): SkillRecord | undefined {
    return this.records.get(path.join(path.resolve(dir), 'SKILL.md'));
  }

  /** True once the server's latest scan finished (evaluations may still be under way). */
  get ready(): boolean {
    return this.scanDone;
  }

  /** The prompt budgets of the runtimes that read this root as a whole (OpenClaw's), from the server's last
   *  judgement. */
  budgets(root: string): RootBudget[] {
    return this.budgetMap[root] ?? [];
  }

  /**
   * Resolves when the server's scan and every evaluation under way have finished and `onDidChange` has told
   * the listeners about them (the API and tests wait on it; a listener such as the tree is then up to date).
   */
  async whenIdle(): Promise<void> {
    await clientOf(this.ctx)?.skillsIdle();
    if (this.batcher.pending && !this.disposed) await new Promise<void>((resolve) => this.flushWaiters.push(resolve));
  }

  /** Rescan every root from scratch (command "Refresh Skills", settings and folder changes). */
  async refresh(): Promise<void> {
    await clientOf(this.ctx)?.refresh();
    await this.whenIdle();
  }

  // ---- agents --------------------------------------------------------------------------------------

  get agentsFileList(): readonly AgentsFileView[] {
    return this.agentsFiles;
  }

  /** Every agent nexo-rs would start: those of every agents file found, except a file the runtime refuses
   *  (an unknown key, a missing `model:`, a bad override …), which starts none. */
  agents(): AgentDefView[] {
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

  /** The agent's view (null when there is no agents file or no such agent), from the server once its model
   *  is idle. The selected agent's is kept until the next change. */
  agentView(agentId = this.selectedAgentId): Promise<AgentView | null> {
    if (agentId !== this.selectedAgentId) return this.computeAgentView(agentId);
    this.agentCache ??= this.computeAgentView(agentId);
    return this.agentCache;
  }

  private async computeAgentView(agentId: string | undefined): Promise<AgentView | null> {
    if (agentId === undefined) return null;
    await this.whenIdle();
    return (await clientOf(this.ctx)?.agentView(agentId)) ?? null;
  }

  // ---- the server's changes ------------------------------------------------------------------------

  private apply(p: SkillsChangedParams): void {
    if (this.disposed) return;
    if (p.roots) {
      this.rootList = p.roots;
      this.order = undefined;
    }
    if (p.agents) this.agentsFiles = p.agents;
    if (p.extensions) this.extensionList = p.extensions;
    // Every root's budgets, whole (a root missing from the map has none any more).
    if (p.budgets) this.budgetMap = p.budgets;
    for (const r of p.changed) {
      const before = this.records.get(r.file);
      if (!before || cliSortKey(before) !== cliSortKey(r)) this.order = undefined;
      this.records.set(r.file, r);
    }
    for (const f of p.removed) if (this.records.delete(f)) this.order = undefined;
    this.scanDone = p.ready;
    this.queue({ changed: p.changed, removed: p.removed, all: p.all || p.roots !== undefined || p.agents !== undefined || p.extensions !== undefined });
  }

  /** A new server: nothing is known until its model arrives. */
  private reset(): void {
    this.records.clear();
    this.order = undefined;
    this.rootList = [];
    this.agentsFiles = [];
    this.extensionList = [];
    this.budgetMap = {};
    this.scanDone = false;
    this.queue({ all: true });
  }

  private queue(change: { changed?: readonly SkillRecord[]; removed?: readonly string[]; all?: boolean }): void {
    if (this.disposed) return;
    this.agentCache = undefined;
    this.batcher.add(change);
  }

  private flush(batch: Batch<SkillRecord>): void {
    // The records as they are now (a later notification may have replaced one gathered earlier).
    const changed = [...batch.changed.keys()].flatMap((f) => this.records.get(f) ?? []);
    if (!this.disposed) this.changedEmitter.fire({ changed, removed: batch.removed, all: batch.all });
    if (!this.batcher.pending) for (const resolve of this.flushWaiters.splice(0)) resolve();
  }

  dispose(): void {
    this.disposed = true;
    this.batcher.dispose();
    for (const resolve of this.flushWaiters.splice(0)) resolve();
    for (const d of this.subscriptions.splice(0)) d.dispose();
    this.changedEmitter.dispose();
  }
}

/** The SKILL.md path of a `file:` document, or undefined. */
export function skillFileOf(uri: vscode.Uri): string | undefined {
  return uri.scheme === 'file' && path.basename(uri.fsPath) === 'SKILL.md' ? path.resolve(uri.fsPath) : undefined;
}

/** The skills mirror: created now, so it follows the server from its first notification. */
export function register(ctx: SkillAuthorContext): vscode.Disposable {
  storeOf(ctx);
  return new vscode.Disposable(() => undefined);
}
