// What may be typed where the cursor stands (./cursor.ts): keys and values from the field tables of the
// runtimes that apply (./fieldHelp.ts), binaries and variable NAMES the caller found, folders. Pure: the
// language server hands in what only it knows and turns the suggestions into completion items.

import { type SkillAnalysis } from '../check/analyze';
import { isEnvNameValid } from '../machine/env';
import {
  ALL_RUNTIMES,
  fieldDetail,
  type FieldHelp,
  fieldHelp,
  fieldMarkdown,
  type FieldScope,
  fieldsUnder,
  fieldTypes,
  fieldTypeSummary,
  fieldValues,
  isSwitch,
  requiredBy,
  scopeAt,
} from './fieldHelp';
import { splitSkill } from '../skill/frontmatter';
import { BIN_COMPLETION, ENV_COMPLETION, joined } from './schemaPaths';
import { frontmatterLines, CursorContext } from './cursor';
import { yamlScalar, escapeSnippet } from './yamlText';

export type SuggestionKind = 'property' | 'enum' | 'value' | 'binary' | 'variable' | 'folder';

export interface Suggestion {
  label: string;
  kind: SuggestionKind;
  /** One line, always set: the type, or where the value comes from. */
  detail: string;
  /** Markdown (from the schema's markdownDescription). */
  documentation?: string;
  /** Text to insert; snippet syntax when `snippet`. */
  insertText: string;
  snippet: boolean;
  sortText: string;
  /** Offsets in the text: the typed prefix starts at `start`; `replaceEnd` ends the word under the cursor. */
  start: number;
  replaceEnd: number;
  /** Open the suggestions again after inserting (a map's keys, an enum's values). */
  retrigger: boolean;
}

export interface CompletionFacts {
  /** The skill's folder name. */
  dirName?: string;
  /** Binaries other skills of the workspace declare. */
  knownBins(): readonly string[];
  /** Binaries this document declares (`requires.bins`, `bin_versions` keys, `prerequisites.commands`). */
  localBins(): readonly string[];
  /** Names (never values) of the environment variables set for the runtime. */
  envNames(): readonly string[];
  /** Spaces per nesting level (default 2). */
  indentUnit?: number;
  /** The runtimes whose fields are offered (default: every runtime, unpinned). */
  scope?: FieldScope;
}

/** Sort position: a number padded so that the schema's order is kept. */
const order = (group: number, i: number): string => `${group}${String(i).padStart(3, '0')}`;

export function completionsAt(context: CursorContext, facts: CompletionFacts): Suggestion[] {
  if (context.kind === 'blank') return [];
  const base = { start: context.start, replaceEnd: context.replaceEnd };
  if (context.kind === 'key') return keySuggestions(context, facts, base);
  if (context.kind === 'value') return valueSuggestions(context, facts, base);
  return itemSuggestions(context, facts, base);
}

function keySuggestions(context: Extract<CursorContext, { kind: 'key' }>, facts: CompletionFacts, base: { start: number; replaceEnd: number }): Suggestion[] {
  const present = new Set(context.present);
  if (joined(context.path) === 'requires/bin_versions') {
    // The keys are binaries: those this skill lists first, then the workspace's.
    return binarySuggestions(facts, present, base, (name) =>
      context.colonFollows ? { insertText: yamlScalar(name), snippet: false } : { insertText: `${escapeSnippet(yamlScalar(name))}: ">=$1"$0`, snippet: true },
    ).map((s) => ({
      ...s,
      documentation: `Version requirement for \`${s.label}\`: a Cargo-style constraint such as \`">=4.0"\`, or the long form with \`constraint\`, \`command\`, \`regex\`.`,
    }));
  }
  const scope = scopeAt(context.path, facts.scope ?? ALL_RUNTIMES);
  const unit = ' '.repeat(facts.indentUnit ?? 2);
  const out: Suggestion[] = [];
  fieldsUnder(context.path, scope).forEach((help, i) => {
    const key = help.key;
    if (present.has(key)) return;
    const t = fieldTypes(help);
    const item = fieldHelp([...context.path, key, '*'], scope);
    let insertText = `${key}: `;
    let snippet = false;
    let retrigger = false;
    if (context.colonFollows) insertText = key;
    else if (t.includes('object') && !t.includes('string') && !t.includes('array')) {
      [insertText, snippet, retrigger] = [`${key}:\n${unit}$0`, true, true];
    } else if (t.includes('array') && !t.includes('object')) {
      [insertText, snippet, retrigger] = [`${key}: [$0]`, true, true];
    } else if (fieldValues(help).length || isSwitch(help)) retrigger = true;
    const required = requiredBy(help).length > 0;
    out.push({
      ...base,
      label: key,
      kind: 'property',
      detail: fieldDetail(help, item),
      documentation: fieldMarkdown(help, scope),
      insertText,
      snippet,
      sortText: order(required ? 0 : help.readers.length ? 1 : 2, i),
      retrigger,
    });
  });
  return out;
}

function valueSuggestions(
  context: Extract<CursorContext, { kind: 'value' }>,
  facts: CompletionFacts,
  base: { start: number; replaceEnd: number },
): Suggestion[] {
  const scope = scopeAt(context.path, facts.scope ?? ALL_RUNTIMES);
  const help = fieldHelp(context.path, scope);
  if (!help) return [];
  const space = context.needsSpace ? ' ' : '';
  const out = fieldTypes(help).includes('array') ? [] : valueItems(help, null, scope, new Set(), base, space);
  if (out.length === 0 && isSwitch(help)) {
    for (const [i, v] of ['true', 'false'].entries()) {
      out.push({
        ...base,
        label: v,
        kind: 'enum',
        detail: fieldTypeSummary(help),
        documentation: fieldMarkdown(help, scope),
        insertText: space + v,
        snippet: false,
        sortText: order(0, i),
        retrigger: false,
      });
    }
  }
  if (joined(context.path) === 'name' && facts.dirName) {
    out.push({
      ...base,
      label: facts.dirName,
      kind: 'folder',
      detail: "the skill's folder name",
      documentation: fieldMarkdown(help, scope),
      insertText: space + yamlScalar(facts.dirName),
      snippet: false,
      sortText: order(0, 0),
      retrigger: false,
    });
  }
  return out;
}

function itemSuggestions(context: Extract<CursorContext, { kind: 'item' }>, facts: CompletionFacts, base: { start: number; replaceEnd: number }): Suggestion[] {
  const present = new Set(context.present);
  const where = joined(context.path);
  if (BIN_COMPLETION.has(where)) return binarySuggestions(facts, present, base, (name) => ({ insertText: yamlScalar(name), snippet: false }));
  if (ENV_COMPLETION.has(where)) {
    // Names only: a value is never read here, let alone shown.
    return [...new Set(facts.envNames())]
      .filter((n) => isEnvNameValid(n) && !present.has(n))
      .sort()
      .map((name, i) => ({
        ...base,
        label: name,
        kind: 'variable',
        detail: 'environment variable set for the runtime',
        insertText: name,
        snippet: false,
        sortText: order(0, i),
        retrigger: false,
      }));
  }
  const scope = scopeAt(context.path, facts.scope ?? ALL_RUNTIMES);
  const help = fieldHelp(context.path, scope);
  return help ? valueItems(help, fieldHelp([...context.path, '*'], scope), scope, present, base, '') : [];
}

/** The values of a key (or of its list's items, `itemHelp`), each with the clause of its runtime's words
 *  about it as the detail. */
function valueItems(
  help: FieldHelp,
  itemHelp: FieldHelp | null,
  scope: FieldScope,
  present: ReadonlySet<string>,
  base: { start: number; replaceEnd: number },
  space: string,
): Suggestion[] {
  const doc = fieldMarkdown(itemHelp ?? help, scope);
  const plainDocs = [itemHelp, help].flatMap((h) => (h ? [...h.readers, ...h.others].map((r) => r.field.description) : []));
  const defaults = [itemHelp, help].flatMap((h) => (h ? h.readers.map((r) => r.field.default) : []));
  return fieldValues(help, itemHelp)
    .filter((v) => !present.has(v))
    .map((v, i) => ({
      ...base,
      label: v,
      kind: 'enum' as const,
      detail: plainDocs.map((d) => enumClause(d, v)).find((c) => c !== undefined) ?? fieldTypeSummary(itemHelp ?? help),
      documentation: doc,
      insertText: space + v,
      snippet: false,
      sortText: order(defaults.includes(v) ? 0 : 1, i),
      retrigger: false,
    }));
}

/** The clause of a schema description that is about one enum value: "`warn` loads it with a MISSING DEPS
 *  banner" → "warn loads it with a MISSING DEPS banner". */
function enumClause(doc: string, value: string): string | undefined {
  const clause = doc.split(/[,;:.](?:\s+|$)/).find((c) => c.includes(`\`${value}\``));
  const plain = clause?.replace(/`/g, '').trim();
  return plain && plain !== value ? plain : undefined;
}

/** Binaries to offer: those this skill declares first, then the workspace's; none already present. */
function binarySuggestions(
  facts: CompletionFacts,
  present: ReadonlySet<string>,
  base: { start: number; replaceEnd: number },
  insert: (name: string) => { insertText: string; snippet: boolean },
): Suggestion[] {
  const out: Suggestion[] = [];
  const seen = new Set(present);
  const add = (name: string, local: boolean): void => {
    if (!name.trim() || seen.has(name)) return;
    seen.add(name);
    out.push({
      ...base,
      label: name,
      kind: 'binary',
      detail: local ? 'binary listed in this skill' : 'binary used by another skill in this workspace',
      ...insert(name),
      sortText: order(local ? 0 : 1, out.length),
      retrigger: false,
    });
  };
  for (const name of [...facts.localBins()].sort()) add(name, true);
  for (const name of facts.knownBins()) add(name, false);
  return out;
}

/** Binaries the analysis's author view declares (for `localBins`). */
export function declaredBins(analysis: SkillAnalysis): string[] {
  const data = analysis.data;
  const out = new Set<string>();
  const req = record(data?.['requires']);
  const pre = record(data?.['prerequisites']);
  for (const list of [req?.['bins'], pre?.['commands']]) {
    if (Array.isArray(list)) for (const b of list) if (typeof b === 'string' || typeof b === 'number') out.add(String(b));
  }
  const bv = record(req?.['bin_versions']);
  if (bv) for (const k of Object.keys(bv)) out.add(k);
  return [...out];
}

function record(v: unknown): Record<string, unknown> | undefined {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
}

/** Smallest indentation used in the frontmatter (its nesting unit), or 2. */
export function indentUnit(text: string): number {
  const split = splitSkill(text, text.charCodeAt(0) === 0xfeff ? 1 : 0);
  const fm = split.frontmatter;
  if (!fm) return 2;
  let unit = 0;
  for (const l of frontmatterLines(text, fm.yamlStart, fm.yamlEnd)) {
    if (!l.blank && l.indent > 0 && (unit === 0 || l.indent < unit)) unit = l.indent;
  }
  return unit || 2;
}
