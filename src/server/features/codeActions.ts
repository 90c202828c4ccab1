// Quick fixes:
// - for the engine's findings (src/core/assist/assist.ts quickFixes), each an edit of the document tied to the
//   diagnostic we published (same code and range); a fix that only explains (npm's `||` has no Cargo form)
//   edits nothing: its command, run by the server (`workspace/executeCommand`), shows the explanation;
// - for the runtime profiles' findings where that runtime applies to the skill (OpenClaw's `os: [macos]` →
//   darwin, `always: "true"` → true, …; src/core/assist/runtimeFixes.ts), computed from the current text, one action
//   per distinct edit, tied to our diagnostics of that code on that place;
// - "mode: warn" on the `requires` block of a skill strict mode hides.

import { type CodeAction, CodeActionKind, type Diagnostic, type Range, type TextEdit } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { SkillAnalysis } from '../../core/check/analyze';
import { type EditSpec, modeAnchors, quickFixes, setModeEdit } from '../../core/assist/quickFixes';
import { indentUnit } from '../../core/assist/completion';
import { runtimeFixes } from '../../core/assist/runtimeFixes';
import { manifestFixes } from '../../core/assist/manifest';
import { EXPLAIN_CONSTRAINT_COMMAND } from '../../shared/protocol';
import { offsetRange, position, rangesIntersect, sameRange } from '../convert';
import { documentPath, HUGE_CHARS } from '../documents';
import type { SkillService } from '../service';

export async function codeActions(
  service: SkillService,
  doc: TextDocument,
  range: Range,
  context: { diagnostics: Diagnostic[]; only?: string[] },
  signal?: AbortSignal,
): Promise<CodeAction[]> {
  if (context.only && !context.only.some((k) => k === CodeActionKind.QuickFix || CodeActionKind.QuickFix.startsWith(`${k}.`) || k === CodeActionKind.Empty))
    return [];
  const analyzed = service.documents.analysisOf(doc);
  if (!analyzed) return [];
  const { analysis, shift } = analyzed;
  const edits = (specs: readonly EditSpec[]): TextEdit[] | null => {
    // An edit reaching into a BOM the client hides cannot be expressed on its text.
    if (specs.some((s) => s.start - shift < 0)) return null;
    return specs.map((s) => ({ range: offsetRange(doc, s.start, s.end, shift), newText: s.text }));
  };
  const actions: CodeAction[] = [];
  for (const d of analysis.diagnostics) {
    const r = offsetRange(doc, d.start, d.end, shift);
    if (!rangesIntersect(r, range)) continue;
    const tied = context.diagnostics.filter((x) => x.code === d.code && sameRange(x.range, r));
    for (const f of quickFixes(analysis, d)) {
      const action: CodeAction = { title: f.title, kind: CodeActionKind.QuickFix, diagnostics: tied, ...(f.preferred ? { isPreferred: true } : {}) };
      if (f.explain !== undefined) {
        actions.push({ ...action, command: { title: f.title, command: EXPLAIN_CONSTRAINT_COMMAND, arguments: [f.explain] } });
        continue;
      }
      const changes = edits(f.edits);
      if (!changes) continue;
      actions.push({ ...action, edit: { changes: { [doc.uri]: changes } } });
    }
  }
  try {
    actions.push(...runtimeActions(service, doc, analysis, shift, range, context.diagnostics, edits));
  } catch (e) {
    // The engine's own fixes stay offered whatever a runtime profile does.
    service.logError(`OpenClaw's fixes for ${documentPath(doc.uri)} failed: ${e instanceof Error ? e.message : String(e)}`);
  }
  // "Use mode: warn" when the range touches `requires` and strict mode hides the skill.
  const anchors = modeAnchors(analysis).map(([s, e]) => offsetRange(doc, s, e, shift));
  if (analysis.frontmatterEffective && anchors.some((a) => rangesIntersect(a, range))) {
    const status = await service.evaluate(analyzed, signal);
    if (status.verdict === 'skipped_strict' && status.modeSource !== 'override') {
      const spec = setModeEdit(analysis, 'warn', indentUnit(doc.getText()));
      const changes = spec && edits([spec]);
      if (changes)
        actions.push({
          title: 'Load with a MISSING DEPS banner instead of hiding the skill (mode: warn)',
          kind: CodeActionKind.QuickFix,
          edit: { changes: { [doc.uri]: changes } },
        });
    }
  }
  return actions;
}

/** The fixes of the runtime profiles' findings in the range, one action per distinct edit. */
function runtimeActions(
  service: SkillService,
  doc: TextDocument,
  analysis: SkillAnalysis,
  shift: number,
  range: Range,
  published: readonly Diagnostic[],
  edits: (specs: readonly EditSpec[]) => TextEdit[] | null,
): CodeAction[] {
  // Asked at every cursor move: not on a text too big to analyze at that pace.
  if (analysis.text.length > HUGE_CHARS) return [];
  const file = documentPath(doc.uri);
  const placedOf = (f: { line: number; column: number; endLine: number; endColumn: number }): Range => ({
    start: position(f.line, f.column, shift),
    end: position(f.endLine, f.endColumn, shift),
  });
  const fixes = runtimeFixes(analysis, file, service.scopeOf(file, analysis).applicable, (f) => rangesIntersect(placedOf(f), range));
  const byEdit = new Map<string, CodeAction>();
  for (const { finding, fix } of fixes) {
    const places = [placedOf(finding), ...fix.edits.map((e) => offsetRange(doc, e.start, e.end, shift))];
    const tied = published.filter((x) => x.code === finding.code && places.some((r) => rangesIntersect(x.range, r)));
    const key = JSON.stringify(fix.edits);
    const known = byEdit.get(key);
    if (known) {
      known.diagnostics = [...(known.diagnostics ?? []), ...tied.filter((t) => !known.diagnostics?.includes(t))];
      continue;
    }
    const changes = edits(fix.edits);
    if (!changes) continue;
    byEdit.set(key, {
      title: fix.title,
      kind: CodeActionKind.QuickFix,
      diagnostics: tied,
      isPreferred: fix.preferred,
      edit: { changes: { [doc.uri]: changes } },
    });
  }
  return [...byEdit.values()];
}

/** Quick fixes in a nexo-rs `plugin.toml`: where the engine's finding carries the replacement (`type =` →
 *  `kind =` in `[transport]`, `v1.2.0` → `1.2.0`, a hyphen in a capability name → `_`). */
export function manifestCodeActions(
  service: SkillService,
  doc: TextDocument,
  range: Range,
  context: { diagnostics: Diagnostic[]; only?: string[] },
): CodeAction[] {
  if (context.only && !context.only.some((k) => k === CodeActionKind.QuickFix || CodeActionKind.QuickFix.startsWith(`${k}.`) || k === CodeActionKind.Empty))
    return [];
  const analysis = service.manifests.analysisOf(doc);
  if (!analysis) return [];
  const actions: CodeAction[] = [];
  for (const f of manifestFixes(analysis)) {
    const r = offsetRange(doc, f.start, f.end);
    if (!rangesIntersect(r, range)) continue;
    actions.push({
      title: f.title,
      kind: CodeActionKind.QuickFix,
      isPreferred: true,
      diagnostics: context.diagnostics.filter((x) => x.code === f.code && sameRange(x.range, r)),
      edit: { changes: { [doc.uri]: f.edits.map((e) => ({ range: offsetRange(doc, e.start, e.end), newText: e.text })) } },
    });
  }
  return actions;
}
