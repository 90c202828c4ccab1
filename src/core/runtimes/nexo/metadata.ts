// What nexo-rs makes of the frontmatter (RULES.md §4, `skills.rs:8-77`, `:702-713`). It deserializes the
// block with `serde_yaml::from_str::<SkillMetadata>` into
//   { name: Option<String>, description: Option<String>, max_chars: Option<usize>,
//     requires: { bins: Vec<String>, env: Vec<String>,
//                 bin_versions: BTreeMap<String, untagged String | { constraint, command?, regex? }>,
//                 mode: strict|warn|disable } }
// every field `#[serde(default)]`, unknown keys ignored, and on ANY error logs a warning and uses
// `SkillMetadata::default()`: name, description, max_chars and every requirement are gone (the body is not).
//
// serde_yaml 0.9's rules, as observed with the runtime's own build (the table of RULES.md §4):
// - a `String` field takes any scalar as written (`name: 1.50` is "1.50", `- ~` in a list is "~");
// - `Option<…>` is None for a null scalar (empty, `~`, `null`, `Null`, `NULL`);
// - a struct, a `Vec` or a map takes an EMPTY value as empty (`requires:`, `bins:`), but a written null
//   (`~`, `null`) is a type error, and so is a value of the wrong shape (`bins: ffmpeg`, `requires: []`);
// - an enum (`mode`) takes exactly a variant name, or a tag naming it (`!warn`); empty, `~` or `Warn` fail;
// - `usize` (`max_chars`) takes an unsigned YAML integer only: `50`, `+5`, `0x14`, `0o10`;
// - the untagged `bin_versions` value is matched on the scalar's YAML type: a string is the shorthand
//   constraint, a map is the long form (its `constraint`, `command`, `regex` must be strings; `command` and
//   `regex` may be null), anything else (`4`, `4.0`, `true`, `~`, a list, a foreign tag) fails;
// - the same known field twice is "duplicate field"; a `bin_versions` key twice keeps the LAST value;
// - merge keys are not applied (`<<` is just an unknown key); aliases are resolved.

import type { Document, Node } from 'yaml';
import type { GatingMode } from '../../types';
import { isAlias, isMap, isPair, isScalar, isSeq, keyText, nodeRange, Scalar, scalarText } from '../../skill/yaml';

export interface NexoBinVersion {
  bin: string;
  constraint: string;
  /** `command` as written; null when absent or null (the runtime then passes `--version`). */
  command: string | null;
  regex: string | undefined;
  /** Ranges for diagnostics. */
  keyRange: [number, number] | null;
  constraintRange: [number, number] | null;
  commandRange: [number, number] | null;
  regexRange: [number, number] | null;
}

export interface NexoItem {
  value: string;
  range: [number, number] | null;
}

export interface NexoMeta {
  /** `name` as written (None → undefined: the heading falls back to the listed name). */
  name: string | undefined;
  /** `description` as written, untrimmed (the block trims it). */
  description: string | undefined;
  maxChars: number | undefined;
  hasRequires: boolean;
  bins: NexoItem[];
  env: NexoItem[];
  /** In the runtime's order: BTreeMap order of the key (bytes), a repeated key keeping its last value. */
  binVersions: NexoBinVersion[];
  mode: GatingMode | undefined;
  modeRange: [number, number] | null;
}

export interface NexoFailure {
  /** Plain-words reason, completing "nexo-rs ignores the entire frontmatter when …". */
  reason: string;
  start: number;
  end: number;
  /** JSON pointer of the offending node, so the schema's error at the same place is not said twice. */
  pointer: string;
}

export const EMPTY_NEXO: NexoMeta = Object.freeze({
  name: undefined,
  description: undefined,
  maxChars: undefined,
  hasRequires: false,
  bins: [],
  env: [],
  binVersions: [],
  mode: undefined,
  modeRange: null,
}) as NexoMeta;

class Fail extends Error {
  constructor(readonly failure: NexoFailure) {
    super(failure.reason);
  }
}

interface Ctx {
  doc: Document.Parsed;
  base: number;
  whole: [number, number];
}

function deref(node: unknown, ctx: Ctx): unknown {
  let n = node;
  for (let i = 0; i < 64 && isAlias(n); i++) n = n.resolve(ctx.doc);
  return n;
}

function fail(node: unknown, pointer: string, reason: string, ctx: Ctx): never {
  const r = nodeRange(node as Node, ctx.base) ?? ctx.whole;
  throw new Fail({ reason, start: r[0], end: Math.max(r[1], r[0] + 1), pointer });
}

const CORE_STR_TAG = 'tag:yaml.org,2002:str';

/** The type serde_yaml 0.9 gives a plain scalar it deserializes "untagged" (`visit_untagged_scalar`). */
export type SerdeScalarKind = 'null' | 'bool' | 'int' | 'float' | 'str';

/** `digits_but_not_number`: leading zeros followed by digits are a string (YAML 1.2). */
function digitsButNotNumber(s: string): boolean {
  const t = s.startsWith('-') || s.startsWith('+') ? s.slice(1) : s;
  return t.length > 1 && t.startsWith('0') && /^[0-9]+$/.test(t.slice(1));
}

/** Rust's `from_str_radix` for an unbounded integer: an optional `+`, then digits of the radix. */
function fromStrRadix(s: string, radix: 2 | 8 | 10 | 16, negative: boolean): bigint | null {
  const body = s.startsWith('+') && !negative ? s.slice(1) : s;
  const digits = { 2: /^[01]+$/, 8: /^[0-7]+$/, 10: /^[0-9]+$/, 16: /^[0-9a-fA-F]+$/ }[radix];
  if (!digits.test(body)) return null;
  const prefix = { 2: '0b', 8: '0o', 10: '', 16: '0x' }[radix];
  const v = BigInt(prefix + body);
  return negative ? -v : v;
}

/** `parse_unsigned_int` (u128 wide): `+` sign, `0x`/`0o`/`0b` prefixes, decimal without leading zeros. */
export function serdeUnsignedInt(scalar: string): bigint | null {
  let s = scalar;
  if (s.startsWith('+')) {
    s = s.slice(1);
    if (s.startsWith('+') || s.startsWith('-')) return null;
  }
  for (const [prefix, radix] of [
    ['0x', 16],
    ['0o', 8],
    ['0b', 2],
  ] as const) {
    if (s.startsWith(prefix)) {
      const rest = s.slice(2);
      if (rest.startsWith('+') || rest.startsWith('-')) return null;
      const v = fromStrRadix(rest, radix, false);
      if (v !== null) return v;
    }
  }
  if (s.startsWith('+') || s.startsWith('-')) return null;
  if (digitsButNotNumber(scalar)) return null;
  return fromStrRadix(s, 10, false);
}

function serdeNegativeInt(scalar: string): bigint | null {
  for (const [prefix, radix] of [
    ['-0x', 16],
    ['-0o', 8],
    ['-0b', 2],
  ] as const) {
    if (scalar.startsWith(prefix)) {
      const v = fromStrRadix(scalar.slice(3), radix, true);
      if (v !== null) return v;
    }
  }
  if (digitsButNotNumber(scalar)) return null;
  if (!scalar.startsWith('-')) return null;
  return fromStrRadix(scalar.slice(1), 10, true);
}

/** `parse_f64`: Rust's `f64::from_str` on the text (finite results only), plus YAML's `.inf` / `.nan`. */
function serdeFloat(scalar: string): boolean {
  let s = scalar;
  if (s.startsWith('+')) {
    s = s.slice(1);
    if (s.startsWith('+') || s.startsWith('-')) return false;
  }
  if (['.inf', '.Inf', '.INF'].includes(s) || ['-.inf', '-.Inf', '-.INF', '.nan', '.NaN', '.NAN'].includes(scalar)) return true;
  // Rust's float grammar: digits with an optional fraction and exponent (`1.`, `.5`, `1e3`); the words
  // inf/infinity/nan also parse but are not finite, so serde_yaml does not take them.
  return /^[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?$/.test(s);
}

const U128_MAX = (1n << 128n) - 1n;
const I128_MIN = -(1n << 127n);

/** What serde_yaml makes of a plain scalar's text when the target accepts any type. */
export function serdeScalarKind(text: string): SerdeScalarKind {
  if (text === '' || text === '~' || text === 'null' || text === 'Null' || text === 'NULL') return 'null';
  if (['true', 'True', 'TRUE', 'false', 'False', 'FALSE'].includes(text)) return 'bool';
  const u = serdeUnsignedInt(text);
  if (u !== null && u <= U128_MAX) return 'int';
  const n = serdeNegativeInt(text);
  if (n !== null && n >= I128_MIN) return 'int';
  if (!digitsButNotNumber(text) && serdeFloat(text)) return 'float';
  return 'str';
}

/** The scalar's tag when it is not a core `!!str` (which changes nothing for a string field). */
function foreignTag(node: Scalar): string | undefined {
  return node.tag && node.tag !== CORE_STR_TAG ? node.tag : undefined;
}

/** A scalar written as nothing at all (`key:`): serde_yaml gives an empty struct, sequence or map. */
function isEmptyValue(node: unknown): boolean {
  if (node == null) return true;
  return isScalar(node) && node.type === Scalar.PLAIN && !node.tag && scalarText(node) === '';
}

/** A null as `Option` reads it: empty, `~`, `null`, `Null`, `NULL` (plain, untagged). */
function isNullValue(node: unknown): boolean {
  if (node == null) return true;
  return isScalar(node) && node.type === Scalar.PLAIN && !node.tag && serdeScalarKind(scalarText(node)) === 'null';
}

/** The type of a scalar as an untagged enum / `Content` sees it: quoted and block scalars are strings. */
function contentKind(node: Scalar): SerdeScalarKind | 'tagged' {
  const tag = foreignTag(node);
  if (tag) return 'tagged';
  if (node.tag === CORE_STR_TAG || node.type !== Scalar.PLAIN) return 'str';
  return serdeScalarKind(scalarText(node));
}

function describe(node: unknown): string {
  if (node == null) return 'nothing (null)';
  if (isSeq(node)) return 'a list';
  if (isMap(node)) return 'a map';
  if (isScalar(node)) {
    if (isEmptyValue(node)) return 'empty';
    const kind = contentKind(node);
    const text = scalarText(node).slice(0, 40);
    if (kind === 'null') return `the null \`${text}\``;
    if (kind === 'int' || kind === 'float') return `the number ${typeof node.value === 'number' || typeof node.value === 'bigint' ? String(node.value) : text}`;
    if (kind === 'bool') return `the boolean ${text}`;
    if (kind === 'tagged') return `a value tagged \`${node.tag ?? ''}\``;
    return `the text "${text}"`;
  }
  return 'an unexpected value';
}

/** Emulate serde_yaml + nexo-rs' frontmatter struct on a parsed block. */
export function readNexo(doc: Document.Parsed, base: number, whole: [number, number]): { meta: NexoMeta; failure: NexoFailure | null } {
  const ctx: Ctx = { doc, base, whole };
  try {
    return { meta: readRoot(doc.contents, ctx), failure: null };
  } catch (e) {
    if (e instanceof Fail) return { meta: EMPTY_NEXO, failure: e.failure };
    throw e;
  }
}

function readRoot(rootNode: unknown, ctx: Ctx): NexoMeta {
  const meta: NexoMeta = { ...EMPTY_NEXO, bins: [], env: [], binVersions: [] };
  const root = deref(rootNode, ctx);
  // An empty block (or only comments): every field takes its default.
  if (root == null || isEmptyValue(root)) return meta;
  if (!isMap(root)) fail(root, '', `the frontmatter is ${describe(root)} instead of a map of fields`, ctx);
  const seen = new Set<string>();
  for (const pair of root.items) {
    if (!isPair(pair)) continue;
    const key = keyText(deref(pair.key, ctx));
    const pointer = `/${key}`;
    if (!['name', 'description', 'max_chars', 'requires'].includes(key)) continue;
    if (seen.has(key)) fail(pair.key, pointer, `the field \`${key}\` appears twice`, ctx);
    seen.add(key);
    const value = deref(pair.value, ctx);
    const at = (pair.value ?? pair.key) as unknown;
    switch (key) {
      case 'name':
      case 'description': {
        if (isNullValue(value)) break;
        meta[key] = readString(value, at, pointer, `\`${key}\``, ctx);
        break;
      }
      case 'max_chars': {
        if (isNullValue(value)) break;
        meta.maxChars = readUsize(value, at, pointer, ctx);
        break;
      }
      case 'requires': {
        if (isEmptyValue(value)) {
          meta.hasRequires = true;
          break;
        }
        readRequires(value, at, ctx, meta);
        break;
      }
    }
  }
  return meta;
}

/** A `String` field: any scalar, as written. */
function readString(value: unknown, at: unknown, pointer: string, label: string, ctx: Ctx): string {
  if (!isScalar(value)) fail(at, pointer, `${label} is ${describe(value)} instead of text`, ctx);
  return scalarText(value);
}

function readUsize(value: unknown, at: unknown, pointer: string, ctx: Ctx): number {
  const bad = (): never => fail(at, pointer, `\`max_chars\` is ${describe(value)} instead of a whole number ≥ 0`, ctx);
  if (!isScalar(value) || value.type !== Scalar.PLAIN || foreignTag(value) || value.tag === CORE_STR_TAG) return bad();
  const n = serdeUnsignedInt(scalarText(value));
  // usize on the runtime's 64-bit targets.
  if (n === null || n > 0xffff_ffff_ffff_ffffn) return bad();
  return n > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(n);
}

function readStringList(value: unknown, at: unknown, pointer: string, field: string, ctx: Ctx): NexoItem[] {
  if (isEmptyValue(value)) return [];
  if (!isSeq(value)) {
    const hint = isScalar(value) && !isNullValue(value) ? ` (write \`${field}: [${scalarText(value)}]\`)` : '';
    fail(at, pointer, `\`${field}\` is ${describe(value)} instead of a list${hint}`, ctx);
  }
  const items: NexoItem[] = [];
  value.items.forEach((raw, i) => {
    const item = deref(raw, ctx);
    // A null entry (`- ~`) still deserializes into a String: serde_yaml hands over the scalar as written.
    items.push({ value: readString(item, raw, `${pointer}/${i}`, `an entry of \`${field}\``, ctx), range: nodeRange(raw as Node, ctx.base) });
  });
  return items;
}

function readRequires(value: unknown, at: unknown, ctx: Ctx, meta: NexoMeta): void {
  if (!isMap(value)) fail(at, '/requires', `\`requires\` is ${describe(value)} instead of a map`, ctx);
  meta.hasRequires = true;
  const seen = new Set<string>();
  for (const pair of value.items) {
    if (!isPair(pair)) continue;
    const key = keyText(deref(pair.key, ctx));
    if (!['bins', 'env', 'bin_versions', 'mode'].includes(key)) continue;
    const pointer = `/requires/${key}`;
    if (seen.has(key)) fail(pair.key, pointer, `the field \`requires.${key}\` appears twice`, ctx);
    seen.add(key);
    const v = deref(pair.value, ctx);
    const vat = (pair.value ?? pair.key) as unknown;
    if (key === 'bins') meta.bins = readStringList(v, vat, pointer, 'bins', ctx);
    else if (key === 'env') meta.env = readStringList(v, vat, pointer, 'env', ctx);
    else if (key === 'mode') {
      meta.mode = readMode(v, vat, pointer, ctx);
      meta.modeRange = nodeRange(vat as Node, ctx.base);
    } else readBinVersions(v, vat, ctx, meta);
  }
}

/** serde's unit enum from YAML: the scalar's text names the variant, or (`mode: !warn`) its tag does. */
function readMode(v: unknown, at: unknown, pointer: string, ctx: Ctx): GatingMode {
  let name: string | undefined;
  if (isScalar(v)) {
    const tag = foreignTag(v);
    if (tag) name = tag.startsWith('!') && !tag.startsWith('!!') && scalarText(v) === '' ? tag.slice(1) : undefined;
    else if (!isEmptyValue(v)) name = scalarText(v);
  }
  if (name !== 'strict' && name !== 'warn' && name !== 'disable') {
    const what = isScalar(v) && !isEmptyValue(v) && !foreignTag(v) ? `"${scalarText(v)}"` : describe(v);
    fail(at, pointer, `\`mode\` is ${what}, not one of strict, warn, disable`, ctx);
  }
  return name;
}

function readBinVersions(value: unknown, at: unknown, ctx: Ctx, meta: NexoMeta): void {
  if (isEmptyValue(value)) return;
  if (!isMap(value)) fail(at, '/requires/bin_versions', `\`bin_versions\` is ${describe(value)} instead of a map of binary → constraint`, ctx);
  const byBin = new Map<string, NexoBinVersion>();
  for (const pair of value.items) {
    if (!isPair(pair)) continue;
    const keyNode = deref(pair.key, ctx);
    if (keyNode != null && !isScalar(keyNode)) fail(pair.key, '/requires/bin_versions', 'a key of `bin_versions` is not text', ctx);
    const bin = keyText(keyNode);
    const pointer = `/requires/bin_versions/${bin.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    const v = deref(pair.value, ctx);
    const vat = (pair.value ?? pair.key) as unknown;
    const entry: NexoBinVersion = {
      bin,
      constraint: '',
      command: null,
      regex: undefined,
      keyRange: nodeRange(pair.key as Node, ctx.base),
      constraintRange: null,
      commandRange: null,
      regexRange: null,
    };
    if (isScalar(v) && !isEmptyValue(v) && contentKind(v) === 'str') {
      entry.constraint = scalarText(v);
      entry.constraintRange = nodeRange(vat as Node, ctx.base);
    } else if (isMap(v)) {
      readLongForm(v, entry, pointer, pair.key, ctx);
    } else {
      fail(vat, pointer, `the constraint for \`${bin}\` is ${describe(v)} instead of text${quoteHint(v)}`, ctx);
    }
    // BTreeMap::insert: a repeated key keeps the last value.
    byBin.delete(bin);
    byBin.set(bin, entry);
  }
  meta.binVersions = [...byBin.values()].sort((a, b) => compareBytes(a.bin, b.bin));
}

function readLongForm(v: import('yaml').YAMLMap, entry: NexoBinVersion, pointer: string, keyNode: unknown, ctx: Ctx): void {
  const seen = new Set<string>();
  for (const p of v.items) {
    if (!isPair(p)) continue;
    const k = keyText(deref(p.key, ctx));
    if (k !== 'constraint' && k !== 'command' && k !== 'regex') continue;
    if (seen.has(k)) fail(p.key, `${pointer}/${k}`, `\`${entry.bin}.${k}\` appears twice`, ctx);
    seen.add(k);
    const pv = deref(p.value, ctx);
    const pat = (p.value ?? p.key) as unknown;
    if (k !== 'constraint' && isScalar(pv) && !foreignTag(pv) && pv.type === Scalar.PLAIN && serdeScalarKind(scalarText(pv)) === 'null') continue;
    if (pv == null && k !== 'constraint') continue;
    if (!isScalar(pv) || isEmptyValue(pv) || contentKind(pv) !== 'str') {
      fail(pat, `${pointer}/${k}`, `\`${entry.bin}.${k}\` is ${describe(pv)} instead of text${quoteHint(pv)}`, ctx);
    }
    const text = scalarText(pv);
    const r = nodeRange(pat as Node, ctx.base);
    if (k === 'constraint') [entry.constraint, entry.constraintRange] = [text, r];
    else if (k === 'command') [entry.command, entry.commandRange] = [text, r];
    else [entry.regex, entry.regexRange] = [text, r];
  }
  if (!seen.has('constraint')) fail(keyNode, pointer, `\`bin_versions.${entry.bin}\` has no \`constraint\``, ctx);
}

/** Rust's `str` order (UTF-8 bytes), which is code-point order. */
export function compareBytes(a: string, b: string): number {
  const x = Array.from(a);
  const y = Array.from(b);
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = (x[i]?.codePointAt(0) ?? 0) - (y[i]?.codePointAt(0) ?? 0);
    if (d !== 0) return d;
  }
  return x.length - y.length;
}

function quoteHint(v: unknown): string {
  if (isScalar(v) && !isEmptyValue(v)) {
    const kind = contentKind(v);
    if (kind === 'int' || kind === 'float' || kind === 'bool') return ` (quote it: \`"${scalarText(v)}"\`)`;
  }
  return '';
}
