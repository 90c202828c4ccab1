// What every feature needs to know about a SKILL.md document: whether it is one, and the engine's analysis
// of its text as the runtime reads it — computed once per document version and shared by the live
// diagnostics, the skill store, the previews, completion, hovers and quick fixes, so a keystroke is analyzed
// once however many features look at it.
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
  const entry = { version, analysis: ctx.engine().analyzeText(text, documentFile(doc)), shift };
  analyzed.set(doc, entry);
  return entry;
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
