// The Skills view: the store's skills grouped by root and category, or, when an agents file is found, the
// selected agent's skills in its order with its overrides applied. Each skill shows its verdict (colour and
// icon), its requirements as children, and a tooltip saying why; the view's badge counts the skills the
// model never sees.
//
// The data is a plain model built from the store (the rust-analyzer / vscode_deno habit): root mode keeps
// root → category → files, agent mode the agent's evaluated entries. On each store change the model is
// rebuilt and compared with the previous one, and only what differs is refreshed: a skill whose verdict
// changed refreshes that one item; a skill added, removed or filtered in or out refreshes its category (or
// its root when a category appears or goes); anything else (`all`, a new grouping) refreshes the whole tree.
// Node objects are kept per key, so the element VS Code is told to refresh is the one it was given.
//
// Creating the view does not create the store: the provider touches `storeOf(ctx)` only in `getChildren` (the
// view was shown) and otherwise attaches to the store when another feature creates it (for the badge).
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { Entry } from '../core/check/entry';
import { RUNTIME_LABELS, runtimeTitle } from '../core/runtimes/registry';
import {
  budgetShort,
  budgetWords,
  isHiddenVerdict,
  listingBudgetShort,
  listingBudgetWords,
  missingFacts,
  missingText,
  verdictLabel,
  verdictWords,
  versionFact,
} from '../core/runtimes/words';
import type { ListingBudget } from '../core/runtimes/listing';
import { cellOf, type MatrixCell, matrixSeverity, matrixWords } from '../core/check/matrix';
import type { RuntimeId } from '../core/runtimes/types';
import { leadFacts, NOT_PROBED_UNTRUSTED } from '../core/runtimes/words';
import { type SkillAuthorContext, Slot } from './context';
import { agentUri, THEME_COLORS } from './decorations';
import { isEvaluated, type SkillRecord, type SkillRoot, type SkillStore, type StoreChange, StoreFollower, storeOf } from './skills';
import { brokenAgentsFile } from './agentsFile';
import type { AgentDefView, ExtensionView, RootBudget, SkillView } from '../shared/protocol';

export const VIEW_ID = 'skillAuthor.skills';

export type GroupBy = 'root' | 'agent';

/** Where the view keeps its grouping and filter (workspace state). */
export const STATE_GROUP_BY = 'skillAuthor.tree.groupBy';
export const STATE_HIDDEN_ONLY = 'skillAuthor.tree.hiddenOnly';
/** Descriptions longer than this are cut (with an ellipsis) in the item's description. */
const DESCRIPTION_MAX = 60;

interface RootNode {
  kind: 'root';
  key: string;
  root: SkillRoot;
}
interface CategoryNode {
  kind: 'category';
  key: string;
  root: SkillRoot;
  category: string;
}
/** A skill of the store (root grouping). */
interface SkillNode {
  kind: 'skill';
  key: string;
  file: string;
}
/** One entry of the selected agent's list (agent grouping). */
interface AgentSkillNode {
  kind: 'agentSkill';
  key: string;
  agentId: string;
  index: number;
}
interface RequirementNode {
  kind: 'requirement';
  key: string;
  fact: RequirementFact;
}
/** The nexo-rs extensions of one workspace folder (its `./extensions`, as the agent run there finds them). */
interface ExtensionsNode {
  kind: 'extensions';
  key: string;
  root: string;
}
interface ExtensionNode {
  kind: 'extension';
  key: string;
  file: string;
}
/** How one agent runtime lists a skill that several of them read (the skill's row of the matrix). */
interface ListingNode {
  kind: 'listing';
  key: string;
  row: ListingRow;
}
export type Node = RootNode | CategoryNode | SkillNode | AgentSkillNode | RequirementNode | ListingNode | ExtensionsNode | ExtensionNode;

/** A skill as the view shows it: the store's record, or an agent's entry. */
export interface ShownSkill {
  skill: SkillView;
  probing: boolean;
  /** False while the first evaluation has not finished (the status is a placeholder). */
  evaluated: boolean;
  /** The skill judged by each runtime that applies (an agent's skills: by nexo-rs); set once evaluated. */
  entry: Entry | undefined;
  agent?: { def: AgentDefView; file: string };
}

export interface RequirementFact {
  kind: 'bin' | 'env' | 'version' | 'file' | 'config' | 'os';
  /** true met, false missing, null unknown (version not probed), undefined not evaluated yet. */
  ok: boolean | null | undefined;
  label: string;
  detail: string;
}

/** root → category → SKILL.md files, in the store's (the CLI's) order, the filter applied. */
type RootModel = Map<string, { root: SkillRoot; categories: Map<string, string[]> }>;

interface AgentModel {
  def: AgentDefView;
  file: string;
  /** Every entry of the agent's list, in its order (the filter is applied when listing). */
  entries: SkillView[];
  /** Those entries judged (nexo-rs's verdicts), in the same order. */
  judged: Entry[];
}

/** The Skills view, provided when its feature registers. */
export const TREE = new Slot<SkillsTree>('Skills view');

export class SkillsTree implements vscode.TreeDataProvider<Node>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<Node | Node[] | undefined>();
  readonly onDidChangeTreeData: vscode.Event<Node | Node[] | undefined> = this.changed.event;
  readonly view: vscode.TreeView<Node>;
  private readonly subscriptions: vscode.Disposable[] = [];
  private groupPreference: GroupBy;
  private hiddenOnly: boolean;
  private store: SkillStore | undefined;
  private readonly follower: StoreFollower;
  private shownGroup: GroupBy | undefined;
  private rootModel: RootModel | undefined;
  private agentModel: AgentModel | null | undefined;
  private agentModelPending: Promise<AgentModel | null> | undefined;
  private agentRun: { everything: boolean; again: boolean } | undefined;
  private readonly nodes = new Map<string, Node>();
  private readonly contextValues: Record<string, unknown> = {};
  private scanProgressFor: SkillStore | undefined;
  /** Skills of the store the model never sees (the badge in root grouping). */
  private hiddenInStore = 0;
  /** Per root: the prompt budgets its item shows (JSON), to refresh it when they change. */
  private readonly shownBudgets = new Map<string, string>();
  private disposed = false;

  constructor(private readonly ctx: SkillAuthorContext) {
    const state = ctx.extension.workspaceState;
    this.groupPreference = state.get(STATE_GROUP_BY) === 'agent' ? 'agent' : 'root';
    this.hiddenOnly = state.get(STATE_HIDDEN_ONLY) === true;
    this.view = vscode.window.createTreeView(VIEW_ID, { treeDataProvider: this, showCollapseAll: true });
    this.setContext('skillAuthor.groupBy', this.groupPreference);
    this.setContext('skillAuthor.hiddenOnly', this.hiddenOnly);
    this.follower = new StoreFollower(ctx, (store, change) => this.onStore(store, change));
    this.subscriptions.push(this.view, this.changed, this.follower);
  }

  // ---- store ---------------------------------------------------------------------------------------

  private onStore(store: SkillStore, change: StoreChange | undefined): void {
    if (this.disposed) return;
    if (store !== this.store) {
      this.store = store;
      this.rootModel = undefined;
      this.agentModel = undefined;
      this.agentModelPending = undefined;
      this.agentRun = undefined;
      // The server's scan finishing is a change of the mirror (its `ready`): the view follows it then.
    }
    this.update(store, change);
  }

  /** Rebuild the model after a change (`undefined`: anything may have changed) and refresh what differs. */
  private update(store: SkillStore, change: StoreChange | undefined): void {
    const group = this.groupOf(store);
    const regrouped = group !== this.shownGroup;
    this.shownGroup = group;
    const records = store.all();
    this.setContext('skillAuthor.groupBy', group);
    this.setContext('skillAuthor.hasAgents', store.agents().length > 0);
    this.setContext('skillAuthor.hasSkills', records.length > 0);
    if (store.ready) this.setContext('skillAuthor.ready', true);
    this.hiddenInStore = records.filter((r) => isEvaluated(r) && isHidden(r.entry)).length;
    if (group === 'agent') {
      this.rootModel = undefined;
      if (regrouped) this.agentRun = undefined;
      this.requestAgentModel(store, !change || change.all || regrouped);
      return;
    }
    this.agentModel = undefined;
    this.agentModelPending = undefined;
    this.agentRun = undefined;
    const previous = this.rootModel;
    this.rootModel = this.buildRootModel(records, store.roots);
    const nodes = !previous || !change || change.all || regrouped ? undefined : this.diffRoot(previous, this.rootModel, change);
    // A root's budget follows any of its skills: its item is refreshed when the words change.
    const budgetChanged: Node[] = [];
    for (const group of this.rootModel.values()) {
      const words = JSON.stringify(this.budgets(group.root.path));
      if (this.shownBudgets.get(group.root.path) !== words) {
        this.shownBudgets.set(group.root.path, words);
        budgetChanged.push(this.rootNode(group.root));
      }
    }
    this.fire(nodes && [...nodes, ...budgetChanged.filter((n) => !nodes.includes(n))]);
    this.updateView();
  }

  private groupOf(store: SkillStore | undefined): GroupBy {
    return this.groupPreference === 'agent' && store && store.agents().length > 0 ? 'agent' : 'root';
  }

  private buildRootModel(records: readonly SkillRecord[], roots: readonly SkillRoot[]): RootModel {
    const model: RootModel = new Map();
    const rootOf = new Map(roots.map((r) => [r.path, r]));
    for (const r of records) {
      if (!this.passes(isEvaluated(r) ? r.entry : undefined)) continue;
      const at = r.location.root;
      let group = model.get(at);
      if (!group) model.set(at, (group = { root: rootOf.get(at) ?? { path: at, label: at, kind: 'setting' }, categories: new Map() }));
      let files = group.categories.get(r.location.category);
      if (!files) group.categories.set(r.location.category, (files = []));
      files.push(r.file);
    }
    return model;
  }

  /** The nodes to refresh going from `a` to `b`, or undefined for everything. */
  private diffRoot(a: RootModel, b: RootModel, change: StoreChange): Node[] | undefined {
    if (!sameList([...a.keys()], [...b.keys()])) return undefined;
    const changedFiles = new Set(change.changed.map((r) => r.file));
    const out: Node[] = [];
    for (const [rootPath, group] of b) {
      const before = a.get(rootPath);
      if (!before || before.root.label !== group.root.label) return undefined;
      if (!sameList([...before.categories.keys()], [...group.categories.keys()])) {
        out.push(this.rootNode(group.root));
        continue;
      }
      for (const [category, files] of group.categories) {
        if (!sameList(before.categories.get(category) ?? [], files)) {
          out.push(this.categoryNode(group.root, category));
          continue;
        }
        for (const f of files) if (changedFiles.has(f)) out.push(this.skillNode(f));
      }
    }
    return out;
  }

  /**
   * Recompute the agent's view (it waits for the store to be idle) and refresh what differs. Requests that
   * arrive while one is under way are folded into one more run after it, so a burst of changes (the first
   * scan) costs two agent checks, not one per batch.
   */
  private requestAgentModel(store: SkillStore, everything: boolean): void {
    const running = this.agentRun;
    if (running) {
      running.again = true;
      running.everything ||= everything;
      return;
    }
    const run = { everything, again: false };
    this.agentRun = run;
    this.agentModelPending = (async (): Promise<AgentModel | null> => {
      try {
        for (;;) {
          const view = await store.agentView();
          if (this.agentRun !== run || this.store !== store || this.disposed) return null;
          if (run.again) {
            run.again = false;
            continue;
          }
          const next: AgentModel | null = view ? { def: view.agent, file: view.file, entries: view.skills, judged: view.entries } : null;
          this.applyAgentModel(next, run.everything);
          return next;
        }
      } finally {
        if (this.agentRun === run) this.agentRun = undefined;
      }
    })();
  }

  private applyAgentModel(next: AgentModel | null, everything: boolean): void {
    const previous = this.agentModel;
    this.agentModel = next;
    this.updateView();
    if (everything || !previous || !next || previous.def.id !== next.def.id || previous.entries.length !== next.entries.length) return this.fire(undefined);
    const out: Node[] = [];
    for (const [i, entry] of next.entries.entries()) {
      const before = previous.entries[i];
      const [was, is] = [previous.judged[i], next.judged[i]];
      if (!before || before.id !== entry.id || this.passes(was) !== this.passes(is)) return this.fire(undefined);
      if (fingerprint(before, was) !== fingerprint(entry, is)) out.push(this.agentSkillNode(next.def.id, i));
    }
    this.fire(out);
  }

  private async currentAgentModel(store: SkillStore): Promise<AgentModel | null> {
    if (this.agentModel !== undefined && !this.agentRun) return this.agentModel;
    if (!this.agentRun) this.requestAgentModel(store, true);
    return (await this.agentModelPending) ?? this.agentModel ?? null;
  }

  /** The prompt budgets of the runtimes that read a root (OpenClaw's), from the server's last judgement. */
  private budgets(root: string): RootBudget[] {
    return (this.store?.budgets(root) ?? []).filter((b) => b.listing || (b.budget && b.budget.candidates > 0));
  }

  /** Whether a skill so judged (undefined: not yet) is listed under the current filter. */
  private passes(entry: Entry | undefined): boolean {
    return !this.hiddenOnly || (entry !== undefined && isHidden(entry));
  }

  // ---- view state ----------------------------------------------------------------------------------

  async setGroupBy(group: GroupBy): Promise<void> {
    this.groupPreference = group;
    await this.ctx.extension.workspaceState.update(STATE_GROUP_BY, group);
    this.regroup();
  }

  async setHiddenOnly(hiddenOnly: boolean): Promise<void> {
    this.hiddenOnly = hiddenOnly;
    this.setContext('skillAuthor.hiddenOnly', hiddenOnly);
    await this.ctx.extension.workspaceState.update(STATE_HIDDEN_ONLY, hiddenOnly);
    this.regroup();
  }

  /** The grouping shown: the preferred one, unless agents were asked for and there are none. */
  get grouping(): GroupBy {
    return this.groupOf(this.store);
  }

  /** The grouping the user chose last (kept in the workspace's state). */
  get preferredGrouping(): GroupBy {
    return this.groupPreference;
  }

  get showsHiddenOnly(): boolean {
    return this.hiddenOnly;
  }

  /** The agent whose skills the view lists (agent grouping), if any. */
  get shownAgent(): string | undefined {
    return this.shownGroup === 'agent' ? this.agentModel?.def.id : undefined;
  }

  /** The context keys the view set for its menus and welcome content (`setContext` has no getter). */
  get contextKeys(): Readonly<Record<string, unknown>> {
    return { ...this.contextValues };
  }

  private regroup(): void {
    this.shownGroup = undefined;
    if (this.store) this.update(this.store, undefined);
    else this.fire(undefined);
  }

  private updateView(): void {
    const store = this.store;
    if (!store) return;
    let hidden = 0;
    let listed = 0;
    let agent: string | undefined;
    if (this.shownGroup === 'agent') {
      const model = this.agentModel;
      agent = model?.def.id;
      for (const e of model?.judged ?? []) {
        if (isHidden(e)) hidden++;
        if (this.passes(e)) listed++;
      }
    } else {
      hidden = this.hiddenInStore;
      for (const group of this.rootModel?.values() ?? []) for (const files of group.categories.values()) listed += files.length;
    }
    this.view.badge =
      hidden > 0
        ? {
            value: hidden,
            tooltip: `${hidden} skill${hidden === 1 ? '' : 's'} hidden from the model${this.shownGroup === 'agent' ? '' : ' by a runtime that reads it'}`,
          }
        : undefined;
    this.view.description = agent !== undefined ? `agent ${agent}` : '';
    const messages: string[] = [];
    if (this.hiddenOnly && listed === 0 && store.ready) messages.push('No hidden skills: the model sees every skill listed here.');
    const broken = brokenAgentsFile(store);
    if (broken) messages.push(broken);
    const unknown = this.untrustedVersions(store);
    if (unknown > 0) {
      messages.push(
        `Restricted Mode: no binary is run in an untrusted workspace, so ${unknown} version requirement${unknown === 1 ? ' is' : 's are'} unknown (an unknown version hides no skill). Trust the workspace to check ${unknown === 1 ? 'it' : 'them'}.`,
      );
    }
    this.view.message = messages.join('\n');
  }

  /** Version requirements left unknown because the workspace is not trusted, among the skills shown. */
  private untrustedVersions(store: SkillStore): number {
    if (vscode.workspace.isTrusted) return 0;
    const statuses =
      this.shownGroup === 'agent'
        ? (this.agentModel?.entries ?? []).map((e) => e.status)
        : store
            .all()
            .filter(isEvaluated)
            .map((r) => r.status);
    let n = 0;
    for (const s of statuses) n += s.missing.versions.filter((v) => v.reason === 'not_probed' && v.detail === NOT_PROBED_UNTRUSTED).length;
    return n;
  }

  private setContext(key: string, value: unknown): void {
    if (this.contextValues[key] === value) return;
    this.contextValues[key] = value;
    void vscode.commands.executeCommand('setContext', key, value);
  }

  private fire(nodes: Node[] | undefined): void {
    if (nodes && nodes.length === 0) return;
    this.changed.fire(nodes);
  }

  // ---- nodes ---------------------------------------------------------------------------------------

  private node<T extends Node>(key: string, make: () => T): T {
    let n = this.nodes.get(key) as T | undefined;
    if (!n) this.nodes.set(key, (n = make()));
    return n;
  }

  private rootNode(root: SkillRoot): RootNode {
    const key = `root:${root.path}`;
    const n = this.node(key, (): RootNode => ({ kind: 'root', key, root }));
    n.root = root;
    return n;
  }

  private categoryNode(root: SkillRoot, category: string): CategoryNode {
    const key = `category:${root.path}:${category}`;
    const n = this.node(key, (): CategoryNode => ({ kind: 'category', key, root, category }));
    n.root = root;
    return n;
  }

  private skillNode(file: string): SkillNode {
    const key = `skill:${file}`;
    return this.node(key, (): SkillNode => ({ kind: 'skill', key, file }));
  }

  private extensionsNode(root: string): ExtensionsNode {
    const key = `extensions:${root}`;
    return this.node(key, (): ExtensionsNode => ({ kind: 'extensions', key, root }));
  }

  private extensionNode(file: string): ExtensionNode {
    const key = `extension:${file}`;
    return this.node(key, (): ExtensionNode => ({ kind: 'extension', key, file }));
  }

  private agentSkillNode(agentId: string, index: number): AgentSkillNode {
    const key = `agent:${agentId}:${index}`;
    return this.node(key, (): AgentSkillNode => ({ kind: 'agentSkill', key, agentId, index }));
  }

  // ---- TreeDataProvider ----------------------------------------------------------------------------

  async getChildren(element?: Node): Promise<Node[]> {
    if (!element) {
      const store = storeOf(this.ctx);
      this.follower.attach(store);
      if (!store.ready && this.scanProgressFor !== store) {
        this.scanProgressFor = store;
        void vscode.window.withProgress({ location: { viewId: VIEW_ID } }, () => store.whenIdle());
      }
      if (this.shownGroup === 'agent') {
        const model = await this.currentAgentModel(store);
        // Regrouped while the agent's view was computed: answer for the grouping now shown.
        if (this.shownGroup !== 'agent') return this.getChildren();
        if (!model) return [];
        return model.entries.flatMap((_e, i) => (this.passes(model.judged[i]) ? [this.agentSkillNode(model.def.id, i)] : []));
      }
      this.rootModel ??= this.buildRootModel(store.all(), store.roots);
      const extensionRoots = [...new Set(store.extensions.map((x) => x.root))];
      return [...[...this.rootModel.values()].map((g) => this.rootNode(g.root)), ...extensionRoots.map((r) => this.extensionsNode(r))];
    }
    switch (element.kind) {
      case 'root':
        return [...(this.rootModel?.get(element.root.path)?.categories.keys() ?? [])].map((c) => this.categoryNode(element.root, c));
      case 'category':
        // A file the store dropped a moment ago (its change event is on the way) is already left out.
        return (this.rootModel?.get(element.root.path)?.categories.get(element.category) ?? []).filter((f) => this.store?.get(f)).map((f) => this.skillNode(f));
      case 'skill':
      case 'agentSkill': {
        const shown = this.shown(element);
        if (!shown) return [];
        // The skill's row of the matrix first (each agent runtime that reads it, side by side), then what it needs.
        const listings: Node[] = listingRows(shown).map((row) => ({ kind: 'listing', key: `${element.key}/listing:${row.runtime}`, row }));
        return [...listings, ...requirementFacts(shown).map((fact, i): Node => ({ kind: 'requirement', key: `${element.key}/${fact.kind}:${i}`, fact }))];
      }
      case 'requirement':
      case 'listing':
        return [];
      case 'extensions':
        return (this.store?.extensions ?? []).filter((x) => x.root === element.root).map((x) => this.extensionNode(x.file));
      case 'extension': {
        const x = this.extension(element.file);
        return x ? extensionFacts(x).map((fact, i) => ({ kind: 'requirement', key: `${element.key}/${fact.kind}:${i}`, fact })) : [];
      }
    }
  }

  /** The extension behind a node, as the server last judged it. */
  extension(file: string): ExtensionView | undefined {
    return this.store?.extensions.find((x) => x.file === file);
  }

  getTreeItem(element: Node): vscode.TreeItem {
    switch (element.kind) {
      case 'root': {
        const item = new vscode.TreeItem(element.root.label, vscode.TreeItemCollapsibleState.Expanded);
        item.id = element.key;
        item.iconPath = new vscode.ThemeIcon('root-folder');
        const kind = element.root.kind === 'personal' ? 'personal' : element.root.kind === 'setting' ? 'skillAuthor.roots' : '';
        // The prompt budgets of the runtimes that read this root as their skills folder (OpenClaw's).
        const budgets = this.budgets(element.root.path);
        item.description = [
          kind,
          ...budgets.map((b) => `${RUNTIME_LABELS[b.runtime]} ${b.budget ? budgetShort(b.budget) : listingBudgetShort(b.listing as ListingBudget)}`),
        ]
          .filter(Boolean)
          .join(' · ');
        item.tooltip = [
          element.root.path,
          ...budgets.map((b) =>
            b.budget
              ? `${RUNTIME_LABELS[b.runtime]}'s skills prompt: ${budgetWords(b.budget)}.`
              : `${RUNTIME_LABELS[b.runtime]}'s skills listing, started in ${b.cwd ?? '?'}: ${listingBudgetWords(RUNTIME_LABELS[b.runtime], b.listing as ListingBudget)}.`,
          ),
        ].join('\n');
        item.contextValue = 'root';
        return item;
      }
      case 'category': {
        const item = new vscode.TreeItem(element.category, vscode.TreeItemCollapsibleState.Expanded);
        item.id = element.key;
        item.iconPath = new vscode.ThemeIcon('folder');
        const n = this.rootModel?.get(element.root.path)?.categories.get(element.category)?.length ?? 0;
        item.description = `${n} skill${n === 1 ? '' : 's'}`;
        item.contextValue = 'category';
        return item;
      }
      case 'skill':
      case 'agentSkill': {
        const shown = this.shown(element);
        if (!shown) {
          const item = new vscode.TreeItem('(removed)', vscode.TreeItemCollapsibleState.None);
          item.id = element.key;
          return item;
        }
        return skillItem(element.key, shown);
      }
      case 'extensions': {
        const all = (this.store?.extensions ?? []).filter((x) => x.root === element.root);
        const started = all.filter((x) => x.boot === 'spawn').length;
        const item = new vscode.TreeItem('nexo-rs extensions', vscode.TreeItemCollapsibleState.Expanded);
        item.id = element.key;
        item.iconPath = new vscode.ThemeIcon('extensions');
        item.description = `${vscode.workspace.asRelativePath(path.join(element.root, 'extensions'), true)} · ${started} of ${all.length} started`;
        item.tooltip = `The extensions nexo-rs would discover in ${path.join(element.root, 'extensions')} when run from ${element.root}, and what it does with each at start on this machine.`;
        item.contextValue = 'extensions';
        return item;
      }
      case 'extension': {
        const x = this.extension(element.file);
        if (!x) {
          const item = new vscode.TreeItem('(removed)', vscode.TreeItemCollapsibleState.None);
          item.id = element.key;
          return item;
        }
        return extensionItem(element.key, x);
      }
      case 'listing': {
        const { row } = element;
        const item = new vscode.TreeItem(runtimeTitle(row.runtime, row.version), vscode.TreeItemCollapsibleState.None);
        item.id = element.key;
        item.description = listingRowWords(row);
        item.iconPath = listingIcon(row.cell.state);
        item.tooltip = row.cell.why ?? `${RUNTIME_LABELS[row.runtime]} lists it as ${row.cell.listed_as ?? ''}, with its whole description.`;
        item.contextValue = `listing.${row.cell.state}`;
        return item;
      }
      case 'requirement': {
        const { fact } = element;
        const item = new vscode.TreeItem(fact.label, vscode.TreeItemCollapsibleState.None);
        item.id = element.key;
        item.description = `${fact.kind} · ${fact.detail}`;
        item.iconPath = requirementIcon(fact.ok);
        item.tooltip = `${mark(fact.ok)} ${fact.kind} ${fact.label}: ${fact.detail}`;
        item.contextValue = `requirement.${fact.kind}`;
        return item;
      }
    }
  }

  resolveTreeItem(item: vscode.TreeItem, element: Node): vscode.TreeItem {
    if (element.kind === 'skill' || element.kind === 'agentSkill') {
      const shown = this.shown(element);
      if (shown) item.tooltip = skillTooltip(shown);
    }
    return item;
  }

  /** The skill behind a node, as shown now. */
  shown(node: Node): ShownSkill | undefined {
    if (node.kind === 'skill') {
      const r = this.store?.get(node.file);
      return r ? shownRecord(r) : undefined;
    }
    if (node.kind === 'agentSkill') {
      const model = this.agentModel;
      const entry = model && model.def.id === node.agentId ? model.entries[node.index] : undefined;
      return model && entry
        ? { skill: entry, probing: false, evaluated: true, entry: model.judged[node.index], agent: { def: model.def, file: model.file } }
        : undefined;
    }
    return undefined;
  }

  /**
   * The skill an item command is about: a node (view menus), an item's URI (`…/SKILL.md`, or with
   * `?agent=<id>` for an agent's entry), or, with neither, the active editor's SKILL.md.
   */
  async target(arg: unknown): Promise<ShownSkill | undefined> {
    if (isNode(arg)) return this.shown(arg);
    const uri = targetUri(arg);
    if (!uri) return undefined;
    const file = uri.fsPath;
    const store = storeOf(this.ctx);
    this.follower.attach(store);
    const agentId = uri.query ? new URLSearchParams(uri.query).get('agent') : null;
    if (agentId) {
      const view = await store.agentView(agentId);
      const i = view ? view.skills.findIndex((s) => path.resolve(s.location.file) === path.resolve(file)) : -1;
      const entry = view?.skills[i];
      return view && entry ? { skill: entry, probing: false, evaluated: true, entry: view.entries[i], agent: { def: view.agent, file: view.file } } : undefined;
    }
    await store.whenIdle();
    const record = store.get(file);
    return record ? shownRecord(record) : undefined;
  }

  /** The SKILL.md an item command is about (same arguments as `target`), without waiting for any check. */
  fileOf(arg: unknown): string | undefined {
    if (isNode(arg)) return arg.kind === 'skill' ? arg.file : this.shown(arg)?.skill.location.file;
    return targetUri(arg)?.fsPath;
  }

  /** The missing-dependencies report for a skill (see `missingReport`). */
  report(shown: ShownSkill): string {
    return missingReport(shown);
  }

  dispose(): void {
    this.disposed = true;
    for (const d of this.subscriptions.splice(0)) d.dispose();
  }
}

function isNode(arg: unknown): arg is Node {
  return !!arg && typeof arg === 'object' && 'kind' in arg && 'key' in arg;
}

/** A SKILL.md URI from an item URI (query kept), a skill folder, a string, or the active editor. */
function targetUri(arg: unknown): vscode.Uri | undefined {
  const uri = arg instanceof vscode.Uri ? arg : typeof arg === 'string' ? vscode.Uri.parse(arg) : vscode.window.activeTextEditor?.document.uri;
  if (!uri || uri.scheme !== 'file') return undefined;
  return path.basename(uri.fsPath) === 'SKILL.md' ? uri : uri.with({ path: path.posix.join(uri.path, 'SKILL.md') });
}

// ---- what an item says ---------------------------------------------------------------------------------

function shownRecord(r: SkillRecord): ShownSkill {
  const evaluated = isEvaluated(r);
  return { skill: r, probing: r.probing, evaluated, entry: evaluated ? r.entry : undefined };
}

/** Hidden: a runtime that reads the skill keeps it from the model (a banner or a setup request still
 *  shows it). */
export function isHidden(entry: Entry | undefined): boolean {
  return entry !== undefined && isHiddenVerdict(entry.verdict);
}

function fingerprint(s: SkillView, entry: Entry | undefined): string {
  return JSON.stringify([s.location.file, s.status, entry, s.name, s.displayName, s.description]);
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** The skill's name as `check --json` reports it. */
export function skillName(s: SkillView): string {
  return s.name;
}

function shortDescription(text: string): string {
  const one = text.replace(/\s+/g, ' ').trim();
  return one.length > DESCRIPTION_MAX ? `${one.slice(0, DESCRIPTION_MAX - 1).trimEnd()}…` : one;
}

function skillItem(key: string, shown: ShownSkill): vscode.TreeItem {
  const { skill, agent, entry } = shown;
  const notFound = skill.status.verdict === 'not_found';
  const hasChildren = requirementFacts(shown).length > 0 || listingRows(shown).length > 0;
  const item = new vscode.TreeItem(
    notFound ? skill.id : skillName(skill),
    hasChildren ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None,
  );
  item.id = key;
  item.description = notFound ? `not found in ${path.basename(agent?.def.skillsDir ?? '') || 'skills_dir'}` : shortDescription(skill.description);
  if (shown.probing || !entry) item.iconPath = new vscode.ThemeIcon('loading~spin');
  else item.iconPath = verdictIcon(entry.color);
  item.resourceUri = agent ? agentUri(skill.location.file, agent.def.id) : vscode.Uri.file(skill.location.file);
  if (notFound) {
    item.contextValue = 'missingSkill';
  } else {
    item.contextValue = `skill.${entry ? entry.verdict : 'checking'}`;
    item.command = { command: 'skillAuthor.tree.open', title: 'Open SKILL.md', arguments: [item.resourceUri] };
  }
  return item;
}

const VERDICT_ICONS = { green: 'pass-filled', amber: 'warning', red: 'error' } as const;

function verdictIcon(color: Entry['color']): vscode.ThemeIcon {
  return new vscode.ThemeIcon(VERDICT_ICONS[color], new vscode.ThemeColor(THEME_COLORS[color]));
}

function requirementIcon(ok: boolean | null | undefined): vscode.ThemeIcon {
  if (ok === undefined) return new vscode.ThemeIcon('loading~spin');
  if (ok === null) return new vscode.ThemeIcon('question');
  return ok ? new vscode.ThemeIcon('check', new vscode.ThemeColor(THEME_COLORS.green)) : new vscode.ThemeIcon('close', new vscode.ThemeColor(THEME_COLORS.red));
}

function mark(ok: boolean | null | undefined): string {
  return ok === true ? '✓' : ok === false ? '✗' : ok === null ? '?' : '…';
}

/** One agent runtime's listing of a skill. */
interface ListingRow {
  runtime: RuntimeId;
  version?: string;
  cell: MatrixCell;
}

/** A skill's row of the matrix: how each agent runtime that judged it lists it — when two or more did (a skill
 *  in a shared folder such as .agents/skills or .claude/skills); one runtime's verdict is the item's own. */
function listingRows(shown: ShownSkill): ListingRow[] {
  const rows = (shown.entry?.runtimes ?? []).filter((r) => r.listing !== undefined);
  return rows.length >= 2
    ? rows.map((r) => ({ runtime: r.runtime, ...(r.runtime_version ? { version: r.runtime_version } : {}), cell: cellOf(r, r.runtime) }))
    : [];
}

/** `full`, `cut · as deploy`, `shadowed`: the state, and the name as listed where the state has one. */
function listingRowWords(row: ListingRow): string {
  const words = matrixWords(row.cell.state);
  return row.cell.listed_as && row.cell.state !== 'full'
    ? `${words} · as ${row.cell.listed_as}`
    : row.cell.listed_as
      ? `${words} · ${row.cell.listed_as}`
      : words;
}

function listingIcon(state: MatrixCell['state']): vscode.ThemeIcon {
  if (state === 'not_read') return new vscode.ThemeIcon('circle-slash');
  const sev = matrixSeverity(state);
  return verdictIcon(sev === 0 ? 'green' : sev === 1 ? 'amber' : 'red');
}

/** Whether nexo-rs judges the skill (its `requires` gate, mode and banner are then shown). */
function nexoApplies(shown: ShownSkill): boolean {
  return !!shown.agent || !!shown.entry?.runtimes.some((r) => r.runtime === 'nexo');
}

/**
 * Every requirement with what this machine has for it: nexo-rs's `requires` as it checked them (declared
 * order: bins, env, versions), then what each other runtime that applies found missing, in its own lists.
 */
export function requirementFacts(shown: ShownSkill): RequirementFact[] {
  const { status, requires: req } = shown.skill;
  if (!shown.evaluated || !shown.entry) {
    return [
      ...req.bins.map((name): RequirementFact => ({ kind: 'bin', ok: undefined, label: name, detail: 'checking…' })),
      ...req.env.map((name): RequirementFact => ({ kind: 'env', ok: undefined, label: name, detail: 'checking…' })),
      ...req.versions.map((v): RequirementFact => ({ kind: 'version', ok: undefined, label: `${v.bin} ${v.constraint}`, detail: 'checking…' })),
    ];
  }
  const facts: RequirementFact[] = [];
  if (nexoApplies(shown)) {
    facts.push(
      ...status.bins.map((b): RequirementFact => ({
        kind: 'bin',
        ok: b.found,
        label: b.name,
        detail: b.found ? (b.path ?? 'blank name: the runtime skips it') : 'not found on PATH',
      })),
      ...status.env.map((e): RequirementFact => ({ kind: 'env', ok: e.set, label: e.name, detail: e.set ? 'set' : 'unset' })),
      ...status.versions.map((v): RequirementFact => ({
        kind: 'version',
        ok: v.ok ? true : v.reason === 'not_probed' ? null : false,
        label: `${v.bin} ${v.required}`,
        detail: versionFact(v),
      })),
    );
  }
  for (const r of shown.entry.runtimes) {
    if (r.runtime === 'nexo') continue;
    const who = RUNTIME_LABELS[r.runtime];
    const m = r.missing;
    // The installer the runtime offers for a missing binary: "`brew install gh` would provide it".
    const offer = (bins: readonly string[]): string => {
      const hint = r.install?.find((h) => h.bins.length === 0 || h.bins.some((b) => bins.includes(b)));
      return hint ? ` · "${hint.command}" would provide it` : '';
    };
    for (const b of m.bins ?? []) facts.push({ kind: 'bin', ok: false, label: b, detail: `not found on PATH (${who})${offer([b])}` });
    if (m.anyBins?.length)
      facts.push({ kind: 'bin', ok: false, label: m.anyBins.join(' | '), detail: `none of them on PATH (${who} needs one)${offer(m.anyBins)}` });
    for (const e of m.env ?? []) facts.push({ kind: 'env', ok: false, label: e, detail: `unset (${who})` });
    for (const f of m.files ?? []) facts.push({ kind: 'file', ok: false, label: f, detail: `missing (${who})` });
    for (const c of m.config ?? []) facts.push({ kind: 'config', ok: false, label: c, detail: `not set in the configuration (${who})` });
    if (m.os?.length) facts.push({ kind: 'os', ok: false, label: m.os.join(', '), detail: `not this system, ${process.platform} (${who})` });
  }
  return facts;
}

/** How the gating mode was decided, for people. */
export function modeWhy(shown: ShownSkill): string {
  const s = shown.skill.status;
  if (s.modeSource === 'override') return `${s.mode}: set by agent ${shown.agent?.def.id ?? '?'}'s skill_overrides (an override beats the frontmatter)`;
  if (s.modeSource === 'frontmatter') return `${s.mode}: from requires.mode in the frontmatter`;
  return `${s.mode}: the default (no requires.mode the runtime reads)`;
}

/** Where an agent looked for a skill it lists (runtime order). */
export function lookedIn(shown: ShownSkill): string[] {
  const dir = shown.agent?.def.skillsDir;
  return dir ? [path.join(dir, '__global__', shown.skill.id, 'SKILL.md'), path.join(dir, shown.skill.id, 'SKILL.md')] : [];
}

/** Skill text in markdown, as text: nothing from a skill file becomes markup, links or HTML. */
function esc(s: string): string {
  return s.replace(/[\\`*_{}[\]()#+!|<>~&$-]/g, '\\$&');
}

function skillTooltip(shown: ShownSkill): vscode.MarkdownString {
  const { skill, agent, entry } = shown;
  const status = skill.status;
  const lines: string[] = [];
  const notFound = status.verdict === 'not_found';
  lines.push(`**${esc(notFound ? skill.id : skillName(skill))}** · ${esc(skill.location.category)}/${esc(skill.id)}`);
  if (skill.description) lines.push('', esc(skill.description.replace(/\s+/g, ' ')));
  lines.push('');
  const nexo = nexoApplies(shown);
  if (shown.probing || !entry) {
    lines.push(entry ? `Checking again… (last verdict: ${esc(RUNTIME_LABELS[entry.runtime])}: ${esc(verdictWords(entry, entry.mode))})` : 'Checking…');
  } else {
    // The verdict that speaks for the skill (its worst runtime's), then each runtime's own.
    lines.push(`**${esc(RUNTIME_LABELS[entry.runtime])}: ${esc(verdictLabel(leadFacts(entry), entry.mode))}** (verdict \`${entry.verdict}\`)`);
    const only = entry.runtimes.length === 1 ? entry.runtimes[0] : undefined;
    if (only) {
      if (only.reasons.length) lines.push('', esc(only.reasons.join(' ')));
      if (!agent && only.applies_because) lines.push('', `_Judged for ${esc(RUNTIME_LABELS[only.runtime])}: ${esc(only.applies_because)}._`);
    } else {
      const rows = listingRows(shown);
      if (rows.length) {
        lines.push('', '| Agent runtime | Lists it | As |', '| --- | --- | --- |');
        for (const row of rows)
          lines.push(
            `| ${esc(runtimeTitle(row.runtime, row.version))} | ${esc(matrixWords(row.cell.state))} | ${row.cell.listed_as ? esc(row.cell.listed_as) : ''} |`,
          );
      }
      lines.push('', 'Runtimes:', '');
      for (const r of entry.runtimes) {
        const reasons = r.reasons.join(' ');
        lines.push(
          `- ${esc(runtimeTitle(r.runtime, r.runtime_version))}: **${esc(verdictWords(r, r.runtime === 'nexo' ? entry.mode : undefined))}**${reasons ? ` — ${esc(reasons)}` : ''}${r.applies_because ? ` _(applies: ${esc(r.applies_because)})_` : ''}`,
        );
      }
    }
    // "Every requirement is met" counts only what was checked: say which versions were not, and why.
    const unknown = nexo ? status.missing.versions.filter((v) => v.reason === 'not_probed') : [];
    if (unknown.length > 0) {
      lines.push(
        '',
        `Version${unknown.length === 1 ? '' : 's'} not checked (an unknown version hides nothing): ${unknown.map((v) => `${esc(v.bin)} (${esc(v.detail ?? 'not probed')})`).join(', ')}`,
      );
    }
  }
  if (agent) lines.push('', `Agent: ${esc(agent.def.id)} (${esc(vscode.workspace.asRelativePath(agent.file, false))})`);
  if (notFound) {
    lines.push('', `Listed by agent ${esc(agent?.def.id ?? '?')}, but no SKILL.md exists in its skills_dir. The runtime looked for:`, '');
    for (const p of lookedIn(shown)) lines.push(`- ${esc(p)}`);
  } else if (entry) {
    if (nexo) lines.push('', `Mode (nexo-rs): ${esc(modeWhy(shown))}`);
    const facts = requirementFacts(shown);
    lines.push('', facts.length ? 'Requirements:' : 'Requirements: none', '');
    for (const f of facts) lines.push(`- ${mark(f.ok)} ${f.kind} ${esc(f.label)}: ${esc(f.detail)}`);
    const errors = entry.diagnostics.filter((d) => d.severity === 'error').length;
    const warnings = entry.diagnostics.filter((d) => d.severity === 'warning').length;
    if (errors + warnings > 0) lines.push('', `Problems: ${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}`);
    // The versions the verdicts speak for.
    const versions = entry.runtimes.filter((r) => r.runtime_version !== undefined).map((r) => runtimeTitle(r.runtime, r.runtime_version));
    if (versions.length) lines.push('', `_Judged by ${esc(versions.join(', '))}._`);
  }
  lines.push('', esc(vscode.workspace.asRelativePath(skill.location.file, false)));
  return new vscode.MarkdownString(lines.join('\n'));
}

/** The missing-dependencies report (plain text) copied by "Copy Missing-Dependencies Report". */
export function missingReport(shown: ShownSkill): string {
  const { skill, agent, entry } = shown;
  const s = skill.status;
  const lines: string[] = [`Skill: ${skill.id}`, `File: ${vscode.workspace.asRelativePath(skill.location.file, false)}`];
  if (agent) lines.push(`Agent: ${agent.def.id} (${vscode.workspace.asRelativePath(agent.file, false)})`);
  if (!shown.evaluated || !entry) return [...lines, 'Verdict: not known yet (still checking)'].join('\n') + '\n';
  if (s.verdict === 'not_found') {
    lines.push(`Verdict: not_found: ${s.summary}`, 'Looked for:', ...lookedIn(shown).map((p) => `  - ${p}`));
    return lines.join('\n') + '\n';
  }
  for (const r of entry.runtimes) {
    const nexo = r.runtime === 'nexo';
    lines.push(`${entry.runtimes.length > 1 ? `${RUNTIME_LABELS[r.runtime]}: ` : ''}Verdict: ${r.verdict}: ${nexo ? s.summary : r.reasons.join(' ')}`);
    if (nexo) lines.push(`Mode: ${modeWhy(shown)}`);
    const missing: string[] = [];
    if (nexo) {
      for (const f of missingFacts(s.missing)) missing.push(`  - ${f.kind} ${f.label}: ${f.detail}`);
    } else {
      const text = missingText(r.missing);
      if (text) missing.push(...text.split('; ').map((t) => `  - ${t}`));
    }
    lines.push(missing.length ? 'Missing:' : 'Missing: nothing', ...missing);
  }
  return lines.join('\n') + '\n';
}

// ---- nexo-rs extensions --------------------------------------------------------------------------------

/** What the agent does with an extension at start, in a few words. */
const BOOT_SHORT: Record<ExtensionView['boot'], string> = {
  spawn: 'started',
  skipped_requires: 'skipped at start: requirements missing',
  not_started: 'never started (not stdio)',
  invalid: 'not loaded: invalid manifest',
  duplicate: 'not loaded: duplicate id',
  not_found: 'never discovered',
};

/** Why the agent's `config/extensions.yaml` keeps an extension from starting, in a few words. */
const EXCLUDED_SHORT: Record<NonNullable<ExtensionView['excludedBy']>, string> = {
  config_refused: 'never started: configuration refused',
  system_disabled: 'never started: extensions disabled',
  disabled: 'never started: disabled in config',
  not_allowlisted: 'never started: not in allowlist',
};

/** An extension's missing bins and env, and the declared variables the secret filter strips. */
export function extensionFacts(x: ExtensionView): RequirementFact[] {
  return [
    ...x.missing.bins.map((b): RequirementFact => ({ kind: 'bin', ok: false, label: b, detail: 'not a file in any $PATH folder' })),
    ...x.missing.env.map((e): RequirementFact => ({ kind: 'env', ok: false, label: e, detail: 'unset or empty' })),
    ...x.envStripped.map((s): RequirementFact => ({ kind: 'env', ok: false, label: s.name, detail: `stripped by the secret filter (${s.rule})` })),
  ];
}

function extensionItem(key: string, x: ExtensionView): vscode.TreeItem {
  const facts = extensionFacts(x);
  const item = new vscode.TreeItem(
    x.id ?? path.basename(path.dirname(x.file)),
    facts.length ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.None,
  );
  item.id = key;
  item.description = x.excludedBy
    ? EXCLUDED_SHORT[x.excludedBy]
    : x.boot === 'invalid' && x.error
      ? `${BOOT_SHORT.invalid} (${x.error.variant})`
      : BOOT_SHORT[x.boot];
  // Green only for an extension the agent starts; whatever keeps its tools from existing is red.
  item.iconPath = verdictIcon(x.boot === 'spawn' ? 'green' : 'red');
  item.resourceUri = vscode.Uri.file(x.file);
  item.tooltip = extensionTooltip(x);
  item.contextValue = `extension.${x.boot}`;
  item.command = { command: 'vscode.open', title: 'Open plugin.toml', arguments: [item.resourceUri] };
  return item;
}

export function extensionTooltip(x: ExtensionView): vscode.MarkdownString {
  const lines = [
    `**${esc(x.id ?? path.basename(path.dirname(x.file)))}** · nexo-rs extension`,
    '',
    `**nexo-rs at start: ${esc(BOOT_SHORT[x.boot])}** (\`${x.boot}\`)`,
    '',
    esc(x.reason),
  ];
  if (x.error) lines.push('', `${esc(x.error.variant)}: ${esc(x.error.message)}`);
  if (x.missing.bins.length) lines.push('', `Missing bins: ${x.missing.bins.map(esc).join(', ')}`);
  if (x.missing.env.length) lines.push('', `Missing env: ${x.missing.env.map(esc).join(', ')}`);
  if (x.envStripped.length) {
    lines.push('', "Stripped by the secret filter (declared in `requires.env`, never received by the extension's process):", '');
    for (const s of x.envStripped) lines.push(`- ${esc(s.name)}: ${esc(s.rule)}`);
  }
  if (x.received) lines.push('', esc(x.received.message));
  lines.push('', `_Judged by ${esc(runtimeTitle('nexo', x.runtimeVersion))}._`);
  lines.push('', esc(vscode.workspace.asRelativePath(x.file, false)));
  return new vscode.MarkdownString(lines.join('\n'));
}

export function register(ctx: SkillAuthorContext): vscode.Disposable {
  const tree = new SkillsTree(ctx);
  ctx.provide(TREE, tree);
  return tree;
}
