// Diagnostics: a SKILL.md's are `check --json`'s findings for that file, runtime-scoped ones included; an
// agents file's are the nexo-rs loader's problems with it; an openclaw.json's say why OpenClaw cannot read it.

import JSON5 from 'json5';
import { type Diagnostic, DiagnosticSeverity } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { parseAgentsFile } from '../../core/agents';
import { SOURCE } from '../../shared/protocol';
import { toLspDiagnostic } from '../convert';
import { documentPath } from '../documents';
import type { SkillService } from '../service';

export async function skillDiagnostics(service: SkillService, doc: TextDocument, signal?: AbortSignal): Promise<Diagnostic[]> {
  const { entry, analyzed } = await service.entryOf(doc, signal);
  return entry.diagnostics.map((d) => toLspDiagnostic(d, analyzed.shift));
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

export function agentsDiagnostics(service: SkillService, doc: TextDocument): Diagnostic[] {
  const file = parseAgentsFile(doc.getText(), documentPath(doc.uri), { env: service.engine().env, cwd: service.workspace.cwd() });
  return file.problems.map((p) => ({
    range: restOfLine(doc, p.line, p.column),
    severity: p.severity === 'error' ? DiagnosticSeverity.Error : DiagnosticSeverity.Warning,
    source: `${SOURCE} (nexo-rs)`,
    message: p.message,
  }));
}

export function openclawDiagnostics(doc: TextDocument): Diagnostic[] {
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
        source: `${SOURCE} (OpenClaw)`,
        message: `OpenClaw cannot read this file, so it runs with no configuration: ${err.message ?? String(e)}`,
      },
    ];
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return [
      {
        range: restOfLine(doc, 1, 1),
        severity: DiagnosticSeverity.Error,
        source: `${SOURCE} (OpenClaw)`,
        message: 'OpenClaw ignores this file: it does not hold an object.',
      },
    ];
  }
  return [];
}
