// Completion in SKILL.md frontmatter, from the field tables of the runtimes that apply to the skill (pinned by
// `skillAuthor.runtimes`, else detected; src/core/fieldHelp.ts): the keys of the map the cursor is in (those
// not yet present, and those that would bring in another runtime, marked so), enum and boolean values, the folder name for `name`, binaries other skills of the workspace use
// (in `bins` lists and as `bin_versions` keys), and environment variable NAMES (never values) in `env` lists.
// Nothing is offered in the body.
//
// Snippets: snippets/skill.code-snippets is contributed for the `skill` language. SKILL.md files VS Code
// calls something else (markdown in older releases, a user's file association) do not get contributed
// snippets, so this provider offers the same snippets there: "New skill" in a blank document and the
// `requires` block at the frontmatter's top level.
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { Suggestion, SuggestionKind } from '../core/assist';
import type { SkillAuthorContext } from './context';
import { analysisOf, isSkillDocument, SKILL_SELECTOR } from './documents';
import { assist, scopeOf } from './hover';

const KIND: Record<SuggestionKind, vscode.CompletionItemKind> = {
  property: vscode.CompletionItemKind.Property,
  enum: vscode.CompletionItemKind.EnumMember,
  value: vscode.CompletionItemKind.Value,
  binary: vscode.CompletionItemKind.File,
  variable: vscode.CompletionItemKind.Variable,
  folder: vscode.CompletionItemKind.Folder,
};

interface SnippetDef {
  prefix: string | string[];
  body: string | string[];
  description?: string;
}

class SkillCompletionProvider implements vscode.CompletionItemProvider {
  private snippets: Record<string, SnippetDef> | undefined;

  constructor(private readonly ctx: SkillAuthorContext) {}

  provideCompletionItems(doc: vscode.TextDocument, position: vscode.Position): vscode.CompletionList | undefined {
    if (!isSkillDocument(doc)) return undefined;
    const a = assist();
    const text = doc.getText();
    const context = a.cursorContext(text, doc.offsetAt(position));
    if (!context) return undefined;
    // VS Code offers the contributed snippets itself in `skill` documents.
    const ownSnippets = doc.languageId !== 'skill';
    if (context.kind === 'blank') {
      return new vscode.CompletionList(ownSnippets ? this.snippetItems(['New skill'], position) : []);
    }
    const dirName = path.posix.basename(path.posix.dirname(doc.uri.path));
    const suggestions = a.completionsAt(context, {
      ...(dirName ? { dirName } : {}),
      knownBins: () => this.ctx.store.knownBins(),
      localBins: () => {
        const analyzed = analysisOf(this.ctx, doc);
        return analyzed ? a.declaredBins(analyzed.analysis) : [];
      },
      envNames: () => Object.keys(this.ctx.engine().env),
      indentUnit: a.indentUnit(text),
      scope: scopeOf(this.ctx, doc, analysisOf(this.ctx, doc)?.analysis),
    });
    const items = suggestions.map((s) => this.toItem(doc, position, s));
    if (ownSnippets && context.kind === 'key' && context.path.length === 0 && !context.present.includes('requires')) {
      items.push(...this.snippetItems(['Requirements (nexo-rs requires)'], position, new vscode.Range(doc.positionAt(context.start), position)));
    }
    return new vscode.CompletionList(items, false);
  }

  private toItem(doc: vscode.TextDocument, position: vscode.Position, s: Suggestion): vscode.CompletionItem {
    const item = new vscode.CompletionItem(s.label, KIND[s.kind]);
    item.detail = s.detail;
    if (s.documentation) item.documentation = new vscode.MarkdownString(s.documentation);
    item.insertText = s.snippet ? new vscode.SnippetString(s.insertText) : s.insertText;
    item.sortText = s.sortText;
    const start = doc.positionAt(s.start);
    item.range = { inserting: new vscode.Range(start, position), replacing: new vscode.Range(start, doc.positionAt(Math.max(s.replaceEnd, s.start))) };
    if (s.retrigger) item.command = { command: 'editor.action.triggerSuggest', title: 'Suggest' };
    return item;
  }

  /** The contributed snippets, as completion items (for documents whose language id is not `skill`). */
  private snippetItems(names: readonly string[], position: vscode.Position, range?: vscode.Range): vscode.CompletionItem[] {
    const defs = this.loadSnippets();
    const out: vscode.CompletionItem[] = [];
    for (const name of names) {
      const def = defs[name];
      if (!def) continue;
      const prefix = Array.isArray(def.prefix) ? (def.prefix[0] ?? name) : def.prefix;
      const item = new vscode.CompletionItem({ label: prefix, description: name }, vscode.CompletionItemKind.Snippet);
      item.detail = name;
      if (def.description) item.documentation = new vscode.MarkdownString(def.description);
      item.insertText = new vscode.SnippetString(Array.isArray(def.body) ? def.body.join('\n') : def.body);
      item.range = range ?? new vscode.Range(position, position);
      item.sortText = `9${prefix}`;
      out.push(item);
    }
    return out;
  }

  private loadSnippets(): Record<string, SnippetDef> {
    if (!this.snippets) {
      const file = path.join(this.ctx.extension.extensionPath, 'snippets', 'skill.code-snippets');
      try {
        this.snippets = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, SnippetDef>;
      } catch (err) {
        this.ctx.output.error(`reading ${file} failed: ${err instanceof Error ? err.message : String(err)}`);
        this.snippets = {};
      }
    }
    return this.snippets;
  }
}

export function register(ctx: SkillAuthorContext): vscode.Disposable {
  // Space after `key:`, `[` and `,` in flow lists open value suggestions without Ctrl+Space.
  return vscode.languages.registerCompletionItemProvider(SKILL_SELECTOR, new SkillCompletionProvider(ctx), ' ', '[', ',');
}
