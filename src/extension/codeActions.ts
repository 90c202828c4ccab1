// Quick fixes for the engine's findings on SKILL.md: each a WorkspaceEdit computed from the engine's offsets
// and the finding's `data` (src/core/assist.ts `quickFixes`), tied to our published diagnostic (source
// `skill-author`, same code and range). Findings we leave to VS Code's own validator on `skill` documents
// (`OVERLAPPING_CODES`: the name vs the folder, …) still get their fix, tied to VS Code's diagnostic there.
// Fixes are computed from the document's current text, so a fix offered before the debounced diagnostics
// catch up is still right.
//
// The runtime profiles' findings (OpenClaw's `os: [macos]`, `always: "true"` …, shown from the store's judgement
// of the saved file) get their fixes too, computed from the current text where that runtime applies to the
// skill (src/core/runtimeFixes.ts), tied to our diagnostic of the same code on that place.
//
// Besides the fixes for findings: "use mode: warn" on the `requires` block of a skill that strict mode hides
// because something is missing, so the author can keep the skill visible (with its MISSING DEPS banner).
import * as vscode from 'vscode';
import type { SkillAnalysis } from '../core/analyze';
import type { EditSpec } from '../core/assist';
import type { SkillAuthorContext } from './context';
import { OVERLAPPING_CODES, SOURCE } from './diagnostics';
import { analysisOf, HUGE_CHARS, isSkillDocument, SKILL_SELECTOR } from './documents';
import { assist, scopeOf, statusOf } from './hover';

/** The runtime profiles' fixes, loaded on first use (the profiles stay out of activation). */
function runtimeFixesModule(): typeof import('../core/runtimeFixes') {
  return require('../core/runtimeFixes') as typeof import('../core/runtimeFixes');
}

/** Shows why a constraint has no rewrite (e.g. npm's `||`); edits nothing. */
export const EXPLAIN_COMMAND = 'skillAuthor.explainConstraint';

/** The README section on the runtime behaviours the engine emulates (constraint dialect included). */
const README_URL = 'https://github.com/skill-author/skill-author#what-the-tool-emulates-and-warns-about';

function codeOf(d: vscode.Diagnostic): string | undefined {
  const c = d.code;
  if (c === undefined) return undefined;
  return typeof c === 'object' ? String(c.value) : String(c);
}

class SkillCodeActionProvider implements vscode.CodeActionProvider {
  constructor(private readonly ctx: SkillAuthorContext) {}

  async provideCodeActions(
    doc: vscode.TextDocument,
    range: vscode.Range | vscode.Selection,
    context: vscode.CodeActionContext,
    token: vscode.CancellationToken,
  ): Promise<vscode.CodeAction[] | undefined> {
    if (!isSkillDocument(doc)) return undefined;
    if (context.only && !context.only.intersects(vscode.CodeActionKind.QuickFix)) return undefined;
    const a = assist();
    const analyzedDoc = analysisOf(this.ctx, doc);
    if (!analyzedDoc) return undefined;
    const { analysis, shift } = analyzedDoc;
    const toRange = (start: number, end: number): vscode.Range =>
      new vscode.Range(doc.positionAt(Math.max(0, start - shift)), doc.positionAt(Math.max(0, end - shift)));
    const actions: vscode.CodeAction[] = [];

    for (const d of analysis.diagnostics) {
      const r = toRange(d.start, d.end);
      if (!r.intersection(range)) continue;
      const fixes = a.quickFixes(analysis, d);
      if (fixes.length === 0) continue;
      const ours = context.diagnostics.filter((x) => x.source === SOURCE && codeOf(x) === d.code && x.range.isEqual(r));
      const tied =
        ours.length || !OVERLAPPING_CODES.has(d.code) ? ours : context.diagnostics.filter((x) => x.source !== SOURCE && x.range.intersection(r) !== undefined);
      for (const f of fixes) {
        const action = new vscode.CodeAction(f.title, vscode.CodeActionKind.QuickFix);
        action.diagnostics = tied;
        if (f.preferred) action.isPreferred = true;
        if (f.explain !== undefined) {
          action.command = { command: EXPLAIN_COMMAND, title: f.title, arguments: [f.explain] };
        } else {
          const edit = this.toEdit(doc, f.edits, shift);
          if (!edit) continue;
          action.edit = edit;
        }
        actions.push(action);
      }
    }

    try {
      actions.push(...this.runtimeActions(doc, analysis, shift, range, context));
    } catch (err) {
      // The engine's own fixes stay offered whatever a runtime profile does.
      this.ctx.output.error(`OpenClaw's fixes for ${doc.uri.fsPath} failed: ${err instanceof Error ? err.message : String(err)}`);
    }
    const warn = await this.modeWarnAction(doc, analysis, shift, range, token);
    if (warn) actions.push(warn);
    return actions;
  }

  /** The fixes of the runtime profiles' findings under the cursor, one action per distinct edit. */
  private runtimeActions(
    doc: vscode.TextDocument,
    analysis: SkillAnalysis,
    shift: number,
    range: vscode.Range,
    context: vscode.CodeActionContext,
  ): vscode.CodeAction[] {
    // Asked at every cursor move: not on a text too big to analyze at that pace.
    if (analysis.text.length > HUGE_CHARS) return [];
    const file = doc.uri.scheme === 'file' ? doc.uri.fsPath : doc.uri.path;
    const col = (line: number, column: number): number => Math.max(0, column - 1 - (shift && line === 1 ? 1 : 0));
    const placedOf = (f: { line: number; column: number; endLine: number; endColumn: number }): vscode.Range =>
      new vscode.Range(f.line - 1, col(f.line, f.column), f.endLine - 1, col(f.endLine, f.endColumn));
    const fixes = runtimeFixesModule().runtimeFixes(
      analysis,
      file,
      scopeOf(this.ctx, doc, analysis).applicable,
      (f) => placedOf(f).intersection(range) !== undefined,
    );
    const byEdit = new Map<string, vscode.CodeAction>();
    for (const { finding, fix } of fixes) {
      const placed = placedOf(finding);
      const edited = fix.edits.map((e) => new vscode.Range(doc.positionAt(Math.max(0, e.start - shift)), doc.positionAt(Math.max(0, e.end - shift))));
      const tied = context.diagnostics.filter(
        (x) => x.source === SOURCE && codeOf(x) === finding.code && [placed, ...edited].some((r) => x.range.intersection(r)),
      );
      const key = JSON.stringify(fix.edits);
      const known = byEdit.get(key);
      if (known) {
        known.diagnostics = [...(known.diagnostics ?? []), ...tied.filter((t) => !known.diagnostics?.includes(t))];
        continue;
      }
      const edit = this.toEdit(doc, fix.edits, shift);
      if (!edit) continue;
      const action = new vscode.CodeAction(fix.title, vscode.CodeActionKind.QuickFix);
      action.diagnostics = tied;
      action.isPreferred = fix.preferred;
      action.edit = edit;
      byEdit.set(key, action);
    }
    return [...byEdit.values()];
  }

  /** "Use mode: warn" when the cursor is on `requires` (or `prerequisites`) and strict mode hides the skill. */
  private async modeWarnAction(
    doc: vscode.TextDocument,
    analysis: SkillAnalysis,
    shift: number,
    range: vscode.Range,
    token: vscode.CancellationToken,
  ): Promise<vscode.CodeAction | undefined> {
    const a = assist();
    const anchors = a.modeAnchors(analysis).map(([s, e]) => new vscode.Range(doc.positionAt(Math.max(0, s - shift)), doc.positionAt(Math.max(0, e - shift))));
    if (!analysis.frontmatterEffective || !anchors.some((r) => r.intersection(range))) return undefined;
    const status = await statusOf(this.ctx, analysis, token);
    if (!status || token.isCancellationRequested || status.verdict !== 'skipped_strict' || status.modeSource === 'override') return undefined;
    const spec = a.setModeEdit(analysis, 'warn', a.indentUnit(doc.getText()));
    const edit = spec && this.toEdit(doc, [spec], shift);
    if (!edit) return undefined;
    const action = new vscode.CodeAction('Load with a MISSING DEPS banner instead of hiding the skill (mode: warn)', vscode.CodeActionKind.QuickFix);
    action.edit = edit;
    return action;
  }

  private toEdit(doc: vscode.TextDocument, specs: readonly EditSpec[], shift: number): vscode.WorkspaceEdit | undefined {
    const edit = new vscode.WorkspaceEdit();
    for (const s of specs) {
      // An edit reaching into the BOM VS Code hides cannot be expressed on the document's text.
      if (s.start - shift < 0) return undefined;
      edit.replace(doc.uri, new vscode.Range(doc.positionAt(s.start - shift), doc.positionAt(s.end - shift)), s.text);
    }
    return edit;
  }
}

export function register(ctx: SkillAuthorContext): vscode.Disposable {
  return vscode.Disposable.from(
    vscode.languages.registerCodeActionsProvider(SKILL_SELECTOR, new SkillCodeActionProvider(ctx), {
      providedCodeActionKinds: [vscode.CodeActionKind.QuickFix],
    }),
    vscode.commands.registerCommand(EXPLAIN_COMMAND, (message: unknown) => {
      if (typeof message !== 'string') return;
      // Not awaited: the notification stays until dismissed; the command returns at once.
      void vscode.window.showInformationMessage(message, 'Open README').then((choice) => {
        if (choice) void vscode.env.openExternal(vscode.Uri.parse(README_URL));
      });
    }),
  );
}
