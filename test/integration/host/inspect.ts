// What the integration tests read of the extension that VS Code has no API for: the Skills view's items as
// the view gets them, the explorer decorations and which URIs were announced, the language status items,
// and a few figures for the benchmark. Built into the test host only (host/extension.ts), never into the
// product bundle: everything here reads the features' public surface through the one context.
import * as vscode from 'vscode';
import type { SkillAuthorContext } from '../../../src/extension/context';
import { colorId, DECORATIONS } from '../../../src/extension/decorations';
import { type GroupBy, type SkillsTree, STATE_GROUP_BY, STATE_HIDDEN_ONLY, TREE } from '../../../src/extension/tree';
import { LANGUAGE_STATUS } from '../../../src/extension/languageStatus';
import { type Check, clientOf } from '../../../src/extension/client';
import { existingStore } from '../../../src/extension/skills';

export interface SnapshotItem {
  id: string | undefined;
  label: string;
  description: string | undefined;
  icon: { id: string; color: string | undefined } | undefined;
  tooltip: string | undefined;
  contextValue: string | undefined;
  resourceUri: string | undefined;
  command: { command: string; arguments: string[] } | undefined;
  collapsible: 'none' | 'collapsed' | 'expanded';
  children: SnapshotItem[];
}

export interface TreeSnapshot {
  visible: boolean;
  groupBy: GroupBy;
  groupByPreference: GroupBy;
  hiddenOnly: boolean;
  persisted: { groupBy: unknown; hiddenOnly: unknown };
  context: Record<string, unknown>;
  agent: string | undefined;
  description: string | undefined;
  message: string | undefined;
  badge: { value: number; tooltip: string } | undefined;
  /** The view's refresh events since activation (the most recent 100): which items, or all. */
  refreshes: Array<{ seq: number; keys: string[] | 'all' }>;
  items: SnapshotItem[];
}

/** What the language status item shows. */
export interface LanguageStatusState {
  text: string;
  detail: string;
  severity: vscode.LanguageStatusSeverity;
  busy: boolean;
  /** The SKILL.md the item describes, or null when the active editor holds none. */
  file: string | null;
  /** The item's link: the preview command and its argument (the SKILL.md path). */
  command: { command: string; arguments: unknown[] } | null;
  /** The runtimes item: which runtimes judge the skill, and why. */
  runtimes: { text: string; detail: string };
}

export interface DecorationsState {
  /** The batches of URIs announced as changed since activation (the most recent 100). */
  fired: Array<{ seq: number; uris: string[] }>;
  decorations: Array<{ uri: string; badge?: string | undefined; tooltip?: string | undefined; color?: string | undefined; propagate?: boolean | undefined }>;
}

export interface Stats {
  activationMs: number;
  /** The language server's latest check of an open SKILL.md: which version, and its analysis time. */
  lastCheck: { uri: string; version: number; ms: number } | null;
  /** The latest check of each open SKILL.md, by URI. */
  checks: Record<string, { version: number; ms: number; lateMs: number; at: number }>;
  skills: number | null;
}

export interface Inspector {
  treeSnapshot(): Promise<TreeSnapshot>;
  fileDecorations(uris?: string[]): Promise<DecorationsState>;
  languageStatus(): LanguageStatusState;
  stats(): Stats;
}

const KEPT = 100;

function need<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`the extension registered no ${what}`);
  return value;
}

/** Starts recording at once (the view's refreshes, the decorations announced): call it right after start. */
export function createInspector(ctx: SkillAuthorContext): Inspector {
  const refreshes: TreeSnapshot['refreshes'] = [];
  const fired: DecorationsState['fired'] = [];
  let seq = 0;
  const tree = need(ctx.peek(TREE), 'Skills view');
  const decorations = need(ctx.peek(DECORATIONS), 'explorer decorations');
  const status = need(ctx.peek(LANGUAGE_STATUS), 'language status');
  ctx.track(
    tree.onDidChangeTreeData((nodes) => {
      const list = nodes === undefined ? undefined : Array.isArray(nodes) ? nodes : [nodes];
      refreshes.push({ seq: ++seq, keys: list ? list.map((n) => n.key) : 'all' });
      if (refreshes.length > KEPT) refreshes.shift();
    }),
  );
  let lastCheck: Check | undefined;
  const checks: Stats['checks'] = {};
  const client = clientOf(ctx);
  if (client)
    ctx.track(
      client.onDidCheck((c) => {
        lastCheck = c;
        checks[c.uri] = { version: c.version, ms: c.ms, lateMs: c.lateMs ?? 0, at: performance.now() };
      }),
    );
  let firedSeq = 0;
  ctx.track(
    decorations.onDidChangeFileDecorations((uris) => {
      fired.push({ seq: ++firedSeq, uris: uris.map((u) => u.toString()) });
      if (fired.length > KEPT) fired.shift();
    }),
  );
  return {
    treeSnapshot: () => snapshot(ctx, tree, refreshes),
    fileDecorations: async (uris = []) => ({
      fired: fired.map((f) => ({ ...f, uris: [...f.uris] })),
      decorations: await Promise.all(
        uris.map(async (u) => {
          const d = await decorations.provideFileDecoration(vscode.Uri.parse(u));
          return d ? { uri: u, badge: d.badge, tooltip: d.tooltip, color: colorId(d.color), propagate: d.propagate } : { uri: u };
        }),
      ),
    }),
    languageStatus: () => {
      const c = status.item.command;
      return {
        text: status.item.text,
        detail: status.item.detail ?? '',
        severity: status.item.severity,
        busy: status.item.busy,
        file: status.file ?? null,
        command: c ? { command: c.command, arguments: c.arguments ?? [] } : null,
        runtimes: { text: status.runtimesItem.text, detail: status.runtimesItem.detail ?? '' },
      };
    },
    stats: () => {
      const c = lastCheck;
      return {
        activationMs: ctx.activationMs,
        lastCheck: c ? { uri: c.uri, version: c.version, ms: c.ms } : null,
        checks: { ...checks },
        skills: existingStore(ctx)?.all().length ?? null,
      };
    },
  };
}

/** The view's items as VS Code gets them (getChildren → getTreeItem → resolveTreeItem), as plain JSON. */
async function snapshot(ctx: SkillAuthorContext, tree: SkillsTree, refreshes: TreeSnapshot['refreshes']): Promise<TreeSnapshot> {
  type Node = Parameters<SkillsTree['getTreeItem']>[0];
  const walk = async (parent?: Node): Promise<SnapshotItem[]> => {
    const out: SnapshotItem[] = [];
    for (const node of await tree.getChildren(parent)) {
      const item = await tree.resolveTreeItem(tree.getTreeItem(node), node);
      const icon = item.iconPath instanceof vscode.ThemeIcon ? { id: item.iconPath.id, color: colorId(item.iconPath.color) } : undefined;
      out.push({
        id: item.id,
        label: typeof item.label === 'string' ? item.label : (item.label?.label ?? ''),
        description: typeof item.description === 'string' ? item.description : undefined,
        icon,
        tooltip: item.tooltip instanceof vscode.MarkdownString ? item.tooltip.value : item.tooltip,
        contextValue: item.contextValue,
        resourceUri: item.resourceUri?.toString(),
        command: item.command ? { command: item.command.command, arguments: (item.command.arguments ?? []).map(String) } : undefined,
        collapsible:
          item.collapsibleState === vscode.TreeItemCollapsibleState.Expanded
            ? 'expanded'
            : item.collapsibleState === vscode.TreeItemCollapsibleState.Collapsed
              ? 'collapsed'
              : 'none',
        children: item.collapsibleState ? await walk(node) : [],
      });
    }
    return out;
  };
  const items = await walk();
  const badge = tree.view.badge;
  const state = ctx.extension.workspaceState;
  return {
    visible: tree.view.visible,
    groupBy: tree.grouping,
    groupByPreference: tree.preferredGrouping,
    hiddenOnly: tree.showsHiddenOnly,
    persisted: { groupBy: state.get(STATE_GROUP_BY), hiddenOnly: state.get(STATE_HIDDEN_ONLY) },
    context: { ...tree.contextKeys },
    agent: tree.shownAgent,
    description: tree.view.description,
    message: tree.view.message,
    badge: badge ? { value: badge.value, tooltip: badge.tooltip } : undefined,
    refreshes: refreshes.map((r) => ({ seq: r.seq, keys: r.keys === 'all' ? 'all' : [...r.keys] })),
    items,
  };
}
