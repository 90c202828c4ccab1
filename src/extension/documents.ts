// What every feature needs to know about a SKILL.md document: whether it is one, and the engine's analysis
// of its text as the runtime reads it — computed once per document version and shared by the live
// diagnostics, the skill store, the previews, completion, hovers and quick fixes, so a keystroke is analyzed
// once however many features look at it.
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { SkillAnalysis } from '../core/analyze';
import type { SkillAuthorContext } from './context';

/** URI schemes that hold a user's skill; others (git:, output:, diff sides…) are views, not files to lint. */
const SCHEMES = ['file', 'untitled', 'vscode-remote', 'vscode-vfs', 'vscode-userdata'];
const SCHEME_SET: ReadonlySet<string> = new Set(SCHEMES);

/** Every SKILL.md, whatever its language id (`skill` in VS Code 1.139, markdown in older releases). The
 *  providers also check `isSkillDocument` (exact file name case). */
export const SKILL_SELECTOR: vscode.DocumentSelector = SCHEMES.map((scheme) => ({ scheme, pattern: '**/SKILL.md' }));

export function isSkillDocument(doc: vscode.TextDocument): boolean {
  return SCHEME_SET.has(doc.uri.scheme) && path.posix.basename(doc.uri.path) === 'SKILL.md';
}

/** True while a tab of the workbench shows `uri` (a text editor, or either side of a diff). */
export function isShownInTab(uri: vscode.Uri): boolean {
  const key = uri.toString();
  for (const group of vscode.window.tabGroups.all) {
    for (const tab of group.tabs) {
      const input = tab.input;
      if (input instanceof vscode.TabInputText && input.uri.toString() === key) return true;
      if (input instanceof vscode.TabInputTextDiff && (input.modified.toString() === key || input.original.toString() === key)) return true;
    }
  }
  return false;
}

/**
 * True for a `file:` URI whose file is gone from disk (deleted, or moved away) and that no tab shows. Its
 * findings must go: VS Code keeps a document alive in the extension host for minutes after its last editor
 * closed, with no close event, so "the document is open" cannot be the test. Findings of a deleted file whose
 * editor is still open stay, as VS Code's own TypeScript diagnostics do, until that editor closes.
 */
export function isOrphaned(uri: vscode.Uri): boolean {
  return uri.scheme === 'file' && !isShownInTab(uri) && !fs.existsSync(uri.fsPath);
}

/** Documents above this many UTF-16 units (about 1 MB of ASCII) are never analyzed at once. */
export const HUGE_CHARS = 1_000_000;

/** The document's length without building its text (the extension host keeps line-start prefix sums). */
export function documentLength(doc: vscode.TextDocument): number {
  return doc.offsetAt(doc.lineAt(doc.lineCount - 1).range.end);
}

/** The path the engine should see for a document (the folder name is the skill's identity). */
export function documentFile(doc: vscode.TextDocument): string {
  return doc.uri.scheme === 'file' ? doc.uri.fsPath : doc.uri.path;
}

/**
 * The document's text as the runtime reads the file: VS Code strips a UTF-8 byte-order mark from the text it
 * shows (and writes it back on save), but the runtime sees it — a BOM hides the frontmatter fence. VS Code
 * 1.100+ reports it as `encoding === 'utf8bom'`.
 */
export function withBom(doc: vscode.TextDocument): string {
  const encoding = (doc as { encoding?: string }).encoding;
  const text = doc.getText();
  return encoding === 'utf8bom' && !text.startsWith('\uFEFF') ? `\uFEFF${text}` : text;
}

export interface AnalyzedDocument {
  version: number;
  analysis: SkillAnalysis;
  /** UTF-16 units the analyzed text has in front of the document's (1 when a hidden BOM was put back). */
  shift: number;
}

const analyzed = new WeakMap<vscode.TextDocument, AnalyzedDocument>();

/**
 * The engine's analysis of the document as the runtime reads it (BOM included), cached per version. Used
 * as is by the live diagnostics (which throttle huge documents themselves), the skill store and the previews.
 */
export function analyzeDocument(ctx: SkillAuthorContext, doc: vscode.TextDocument): AnalyzedDocument {
  const cached = analyzed.get(doc);
  if (cached && cached.version === doc.version) return cached;
  const version = doc.version;
  const text = withBom(doc);
  const shift = text.length - doc.getText().length;
  const file = documentFile(doc);
  const fromFile = doc.uri.scheme === 'file' && !doc.isDirty ? fileAnalysis(ctx, doc, text) : undefined;
  const entry = { version, analysis: fromFile ?? ctx.engine().analyzeText(text, file), shift };
  analyzed.set(doc, entry);
  return entry;
}

/**
 * VS Code shows some files otherwise than the runtime reads them: bytes that are not UTF-8 become
 * replacement characters (the runtime cannot read the file at all: Rust's `read_to_string` fails), and lone
 * CR line ends become the editor's end-of-line sequence (the runtime sees no line break there, often no
 * frontmatter at all). While a document holds the file's content (not dirty), the file's bytes decide, as
 * they do for the Skills view and the CLI; once edited, the text VS Code will save does. Undefined when the
 * file reads as the document's text (the usual case) or no longer matches it (changed on disk meanwhile).
 *
 * The file is read synchronously, once per clean version of the document (open, save, revert): at most
 * MAX_SKILL_BYTES, a few ms for a megabyte. Findings are moved to the document's offsets; with lone CRs
 * shown as CRLF, the rest of the analysis (hovers, completion) is one unit off per lone CR before a position,
 * which only matters in a file that has both lone CRs and a frontmatter the runtime reads.
 */
function fileAnalysis(ctx: SkillAuthorContext, doc: vscode.TextDocument, text: string): SkillAnalysis | undefined {
  const { readSkillFileSync } = require('../core/catalog') as typeof import('../core/catalog');
  const { analyzeSkillFile } = require('../core/cache') as typeof import('../core/cache');
  const { loneCrShown, moveDiagnostic } = require('../core/text') as typeof import('../core/text');
  const file = doc.uri.fsPath;
  const { read } = readSkillFileSync(file);
  // Not UTF-8, over the size limit, gone: whatever VS Code shows, the runtime cannot use the file.
  if (read.problem || read.text === null) return analyzeSkillFile(read, file);
  const shown = loneCrShown(read.text, text);
  if (!shown) return undefined;
  const analysis = ctx.engine().analyzeText(read.text, file);
  for (const d of analysis.diagnostics) moveDiagnostic(d, shown.toShown);
  return analysis;
}

/**
 * The same for the language features, which are asked at every cursor move: undefined for documents over
 * `HUGE_CHARS`, whose analysis could stall the extension host on each request.
 */
export function analysisOf(ctx: SkillAuthorContext, doc: vscode.TextDocument): AnalyzedDocument | undefined {
  const cached = analyzed.get(doc);
  if (cached && cached.version === doc.version) return cached;
  return documentLength(doc) > HUGE_CHARS ? undefined : analyzeDocument(ctx, doc);
}
