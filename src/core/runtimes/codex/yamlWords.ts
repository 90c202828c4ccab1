// Codex reads the frontmatter with serde_yaml, whose syntax errors are libyaml's, printed as
// `<problem> at line L column C[, while <context>[ at line L column C]]` (1-based, columns in characters; the
// context's position is left out when it is the problem's own). The YAML itself is parsed here by the `yaml`
// library (read.ts); it finds the same faults but says them in its own words and places them elsewhere, so
// this file re-says the fault of the line `yaml` stopped at in libyaml's words, one rule per fault the golden
// data shows (case e02 pins every message marked so below). A fault no rule knows keeps `yaml`'s own message
// at its line and column — not the release's words, and marked so by `pinned: false`.

import type { YAMLError } from 'yaml';
import { charCount, lineColumn } from './text';

export interface YamlFault {
  message: string;
  /** True when a golden case shows the release's exact words for this kind of fault. */
  pinned: boolean;
}

function at(line: number, column: number): string {
  return `line ${line} column ${column}`;
}

/** `key: value` on one line: where the value starts (UTF-16 index in the line), or null. */
function valueStart(line: string): number | null {
  const m = /^( *)([^\s#'"?:,[\]{}&*!|>%@`-][^:\n]*?):(?:[ \t]+|$)/.exec(line);
  if (!m) return null;
  const idx = m[0].length;
  return idx < line.length ? idx : null;
}

/** Where each anchor `&name` is first written in the text. */
function anchorsOf(text: string): Map<string, number> {
  const out = new Map<string, number>();
  const re = /(^|[\s[{,])&([^\s,[\]{}]+)/g;
  for (let m = re.exec(text); m; m = re.exec(text)) if (m[2] !== undefined && !out.has(m[2])) out.set(m[2], m.index);
  return out;
}

/** The end of a quoted scalar opened at `open` (index into text), or -1 when it is never closed. */
function quoteEnd(text: string, open: number): number {
  const q = text[open];
  for (let i = open + 1; i < text.length; i++) {
    if (q === '"' && text[i] === '\\') i++;
    else if (text[i] === q) {
      if (q === "'" && text[i + 1] === "'") i++;
      else return i;
    }
  }
  return -1;
}

/** Where each line starts in the text. */
function lineOffsets(lines: string[]): number[] {
  const out: number[] = [];
  let n = 0;
  for (const l of lines) {
    out.push(n);
    n += l.length + 1;
  }
  return out;
}

/** libyaml's words for the fault on line `lineNo` (0-based) of the frontmatter, when a rule knows it. */
interface Source {
  text: string;
  lines: string[];
  offsets: number[];
  anchors: Map<string, number> | null;
}

function faultOnLine(src: Source, lineNo: number): YamlFault | null {
  const { text, lines, offsets } = src;
  const line = lines[lineNo] ?? '';
  const lineOffset = offsets[lineNo] ?? 0;
  const col = (i: number): number => charCount(line.slice(0, i)) + 1;
  const L = lineNo + 1;

  // A tab where indentation is read: libyaml stops inside the plain scalar of the line before, which the tab line
  // would continue (case e02, tab-key), else at the tab itself.
  const tab = /^[ ]*\t/.exec(line);
  if (tab && line.trim() !== '') {
    const tabCol = col(tab[0].length - 1);
    for (let p = lineNo - 1; p >= 0; p--) {
      const prev = lines[p] ?? '';
      if (prev.trim() === '') continue;
      const vs = valueStart(prev);
      if (vs !== null && !/^["'|>[{&*!]/.test(prev.slice(vs)))
        return {
          message: `found a tab character that violates indentation at ${at(L, tabCol)}, while scanning a plain scalar at ${at(p + 1, charCount(prev.slice(0, vs)) + 1)}`,
          pinned: true,
        };
      break;
    }
    return { message: `found character that cannot start any token at ${at(L, tabCol)}, while scanning for the next token`, pinned: false };
  }

  const vs = valueStart(line);
  if (vs === null) return null;
  const v = line.slice(vs);
  const C = col(vs);
  const c0 = v[0] ?? '';
  // `- ` after a key on the same line (case e02, dash).
  if (c0 === '-' && (v.length === 1 || /\s/.test(v[1] ?? '')))
    return { message: `block sequence entries are not allowed in this context at ${at(L, C)}`, pinned: true };
  // `? ` after a key (case e02, question).
  if (c0 === '?' && (v.length === 1 || /\s/.test(v[1] ?? ''))) return { message: `mapping keys are not allowed in this context at ${at(L, C)}`, pinned: true };
  // `%`, `@`, a backquote (case e02, percent; `@` and the backquote are read as text by the retry: case e01).
  if (c0 === '%' || c0 === '@' || c0 === '`')
    return { message: `found character that cannot start any token at ${at(L, C)}, while scanning for the next token`, pinned: c0 === '%' };
  // A comma (case e02, comma); a closing bracket is refused the same way (not shown by a case).
  if (c0 === ',' || c0 === ']' || c0 === '}')
    return { message: `did not find expected node content at ${at(L, C)}, while parsing a block node`, pinned: c0 === ',' };
  // A block scalar header followed by text (case e02, gt-text).
  if (c0 === '>' || c0 === '|') {
    const h = /^[>|](?:[1-9][+-]?|[+-][1-9]?)?[ \t]*/.exec(v);
    const rest = v.slice(h ? h[0].length : 1);
    if (rest !== '' && !(rest[0] === '#' && h && /[ \t]$/.test(h[0])))
      return {
        message: `did not find expected comment or line break at ${at(L, col(vs + (h ? h[0].length : 1)))}, while scanning a block scalar at ${at(L, C)}`,
        pinned: true,
      };
    return null;
  }
  // An alias whose anchor was never defined: serde_yaml stops there (case e02, star).
  if (c0 === '*') {
    const name = /^\*([^\s,[\]{}]+)/.exec(v)?.[1] ?? '';
    src.anchors ??= anchorsOf(text);
    const defined = src.anchors.get(name);
    if (defined === undefined || defined >= lineOffset + vs) return { message: `unknown anchor at ${at(L, C)}`, pinned: true };
    return null;
  }
  // A quoted scalar never closed: libyaml reads to the end of the frontmatter (case e02, quote).
  if (c0 === '"' || c0 === "'") {
    if (quoteEnd(text, lineOffset + vs) === -1) {
      const end = lineColumn(text, text.length);
      return { message: `found unexpected end of stream at ${at(end.line, end.column)}, while scanning a quoted scalar at ${at(L, C)}`, pinned: true };
    }
    return null;
  }
  // A flow collection followed by more text (`[draft] Prepares…`; read as text by the retry: case e01).
  if (c0 === '[' || c0 === '{') return null;
  // `: ` inside a plain value (read as text by the retry: case e01).
  const colon = /:(?=[ \t]|$)/.exec(v);
  if (colon) return { message: `mapping values are not allowed in this context at ${at(L, col(vs + colon.index))}`, pinned: false };
  return null;
}

/** The release's message for a frontmatter that `yaml` refused with `error`. */
export function libyamlFault(text: string, error: YAMLError | null): YamlFault {
  const lines = text.split('\n');
  const src: Source = { text, lines, offsets: lineOffsets(lines), anchors: null };
  const stop = error ? lineColumn(text, error.pos[0]).line - 1 : lines.length - 1;
  for (let i = 0; i <= Math.min(stop, lines.length - 1); i++) {
    const f = faultOnLine(src, i);
    if (f) return f;
  }
  if (!error) return { message: 'invalid YAML', pinned: false };
  const p = lineColumn(text, error.pos[0]);
  const own = (error.message.split('\n')[0] ?? '').replace(/ at line \d+, column \d+:?$/, '');
  return { message: `${own} at ${at(p.line, p.column)}`, pinned: false };
}

/** Syntax faults `yaml` does not report but serde_yaml does: an alias of an anchor never defined (case e02). */
export function unknownAlias(text: string): YamlFault | null {
  const lines = text.split('\n');
  const src: Source = { text, lines, offsets: lineOffsets(lines), anchors: null };
  for (let i = 0; i < lines.length; i++) {
    const vs = valueStart(lines[i] ?? '');
    if (vs !== null && lines[i]?.[vs] === '*') {
      const f = faultOnLine(src, i);
      if (f) return f;
    }
  }
  return null;
}
