// A small model of Rust `regex-syntax`'s HIR (high-level intermediate representation) and of the Thompson NFA
// compiler of `regex-automata`, enough to answer one question exactly as `regex` 1.12 does: does a pattern
// compile within a size limit? (`RegexBuilder::size_limit` bounds the heap of the NFA *builder*: 32 bytes per
// state, plus 8 per transition of a sparse state and 4 per alternative of a union; the forward NFA — with
// capture states and an unanchored `(?s-u:.)*?` prefix — and the reverse NFA — no captures — must each fit.)
//
// The translator in regex.ts builds a `Hir` through the smart constructors below, which apply the same
// simplifications regex-syntax's `Hir::concat` / `Hir::alternation` / `Hir::repetition` / `Hir::class` do,
// because they change what is compiled. `nfaExceedsSizeLimit` then replays the compiler's calls in order: the
// state ids matter, because the UTF-8 compiler's bounded cache of states is keyed by transitions that name
// them (a hash collision there costs a duplicate state, here too).
//
// Unicode classes come from this JavaScript engine's tables (Unicode 17 in Node 20's ICU; regex 1.12 ships
// Unicode 16): a class that gained characters in Unicode 17 may compile a few states larger here than there.
// Alternations of literals are compiled by regex-automata with a literal trie; that one is approximated.

/** Code point ranges [lo, hi], sorted, non-overlapping, merged. */
export type Ranges = Array<[number, number]>;

export type Look = 'start' | 'end' | 'startLF' | 'endLF' | 'startCRLF' | 'endCRLF' | 'word' | 'notWord' | 'other';

export type Hir =
  | { k: 'empty' }
  | { k: 'lit'; bytes: number[] }
  /** `bytes`: a byte class (ranges of bytes) rather than a Unicode one. */
  | { k: 'class'; ranges: Ranges; bytes: boolean }
  | { k: 'look'; look: Look }
  | { k: 'rep'; min: number; max: number | null; greedy: boolean; sub: Hir }
  | { k: 'cap'; sub: Hir }
  | { k: 'concat'; subs: Hir[] }
  | { k: 'alt'; subs: Hir[] };

export const EMPTY: Hir = { k: 'empty' };

export function utf8(cp: number): number[] {
  if (cp < 0x80) return [cp];
  if (cp < 0x800) return [0xc0 | (cp >> 6), 0x80 | (cp & 0x3f)];
  if (cp < 0x10000) return [0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f)];
  return [0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 0x3f), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f)];
}

// ---------------------------------------------------------------------------------------------------------
// Range sets

export function canonical(ranges: Ranges): Ranges {
  const sorted = ranges.filter(([a, b]) => a <= b).sort((x, y) => x[0] - y[0] || x[1] - y[1]);
  const out: Ranges = [];
  for (const [a, b] of sorted) {
    const last = out[out.length - 1];
    // Contiguous in `char` space: the surrogates are not characters, so U+D7FF and U+E000 touch.
    if (last && (a <= last[1] + 1 || (last[1] === 0xd7ff && a === 0xe000))) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

export function union(a: Ranges, b: Ranges): Ranges {
  return canonical([...a.map((r) => [...r] as [number, number]), ...b.map((r) => [...r] as [number, number])]);
}

export function negate(a: Ranges, max = 0x10ffff): Ranges {
  const out: Ranges = [];
  let next = 0;
  for (const [lo, hi] of canonical(a)) {
    if (lo > next) out.push([next, lo - 1]);
    next = hi + 1;
  }
  if (next <= max) out.push([next, max]);
  // Characters only: no surrogate code points.
  return canonical(
    out.flatMap(([lo, hi]): Ranges => {
      if (hi < 0xd800 || lo > 0xdfff) return [[lo, hi]];
      const parts: Ranges = [];
      if (lo < 0xd800) parts.push([lo, 0xd7ff]);
      if (hi > 0xdfff) parts.push([0xe000, hi]);
      return parts;
    }),
  );
}

let everyCodePoint: string | undefined;

function indexToCodePoint(i: number): number {
  if (i < 0xd800) return i;
  if (i < 0xf800) return i + 0x800;
  return 0x10000 + ((i - 0xf800) >> 1);
}

const propertyCache = new Map<string, Ranges>();

/** The code points a `[…]` class of this engine matches (`/[\p{Nd}]/u`…), as ranges. Computed once per
 *  class by running the engine over a string of every character. */
export function rangesOf(classSource: string): Ranges {
  const hit = propertyCache.get(classSource);
  if (hit) return hit;
  if (everyCodePoint === undefined) {
    const parts: string[] = [];
    for (let cp = 0; cp <= 0x10ffff; cp += 0x1000) {
      const chunk: number[] = [];
      for (let c = cp; c < cp + 0x1000; c++) if (c < 0xd800 || c > 0xdfff) chunk.push(c);
      parts.push(String.fromCodePoint(...chunk));
    }
    everyCodePoint = parts.join('');
  }
  const re = new RegExp(`${classSource}+`, 'gu');
  const out: Ranges = [];
  for (const m of everyCodePoint.matchAll(re)) {
    const start = indexToCodePoint(m.index ?? 0);
    const last =
      m[0].codePointAt(m[0].length - (m[0].length >= 2 && m[0].charCodeAt(m[0].length - 1) >= 0xdc00 && m[0].charCodeAt(m[0].length - 1) <= 0xdfff ? 2 : 1)) ??
      start;
    out.push([start, last]);
  }
  const ranges = canonical(out);
  propertyCache.set(classSource, ranges);
  return ranges;
}

let foldOrbits: Map<number, number[]> | undefined;

/** Simple case folding as regex-syntax applies it under `(?i)`: every character with the same simple fold.
 *  (Approximated with this engine's one-character upper/lower mappings.) */
export function caseFoldRanges(ranges: Ranges): Ranges {
  if (foldOrbits === undefined) {
    const parent = new Map<number, number>();
    const find = (x: number): number => {
      let r = x;
      while (parent.has(r) && parent.get(r) !== r) r = parent.get(r) as number;
      return r;
    };
    const join = (a: number, b: number): void => {
      const ra = find(a);
      const rb = find(b);
      if (ra !== rb) parent.set(Math.max(ra, rb), Math.min(ra, rb));
      if (!parent.has(Math.min(ra, rb))) parent.set(Math.min(ra, rb), Math.min(ra, rb));
    };
    for (let cp = 0; cp <= 0x1ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const s = String.fromCodePoint(cp);
      for (const t of [s.toLowerCase(), s.toUpperCase()]) {
        const c = t.codePointAt(0) ?? cp;
        if (t.length === String.fromCodePoint(c).length && c !== cp) join(cp, c);
      }
    }
    foldOrbits = new Map();
    for (const cp of parent.keys()) {
      const r = find(cp);
      let orbit = foldOrbits.get(r);
      if (!orbit) foldOrbits.set(r, (orbit = []));
      orbit.push(cp);
    }
    for (const [r, orbit] of [...foldOrbits]) for (const cp of orbit) foldOrbits.set(cp, foldOrbits.get(r) ?? orbit);
  }
  const extra: Ranges = [];
  for (const [lo, hi] of ranges) {
    // Case pairs live below U+1FFFF; skip the scan of large ranges that hold none beyond it.
    for (let cp = lo; cp <= Math.min(hi, 0x1ffff); cp++) for (const o of foldOrbits.get(cp) ?? []) extra.push([o, o]);
  }
  return union(ranges, extra);
}

// ---------------------------------------------------------------------------------------------------------
// Smart constructors (regex-syntax's simplifications)

export function lit(bytes: number[]): Hir {
  return bytes.length === 0 ? EMPTY : { k: 'lit', bytes };
}

/** `Hir::class`: an empty class never matches (`Hir::fail`, an empty byte class); one character is a literal. */
export function cls(ranges: Ranges, bytes = false): Hir {
  const r = canonical(ranges);
  if (r.length === 0) return { k: 'class', ranges: [], bytes: true };
  const only = r[0];
  if (r.length === 1 && only && only[0] === only[1]) return bytes ? lit([only[0]]) : lit(utf8(only[0]));
  return { k: 'class', ranges: r, bytes };
}

export function rep(min: number, max: number | null, greedy: boolean, sub: Hir): Hir {
  let lo = min;
  let hi = max;
  if (maxLen(sub) === 0) {
    lo = Math.min(lo, 1);
    hi = hi === null ? 1 : Math.min(hi, 1);
  }
  if (lo === 0 && hi === 0) return EMPTY;
  if (lo === 1 && hi === 1) return sub;
  return { k: 'rep', min: lo, max: hi, greedy, sub };
}

export function concat(subs: Hir[]): Hir {
  const out: Hir[] = [];
  let prior: number[] | null = null;
  const push = (h: Hir): void => {
    if (h.k === 'lit') {
      prior = prior ? [...prior, ...h.bytes] : [...h.bytes];
      return;
    }
    if (prior) out.push(lit(prior));
    prior = null;
    out.push(h);
  };
  for (const s of subs) {
    if (s.k === 'concat') for (const t of s.subs) push(t);
    else if (s.k !== 'empty') push(s);
  }
  if (prior) out.push(lit(prior));
  if (out.length === 0) return EMPTY;
  if (out.length === 1) return out[0] as Hir;
  return { k: 'concat', subs: out };
}

function singleChar(h: Hir): number | null {
  if (h.k !== 'lit') return null;
  const s = Buffer.from(h.bytes).toString('utf8');
  const cps = Array.from(s);
  return cps.length === 1 && Buffer.from(s, 'utf8').length === h.bytes.length ? (cps[0]?.codePointAt(0) ?? null) : null;
}

function hirEqual(a: Hir, b: Hir): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export function alt(subs: Hir[]): Hir {
  const flat: Hir[] = [];
  for (const s of subs) {
    if (s.k === 'alt') flat.push(...s.subs);
    else flat.push(s);
  }
  if (flat.length === 0) return cls([]);
  if (flat.length === 1) return flat[0] as Hir;
  // `char1|char2|…` is a class; so is an alternation of classes only.
  const chars = flat.map(singleChar);
  if (chars.every((c) => c !== null)) return cls(chars.map((c) => [c as number, c as number]));
  if (flat.every((h) => h.k === 'class' && (!h.bytes || (h.ranges[h.ranges.length - 1]?.[1] ?? 0) < 0x80))) {
    return cls(flat.flatMap((h): Ranges => (h.k === 'class' ? h.ranges : [])));
  }
  // Lift a common prefix of concatenations.
  if (flat.every((h) => h.k === 'concat')) {
    const lists = flat.map((h) => (h as { subs: Hir[] }).subs);
    let n = (lists[0] ?? []).length;
    for (const l of lists.slice(1)) {
      let i = 0;
      while (i < n && i < l.length && hirEqual(l[i] as Hir, (lists[0] as Hir[])[i] as Hir)) i++;
      n = i;
    }
    if (n > 0) return concat([...(lists[0] as Hir[]).slice(0, n), alt(lists.map((l) => concat(l.slice(n))))]);
  }
  return { k: 'alt', subs: flat };
}

// ---------------------------------------------------------------------------------------------------------
// Properties

/** Minimum length in bytes of a match; null when the expression can never match. */
export function minLen(h: Hir): number | null {
  switch (h.k) {
    case 'empty':
    case 'look':
      return 0;
    case 'lit':
      return h.bytes.length;
    case 'class':
      return h.ranges.length === 0 ? null : h.bytes ? 1 : utf8(h.ranges[0]?.[0] ?? 0).length;
    case 'rep': {
      if (h.min === 0) return 0;
      const s = minLen(h.sub);
      return s === null ? null : s * h.min;
    }
    case 'cap':
      return minLen(h.sub);
    case 'concat': {
      let t = 0;
      for (const s of h.subs) {
        const m = minLen(s);
        if (m === null) return null;
        t += m;
      }
      return t;
    }
    case 'alt': {
      let best: number | null = null;
      for (const s of h.subs) {
        const m = minLen(s);
        if (m !== null) best = best === null ? m : Math.min(best, m);
      }
      return best;
    }
  }
}

/** Maximum length in bytes (null: unbounded or never matching). */
export function maxLen(h: Hir): number | null {
  switch (h.k) {
    case 'empty':
    case 'look':
      return 0;
    case 'lit':
      return h.bytes.length;
    case 'class':
      return h.ranges.length === 0 ? null : h.bytes ? 1 : utf8(h.ranges[h.ranges.length - 1]?.[1] ?? 0).length;
    case 'rep': {
      if (h.max === null) return maxLen(h.sub) === 0 ? 0 : null;
      const s = maxLen(h.sub);
      return s === null ? null : s * h.max;
    }
    case 'cap':
      return maxLen(h.sub);
    case 'concat': {
      let t = 0;
      for (const s of h.subs) {
        const m = maxLen(s);
        if (m === null) return null;
        t += m;
      }
      return t;
    }
    case 'alt': {
      let best: number | null = 0;
      for (const s of h.subs) {
        const m = maxLen(s);
        if (m === null) return null;
        best = Math.max(best ?? 0, m);
      }
      return best;
    }
  }
}

/** Whether every match must begin with `look` (`look_set_prefix`) or end with it (`look_set_suffix`). */
function anchored(h: Hir, look: Look, suffix: boolean): boolean {
  switch (h.k) {
    case 'look':
      return h.look === look;
    case 'rep':
      return h.min > 0 && anchored(h.sub, look, suffix);
    case 'cap':
      return anchored(h.sub, look, suffix);
    case 'alt':
      return h.subs.every((s) => anchored(s, look, suffix));
    case 'concat': {
      const subs = suffix ? [...h.subs].reverse() : h.subs;
      for (const s of subs) {
        if (anchored(s, look, suffix)) return true;
        if (maxLen(s) !== 0) return false;
      }
      return false;
    }
    default:
      return false;
  }
}

// ---------------------------------------------------------------------------------------------------------
// UTF-8 sequences (regex-syntax `utf8.rs`)

function* utf8Sequences(start: number, end: number): Generator<Array<[number, number]>> {
  const stack: Array<[number, number]> = [[start, end]];
  const maxScalar = [0, 0x7f, 0x7ff, 0xffff, 0x10ffff];
  top: while (stack.length) {
    let [s, e] = stack.pop() as [number, number];
    inner: for (;;) {
      if (s < 0xe000 && e > 0xd7ff) {
        stack.push([0xe000, e]);
        e = 0xd7ff;
        continue inner;
      }
      if (s > e) continue top;
      for (let i = 1; i < 4; i++) {
        const max = maxScalar[i] as number;
        if (s <= max && max < e) {
          stack.push([max + 1, e]);
          e = max;
          continue inner;
        }
      }
      if (e <= 0x7f) {
        yield [[s, e]];
        continue top;
      }
      for (let i = 1; i < 4; i++) {
        const m = (1 << (6 * i)) - 1;
        if ((s & ~m) !== (e & ~m)) {
          if ((s & m) !== 0) {
            stack.push([(s | m) + 1, e]);
            e = s | m;
            continue inner;
          }
          if ((e & m) !== m) {
            stack.push([e & ~m, e]);
            e = (e & ~m) - 1;
            continue inner;
          }
        }
      }
      const a = utf8(s);
      const b = utf8(e);
      yield a.map((x, i) => [x, b[i] as number]);
      continue top;
    }
  }
}

// ---------------------------------------------------------------------------------------------------------
// The Thompson compiler's size accounting

class Exceeded extends Error {}

const STATE_BYTES = 32;
const TRANSITION_BYTES = 8;
const STATE_ID_BYTES = 4;
const FNV_PRIME = 1099511628211n;
const FNV_INIT = 14695981039346656037n;
const U64 = (1n << 64n) - 1n;

type Kind = 'empty' | 'range' | 'sparse' | 'look' | 'cap' | 'union' | 'fail' | 'match';

class Builder {
  readonly kinds: Kind[] = [];
  heap = 0;
  constructor(private readonly limit: number) {}
  add(kind: Kind, heap = 0): number {
    this.kinds.push(kind);
    this.heap += heap;
    this.check();
    return this.kinds.length - 1;
  }
  patch(from: number, _to: number): void {
    if (this.kinds[from] === 'union') {
      this.heap += STATE_ID_BYTES;
      this.check();
    }
  }
  private check(): void {
    if (this.kinds.length * STATE_BYTES + this.heap > this.limit) throw new Exceeded();
  }
}

interface Ref {
  start: number;
  end: number;
}

type Transition = [number, number, number];

class Compiler {
  readonly b: Builder;
  /** The UTF-8 compiler's bounded map (10,000 slots) and the reverse suffix cache (1,000 slots). */
  private readonly utf8Map: Array<{ version: number; key: string; id: number } | undefined> = new Array(10_000);
  private utf8Version = 0;
  private readonly suffixMap: Array<{ version: number; key: string; id: number } | undefined> = new Array(1_000);
  private suffixVersion = 0;

  constructor(
    private readonly reverse: boolean,
    limit: number,
  ) {
    this.b = new Builder(limit);
  }

  compile(h: Hir): void {
    const all = this.reverse ? anchored(h, 'end', true) : anchored(h, 'start', false);
    const prefix = all ? this.empty() : this.atLeast({ k: 'class', ranges: [[0, 255]], bytes: true }, false, 0);
    // The pattern, wrapped in capture group 0 (forward only: the reverse NFA has no capture states).
    const one = this.cap(h, true);
    const m = this.b.add('match');
    this.b.patch(one.end, m);
    this.b.patch(prefix.end, one.start);
  }

  private empty(): Ref {
    const id = this.b.add('empty');
    return { start: id, end: id };
  }

  private range(): Ref {
    const id = this.b.add('range');
    return { start: id, end: id };
  }

  private union(): number {
    return this.b.add('union');
  }

  private cap(h: Hir, group0 = false): Ref {
    if (this.reverse) return this.c(h);
    void group0;
    const start = this.b.add('cap');
    const inner = this.c(h);
    const end = this.b.add('cap');
    this.b.patch(start, inner.start);
    this.b.patch(inner.end, end);
    return { start, end };
  }

  private c(h: Hir): Ref {
    switch (h.k) {
      case 'empty':
        return this.empty();
      case 'lit':
        return this.concatOf(h.bytes.map((): (() => Ref) => () => this.range()));
      case 'class':
        return h.bytes ? this.byteClass(h.ranges.length) : this.unicodeClass(h.ranges);
      case 'look': {
        const id = this.b.add('look');
        return { start: id, end: id };
      }
      case 'rep':
        return this.repetition(h);
      case 'cap':
        return this.cap(h.sub);
      case 'concat':
        return this.concatOf(h.subs.map((s) => () => this.c(s)));
      case 'alt':
        return this.altSlice(h.subs);
    }
  }

  /** `c_concat`: in reverse mode the pieces are compiled last to first. */
  private concatOf(pieces: Array<() => Ref>): Ref {
    const order = this.reverse ? [...pieces].reverse() : pieces;
    const first = order[0];
    if (!first) return this.empty();
    const r = first();
    let end = r.end;
    for (const p of order.slice(1)) {
      const next = p();
      this.b.patch(end, next.start);
      end = next.end;
    }
    return { start: r.start, end };
  }

  private altSlice(subs: Hir[]): Ref {
    const literals = subs.filter((s) => s.k === 'lit').length;
    if (literals <= 1 || literals < subs.length) return this.altIter(subs.map((s) => () => this.c(s)));
    return this.literalTrie(subs.map((s) => (s as { bytes: number[] }).bytes));
  }

  private altIter(pieces: Array<() => Ref>): Ref {
    const [first, second, ...rest] = pieces;
    if (!first) return this.fail();
    const a = first();
    if (!second) return a;
    const b = second();
    const u = this.union();
    const end = this.b.add('empty');
    this.b.patch(u, a.start);
    this.b.patch(a.end, end);
    this.b.patch(u, b.start);
    this.b.patch(b.end, end);
    for (const p of rest) {
      const c = p();
      this.b.patch(u, c.start);
      this.b.patch(c.end, end);
    }
    return { start: u, end };
  }

  private fail(): Ref {
    const id = this.b.add('fail');
    return { start: id, end: id };
  }

  /** Approximation of regex-automata's literal trie: one sparse state per trie node with children, a union
   *  where a node both matches and continues, one empty end state. */
  private literalTrie(literals: number[][]): Ref {
    interface Node {
      next: Map<number, Node>;
      match: boolean;
    }
    const root: Node = { next: new Map(), match: false };
    for (const l of literals) {
      let n = root;
      for (const byte of this.reverse ? [...l].reverse() : l) {
        let child = n.next.get(byte);
        if (!child) n.next.set(byte, (child = { next: new Map(), match: false }));
        n = child;
      }
      n.match = true;
    }
    const end = this.b.add('empty');
    const walk = (n: Node): number => {
      for (const child of n.next.values()) walk(child);
      const sparse = n.next.size ? this.b.add('sparse', n.next.size * TRANSITION_BYTES) : end;
      if (n.match && n.next.size) {
        const u = this.union();
        this.b.patch(u, end);
        this.b.patch(u, sparse);
        return u;
      }
      return sparse;
    };
    return { start: walk(root), end };
  }

  private repetition(h: { min: number; max: number | null; greedy: boolean; sub: Hir }): Ref {
    if (h.min === 0 && h.max === 1) return this.zeroOrOne(h.sub, h.greedy);
    if (h.max === null) return this.atLeast(h.sub, h.greedy, h.min);
    if (h.min === h.max) return this.exactly(h.sub, h.min);
    return this.bounded(h.sub, h.greedy, h.min, h.max);
  }

  private exactly(sub: Hir, n: number): Ref {
    return this.concatOf(Array.from({ length: n }, () => () => this.c(sub)));
  }

  private bounded(sub: Hir, greedy: boolean, min: number, max: number): Ref {
    const prefix = this.exactly(sub, min);
    if (min === max) return prefix;
    const empty = this.b.add('empty');
    let prevEnd = prefix.end;
    for (let i = min; i < max; i++) {
      const u = this.union();
      const compiled = this.c(sub);
      this.b.patch(prevEnd, u);
      this.b.patch(u, compiled.start);
      this.b.patch(u, empty);
      prevEnd = compiled.end;
    }
    this.b.patch(prevEnd, empty);
    void greedy;
    return { start: prefix.start, end: empty };
  }

  private atLeast(sub: Hir, greedy: boolean, n: number): Ref {
    void greedy;
    if (n === 0) {
      const ml = minLen(sub);
      if (ml !== null && ml > 0) {
        const u = this.union();
        const compiled = this.c(sub);
        this.b.patch(u, compiled.start);
        this.b.patch(compiled.end, u);
        return { start: u, end: u };
      }
      const compiled = this.c(sub);
      const plus = this.union();
      this.b.patch(compiled.end, plus);
      this.b.patch(plus, compiled.start);
      const question = this.union();
      const empty = this.b.add('empty');
      this.b.patch(question, compiled.start);
      this.b.patch(question, empty);
      this.b.patch(plus, empty);
      return { start: question, end: empty };
    }
    if (n === 1) {
      const compiled = this.c(sub);
      const u = this.union();
      this.b.patch(compiled.end, u);
      this.b.patch(u, compiled.start);
      return { start: compiled.start, end: u };
    }
    const prefix = this.exactly(sub, n - 1);
    const last = this.c(sub);
    const u = this.union();
    this.b.patch(prefix.end, last.start);
    this.b.patch(last.end, u);
    this.b.patch(u, last.start);
    return { start: prefix.start, end: u };
  }

  private zeroOrOne(sub: Hir, greedy: boolean): Ref {
    void greedy;
    const u = this.union();
    const compiled = this.c(sub);
    const empty = this.b.add('empty');
    this.b.patch(u, compiled.start);
    this.b.patch(u, empty);
    this.b.patch(compiled.end, empty);
    return { start: u, end: empty };
  }

  private byteClass(n: number): Ref {
    const end = this.b.add('empty');
    const start = this.b.add('sparse', n * TRANSITION_BYTES);
    return { start, end };
  }

  private unicodeClass(ranges: Ranges): Ref {
    const last = ranges[ranges.length - 1];
    if (last && last[1] <= 0x7f) return this.byteClass(ranges.length);
    return this.reverse ? this.unicodeReverse(ranges) : this.unicodeForward(ranges);
  }

  /** `Utf8Compiler` (Daciuk's algorithm over the sorted UTF-8 sequences, with its bounded state cache). */
  private unicodeForward(ranges: Ranges): Ref {
    const target = this.b.add('empty');
    this.utf8Version++;
    type Node = { trans: Transition[]; last: [number, number] | null };
    const uncompiled: Node[] = [{ trans: [], last: null }];
    const compileNode = (node: Transition[]): number => {
      const key = node.map((t) => t.join(',')).join(';');
      let h = FNV_INIT;
      for (const [s, e, next] of node) {
        h = ((h ^ BigInt(s)) * FNV_PRIME) & U64;
        h = ((h ^ BigInt(e)) * FNV_PRIME) & U64;
        h = ((h ^ BigInt(next)) * FNV_PRIME) & U64;
      }
      const slot = Number(h % BigInt(this.utf8Map.length));
      const entry = this.utf8Map[slot];
      if (entry && entry.version === this.utf8Version && entry.key === key) return entry.id;
      const id = this.b.add('sparse', node.length * TRANSITION_BYTES);
      this.utf8Map[slot] = { version: this.utf8Version, key, id };
      return id;
    };
    const setLast = (n: Node, next: number): void => {
      if (n.last) n.trans.push([n.last[0], n.last[1], next]);
      n.last = null;
    };
    const compileFrom = (from: number): void => {
      let next = target;
      while (from + 1 < uncompiled.length) {
        const node = uncompiled.pop() as Node;
        setLast(node, next);
        next = compileNode(node.trans);
      }
      setLast(uncompiled[uncompiled.length - 1] as Node, next);
    };
    for (const [lo, hi] of ranges) {
      for (const seq of utf8Sequences(lo, hi)) {
        let prefixLen = 0;
        while (prefixLen < seq.length && prefixLen < uncompiled.length) {
          const l = uncompiled[prefixLen]?.last;
          const r = seq[prefixLen] as [number, number];
          if (!l || l[0] !== r[0] || l[1] !== r[1]) break;
          prefixLen++;
        }
        compileFrom(prefixLen);
        const top = uncompiled[uncompiled.length - 1] as Node;
        top.last = seq[prefixLen] as [number, number];
        for (const r of seq.slice(prefixLen + 1)) uncompiled.push({ trans: [], last: r });
      }
    }
    compileFrom(0);
    const root = uncompiled.pop() as Node;
    const start = compileNode(root.trans);
    return { start, end: target };
  }

  /** `c_unicode_class_reverse_with_suffix` (the reverse NFA is built without shrinking). */
  private unicodeReverse(ranges: Ranges): Ref {
    this.suffixVersion++;
    const u = this.union();
    const altEnd = this.b.add('empty');
    for (const [lo, hi] of ranges) {
      for (const seq of utf8Sequences(lo, hi)) {
        let end = altEnd;
        for (const [s, e] of seq) {
          let h = FNV_INIT;
          h = ((h ^ BigInt(end)) * FNV_PRIME) & U64;
          h = ((h ^ BigInt(s)) * FNV_PRIME) & U64;
          h = ((h ^ BigInt(e)) * FNV_PRIME) & U64;
          const slot = Number(h % BigInt(this.suffixMap.length));
          const key = `${end},${s},${e}`;
          const entry = this.suffixMap[slot];
          if (entry && entry.version === this.suffixVersion && entry.key === key) {
            end = entry.id;
            continue;
          }
          const r = this.range();
          this.b.patch(r.end, end);
          end = r.start;
          this.suffixMap[slot] = { version: this.suffixVersion, key, id: end };
        }
        this.b.patch(u, end);
      }
    }
    return { start: u, end: altEnd };
  }
}

/** Whether `regex` would reject the pattern with "Compiled regex exceeds size limit of `limit` bytes":
 *  its forward or its reverse NFA builder passes `limit` bytes. */
export function nfaExceedsSizeLimit(h: Hir, limit: number): boolean {
  for (const reverse of [false, true]) {
    try {
      new Compiler(reverse, limit).compile(h);
    } catch (e) {
      if (e instanceof Exceeded) return true;
      throw e;
    }
  }
  return false;
}
