// Findings in the Problems panel come from the language server (client.ts): an open SKILL.md's from the
// editor's text after each edit, every other SKILL.md's from its model of the skill roots (the
// `skillAuthor.diagnostics.background` setting). This file keeps them honest when files go:
//
// No finding may outlive both its file and its editor. The findings of a SKILL.md deleted or moved away on
// disk stay while a tab shows it (VS Code's own rule for TypeScript: the editor still shows the text they
// point into) and go when the last such tab closes — or at once when none shows it, even though VS Code keeps
// its document open in the extension host for minutes (with no close event) after the editor closed, so the
// server is not told either. Deletions come from a file watcher (folders included: `rm -r`, `git checkout`, a
// rename), closed tabs from `tabGroups.onDidChangeTabs`; what the server publishes later for such a file is
// filtered on arrival (client.ts `shown`).
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { SkillAuthorContext } from './context';
import { isOrphaned } from './documents';
import { clientOf } from './client';

/** Deletions reported within this time are handled together (a folder removed file by file). */
const DELETE_BATCH_MS = 50;

class DeletedFiles implements vscode.Disposable {
  private readonly subscriptions: vscode.Disposable[] = [];
  /** Deletions of anything in the workspace (a SKILL.md, or a folder holding some). */
  private readonly deletions = vscode.workspace.createFileSystemWatcher('**/*', true, true, false);
  private readonly deleted = new Set<string>();
  private deleteTimer: NodeJS.Timeout | undefined;

  constructor(private readonly ctx: SkillAuthorContext) {
    this.subscriptions.push(
      // The last tab of a file deleted meanwhile: its findings go with it.
      vscode.window.tabGroups.onDidChangeTabs((e) => {
        const collection = this.collection();
        if (!collection) return;
        for (const tab of e.closed) {
          const input = tab.input;
          const uris = input instanceof vscode.TabInputText ? [input.uri] : input instanceof vscode.TabInputTextDiff ? [input.original, input.modified] : [];
          for (const uri of uris) if (collection.has(uri) && isOrphaned(uri)) collection.delete(uri);
        }
      }),
      this.deletions,
      this.deletions.onDidDelete((uri) => {
        if (uri.scheme !== 'file') return;
        this.deleted.add(uri.fsPath);
        this.deleteTimer ??= setTimeout(() => this.sweepDeleted(), DELETE_BATCH_MS);
      }),
    );
  }

  private collection(): vscode.DiagnosticCollection | undefined {
    return clientOf(this.ctx)?.diagnostics;
  }

  /** Drops the findings of files under the paths just deleted, unless a tab still shows them. */
  private sweepDeleted(): void {
    this.deleteTimer = undefined;
    const gone = [...this.deleted];
    this.deleted.clear();
    const collection = this.collection();
    if (!collection) return;
    const under = (p: string): boolean => gone.some((g) => p === g || p.startsWith(g + path.sep));
    const orphans: vscode.Uri[] = [];
    collection.forEach((uri) => {
      if (uri.scheme === 'file' && under(uri.fsPath) && isOrphaned(uri)) orphans.push(uri);
    });
    for (const uri of orphans) collection.delete(uri);
  }

  dispose(): void {
    if (this.deleteTimer) clearTimeout(this.deleteTimer);
    for (const s of this.subscriptions.splice(0)) s.dispose();
  }
}

/** The rule for files deleted on disk, over the language server's findings. */
export function register(ctx: SkillAuthorContext): vscode.Disposable {
  return new DeletedFiles(ctx);
}
