// Quick fixes for the engine's findings (src/core/assist.ts quickFixes), each an edit of the document tied
// to the diagnostic we published (same code and range); and "mode: warn" on the `requires` block of a skill
// strict mode hides. A fix that only explains (no rewrite exists) is offered disabled, with the explanation
// as its reason, to clients that show such actions.

import { type CodeAction, CodeActionKind, type Diagnostic, type Range, type TextEdit } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { type EditSpec, indentUnit, modeAnchors, quickFixes, setModeEdit } from '../../core/assist';
import { offsetRange, rangesIntersect, sameRange } from '../convert';
import type { SkillService } from '../service';

export interface CodeActionClient {
  disabled: boolean;
}

export async function codeActions(
  service: SkillService,
  doc: TextDocument,
  range: Range,
  context: { diagnostics: Diagnostic[]; only?: string[] },
  client: CodeActionClient,
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
        if (!client.disabled) continue;
        actions.push({ ...action, disabled: { reason: f.explain } });
        continue;
      }
      const changes = edits(f.edits);
      if (!changes) continue;
      actions.push({ ...action, edit: { changes: { [doc.uri]: changes } } });
    }
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
