// Explorer decorations: every SKILL.md, and the skill folder holding it, gets the colour of the verdict that
// speaks for it — its worst runtime's, as `check` reports it — and a one-character badge (✓ loaded, ! loaded
// with a banner, needing setup or with errors, ✗ a runtime that reads it keeps it from the model), with that
// runtime's reasons as the tooltip. The Skills view's items carry the same SKILL.md URIs, so they get the
// same decoration; its agent items use the URI with `?agent=<id>` and get the verdict that agent applies
// (its `skill_overrides` may differ from the file's own mode).
//
// Only the skill folder itself is decorated (`propagate: false`): a category folder holding a hidden skill
// is not hidden. Decorations follow the store: each batch of changes re-announces only the URIs of the skills
// in it (a rescan, `all`, re-announces every skill). A skill whose first evaluation has not finished gets no
// decoration yet, rather than a green it has not earned.
//
// The provider never scans on its own account for folders; it creates the store (and so the scan) only when
// the explorer shows a SKILL.md, which is when its decoration is wanted. Otherwise it attaches to the store
// when another feature creates it.
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { Entry } from '../core/check/entry';
import { RUNTIME_LABELS } from '../core/runtimes/registry';
import type { Color } from '../core/types';
import { type SkillAuthorContext, Slot } from './context';
import { isEvaluated, type SkillStore, type StoreChange, StoreFollower, storeOf } from './skills';

/** One colour per verdict colour, shared by the explorer, the view's icons and its labels. */
export const THEME_COLORS: Readonly<Record<Color, string>> = {
  green: 'testing.iconPassed',
  amber: 'list.warningForeground',
  red: 'list.errorForeground',
};

export const BADGES: Readonly<Record<Color, string>> = { green: '✓', amber: '!', red: '✗' };

/** The agent whose view an item URI shows (`…/SKILL.md?agent=kate`), if any. */
export function agentOfUri(uri: vscode.Uri): string | undefined {
  return uri.query ? (new URLSearchParams(uri.query).get('agent') ?? undefined) : undefined;
}

export function agentUri(file: string, agentId: string): vscode.Uri {
  return vscode.Uri.file(file).with({ query: new URLSearchParams({ agent: agentId }).toString() });
}

/** The skill's decoration: the colour of the verdict that speaks for it (its worst runtime's), and that
 *  runtime's reasons. */
export function decorationFor(entry: Entry): vscode.FileDecoration {
  const reasons = entry.runtimes.find((r) => r.runtime === entry.runtime)?.reasons.join(' ') ?? '';
  const d = new vscode.FileDecoration(
    BADGES[entry.color],
    `Skill Author: ${RUNTIME_LABELS[entry.runtime]}: ${reasons}`,
    new vscode.ThemeColor(THEME_COLORS[entry.color]),
  );
  d.propagate = false;
  return d;
}

/** The explorer decorations, provided when its feature registers. */
export const DECORATIONS = new Slot<SkillDecorations>('explorer decorations');

export class SkillDecorations implements vscode.FileDecorationProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.Uri[]>();
  readonly onDidChangeFileDecorations: vscode.Event<vscode.Uri[]> = this.changed.event;
  private readonly subscriptions: vscode.Disposable[] = [];
  private store: SkillStore | undefined;
  private creating = false;
  private disposed = false;
  /** Agent item URIs asked about, by string: re-announced when their skill (or everything) changes. */
  private readonly agentUris = new Map<string, vscode.Uri>();

  constructor(private readonly ctx: SkillAuthorContext) {
    this.subscriptions.push(
      this.changed,
      vscode.window.registerFileDecorationProvider(this),
      new StoreFollower(ctx, (store, change) => {
        this.store = store;
        if (change) this.onStoreChange(store, change);
      }),
    );
  }

  provideFileDecoration(uri: vscode.Uri): vscode.ProviderResult<vscode.FileDecoration> {
    if (uri.scheme !== 'file') return undefined;
    const store = this.store;
    if (!store) {
      if (path.basename(uri.fsPath) === 'SKILL.md' && !this.creating) {
        // Not while VS Code waits on this call: the store announces every skill once it has them.
        this.creating = true;
        setTimeout(() => {
          if (!this.disposed) void storeOf(this.ctx);
        }, 0);
      }
      return undefined;
    }
    const agent = agentOfUri(uri);
    if (agent !== undefined) {
      this.agentUris.set(uri.toString(), uri);
      return store.agentView(agent).then((view) => {
        const i = view ? view.skills.findIndex((s) => path.resolve(s.location.file) === uri.fsPath) : -1;
        const entry = view?.entries[i];
        return entry ? decorationFor(entry) : undefined;
      });
    }
    const record = path.basename(uri.fsPath) === 'SKILL.md' ? store.get(uri.fsPath) : store.forDir(uri.fsPath);
    return record?.entry && isEvaluated(record) ? decorationFor(record.entry) : undefined;
  }

  private onStoreChange(store: SkillStore, change: StoreChange): void {
    const files = new Set([...(change.all ? store.all() : change.changed).map((r) => r.file), ...change.removed]);
    const uris: vscode.Uri[] = [];
    for (const f of files) uris.push(vscode.Uri.file(f), vscode.Uri.file(path.dirname(f)));
    for (const uri of this.agentUris.values()) if (change.all || files.has(uri.fsPath)) uris.push(uri);
    if (uris.length === 0) return;
    this.changed.fire(uris);
  }

  dispose(): void {
    this.disposed = true;
    for (const d of this.subscriptions.splice(0)) d.dispose();
  }
}

export function register(ctx: SkillAuthorContext): vscode.Disposable {
  const decorations = new SkillDecorations(ctx);
  ctx.provide(DECORATIONS, decorations);
  return decorations;
}

/** A ThemeColor's id (public since VS Code 1.93; @types/vscode 1.90 does not declare it). */
export function colorId(color: vscode.ThemeColor | undefined): string | undefined {
  return (color as { id?: string } | undefined)?.id;
}
