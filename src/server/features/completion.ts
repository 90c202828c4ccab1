// Completion in a SKILL.md:
// - in the frontmatter (src/core/assist/assist.ts completionsAt), from the field tables of the runtimes that apply to
//   the skill (pinned by `runtimes`, else detected): keys of the map the cursor is in, enum and boolean
//   values, the folder name for `name`, binaries the workspace's skills declare, environment variable NAMES
//   (never values);
// - the snippets the extension contributes for the `skill` language ("New skill" in a blank document, the
//   `requires` block at the frontmatter's top level), for documents the client calls something else (a
//   `skill` document has them from the client itself);
// - in the body, paths inside the skill folder: in a Markdown link's parentheses, and after `references/`,
//   `scripts/`, `templates/`, `assets/` (listed, never followed out of the folder: `resolveInside`).
// Snippet text only for clients that take snippets; others get plain text. The command that opens the
// suggestions again after a key or a folder is put on items only for clients that say they run it
// (`capabilities.experimental.skillAuthor.clientCommands`).

import { type Dirent, readdirSync } from 'node:fs';
import * as path from 'node:path';
import { type Command, type CompletionItem, CompletionItemKind, type CompletionList, InsertTextFormat, type Position } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { completionsAt, declaredBins, indentUnit, type Suggestion, type SuggestionKind } from '../../core/assist/completion';
import { cursorContext } from '../../core/assist/cursor';
import { manifestCompletions, type ManifestSuggestion } from '../../core/assist/manifest';
import { resolveInside } from '../../core/supporting/files';
import { linkDestination, pathCompletionContext, pathShape } from '../../core/supporting/links';
import { documentPath, HUGE_CHARS, skillFolderOf } from '../documents';
import type { SkillService } from '../service';

const KIND: Record<SuggestionKind, CompletionItemKind> = {
  property: CompletionItemKind.Property,
  enum: CompletionItemKind.EnumMember,
  value: CompletionItemKind.Value,
  binary: CompletionItemKind.File,
  variable: CompletionItemKind.Variable,
  folder: CompletionItemKind.Folder,
};

export const TRIGGER_SUGGEST = 'editor.action.triggerSuggest';

export interface CompletionClient {
  snippets: boolean;
  insertReplace: boolean;
  /** The client runs `editor.action.triggerSuggest` itself. */
  retrigger: boolean;
}

/** Snippet syntax as the plain text it stands for (`${1:x}` → `x`, `$0` → ''). */
export function plainOfSnippet(s: string): string {
  return s
    .replace(/\$\{\d+(?::([^}]*))?\}/g, (_m, d: string | undefined) => d ?? '')
    .replace(/\$\d+/g, '')
    .replace(/\\([$}\\])/g, '$1');
}

/** Text taken literally inside a snippet placeholder. */
const snippetText = (s: string): string => s.replace(/[$}\\]/g, '\\$&');

export interface SnippetDef {
  /** What the author types (the label). */
  prefix: string;
  /** The snippet's name (the extension's snippets/skill.code-snippets key). */
  name: string;
  description: string;
  body: string;
  /** The same for clients without snippets. */
  plain: string;
}

/** "New skill" for a skill folder named `dir`: snippets/skill.code-snippets's body, with the folder name put in
 *  where it reads `TM_DIRECTORY` (name, and the heading: first letter up, dashes as spaces). */
export function newSkillSnippet(dir: string): SnippetDef {
  const title = dir ? dir.charAt(0).toUpperCase() + dir.slice(1).replace(/-/g, ' ') : '';
  const lines = (name: string, description: string, heading: string, end: string): string =>
    ['---', `name: ${name}`, `description: ${description}`, '---', '', `# ${heading}`, '', end].join('\n');
  const description = 'What this skill does. Use when …';
  return {
    prefix: 'skill',
    name: 'New skill',
    description: "A new SKILL.md: frontmatter named after the skill's folder, a description, and a body heading.",
    body: lines(`\${1:${snippetText(dir)}}`, `\${2:${description}}`, `\${3:${snippetText(title)}}`, '$0'),
    plain: lines(dir, description, title, ''),
  };
}

/** "Requirements (nexo-rs requires)": snippets/skill.code-snippets's body, byte for byte. */
export const REQUIRES_SNIPPET: SnippetDef = {
  prefix: 'requires',
  name: 'Requirements (nexo-rs requires)',
  description: 'A nexo-rs `requires` block: binaries on PATH, environment variables, a version constraint, and the gating mode.',
  body: [
    'requires:',
    '  bins: [${1:ffmpeg}]',
    '  env: [$2]',
    '  bin_versions:',
    '    ${1/,.*//}: "${3:>=4.0}"',
    '  mode: ${4|strict,warn,disable|}',
    '$0',
  ].join('\n'),
  plain: ['requires:', '  bins: [ffmpeg]', '  env: []', '  bin_versions:', '    ffmpeg: ">=4.0"', '  mode: strict', ''].join('\n'),
};

export function completion(service: SkillService, doc: TextDocument, at: Position, client: CompletionClient): CompletionList | null {
  const text = doc.getText();
  if (text.length > HUGE_CHARS) return null;
  const retrigger: Command | undefined = client.retrigger ? { title: 'Suggest', command: TRIGGER_SUGGEST } : undefined;
  const context = cursorContext(text, doc.offsetAt(at));
  if (!context) return paths(service, doc, at, retrigger);
  // A `skill` document has the contributed snippets from the client itself.
  const ownSnippets = doc.languageId !== 'skill';
  if (context.kind === 'blank') {
    const dir = path.basename(path.dirname(documentPath(doc.uri)));
    return { isIncomplete: false, items: ownSnippets ? [snippetItem(newSkillSnippet(dir), { start: at, end: at }, client)] : [] };
  }
  const file = documentPath(doc.uri);
  const dirName = path.basename(path.dirname(file));
  const analysis = (): ReturnType<SkillService['documents']['analysisOf']> => service.documents.analysisOf(doc);
  const suggestions = completionsAt(context, {
    ...(dirName ? { dirName } : {}),
    knownBins: () => service.knownBins,
    localBins: () => {
      const analyzed = analysis();
      return analyzed ? declaredBins(analyzed.analysis) : [];
    },
    envNames: () => Object.keys(service.engine().env),
    indentUnit: indentUnit(text),
    scope: service.scopeOf(file, analysis()?.analysis),
  });
  const items = suggestions.map((s) => item(doc, at, s, client, retrigger));
  if (ownSnippets && context.kind === 'key' && context.path.length === 0 && !context.present.includes('requires'))
    items.push(snippetItem(REQUIRES_SNIPPET, { start: doc.positionAt(context.start), end: at }, client));
  return { isIncomplete: false, items };
}

function item(doc: TextDocument, at: Position, s: Suggestion, client: CompletionClient, retrigger: Command | undefined): CompletionItem {
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
    ...(s.retrigger && retrigger ? { command: retrigger } : {}),
  };
}

function snippetItem(def: SnippetDef, range: { start: Position; end: Position }, client: CompletionClient): CompletionItem {
  return {
    label: def.prefix,
    labelDetails: { description: def.name },
    kind: CompletionItemKind.Snippet,
    detail: def.name,
    documentation: { kind: 'markdown', value: def.description },
    sortText: `9${def.prefix}`,
    insertTextFormat: client.snippets ? InsertTextFormat.Snippet : InsertTextFormat.PlainText,
    textEdit: { newText: client.snippets ? def.body : def.plain, range },
  };
}

/** Paths inside the skill folder, where the body is typing one (src/core/supporting/links.ts). */
function paths(service: SkillService, doc: TextDocument, at: Position, retrigger: Command | undefined): CompletionList | null {
  const folder = skillFolderOf(service.documents, doc);
  if (!folder) return null;
  const { analyzed, root } = folder;
  const context = pathCompletionContext(analyzed.analysis.text, doc.offsetAt(at) + analyzed.shift, analyzed.analysis.split.bodyStart);
  if (!context) return null;
  const slash = context.typed.lastIndexOf('/');
  const dirPart = slash >= 0 ? context.typed.slice(0, slash) : '';
  const shape = pathShape(dirPart);
  if (shape.kind !== 'inside' || shape.backslash) return null;
  const dir = resolveInside(root, shape.segments);
  if (dir.kind !== 'directory') return null;
  let names: Dirent[];
  try {
    names = readdirSync(dir.real, { withFileTypes: true });
  } catch {
    return null;
  }
  const range = { start: doc.positionAt(context.start - analyzed.shift + slash + 1), end: at };
  const items: CompletionItem[] = [];
  for (const entry of names.slice(0, 500)) {
    if (entry.name.startsWith('.') || (dirPart === '' && entry.name === 'SKILL.md')) continue;
    const r = resolveInside(root, [...shape.segments, entry.name]);
    if (r.kind !== 'file' && r.kind !== 'directory') continue;
    const folder = r.kind === 'directory';
    const slashIf = folder ? '/' : '';
    items.push({
      label: entry.name + slashIf,
      kind: folder ? CompletionItemKind.Folder : CompletionItemKind.File,
      detail: [...shape.segments, entry.name].join('/') + slashIf,
      sortText: `${folder ? '0' : '1'}${entry.name}`,
      insertTextFormat: InsertTextFormat.PlainText,
      textEdit: { newText: (context.where === 'link' ? linkDestination(entry.name) : entry.name) + slashIf, range },
      ...(folder && retrigger ? { command: retrigger } : {}),
    });
  }
  return { isIncomplete: false, items };
}

const MANIFEST_KIND: Record<ManifestSuggestion['kind'], CompletionItemKind> = {
  table: CompletionItemKind.Module,
  property: CompletionItemKind.Property,
  value: CompletionItemKind.EnumMember,
};

/** Completion in a nexo-rs `plugin.toml` (src/core/assist/manifest.ts): table names, the keys of the table the
 *  cursor is in (type, default, what nexo-rs does), a transport's `kind` and boolean values. */
export function manifestCompletion(doc: TextDocument, at: Position, client: CompletionClient): CompletionList | null {
  const text = doc.getText();
  if (text.length > HUGE_CHARS) return null;
  const retrigger: Command | undefined = client.retrigger ? { title: 'Suggest', command: TRIGGER_SUGGEST } : undefined;
  const items = manifestCompletions(text, doc.offsetAt(at)).map((s, i): CompletionItem => {
    const newText = client.snippets ? s.insert : plainOfSnippet(s.insert);
    const insert = { start: doc.positionAt(s.start), end: at };
    const replace = { start: insert.start, end: doc.positionAt(Math.max(s.end, s.start)) };
    return {
      label: s.label,
      kind: MANIFEST_KIND[s.kind],
      detail: s.detail,
      documentation: { kind: 'markdown', value: s.documentation },
      sortText: String(i).padStart(3, '0'),
      insertTextFormat: client.snippets ? InsertTextFormat.Snippet : InsertTextFormat.PlainText,
      textEdit: client.insertReplace ? { newText, insert, replace } : { newText, range: replace },
      ...(s.retrigger && retrigger ? { command: retrigger } : {}),
    };
  });
  return { isIncomplete: false, items };
}
