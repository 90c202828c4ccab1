// What nexo-rs makes of the frontmatter. It deserializes the block strictly with serde_yaml into
//   { name: Option<String>, description: Option<String>, max_chars: Option<usize>,
//     requires: Option<{ bins: Vec<String>, env: Vec<String>,
//                        bin_versions: Map<String, untagged String | { constraint, command?, regex? }>,
//                        mode: strict|warn|disable }> }
// (unknown keys ignored) and on ANY error logs a warning and uses empty metadata (runtime-semantics §1.3).
// serde_yaml's rules, reproduced here:
// - a `String` field accepts ANY scalar as written (`bins: [7z, 1]` is fine: "1");
// - `Option<…>` is None for a null scalar (empty, `~`, `null`); `Vec`/map/enum fields do NOT accept null;
// - an untagged enum (the `bin_versions` value) is matched on the scalar's resolved YAML type, so an
//   unquoted `ffmpeg: 4.0` is a float, matches neither variant, and the whole frontmatter is ignored;
// - a duplicated known field is an error ("duplicate field");
// - `usize` accepts plain integers only (a quoted "4000", a negative or a float is an error).

import type { Document, Node } from 'yaml';
import type { GatingMode } from './types';
import { isAlias, isMap, isPair, isScalar, isSeq, keyText, nodeRange, Scalar, scalarText } from './yaml';

export interface NexoBinVersion {
  bin: string;
  constraint: string;
  command: string;
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
  name: string | undefined;
  description: string | undefined;
  maxChars: number | undefined;
  hasRequires: boolean;
  bins: NexoItem[];
  env: NexoItem[];
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
}

function deref(node: unknown, ctx: Ctx): unknown {
  let n = node;
  for (let i = 0; i < 64 && isAlias(n); i++) n = n.resolve(ctx.doc);
  return n;
}

function fail(node: unknown, pointer: string, reason: string, ctx: Ctx, fallback: [number, number]): never {
  const r = nodeRange(node as Node, ctx.base) ?? fallback;
  throw new Fail({ reason, start: r[0], end: Math.max(r[1], r[0] + 1), pointer });
}

function isNull(node: unknown): boolean {
  if (node == null) return true;
  return isScalar(node) && node.value === null && node.type === Scalar.PLAIN;
}

function describe(node: unknown): string {
  if (node == null || isNull(node)) return 'nothing (null)';
  if (isSeq(node)) return 'a list';
  if (isMap(node)) return 'a map';
  if (isScalar(node)) {
    const v = node.value;
    if (typeof v === 'number' || typeof v === 'bigint') return `the number ${String(v)}`;
    if (typeof v === 'boolean') return `the boolean ${String(v)}`;
    return `the text "${String(v).slice(0, 40)}"`;
  }
  return 'an unexpected value';
}

/** Emulate serde_yaml + nexo-rs' frontmatter struct. `contents` is the document root (null when empty). */
export function readNexo(
  doc: Document.Parsed,
  base: number,
  whole: [number, number],
): { meta: NexoMeta; failure: NexoFailure | null } {
  const ctx: Ctx = { doc, base };
  try {
    return { meta: readRoot(doc.contents, ctx, whole), failure: null };
  } catch (e) {
    if (e instanceof Fail) return { meta: EMPTY_NEXO, failure: e.failure };
    throw e;
  }
}

function readRoot(rootNode: unknown, ctx: Ctx, whole: [number, number]): NexoMeta {
  const meta: NexoMeta = { ...EMPTY_NEXO, bins: [], env: [], binVersions: [] };
  const root = deref(rootNode, ctx);
  if (root == null || isNull(root)) return meta;
  if (!isMap(root)) fail(root, '', `the frontmatter is ${describe(root)} instead of a map of fields`, ctx, whole);
  const seen = new Set<string>();
  for (const pair of root.items) {
    if (!isPair(pair)) continue;
    const key = keyText(deref(pair.key, ctx));
    const pointer = `/${key}`;
    if (!['name', 'description', 'max_chars', 'requires'].includes(key)) continue;
    if (seen.has(key)) fail(pair.key, pointer, `the field \`${key}\` appears twice`, ctx, whole);
    seen.add(key);
    const value = deref(pair.value, ctx);
    const at = (pair.value ?? pair.key) as unknown;
    switch (key) {
      case 'name':
      case 'description': {
        if (isNull(value)) break;
        if (!isScalar(value)) fail(at, pointer, `\`${key}\` is ${describe(value)} instead of text`, ctx, whole);
        meta[key] = scalarText(value);
        break;
      }
      case 'max_chars': {
        if (isNull(value)) break;
        meta.maxChars = readUsize(value, at, pointer, ctx, whole);
        break;
      }
      case 'requires': {
        if (isNull(value)) break;
        readRequires(value, at, ctx, whole, meta);
        break;
      }
    }
  }
  return meta;
}

function readUsize(value: unknown, at: unknown, pointer: string, ctx: Ctx, whole: [number, number]): number {
  const bad = (): never =>
    fail(at, pointer, `\`max_chars\` is ${describe(value)} instead of a whole number ≥ 0`, ctx, whole);
  if (!isScalar(value) || value.type !== Scalar.PLAIN) return bad();
  const v = value.value;
  const src = typeof value.source === 'string' ? value.source.trim() : String(v);
  // serde_yaml reads a plain scalar with leading zeros (`0400`) as a string, which usize rejects.
  if (/^[+-]?0\d/.test(src)) return bad();
  if (typeof v === 'number' && Number.isInteger(v) && v >= 0) return v;
  if (typeof v === 'bigint' && v >= 0n) return Number(v);
  return bad();
}

function readStringList(value: unknown, at: unknown, pointer: string, field: string, ctx: Ctx, whole: [number, number]): NexoItem[] {
  if (!isSeq(value)) {
    const hint = isScalar(value) && !isNull(value) ? ` (write \`${field}: [${scalarText(value)}]\`)` : '';
    fail(at, pointer, `\`${field}\` is ${describe(value)} instead of a list${hint}`, ctx, whole);
  }
  const items: NexoItem[] = [];
  value.items.forEach((raw, i) => {
    const item = deref(raw, ctx);
    if (!isScalar(item)) fail(raw, `${pointer}/${i}`, `an entry of \`${field}\` is ${describe(item)} instead of text`, ctx, whole);
    // A null entry (`- ~`) still deserializes into a String: serde_yaml hands over the scalar as written.
    items.push({ value: scalarText(item), range: nodeRange(raw as Node, ctx.base) });
  });
  return items;
}

function readRequires(value: unknown, at: unknown, ctx: Ctx, whole: [number, number], meta: NexoMeta): void {
  if (!isMap(value)) fail(at, '/requires', `\`requires\` is ${describe(value)} instead of a map`, ctx, whole);
  meta.hasRequires = true;
  const seen = new Set<string>();
  for (const pair of value.items) {
    if (!isPair(pair)) continue;
    const key = keyText(deref(pair.key, ctx));
    if (!['bins', 'env', 'bin_versions', 'mode'].includes(key)) continue;
    const pointer = `/requires/${key}`;
    if (seen.has(key)) fail(pair.key, pointer, `the field \`requires.${key}\` appears twice`, ctx, whole);
    seen.add(key);
    const v = deref(pair.value, ctx);
    const vat = (pair.value ?? pair.key) as unknown;
    if (key === 'bins') meta.bins = readStringList(v, vat, pointer, 'bins', ctx, whole);
    else if (key === 'env') meta.env = readStringList(v, vat, pointer, 'env', ctx, whole);
    else if (key === 'mode') {
      // serde's enum from a scalar: the scalar's text must be exactly a variant name (lowercase).
      const text = isScalar(v) ? scalarText(v) : undefined;
      if (text !== 'strict' && text !== 'warn' && text !== 'disable') {
        const what = isScalar(v) && !isNull(v) ? `"${text}"` : describe(v);
        fail(vat, pointer, `\`mode\` is ${what}, not one of strict, warn, disable`, ctx, whole);
      }
      meta.mode = text;
      meta.modeRange = nodeRange(vat as Node, ctx.base);
    } else readBinVersions(v, vat, ctx, whole, meta);
  }
}

function readBinVersions(value: unknown, at: unknown, ctx: Ctx, whole: [number, number], meta: NexoMeta): void {
  if (!isMap(value)) fail(at, '/requires/bin_versions', `\`bin_versions\` is ${describe(value)} instead of a map of binary → constraint`, ctx, whole);
  for (const pair of value.items) {
    if (!isPair(pair)) continue;
    const bin = keyText(deref(pair.key, ctx));
    const pointer = `/requires/bin_versions/${bin.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    const v = deref(pair.value, ctx);
    const vat = (pair.value ?? pair.key) as unknown;
    const entry: NexoBinVersion = {
      bin,
      constraint: '',
      command: '--version',
      regex: undefined,
      keyRange: nodeRange(pair.key as Node, ctx.base),
      constraintRange: null,
      commandRange: null,
      regexRange: null,
    };
    if (isScalar(v) && typeof v.value === 'string') {
      entry.constraint = v.value;
      entry.constraintRange = nodeRange(vat as Node, ctx.base);
    } else if (isMap(v)) {
      for (const p of v.items) {
        if (!isPair(p)) continue;
        const k = keyText(deref(p.key, ctx));
        if (k !== 'constraint' && k !== 'command' && k !== 'regex') continue;
        const pv = deref(p.value, ctx);
        const pat = (p.value ?? p.key) as unknown;
        if ((k === 'command' || k === 'regex') && isNull(pv)) continue;
        if (!isScalar(pv) || typeof pv.value !== 'string') {
          fail(pat, `${pointer}/${k}`, `\`${bin}.${k}\` is ${describe(pv)} instead of text${quoteHint(pv)}`, ctx, whole);
        }
        const r = nodeRange(pat as Node, ctx.base);
        if (k === 'constraint') [entry.constraint, entry.constraintRange] = [pv.value, r];
        else if (k === 'command') [entry.command, entry.commandRange] = [pv.value, r];
        else [entry.regex, entry.regexRange] = [pv.value, r];
      }
      if (entry.constraintRange === null) fail(pair.key, pointer, `\`bin_versions.${bin}\` has no \`constraint\``, ctx, whole);
    } else {
      fail(vat, pointer, `the constraint for \`${bin}\` is ${describe(v)} instead of text${quoteHint(v)}`, ctx, whole);
    }
    meta.binVersions.push(entry);
  }
}

function quoteHint(v: unknown): string {
  if (isScalar(v) && (typeof v.value === 'number' || typeof v.value === 'boolean')) {
    return ` (quote it: \`"${scalarText(v)}"\`)`;
  }
  return '';
}
