// Diagnostics: a SKILL.md's are `check --json`'s findings for that file, runtime-scoped ones included; an
// agents file's are the nexo-rs loader's problems with it; an openclaw.json's say why OpenClaw cannot read it.

import { createHash } from 'node:crypto';
import JSON5 from 'json5';
import { type Diagnostic, DiagnosticSeverity } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { type AgentProblem, type AgentsFile, parseAgentsFile } from '../../core/runtimes/nexo/agents';
import type { EvaluatedSkill } from '../../core/check/engine';
import type { Entry } from '../../core/check/entry';
import { SOURCE } from '../../shared/protocol';
import { toLspDiagnostic } from '../convert';
import { checkExtensionsConfigText, checkManifestInPlace } from '../../core/runtimes/nexo/extensions';
import { entryDiagnostic } from '../../core/check/engine';
import { documentPath } from '../documents';
import { checkParsedConfig, configRefusalFindings, type OpenClawVersion } from '../../core/runtimes/openclaw';
import type { SkillService } from '../service';

export interface SkillCheck {
  diagnostics: Diagnostic[];
  entry: Entry;
  skill: EvaluatedSkill;
  /** The analysis alone (what slows the next checks of a slow document), and analysis + judgement. */
  analysisMs: number;
  ms: number;
}

/** A SKILL.md's findings: `check --json`'s entry for the document's text, as LSP diagnostics. */
export async function skillDiagnostics(service: SkillService, doc: TextDocument, signal?: AbortSignal): Promise<SkillCheck> {
  const t0 = performance.now();
  const { entry, analyzed, skill, analysisMs } = await service.entryOf(doc, signal);
  return { diagnostics: entry.diagnostics.map((d) => toLspDiagnostic(d, analyzed.shift)), entry, skill, analysisMs, ms: performance.now() - t0 };
}

/** A report's resultId (textDocument/diagnostic, workspace/diagnostic): a hash of its findings, so a
 *  client holding the same findings, from either request or an earlier version, is told `unchanged`. */
export function resultIdOf(diagnostics: readonly Diagnostic[]): string {
  return createHash('sha1').update(JSON.stringify(diagnostics)).digest('base64url').slice(0, 22);
}

/** From the start of line:column (1-based) to the end of that line. */
function restOfLine(doc: TextDocument, line: number, column: number): Diagnostic['range'] {
  const l = Math.max(0, line - 1);
  const start = { line: l, character: Math.max(0, column - 1) };
  const end = doc.positionAt(doc.offsetAt({ line: l + 1, character: 0 }));
  return {
    start,
    end: end.line > l ? { line: l, character: Math.max(start.character, doc.offsetAt(end) - doc.offsetAt({ line: l, character: 0 }) - 1) } : end,
  };
}

/** An open agents file's problems as `check --agent` prints them (the loader's, then each listed skill that
 *  has no SKILL.md), from the editor's text. */
export async function agentsDiagnostics(service: SkillService, doc: TextDocument): Promise<Diagnostic[]> {
  const file = parseAgentsFile(doc.getText(), documentPath(doc.uri), { env: service.engine().env, cwd: service.workspace.cwd() });
  return (await service.agentsProblems(file)).map((p) => agentDiagnostic(p, restOfLine(doc, p.line, p.column)));
}

/** The same for an agents file in use that no editor has open: at its line and column. */
export async function agentsFileDiagnostics(service: SkillService, file: AgentsFile): Promise<Diagnostic[]> {
  return (await service.agentsProblems(file)).map((p) => {
    const at = { line: Math.max(0, p.line - 1), character: Math.max(0, p.column - 1) };
    return agentDiagnostic(p, { start: at, end: at });
  });
}

function agentDiagnostic(p: AgentProblem, range: Diagnostic['range']): Diagnostic {
  return {
    range,
    severity: p.severity === 'error' ? DiagnosticSeverity.Error : DiagnosticSeverity.Warning,
    source: SOURCE,
    message: p.message,
    data: { runtime: 'nexo' },
  };
}

/** A nexo-rs extension manifest's findings, from the editor's text: the manifest as nexo-rs reads it (its
 *  first error, in its words), then what the agent does with it on this machine — missing bins and env, the
 *  secret filter, the variables its process receives — as `check path/plugin.toml` reports them. */
export async function manifestDiagnostics(service: SkillService, doc: TextDocument): Promise<Diagnostic[]> {
  const file = documentPath(doc.uri);
  const report = await checkManifestInPlace(file, doc.getText(), service.extensionMachine(file));
  return report.diagnostics.map((d) => toLspDiagnostic({ ...entryDiagnostic(d), runtime: 'nexo' }));
}

/** The agent's `config/extensions.yaml` from the editor's text: the file as nexo-rs reads it (a refusal stops
 *  the agent), then what it does on this machine — a search path not found, an allowlisted id never
 *  discovered, `follow_links` ignored at start. */
export async function extensionsConfigDiagnostics(service: SkillService, doc: TextDocument): Promise<Diagnostic[]> {
  const file = documentPath(doc.uri);
  const { env, platform } = service.extensionMachine(file);
  return (await checkExtensionsConfigText(file, doc.getText(), { env, platform })).map((d) => toLspDiagnostic({ ...entryDiagnostic(d), runtime: 'nexo' }));
}

export function openclawDiagnostics(doc: TextDocument, version: OpenClawVersion): Diagnostic[] {
  let parsed: unknown;
  try {
    parsed = JSON5.parse(doc.getText());
  } catch (e) {
    const err = e as { message?: string; lineNumber?: number; columnNumber?: number };
    const line = err.lineNumber ?? 1;
    const column = err.columnNumber ?? 1;
    return [
      {
        range: restOfLine(doc, line, column),
        severity: DiagnosticSeverity.Error,
        source: SOURCE,
        data: { runtime: 'openclaw' },
        message: `OpenClaw cannot read this file, so it runs with no configuration: ${err.message ?? String(e)}`,
      },
    ];
  }
  // The release in use refuses a file its schema rejects (2026.9.6): each complaint on its key, as `check` says it.
  const { refused } = checkParsedConfig(parsed, version);
  if (refused.length > 0) return configRefusalFindings(documentPath(doc.uri), doc.getText(), refused, version).map((f) => toLspDiagnostic(f));
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return [
      {
        range: restOfLine(doc, 1, 1),
        severity: DiagnosticSeverity.Error,
        source: SOURCE,
        data: { runtime: 'openclaw' },
        message: 'OpenClaw ignores this file: it does not hold an object.',
      },
    ];
  }
  return [];
}
