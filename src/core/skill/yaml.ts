// The frontmatter's YAML, parsed with the `yaml` package so every node keeps its source range. Offsets are
// shifted to the original file, so a node's range is directly a diagnostic range.
//
// We convert nodes to plain values ourselves instead of `toJS()` because we need (a) a JSON-pointer → node
// map to put schema errors on the right node, (b) null-prototype objects so keys like `__proto__` are
// ordinary data downstream, and (c) a budget on alias expansion so an alias bomb costs nothing.

import { Alias, Document, isAlias, isMap, isPair, isScalar, isSeq, parseDocument, Scalar, type Node } from 'yaml';

export interface YamlIssue {
  kind: 'syntax' | 'duplicate-key' | 'alias-budget' | 'too-deep';
  message: string;
  code: string;
  start: number;
  end: number;
}

export interface ParsedYaml {
  doc: Document.Parsed | null;
  /** Plain value of the document (null-prototype objects), or undefined when it could not be built. */
  value: unknown;
  /** JSON pointer (`/requires/bins/0`) → node, for every node reached while building `value`. */
  nodes: Map<string, Node>;
  /** JSON pointer → key node, for map entries. */
  keys: Map<string, Node>;
  issues: YamlIssue[];
  /** Offset added to every node range (the start of the YAML block in the file). */
  base: number;
}

/** How many nodes alias expansion may add before we stop (a billion-laughs file stops here). */
const ALIAS_BUDGET = 10_000;
/** Deeper nesting than this is reported rather than walked (the stack is shared with the editor). */
export const MAX_DEPTH = 200;

export function escapePointer(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

export function nodeRange(node: Node | null | undefined, base: number): [number, number] | null {
  const r = node?.range;
  if (!r) return null;
  return [r[0] + base, r[1] + base];
}

/** Count nesting depth cheaply from the raw text: `yaml` builds its tree recursively, so a 20,000-deep
 *  `[[[[…` would exhaust the stack inside the parser. Flow brackets are the only way to nest that deep on
 *  few bytes; block nesting needs indentation, which costs quadratic bytes. */
export function flowDepthExceeds(src: string, limit: number = MAX_DEPTH): number {
  let depth = 0;
  let quote = 0;
  for (let i = 0; i < src.length; i++) {
    const c = src.charCodeAt(i);
    if (quote) {
      if (c === quote) quote = 0;
      continue;
    }
    if (c === 0x22 || c === 0x27) quote = c;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return i;
    } else if (c === 0x5d || c === 0x7d) depth = Math.max(0, depth - 1);
    else if (c === 0x0a) quote = 0;
  }
  return -1;
}

export function parseYaml(src: string, base: number): ParsedYaml {
  const out: ParsedYaml = { doc: null, value: undefined, nodes: new Map(), keys: new Map(), issues: [], base };
  const tooDeep = flowDepthExceeds(src, MAX_DEPTH);
  if (tooDeep >= 0) {
    out.issues.push({
      kind: 'too-deep',
      code: 'TOO_DEEP',
      message: `nesting deeper than ${MAX_DEPTH} levels; not parsed`,
      start: base + tooDeep,
      end: base + tooDeep + 1,
    });
    return out;
  }
  let doc: Document.Parsed;
  try {
    // `uniqueKeys: true` makes the composer compare every key with every earlier key of its map: quadratic,
    // most of the time of a 5,000-line frontmatter. Parse without it, look for a duplicate in one pass with
    // the same equality, and only when there is one parse again with it, for the composer's own errors. The
    // option changes nothing else in the document, so a document without duplicates is the same either way.
    doc = parseDocument(src, { ...PARSE_OPTIONS, uniqueKeys: false });
    if (hasDuplicateKey(doc)) doc = parseDocument(src, { ...PARSE_OPTIONS, uniqueKeys: true });
    else doc.options.uniqueKeys = true;
  } catch (err) {
    out.issues.push({ kind: 'syntax', code: 'PARSER', message: errorText(err), start: base, end: base + Math.min(src.length, 1) });
    return out;
  }
  out.doc = doc;
  for (const e of doc.errors) {
    // The parser marks a duplicate key by its first character only; the finding covers (and names) the key.
    const end = e.code === 'DUPLICATE_KEY' ? (keyEndAt(doc, e.pos[0]) ?? e.pos[1]) : e.pos[1];
    out.issues.push({
      kind: e.code === 'DUPLICATE_KEY' ? 'duplicate-key' : 'syntax',
      code: e.code,
      message: e.message.split('\n')[0] ?? e.message,
      start: base + e.pos[0],
      end: base + Math.max(end, e.pos[0] + 1),
    });
  }
  if (out.issues.some((i) => i.kind === 'syntax')) return out;
  const budget = { left: ALIAS_BUDGET, exhausted: null as Alias | null };
  try {
    out.value = toPlain(doc.contents, '', doc, out, budget, 0, new Set());
  } catch (err) {
    out.issues.push({ kind: 'syntax', code: 'PARSER', message: errorText(err), start: base, end: base + 1 });
    out.value = undefined;
  }
  if (budget.exhausted) {
    const r = nodeRange(budget.exhausted, base) ?? [base, base + 1];
    out.issues.push({
      kind: 'alias-budget',
      code: 'ALIAS_BUDGET',
      message: `aliases expand to more than ${ALIAS_BUDGET} nodes (an "alias bomb"); expansion stopped`,
      start: r[0],
      end: r[1],
    });
  }
  return out;
}

const PARSE_OPTIONS = { prettyErrors: false, keepSourceTokens: false, strict: true } as const;

/** Whether some map has two keys the composer's `uniqueKeys: true` check calls equal: the same node, or two
 *  scalars whose values are `===` (so `1` and `"1"` differ, and `.nan` never equals itself). Walks every
 *  map the composer built, keys included, without following aliases (the composer checks each map once). */
function hasDuplicateKey(doc: Document.Parsed): boolean {
  const stack: unknown[] = [doc.contents];
  while (stack.length) {
    const node = stack.pop();
    if (isMap(node)) {
      const items = node.items;
      if (items.length > 1) {
        const values = new Set<unknown>();
        const nodes = new Set<unknown>();
        for (const pair of items) {
          const key: unknown = pair.key;
          if (isScalar(key)) {
            const v = key.value;
            if (v === v && values.has(v)) return true; // NaN (v !== v) equals nothing
            values.add(v);
          }
          if (nodes.has(key)) return true;
          nodes.add(key);
        }
      }
      for (const pair of items) stack.push(pair.key, pair.value);
    } else if (isSeq(node)) {
      for (const item of node.items) stack.push(isPair(item) ? item.key : item, isPair(item) ? item.value : undefined);
    } else if (isPair(node)) {
      stack.push(node.key, node.value);
    }
  }
  return false;
}

/** End offset of the map key that starts at `start` (without following aliases), if there is one. */
function keyEndAt(doc: Document.Parsed, start: number): number | undefined {
  const stack: unknown[] = [doc.contents];
  while (stack.length) {
    const node = stack.pop();
    if (isMap(node) || isSeq(node)) {
      for (const item of node.items) {
        if (!isPair(item)) {
          stack.push(item);
          continue;
        }
        const key = item.key as Node | null;
        if (key?.range?.[0] === start) return key.range[1];
        stack.push(key, item.value);
      }
    }
  }
  return undefined;
}

function errorText(err: unknown): string {
  if (err instanceof RangeError) return 'the YAML is nested too deeply to parse';
  const m = err instanceof Error ? err.message : String(err);
  return m.split('\n')[0] ?? m;
}

function toPlain(
  node: unknown,
  pointer: string,
  doc: Document.Parsed,
  out: ParsedYaml,
  budget: { left: number; exhausted: Alias | null },
  depth: number,
  resolving: Set<Node>,
): unknown {
  if (node == null) return null;
  if (depth > MAX_DEPTH) return null;
  if (isAlias(node)) {
    if (budget.left <= 0) {
      budget.exhausted ??= node;
      return null;
    }
    budget.left--;
    const target = node.resolve(doc);
    if (!target || resolving.has(target)) return null;
    resolving.add(target);
    try {
      // The alias itself is what the author wrote at this position; keep its range for diagnostics.
      const v = toPlain(target, pointer, doc, out, budget, depth + 1, resolving);
      out.nodes.set(pointer, node);
      return v;
    } finally {
      resolving.delete(target);
    }
  }
  out.nodes.set(pointer, node as Node);
  if (isScalar(node)) return node.value;
  if (isSeq(node)) {
    const arr: unknown[] = [];
    node.items.forEach((item, i) => {
      if (resolvingCost(budget, resolving)) return;
      arr.push(toPlain(item, `${pointer}/${i}`, doc, out, budget, depth + 1, resolving));
    });
    return arr;
  }
  if (isMap(node)) {
    const obj: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
    for (const pair of node.items) {
      if (!isPair(pair)) continue;
      if (resolvingCost(budget, resolving)) break;
      const key = keyText(pair.key);
      const childPointer = `${pointer}/${escapePointer(key)}`;
      if (pair.key && !out.keys.has(childPointer)) out.keys.set(childPointer, pair.key as Node);
      // With duplicate keys the runtime (serde) fails outright; for the author's view the first wins.
      if (Object.prototype.hasOwnProperty.call(obj, key)) continue;
      obj[key] = toPlain(pair.value, childPointer, doc, out, budget, depth + 1, resolving);
    }
    return obj;
  }
  return null;
}

/** Charge each node visited under an alias expansion to the budget. */
function resolvingCost(budget: { left: number }, resolving: Set<Node>): boolean {
  if (resolving.size === 0) return false;
  if (budget.left <= 0) return true;
  budget.left--;
  return false;
}

/** A map key as the string serde would see (any scalar; other keys get a stable placeholder). */
export function keyText(key: unknown): string {
  if (isScalar(key)) return scalarText(key);
  if (key == null) return '';
  return '[complex key]';
}

/** The text a Rust `String` field receives from a scalar: the source as written for plain scalars
 *  (`1.10` stays "1.10" for serde_yaml, unlike YAML's resolved number 1.1), the decoded value otherwise. */
export function scalarText(node: Scalar): string {
  if (node.type === Scalar.PLAIN && typeof node.source === 'string') return node.source;
  const v = node.value;
  return typeof v === 'string' ? v : String(v);
}

export { isAlias, isMap, isPair, isScalar, isSeq, Scalar };
