// Live diagnostics: the engine's findings on every open SKILL.md, following the author's edits.
//
// Which documents: every text document whose FILE NAME is `SKILL.md` (exact case, as the runtimes look it up),
// whatever its language id. VS Code 1.139 gives SKILL.md the id `skill`; older releases call it markdown,
// and a user's file association may call it anything.
//
// When: on open (at once, unless huge), and after each change once the document has been quiet for
// `skillAuthor.diagnostics.debounceMs` (default 150, at most 250) — one timer per document, restarted by
// every change (the vscode-markdownlint habit). Closing a document cancels its timer and clears its findings.
//
// Staleness: a run captures the document's version and publishes only if the document is still open at that
// same version. `analyzeText` is synchronous today, so in practice the check only drops runs for documents
// closed meanwhile; it keeps the rule true if analysis ever moves off the extension host's thread.
//
// Files gone from disk: no finding may outlive both its file and its editor. The findings of a SKILL.md
// deleted or moved away on disk stay while a tab shows it (VS Code's own rule for TypeScript: the editor
// still shows the text they point into) and go when the last such tab closes — or at once when none shows
// it, even though VS Code keeps its document open in the extension host for minutes (with no close event)
// after the editor closed. Deletions come from a file watcher (folders included: `rm -r`, `git checkout`,
// a rename), closed tabs from `tabGroups.onDidChangeTabs`.
//
// Huge documents: a typical SKILL.md analyzes in well under a millisecond, but a multi-megabyte paste must not
// turn every keystroke into a stall of the extension host (the analysis runs on its thread). Documents over
// HUGE_CHARS are never analyzed at once, not even on open; and any document whose last analysis took over
// SLOW_MS (a 700 KB frontmatter takes ~300 ms) waits, after a change, for the debounce or for twice that
// time, whichever is longer — so analysis takes at most a third of the host's time on it.
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { SkillAnalysis } from '../core/analyze';
import type { Diagnostic as EngineDiagnostic } from '../core/types';
import type { SkillAuthorContext } from './context';
import { analyzeDocument, documentFile, documentLength, HUGE_CHARS, isOrphaned, isSkillDocument } from './documents';
import type { SkillRecord, StoreChange } from './skills';
import { inSkillFolder, watchSupportingFiles, withSupportingFindings } from './supportingFiles';

export const SOURCE = 'skill-author';

/** The README's table of diagnostic codes: every diagnostic's `code` links here. */
export const CODES_URL = 'https://github.com/skill-author/skill-author#diagnostic-codes';

/**
 * Codes that say the same fact VS Code's own validator (owner `prompts-diagnostics-provider`) reports on
 * documents whose language id is `skill` (runtime-semantics §5): the name's characters, the name vs the
 * folder, a missing name, a missing description. On those documents we leave them to VS Code by default, so
 * the author does not read every such fact twice in the Problems panel; `skillAuthor.diagnostics.showOverlapping`
 * reports them anyway (e.g. to see our wording, or our finer rules next to VS Code's). On documents with any
 * other language id (older VS Code: markdown) nobody else reports them, so we always do.
 * Not in the list, although VS Code also flags the key: `unknown-field` — VS Code's hint says "not supported
 * by VS Code skills" for keys such as `requires`, which other runtimes do read; ours says whether ANY runtime
 * reads it, a different fact.
 */
export const OVERLAPPING_CODES: ReadonlySet<string> = new Set(['name-charset', 'name-dir-mismatch', 'name-missing', 'description-missing']);

/** An analysis slower than this is logged (output channel) and throttles that document's next runs. */
const SLOW_MS = 50;

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

/**
 * One engine finding as a VS Code diagnostic; the range comes from the engine's UTF-16 offsets. `shift` is
 * the number of units the analyzed text has in front of the document's (1 when a BOM VS Code hides was put
 * back, see `withBom`).
 */

export function toVscodeDiagnostic(doc: vscode.TextDocument, d: EngineDiagnostic, codesTarget: vscode.Uri, shift = 0): vscode.Diagnostic {
  const range = new vscode.Range(doc.positionAt(Math.max(0, d.start - shift)), doc.positionAt(Math.max(0, d.end - shift)));
  return decorate(new vscode.Diagnostic(range, d.message, SEVERITY[d.severity]), d, codesTarget);
}

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

interface Pending {
  timer: NodeJS.Timeout;
  version: number;
  /** performance.now() of the edit that scheduled the run, and the delay chosen (for `ctx.lastLiveRun`). */
  changedAt: number | null;
  delay: number;
}

interface LastRun {
  durationMs: number;
}

class LiveDiagnostics implements vscode.Disposable {
  private readonly collection = vscode.languages.createDiagnosticCollection(SOURCE);
  private readonly pending = new Map<string, Pending>();
  private readonly lastRun = new Map<string, LastRun>();
  private readonly codesTarget = vscode.Uri.parse(CODES_URL);
  private readonly subscriptions: vscode.Disposable[] = [];
  /** Deletions of anything in the workspace (a SKILL.md, or a folder holding some). */
  private readonly deletions = vscode.workspace.createFileSystemWatcher('**/*', true, true, false);
  private readonly deleted = new Set<string>();
  private deleteTimer: NodeJS.Timeout | undefined;

  constructor(private readonly ctx: SkillAuthorContext) {
    this.subscriptions.push(
      vscode.workspace.onDidOpenTextDocument((doc) => this.schedule(doc, 'open')),
      vscode.workspace.onDidChangeTextDocument((e) => {
        // Events without content changes (dirty flag, language change) carry nothing new to analyze.
        if (e.contentChanges.length > 0) this.schedule(e.document, 'change');
      }),
      vscode.workspace.onDidCloseTextDocument((doc) => this.forget(doc.uri)),
      // The last tab of a file deleted meanwhile: its findings go with it.
      vscode.window.tabGroups.onDidChangeTabs((e) => {
        for (const tab of e.closed) {
          const input = tab.input;
          const uris = input instanceof vscode.TabInputText ? [input.uri] : input instanceof vscode.TabInputTextDiff ? [input.original, input.modified] : [];
          for (const uri of uris) if (this.collection.has(uri) && isOrphaned(uri)) this.drop(uri);
        }
      }),
      this.deletions,
      this.deletions.onDidDelete((uri) => {
        if (uri.scheme !== 'file') return;
        this.deleted.add(uri.fsPath);
        this.deleteTimer ??= setTimeout(() => this.sweepDeleted(), DELETE_BATCH_MS);
      }),
      // A file of an open skill's folder created, deleted or changed: its supporting-file findings may change.
      watchSupportingFiles((changed) => {
        for (const doc of vscode.workspace.textDocuments) if (doc.uri.scheme === 'file' && inSkillFolder(changed, doc.uri.fsPath)) this.schedule(doc, 'config');
      }),
      // `showOverlapping` changes what is published, `debounceMs` only future timing: re-run open documents.
      ctx.config.onDidChange(() => {
        this.scheduleAll('config');
        this.publishBackground(undefined);
      }),
    );
    // Documents already open when the extension activates (the one that triggered `onLanguage:skill`).
    this.scheduleAll('open');
    // Every other SKILL.md: from the skill store's background scan, started a moment after activation so
    // activation itself stays cheap.
    this.backgroundTimer = setTimeout(() => {
      this.backgroundTimer = undefined;
      if (!ctx.config.diagnostics.background) return;
      this.subscriptions.push(ctx.store.onDidChange((change) => this.publishBackground(change)));
    }, BACKGROUND_DELAY_MS);
  }

  private backgroundTimer: NodeJS.Timeout | undefined;
  /** Per open file: the runtime profiles' findings last published (see `runtimeKey`). */
  private readonly shownRuntimeFindings = new Map<string, string>();
  private publishGeneration = 0;

  /** Drops the findings of files under the paths just deleted, unless a tab still shows them. */
  private sweepDeleted(): void {
    this.deleteTimer = undefined;
    const gone = [...this.deleted];
    this.deleted.clear();
    const under = (p: string): boolean => gone.some((g) => p === g || p.startsWith(g + path.sep));
    const orphans: vscode.Uri[] = [];
    this.collection.forEach((uri) => {
      if (uri.scheme === 'file' && under(uri.fsPath) && isOrphaned(uri)) orphans.push(uri);
    });
    for (const uri of orphans) this.drop(uri);
  }

  /** Forgets a document's findings and any run scheduled for it. */
  private drop(uri: vscode.Uri): void {
    const key = uri.toString();
    const pending = this.pending.get(key);
    if (pending) clearTimeout(pending.timer);
    this.pending.delete(key);
    this.lastRun.delete(key);
    this.collection.delete(uri);
  }

  /** Publishes the store's findings for files not open in an editor (`change` undefined: all of them). */
  private publishBackground(change: StoreChange | undefined): void {
    const store = this.ctx.storeIfCreated;
    if (!store) return;
    const enabled = this.ctx.config.diagnostics.background;
    // Documents whose findings the live analysis owns (not those of files gone from disk that no tab shows).
    const open = new Set(vscode.workspace.textDocuments.filter((d) => !d.isClosed && d.uri.scheme === 'file' && !isOrphaned(d.uri)).map((d) => d.uri.fsPath));
    if (!change || change.all || !enabled) {
      // Drop what no longer applies, then publish everything again.
      this.collection.forEach((uri) => {
        if (open.has(uri.fsPath)) return;
        if (!enabled || !store.get(uri.fsPath)) this.collection.delete(uri);
      });
      if (!enabled) return;
    }
    for (const file of change?.removed ?? []) if (!open.has(file)) this.collection.delete(vscode.Uri.file(file));
    const all = !change || change.all ? store.all() : change.changed;
    // An open document's own analysis is live; the runtime profiles' findings come with the store's
    // judgement (of the file on disk), so it is run again to take them in.
    for (const r of all) {
      if (!open.has(r.file)) continue;
      const doc = vscode.workspace.textDocuments.find((d) => !d.isClosed && d.uri.scheme === 'file' && d.uri.fsPath === r.file);
      if (doc && !this.pending.has(doc.uri.toString()) && this.shownRuntimeFindings.get(r.file) !== runtimeKey(r)) this.schedule(doc, 'config');
    }
    const records = all.filter((r) => !open.has(r.file));
    // The live analysis of the editor's text owns an open document. Thousands of files are published in
    // slices, so the extension host is never blocked for long.
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

  private scheduleAll(reason: 'open' | 'config'): void {
    for (const doc of vscode.workspace.textDocuments) this.schedule(doc, reason);
  }

  private schedule(doc: vscode.TextDocument, reason: 'open' | 'change' | 'config'): void {
    if (!isSkillDocument(doc)) return;
    const key = doc.uri.toString();
    const previous = this.pending.get(key);
    if (previous) clearTimeout(previous.timer);
    const debounce = this.ctx.config.diagnostics.debounceMs;
    let delay = reason === 'change' ? debounce : 0;
    const lastMs = this.lastRun.get(key)?.durationMs ?? 0;
    if (lastMs > SLOW_MS || documentLength(doc) > HUGE_CHARS) {
      // The trailing timer already keeps runs at least `debounce` apart; a slow document waits longer.
      delay = Math.max(debounce, 2 * lastMs);
    }
    const version = doc.version;
    const timer = setTimeout(() => this.run(key, version), delay);
    this.pending.set(key, { timer, version, changedAt: reason === 'change' ? performance.now() : null, delay });
  }

  private run(key: string, scheduledVersion: number): void {
    const pending = this.pending.get(key);
    if (!pending || pending.version !== scheduledVersion) return; // superseded by a later schedule
    this.pending.delete(key);
    const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === key);
    if (!doc || doc.isClosed) return; // closed meanwhile: its findings were already cleared
    if (isOrphaned(doc.uri)) {
      // A lingering document of a file deleted on disk, in no tab (e.g. re-run after a settings change).
      this.collection.delete(doc.uri);
      return;
    }

    const version = doc.version;
    const file = documentFile(doc);
    const started = performance.now();
    let found: readonly EngineDiagnostic[];
    let shift: number;
    let bom: boolean;
    try {
      // Shared per version with the other features; the BOM VS Code hides is put back (see `withBom`).
      const analyzedDoc = analyzeDocument(this.ctx, doc);
      found = this.ctx.runtimes.scoped(withSupportingFindings(analyzedDoc.analysis, file), file, analyzedDoc.analysis.data);
      shift = analyzedDoc.shift;
      bom = analyzedDoc.analysis.bom;
    } catch (err) {
      // An engine bug must not leave the previous (now wrong) findings up, nor break the next runs.
      this.ctx.output.error(`analysis of ${file} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      this.collection.delete(doc.uri);
      return;
    }
    const durationMs = performance.now() - started;
    this.lastRun.set(key, { durationMs });
    if (durationMs > SLOW_MS) {
      this.ctx.output.warn(`analysis of ${file} (${documentLength(doc)} characters) took ${durationMs.toFixed(0)} ms`);
    }

    // Stale result: the document changed or closed since `text` was read. Drop it; the change that made
    // it stale has scheduled its own run.
    if (doc.isClosed || doc.version !== version) return;

    const hideOverlapping = doc.languageId === 'skill' && !this.ctx.config.diagnostics.showOverlapping;
    const diagnostics = found
      .filter((d) => !(hideOverlapping && OVERLAPPING_CODES.has(d.code)))
      .map((d) => toVscodeDiagnostic(doc, d, this.codesTarget, shift));
    // The runtime profiles' own findings (Hermes, OpenClaw), from the store's judgement of the saved file.
    diagnostics.push(...this.runtimeFindings(file, bom));
    this.collection.set(doc.uri, diagnostics);
    if (pending.changedAt !== null) this.ctx.lastLiveRun = { file, changeToSetMs: performance.now() - pending.changedAt, delayMs: pending.delay };
  }

  private forget(uri: vscode.Uri): void {
    this.drop(uri);
    if (uri.scheme === 'file') this.shownRuntimeFindings.delete(uri.fsPath);
    // A closed SKILL.md keeps the findings of the file on disk (background diagnostics). When the editor
    // held unsaved edits, the store re-reads the file and its change event publishes them.
    const record = uri.scheme === 'file' && this.ctx.config.diagnostics.background ? this.ctx.storeIfCreated?.get(uri.fsPath) : undefined;
    if (record && !record.fromEditor && !isOrphaned(uri)) this.collection.set(uri, this.fileFindings(record));
  }

  /** A file's findings from the store: the analysis's, scoped to the runtimes that read it, then the runtime
   *  profiles' own (as `check` lists them). */
  private fileFindings(r: SkillRecord): vscode.Diagnostic[] {
    return [
      ...this.ctx.runtimes
        .scoped(withSupportingFindings(r.analysis, r.file), r.file, r.analysis.data)
        .map((d) => toFileDiagnostic(r.analysis, d, this.codesTarget)),
      ...this.runtimeFindings(r.file, r.analysis.bom),
    ];
  }

  private runtimeFindings(file: string, bom: boolean): vscode.Diagnostic[] {
    const record = this.ctx.storeIfCreated?.get(file);
    this.shownRuntimeFindings.set(file, record ? runtimeKey(record) : '');
    const entry = record?.entry;
    return (entry?.diagnostics ?? []).filter((d) => d.runtime !== undefined).map((d) => toFileDiagnostic({ bom }, d, this.codesTarget));
  }

  dispose(): void {
    if (this.backgroundTimer) clearTimeout(this.backgroundTimer);
    if (this.deleteTimer) clearTimeout(this.deleteTimer);
    for (const p of this.pending.values()) clearTimeout(p.timer);
    this.pending.clear();
    for (const s of this.subscriptions.splice(0)) s.dispose();
    this.collection.dispose();
  }
}

/** The runtime profiles' findings of a skill, as a key that changes exactly when they do. */
function runtimeKey(r: SkillRecord): string {
  return JSON.stringify((r.entry?.diagnostics ?? []).filter((d) => d.runtime !== undefined));
}

/** Live diagnostics for open SKILL.md documents. */
export function register(ctx: SkillAuthorContext): vscode.Disposable {
  return new LiveDiagnostics(ctx);
}
