// Editor assistance for SKILL.md, as pure functions of the text, the engine's analysis and the facts the
// caller supplies: where the cursor stands in the frontmatter and what may be typed there (completion, from the
// field tables of the runtimes that apply: ./fieldHelp), what a hovered node means to those runtimes and on
// this machine (hover), and the edits that fix a finding (quick fixes). No `vscode`
// import and no processes: the language server turns these into completions, hovers and code actions, and
// hands in what only it knows (the workspace's binaries, environment variable NAMES, probe results).
//
// Completion reads the TEXT line by line rather than the YAML tree: while the author types, the frontmatter
// is usually not valid YAML (`requires:\n  mo` is a syntax error), yet the indentation already says where the
// cursor is. Hovers and fixes use the parsed tree and the engine's offsets.

import * as nodePath from 'node:path';
import type { Node } from 'yaml';
import type { AgentDef } from '../runtimes/nexo/agents';
import { editDistance, type SkillAnalysis } from '../check/analyze';
import { describeConstraint, parseConstraint } from '../rust/semver';
import { isEnvNameValid } from '../machine/env';
export { type FieldScope, fieldScope } from './fieldHelp';
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
import { frontmatterSchema, type SchemaNode } from '../skill/schema';
import type { NexoStatus, VersionCheck } from '../runtimes/nexo/status';
import type { Diagnostic, GatingMode, Missing } from '../types';
import { isMap, isPair, isScalar, isSeq, keyText, nodeRange, scalarText } from '../skill/yaml';

// ---------------------------------------------------------------------------------------------------------
// The schema (the shapes every runtime agrees on), walked the way quick fixes need it (through `oneOf`
// branches, e.g. the long form of a `bin_versions` entry). Completion and hover read the runtimes' field
// tables instead (./fieldHelp).

/** The schema node describing the value at `path` (keys from the root; list indices as digits). */
export function schemaAt(path: readonly string[]): SchemaNode | undefined {
  let node: SchemaNode | undefined = frontmatterSchema;
  for (const key of path) {
    if (!node) return undefined;
    node = childSchema(node, key);
  }
  return node;
}

function childSchema(node: SchemaNode, key: string): SchemaNode | undefined {
  const props = propertiesOf(node);
  if (props && Object.prototype.hasOwnProperty.call(props, key)) return props[key];
  if (/^\d+$/.test(key)) {
    const items = node.items ?? node.oneOf?.find((b) => b.items)?.items;
    if (items) return items;
  }
  if (node.additionalProperties && typeof node.additionalProperties === 'object') return node.additionalProperties;
  return undefined;
}

/** The keys a map at this schema node has (merging `oneOf` branches), or undefined for a non-map. */
export function propertiesOf(node: SchemaNode): Record<string, SchemaNode> | undefined {
  return node.properties ?? node.oneOf?.find((b) => b.properties)?.properties;
}

function typesOf(node: SchemaNode): string[] {
  const own = node.type === undefined ? [] : Array.isArray(node.type) ? node.type : [node.type];
  return [...own, ...(node.oneOf ?? []).flatMap(typesOf)];
}

function pointerPath(pointer: string): string[] {
  if (!pointer) return [];
  return pointer
    .slice(1)
    .split('/')
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
}

const BIN_LISTS: ReadonlySet<string> = new Set(['requires/bins', 'prerequisites/commands']);
const ENV_LISTS: ReadonlySet<string> = new Set(['requires/env', 'prerequisites/env_vars']);
/** Lists completion fills with binaries / variable names: those above and OpenClaw's and Hermes's own. */
const BIN_COMPLETION = new Set([...BIN_LISTS, 'metadata/openclaw/requires/bins', 'metadata/openclaw/requires/anyBins']);
const ENV_COMPLETION = new Set([...ENV_LISTS, 'metadata/openclaw/requires/env', 'required_environment_variables']);
const joined = (path: readonly string[]): string => path.join('/');

// ---------------------------------------------------------------------------------------------------------
// Where the cursor is (completion)

interface YamlLine {
  /** Offset of the line's first character, and of its end (before the line break). */
  start: number;
  end: number;
  raw: string;
  indent: number;
  /** Nothing but whitespace or a comment. */
  blank: boolean;
  /** `- …` */
  item: boolean;
  /** `key: …` (after `- ` for items). */
  key?: string;
  /** The key's inline value, comment stripped and trimmed ('' when the value follows on later lines). */
  value?: string;
  /** An item's scalar text (no key), unquoted. */
  itemValue?: string;
}

const KEY_LINE = /^("(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|[^\s'"#[\]{},:][^:]*?)\s*:(?:\s+(.*)|$)/;

/** The text before a ` #` comment (quotes respected). */
function stripComment(s: string): string {
  let quote = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '#' && (i === 0 || s[i - 1] === ' ' || s[i - 1] === '\t')) return s.slice(0, i);
  }
  return s;
}

function unquote(s: string): string {
  const t = s.trim();
  if (t.length >= 2 && ((t.startsWith('"') && t.endsWith('"')) || (t.startsWith("'") && t.endsWith("'")))) return t.slice(1, -1);
  return t;
}

function parseLine(raw: string, start: number): YamlLine {
  let indent = 0;
  while (raw[indent] === ' ') indent++;
  const body = stripComment(raw.slice(indent)).trimEnd();
  const line: YamlLine = { start, end: start + raw.length, raw, indent, blank: body === '', item: false };
  if (line.blank) return line;
  let rest = body;
  if (body === '-' || body.startsWith('- ')) {
    line.item = true;
    rest = body.slice(1).trimStart();
  }
  const m = KEY_LINE.exec(rest);
  if (m && m[1] !== undefined) {
    line.key = unquote(m[1]);
    line.value = (m[2] ?? '').trim();
  } else if (line.item) {
    line.itemValue = unquote(rest);
  }
  return line;
}

function frontmatterLines(text: string, from: number, to: number): YamlLine[] {
  const lines: YamlLine[] = [];
  let s = from;
  while (s < to) {
    let e = text.indexOf('\n', s);
    if (e === -1 || e > to) e = to;
    const raw = text.slice(s, e).replace(/\r$/, '');
    lines.push(parseLine(raw, s));
    s = e + 1;
  }
  return lines;
}

interface Ancestry {
  /** Keys from the root to the map (or list) the line belongs to. */
  path: string[];
  /** Index of the parent key's line, -1 at the top level. */
  parent: number;
}

/** The keys enclosing line `k` (indent `indent`, a list item or not), from the indentation of the lines
 *  above; null where the structure is not one completion understands (lists of maps, text continuations). */
function ancestry(lines: readonly YamlLine[], k: number, indent: number, isItem: boolean): Ancestry | null {
  const path: string[] = [];
  let cur = indent;
  let item = isItem;
  let parent = -1;
  for (let j = k - 1; j >= 0 && (cur > 0 || item); j--) {
    const l = lines[j];
    if (!l || l.blank || l.indent > cur) continue;
    // A list may sit at its key's own indentation (`bins:\n- ffmpeg`).
    if (l.indent === cur && !(item && !l.item && l.key !== undefined && l.value === '')) continue;
    if (l.item || l.key === undefined || l.value !== '') return null;
    if (parent === -1) parent = j;
    path.unshift(l.key);
    cur = l.indent;
    item = false;
  }
  if (cur > 0 || item) return null;
  return { path, parent };
}

/** Lines [from, to) of the block under the parent line (the whole frontmatter for the top level). */
function blockOf(lines: readonly YamlLine[], parent: number): [number, number] {
  if (parent < 0) return [0, lines.length];
  const pIndent = lines[parent]?.indent ?? 0;
  let end = parent + 1;
  while (end < lines.length) {
    const l = lines[end];
    if (l && !l.blank && l.indent <= pIndent && !(l.item && l.indent === pIndent)) break;
    end++;
  }
  return [parent + 1, end];
}

export type CursorContext =
  /** The whole document is blank. */
  | { kind: 'blank' }
  /** Typing a key of the map at `path`. */
  | { kind: 'key'; path: string[]; start: number; replaceEnd: number; present: string[]; colonFollows: boolean }
  /** Typing the scalar value of the key at `path`. */
  | { kind: 'value'; path: string[]; start: number; replaceEnd: number; needsSpace: boolean }
  /** Typing an entry of the list at `path` (block `- x` or flow `[a, x`). */
  | { kind: 'item'; path: string[]; start: number; replaceEnd: number; present: string[] };

/** Where `offset` stands in the frontmatter of `text` (null outside it, in comments, or where unsure). */
export function cursorContext(text: string, offset: number): CursorContext | null {
  const split = splitSkill(text, text.charCodeAt(0) === 0xfeff ? 1 : 0);
  if (split.state === 'blank') return { kind: 'blank' };
  const fm = split.frontmatter;
  if (!fm || offset < fm.yamlStart || offset >= fm.yamlEnd) return null;
  const lines = frontmatterLines(text, fm.yamlStart, fm.yamlEnd);
  const k = lines.findIndex((l) => offset >= l.start && offset <= l.end);
  const line = lines[k];
  if (!line) return null;
  const col = offset - line.start;
  const before = line.raw.slice(0, col);
  if (stripComment(before) !== before) return null;
  const after = line.raw.slice(col);
  const wordAfter = /^[^\s:,\]"'#]*/.exec(after)?.[0].length ?? 0;
  let indent = 0;
  while (before[indent] === ' ') indent++;
  const body = before.slice(indent);

  // `- entry` of a block list.
  if (body.startsWith('- ')) {
    const inner = body.slice(2).trimStart();
    if (inner.includes(':') || inner.startsWith('[') || inner.startsWith('{')) return null;
    const anc = ancestry(lines, k, indent, true);
    if (!anc) return null;
    const prefix = inner.replace(/^["']/, '');
    const [from, to] = blockOf(lines, anc.parent);
    const present: string[] = [];
    for (let j = from; j < to; j++) {
      const l = lines[j];
      if (j !== k && l?.item && l.indent === indent && l.itemValue !== undefined) present.push(l.itemValue);
    }
    return { kind: 'item', path: anc.path, start: offset - prefix.length, replaceEnd: offset + wordAfter, present };
  }

  const m = KEY_LINE.exec(body);
  if (m && m[1] !== undefined) {
    const anc = ancestry(lines, k, indent, false);
    if (!anc) return null;
    const path = [...anc.path, unquote(m[1])];
    const valueText = m[2] ?? '';
    const lead = valueText.length - valueText.trimStart().length;
    const value = valueText.trimStart();
    if (value.startsWith('[')) return flowListContext(line, col, indent + m[0].length - value.length, path, offset, wordAfter);
    if (/^[{|>&*!]/.test(value)) return null;
    const prefix = value.replace(/^["']/, '');
    return { kind: 'value', path, start: offset - prefix.length, replaceEnd: offset + wordAfter, needsSpace: m[2] === undefined && lead === 0 };
  }

  // A key being typed (nothing but key characters so far).
  if (!/^[^\s:#'"[\]{},]*$/.test(body)) return null;
  const anc = ancestry(lines, k, indent, false);
  if (!anc) return null;
  const [from, to] = blockOf(lines, anc.parent);
  const present: string[] = [];
  for (let j = from; j < to; j++) {
    const l = lines[j];
    if (j !== k && l && !l.item && l.indent === indent && l.key !== undefined) present.push(l.key);
  }
  return {
    kind: 'key',
    path: anc.path,
    start: offset - body.length,
    replaceEnd: offset + wordAfter,
    present,
    colonFollows: /^[^\s:]*\s*:/.test(after),
  };
}

/** Inside `key: [a, b, |`: the entry being typed and the others. `open` is the column of `[`. */
function flowListContext(line: YamlLine, col: number, open: number, path: string[], offset: number, wordAfter: number): CursorContext | null {
  const raw = line.raw;
  const segments: Array<{ from: number; to: number }> = [];
  let quote = '';
  let segStart = open + 1;
  let close = -1;
  for (let i = open + 1; i < raw.length; i++) {
    const c = raw[i];
    if (quote) {
      if (c === quote) quote = '';
      continue;
    }
    if (c === '"' || c === "'") quote = c;
    else if (c === '[' || c === '{')
      return null; // nested collections: not ours
    else if (c === ',' || c === ']') {
      segments.push({ from: segStart, to: i });
      segStart = i + 1;
      if (c === ']') {
        close = i;
        break;
      }
    }
  }
  if (close === -1) segments.push({ from: segStart, to: raw.length });
  if (close !== -1 && col > close) return null;
  const current = segments.find((s) => col >= s.from && col <= s.to);
  if (!current) return null;
  const typed = raw.slice(current.from, col).trimStart().replace(/^["']/, '');
  const present = segments
    .filter((s) => s !== current)
    .map((s) => unquote(stripComment(raw.slice(s.from, s.to))))
    .filter((v) => v !== '');
  return { kind: 'item', path, start: offset - typed.length, replaceEnd: offset + wordAfter, present };
}

// ---------------------------------------------------------------------------------------------------------
// What may be typed there

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

// ---------------------------------------------------------------------------------------------------------
// YAML text helpers

/** Plain scalars that YAML would read as something other than the same text. */
const NOT_TEXT =
  /^(?:~|null|Null|NULL|true|True|TRUE|false|False|FALSE|yes|no|on|off|[-+]?(?:\d[\d_]*(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|0x[0-9a-fA-F]+|0o[0-7]+|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$/;

/** `s` as a YAML scalar that reads back as the same text: plain when safe, else double-quoted. */
export function yamlScalar(s: string): string {
  return /^[A-Za-z0-9_./+-]+$/.test(s) && !NOT_TEXT.test(s) && !s.startsWith('-') ? s : JSON.stringify(s);
}

function escapeSnippet(s: string): string {
  return s.replace(/[\\$}]/g, '\\$&');
}

function lineStartOf(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1;
}

function lineEndOf(text: string, offset: number): number {
  let i = offset;
  while (i < text.length && text[i] !== '\n' && text[i] !== '\r') i++;
  return i;
}

/** The end of the line holding `offset`, including its line break. */
function lineEndWithBreak(text: string, offset: number): number {
  const e = lineEndOf(text, offset);
  if (text[e] === '\r' && text[e + 1] === '\n') return e + 2;
  return e < text.length ? e + 1 : e;
}

/** `end` moved back over trailing whitespace (block values end where the next key starts). */
function contentEnd(text: string, start: number, end: number): number {
  let e = end;
  while (e > start && /\s/.test(text[e - 1] ?? '')) e--;
  return e;
}

// ---------------------------------------------------------------------------------------------------------
// What is under the cursor (hover)

export interface NodeHit {
  /** Keys (and list indices) from the root to the hovered key or value. */
  path: string[];
  on: 'key' | 'value';
  /** Offsets in the analysis text. */
  start: number;
  end: number;
  /** The hovered scalar's text as written (plain) or decoded (quoted). */
  text: string;
}

/** The key or scalar value at `offset` (an offset into the analysis text). */
export function nodeAt(analysis: SkillAnalysis, offset: number): NodeHit | null {
  const yaml = analysis.yaml;
  const root = yaml?.doc?.contents;
  if (!yaml || !root) return null;
  return walkTo(root, [], offset, yaml.base);
}

function walkTo(node: unknown, path: string[], off: number, base: number): NodeHit | null {
  const within = (r: [number, number] | null): r is [number, number] => r !== null && off >= r[0] && off <= r[1];
  if (isMap(node)) {
    for (const pair of node.items) {
      if (!isPair(pair)) continue;
      const key = keyText(pair.key);
      const kr = nodeRange(pair.key as Node, base);
      if (within(kr)) return { path: [...path, key], on: 'key', start: kr[0], end: kr[1], text: key };
      if (pair.value && within(nodeRange(pair.value as Node, base))) {
        const hit = walkTo(pair.value, [...path, key], off, base);
        if (hit) return hit;
      }
    }
    return null;
  }
  if (isSeq(node)) {
    for (const [i, item] of node.items.entries()) {
      if (within(nodeRange(item as Node, base))) return walkTo(item, [...path, String(i)], off, base);
    }
    return null;
  }
  if (isScalar(node)) {
    const r = nodeRange(node, base);
    if (within(r)) return { path, on: 'value', start: r[0], end: r[1], text: scalarText(node) };
  }
  return null;
}

export type HoverTopic = 'schema' | 'bin' | 'version' | 'constraint' | 'env' | 'mode' | 'requires';

/** What a hit is about; every topic but `schema` needs the skill's status on this machine. */
export function hoverTopic(hit: NodeHit): HoverTopic | null {
  const p = hit.path;
  const parentPath = joined(p.slice(0, -1));
  if (hit.on === 'value' && BIN_LISTS.has(parentPath)) return 'bin';
  if (hit.on === 'value' && ENV_LISTS.has(parentPath)) return 'env';
  if (p.length === 3 && joined(p.slice(0, 2)) === 'requires/bin_versions') return hit.on === 'key' ? 'version' : 'constraint';
  if (p.length === 4 && joined(p.slice(0, 2)) === 'requires/bin_versions' && p[3] === 'constraint' && hit.on === 'value') return 'constraint';
  if (joined(p) === 'requires/mode') return 'mode';
  if (joined(p) === 'requires' && hit.on === 'key') return 'requires';
  if (hit.on === 'key' && fieldHelp(p, ALL_RUNTIMES)) return 'schema';
  return null;
}

export interface HoverFacts {
  /** The skill evaluated on this machine (null for the `schema` topic). */
  status: NexoStatus | null;
  /** To tell "set but blank" from "unset"; values are tested, never shown. */
  env: NodeJS.ProcessEnv;
  /** Agents whose `skill_overrides` set this skill's mode. */
  overrides: readonly AgentOverride[];
  /** The runtimes that apply to the skill (default: every runtime, unpinned). */
  scope?: FieldScope;
}

export interface AgentOverride {
  agent: string;
  mode: GatingMode;
  file: string;
}

/** Markdown for a hit (null when there is nothing to say). */
export function hoverMarkdown(analysis: SkillAnalysis, hit: NodeHit, facts: HoverFacts): string | null {
  const topic = hoverTopic(hit);
  if (!topic) return null;
  const parts: string[] = [];
  const status = facts.status;
  const ignored = ignoredNote(analysis);
  const p = hit.path;
  if (hit.on === 'key' && topic !== 'version') {
    const scope = facts.scope ?? ALL_RUNTIMES;
    const help = fieldHelp(p, scope);
    if (help) parts.push(fieldMarkdown(help, scope));
  }
  if (status) {
    switch (topic) {
      case 'bin':
        parts.push(p[0] === 'prerequisites' ? hermesCommandWords(hit.text, facts.scope) : binWords(hit.text, 'requires', status, ignored));
        break;
      case 'version':
        parts.push(binWords(hit.text, 'requires', status, ignored));
        break;
      case 'constraint': {
        const bin = p[2] ?? '';
        parts.push(
          constraintWords(
            hit.text,
            status.versions.find((v) => v.bin === bin),
            ignored,
          ),
        );
        break;
      }
      case 'env': {
        parts.push(p[0] === 'prerequisites' ? hermesEnvWords(hit.text, facts.env, facts.scope) : envWords(hit.text, 'requires', status, facts.env, ignored));
        break;
      }
      case 'mode':
        parts.push(modeWords(analysis, status, facts.overrides));
        break;
      case 'requires':
        parts.push(`On this machine: ${status.summary}`);
        break;
      default:
        break;
    }
  }
  return parts.length ? parts.join('\n\n---\n\n') : null;
}

/** Why a requirement is not checked at all, when nexo-rs does not use the frontmatter. */
function ignoredNote(analysis: SkillAnalysis): string | null {
  if (analysis.frontmatterEffective) return null;
  if (analysis.bom) return 'nexo-rs does not see this frontmatter (the file starts with a byte-order mark), so this requirement is not checked.';
  return 'nexo-rs ignores this whole frontmatter (see the error reported on it), so this requirement is not checked.';
}

/** A name in prose: plain when markdown leaves it alone, else a code span. */
function named(s: string): string {
  return /^[A-Za-z0-9_.+-]+$/.test(s) && !s.startsWith('-') ? s : code(s);
}

function code(s: string): string {
  const t = s.replace(/[\r\n]+/g, ' ');
  return t.includes('`') ? `\`\` ${t} \`\`` : `\`${t}\``;
}

/** Said instead of a Hermes requirement's state when Hermes does not apply to the skill. */
function hermesOff(scope: FieldScope | undefined): string | null {
  return scope && !scope.applicable.includes('hermes')
    ? 'Only Hermes reads `prerequisites`, and Hermes does not apply to this skill: nothing checks this entry.'
    : null;
}

/** A `prerequisites.commands` entry: Hermes lists it and checks nothing. */
function hermesCommandWords(name: string, scope: FieldScope | undefined): string {
  return (
    hermesOff(scope) ??
    `Hermes does not look ${named(name)} up: \`prerequisites.commands\` is advisory, so the skill is neither hidden nor asked to be set up for it.`
  );
}

/** A `prerequisites.env_vars` entry: Hermes's readiness (skill_view), never a reason to hide the skill. */
function hermesEnvWords(name: string, env: NodeJS.ProcessEnv, scope: FieldScope | undefined): string {
  const off = hermesOff(scope);
  if (off) return off;
  if (!isEnvNameValid(name)) return `${code(name)} is not a valid variable name: Hermes counts it as missing, so skill_view reports \`setup_needed\` for good.`;
  // Only whether the variable exists and is blank, never its value.
  const value = env[name];
  if (value !== undefined && value.trim() !== '') return `${named(name)} is set (its value is never shown): Hermes's readiness is met for it.`;
  const state = value === undefined ? 'is not set' : 'is set but blank';
  return `${named(name)} ${state} in this environment: Hermes still lists the skill, but skill_view reports \`setup_needed\` until it is set (in \`$HERMES_HOME/.env\` or the environment).`;
}

function binWords(name: string, source: 'requires' | 'prerequisites', status: NexoStatus, ignored: string | null): string {
  const check = status.bins.find((b) => b.name === name && b.source === source);
  const version = source === 'requires' ? status.versions.find((v) => v.bin === name) : undefined;
  const lines: string[] = [];
  if (check) {
    if (check.path === null && check.found) lines.push('A blank entry counts as present: it checks nothing.');
    else if (check.found) {
      lines.push(`${named(name)} is found: ${code(check.path ?? name)}${check.executable ? '' : ' (not executable: its version probe will fail)'}`);
    } else lines.push(`${named(name)} is not found on PATH (searched: ${check.searched.join(', ') || 'nothing'})`);
  } else if (version) {
    if (version.path) lines.push(`${named(name)} is found: ${code(version.path)}`);
    else if (version.reason === 'bin_not_found') lines.push(`${named(name)} is ${version.detail ?? 'not found on PATH'}`);
  } else if (source === 'requires' && ignored) {
    return ignored;
  } else if (status.verdict === 'skipped_disabled') {
    return 'mode: disable — the skill is dropped without any check.';
  }
  if (version) lines.push(versionLine(version));
  return lines.join('\n\n') || `${named(name)} is not checked.`;
}

function versionLine(v: VersionCheck): string {
  const probe = `${code(`${v.bin} ${v.command}`)}`;
  switch (v.reason) {
    case undefined:
      return `Version ${v.found ?? '?'} (from ${probe}) satisfies ${code(v.required)}.`;
    case 'constraint_unsatisfied':
      return `Version ${v.found ?? '?'} (from ${probe}) does not satisfy ${code(v.required)}.`;
    case 'bin_not_found':
      return `Its version requirement ${code(v.required)} counts as missing: the binary is not found.`;
    case 'invalid_constraint':
      return `Its version constraint ${code(v.required)} is invalid, so the runtime counts it as missing.`;
    case 'probe_failed':
      return `The version probe ${probe} failed${v.detail ? `: ${v.detail}` : ''}.`;
    case 'parse_failed':
      return `No version could be read from ${probe}${v.detail ? `: ${v.detail}` : ''}.`;
    case 'not_probed':
      return `Version not checked (${v.detail ?? 'not probed'}).`;
    default:
      return '';
  }
}

function constraintWords(text: string, check: VersionCheck | undefined, ignored: string | null): string {
  const parsed = parseConstraint(text);
  const lines: string[] = [];
  if (!parsed.ok) {
    // The constraint-invalid finding on the same range gives the reason (VS Code shows it in this hover, just
    // above): say only what follows from it.
    lines.push(`${code(text)} is not a valid Cargo-style constraint (the problem above says why), so the runtime counts this dependency as missing.`);
    if (ignored) lines.push(ignored);
    return lines.join('\n\n');
  }
  lines.push(`${code(text)} means ${describeConstraint(parsed.req)}.`);
  if (ignored) lines.push(ignored);
  else if (check) {
    const where = check.path ? ` (${code(check.path)})` : '';
    switch (check.reason) {
      case undefined:
        lines.push(`Satisfied by the installed version ${check.found ?? '?'}${where}.`);
        break;
      case 'constraint_unsatisfied':
        lines.push(`Not satisfied: the installed version is ${check.found ?? '?'}${where}.`);
        break;
      default:
        lines.push(versionLine(check));
    }
  }
  return lines.join('\n\n');
}

function envWords(name: string, source: 'requires' | 'prerequisites', status: NexoStatus, env: NodeJS.ProcessEnv, ignored: string | null): string {
  const check = status.env.find((e) => e.name === name && e.source === source);
  if (!check) {
    if (source === 'requires' && ignored) return ignored;
    if (status.verdict === 'skipped_disabled') return 'mode: disable — the skill is dropped without any check.';
    return `${named(name)} is not checked.`;
  }
  if (check.set) return `${named(name)} is set (its value is never shown).`;
  if (source === 'prerequisites' && !isEnvNameValid(name)) return `${code(name)} is not a valid variable name: Hermes counts it as missing.`;
  // Only whether the variable exists, to tell "blank" from "unset"; the value itself is not read out.
  const exists = Object.prototype.hasOwnProperty.call(env, name);
  return exists ? `${named(name)} is set but blank, which counts as missing.` : `${named(name)} is not set.`;
}

function modeWords(analysis: SkillAnalysis, status: NexoStatus, overrides: readonly AgentOverride[]): string {
  const lines: string[] = [];
  if (!analysis.frontmatterEffective) {
    lines.push(
      analysis.bom
        ? 'nexo-rs does not see this frontmatter (byte-order mark), so this mode does not apply.'
        : 'nexo-rs ignores this whole frontmatter (see the error reported on it), so this mode does not apply: the skill loads as if it declared nothing.',
    );
  } else {
    const what = missingPhrase(status.missing);
    const m = status.mode;
    switch (status.verdict) {
      case 'skipped_strict':
        lines.push(`${m}: this skill is hidden because ${what}.`);
        break;
      case 'loaded_with_banner':
        lines.push(`${m}: this skill is loaded with a MISSING DEPS banner because ${what}.`);
        break;
      case 'loaded':
        lines.push(
          m === 'warn'
            ? 'warn: every requirement is met, so this skill is loaded without a banner.'
            : `${m}: every requirement is met, so this skill is loaded; it would be hidden if one were missing.`,
        );
        break;
      case 'skipped_disabled':
        lines.push('disable: this skill is always dropped; no requirement is checked.');
        break;
      default:
        lines.push(`${m}: ${status.summary}`);
    }
    lines.push(
      status.modeSource === 'frontmatter'
        ? 'Mode from `requires.mode` in this file.'
        : status.modeSource === 'default'
          ? 'No `requires.mode`: strict is the default.'
          : "Mode from the agent's `skill_overrides`.",
    );
  }
  for (const o of overrides)
    lines.push(`Agent ${code(o.agent)} overrides it with ${code(o.mode)} (\`skill_overrides\` in ${code(nodePath.basename(o.file))}).`);
  return lines.join('\n\n');
}

/** "a is not found, B is unset and c 0.9.0 does not satisfy >=1.0". */
export function missingPhrase(m: Missing): string {
  const parts: string[] = [];
  for (const b of m.bins) parts.push(`${named(b)} is not found`);
  for (const e of m.env) parts.push(`${named(e)} is unset`);
  for (const v of m.versions) {
    switch (v.reason) {
      case 'constraint_unsatisfied':
        parts.push(`${named(v.bin)} ${v.found ?? '?'} does not satisfy ${code(v.required)}`);
        break;
      case 'bin_not_found':
        if (!m.bins.includes(v.bin)) parts.push(`${named(v.bin)} is not found`);
        break;
      case 'probe_failed':
        parts.push(`the version probe of ${named(v.bin)} failed`);
        break;
      case 'parse_failed':
        parts.push(`the version of ${named(v.bin)} could not be read`);
        break;
      case 'invalid_constraint':
        parts.push(`the constraint ${code(v.required)} for ${named(v.bin)} is invalid`);
        break;
      default:
        break;
    }
  }
  if (parts.length <= 1) return parts[0] ?? 'nothing is missing';
  return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

/** Agents whose `skill_overrides` set the mode of the skill in `skillDir` (the runtime's lookup rules). */
export function agentOverridesFor(agents: readonly AgentDef[], skillDir: string, agentsFileOf: (a: AgentDef) => string): AgentOverride[] {
  const dir = nodePath.resolve(skillDir);
  const id = nodePath.basename(dir);
  const out: AgentOverride[] = [];
  for (const a of agents) {
    const mode = a.overrides.get(id);
    if (!mode || !a.skills.includes(id)) continue;
    const root = nodePath.resolve(a.skillsDir);
    const parent = nodePath.dirname(dir);
    if (parent === root || (nodePath.basename(parent) === '__global__' && nodePath.dirname(parent) === root))
      out.push({ agent: a.id, mode, file: agentsFileOf(a) });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// Quick fixes

export interface EditSpec {
  /** Offsets in the analysis text. */
  start: number;
  end: number;
  text: string;
}

export interface QuickFix {
  title: string;
  edits: EditSpec[];
  preferred: boolean;
  /** True when applying it cannot change what the skill means, only make the text say it the way the runtime
   *  reads it (`bins: x` → `[x]`, an npm range → the same Cargo range, quoting a value a colon broke, the name
   *  set to the folder name the runtime already goes by): what `check --fix` applies unattended. */
  safe?: boolean;
  /** Set instead of edits when nothing can be rewritten: the explanation to show. */
  explain?: string;
}

/** The fixes for one of the analysis's findings, computed from the engine's offsets and `data`. */
export function quickFixes(analysis: SkillAnalysis, d: Diagnostic): QuickFix[] {
  const data = d.data ?? {};
  const replacement = typeof data.replacement === 'string' ? data.replacement : undefined;
  const replace = (title: string, text: string, start = d.start, end = d.end): QuickFix => ({ title, edits: [{ start, end, text }], preferred: true });
  switch (d.code) {
    case 'name-dir-mismatch':
      return replacement !== undefined ? [{ ...replace(`Set \`name\` to the folder name \`${replacement}\``, yamlScalar(replacement)), safe: true }] : [];
    case 'name-charset': {
      const fixes = replacement !== undefined ? [replace(`Change \`name\` to \`${replacement}\``, yamlScalar(replacement))] : [];
      const dir = analysis.dirName;
      if (dir && dir !== replacement && /^[a-z0-9]+(-[a-z0-9]+)*$/.test(dir))
        fixes.push({ ...replace(`Set \`name\` to the folder name \`${dir}\``, dir), preferred: fixes.length === 0 });
      return fixes;
    }
    case 'name-missing':
      return replacement !== undefined ? nameMissingFix(analysis, replacement) : [];
    case 'yaml-syntax': {
      const { replaceStart, replaceEnd } = data;
      if (replacement === undefined || typeof replaceStart !== 'number' || typeof replaceEnd !== 'number') return [];
      // Safe unless the value holds ` #`: quoted, a comment the author wrote would become part of the value.
      return [{ ...replace(`Quote the value: ${replacement}`, replacement, replaceStart, replaceEnd), safe: !/\s#/.test(replacement) }];
    }
    case 'constraint-invalid': {
      if (data.kind === 'npm-or') {
        return [{ title: 'Why `||` has no Cargo equivalent (nothing to rewrite)', edits: [], preferred: false, explain: d.message }];
      }
      const { replaceStart, replaceEnd } = data;
      if (replacement === undefined || typeof replaceStart !== 'number' || typeof replaceEnd !== 'number') return [];
      // The engine suggests a rewrite only when it means exactly what the author's text means (constraint.ts).
      return [
        { ...replace(`Use Cargo syntax: \`${replacement}\``, data.quote ? JSON.stringify(replacement) : replacement, replaceStart, replaceEnd), safe: true },
      ];
    }
    case 'requirements-ignored':
    case 'type-mismatch':
    case 'enum-invalid':
      return typeof data.pointer === 'string' ? pointerFixes(analysis, data.pointer) : [];
    case 'requires-duplicate':
      return typeof data.pointer === 'string' && typeof data.removeIndex === 'number' ? removeListItem(analysis, data.pointer, data.removeIndex) : [];
    case 'duplicate-key':
      return removeDuplicateKey(analysis, d.start);
    case 'scalar-not-string':
      return replacement !== undefined ? [replace(`Quote it: ${replacement}`, replacement)] : [];
    case 'unknown-field':
      return replacement !== undefined ? [replace(`Rename to \`${replacement}\``, replacement)] : [];
    case 'probe-regex-capture-group':
      return replacement !== undefined ? [replace(`Match only the version: ${replacement}`, replacement)] : [];
    case 'link-backslash':
      // `\` is a separator only on Windows; `/` is one everywhere (and the only one in a Markdown link).
      return replacement !== undefined ? [{ ...replace(`Use \`/\`: \`${replacement}\``, replacement), safe: true }] : [];
    default:
      return [];
  }
}

function nameMissingFix(analysis: SkillAnalysis, folder: string): QuickFix[] {
  const yaml = analysis.yaml;
  const fm = analysis.split.frontmatter;
  if (!yaml || !fm) return [];
  const title = `Add \`name: ${folder}\` (the folder name)`;
  const keyNode = yaml.keys.get('/name');
  const kr = nodeRange(keyNode, yaml.base);
  if (kr) {
    const valueNode = yaml.nodes.get('/name');
    const vr = nodeRange(valueNode, yaml.base);
    if (vr && vr[1] > vr[0]) return [{ title, edits: [{ start: vr[0], end: vr[1], text: yamlScalar(folder) }], preferred: true, safe: true }];
    const colon = analysis.text.indexOf(':', kr[1]);
    if (colon === -1) return [];
    return [{ title, edits: [{ start: colon + 1, end: lineEndOf(analysis.text, colon), text: ` ${yamlScalar(folder)}` }], preferred: true, safe: true }];
  }
  return [{ title, edits: [{ start: fm.yamlStart, end: fm.yamlStart, text: `name: ${yamlScalar(folder)}\n` }], preferred: true, safe: true }];
}

/** Fixes for a value of the wrong shape at `pointer`: a scalar where a list belongs, a misspelt enum value,
 *  a number or boolean where text belongs. */
function pointerFixes(analysis: SkillAnalysis, pointer: string): QuickFix[] {
  const yaml = analysis.yaml;
  const node = yaml?.nodes.get(pointer);
  const path = pointerPath(pointer);
  const schema = schemaAt(path);
  if (!yaml || !schema || !isScalar(node) || node.value === null) return [];
  const r = nodeRange(node, yaml.base);
  if (!r) return [];
  const raw = analysis.text.slice(r[0], r[1]);
  if (raw.includes('\n') || raw.includes('\r')) return [];
  const t = typesOf(schema);
  const field = path[path.length - 1] ?? '';
  if (t.includes('array') && !t.includes('string')) {
    // Safe when `[raw]` reads back as the one item written (no `,`, brackets, braces or comment in a plain scalar).
    const oneItem = /^(?:"[^"\\]*"|'[^']*')$/.test(raw) || (!/[,[\]{}]|\s#/.test(raw) && !/^[&*!|>%@`'"]/.test(raw));
    return [{ title: `Make \`${field}\` a list: [${raw}]`, edits: [{ start: r[0], end: r[1], text: `[${raw}]` }], preferred: true, safe: oneItem }];
  }
  if (schema.enum && typeof node.value === 'string') {
    const written = node.value;
    const ranked = schema.enum.map((v) => ({ v, d: editDistance(written.toLowerCase(), v, 3) })).sort((a, b) => a.d - b.d);
    return ranked.map(({ v, d }, i) => ({ title: `Change to \`${v}\``, edits: [{ start: r[0], end: r[1], text: v }], preferred: i === 0 && d <= 2 }));
  }
  if (t.includes('string') && (typeof node.value === 'number' || typeof node.value === 'boolean' || typeof node.value === 'bigint')) {
    const quoted = JSON.stringify(raw);
    return [{ title: `Quote it: ${quoted}`, edits: [{ start: r[0], end: r[1], text: quoted }], preferred: true }];
  }
  return [];
}

function removeListItem(analysis: SkillAnalysis, pointer: string, index: number): QuickFix[] {
  const yaml = analysis.yaml;
  const seq = yaml?.nodes.get(pointer);
  if (!yaml || !isSeq(seq) || index < 1) return [];
  const item = nodeRange(seq.items[index] as Node, yaml.base);
  const prev = nodeRange(seq.items[index - 1] as Node, yaml.base);
  if (!item || !prev) return [];
  const text = analysis.text;
  const value = text.slice(item[0], item[1]);
  const title = `Remove the repeated ${code(value)}`;
  if (seq.flow) return [{ title, edits: [{ start: prev[1], end: item[1], text: '' }], preferred: true }];
  const start = lineStartOf(text, item[0]);
  if (!/^\s*-\s*$/.test(text.slice(start, item[0]))) return [];
  return [{ title, edits: [{ start, end: lineEndWithBreak(text, item[1]), text: '' }], preferred: true }];
}

/** Removes the map entry whose key starts at `keyStart` (the repeat the parser reported), block maps only. */
function removeDuplicateKey(analysis: SkillAnalysis, keyStart: number): QuickFix[] {
  const yaml = analysis.yaml;
  const root = yaml?.doc?.contents;
  if (!yaml || !root) return [];
  const text = analysis.text;
  const stack: unknown[] = [root];
  while (stack.length) {
    const node = stack.pop();
    if (isSeq(node)) stack.push(...node.items);
    if (!isMap(node)) continue;
    for (const pair of node.items) {
      if (!isPair(pair)) continue;
      stack.push(pair.value);
      const kr = nodeRange(pair.key as Node, yaml.base);
      if (!kr || kr[0] !== keyStart) continue;
      if (node.flow) return [];
      const start = lineStartOf(text, kr[0]);
      if (text.slice(start, kr[0]).trim() !== '') return [];
      const vr = nodeRange(pair.value as Node, yaml.base);
      const end = contentEnd(text, kr[0], vr ? Math.max(vr[1], kr[1]) : kr[1]);
      return [
        {
          title: `Remove the repeated ${code(keyText(pair.key))} (keep the first)`,
          edits: [{ start, end: lineEndWithBreak(text, end), text: '' }],
          preferred: true,
        },
      ];
    }
  }
  return [];
}

/** Where the "use mode: warn" action is offered: the `requires` (or `prerequisites`) entry, key to value. */
export function modeAnchors(analysis: SkillAnalysis): Array<[number, number]> {
  const yaml = analysis.yaml;
  if (!yaml) return [];
  const out: Array<[number, number]> = [];
  for (const key of ['requires', 'prerequisites']) {
    const kr = nodeRange(yaml.keys.get(`/${key}`), yaml.base);
    if (!kr) continue;
    const vr = nodeRange(yaml.nodes.get(`/${key}`), yaml.base);
    out.push([kr[0], vr ? contentEnd(analysis.text, kr[0], Math.max(vr[1], kr[1])) : kr[1]]);
  }
  return out;
}

/** The edit that sets `requires.mode` (adding the key, or the whole `requires` block, when absent). */
export function setModeEdit(analysis: SkillAnalysis, mode: GatingMode, unit = 2): EditSpec | null {
  const yaml = analysis.yaml;
  const fm = analysis.split.frontmatter;
  if (!yaml || !fm || !yaml.doc) return null;
  const text = analysis.text;
  const modeNode = yaml.nodes.get('/requires/mode');
  const modeRange = nodeRange(modeNode, yaml.base);
  if (isScalar(modeNode) && modeRange && modeRange[1] > modeRange[0]) return { start: modeRange[0], end: modeRange[1], text: mode };
  const req = yaml.nodes.get('/requires');
  const keyRange = nodeRange(yaml.keys.get('/requires'), yaml.base);
  if (isMap(req)) {
    const r = nodeRange(req, yaml.base);
    if (!r) return null;
    if (req.flow) {
      const close = text.lastIndexOf('}', r[1]);
      if (close < r[0]) return null;
      return { start: close, end: close, text: `${req.items.length ? ', ' : ''}mode: ${mode}` };
    }
    const pairs = req.items.filter(isPair);
    const first = pairs[0];
    const last = pairs[pairs.length - 1];
    const fr = first ? nodeRange(first.key as Node, yaml.base) : null;
    const lr = last ? nodeRange(last.key as Node, yaml.base) : null;
    if (!last || !fr || !lr) return null;
    const indent = fr[0] - lineStartOf(text, fr[0]);
    const vr = nodeRange(last.value as Node, yaml.base);
    const end = lineEndOf(text, contentEnd(text, lr[0], vr ? Math.max(vr[1], lr[1]) : lr[1]));
    return { start: end, end, text: `\n${' '.repeat(indent)}mode: ${mode}` };
  }
  if (keyRange) {
    // `requires:` with nothing (or `~`) after it.
    const colon = text.indexOf(':', keyRange[1]);
    if (colon === -1 || (req !== undefined && !(isScalar(req) && req.value === null))) return null;
    return { start: colon + 1, end: lineEndOf(text, colon), text: `\n${' '.repeat(unit)}mode: ${mode}` };
  }
  return { start: fm.yamlEnd, end: fm.yamlEnd, text: `requires:\n${' '.repeat(unit)}mode: ${mode}\n` };
}
