// Findings in the Problems panel. An open SKILL.md's come from the language server (client.ts), which
// analyses the editor's text after each edit; this file publishes those of every other SKILL.md of the skill
// roots, from the skill store's background scan, and keeps both honest when files go:
//
// Files gone from disk: no finding may outlive both its file and its editor. The findings of a SKILL.md
// deleted or moved away on disk stay while a tab shows it (VS Code's own rule for TypeScript: the editor
// still shows the text they point into) and go when the last such tab closes — or at once when none shows
// it, even though VS Code keeps its document open in the extension host for minutes (with no close event)
// after the editor closed. Deletions come from a file watcher (folders included: `rm -r`, `git checkout`,
// a rename), closed tabs from `tabGroups.onDidChangeTabs`.
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { SkillAnalysis } from '../core/analyze';
import type { Diagnostic as EngineDiagnostic } from '../core/types';
import type { SkillAuthorContext } from './context';
import { isOrphaned, isSkillDocument } from './documents';
import { existingStore, type SkillRecord, type StoreChange, storeOf } from './skills';
import { withSupportingFindings } from './supportingFiles';
import { clientOf } from './client';
import { judgeOf } from './runtimeJudge';

export const SOURCE = 'skill-author';

/** The README's table of diagnostic codes: every diagnostic's `code` links here. */
export const CODES_URL = 'https://github.com/skill-author/skill-author#diagnostic-codes';

/** Longest slice of the host's thread one background publish takes before it yields (ms). */
const PUBLISH_SLICE_MS = 10;

/** Delay between activation and the start of the background scan (ms). */
const BACKGROUND_DELAY_MS = 500;

/** Deletions reported within this time are handled together (a folder removed file by file). */
const DELETE_BATCH_MS = 50;

const SEVERITY: Record<EngineDiagnostic['severity'], vscode.DiagnosticSeverity> = {
  error: vscode.DiagnosticSeverity.Error,
  warning: vscode.DiagnosticSeverity.Warning,
  information: vscode.DiagnosticSeverity.Information,
  hint: vscode.DiagnosticSeverity.Hint,
};

/** A finding placed by line and column (1-based; columns in UTF-16 units of the file's text). */
type PlacedFinding = Pick<EngineDiagnostic, 'code' | 'severity' | 'message' | 'line' | 'column' | 'endLine' | 'endColumn' | 'unnecessary'>;

/** A finding of a file that is not open, or a runtime profile's finding (they read the file on disk): the
 *  range from 1-based lines and UTF-16 columns. */
export function toFileDiagnostic(analysis: Pick<SkillAnalysis, 'bom'>, d: PlacedFinding, codesTarget: vscode.Uri): vscode.Diagnostic {
  // VS Code will show the file without its BOM: columns on line 1 move one to the left.
  const col = (line: number, column: number): number => Math.max(0, column - 1 - (analysis.bom && line === 1 ? 1 : 0));
  const range = new vscode.Range(d.line - 1, col(d.line, d.column), d.endLine - 1, col(d.endLine, d.endColumn));
  return decorate(new vscode.Diagnostic(range, d.message, SEVERITY[d.severity]), d, codesTarget);
}

function decorate(out: vscode.Diagnostic, d: PlacedFinding, codesTarget: vscode.Uri): vscode.Diagnostic {
  out.source = SOURCE;
  out.code = { value: d.code, target: codesTarget };
  if (d.unnecessary) out.tags = [vscode.DiagnosticTag.Unnecessary];
  return out;
}

class BackgroundDiagnostics implements vscode.Disposable {
  private readonly collection = vscode.languages.createDiagnosticCollection('skill-author-files');
  private readonly codesTarget = vscode.Uri.parse(CODES_URL);
  private readonly subscriptions: vscode.Disposable[] = [];
  /** Deletions of anything in the workspace (a SKILL.md, or a folder holding some). */
  private readonly deletions = vscode.workspace.createFileSystemWatcher('**/*', true, true, false);
  private readonly deleted = new Set<string>();
  private deleteTimer: NodeJS.Timeout | undefined;
  private backgroundTimer: NodeJS.Timeout | undefined;
  private publishGeneration = 0;

  constructor(private readonly ctx: SkillAuthorContext) {
    this.subscriptions.push(
      // An open SKILL.md's findings are the language server's; once closed, the file's own come back.
      vscode.workspace.onDidOpenTextDocument((doc) => {
        if (isSkillDocument(doc)) this.collection.delete(doc.uri);
      }),
      vscode.workspace.onDidCloseTextDocument((doc) => this.closed(doc.uri)),
      // The last tab of a file deleted meanwhile: its findings go with it.
      vscode.window.tabGroups.onDidChangeTabs((e) => {
        const collections = this.collections();
        for (const tab of e.closed) {
          const input = tab.input;
          const uris = input instanceof vscode.TabInputText ? [input.uri] : input instanceof vscode.TabInputTextDiff ? [input.original, input.modified] : [];
          for (const uri of uris) for (const c of collections) if (c.has(uri) && isOrphaned(uri)) c.delete(uri);
        }
      }),
      this.deletions,
      this.deletions.onDidDelete((uri) => {
        if (uri.scheme !== 'file') return;
        this.deleted.add(uri.fsPath);
        this.deleteTimer ??= setTimeout(() => this.sweepDeleted(), DELETE_BATCH_MS);
      }),
      // `showOverlapping` and `background` change what is published.
      ctx.config.onDidChange(() => this.publishBackground(undefined)),
    );
    // Every SKILL.md no editor shows: from the skill store's background scan, started a moment after
    // activation so activation itself stays cheap.
    this.backgroundTimer = setTimeout(() => {
      this.backgroundTimer = undefined;
      if (!ctx.config.diagnostics.background) return;
      this.subscriptions.push(storeOf(ctx).onDidChange((change) => this.publishBackground(change)));
    }, BACKGROUND_DELAY_MS);
  }

  /** Drops the findings of files under the paths just deleted, unless a tab still shows them. */
  private sweepDeleted(): void {
    this.deleteTimer = undefined;
    const gone = [...this.deleted];
    this.deleted.clear();
    const under = (p: string): boolean => gone.some((g) => p === g || p.startsWith(g + path.sep));
    for (const collection of this.collections()) {
      const orphans: vscode.Uri[] = [];
      collection.forEach((uri) => {
        if (uri.scheme === 'file' && under(uri.fsPath) && isOrphaned(uri)) orphans.push(uri);
      });
      for (const uri of orphans) collection.delete(uri);
    }
  }

  /** Ours, and the language server's: it is not told of a file gone under a document VS Code keeps open (for
   *  minutes, with no close event), so the rule for deleted files is applied to both here. */
  private collections(): vscode.DiagnosticCollection[] {
    const live = clientOf(this.ctx)?.diagnostics;
    return live ? [this.collection, live] : [this.collection];
  }

  /** The SKILL.md files whose findings the language server publishes: open in an editor, and on disk or
   *  in a tab. */
  private openFiles(): Set<string> {
    return new Set(
      vscode.workspace.textDocuments.filter((d) => !d.isClosed && d.uri.scheme === 'file' && isSkillDocument(d) && !isOrphaned(d.uri)).map((d) => d.uri.fsPath),
    );
  }

  /** Publishes the store's findings for files not open in an editor (`change` undefined: all of them). */
  private publishBackground(change: StoreChange | undefined): void {
    const store = existingStore(this.ctx);
    if (!store) return;
    const enabled = this.ctx.config.diagnostics.background;
    const open = this.openFiles();
    if (!change || change.all || !enabled) {
      // Drop what no longer applies, then publish everything again.
      this.collection.forEach((uri) => {
        if (open.has(uri.fsPath) || !enabled || !store.get(uri.fsPath)) this.collection.delete(uri);
      });
      if (!enabled) return;
    }
    for (const file of change?.removed ?? []) this.collection.delete(vscode.Uri.file(file));
    const all = !change || change.all ? store.all() : change.changed;
    const records = all.filter((r) => !open.has(r.file));
    // Thousands of files are published in slices, so the extension host is never blocked for long.
    const full = !change || change.all;
    const generation = full ? ++this.publishGeneration : this.publishGeneration;
    const publish = (from: number): void => {
      if (full && generation !== this.publishGeneration) return; // a newer full publish took over
      const started = performance.now();
      let i = from;
      for (; i < records.length && performance.now() - started < PUBLISH_SLICE_MS; i++) {
        const r = records[i] as (typeof records)[number];
        this.collection.set(vscode.Uri.file(r.file), this.fileFindings(r));
      }
      if (i < records.length) setImmediate(() => publish(i));
    };
    publish(0);
  }

  /** A closed SKILL.md keeps the findings of the file on disk. When the editor held unsaved edits, the
   *  store re-reads the file and its change event publishes them. */
  private closed(uri: vscode.Uri): void {
    const record = uri.scheme === 'file' && this.ctx.config.diagnostics.background ? existingStore(this.ctx)?.get(uri.fsPath) : undefined;
    if (record && !record.fromEditor && !isOrphaned(uri)) this.collection.set(uri, this.fileFindings(record));
  }

  /** A file's findings as `check` lists them: the analysis's, scoped to the runtimes that read it, then the
   *  runtime profiles' own. */
  private fileFindings(r: SkillRecord): vscode.Diagnostic[] {
    return [
      ...judgeOf(this.ctx)
        .scoped(withSupportingFindings(r.analysis, r.file), r.file, r.analysis.data)
        .map((d) => toFileDiagnostic(r.analysis, d, this.codesTarget)),
      ...(r.entry?.diagnostics ?? []).filter((d) => d.runtime !== undefined).map((d) => toFileDiagnostic(r.analysis, d, this.codesTarget)),
    ];
  }

  dispose(): void {
    if (this.backgroundTimer) clearTimeout(this.backgroundTimer);
    if (this.deleteTimer) clearTimeout(this.deleteTimer);
    for (const s of this.subscriptions.splice(0)) s.dispose();
    this.collection.dispose();
  }
}

/** Findings of the SKILL.md files no editor shows (an open one's come from the language server). */
export function register(ctx: SkillAuthorContext): vscode.Disposable {
  return new BackgroundDiagnostics(ctx);
}
