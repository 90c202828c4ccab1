// Cargo's version-requirement dialect, as implemented by the Rust `semver` crate (1.0.x, `VersionReq::parse`,
// `Version::parse`, `VersionReq::matches`). nexo-rs gates skills with that crate, so the editor must reach the
// same verdict on every input; test/fixtures/semver/cargo-verdicts.tsv holds the crate's own answers.
//
// The parser is a hand-written single pass (no regular expressions) so that a keystroke on a huge input stays
// linear: like the crate, it stops at the first error, and at the 33rd comparator at the latest.

export interface Version {
  /** u64 in the crate; bigint so that values beyond 2^53 compare exactly. */
  major: bigint;
  minor: bigint;
  patch: bigint;
  /** Dot-separated pre-release identifiers; [] when there is none. */
  pre: string[];
  /** Build metadata without the `+`; '' when there is none. Ignored by matching. */
  build: string;
  raw: string;
}

export type Op = '=' | '>' | '>=' | '<' | '<=' | '~' | '^' | '*';

export interface Comparator {
  /** '*' is the crate's `Op::Wildcard`: `1.*`, `1.2.x`, or a lone `*` / `x` / `X` (then no major). */
  op: Op;
  major?: bigint;
  minor?: bigint;
  patch?: bigint;
  pre: string[];
  /** True when no operator was written: the crate reads `4.0` as `^4.0`. */
  implicitCaret: boolean;
  /** UTF-16 offsets into VersionReq.text, [start, end), operator included, surrounding spaces excluded. */
  start: number;
  end: number;
}

export interface VersionReq {
  text: string;
  comparators: Comparator[];
}

export type ConstraintErrorKind =
  | 'empty'
  | 'npm-or'
  | 'npm-hyphen-range'
  | 'npm-space-separated'
  | 'leading-v'
  | 'leading-zero'
  | 'too-many-parts'
  | 'prerelease-incomplete'
  | 'empty-prerelease'
  | 'build-incomplete'
  | 'wildcard-then-number'
  | 'operator-on-wildcard'
  | 'too-many-comparators'
  | 'syntax';

export interface ConstraintError {
  kind: ConstraintErrorKind;
  message: string;
  /** UTF-16 offsets of the offending part of the text, [start, end). */
  start: number;
  end: number;
  /** A replacement for the WHOLE constraint, set only when it parses in Cargo's dialect and means exactly what
   *  the author's text means in npm's dialect (and, where Cargo would also read the text, what it means there). */
  suggestion?: string;
}

export type ParseResult = { ok: true; req: VersionReq } | { ok: false; error: ConstraintError };

/** The crate's `MAX_COMPARATORS`. */
export const MAX_COMPARATORS = 32;
export const U64_MAX = 18446744073709551615n;

// ---------------------------------------------------------------------------------------------------------------
// Character classes. The crate works on ASCII bytes: only U+0020 counts as a space (`trim_start_matches(' ')`),
// so a tab or a no-break space is an unexpected character, exactly as any other non-ASCII character.

const SPACE = 0x20;
const isDigit = (c: number): boolean => c >= 0x30 && c <= 0x39;
const isAlpha = (c: number): boolean => (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
const isWildcard = (c: number): boolean => c === 0x2a /* * */ || c === 0x78 /* x */ || c === 0x58; /* X */
/** Whitespace an npm user might type between comparators (npm splits on `\s`). Only for messages. */
const isLooseSpace = (c: number): boolean => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d || c === 0x0b || c === 0x0c || c === 0xa0;

function skipSpaces(s: string, i: number): number {
  while (s.charCodeAt(i) === SPACE) i++;
  return i;
}

// ---------------------------------------------------------------------------------------------------------------
// Raw parser: a line-by-line port of semver 1.0.x `parse.rs`. It records where it failed, in terms close to the
// crate's `ErrorKind`, and leaves the wording to `classify`.

type Position = 'major' | 'minor' | 'patch' | 'pre' | 'build';

type RawError =
  /** `UnexpectedEnd`: the text ended where a number was due. */
  | { t: 'end'; pos: Position; at: number; compStart: number; opEnd: number }
  /** `UnexpectedChar`: a number was due at `at`. */
  | { t: 'char'; pos: Position; at: number; compStart: number; opEnd: number }
  /** `ExpectedCommaFound`: comparator [compStart, compEnd) parsed, then spaces, then a non-comma at `at`. */
  | { t: 'comma'; pos: Position; at: number; compStart: number; compEnd: number; hasWildcard: boolean }
  | { t: 'leading-zero'; pos: Position; at: number; end: number; compStart: number }
  | { t: 'overflow'; pos: Position; at: number; end: number; compStart: number }
  /** `EmptySegment`: `dash` is the `-`/`+` that opened the identifier, `at` where the empty segment is. */
  | { t: 'empty-segment'; pos: 'pre' | 'build'; dash: number; at: number; compStart: number }
  /** `UnexpectedAfterWildcard` raised inside a comparator: a number after `*` (`1.*.3`). */
  | { t: 'wildcard-number'; at: number; compStart: number }
  /** `UnexpectedAfterWildcard` / `WildcardNotTheOnlyComparator` for a leading `*`, `x` or `X`. */
  | { t: 'lone-wildcard'; at: number; rest: number; comma: boolean }
  /** `WildcardNotTheOnlyComparator` for a `*` after a comma. */
  | { t: 'wildcard-not-first'; at: number }
  | { t: 'excessive'; at: number };

type NumResult = { ok: true; value: bigint; next: number } | { ok: false; err: RawError };

function digitRunEnd(s: string, i: number): number {
  while (isDigit(s.charCodeAt(i))) i++;
  return i;
}

/** `numeric_identifier`: u64, no leading zero. */
function numeric(s: string, i: number, pos: Position, compStart: number, opEnd: number): NumResult {
  const end = digitRunEnd(s, i);
  if (end === i) {
    return i >= s.length ? { ok: false, err: { t: 'end', pos, at: i, compStart, opEnd } } : { ok: false, err: { t: 'char', pos, at: i, compStart, opEnd } };
  }
  if (s.charCodeAt(i) === 0x30 && end - i > 1) {
    return { ok: false, err: { t: 'leading-zero', pos, at: i, end, compStart } };
  }
  // 20 digits is the width of u64::MAX; only then is BigInt needed to decide, and the string stays short.
  if (end - i > 20) return { ok: false, err: { t: 'overflow', pos, at: i, end, compStart } };
  const value = BigInt(s.slice(i, end));
  if (value > U64_MAX) return { ok: false, err: { t: 'overflow', pos, at: i, end, compStart } };
  return { ok: true, value, next: end };
}

type IdentResult = { ok: true; text: string; next: number } | { ok: false; err: RawError };

/** `identifier`: dot-separated [0-9A-Za-z-]+ segments; numeric pre-release segments have no leading zero. */
function identifier(s: string, start: number, pos: 'pre' | 'build', compStart: number): IdentResult {
  let acc = start;
  let seg = 0;
  let nonDigit = false;
  for (;;) {
    const c = s.charCodeAt(acc + seg);
    if (isAlpha(c) || c === 0x2d) {
      seg++;
      nonDigit = true;
    } else if (isDigit(c)) {
      seg++;
    } else {
      if (seg === 0) {
        if (acc === start && c !== 0x2e) return { ok: true, text: '', next: start };
        return { ok: false, err: { t: 'empty-segment', pos, dash: start - 1, at: acc, compStart } };
      }
      if (pos === 'pre' && seg > 1 && !nonDigit && s.charCodeAt(acc) === 0x30) {
        return { ok: false, err: { t: 'leading-zero', pos, at: acc, end: acc + seg, compStart } };
      }
      acc += seg;
      if (c === 0x2e) {
        acc += 1;
        seg = 0;
        nonDigit = false;
      } else {
        return { ok: true, text: s.slice(start, acc), next: acc };
      }
    }
  }
}

type CompResult = { ok: true; cmp: Comparator; pos: Position; hasWildcard: boolean; next: number } | { ok: false; err: RawError };

/** `comparator`: [op] spaces MAJOR[.MINOR|*[.PATCH|*[-PRE][+BUILD]]] spaces. */
function comparator(s: string, start: number): CompResult {
  let i = start;
  let op: Op = '^';
  const c0 = s.charCodeAt(i);
  const c1 = s.charCodeAt(i + 1);
  if (c0 === 0x3d) {
    op = '=';
    i += 1;
  } else if (c0 === 0x3e) {
    op = c1 === 0x3d ? '>=' : '>';
    i += c1 === 0x3d ? 2 : 1;
  } else if (c0 === 0x3c) {
    op = c1 === 0x3d ? '<=' : '<';
    i += c1 === 0x3d ? 2 : 1;
  } else if (c0 === 0x7e) {
    op = '~';
    i += 1;
  } else if (c0 === 0x5e) {
    op = '^';
    i += 1;
  }
  const defaultOp = i === start;
  const opEnd = i;
  i = skipSpaces(s, i);

  let pos: Position = 'major';
  const major = numeric(s, i, pos, start, opEnd);
  if (!major.ok) return major;
  i = major.next;

  let hasWildcard = false;
  let minor: bigint | undefined;
  if (s.charCodeAt(i) === 0x2e) {
    pos = 'minor';
    i++;
    if (isWildcard(s.charCodeAt(i))) {
      hasWildcard = true;
      if (defaultOp) op = '*';
      i++;
    } else {
      const r = numeric(s, i, pos, start, opEnd);
      if (!r.ok) return r;
      minor = r.value;
      i = r.next;
    }
  }

  let patch: bigint | undefined;
  let patchWildcard = false;
  if (s.charCodeAt(i) === 0x2e) {
    pos = 'patch';
    i++;
    if (isWildcard(s.charCodeAt(i))) {
      patchWildcard = true;
      if (defaultOp) op = '*';
      i++;
    } else if (hasWildcard) {
      return { ok: false, err: { t: 'wildcard-number', at: i, compStart: start } };
    } else {
      const r = numeric(s, i, pos, start, opEnd);
      if (!r.ok) return r;
      patch = r.value;
      i = r.next;
    }
  }

  // Pre-release and build metadata are only read after a numeric patch (`patch.is_some()` in the crate).
  let pre: string[] = [];
  if (patch !== undefined && s.charCodeAt(i) === 0x2d) {
    pos = 'pre';
    const r = identifier(s, i + 1, 'pre', start);
    if (!r.ok) return r;
    if (r.text === '') return { ok: false, err: { t: 'empty-segment', pos: 'pre', dash: i, at: i + 1, compStart: start } };
    pre = r.text.split('.');
    i = r.next;
  }
  if (patch !== undefined && s.charCodeAt(i) === 0x2b) {
    pos = 'build';
    const r = identifier(s, i + 1, 'build', start);
    if (!r.ok) return r;
    if (r.text === '') return { ok: false, err: { t: 'empty-segment', pos: 'build', dash: i, at: i + 1, compStart: start } };
    i = r.next;
  }
  const end = i;
  i = skipSpaces(s, i);

  const cmp: Comparator = { op, pre, implicitCaret: defaultOp && op === '^', start, end };
  cmp.major = major.value;
  if (minor !== undefined) cmp.minor = minor;
  if (patch !== undefined) cmp.patch = patch;
  return { ok: true, cmp, pos, hasWildcard: hasWildcard || patchWildcard, next: i };
}

type RawParse = { ok: true; comparators: Comparator[] } | { ok: false; err: RawError };

/** `VersionReq::from_str` + `version_req`. */
function parseRaw(s: string): RawParse {
  let i = skipSpaces(s, 0);
  // A leading `*`, `x` or `X` is the whole requirement or an error; it is never combined (`VersionReq::STAR`).
  if (isWildcard(s.charCodeAt(i))) {
    const rest = skipSpaces(s, i + 1);
    if (rest === s.length) {
      return { ok: true, comparators: [{ op: '*', pre: [], implicitCaret: false, start: i, end: i + 1 }] };
    }
    return { ok: false, err: { t: 'lone-wildcard', at: i, rest, comma: s.charCodeAt(rest) === 0x2c } };
  }
  const out: Comparator[] = [];
  for (let depth = 0; ; depth++) {
    const r = comparator(s, i);
    if (!r.ok) {
      // The crate rewrites any failure of a comparator that is a bare wildcard into WildcardNotTheOnlyComparator.
      if (isWildcard(s.charCodeAt(i))) {
        const rest = skipSpaces(s, i + 1);
        if (rest === s.length || s.charCodeAt(rest) === 0x2c) return { ok: false, err: { t: 'wildcard-not-first', at: i } };
      }
      return r;
    }
    out.push(r.cmp);
    i = r.next;
    if (i >= s.length) return { ok: true, comparators: out };
    if (s.charCodeAt(i) !== 0x2c) {
      return {
        ok: false,
        err: { t: 'comma', pos: r.pos, at: i, compStart: r.cmp.start, compEnd: r.cmp.end, hasWildcard: r.hasWildcard },
      };
    }
    i = skipSpaces(s, i + 1);
    if (depth + 1 === MAX_COMPARATORS) return { ok: false, err: { t: 'excessive', at: i } };
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Public parsing API.

export function parseConstraint(text: string): ParseResult {
  const raw = parseRaw(text);
  if (raw.ok) return { ok: true, req: { text, comparators: raw.comparators } };
  const error = classify(text, raw.err);
  error.end = Math.min(error.end, text.length);
  error.start = Math.min(error.start, error.end);
  return { ok: false, error };
}

/** `Version::parse`: exactly MAJOR.MINOR.PATCH[-PRE][+BUILD], no surrounding spaces, no `v`. */
export function parseVersion(text: string): Version | null {
  const major = numeric(text, 0, 'major', 0, 0);
  if (!major.ok || text.charCodeAt(major.next) !== 0x2e) return null;
  const minor = numeric(text, major.next + 1, 'minor', 0, 0);
  if (!minor.ok || text.charCodeAt(minor.next) !== 0x2e) return null;
  const patch = numeric(text, minor.next + 1, 'patch', 0, 0);
  if (!patch.ok) return null;
  let i = patch.next;
  let pre: string[] = [];
  let build = '';
  if (text.charCodeAt(i) === 0x2d) {
    const r = identifier(text, i + 1, 'pre', 0);
    if (!r.ok || r.text === '') return null;
    pre = r.text.split('.');
    i = r.next;
  }
  if (text.charCodeAt(i) === 0x2b) {
    const r = identifier(text, i + 1, 'build', 0);
    if (!r.ok || r.text === '') return null;
    build = r.text;
    i = r.next;
  }
  if (i !== text.length) return null;
  return { major: major.value, minor: minor.value, patch: patch.value, pre, build, raw: text };
}

/** The runtime's normalization of a probe's regex match: no dot → `X.0.0`, one dot → `X.Y.0`, else unchanged. */
export function normalizeFoundVersion(matched: string): string {
  let dots = 0;
  for (let i = 0; i < matched.length && dots < 2; i++) if (matched.charCodeAt(i) === 0x2e) dots++;
  if (dots === 0) return `${matched}.0.0`;
  if (dots === 1) return `${matched}.0`;
  return matched;
}

export function batchVerdict(constraint: string, version: string): 'match' | 'nomatch' | 'invalid_constraint' | 'invalid_version' {
  const raw = parseRaw(constraint);
  if (!raw.ok) return 'invalid_constraint';
  const v = parseVersion(version);
  if (v === null) return 'invalid_version';
  return satisfies({ text: constraint, comparators: raw.comparators }, v) ? 'match' : 'nomatch';
}

// ---------------------------------------------------------------------------------------------------------------
// Matching: a port of semver 1.0.x `eval.rs`.

/** `Ord for Prerelease`: no pre-release sorts above any pre-release; numeric identifiers (no leading zeros, any
 *  length) compare by length then digits and sort below alphanumeric ones; a longer list wins a tie. */
export function comparePre(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0) return b.length === 0 ? 0 : 1;
  if (b.length === 0) return -1;
  const n = Math.min(a.length, b.length);
  for (let k = 0; k < n; k++) {
    const x = a[k] as string;
    const y = b[k] as string;
    const xn = isAllDigits(x);
    const yn = isAllDigits(y);
    let c: number;
    if (xn && yn) c = x.length !== y.length ? x.length - y.length : cmpStr(x, y);
    else if (xn) return -1;
    else if (yn) return 1;
    else c = cmpStr(x, y);
    if (c !== 0) return c < 0 ? -1 : 1;
  }
  return a.length === b.length ? 0 : a.length > b.length ? 1 : -1;
}

function isAllDigits(x: string): boolean {
  for (let i = 0; i < x.length; i++) if (!isDigit(x.charCodeAt(i))) return false;
  return true;
}

/** Byte order, which is code-unit order for the ASCII the grammar allows. */
function cmpStr(x: string, y: string): number {
  return x < y ? -1 : x > y ? 1 : 0;
}

function preEq(a: readonly string[], b: readonly string[]): boolean {
  return comparePre(a, b) === 0;
}

export function satisfies(req: VersionReq, v: Version): boolean {
  for (const c of req.comparators) if (!matchesImpl(c, v)) return false;
  if (v.pre.length === 0) return true;
  // A pre-release version is only allowed when some comparator names the same MAJOR.MINOR.PATCH with a
  // pre-release of its own (`pre_is_compatible`).
  for (const c of req.comparators) if (preIsCompatible(c, v)) return true;
  return false;
}

function matchesImpl(c: Comparator, v: Version): boolean {
  // A lone `*` is the crate's STAR, an empty comparator list: it constrains nothing.
  if (c.major === undefined) return true;
  switch (c.op) {
    case '=':
    case '*':
      return matchesExact(c, v);
    case '>':
      return matchesGreater(c, v);
    case '>=':
      return matchesExact(c, v) || matchesGreater(c, v);
    case '<':
      return matchesLess(c, v);
    case '<=':
      return matchesExact(c, v) || matchesLess(c, v);
    case '~':
      return matchesTilde(c, v);
    case '^':
      return matchesCaret(c, v);
  }
}

function matchesExact(c: Comparator, v: Version): boolean {
  if (v.major !== c.major) return false;
  if (c.minor !== undefined && v.minor !== c.minor) return false;
  if (c.patch !== undefined && v.patch !== c.patch) return false;
  return preEq(v.pre, c.pre);
}

function matchesGreater(c: Comparator, v: Version): boolean {
  const major = c.major as bigint;
  if (v.major !== major) return v.major > major;
  if (c.minor === undefined) return false;
  if (v.minor !== c.minor) return v.minor > c.minor;
  if (c.patch === undefined) return false;
  if (v.patch !== c.patch) return v.patch > c.patch;
  return comparePre(v.pre, c.pre) > 0;
}

function matchesLess(c: Comparator, v: Version): boolean {
  const major = c.major as bigint;
  if (v.major !== major) return v.major < major;
  if (c.minor === undefined) return false;
  if (v.minor !== c.minor) return v.minor < c.minor;
  if (c.patch === undefined) return false;
  if (v.patch !== c.patch) return v.patch < c.patch;
  return comparePre(v.pre, c.pre) < 0;
}

function matchesTilde(c: Comparator, v: Version): boolean {
  if (v.major !== c.major) return false;
  if (c.minor !== undefined && v.minor !== c.minor) return false;
  if (c.patch !== undefined && v.patch !== c.patch) return v.patch > c.patch;
  return comparePre(v.pre, c.pre) >= 0;
}

function matchesCaret(c: Comparator, v: Version): boolean {
  const major = c.major as bigint;
  if (v.major !== major) return false;
  if (c.minor === undefined) return true;
  const minor = c.minor;
  if (c.patch === undefined) return major > 0n ? v.minor >= minor : v.minor === minor;
  const patch = c.patch;
  if (major > 0n) {
    if (v.minor !== minor) return v.minor > minor;
    if (v.patch !== patch) return v.patch > patch;
  } else if (minor > 0n) {
    if (v.minor !== minor) return false;
    if (v.patch !== patch) return v.patch > patch;
  } else if (v.minor !== minor || v.patch !== patch) {
    return false;
  }
  return comparePre(v.pre, c.pre) >= 0;
}

function preIsCompatible(c: Comparator, v: Version): boolean {
  return c.major === v.major && c.minor === v.minor && c.patch === v.patch && c.pre.length > 0;
}

// ---------------------------------------------------------------------------------------------------------------
// Plain-words description for hovers.

function ver(major: bigint, minor: bigint, patch: bigint, pre: readonly string[] = []): string {
  return `${major}.${minor}.${patch}${pre.length > 0 ? `-${pre.join('.')}` : ''}`;
}

/** One comparator's range in the crate's terms (`eval.rs`), with the trivial lower bound 0.0.0 left out. */
function comparatorWords(c: Comparator): string {
  if (c.major === undefined) return 'any version';
  const I = c.major;
  const range = (lo: string, hi: string): string => (lo === '0.0.0' ? `< ${hi}` : `≥ ${lo} and < ${hi}`);
  // Partial forms: the range of versions whose leading numbers equal the given ones.
  const block = (): string => {
    if (c.minor === undefined) return range(ver(I, 0n, 0n), ver(I + 1n, 0n, 0n));
    return range(ver(I, c.minor, 0n), ver(I, c.minor + 1n, 0n));
  };
  const J = c.minor;
  const K = c.patch;
  switch (c.op) {
    case '=':
    case '*':
      return J !== undefined && K !== undefined ? `exactly ${ver(I, J, K, c.pre)}` : block();
    case '>':
      if (J === undefined) return `≥ ${ver(I + 1n, 0n, 0n)}`;
      if (K === undefined) return `≥ ${ver(I, J + 1n, 0n)}`;
      return `> ${ver(I, J, K, c.pre)}`;
    case '>=':
      return `≥ ${ver(I, J ?? 0n, K ?? 0n, c.pre)}`;
    case '<':
      return `< ${ver(I, J ?? 0n, K ?? 0n, c.pre)}`;
    case '<=':
      if (J === undefined) return `< ${ver(I + 1n, 0n, 0n)}`;
      if (K === undefined) return `< ${ver(I, J + 1n, 0n)}`;
      return `≤ ${ver(I, J, K, c.pre)}`;
    case '~':
      if (K === undefined) return block();
      return range(ver(I, J as bigint, K, c.pre), ver(I, (J as bigint) + 1n, 0n));
    case '^':
      if (J === undefined) return block();
      if (K === undefined) {
        return I > 0n ? range(ver(I, J, 0n), ver(I + 1n, 0n, 0n)) : block();
      }
      if (I > 0n) return range(ver(I, J, K, c.pre), ver(I + 1n, 0n, 0n));
      if (J > 0n) return range(ver(0n, J, K, c.pre), ver(0n, J + 1n, 0n));
      // `^0.0.K` admits only patch K: exactly 0.0.K, or from 0.0.K-PRE up to 0.0.K.
      return c.pre.length === 0 ? `exactly ${ver(0n, 0n, K)}` : `≥ ${ver(0n, 0n, K, c.pre)} and ≤ ${ver(0n, 0n, K)}`;
  }
}

/** Plain words for a hover: the comparators' ranges joined by "and"; a pre-release comparator adds which
 *  triples' pre-releases can be admitted at all (the crate's `pre_is_compatible` rule). */
export function describeConstraint(req: VersionReq): string {
  const cs = req.comparators;
  if (cs.length === 0 || (cs.length === 1 && cs[0]?.major === undefined)) return 'any version (pre-releases excluded)';
  const words = cs.map(comparatorWords).join(' and ');
  const preTriples: string[] = [];
  for (const c of cs) {
    if (c.pre.length > 0 && c.major !== undefined && c.minor !== undefined && c.patch !== undefined) {
      const t = ver(c.major, c.minor, c.patch);
      if (!preTriples.includes(t)) preTriples.push(t);
    }
  }
  if (preTriples.length === 0) return words;
  return `${words}; pre-releases only of ${preTriples.join(' or ')}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Error classification: turn the crate's first error into a message a skill author can act on.

const CARGO = 'Cargo (nexo-rs)';

function quote(s: string): string {
  return s.includes('`') ? `"${s}"` : `\`${s}\``;
}

function describeChar(s: string, at: number): string {
  const cp = s.codePointAt(at);
  if (cp === undefined) return 'the end of the text';
  const ch = String.fromCodePoint(cp);
  if (cp === 0x09) return 'a tab';
  if (cp === 0x0a || cp === 0x0d) return 'a line break';
  if (cp === 0xa0) return 'a no-break space';
  if (cp < 0x20 || cp === 0x7f) return `the control character U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
  return quote(ch);
}

function charWidth(s: string, at: number): number {
  const cp = s.codePointAt(at);
  return cp !== undefined && cp > 0xffff ? 2 : 1;
}

/** End of the run of characters that can belong to one version token, for underlining. */
function tokenEnd(s: string, i: number): number {
  for (;;) {
    const c = s.charCodeAt(i);
    if (isDigit(c) || isAlpha(c) || c === 0x2e || c === 0x2d || c === 0x2b || c === 0x2a) i++;
    else return i;
  }
}

function trimmedEnd(s: string): number {
  let e = s.length;
  while (e > 0 && isLooseSpace(s.charCodeAt(e - 1))) e--;
  return e;
}

/** Does `c` start something that reads as another comparator (npm's space-separated list)? */
function startsComparator(s: string, i: number): boolean {
  const c = s.charCodeAt(i);
  if (isDigit(c) || isWildcard(c)) return true;
  if (c === 0x3d || c === 0x3e || c === 0x3c || c === 0x7e || c === 0x5e) return true;
  return (c === 0x76 || c === 0x56) && isDigit(s.charCodeAt(i + 1));
}

function err(kind: ConstraintErrorKind, message: string, start: number, end: number, suggestion?: string | null): ConstraintError {
  const e: ConstraintError = { kind, message, start, end: Math.max(start, end) };
  if (suggestion !== undefined && suggestion !== null) e.suggestion = suggestion;
  return e;
}

function classify(s: string, raw: RawError): ConstraintError {
  // `|` cannot occur in any valid requirement, so an `||` anywhere is the author's intent to OR, whatever the
  // crate tripped on first.
  const or = s.indexOf('||');
  if (or >= 0) {
    return err(
      'npm-or',
      "`||` (OR) does not exist in Cargo's dialect and there is no single equivalent; pick one range, or use one " +
        'wider range that covers both (commas mean AND, e.g. `>=1.2, <3`) if the versions in between are acceptable',
      or,
      or + 2,
    );
  }
  // ` - ` cannot occur in a valid requirement either: a pre-release dash must touch the patch number.
  const hyphen = findHyphenRange(s);
  if (hyphen >= 0) {
    const suggestion = hyphenSuggestion(s, hyphen);
    return err(
      'npm-hyphen-range',
      suggestion !== null
        ? `hyphen ranges (\`A - B\`) are npm syntax; ${CARGO} has none. Write both bounds as comparators: ${quote(suggestion)}`
        : `hyphen ranges (\`A - B\`) are npm syntax; ${CARGO} has none. Write both bounds as comparators, e.g. \`>=1.2, <=2.0\` for npm's \`1.2 - 2.0\``,
      hyphen,
      hyphen + 1,
      suggestion,
    );
  }
  switch (raw.t) {
    case 'end':
      return classifyEnd(s, raw);
    case 'char':
      return classifyChar(s, raw);
    case 'comma':
      return classifyComma(s, raw);
    case 'leading-zero': {
      if (raw.pos === 'pre') {
        return err(
          'leading-zero',
          `numeric pre-release identifier ${quote(s.slice(raw.at, raw.end))} has a leading zero, which semver forbids; ` +
            'remove the zero or add a letter (e.g. `rc01` is allowed)',
          raw.at,
          raw.end,
        );
      }
      const digits = s.slice(raw.at, raw.end);
      let z = 0;
      while (z < digits.length - 1 && digits.charCodeAt(z) === 0x30) z++;
      const fixed = s.slice(raw.compStart, raw.at) + digits.slice(z) + s.slice(raw.end, tokenEnd(s, raw.end));
      return err(
        'leading-zero',
        `${positionName(raw.pos)} ${quote(abbreviate(digits))} has a leading zero, which ${CARGO} rejects; write ${quote(abbreviate(fixed))}`,
        raw.at,
        raw.end,
        iterativeFix(s, 'leading-zero'),
      );
    }
    case 'overflow':
      return err(
        'syntax',
        `${positionName(raw.pos)} ${quote(abbreviate(s.slice(raw.at, raw.end)))} is larger than ${U64_MAX}, the largest number ${CARGO} accepts`,
        raw.at,
        raw.end,
      );
    case 'empty-segment':
      return classifyEmptySegment(s, raw);
    case 'wildcard-number': {
      const head = s.slice(raw.compStart, raw.at - 1);
      if (!isDigit(s.charCodeAt(raw.at))) {
        return err(
          'syntax',
          `after ${quote(s.slice(raw.compStart, raw.at))} only a wildcard may follow; write ${quote(head)}`,
          raw.compStart,
          Math.max(tokenEnd(s, raw.at), raw.at + 1),
        );
      }
      const end = tokenEnd(s, raw.at);
      return err(
        'wildcard-then-number',
        `a number cannot follow a wildcard (${quote(s.slice(raw.compStart, end))}); once a part is \`*\` the rest must be too: write ${quote(head)}`,
        raw.at,
        end,
      );
    }
    case 'lone-wildcard':
      return classifyLoneWildcard(s, raw);
    case 'wildcard-not-first':
      return err(
        'syntax',
        `a lone ${quote(s[raw.at] as string)} means any version and must be the whole requirement; remove it (the other comparators already say what is allowed)`,
        raw.at,
        raw.at + 1,
      );
    case 'excessive':
      return err(
        'too-many-comparators',
        `${CARGO} accepts at most ${MAX_COMPARATORS} comparators; this requirement has more, so the whole requirement is invalid`,
        raw.at,
        Math.max(raw.at, trimmedEnd(s)),
      );
  }
}

function positionName(pos: Position): string {
  switch (pos) {
    case 'major':
      return 'major version';
    case 'minor':
      return 'minor version';
    case 'patch':
      return 'patch version';
    case 'pre':
      return 'pre-release';
    case 'build':
      return 'build metadata';
  }
}

function abbreviate(x: string): string {
  return x.length > 40 ? `${x.slice(0, 20)}…${x.slice(-10)}` : x;
}

function classifyEnd(s: string, raw: Extract<RawError, { t: 'end' }>): ConstraintError {
  if (raw.pos === 'major' && raw.compStart === skipSpaces(s, 0) && raw.opEnd === raw.compStart) {
    return err('empty', 'the version constraint is empty; write one such as `>=1.2` (or `*` for any version)', 0, s.length);
  }
  if (raw.pos === 'major' && raw.opEnd === raw.compStart) {
    // Only reachable after a comma.
    const comma = s.lastIndexOf(',', raw.compStart);
    return err('syntax', 'the constraint ends with a comma; remove it or add a comparator after it', comma, comma + 1);
  }
  const start = raw.compStart;
  const end = Math.max(trimmedEnd(s), start + 1);
  if (raw.pos === 'major') {
    return err(
      'syntax',
      `${quote(s.slice(raw.compStart, raw.opEnd))} needs a version after it, e.g. ${quote(`${s.slice(raw.compStart, raw.opEnd)}1.2`)}`,
      start,
      end,
    );
  }
  return err(
    'syntax',
    `${quote(s.slice(raw.compStart, raw.at))} ends with a dot; a ${positionName(raw.pos)} number must follow it (or remove the dot)`,
    start,
    end,
  );
}

function classifyChar(s: string, raw: Extract<RawError, { t: 'char' }>): ConstraintError {
  const c = s.charCodeAt(raw.at);
  const hasOp = raw.opEnd > raw.compStart;
  if (raw.pos === 'major') {
    if ((c === 0x76 || c === 0x56) && isDigit(s.charCodeAt(raw.at + 1))) {
      const suggestion = iterativeFix(s, 'leading-v');
      const bare = tokenEnd(s, raw.at + 1);
      const without = s.slice(raw.compStart, raw.opEnd) + s.slice(raw.at + 1, bare);
      let message = `${CARGO} does not accept a \`${s[raw.at]}\` prefix on versions; write ${quote(without)}`;
      const bareCmp = hasOp ? null : comparator(without, 0);
      if (bareCmp !== null && bareCmp.ok && bareCmp.next === without.length && !npmAgrees(bareCmp.cmp)) {
        message +=
          ` (note: without an operator Cargo reads ${quote(without)} as ${quote(`^${without}`)}, while npm reads it as ` +
          `an exact version or x-range; write ${quote(`=${without}`)} for that)`;
      }
      return err('leading-v', message, raw.at, raw.at + 1, suggestion);
    }
    if (isWildcard(c) && hasOp) {
      const opText = s.slice(raw.compStart, raw.opEnd);
      const wEnd = tokenEnd(s, raw.at);
      // npm reads `>=*`, `<=*`, `=*`, `~*` and `^*` as any version (`*`); `>*` and `<*` as no version at all.
      const onlyThis = raw.compStart === skipSpaces(s, 0) && trimmedEnd(s) === wEnd && isAllWildcards(s.slice(raw.at, wEnd));
      const anyInNpm = opText !== '>' && opText !== '<';
      return err(
        'operator-on-wildcard',
        `an operator cannot apply to a bare wildcard (${quote(s.slice(raw.compStart, wEnd))}); ` +
          (anyInNpm ? 'write `*` alone for any version, or give a number: e.g. `' + opText + '1.*`' : `give a number, e.g. \`${opText}2\``),
        raw.compStart,
        wEnd,
        onlyThis && anyInNpm ? '*' : null,
      );
    }
    if (c === 0x2d && isDigit(s.charCodeAt(raw.at + 1))) {
      return err('syntax', 'version numbers cannot be negative', raw.at, tokenEnd(s, raw.at + 1));
    }
    if (c === 0x2265 || c === 0x2264) {
      return err('syntax', `use ${c === 0x2265 ? '`>=`' : '`<=`'} instead of ${quote(s[raw.at] as string)}`, raw.at, raw.at + 1);
    }
    if ((c === 0x3e || c === 0x3c || c === 0x3d) && raw.at === raw.opEnd) {
      return err(
        'syntax',
        `${quote(s.slice(raw.compStart, raw.at + 1))} is not an operator; use one of \`=\`, \`>\`, \`>=\`, \`<\`, \`<=\`, \`~\`, \`^\``,
        raw.compStart,
        raw.at + 1,
      );
    }
    const what = hasOp ? `after ${quote(s.slice(raw.compStart, raw.opEnd))}` : 'here';
    return err(
      'syntax',
      `expected a version number ${what}, found ${describeChar(s, raw.at)}; a comparator looks like \`>=1.2.3\``,
      raw.at,
      Math.max(tokenEnd(s, raw.at), raw.at + charWidth(s, raw.at)),
    );
  }
  return err(
    'syntax',
    `expected a ${positionName(raw.pos)} number after ${quote(s.slice(raw.compStart, raw.at))}, found ${describeChar(s, raw.at)}`,
    raw.at,
    raw.at + charWidth(s, raw.at),
  );
}

function isAllWildcards(x: string): boolean {
  for (let i = 0; i < x.length; i++) {
    const c = x.charCodeAt(i);
    if (!(isWildcard(c) || (c === 0x2e && i % 2 === 1))) return false;
  }
  return x.length % 2 === 1;
}

function classifyComma(s: string, raw: Extract<RawError, { t: 'comma' }>): ConstraintError {
  const c = s.charCodeAt(raw.at);
  const touching = raw.at === raw.compEnd;
  const cmpText = s.slice(raw.compStart, raw.compEnd);
  if (touching && c === 0x2e && raw.pos === 'patch') {
    const end = tokenEnd(s, raw.at);
    return err('too-many-parts', `a version has at most three numbers (MAJOR.MINOR.PATCH); ${quote(s.slice(raw.compStart, end))} has more`, raw.at, end);
  }
  if (touching && (c === 0x2d || c === 0x2b) && (raw.pos === 'major' || raw.pos === 'minor' || raw.pos === 'patch')) {
    const end = Math.max(tokenEnd(s, raw.at + 1), raw.at + 1);
    const full = fullVersionOf(s, raw.compStart, raw.compEnd);
    const kind: ConstraintErrorKind = c === 0x2d ? 'prerelease-incomplete' : 'build-incomplete';
    const what = c === 0x2d ? 'a pre-release' : 'build metadata';
    const example = full !== null ? `; write ${quote(full + s.slice(raw.at, end))}` : '';
    return err(kind, `${what} (${quote(s.slice(raw.at, end))}) needs all three version numbers before it${example}`, raw.at, end);
  }
  // Spaces (or other blanks) and then something that starts a comparator: npm's space-separated AND list.
  let gapEnd = raw.compEnd;
  while (gapEnd < s.length && isLooseSpace(s.charCodeAt(gapEnd))) gapEnd++;
  if (gapEnd > raw.compEnd && startsComparator(s, gapEnd)) {
    const suggestion = spaceSuggestion(s);
    return err(
      'npm-space-separated',
      suggestion !== null
        ? `space-separated comparators are npm syntax; ${CARGO} requires commas: ${quote(suggestion)}`
        : `space-separated comparators are npm syntax; ${CARGO} requires a comma between comparators, e.g. \`>=1.2, <2\``,
      raw.compEnd,
      gapEnd,
      suggestion,
    );
  }
  if (c === 0x3b || c === 0x26) {
    return err('syntax', `comparators are separated by \`,\` in ${CARGO}, not ${describeChar(s, raw.at)} (all of them must hold)`, raw.at, raw.at + 1);
  }
  if (touching && startsComparator(s, raw.at)) {
    return err('syntax', `a comma is missing between ${quote(cmpText)} and what follows it`, raw.at, raw.at + 1);
  }
  return err(
    'syntax',
    `unexpected ${describeChar(s, raw.at)} after ${quote(cmpText)}; comparators are separated by commas, e.g. \`>=1.2, <2\``,
    raw.at,
    raw.at + charWidth(s, raw.at),
  );
}

/** `1.2` → `1.2.0`, `1` → `1.0.0`, for messages; null when the comparator has wildcards. */
function fullVersionOf(s: string, compStart: number, compEnd: number): string | null {
  const text = s.slice(compStart, compEnd);
  let i = 0;
  while (i < text.length && !isDigit(text.charCodeAt(i))) i++;
  const head = text.slice(0, i);
  const nums = text.slice(i).split('.');
  if (nums.some((n) => n === '' || !isAllDigits(n))) return null;
  while (nums.length < 3) nums.push('0');
  return head + nums.join('.');
}

function classifyEmptySegment(s: string, raw: Extract<RawError, { t: 'empty-segment' }>): ConstraintError {
  const c = s.charCodeAt(raw.at);
  const blank = Number.isNaN(c) || c === SPACE || c === 0x2c || c === 0x2e;
  const end = Math.max(tokenEnd(s, raw.dash + 1), raw.at + 1);
  if (raw.pos === 'pre') {
    if (blank) {
      return err(
        'empty-prerelease',
        `the pre-release after \`-\` is empty or has an empty part (${quote(s.slice(raw.dash, Math.min(end, s.length)))}); write e.g. \`-rc.1\`, or remove the \`-\``,
        raw.dash,
        Math.min(end, s.length),
      );
    }
    return err(
      'syntax',
      `pre-release identifiers may contain only ASCII letters, digits and \`-\`, separated by dots; found ${describeChar(s, raw.at)}`,
      raw.at,
      raw.at + charWidth(s, raw.at),
    );
  }
  if (blank) {
    return err(
      'syntax',
      `the build metadata after \`+\` is empty or has an empty part; remove the \`+\` (build metadata is ignored anyway)`,
      raw.dash,
      Math.min(end, s.length),
    );
  }
  return err(
    'syntax',
    `build metadata may contain only ASCII letters, digits and \`-\`, separated by dots; found ${describeChar(s, raw.at)}`,
    raw.at,
    raw.at + charWidth(s, raw.at),
  );
}

function classifyLoneWildcard(s: string, raw: Extract<RawError, { t: 'lone-wildcard' }>): ConstraintError {
  const w = s[raw.at] as string;
  if (raw.comma) {
    return err(
      'syntax',
      `a lone ${quote(w)} means any version and must be the whole requirement; remove it (the other comparators already say what is allowed)`,
      raw.at,
      raw.at + 1,
    );
  }
  const end = trimmedEnd(s);
  if (isAllWildcards(s.slice(raw.at, end))) {
    // npm reads `*.*` / `x.x.x` as any version, which is Cargo's lone `*`.
    return err('syntax', `write a lone \`*\` for any version; ${CARGO} does not accept ${quote(s.slice(raw.at, end))}`, raw.at, end, '*');
  }
  if (raw.rest > raw.at + 1 && startsComparator(s, raw.rest)) {
    return err(
      'npm-space-separated',
      `space-separated comparators are npm syntax, and a lone ${quote(w)} must be the whole requirement in ${CARGO}; drop the ${quote(w)} and separate the rest with commas`,
      raw.at + 1,
      raw.rest,
    );
  }
  const c = s.charCodeAt(raw.at + 1);
  if (c === 0x2e) {
    return err(
      'syntax',
      `the major version cannot be a wildcard unless it is the only part: write a lone \`*\`, or a number such as \`1.*\``,
      raw.at,
      Math.max(tokenEnd(s, raw.at), raw.at + 1),
    );
  }
  return err(
    'syntax',
    `unexpected ${describeChar(s, raw.at + 1)} after ${quote(w)}; a lone \`*\` (or \`x\`) must be the whole requirement`,
    raw.at + 1,
    raw.at + 1 + charWidth(s, raw.at + 1),
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Suggestions. Each one is checked with the raw parser, and only offered when the npm reading of the author's text
// and Cargo's reading of the rewrite admit exactly the same versions (the analysis is in the comments below).

/** Does Cargo's meaning of this (already valid) comparator equal npm's meaning of the same text?
 *  With an operator, every form agrees: npm's desugaring (`<1.2` → `<1.2.0-0`, `<=1.2` → `<1.3.0-0`,
 *  `~1.2.3` → `>=1.2.3 <1.3.0-0`, `^0.0.3` → `>=0.0.3 <0.0.4-0`, `>1.x` → `>=2.0.0`, ...) gives the same release
 *  set as the crate, and an upper bound `<X.Y.Z-0` never admits a pre-release of X.Y.Z, so both dialects admit
 *  only pre-releases of a triple that a comparator names with its own pre-release. Without an operator npm reads
 *  an x-range (`1.2` = `1.2.x`, `1.2.3` = exactly 1.2.3) where the crate reads a caret; they agree only where the
 *  caret range happens to equal the x-range. */
function npmAgrees(c: Comparator): boolean {
  if (!c.implicitCaret) return true;
  if (c.minor === undefined) return true; // `^1` = `1.x`
  if (c.major === 0n && c.patch === undefined) return true; // `^0.2` = `0.2.x`
  if (c.major === 0n && c.minor === 0n && c.pre.length === 0) return true; // `^0.0.3` = exactly 0.0.3
  return false;
}

/** Cargo decides a partial comparator (no patch) on the given numbers alone, npm on a desugared full version, and
 *  the two part ways on a pre-release version T-PRE whose numbers T sit on the partial's edge:
 *  - `>=1.2`, `=1.2`, `1.2.*`, `~1.2`, `<=1.2` reject every pre-release of 1.2.x (`matches_exact` wants an equal,
 *    i.e. empty, pre-release; `matches_greater`/`matches_less`/`matches_tilde` stop at the missing patch), where
 *    npm's `>=1.2.0`, `<1.3.0-0`, ... admit 1.2.3-rc.1;
 *  - `^1.2` admits 1.2.0-rc.1 (`matches_caret` never looks at the pre-release without a patch), npm's `>=1.2.0`
 *    does not;
 *  - `>1.2` admits 1.3.0-rc.1 (the minor is greater), npm's `>=1.3.0` does not.
 *  `<1.2` agrees (npm's `<1.2.0-0`). Full comparators agree everywhere. A pre-release is only admitted at all when
 *  some comparator names its triple with a pre-release of its own, so the dialects can differ only if such a
 *  triple starts with a partial's numbers (or, for `>`, is the next version up). Example: `>=1.2, >=1.2.3-rc.1`
 *  rejects 1.2.3-rc.2 in Cargo; npm's `>=1.2 >=1.2.3-rc.1` admits it. */
function preReleaseQuirk(cs: readonly Comparator[]): boolean {
  for (const p of cs) {
    if (p.major === undefined || p.patch !== undefined || p.op === '<') continue;
    for (const q of cs) {
      if (q.pre.length === 0 || q.major === undefined || q.minor === undefined || q.patch === undefined) continue;
      if (q.major === p.major && (p.minor === undefined || p.minor === q.minor)) return true;
      if (p.op === '>') {
        const next = p.minor === undefined ? [p.major + 1n, 0n, 0n] : [p.major, p.minor + 1n, 0n];
        if (q.major === next[0] && q.minor === next[1] && q.patch === next[2]) return true;
      }
    }
  }
  return false;
}

/** A rewrite is offered only if it parses and the pre-release quirk cannot make it differ from npm's reading. */
function safe(text: string): string | null {
  const r = parseRaw(text);
  return r.ok && !preReleaseQuirk(r.comparators) ? text : null;
}

/** Applies the same local fix (drop a `v`, drop leading zeros) until the text parses; null if something else
 *  is wrong or a fixed comparator would change meaning (see npmAgrees). */
function iterativeFix(s: string, kind: 'leading-v' | 'leading-zero'): string | null {
  let text = s;
  for (let round = 0; round <= MAX_COMPARATORS * 3; round++) {
    const r = parseRaw(text);
    if (r.ok) return safe(text);
    const e = r.err;
    let compStart: number;
    if (kind === 'leading-v' && e.t === 'char' && e.pos === 'major') {
      const c = text.charCodeAt(e.at);
      if (!((c === 0x76 || c === 0x56) && isDigit(text.charCodeAt(e.at + 1)))) return null;
      text = text.slice(0, e.at) + text.slice(e.at + 1);
      compStart = e.compStart;
    } else if (kind === 'leading-zero' && e.t === 'leading-zero' && e.pos !== 'pre') {
      let z = e.at;
      while (z < e.end - 1 && text.charCodeAt(z) === 0x30) z++;
      text = text.slice(0, e.at) + text.slice(z);
      compStart = e.compStart;
    } else {
      return null;
    }
    const fixed = comparator(text, compStart);
    if (fixed.ok && !npmAgrees(fixed.cmp)) return null;
  }
  return null;
}

function findHyphenRange(s: string): number {
  for (let i = 1; i + 1 < s.length; i++) {
    if (s.charCodeAt(i) === 0x2d && isLooseSpace(s.charCodeAt(i - 1)) && isLooseSpace(s.charCodeAt(i + 1))) return i;
  }
  return -1;
}

/** One side of an npm hyphen range: npm's XRANGEPLAIN, `[v=\s]*` then up to three parts (a number, `x`, `X` or
 *  `*`), a pre-release and build only after three parts. `nums` holds the numbers before the first wildcard or
 *  missing part. Null for anything npm would reject or treat loosely (leading zeros, numbers beyond 2^53). */
interface NpmPartial {
  nums: string[];
  pre: string;
}

function npmPartial(x: string): NpmPartial | null {
  let i = 0;
  while (i < x.length && (x[i] === 'v' || x[i] === '=' || isLooseSpace(x.charCodeAt(i)))) i++;
  const body = x.slice(i);
  const plus = body.indexOf('+');
  const main = plus >= 0 ? body.slice(0, plus) : body;
  if (plus >= 0 && !validIdent(body.slice(plus + 1), false)) return null;
  const dash = main.indexOf('-');
  const core = dash >= 0 ? main.slice(0, dash) : main;
  const pre = dash >= 0 ? main.slice(dash + 1) : '';
  const parts = core.split('.');
  if (parts.length > 3 || parts.length === 0) return null;
  if ((dash >= 0 || plus >= 0) && parts.length !== 3) return null;
  if (dash >= 0 && !validIdent(pre, true)) return null;
  const nums: string[] = [];
  let wild = false;
  for (const p of parts) {
    if (p === 'x' || p === 'X' || p === '*') {
      wild = true;
      continue;
    }
    if (!isAllDigits(p) || p === '' || (p.length > 1 && p[0] === '0') || p.length > 15) return null;
    if (wild) return null; // `1.x.3`: npm ignores the 3; too odd to rewrite.
    nums.push(p);
  }
  if (wild && dash >= 0) return null;
  return { nums, pre: nums.length === 3 ? pre : '' };
}

function validIdent(x: string, pre: boolean): boolean {
  if (x === '') return false;
  for (const seg of x.split('.')) {
    if (seg === '') return false;
    for (let i = 0; i < seg.length; i++) {
      const c = seg.charCodeAt(i);
      if (!(isDigit(c) || isAlpha(c) || c === 0x2d)) return false;
    }
    if (pre && seg.length > 1 && isAllDigits(seg) && seg[0] === '0') return false;
  }
  return true;
}

/** npm `A - B` → Cargo `>=A, <=B`. npm fills a partial lower bound with zeros (`>=1.2.0`, Cargo's `>=1.2`) and
 *  turns a partial upper bound into `<B'-0` (`2.0` → `<2.1.0-0`), which admits the same versions as Cargo's
 *  `<=2.0` (`<2.1.0`, and neither admits a pre-release of 2.1.0). A full upper bound stays `<=B` in both. A
 *  wildcard side is unbounded. */
function hyphenSuggestion(s: string, hyphen: number): string | null {
  const a = npmPartial(s.slice(0, hyphen).trim());
  const b = npmPartial(s.slice(hyphen + 1).trim());
  if (a === null || b === null) return null;
  const parts: string[] = [];
  if (a.nums.length > 0) parts.push(`>=${a.nums.join('.')}${a.pre ? `-${a.pre}` : ''}`);
  if (b.nums.length > 0) parts.push(`<=${b.nums.join('.')}${b.pre ? `-${b.pre}` : ''}`);
  return safe(parts.length === 0 ? '*' : parts.join(', '));
}

/** npm's space-separated list → the same comparators joined by commas. npm glues an operator to its version
 *  (`>= 1.2` is `>=1.2`) and strips `v`/`=` before a version; a bare token that npm reads as an x-range or exact
 *  version where Cargo would read a caret gets an explicit `=` (npm `1.2` = Cargo `=1.2`). Commas already present
 *  are kept as separators: both dialects AND the parts. */
function spaceSuggestion(s: string): string | null {
  const out: string[] = [];
  let i = 0;
  const n = s.length;
  for (;;) {
    while (i < n && (isLooseSpace(s.charCodeAt(i)) || s.charCodeAt(i) === 0x2c)) i++;
    if (i >= n) break;
    if (out.length >= MAX_COMPARATORS) return null;
    let op = '';
    const c0 = s[i];
    const c1 = s[i + 1];
    if ((c0 === '>' || c0 === '<') && c1 === '=') op = c0 + c1;
    else if (c0 === '>' || c0 === '<' || c0 === '=' || c0 === '~' || c0 === '^') op = c0;
    i += op.length;
    while (i < n && isLooseSpace(s.charCodeAt(i))) i++;
    while (i < n && (s[i] === 'v' || s[i] === '=')) i++;
    const vStart = i;
    while (i < n && !isLooseSpace(s.charCodeAt(i)) && s.charCodeAt(i) !== 0x2c) i++;
    const version = s.slice(vStart, i);
    if (version === '') return null;
    const token = op + version;
    const parsed = comparator(token, 0);
    if (!parsed.ok || parsed.next !== token.length || parsed.cmp.major === undefined) return null;
    out.push(npmAgrees(parsed.cmp) ? token : `=${token}`);
  }
  if (out.length < 2) return null;
  return safe(out.join(', '));
}

// ---------------------------------------------------------------------------------------------------------------
// `Version::parse`'s error, in the crate's words (semver 1.0.x `parse.rs` + `error.rs`), and `Ord for Version`.

const POSITION_WORDS: Record<Position, string> = {
  major: 'major version number',
  minor: 'minor version number',
  patch: 'patch version number',
  pre: 'pre-release identifier',
  build: 'build metadata',
};

/** `QuotedChar`: a char's Debug form. */
function quotedChar(ch: string): string {
  const c = ch.codePointAt(0) as number;
  if (c === 0) return "'\\0'";
  if (ch === "'") return "'\\''";
  if (ch === '\\') return "'\\\\'";
  if (ch === '\n') return "'\\n'";
  if (ch === '\r') return "'\\r'";
  if (ch === '\t') return "'\\t'";
  if (/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cn}]/u.test(ch)) return `'\\u{${c.toString(16)}}'`;
  return `'${ch}'`;
}

function charAt(s: string, i: number): string {
  return String.fromCodePoint(s.codePointAt(i) as number);
}

/** null when `Version::parse(text)` succeeds, else its error's Display text. */
export function versionParseError(text: string): string | null {
  if (text === '') return 'empty string, expected a semver version';
  let i = 0;
  const num = (pos: Position): string | null => {
    const start = i;
    let value = 0n;
    while (isDigit(text.charCodeAt(i))) {
      if (value === 0n && i > start) return `invalid leading zero in ${POSITION_WORDS[pos]}`;
      value = value * 10n + BigInt(text.charCodeAt(i) - 0x30);
      if (value > U64_MAX) return `value of ${POSITION_WORDS[pos]} exceeds u64::MAX`;
      i++;
    }
    if (i > start) return null;
    return i < text.length
      ? `unexpected character ${quotedChar(charAt(text, i))} while parsing ${POSITION_WORDS[pos]}`
      : `unexpected end of input while parsing ${POSITION_WORDS[pos]}`;
  };
  const dot = (pos: Position): string | null => {
    if (text.charCodeAt(i) === 0x2e) {
      i++;
      return null;
    }
    return i < text.length
      ? `unexpected character ${quotedChar(charAt(text, i))} after ${POSITION_WORDS[pos]}`
      : `unexpected end of input while parsing ${POSITION_WORDS[pos]}`;
  };
  const ident = (pos: 'pre' | 'build'): string | null => {
    const r = identifier(text, i, pos, 0);
    if (!r.ok) return r.err.t === 'leading-zero' ? `invalid leading zero in ${POSITION_WORDS[pos]}` : `empty identifier segment in ${POSITION_WORDS[pos]}`;
    if (r.text === '') return `empty identifier segment in ${POSITION_WORDS[pos]}`;
    i = r.next;
    return null;
  };
  let pos: Position = 'major';
  const steps: (() => string | null)[] = [() => num('major'), () => dot('major'), () => num((pos = 'minor')), () => dot('minor'), () => num((pos = 'patch'))];
  for (const step of steps) {
    const e = step();
    if (e !== null) return e;
  }
  if (text.charCodeAt(i) === 0x2d) {
    i++;
    pos = 'pre';
    const e = ident('pre');
    if (e !== null) return e;
  }
  if (text.charCodeAt(i) === 0x2b) {
    i++;
    pos = 'build';
    const e = ident('build');
    if (e !== null) return e;
  }
  if (i < text.length) return `unexpected character ${quotedChar(charAt(text, i))} after ${POSITION_WORDS[pos]}`;
  return null;
}

/** `Ord for BuildMetadata`. */
function compareBuild(a: string, b: string): number {
  const rhs = b.split('.');
  let k = 0;
  for (const l of a.split('.')) {
    const r = rhs[k++];
    if (r === undefined) return 1;
    const ln = isAllDigits(l);
    const rn = isAllDigits(r);
    let c: number;
    if (ln && rn) {
      const lv = l.replace(/^0+/, '');
      const rv = r.replace(/^0+/, '');
      c = lv.length !== rv.length ? lv.length - rv.length : cmpStr(lv, rv) || l.length - r.length;
    } else if (ln) return -1;
    else if (rn) return 1;
    else c = cmpStr(l, r);
    if (c !== 0) return c < 0 ? -1 : 1;
  }
  return k === rhs.length ? 0 : -1;
}

/** `Ord for Version` (build metadata included, as the crate orders it) of two texts `Version::parse` accepts;
 *  null when either does not parse. */
export function compareVersions(a: string, b: string): number | null {
  const x = parseVersion(a);
  const y = parseVersion(b);
  if (!x || !y) return null;
  for (const [p, q] of [
    [x.major, y.major],
    [x.minor, y.minor],
    [x.patch, y.patch],
  ] as const)
    if (p !== q) return p < q ? -1 : 1;
  return comparePre(x.pre, y.pre) || compareBuild(x.build, y.build);
}
