// The engine's shapes as LSP's: 1-based line/column (UTF-16 units, as `check` prints them) → 0-based
// positions, severities, codes with their link to docs/codes.md, analysis offsets → document positions.

import { type Diagnostic, DiagnosticSeverity, DiagnosticTag, type Position, type Range } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Entry } from '../core/check/entry';
import { CODES_URL, type Severity } from '../core/types';
import { SOURCE } from '../shared/protocol';

const SEVERITY: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  information: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

/** Findings the editor shows faded: those the engine marks `unnecessary` (keys no runtime reads; check --json
 *  does not print the flag, so it is known here by code). */
const UNNECESSARY = new Set(['unknown-field']);

export type EntryFinding = Entry['diagnostics'][number];

/** A 1-based line/column of the analyzed text as a position in the document. `shift`: UTF-16 units the
 *  analyzed text has in front of the document's (1 when the client hid a byte-order mark). */
export function position(line: number, column: number, shift = 0): Position {
  const l = Math.max(0, Math.floor(line) - 1);
  const c = Math.max(0, Math.floor(column) - 1 - (l === 0 ? shift : 0));
  return { line: l, character: c };
}

export function toLspDiagnostic(d: EntryFinding, shift = 0): Diagnostic {
  const start = position(d.line, d.column, shift);
  let end = position(d.endLine, d.endColumn, shift);
  if (end.line < start.line || (end.line === start.line && end.character < start.character)) end = start;
  return {
    range: { start, end },
    severity: SEVERITY[d.severity],
    code: d.code,
    codeDescription: { href: CODES_URL },
    // One source for every finding (clients tell ours apart by it); a
    // runtime profile's finding names its runtime in `data.runtime`.
    source: SOURCE,
    message: d.message,
    ...(UNNECESSARY.has(d.code) ? { tags: [DiagnosticTag.Unnecessary] } : {}),
    ...(d.runtime ? { data: { runtime: d.runtime } } : {}),
  };
}

/** Analysis offsets [start, end) as a range of the document. */
export function offsetRange(doc: TextDocument, start: number, end: number, shift = 0): Range {
  return { start: doc.positionAt(Math.max(0, start - shift)), end: doc.positionAt(Math.max(0, end - shift)) };
}

export function rangesIntersect(a: Range, b: Range): boolean {
  const before = (p: Position, q: Position): boolean => p.line < q.line || (p.line === q.line && p.character < q.character);
  return !before(a.end, b.start) && !before(b.end, a.start);
}

export function sameRange(a: Range, b: Range): boolean {
  return a.start.line === b.start.line && a.start.character === b.start.character && a.end.line === b.end.line && a.end.character === b.end.character;
}
