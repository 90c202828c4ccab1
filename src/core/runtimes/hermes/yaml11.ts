// `yaml.load(text, Loader=CSafeLoader)` as Hermes calls it (agent/skill_utils.py:105-117): libyaml parses,
// PyYAML's SafeConstructor builds Python values with YAML 1.1 rules. We parse with the `yaml` package
// (YAML 1.1 mode) and build the values ourselves with PyYAML's resolver and constructors, because what
// Hermes does next depends on the exact Python value: `yes` is True, `1.10` is the float 1.1, `010` is 8,
// `12:30` is 750, a date is a `datetime.date`, a repeated key keeps its last value, `<<` merges.
//
// Anything PyYAML raises on makes Hermes fall back to its line splitter, so every raise is reproduced as
// an error here: syntax errors, unknown tags, a plain `=` (the `value` tag has no constructor), a `<<`
// that is not a mapping key, an unhashable key, an invalid date, a duplicated anchor name, and characters
// libyaml's reader refuses.

import { Alias, isAlias, isMap, isPair, isScalar, isSeq, parseDocument, Scalar, type Node, type Document } from 'yaml';
import { PyBytes, PyDate, PyDateTime, PyDict, PyError, PyFloat, PyInt, PyList, PySet, PyTuple, type PyValue } from './pyvalue';

export interface YamlLoadOk {
  ok: true;
  value: PyValue;
  doc: Document.Parsed;
  /** Maps an offset in `doc` (node ranges) back to the text that was loaded. */
  toSource: (offset: number) => number;
}

export interface YamlLoadError {
  ok: false;
  /** What PyYAML would complain about, in plain words (ours, not libyaml's exact text). */
  message: string;
  /** Offset in the parsed text where the problem is, when known. */
  offset: number;
}

export type YamlLoadResult = YamlLoadOk | YamlLoadError;

const TAG = 'tag:yaml.org,2002:';

// PyYAML's implicit resolvers (yaml/resolver.py), tried in its registration order. Only plain scalars are
// resolved; a quoted or block scalar is always a str.
const RE_BOOL = /^(?:yes|Yes|YES|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF)$/;
const RE_FLOAT =
  /^(?:[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+][0-9]+)?|\.[0-9][0-9_]*(?:[eE][-+][0-9]+)?|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$/;
const RE_INT = /^(?:[-+]?0b[0-1_]+|[-+]?0[0-7_]+|[-+]?(?:0|[1-9][0-9_]*)|[-+]?0x[0-9a-fA-F_]+|[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+)$/;
const RE_MERGE = /^<<$/;
const RE_NULL = /^(?:~|null|Null|NULL|)$/;
const RE_TIMESTAMP =
  /^(?:[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]|[0-9][0-9][0-9][0-9]-[0-9][0-9]?-[0-9][0-9]?(?:[Tt]|[ \t]+)[0-9][0-9]?:[0-9][0-9]:[0-9][0-9](?:\.[0-9]*)?(?:[ \t]*(?:Z|[-+][0-9][0-9]?(?::[0-9][0-9])?))?)$/;
const RE_VALUE = /^=$/;

/** PyYAML's `timestamp_regexp` in the constructor (looser than the resolver: one-digit month and day). */
const RE_TIMESTAMP_PARTS =
  /^([0-9][0-9][0-9][0-9])-([0-9][0-9]?)-([0-9][0-9]?)(?:(?:[Tt]|[ \t]+)([0-9][0-9]?):([0-9][0-9]):([0-9][0-9])(?:\.([0-9]*))?(?:[ \t]*(Z|([-+])([0-9][0-9]?)(?::([0-9][0-9]))?))?)?$/;

/** The tag PyYAML's resolver gives a plain scalar. */
export function resolvePlain(s: string): string {
  if (RE_BOOL.test(s)) return `${TAG}bool`;
  if (RE_FLOAT.test(s)) return `${TAG}float`;
  if (RE_INT.test(s)) return `${TAG}int`;
  if (RE_MERGE.test(s)) return `${TAG}merge`;
  if (RE_NULL.test(s)) return `${TAG}null`;
  if (RE_TIMESTAMP.test(s)) return `${TAG}timestamp`;
  if (RE_VALUE.test(s)) return `${TAG}value`;
  return `${TAG}str`;
}

/** libyaml's reader accepts only printable characters (tab, LF, CR, 0x20-0x7E, NEL, 0xA0-0xD7FF,
 *  0xE000-0xFFFD, astral); anything else makes `yaml.load` raise. Returns the offset of the first one. */
export function firstUnacceptableChar(s: string): number {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x09 || c === 0x0a || c === 0x0d || (c >= 0x20 && c <= 0x7e) || c === 0x85 || (c >= 0xa0 && c <= 0xd7ff) || (c >= 0xe000 && c <= 0xfffd))
      continue;
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        i++;
        continue;
      }
    }
    return i;
  }
  return -1;
}

class LoadError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

/** How many nodes a load may build; past it the frontmatter is treated as unreadable YAML. PyYAML would
 *  build it, but a frontmatter this size is not a skill's. */
const NODE_BUDGET = 200_000;

export function loadYaml11(src: string): YamlLoadResult {
  const bad = firstUnacceptableChar(src);
  if (bad >= 0) {
    const c = src.codePointAt(bad) ?? 0;
    return { ok: false, message: `unacceptable character #x${c.toString(16).padStart(4, '0')}: special characters are not allowed`, offset: bad };
  }
  // Deep flow nesting would exhaust the parser's stack; libyaml refuses past its own depth limit too.
  let depth = 0;
  for (let i = 0; i < src.length; i++) {
    const c = src.charCodeAt(i);
    if (c === 0x5b || c === 0x7b) {
      if (++depth > 1000) return { ok: false, message: 'nesting too deep', offset: i };
    } else if (c === 0x5d || c === 0x7d) depth = Math.max(0, depth - 1);
  }
  // libyaml also breaks lines at NEL, LS and PS; the `yaml` package does not. Parsing them as line feeds
  // gives the structure libyaml sees (offsets are unchanged: one character for one).
  src = src.replace(/[\u0085\u2028\u2029]/g, '\n');
  const parse = (text: string): Document.Parsed | string => {
    try {
      return parseDocument(text, { version: '1.1', schema: 'failsafe', uniqueKeys: false, merge: false, keepSourceTokens: false });
    } catch (e) {
      return e instanceof Error ? e.message : String(e);
    }
  };
  // Tag problems are ours to judge (PyYAML's constructors decide); everything else is a syntax error.
  const syntaxErrors = (d: Document.Parsed) => d.errors.filter((e) => e.code !== 'TAG_RESOLVE_FAILED' && e.code !== 'BAD_COLLECTION_TYPE');
  let parsed = parse(src);
  if (typeof parsed === 'string') return { ok: false, message: parsed, offset: 0 };
  let toSource = (o: number): number => o;
  if (syntaxErrors(parsed).length) {
    // libyaml ignores indentation inside quoted scalars and flow collections; the `yaml` package wants
    // their continuation lines indented past the parent. Indenting those lines changes no value (the
    // leading blanks fold away), so try again with them indented.
    const padded = padContinuations(src);
    if (padded) {
      const again = parse(padded.text);
      if (typeof again !== 'string' && syntaxErrors(again).length === 0) {
        parsed = again;
        src = padded.text;
        toSource = padded.toSource;
      }
    }
  }
  const doc = parsed;
  const errors = syntaxErrors(doc);
  const first = errors[0];
  // The `yaml` package appends "at line N, column M:" counted in the frontmatter alone; callers place the
  // error in the file themselves.
  if (first) return { ok: false, message: (first.message.split('\n')[0] ?? first.message).replace(/ at line \d+, column \d+:?$/, ''), offset: first.pos[0] };
  const open = unterminatedQuote(doc, src);
  if (open >= 0) return { ok: false, message: 'found unexpected end of stream while scanning a quoted scalar', offset: toSource(open) };
  const tab = misplacedTab(doc, src);
  if (tab >= 0) return { ok: false, message: 'found a tab character where libyaml does not allow one (indentation or after "-")', offset: toSource(tab) };
  try {
    return { ok: true, value: new Builder(doc, src).build(), doc, toSource };
  } catch (e) {
    if (e instanceof LoadError) return { ok: false, message: e.message, offset: toSource(e.offset) };
    if (e instanceof PyError) return { ok: false, message: e.message, offset: 0 };
    if (e instanceof RangeError) return { ok: false, message: 'structure too deep', offset: 0 };
    throw e;
  }
}

interface Span {
  start: number;
  end: number;
}

/** The `yaml` package takes `"text\"` at the end of input as a closed string; libyaml does not (the
 *  quote is escaped). Returns the offset of such a double-quoted scalar, or -1. */
function unterminatedQuote(doc: Document.Parsed, src: string): number {
  let found = -1;
  const visit = (n: unknown, depth: number): void => {
    if (found >= 0 || depth > 500) return;
    if (isPair(n)) {
      visit(n.key, depth + 1);
      visit(n.value, depth + 1);
    } else if (isScalar(n)) {
      if (n.type !== Scalar.QUOTE_DOUBLE || !n.range) return;
      const raw = src.slice(n.range[0], n.range[1]);
      let i = 1;
      while (i < raw.length) {
        if (raw[i] === '\\') i += 2;
        else if (raw[i] === '"') return;
        else i++;
      }
      found = n.range[0];
    } else if (isMap(n) || isSeq(n)) for (const item of n.items) visit(item, depth + 1);
  };
  visit(doc.contents, 0);
  return found;
}

/** Indents the continuation lines of quoted scalars and flow collections past their opening character
 *  (see loadYaml11). A small lexer tracks quotes, flow brackets, comments, block scalars and plain
 *  scalars across lines; returns null when nothing needs indenting. */
export function padContinuations(src: string): { text: string; toSource: (o: number) => number } | null {
  type Mode = 'block' | 'dq' | 'sq' | 'flow';
  let mode: Mode = 'block';
  let returnMode: 'block' | 'flow' = 'block';
  let depth = 0;
  let openCol = 0;
  let blockScalarParent: number | null = null;
  let plainLineIndent: number | null = null;
  const lines = src.split('\n');
  const inserts: { at: number; count: number }[] = [];
  let offset = 0;
  const out: string[] = [];
  for (let li = 0; li < lines.length; li++) {
    let line = lines[li] ?? '';
    const lineStart = offset;
    offset += line.length + 1;
    const indent = /^ */.exec(line)?.[0].length ?? 0;
    const blank = line.trim() === '';
    if (blockScalarParent !== null) {
      if (blank || indent > blockScalarParent) {
        out.push(line);
        continue;
      }
      blockScalarParent = null;
    }
    if ((mode === 'dq' || mode === 'sq' || mode === 'flow') && li > 0 && !blank && indent <= openCol && !/^(?:---|\.\.\.)(?:\s|$)/.test(line)) {
      const count = openCol + 1 - indent;
      inserts.push({ at: lineStart, count });
      line = ' '.repeat(count) + line;
    }
    out.push(line);
    if (mode === 'block' && plainLineIndent !== null && !blank && indent > plainLineIndent) continue; // a plain scalar's continuation
    if (mode === 'block' && !blank) plainLineIndent = null;
    let expect = mode === 'block' || mode === 'flow';
    for (let i = 0; i < line.length; i++) {
      const c = line[i] ?? '';
      const next = line[i + 1] ?? '';
      const prev = i > 0 ? (line[i - 1] ?? '') : ' ';
      if (mode === 'dq') {
        if (c === '\\') i++;
        else if (c === '"') {
          mode = returnMode;
          expect = false;
        }
        continue;
      }
      if (mode === 'sq') {
        if (c === "'" && next === "'") i++;
        else if (c === "'") {
          mode = returnMode;
          expect = false;
        }
        continue;
      }
      if (c === '#' && (prev === ' ' || prev === '\t')) break;
      if (c === ' ' || c === '\t') continue;
      if (mode === 'flow') {
        if ((c === '"' || c === "'") && expect) {
          returnMode = 'flow';
          mode = c === '"' ? 'dq' : 'sq';
        } else if (c === '[' || c === '{') {
          depth++;
          expect = true;
        } else if (c === ']' || c === '}') {
          depth--;
          expect = false;
          if (depth <= 0) {
            mode = 'block';
            depth = 0;
          }
        } else if (c === ',' || c === ':' || c === '?') expect = true;
        else expect = false;
        continue;
      }
      // block context
      if (expect) {
        if (c === '"' || c === "'") {
          returnMode = 'block';
          mode = c === '"' ? 'dq' : 'sq';
          openCol = i;
          expect = false;
          continue;
        }
        if (c === '[' || c === '{') {
          mode = 'flow';
          depth = 1;
          openCol = i;
          expect = true;
          continue;
        }
        if (c === '|' || c === '>') {
          blockScalarParent = indent;
          break;
        }
        if ((c === '-' || c === '?') && (next === ' ' || next === '\t' || next === '')) continue;
        if (c === '&' || c === '!') {
          while (i + 1 < line.length && line[i + 1] !== ' ') i++;
          continue;
        }
        expect = false;
        plainLineIndent = indent;
        continue;
      }
      if (c === ':' && (next === ' ' || next === '\t' || next === '')) {
        expect = true;
        plainLineIndent = null;
      }
    }
  }
  if (!inserts.length) return null;
  const toSource = (o: number): number => {
    let shift = 0;
    for (const ins of inserts) {
      const paddedAt = ins.at + shift;
      if (o < paddedAt) break;
      if (o < paddedAt + ins.count) return ins.at;
      shift += ins.count;
    }
    return o - shift;
  };
  return { text: out.join('\n'), toSource };
}

/** libyaml refuses a tab in the whitespace that starts a line in block context (the `yaml` package allows
 *  it on a blank line), and a tab after a block `-` or `?` indicator; it allows tabs inside flow
 *  collections and quoted scalars, after `:`, and in the continuation of a plain scalar once past the
 *  indentation of the collection holding it. Returns the offset of the first refused tab, or -1. */
function misplacedTab(doc: Document.Parsed, src: string): number {
  if (!src.includes('\t')) return -1;
  const shielded: Span[] = [];
  const plains: (Span & { indent: number })[] = [];
  const blocks: Span[] = [];
  const lineStartOf = (o: number): number => src.lastIndexOf('\n', o - 1) + 1;
  const visit = (n: unknown, indent: number, depth: number): void => {
    if (depth > 500) return;
    if (isPair(n)) {
      visit(n.key, indent, depth + 1);
      visit(n.value, indent, depth + 1);
      return;
    }
    if (isScalar(n)) {
      const r = n.range;
      if (!r) return;
      if (n.type === Scalar.QUOTE_DOUBLE || n.type === Scalar.QUOTE_SINGLE) shielded.push({ start: r[0], end: r[1] });
      else if (n.type === Scalar.PLAIN) plains.push({ start: r[0], end: r[1], indent });
      else blocks.push({ start: r[0], end: r[1] });
      return;
    }
    if (isMap(n) || isSeq(n)) {
      const r = n.range;
      if (n.flow) {
        if (r) shielded.push({ start: r[0], end: r[1] });
        return;
      }
      const col = r ? r[0] - lineStartOf(r[0]) : indent;
      for (const item of n.items) visit(item, col, depth + 1);
    }
  };
  visit(doc.contents, -1, 0);
  const inside = (spans: Span[], o: number): Span | undefined => spans.find((s) => s.start <= o && o < s.end);
  let lineStart = 0;
  while (lineStart <= src.length) {
    let lineEnd = src.indexOf('\n', lineStart);
    if (lineEnd < 0) lineEnd = src.length;
    const line = src.slice(lineStart, lineEnd);
    const lead = /^[ \t]*/.exec(line)?.[0] ?? '';
    const tabCol = lead.indexOf('\t');
    if (tabCol >= 0 && !inside(shielded, lineStart + tabCol)) {
      const block = inside(blocks, lineStart + tabCol);
      if (block) {
        // Inside a block scalar a tab is content once past the indentation of its first content line.
        const firstContent = /\n( *)\S/.exec(src.slice(block.start, block.end));
        const need = firstContent?.[1]?.length ?? 0;
        if (tabCol < need) return lineStart + tabCol;
      } else {
        // The plain scalar this line continues (or trails), if any.
        const before = src.slice(0, lineStart);
        const plain = plains.find((p) => p.start < lineStart && (lineStart <= p.end || /^[ \t\r\n]*$/.test(before.slice(p.end))));
        if (!plain || tabCol < plain.indent + 1) return lineStart + tabCol;
      }
    }
    // `-` or `?` followed by blanks holding a tab, in block context.
    const ind = /^( *)((?:[-?][ \t]+)+)/.exec(line);
    if (ind && /\t/.test(ind[2] ?? '') && !inside(shielded, lineStart + (ind[1]?.length ?? 0))) {
      const at = lineStart + (ind[1]?.length ?? 0) + (ind[2] ?? '').indexOf('\t');
      if (!inside(blocks, at) && !plains.some((p) => p.start <= at && at < p.end)) return at;
    }
    lineStart = lineEnd + 1;
  }
  return -1;
}

/** Builds Python values from the parsed nodes, sharing one value per node as PyYAML does for aliases. */
class Builder {
  private readonly built = new Map<Node, PyValue>();
  private budget = NODE_BUDGET;

  constructor(
    private readonly doc: Document.Parsed,
    private readonly src: string,
  ) {}

  build(): PyValue {
    this.checkAnchors();
    const root = this.doc.contents;
    if (root === null) return null;
    return this.node(root as Node);
  }

  /** PyYAML's composer refuses a second anchor with a name already used ("found duplicate anchor"),
   *  which the `yaml` package accepts. */
  private checkAnchors(): void {
    const seen = new Set<string>();
    const visit = (n: unknown, depth: number): void => {
      if (depth > 2000) throw new LoadError('structure too deep', 0);
      if (isPair(n)) {
        visit(n.key, depth + 1);
        visit(n.value, depth + 1);
        return;
      }
      if (!isScalar(n) && !isMap(n) && !isSeq(n)) return;
      const anchor = n.anchor;
      if (anchor) {
        if (seen.has(anchor)) throw new LoadError(`found duplicate anchor '${anchor}'`, n.range?.[0] ?? 0);
        seen.add(anchor);
      }
      if (isMap(n) || isSeq(n)) for (const item of n.items) visit(item, depth + 1);
    };
    visit(this.doc.contents, 0);
  }

  private target(n: Node): Node {
    if (isAlias(n)) {
      const t = (n as Alias).resolve(this.doc);
      if (!t) throw new LoadError(`found undefined alias '${(n as Alias).source}'`, n.range?.[0] ?? 0);
      return t as Node;
    }
    return n;
  }

  private tagOf(n: Node): string | undefined {
    const t = (n as { tag?: string }).tag;
    return t === undefined || t === '' ? undefined : t;
  }

  node(raw: Node): PyValue {
    const n = this.target(raw);
    const done = this.built.get(n);
    if (done !== undefined) return done;
    if (--this.budget < 0) throw new LoadError('too many nodes', 0);
    const at = n.range?.[0] ?? 0;
    const tag = this.tagOf(n);
    if (isScalar(n)) {
      const v = this.scalar(n, tag, at);
      this.built.set(n, v);
      return v;
    }
    if (isSeq(n)) {
      if (tag === undefined || tag === '!' || tag === `${TAG}seq`) {
        const list = new PyList();
        this.built.set(n, list); // registered first so a recursive alias can point back at it
        for (const item of n.items) list.items.push(this.node(item as Node));
        return list;
      }
      if (tag === `${TAG}omap` || tag === `${TAG}pairs`) {
        // A list of (key, value) tuples; each item must be a one-entry mapping.
        const list = new PyList();
        this.built.set(n, list);
        for (const item of n.items) {
          const m = this.target(item as Node);
          if (!isMap(m) || m.items.length !== 1) throw new LoadError(`expected a single mapping item while constructing an ordered map`, m.range?.[0] ?? at);
          const pair = m.items[0];
          if (!pair) continue;
          list.items.push(new PyTuple([this.node(pair.key as Node), this.nodeOrNull(pair.value)]));
        }
        return list;
      }
      throw new LoadError(`could not determine a constructor for the tag '${tag}'`, at);
    }
    if (isMap(n)) {
      if (tag === `${TAG}set`) {
        const set = new PySet();
        this.built.set(n, set);
        const d = this.mapping(n, at);
        set.items.push(...d.keys);
        return set;
      }
      if (tag !== undefined && tag !== '!' && tag !== `${TAG}map`) {
        if (tag === `${TAG}omap` || tag === `${TAG}pairs`) throw new LoadError(`expected a sequence while constructing an ordered map`, at);
        throw new LoadError(`could not determine a constructor for the tag '${tag}'`, at);
      }
      const d = new PyDict();
      this.built.set(n, d);
      const built = this.mapping(n, at);
      for (const [k, v] of built.entries()) d.set(k, v);
      return d;
    }
    throw new LoadError('unexpected node', at);
  }

  private nodeOrNull(n: unknown): PyValue {
    if (n === null || n === undefined) return null;
    return this.node(n as Node);
  }

  /** The (key node, value node) pairs of a mapping after PyYAML's `flatten_mapping`: `<<` entries are
   *  removed and the merged mappings' pairs put in front (a list of merges in reverse, so the first one
   *  wins), so the explicit keys, coming later, override them. */
  private flatten(n: Node, depth: number): [Node | null, Node | null][] {
    if (depth > 200) throw new LoadError('merge nesting too deep', n.range?.[0] ?? 0);
    const m = this.target(n);
    if (!isMap(m)) throw new LoadError('expected a mapping for merging', m.range?.[0] ?? 0);
    const merged: [Node | null, Node | null][] = [];
    const own: [Node | null, Node | null][] = [];
    for (const pair of m.items) {
      const key = (pair.key ?? null) as Node | null;
      const value = (pair.value ?? null) as Node | null;
      if (key !== null && this.isMergeKey(key)) {
        if (value === null) throw new LoadError('expected a mapping or list of mappings for merging, but found scalar', key.range?.[0] ?? 0);
        const v = this.target(value);
        if (isMap(v)) merged.push(...this.flatten(v, depth + 1));
        else if (isSeq(v)) {
          const subs: [Node | null, Node | null][][] = [];
          for (const item of v.items) {
            const s = this.target(item as Node);
            if (!isMap(s)) throw new LoadError('expected a mapping for merging', s.range?.[0] ?? 0);
            subs.push(this.flatten(s, depth + 1));
          }
          subs.reverse();
          for (const s of subs) merged.push(...s);
        } else throw new LoadError('expected a mapping or list of mappings for merging', v.range?.[0] ?? 0);
      } else own.push([key, value]);
    }
    return [...merged, ...own];
  }

  private isMergeKey(key: Node): boolean {
    const k = this.target(key);
    if (!isScalar(k)) return false;
    const tag = this.tagOf(k);
    if (tag === `${TAG}merge`) return true;
    return tag === undefined && k.type === Scalar.PLAIN && resolvePlain(String(k.source ?? '')) === `${TAG}merge`;
  }

  private mapping(n: Node, at: number): PyDict {
    const d = new PyDict();
    for (const [keyNode, valueNode] of this.flatten(n, 0)) {
      let key: PyValue;
      if (keyNode === null) key = null;
      else {
        const k = this.target(keyNode);
        // A plain `=` key is a str (flatten_mapping retags it); as a value it has no constructor.
        if (isScalar(k) && this.tagOf(k) === undefined && k.type === Scalar.PLAIN && String(k.source ?? '') === '=') key = '=';
        else key = this.node(keyNode);
      }
      if (key instanceof PyList || key instanceof PyDict || key instanceof PySet)
        throw new LoadError('found unhashable key while constructing a mapping', keyNode?.range?.[0] ?? at);
      try {
        d.set(key, this.nodeOrNull(valueNode));
      } catch (e) {
        if (e instanceof PyError) throw new LoadError('found unhashable key while constructing a mapping', keyNode?.range?.[0] ?? at);
        throw e;
      }
    }
    return d;
  }

  /** libyaml keeps a block scalar's final line break only when the text has one; the `yaml` package adds
   *  it at the end of input regardless. Hermes hands PyYAML the frontmatter without the line break before
   *  the closing `---`, so a block scalar that ends the frontmatter has no final newline. */
  private chompAtEnd(n: Scalar, text: string): string {
    if (n.type !== Scalar.BLOCK_LITERAL && n.type !== Scalar.BLOCK_FOLDED) return text;
    const end = n.range?.[1] ?? -1;
    if (end < this.src.length || /[\n\r]$/.test(this.src)) return text;
    return text.endsWith('\n') ? text.slice(0, -1) : text;
  }

  private scalar(n: Scalar, explicit: string | undefined, at: number): PyValue {
    const text = this.chompAtEnd(n, String(n.source ?? n.value ?? ''));
    let tag = explicit;
    // PyYAML resolves a plain scalar, and any scalar with the non-specific tag `!` (so `! 12` is 12).
    if (tag === undefined) tag = n.type === Scalar.PLAIN ? resolvePlain(text) : `${TAG}str`;
    else if (tag === '!') tag = resolvePlain(text);
    switch (tag) {
      case `${TAG}str`:
        return text;
      case `${TAG}null`:
        return null;
      case `${TAG}bool`: {
        const b = BOOL_VALUES[text.toLowerCase()];
        if (b === undefined) throw new LoadError(`invalid boolean ${JSON.stringify(text)}`, at);
        return b;
      }
      case `${TAG}int`:
        return constructInt(text, at);
      case `${TAG}float`:
        return constructFloat(text, at);
      case `${TAG}timestamp`:
        return constructTimestamp(text, at);
      case `${TAG}binary`:
        return constructBinary(text, at);
      case `${TAG}map`:
      case `${TAG}seq`:
      case `${TAG}set`:
      case `${TAG}omap`:
      case `${TAG}pairs`:
        throw new LoadError(
          `expected a ${tag === `${TAG}seq` || tag === `${TAG}omap` || tag === `${TAG}pairs` ? 'sequence' : 'mapping'} node, but found scalar`,
          at,
        );
      default:
        // Includes the `merge` tag outside a mapping key and the `value` tag of a plain `=`.
        throw new LoadError(`could not determine a constructor for the tag '${tag}'`, at);
    }
  }
}

const BOOL_VALUES: Record<string, boolean | undefined> = { yes: true, no: false, true: true, false: false, on: true, off: false };

/** Python `int(s, base)` on the digits PyYAML passes (underscores already removed). */
function pyIntParse(s: string, base: number, at: number): bigint {
  const t = s.trim();
  const digits = base === 2 ? /^[01]+$/ : base === 8 ? /^[0-7]+$/ : base === 16 ? /^[0-9a-fA-F]+$/ : /^[0-9]+$/;
  const m = /^([+-]?)(.*)$/.exec(t);
  const sign = m?.[1] ?? '';
  const body = m?.[2] ?? '';
  if (!digits.test(body)) throw new LoadError(`invalid literal for int() with base ${base}: '${s}'`, at);
  const prefix = base === 2 ? '0b' : base === 8 ? '0o' : base === 16 ? '0x' : '';
  const v = BigInt(prefix + body);
  return sign === '-' ? -v : v;
}

/** PyYAML `construct_yaml_int`. */
function constructInt(raw: string, at: number): PyInt {
  let value = raw.replace(/_/g, '');
  let sign = 1n;
  if (value[0] === '-') sign = -1n;
  if (value[0] === '+' || value[0] === '-') value = value.slice(1);
  if (value.length === 0) throw new LoadError('string index out of range', at);
  if (value === '0') return new PyInt(0n);
  if (value.startsWith('0b')) return new PyInt(sign * pyIntParse(value.slice(2), 2, at));
  if (value.startsWith('0x')) return new PyInt(sign * pyIntParse(value.slice(2), 16, at));
  if (value[0] === '0') return new PyInt(sign * pyIntParse(value, 8, at));
  if (value.includes(':')) {
    // Base 60 ("sexagesimal"): 12:30 is 750.
    const digits = value
      .split(':')
      .map((p) => pyIntParse(p, 10, at))
      .reverse();
    let base = 1n;
    let total = 0n;
    for (const d of digits) {
      total += d * base;
      base *= 60n;
    }
    return new PyInt(sign * total);
  }
  return new PyInt(sign * pyIntParse(value, 10, at));
}

/** Python `float(s)` (after PyYAML lower-cased it and removed underscores). */
function pyFloatParse(s: string, at: number): number {
  const t = s.trim();
  if (/^[+-]?(?:inf|infinity)$/.test(t)) return t.startsWith('-') ? -Infinity : Infinity;
  if (/^[+-]?nan$/.test(t)) return NaN;
  if (!/^[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:e[+-]?[0-9]+)?$/.test(t)) throw new LoadError(`could not convert string to float: '${s}'`, at);
  return Number(t);
}

/** PyYAML `construct_yaml_float`. */
function constructFloat(raw: string, at: number): PyFloat {
  let value = raw.replace(/_/g, '').toLowerCase();
  let sign = 1;
  if (value[0] === '-') sign = -1;
  if (value[0] === '+' || value[0] === '-') value = value.slice(1);
  if (value === '.inf') return new PyFloat(sign * Infinity);
  if (value === '.nan') return new PyFloat(NaN);
  if (value.includes(':')) {
    const digits = value
      .split(':')
      .map((p) => pyFloatParse(p, at))
      .reverse();
    let base = 1;
    let total = 0;
    for (const d of digits) {
      total += d * base;
      base *= 60;
    }
    return new PyFloat(sign * total);
  }
  if (raw.length === 0) throw new LoadError('string index out of range', at);
  return new PyFloat(sign * pyFloatParse(value, at));
}

function daysIn(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** PyYAML `construct_yaml_timestamp`: a `date`, or a `datetime` (aware when an offset is written). An
 *  impossible date raises ValueError in Python, which Hermes catches as a YAML failure. */
function constructTimestamp(text: string, at: number): PyDate | PyDateTime {
  const m = RE_TIMESTAMP_PARTS.exec(text);
  if (!m) throw new LoadError(`'NoneType' object has no attribute 'groupdict'`, at);
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (year < 1) throw new LoadError(`year ${year} is out of range`, at);
  if (month < 1 || month > 12) throw new LoadError('month must be in 1..12', at);
  if (day < 1 || day > daysIn(year, month)) throw new LoadError('day is out of range for month', at);
  if (m[4] === undefined) return new PyDate(year, month, day);
  const hour = Number(m[4]);
  const minute = Number(m[5]);
  const second = Number(m[6]);
  if (hour > 23) throw new LoadError('hour must be in 0..23', at);
  if (minute > 59) throw new LoadError('minute must be in 0..59', at);
  if (second > 59) throw new LoadError('second must be in 0..59', at);
  const micro = m[7] ? Number(m[7].slice(0, 6).padEnd(6, '0')) : 0;
  let tz: number | null = null;
  if (m[9]) {
    const minutes = Number(m[10]) * 60 + Number(m[11] ?? 0);
    tz = m[9] === '-' ? -minutes : minutes;
    if (Math.abs(tz) >= 24 * 60) throw new LoadError('offset must be a timedelta strictly between -timedelta(hours=24) and timedelta(hours=24)', at);
  } else if (m[8]) tz = 0;
  return new PyDateTime(year, month, day, hour, minute, second, micro, tz);
}

/** PyYAML `construct_yaml_binary`: `base64.decodebytes`, i.e. binascii's lenient decoder: characters
 *  outside the alphabet are skipped, decoding stops once padding completes a group, and a group left
 *  incomplete is "Incorrect padding". */
function constructBinary(text: string, at: number): PyBytes {
  if (/[^\x00-\x7f]/.test(text)) throw new LoadError('failed to convert base64 data', at);
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  const out: number[] = [];
  let quad = 0;
  let acc = 0;
  let pads = 0;
  for (const ch of text) {
    if (ch === '=') {
      if (quad >= 2 && quad + ++pads >= 4) {
        if (quad === 2) out.push((acc >> 4) & 0xff);
        else out.push((acc >> 10) & 0xff, (acc >> 2) & 0xff);
        quad = 0;
        break;
      }
      continue;
    }
    const v = alphabet.indexOf(ch);
    if (v < 0) continue;
    pads = 0;
    acc = (acc << 6) | v;
    quad++;
    if (quad === 4) {
      out.push((acc >> 16) & 0xff, (acc >> 8) & 0xff, acc & 0xff);
      quad = 0;
      acc = 0;
    }
  }
  if (quad === 1) throw new LoadError('Invalid base64-encoded string', at);
  if (quad === 2) out.push((acc >> 4) & 0xff);
  else if (quad === 3) out.push((acc >> 10) & 0xff, (acc >> 2) & 0xff);
  if (quad !== 0 && pads === 0) throw new LoadError('Incorrect padding', at);
  return new PyBytes(new Uint8Array(out));
}
