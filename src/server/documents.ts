// Which documents the server serves, and the engine's analysis of a SKILL.md as the runtime reads it,
// computed once per document version and shared by diagnostics, hover, completion and code actions.
//
// A client shows some files otherwise than the runtime reads them: editors hide a UTF-8 byte-order mark (the
// runtime sees it: it hides the frontmatter), show lone CR line ends as line breaks (the runtime sees none)
// and decode bytes that are not UTF-8 somehow (the runtime cannot read the file at all). While a document holds what is on disk (the version it was opened or last
// saved with), the file's bytes decide, as for `check`; once edited, the text the client will save does.

import { realpathSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { SkillAnalysis } from '../core/check/analyze';
import { analyzeSkillFile } from '../core/check/cache';
import { readSkillFileSync, SKILL_FILE } from '../core/skill/catalog';
import type { Engine } from '../core/check/engine';
import { loneCrShown, moveDiagnostic } from '../core/skill/text';
import { isExtensionsConfigPath, MANIFEST_FILENAME, OTHER_SCHEMA_FILENAME } from '../core/runtimes/nexo/extensions';

/** Documents above this many UTF-16 units are not analyzed for hover, completion or code actions (each a
 *  request at every cursor move), and wait longer before their diagnostics. */
export const HUGE_CHARS = 1_000_000;

export type DocumentKind = 'skill' | 'agents' | 'openclaw' | 'manifest' | 'extensions-config' | null;

/** The file system path of a `file:` URI; null for any other scheme or a malformed URI. */
export function fileOf(uri: string): string | null {
  if (!uri.startsWith('file:')) return null;
  try {
    return fileURLToPath(uri);
  } catch {
    return null;
  }
}

/** What a URI is to the server: a SKILL.md, a nexo-rs agents file, an OpenClaw config, a nexo-rs extension
 *  manifest (`plugin.toml`; a `nexo-plugin.toml` only to say it is another schema), the nexo-rs agent's
 *  `config/extensions.yaml`, or nothing. */
export function kindOf(uri: string): DocumentKind {
  const name = path.posix.basename(uri.split(/[?#]/)[0] ?? '');
  if (name === SKILL_FILE) return 'skill';
  if (name === 'agents.yaml' || name === 'agents.yml') return 'agents';
  if (name === 'openclaw.json') return 'openclaw';
  if (name === MANIFEST_FILENAME || name === OTHER_SCHEMA_FILENAME) return 'manifest';
  // nexo-rs reads its extensions configuration from its config folder, `./config` unless told otherwise.
  if (isExtensionsConfigPath(uri.split(/[?#]/)[0] ?? '')) return 'extensions-config';
  return null;
}

/** The path the engine sees for a document (the folder name is the skill's identity). */
export function documentPath(uri: string): string {
  const file = fileOf(uri);
  if (file) return file;
  try {
    return decodeURIComponent(new URL(uri).pathname);
  } catch {
    return uri;
  }
}

export interface AnalyzedDocument {
  version: number;
  analysis: SkillAnalysis;
  /** UTF-16 units the analyzed text has in front of the document's (1 when the client hid a BOM). */
  shift: number;
}

export class SkillDocuments {
  private readonly analyzed = new Map<string, AnalyzedDocument>();
  /** Per URI, the version that holds the file's content (opened or saved with). */
  private readonly clean = new Map<string, number>();

  constructor(private readonly engine: () => Engine) {}

  markClean(doc: TextDocument): void {
    this.clean.set(doc.uri, doc.version);
    this.analyzed.delete(doc.uri);
  }

  forget(uri: string): void {
    this.clean.delete(uri);
    this.analyzed.delete(uri);
  }

  /** The analysis of the document's current version (computed now when not yet). */
  analyze(doc: TextDocument): AnalyzedDocument {
    const cached = this.analyzed.get(doc.uri);
    if (cached && cached.version === doc.version) return cached;
    const text = doc.getText();
    const file = documentPath(doc.uri);
    const fromDisk = this.clean.get(doc.uri) === doc.version ? diskAnalysis(doc.uri, text) : undefined;
    const entry: AnalyzedDocument = fromDisk ?? { version: doc.version, analysis: this.engine().analyzeText(text, file), shift: 0 };
    entry.version = doc.version;
    this.analyzed.set(doc.uri, entry);
    return entry;
  }

  /** The same for the requests asked at every cursor move: undefined for huge documents. */
  analysisOf(doc: TextDocument): AnalyzedDocument | undefined {
    const cached = this.analyzed.get(doc.uri);
    if (cached && cached.version === doc.version) return cached;
    return doc.getText().length > HUGE_CHARS ? undefined : this.analyze(doc);
  }
}

/** The file's own analysis when the client shows its bytes otherwise than the runtime reads them (a hidden
 *  BOM, bytes that are not UTF-8, a file over the size limit); undefined when the text is the file's. */
function diskAnalysis(uri: string, text: string): AnalyzedDocument | undefined {
  const file = fileOf(uri);
  if (!file) return undefined;
  const { read } = readSkillFileSync(file);
  if (read.problem?.code === 'file-unreadable') return undefined; // gone, or never saved: the text decides
  if (read.problem || read.text === null) return { version: 0, analysis: analyzeSkillFile(read, file), shift: 0 };
  if (read.text === text) return undefined;
  if (read.text.charCodeAt(0) === 0xfeff && read.text.slice(1) === text) return { version: 0, analysis: analyzeSkillFile(read, file), shift: 1 };
  // Lone CRs the client shows as line breaks: the runtime's reading, its findings moved to the shown text.
  const shown = loneCrShown(read.text, text);
  if (!shown) return undefined;
  const analysis = analyzeSkillFile(read, file);
  for (const d of analysis.diagnostics) moveDiagnostic(d, shown.toShown);
  return { version: 0, analysis, shift: 0 };
}

/** An open SKILL.md's analysis and its skill folder's real path (where its supporting files are resolved);
 *  null for a document that is not a file, is too big for per-keystroke requests, or whose folder is gone. */
export function skillFolderOf(documents: SkillDocuments, doc: TextDocument): { analyzed: AnalyzedDocument; root: string } | null {
  const file = fileOf(doc.uri);
  const analyzed = file ? documents.analysisOf(doc) : undefined;
  if (!file || !analyzed) return null;
  try {
    return { analyzed, root: realpathSync(path.dirname(file)) };
  } catch {
    return null;
  }
}
