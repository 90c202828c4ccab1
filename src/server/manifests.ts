// nexo-rs extension manifests (`plugin.toml`) as the server serves them: each open document's text analysis,
// once per version (hover, completion and quick fixes share it), and the machine an extension is judged on —
// the engine's environment (`.env` files and `extraPath` included, as for skills) with the workspace folder
// holding the manifest as the agent's working directory. Judging a manifest runs nothing: its `bins` are
// looked up with `stat` and its `env` read, in a trusted workspace or not.

import * as path from 'node:path';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { analyzeManifest, type ExtensionMachine, type ManifestAnalysis } from '../core/runtimes/nexo/extensions';
import { HUGE_CHARS } from './documents';
import type { Engine } from '../core/check/engine';
import { isUnder } from './workspace';

export class ManifestDocuments {
  private readonly analyzed = new Map<string, { version: number; analysis: ManifestAnalysis }>();

  /** The text analysis of the document's version; undefined for a text too big for per-keystroke requests. */
  analysisOf(doc: TextDocument): ManifestAnalysis | undefined {
    const cached = this.analyzed.get(doc.uri);
    if (cached && cached.version === doc.version) return cached.analysis;
    const text = doc.getText();
    if (text.length > HUGE_CHARS) return undefined;
    const analysis = analyzeManifest(text);
    this.analyzed.set(doc.uri, { version: doc.version, analysis });
    return analysis;
  }

  forget(uri: string): void {
    this.analyzed.delete(uri);
  }
}

/** The machine a manifest is judged on: the agent runs from the workspace folder holding it (its
 *  `./extensions`), else from the manifest's folder. */
export function extensionMachine(engine: Engine, folders: readonly string[], file: string): ExtensionMachine {
  const abs = path.resolve(file);
  const folder = folders.filter((f) => isUnder(abs, f)).sort((a, b) => b.length - a.length)[0];
  return { env: { ...engine.env, PATH: engine.pathEnv.path }, platform: process.platform, cwd: folder ?? path.dirname(abs) };
}
