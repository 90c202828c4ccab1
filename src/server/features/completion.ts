// Completion in SKILL.md frontmatter (src/core/assist.ts completionsAt): keys of the map the cursor is in,
// enum and boolean values, the folder name for `name`, binaries the workspace's skills declare, environment
// variable NAMES (never values). Snippet text only for clients that take snippets; others get plain text.

import * as path from 'node:path';
import { type CompletionItem, CompletionItemKind, type CompletionList, InsertTextFormat, type Position } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { completionsAt, cursorContext, declaredBins, indentUnit, type Suggestion, type SuggestionKind } from '../../core/assist';
import { documentPath, HUGE_CHARS } from '../documents';
import type { SkillService } from '../service';

const KIND: Record<SuggestionKind, CompletionItemKind> = {
  property: CompletionItemKind.Property,
  enum: CompletionItemKind.EnumMember,
  value: CompletionItemKind.Value,
  binary: CompletionItemKind.File,
  variable: CompletionItemKind.Variable,
  folder: CompletionItemKind.Folder,
};

export interface CompletionClient {
  snippets: boolean;
  insertReplace: boolean;
}

/** Snippet syntax as the plain text it stands for (`${1:x}` → `x`, `$0` → ''). */
export function plainOfSnippet(s: string): string {
  return s
    .replace(/\$\{\d+(?::([^}]*))?\}/g, (_m, d: string | undefined) => d ?? '')
    .replace(/\$\d+/g, '')
    .replace(/\\([$}\\])/g, '$1');
}

export function completion(service: SkillService, doc: TextDocument, at: Position, client: CompletionClient): CompletionList | null {
  const text = doc.getText();
  if (text.length > HUGE_CHARS) return null;
  const context = cursorContext(text, doc.offsetAt(at));
  if (!context || context.kind === 'blank') return null;
  const dirName = path.basename(path.dirname(documentPath(doc.uri)));
  const suggestions = completionsAt(context, {
    ...(dirName ? { dirName } : {}),
    knownBins: () => service.knownBins,
    localBins: () => {
      const analyzed = service.documents.analysisOf(doc);
      return analyzed ? declaredBins(analyzed.analysis) : [];
    },
    envNames: () => Object.keys(service.engine().env),
    indentUnit: indentUnit(text),
  });
  return { isIncomplete: false, items: suggestions.map((s) => item(doc, at, s, client)) };
}

function item(doc: TextDocument, at: Position, s: Suggestion, client: CompletionClient): CompletionItem {
  const snippet = s.snippet && client.snippets;
  const newText = s.snippet && !client.snippets ? plainOfSnippet(s.insertText) : s.insertText;
  const insert = { start: doc.positionAt(s.start), end: at };
  const replace = { start: insert.start, end: doc.positionAt(Math.max(s.replaceEnd, s.start)) };
  return {
    label: s.label,
    kind: KIND[s.kind],
    detail: s.detail,
    ...(s.documentation ? { documentation: { kind: 'markdown' as const, value: s.documentation } } : {}),
    sortText: s.sortText,
    insertTextFormat: snippet ? InsertTextFormat.Snippet : InsertTextFormat.PlainText,
    textEdit: client.insertReplace ? { newText, insert, replace } : { newText, range: replace },
  };
}
