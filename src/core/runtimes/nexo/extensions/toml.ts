// A `plugin.toml` read as nexo-rs's `toml` crate (0.8, TOML 1.0) reads it: the text is parsed by a maintained
// TOML 1.0 parser (toml-eslint-parser, which keeps every node's source range), then laid out as the tree
// toml_edit hands serde — each table's keys in the order they first appear, a `[a.b]` header or a dotted key
// creating the tables on its way, `[[t]]` appending to an array of tables. No TOML is read by hand here.
//
// Syntax errors are said in toml_edit's words where they are known (the last line of its message, RULES.md
// §1.1: `invalid basic string`, `invalid table header` / ``expected `.`, `]` ``); elsewhere the parser's own
// words are kept and marked as such (`ownWords: false`).

import type { AST } from 'toml-eslint-parser';

/** The parser, loaded by the first `plugin.toml` read: a check that finds none does not load it. */
let parser: typeof import('toml-eslint-parser') | undefined;
function parseTOML(...args: Parameters<typeof import('toml-eslint-parser').parseTOML>): AST.TOMLProgram {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (parser ??= require('toml-eslint-parser') as typeof import('toml-eslint-parser')).parseTOML(...args);
}

/** [start, end) UTF-16 offsets into the manifest text. */
export interface Span {
  start: number;
  end: number;
}

export type TomlScalarKind = 'string' | 'integer' | 'float' | 'boolean' | 'datetime';

export type TomlNode =
  | { kind: 'table'; entries: Map<string, TomlEntry>; span: Span; inline: boolean }
  | { kind: 'array'; items: TomlNode[]; span: Span }
  | { kind: 'string'; value: string; span: Span }
  | { kind: 'integer'; value: bigint; span: Span }
  | { kind: 'float'; value: number; text: string; span: Span }
  | { kind: 'boolean'; value: boolean; span: Span }
  | { kind: 'datetime'; text: string; span: Span };

export type TomlTable = Extract<TomlNode, { kind: 'table' }>;

/** A key of a table: where its name is written (the last part of a dotted key or a header) and its value. */
export interface TomlEntry {
  key: Span;
  value: TomlNode;
}

export interface TomlSyntaxError {
  /** The last line of the message (toml_edit's words when `ownWords`). */
  message: string;
  /** The whole message: toml_edit's lines (e.g. `invalid table header` + ``expected `.`, `]` ``). */
  lines: string[];
  ownWords: boolean;
  span: Span;
}

export type TomlParse = { ok: true; root: TomlTable } | { ok: false; error: TomlSyntaxError };

type ContentNode = AST.TOMLContentNode;

function span(node: { range: [number, number] }): Span {
  return { start: node.range[0], end: node.range[1] };
}

function keyName(k: AST.TOMLBare | AST.TOMLQuoted): string {
  return k.type === 'TOMLBare' ? k.name : k.value;
}

function newTable(s: Span, inline = false): TomlTable {
  return { kind: 'table', entries: new Map(), span: s, inline };
}

function convert(node: ContentNode): TomlNode {
  switch (node.type) {
    case 'TOMLArray':
      return { kind: 'array', items: node.elements.map(convert), span: span(node) };
    case 'TOMLInlineTable': {
      const t = newTable(span(node), true);
      for (const kv of node.body) putKeyValue(t, kv);
      return t;
    }
    default:
      switch (node.kind) {
        case 'string':
          return { kind: 'string', value: node.value, span: span(node) };
        case 'integer':
          return { kind: 'integer', value: node.bigint, span: span(node) };
        case 'float':
          return { kind: 'float', value: node.value, text: node.number, span: span(node) };
        case 'boolean':
          return { kind: 'boolean', value: node.value, span: span(node) };
        default:
          return { kind: 'datetime', text: String(node.datetime ?? node.value), span: span(node) };
      }
  }
}

/** Walks (creating) the tables of a dotted path; the parser has already refused redefinitions. */
function descend(table: TomlTable, name: string, key: Span, whole: Span): TomlTable {
  const hit = table.entries.get(name);
  if (hit && hit.value.kind === 'table') return hit.value;
  if (hit && hit.value.kind === 'array') {
    const last = hit.value.items[hit.value.items.length - 1];
    if (last && last.kind === 'table') return last;
  }
  const t = newTable(whole);
  table.entries.set(name, { key, value: t });
  return t;
}

function putKeyValue(table: TomlTable, kv: AST.TOMLKeyValue): void {
  const keys = kv.key.keys;
  let t = table;
  for (let i = 0; i < keys.length - 1; i++) {
    const k = keys[i] as AST.TOMLBare | AST.TOMLQuoted;
    t = descend(t, keyName(k), span(k), span(kv));
  }
  const last = keys[keys.length - 1] as AST.TOMLBare | AST.TOMLQuoted;
  t.entries.set(keyName(last), { key: span(last), value: convert(kv.value) });
}

/** The `[header]` (or `[[header]]`) itself: from its first bracket to its last. */
function headerSpan(text: string, table: AST.TOMLTable): Span {
  let end = table.key.range[1];
  const close = table.kind === 'array' ? ']]' : ']';
  const at = text.indexOf(close, end);
  const eol = text.indexOf('\n', end);
  if (at >= 0 && (eol < 0 || at < eol)) end = at + close.length;
  return { start: table.range[0], end };
}

function putTable(root: TomlTable, text: string, table: AST.TOMLTable): void {
  const header = headerSpan(text, table);
  const parts = table.key.keys;
  let t = root;
  let p = 0;
  for (let i = 0; i < table.resolvedKey.length; i++) {
    const seg = table.resolvedKey[i] as string | number;
    if (typeof seg === 'number') continue; // the array-of-tables index: handled with its name below
    const k = parts[p] as AST.TOMLBare | AST.TOMLQuoted;
    p++;
    const isLastName = !table.resolvedKey.slice(i + 1).some((s) => typeof s === 'string');
    const keySpan = span(k);
    const next = table.resolvedKey[i + 1];
    if (isLastName && table.kind === 'array') {
      // `[[name]]`: a new table appended to the array `name`.
      const hit = t.entries.get(seg);
      const fresh = newTable(header);
      if (hit && hit.value.kind === 'array') hit.value.items.push(fresh);
      else t.entries.set(seg, { key: keySpan, value: { kind: 'array', items: [fresh], span: header } });
      t = fresh;
    } else if (typeof next === 'number') {
      // An enclosing array of tables: its last table.
      const hit = t.entries.get(seg);
      const last = hit && hit.value.kind === 'array' ? hit.value.items[hit.value.items.length - 1] : undefined;
      t = last && last.kind === 'table' ? last : descend(t, seg, keySpan, header);
    } else {
      t = descend(t, seg, keySpan, header);
      if (isLastName) {
        // The header that defines this table: its span is the header's, as toml_edit reports it.
        t.span = header;
        const entry = findEntry(root, table.resolvedKey);
        if (entry) entry.key = keySpan;
      }
    }
  }
  for (const kv of table.body) putKeyValue(t, kv);
}

function findEntry(root: TomlTable, path: readonly (string | number)[]): TomlEntry | null {
  let t: TomlNode = root;
  let entry: TomlEntry | null = null;
  for (const seg of path) {
    if (typeof seg === 'number') {
      if (t.kind !== 'array') return null;
      const item: TomlNode | undefined = t.items[seg];
      if (!item) return null;
      t = item;
      continue;
    }
    if (t.kind !== 'table') return null;
    entry = t.entries.get(seg) ?? null;
    if (!entry) return null;
    t = entry.value;
  }
  return entry;
}

/** Which kind of string a line left open, by the quote that opened it. */
function openString(text: string, at: number): 'basic' | 'literal' | 'multiline basic' | 'multiline literal' {
  const before = text.slice(0, at);
  const tb = before.lastIndexOf('"""');
  const tl = before.lastIndexOf("'''");
  const lineStart = before.lastIndexOf('\n', at - 1) + 1;
  const line = before.slice(lineStart);
  const q = /["']/.exec(line.replace(/^[^=]*=/, ''))?.[0];
  if (tb >= 0 && tb >= tl && (text.slice(tb + 3).match(/"""/g) ?? []).length === 0) return 'multiline basic';
  if (tl >= 0 && tl > tb && (text.slice(tl + 3).match(/'''/g) ?? []).length === 0) return 'multiline literal';
  return q === "'" ? 'literal' : 'basic';
}

/** toml_edit's words for a syntax error the parser reported, where they are known. */
function syntaxError(text: string, message: string, index: number): TomlSyntaxError {
  const at = Math.max(0, Math.min(index, text.length));
  const lineStart = text.lastIndexOf('\n', at - 1) + 1;
  // A header left open (`[plugin` then a line end): the parser notices only on the next line.
  const prevLineStart = text.lastIndexOf('\n', lineStart - 2) + 1;
  for (const start of [lineStart, prevLineStart]) {
    const eol = text.indexOf('\n', start);
    const line = text.slice(start, eol < 0 ? text.length : eol).replace(/\r$/, '');
    if (/^\s*\[/.test(line) && !line.includes(']') && start <= at) {
      const end = start + line.length;
      return { message: 'expected `.`, `]`', lines: ['invalid table header', 'expected `.`, `]`'], ownWords: true, span: { start: end, end } };
    }
  }
  if (message.startsWith('Unterminated string')) {
    const words = `invalid ${openString(text, at)} string`;
    return { message: words, lines: [words], ownWords: true, span: { start: at, end: at } };
  }
  const eol = text.indexOf('\n', at);
  return { message, lines: [message], ownWords: false, span: { start: at, end: Math.max(at, eol < 0 ? text.length : eol) } };
}

/** Deeper than this, arrays and inline tables are not read (the parser recurses); a finding says so. */
export const MAX_NESTING = 200;

function nestingTooDeep(text: string): number {
  let depth = 0;
  let inString: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\' && inString === '"') i++;
      else if (c === inString || c === '\n') inString = null;
      continue;
    }
    if (c === '"' || c === "'") inString = c;
    else if (c === '#') {
      const eol = text.indexOf('\n', i);
      i = eol < 0 ? text.length : eol;
    } else if (c === '[' || c === '{') {
      if (++depth > MAX_NESTING) return i;
    } else if (c === ']' || c === '}' || c === '\n') {
      if (c === '\n') continue;
      depth = Math.max(0, depth - 1);
    }
  }
  return -1;
}

export function parseToml(text: string): TomlParse {
  const deep = nestingTooDeep(text);
  if (deep >= 0) {
    const message = `nested more than ${MAX_NESTING} levels deep: not read here`;
    return { ok: false, error: { message, lines: [message], ownWords: false, span: { start: deep, end: deep + 1 } } };
  }
  let program: AST.TOMLProgram;
  try {
    program = parseTOML(text, { tomlVersion: '1.0.0' });
  } catch (e) {
    const err = e as { message?: unknown; index?: unknown };
    const message = typeof err.message === 'string' ? err.message : String(e);
    const index = typeof err.index === 'number' ? err.index : 0;
    if (e instanceof RangeError) {
      const m = 'too deeply nested to read here';
      return { ok: false, error: { message: m, lines: [m], ownWords: false, span: { start: 0, end: 0 } } };
    }
    return { ok: false, error: syntaxError(text, message, index) };
  }
  const root = newTable({ start: 0, end: 0 });
  const top = program.body[0];
  if (top) {
    for (const item of top.body) {
      if (item.type === 'TOMLKeyValue') putKeyValue(root, item);
      else putTable(root, text, item);
    }
  }
  return { ok: true, root };
}
