// The YAML reader OpenCode 1.18.33 uses for SKILL.md frontmatter: gray-matter 4 calls js-yaml 3's `safeLoad`
// (packages/opencode/src/config/markdown.ts parse → gray-matter → js-yaml 3 DEFAULT_SAFE_SCHEMA). What OpenCode
// does next only depends on whether the result is a mapping and whether its `name` and `description` are strings,
// so this module answers with plain JavaScript values built the way js-yaml 3 builds them:
//
//  - plain scalars are typed by js-yaml 3's own implicit rules, not by YAML 1.2's: `yes`, `on`, `0o17` and `09`
//    stay strings, `1_000` and `1:30` are integers, `2024-01-01` is a date (golden case c01-types);
//  - quoted and block scalars are strings; `!!str 42` is the string "42"; the non-specific tag `!` gives a string;
//    a tag js-yaml's safe schema does not know (`!foo`) is an error (case c02-yaml-recovery);
//  - a repeated key is an error; `<<` merges a mapping (keys already present are kept, later keys override);
//  - tabs in front of a key are not indentation for js-yaml 3 (it skips them as white space), so a line such as
//    `\tkey: v` is read where the `yaml` package refuses it (case c02-yaml-recovery `tab-indent`);
//  - characters js-yaml calls non-printable (NUL, most C0/C1 controls, lone surrogates) are an error.
//
// The parsing itself is done by the `yaml` package (YAML 1.2 syntax, which js-yaml 3 follows closely); the
// values are then rebuilt from its tree with the rules above. Errors carry the `yaml` package's message, not
// js-yaml's (the release never shows them in `opencode run`).

import { isAlias, isMap, isPair, isScalar, isSeq, parseDocument, type Document, type Node } from 'yaml';

export type YamlLoad = { ok: true; value: unknown } | { ok: false; message: string };

/** js-yaml 3's PATTERN_NON_PRINTABLE, written out in our own terms: controls other than tab/LF/CR, DEL, the C1
 *  controls except NEL, U+FFFE/U+FFFF, and unpaired surrogates. */
const NON_PRINTABLE = /[\x00-\x08\x0B\x0C\x0E-\x1F\x7F-\x84\x86-\x9F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:[^\uD800-\uDBFF]|^)[\uDC00-\uDFFF]/;

const MAX_NODES = 20000;
const MAX_DEPTH = 64;

// ---- js-yaml 3 implicit scalar types (type/null.js, bool.js, int.js, float.js, timestamp.js) ---------------

function isNullWord(s: string): boolean {
  return s === '' || s === '~' || s === 'null' || s === 'Null' || s === 'NULL';
}

function isBoolWord(s: string): boolean {
  return ['true', 'True', 'TRUE', 'false', 'False', 'FALSE'].includes(s);
}

/** js-yaml 3's integer test: an optional sign, then `0`, `0b…`, `0x…`, a leading-zero octal, a decimal with `_`
 *  separators, or a base-60 number (`1:30`). An underscore may not end the number, nor start a decimal one. */
function isJsYamlInt(s: string): boolean {
  if (s.length === 0) return false;
  let i = 0;
  if (s[i] === '-' || s[i] === '+') i++;
  if (s[i] === '0') {
    if (i + 1 === s.length) return true;
    i++;
    const kind = s[i];
    let digits = false;
    let last = '';
    const run = (ok: (c: string) => boolean): boolean => {
      for (; i < s.length; i++) {
        last = s[i] as string;
        if (last === '_') continue;
        if (!ok(last)) return false;
        digits = true;
      }
      return digits && last !== '_';
    };
    if (kind === 'b') {
      i++;
      return run((c) => c === '0' || c === '1');
    }
    if (kind === 'x') {
      i++;
      return run((c) => /[0-9a-fA-F]/.test(c));
    }
    return run((c) => c >= '0' && c <= '7');
  }
  if (s[i] === '_') return false;
  let digits = false;
  let last = '';
  for (; i < s.length; i++) {
    last = s[i] as string;
    if (last === '_') continue;
    if (last === ':') break;
    if (last < '0' || last > '9') return false;
    digits = true;
  }
  if (!digits || last === '_') return false;
  if (last !== ':') return true;
  return /^(:[0-5]?[0-9])+$/.test(s.slice(i));
}

const FLOAT_FORMS = new RegExp(
  '^(?:[-+]?(?:0|[1-9][0-9_]*)(?:\\.[0-9_]*)?(?:[eE][-+]?[0-9]+)?' +
    '|\\.[0-9_]+(?:[eE][-+]?[0-9]+)?' +
    '|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\\.[0-9_]*' +
    '|[-+]?\\.(?:inf|Inf|INF)' +
    '|\\.(?:nan|NaN|NAN))$',
);

function isJsYamlFloat(s: string): boolean {
  return FLOAT_FORMS.test(s) && !s.endsWith('_');
}

const DATE_ONLY = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/;
const DATE_TIME =
  /^([0-9]{4})-([0-9]{1,2})-([0-9]{1,2})(?:[Tt]|[ \t]+)([0-9]{1,2}):([0-9]{2}):([0-9]{2})(?:\.([0-9]*))?(?:[ \t]*(Z|([-+])([0-9]{1,2})(?::([0-9]{2}))?))?$/;

function isJsYamlTimestamp(s: string): boolean {
  return DATE_ONLY.test(s) || DATE_TIME.test(s);
}

function toNumber(s: string): number {
  const t = s.replace(/_/g, '');
  if (/^[-+]?\.(inf|Inf|INF)$/.test(t)) return t.startsWith('-') ? -Infinity : Infinity;
  if (/^\.(nan|NaN|NAN)$/.test(t)) return Number.NaN;
  if (t.includes(':')) {
    const sign = t.startsWith('-') ? -1 : 1;
    let n = 0;
    for (const part of t.replace(/^[-+]/, '').split(':')) n = n * 60 + Number(part);
    return sign * n;
  }
  const m = /^([-+]?)0([bx])(.*)$/.exec(t);
  if (m) return (m[1] === '-' ? -1 : 1) * Number.parseInt(m[3] as string, m[2] === 'b' ? 2 : 16);
  if (/^[-+]?0[0-7]+$/.test(t)) return (t.startsWith('-') ? -1 : 1) * Number.parseInt(t.replace(/^[-+]?0/, ''), 8);
  return Number(t);
}

/** A plain scalar as js-yaml 3's safe schema types it (null, bool, int, float, timestamp, else string). */
export function plainValue(s: string): unknown {
  if (isNullWord(s)) return null;
  if (isBoolWord(s)) return s[0] === 't' || s[0] === 'T';
  if (isJsYamlInt(s)) return toNumber(s);
  if (isJsYamlFloat(s)) return toNumber(s);
  if (isJsYamlTimestamp(s)) {
    const d = DATE_ONLY.exec(s);
    return d ? new Date(Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]))) : new Date(s.replace(/[ \t]+/, 'T'));
  }
  return s;
}

// ---- Rebuilding values from the `yaml` tree --------------------------------------------------------------

class LoadError extends Error {}

const YAML_TAG = 'tag:yaml.org,2002:';

/** The key a js-yaml 3 mapping stores a value under: `String(key)` of the built key. */
function keyString(v: unknown): string {
  if (Array.isArray(v)) return v.map((x) => (x && typeof x === 'object' && !Array.isArray(x) ? '[object Object]' : String(x))).join(',');
  if (v && typeof v === 'object' && !(v instanceof Date)) return '[object Object]';
  return String(v);
}

interface Builder {
  doc: Document.Parsed;
  nodes: number;
  /** Collections already built: an alias gives the same value again, as js-yaml shares it (so a "billion
   *  laughs" block costs no more than its text). */
  built: Map<unknown, unknown>;
  /** Collections being built: an alias to one of them is js-yaml's "unidentified alias". */
  open: Set<unknown>;
}

function scalarValue(node: Node & { tag?: string; type?: string; source?: string; value?: unknown }): unknown {
  const tag = node.tag;
  const text = typeof node.source === 'string' ? node.source : String(node.value ?? '');
  const plain = node.type === 'PLAIN';
  if (tag === undefined) return plain ? plainValue(text) : text; // quoted and block scalars are strings
  if (tag === '!' || tag === `${YAML_TAG}str`) return text;
  const short = tag.startsWith(YAML_TAG) ? tag.slice(YAML_TAG.length) : null;
  switch (short) {
    case 'null':
      if (!isNullWord(text)) throw new LoadError(`cannot resolve a node with !<${tag}> explicit tag`);
      return null;
    case 'bool':
      if (!isBoolWord(text)) throw new LoadError(`cannot resolve a node with !<${tag}> explicit tag`);
      return text[0] === 't' || text[0] === 'T';
    case 'int':
      if (!isJsYamlInt(text)) throw new LoadError(`cannot resolve a node with !<${tag}> explicit tag`);
      return toNumber(text);
    case 'float':
      if (!isJsYamlFloat(text) && !isJsYamlInt(text)) throw new LoadError(`cannot resolve a node with !<${tag}> explicit tag`);
      return toNumber(text);
    case 'timestamp':
      if (!isJsYamlTimestamp(text)) throw new LoadError(`cannot resolve a node with !<${tag}> explicit tag`);
      return plainValue(text);
    case 'binary':
      return new Uint8Array(0); // bytes: never a string
    default:
      throw new LoadError(`unknown tag !<${tag}>`);
  }
}

function build(b: Builder, node: unknown, depth: number): unknown {
  if (++b.nodes > MAX_NODES || depth > MAX_DEPTH) throw new LoadError('frontmatter too large or too deeply nested for the emulation');
  if (node === null || node === undefined) return null;
  if (isAlias(node)) {
    const target = node.resolve(b.doc);
    if (!target || b.open.has(target)) throw new LoadError(`unidentified alias "${node.source}"`);
    if (b.built.has(target)) return b.built.get(target);
    return build(b, target, depth + 1);
  }
  if (isScalar(node)) return scalarValue(node as never);
  if (isSeq(node)) {
    const tag = (node as { tag?: string }).tag;
    if (tag !== undefined && tag !== '!' && !['seq', 'omap', 'pairs'].map((t) => YAML_TAG + t).includes(tag)) throw new LoadError(`unknown tag !<${tag}>`);
    b.open.add(node);
    const out = node.items.map((item) => build(b, item, depth + 1));
    b.open.delete(node);
    b.built.set(node, out);
    return out;
  }
  if (isMap(node)) {
    const tag = (node as { tag?: string }).tag;
    if (tag !== undefined && tag !== '!' && !['map', 'set'].map((t) => YAML_TAG + t).includes(tag)) throw new LoadError(`unknown tag !<${tag}>`);
    const out: Record<string, unknown> = {};
    b.open.add(node);
    const overridable = new Set<string>(); // keys that came from a merge and may be set again
    for (const pair of node.items) {
      if (!isPair(pair)) continue;
      const keyNode = pair.key as Node | null;
      const isMerge = isScalar(keyNode) && keyNode.type === 'PLAIN' && (keyNode as { tag?: string }).tag === undefined && keyNode.source === '<<';
      if (isMerge) {
        mergeInto(b, out, overridable, pair.value, depth + 1);
        continue;
      }
      const key = keyString(build(b, keyNode, depth + 1));
      if (Object.prototype.hasOwnProperty.call(out, key) && !overridable.has(key)) throw new LoadError(`duplicated mapping key "${key}"`);
      const value = build(b, pair.value, depth + 1);
      if (key === '__proto__') Object.defineProperty(out, key, { value, enumerable: true, configurable: true, writable: true });
      else out[key] = value;
      overridable.delete(key);
    }
    b.open.delete(node);
    b.built.set(node, out);
    return out;
  }
  throw new LoadError('unexpected node');
}

/** `<<: value`: a mapping, or a list of mappings, whose keys are copied when not already present. */
function mergeInto(b: Builder, out: Record<string, unknown>, overridable: Set<string>, source: unknown, depth: number): void {
  const copy = (value: unknown): void => {
    if (!value || typeof value !== 'object' || Array.isArray(value) || value instanceof Date)
      throw new LoadError('cannot merge mappings; the provided source object is unacceptable');
    for (const [k, v] of Object.entries(value as Record<string, unknown>))
      if (!Object.prototype.hasOwnProperty.call(out, k)) {
        out[k] = v;
        overridable.add(k);
      }
  };
  const built = build(b, source, depth);
  if (Array.isArray(built)) for (const item of built) copy(item);
  else copy(built);
}

/** Leading tabs are white space, not indentation, for js-yaml 3: `( *)\t[ \t]*` at a line start keeps only
 *  the spaces before the first tab. Used only when the `yaml` package refuses tab indentation. */
function tabsAsSpace(src: string): string {
  return src.replace(/^( *)\t[ \t]*/gm, '$1');
}

/** js-yaml 3 `safeLoad(src)`, as far as OpenCode's reading of a skill depends on it. Never throws. */
export function loadYaml(text: string): YamlLoad {
  // js-yaml takes CRLF and a lone CR as line breaks (a block cut before `\n---` ends in a lone CR); YAML turns
  // every break inside a value into `\n`, so the text is normalised first.
  const src = text.replace(/\r\n?/g, '\n');
  if (NON_PRINTABLE.test(src)) return { ok: false, message: 'the stream contains non-printable characters' };
  try {
    const options = { uniqueKeys: false, merge: false, schema: 'core' as const, prettyErrors: false, keepSourceTokens: false };
    let doc = parseDocument(src, options);
    if (doc.errors.some((e) => e.code === 'TAB_AS_INDENT')) doc = parseDocument(tabsAsSpace(src), options);
    const error = doc.errors[0];
    if (error) return { ok: false, message: error.message.split('\n')[0] ?? error.message };
    const unresolved = doc.warnings.find((w) => w.code === 'TAG_RESOLVE_FAILED');
    if (unresolved) return { ok: false, message: unresolved.message.split('\n')[0] ?? unresolved.message };
    const value = build({ doc, nodes: 0, built: new Map(), open: new Set() }, doc.contents, 0);
    return { ok: true, value: value === null && doc.contents === null ? undefined : value };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}
