// The version regex of a `bin_versions` entry, evaluated the way nexo-rs evaluates it.
//
// The runtime compiles the pattern with Rust's `regex` crate (linear time, no look-around, no
// backreferences) and uses the WHOLE leftmost-first match (capture groups are ignored); a pattern the crate
// rejects makes the entry `parse_failed`. We match with `re2js`, a pure-JS port of RE2: also linear time,
// so an author's catastrophic pattern (`(a+)+$` against 50,000 `a`s) cannot freeze the editor.
//
// RE2 and Rust `regex` are close relatives but not the same dialect, so a pattern is never handed to RE2 as
// written. `translate()` below parses it with Rust's grammar (a port of the rules of regex-syntax's
// `ast/parse.rs`: what is an error there is an error here) and emits an equivalent RE2 pattern:
//
//  - `\d \s \w` (and `\D \S \W`) are Unicode in Rust by default, ASCII in RE2. They are expanded:
//    `\d` = `\p{Nd}` exactly; `\s` = White_Space = `[\t-\r\x{85}\p{Z}]` exactly; `\w` is approximated as
//    `[\p{L}\p{M}\p{Nd}\p{Nl}\p{Pc}\x{200C}\x{200D}]` plus the circled/squared letters that are
//    Other_Alphabetic (Rust: Alphabetic + M + Nd + Pc + Join_Control). Under `(?-u)` they are ASCII in both.
//  - `\u{..}`, `\uXXXX`, `\U{..}`, `\UXXXXXXXX` (Rust-only spellings) become `\x{..}`.
//  - `a**`, `a+?+` (a repetition of a repetition) are valid in Rust, an error in RE2: wrapped in `(?:)`.
//  - The `x` (verbose) flag is applied here (whitespace and `#` comments dropped, as Rust does, also inside
//    classes and counted repetitions); the `u` flag is tracked here; neither reaches RE2.
//  - Rust-only errors that RE2 would accept with another meaning are reported as errors: `{` that is not a
//    valid counted repetition (`a{,5}`, `x{y}`: RE2 reads them as literals), `\Q..\E`, octal `\0`, `\p{^X}`,
//    escapes of letters, a `[` inside a class that is not `[:name:]`...
//  - Capture groups become non-capturing: only the whole match matters, and it does not depend on them.
//  - Unicode property names are matched loosely as Rust does (case, spaces, `_`, `-`, an `is` prefix) for
//    general categories (`\p{Letter}` = `\p{L}`); script names and the few binary properties RE2 knows
//    (`Alphabetic`, `White_Space`, `Lowercase`...) are accepted in their canonical spelling, in any case.
//
// What we cannot express in RE2 is reported as `unsupported` (the runtime may well accept it; the caller
// should say "not checked" rather than predict `parse_failed`): class set operations (`&&`, `--`, `~~`) and
// nested classes, `\<`, `\>` and `\b{start}`-style word boundaries (regex >= 1.10), the `R` (CRLF) flag
// with multi-line anchors, Unicode properties RE2 lacks or spelled as aliases (`\p{Alpha}`, `\p{Grek}`,
// `\p{scx=Grek}`, `\p{Age=6.0}`), negated classes under `(?-u)` (Rust rejects some of them as "may match
// invalid UTF-8"), and counted repetitions above RE2's limit of 1000.
//
// Known remaining differences (rare for a version pattern, accepted): `\b`/`\B` are ASCII word boundaries
// in RE2 but Unicode in Rust (they differ only next to non-ASCII letters and digits); `(?i-u)` folds
// non-ASCII in RE2; Rust's nest limit (250) and compiled-size limit (10 MB) are not modelled; Unicode
// table versions may differ.

import { RE2JS } from 're2js';
import * as H from './regex-hir';

export const DEFAULT_VERSION_REGEX = '\\d+\\.\\d+(?:\\.\\d+)?';

/** nexo-rs compiles the version regex with `RegexBuilder::size_limit(64 * 1024)` (`skills.rs:617-631`): a
 *  pattern whose compiled NFA is larger is rejected — many with Unicode classes, e.g. `\\w\\w` or
 *  `\\d+\\.\\d+\\.\\d+(?:-\\w+)?` — and the entry is `parse_failed` whatever the output. */
export const NEXO_REGEX_SIZE_LIMIT = 64 * 1024;

export type CompiledRegex = {
  hasCaptureGroups: boolean;
  /** The leftmost-first match of the whole pattern, or null. */
  wholeMatch(text: string): string | null;
  /** The RE2 pattern actually run (for logs and tests). */
  readonly engineSource: string;
  /** Instructions of the compiled program: matching costs up to this many steps per character of text. */
  readonly programSize: number;
};

/** Longer patterns are not evaluated (a version pattern is a few dozen characters). Translating and
 *  compiling grow faster than linearly with the pattern (`(a|` × 20,000: seconds), and this runs on every
 *  edit of the SKILL.md. */
export const MAX_PATTERN_LENGTH = 1000;

export type CompileResult =
  | { ok: true; regex: CompiledRegex }
  /** `unsupported`: the runtime's engine may accept the pattern, but it cannot be evaluated here. */
  | { ok: false; message: string; unsupported?: true };

const CACHE_LIMIT = 128;
const cache = new Map<string, CompileResult>();

export function compileVersionRegex(pattern: string): CompileResult {
  const hit = cache.get(pattern);
  if (hit !== undefined) {
    // Refresh recency (Map iteration order is insertion order).
    cache.delete(pattern);
    cache.set(pattern, hit);
    return hit;
  }
  const result = compileUncached(pattern);
  cache.set(pattern, result);
  if (cache.size > CACHE_LIMIT) {
    const oldest = cache.keys().next();
    if (!oldest.done) cache.delete(oldest.value);
  }
  return result;
}

function compileUncached(pattern: string): CompileResult {
  if (pattern.length > MAX_PATTERN_LENGTH) {
    return {
      ok: false,
      message: `the pattern is ${pattern.length} characters long; this tool evaluates patterns of at most ${MAX_PATTERN_LENGTH}`,
      unsupported: true,
    };
  }
  let t: Translation;
  try {
    t = translate(pattern);
  } catch (e) {
    if (e instanceof RustSyntaxError) return { ok: false, message: e.message };
    if (e instanceof Unsupported) return { ok: false, message: e.message, unsupported: true };
    throw e;
  }
  // The size limit is decided on Rust's own structures, whether or not RE2 can run the pattern.
  if (H.nfaExceedsSizeLimit(t.hir, NEXO_REGEX_SIZE_LIMIT))
    return { ok: false, message: `Compiled regex exceeds size limit of ${NEXO_REGEX_SIZE_LIMIT} bytes.` };
  if (t.unsupported !== null) return { ok: false, message: t.unsupported, unsupported: true };
  let re: RE2JS;
  try {
    re = RE2JS.compile(t.re2);
  } catch (e) {
    // We accepted the pattern with Rust's grammar, so this is a difference between the engines.
    const why = e instanceof Error ? e.message : String(e);
    return { ok: false, message: `pattern cannot be evaluated by this tool's regex engine (${why})`, unsupported: true };
  }
  const engineSource = t.re2;
  return {
    ok: true,
    regex: {
      hasCaptureGroups: t.hasCaptureGroups,
      engineSource,
      programSize: re.programSize(),
      wholeMatch(text: string): string | null {
        const m = re.matcher(text);
        return m.find() ? m.group() : null;
      },
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// Rust-grammar parser that emits RE2 syntax.

class RustSyntaxError extends Error {}
class Unsupported extends Error {}

interface Translation {
  re2: string;
  hasCaptureGroups: boolean;
  /** The pattern as regex-syntax's HIR (for the compiled-size limit). */
  hir: H.Hir;
  /** Why RE2 cannot run the pattern although Rust accepts it, when a construct was only recorded. */
  unsupported: string | null;
}

interface Flags {
  i: boolean;
  m: boolean;
  s: boolean;
  U: boolean;
  u: boolean;
  x: boolean;
  R: boolean;
}

type ItemKind = 'atom' | 'rep' | 'flags';
interface Item {
  text: string;
  kind: ItemKind;
  hir: H.Hir;
}

interface Frame {
  /** Opening text emitted for RE2, e.g. `(?:` or `(?i:`. Empty for the root. */
  open: string;
  /** Flags in force before the group opened (restored at `)`). */
  saved: Flags;
  alts: string[];
  concat: Item[];
  /** The HIR of each finished alternative, and whether the group captures. */
  hirAlts: H.Hir[];
  capture: boolean;
}

/** A set of characters: class-body text for RE2, possibly negated. */
interface CharSet {
  body: string;
  negated: boolean;
  /** True when `body` is one `\p{..}` item, so a negation can be written `\P{..}` inside a class. */
  single: boolean;
  /** The characters of `body` (before `negated` is applied), for the HIR. */
  ranges: H.Ranges;
}

const RE2_REPEAT_MAX = 1000;

const WHITE_SPACE = /^\p{White_Space}$/u;
const ALPHABETIC = /^\p{Alphabetic}$/u;
const ALNUM = /^[\p{Alphabetic}\p{N}]$/u;

// Rust's `\s` is the White_Space property, which is exactly these.
const SPACE_BODY = '\\x{9}-\\x{D}\\x{85}\\p{Z}';
// Approximation of Rust's `\w` (see the header).
const WORD_BODY = '\\p{L}\\p{M}\\p{Nd}\\p{Nl}\\p{Pc}\\x{200C}\\x{200D}\\x{24B6}-\\x{24E9}\\x{1F130}-\\x{1F149}\\x{1F150}-\\x{1F169}\\x{1F170}-\\x{1F189}';

const GENERAL_CATEGORIES: Record<string, string> = (() => {
  const pairs: Array<[string, string]> = [
    ['L', 'Letter'],
    ['LC', 'Cased_Letter'],
    ['Lu', 'Uppercase_Letter'],
    ['Ll', 'Lowercase_Letter'],
    ['Lt', 'Titlecase_Letter'],
    ['Lm', 'Modifier_Letter'],
    ['Lo', 'Other_Letter'],
    ['M', 'Mark'],
    ['Mn', 'Nonspacing_Mark'],
    ['Mc', 'Spacing_Mark'],
    ['Me', 'Enclosing_Mark'],
    ['N', 'Number'],
    ['Nd', 'Decimal_Number'],
    ['Nl', 'Letter_Number'],
    ['No', 'Other_Number'],
    ['P', 'Punctuation'],
    ['Pc', 'Connector_Punctuation'],
    ['Pd', 'Dash_Punctuation'],
    ['Ps', 'Open_Punctuation'],
    ['Pe', 'Close_Punctuation'],
    ['Pi', 'Initial_Punctuation'],
    ['Pf', 'Final_Punctuation'],
    ['Po', 'Other_Punctuation'],
    ['S', 'Symbol'],
    ['Sm', 'Math_Symbol'],
    ['Sc', 'Currency_Symbol'],
    ['Sk', 'Modifier_Symbol'],
    ['So', 'Other_Symbol'],
    ['Z', 'Separator'],
    ['Zs', 'Space_Separator'],
    ['Zl', 'Line_Separator'],
    ['Zp', 'Paragraph_Separator'],
    ['C', 'Other'],
    ['Cc', 'Control'],
    ['Cf', 'Format'],
    ['Cs', 'Surrogate'],
    ['Co', 'Private_Use'],
    ['Cn', 'Unassigned'],
  ];
  const out: Record<string, string> = {};
  for (const [short, long] of pairs) {
    out[looseName(short)] = short;
    out[looseName(long)] = short;
  }
  // Further aliases from PropertyValueAliases.txt.
  out['combiningmark'] = 'M';
  out['digit'] = 'Nd';
  out['punct'] = 'P';
  out['cntrl'] = 'Cc';
  return out;
})();

/** Rust regex-syntax's `symbolic_name_normalize`: drop an `is` prefix, spaces, `_` and `-`, non-ASCII; lowercase. */
function looseName(name: string): string {
  let s = name;
  let startsWithIs = false;
  if (s.length >= 2 && s.slice(0, 2).toLowerCase() === 'is') {
    startsWithIs = true;
    s = s.slice(2);
  }
  let out = '';
  for (const ch of s) {
    if (ch === ' ' || ch === '_' || ch === '-') continue;
    const c = ch.codePointAt(0) ?? 0;
    if (c > 0x7f) continue;
    out += ch.toLowerCase();
  }
  // `isc` is an alias of the Other category; the `is` rule would turn it into `c`.
  if (startsWithIs && out === 'c') out = 'isc';
  return out;
}

function hex(cp: number): string {
  return `\\x{${cp.toString(16).toUpperCase()}}`;
}

/** A literal code point in a form RE2 reads as that literal both inside and outside a class. */
function lit(cp: number): string {
  if ((cp >= 0x30 && cp <= 0x39) || (cp >= 0x41 && cp <= 0x5a) || (cp >= 0x61 && cp <= 0x7a)) {
    return String.fromCodePoint(cp);
  }
  if (cp > 0x7f && !WHITE_SPACE.test(String.fromCodePoint(cp))) return String.fromCodePoint(cp);
  return hex(cp);
}

function isMeta(c: string): boolean {
  return '\\.+*?()|[]{}^$#&-~'.includes(c);
}

/** Rust regex-syntax's `is_escapeable_character` (regex >= 1.10: `<` and `>` are word boundaries). */
function isEscapeable(c: string): boolean {
  if (c.length === 1 && isMeta(c)) return true;
  const cp = c.codePointAt(0) ?? 0;
  if (cp > 0x7f) return false;
  if (/[0-9A-Za-z<>]/.test(c)) return false;
  return true;
}

/** regex-syntax's ASCII classes (`[[:alpha:]]`…). */
const ASCII_CLASS_RANGES: Record<string, H.Ranges> = {
  alnum: [
    [48, 57],
    [65, 90],
    [97, 122],
  ],
  alpha: [
    [65, 90],
    [97, 122],
  ],
  ascii: [[0, 127]],
  blank: [
    [9, 9],
    [32, 32],
  ],
  cntrl: [
    [0, 31],
    [127, 127],
  ],
  digit: [[48, 57]],
  graph: [[33, 126]],
  lower: [[97, 122]],
  print: [[32, 126]],
  punct: [
    [33, 47],
    [58, 64],
    [91, 96],
    [123, 126],
  ],
  space: [
    [9, 13],
    [32, 32],
  ],
  upper: [[65, 90]],
  word: [
    [48, 57],
    [65, 90],
    [95, 95],
    [97, 122],
  ],
  xdigit: [
    [48, 57],
    [65, 70],
    [97, 102],
  ],
};

const ASCII_CLASSES = new Set(['alnum', 'alpha', 'ascii', 'blank', 'cntrl', 'digit', 'graph', 'lower', 'print', 'punct', 'space', 'upper', 'word', 'xdigit']);

type Escape = { kind: 'literal'; cp: number } | { kind: 'set'; set: CharSet } | { kind: 'assert'; text: string };

class Translator {
  private readonly cps: string[];
  private pos = 0;
  private flags: Flags = { i: false, m: false, s: false, U: false, u: true, x: false, R: false };
  private readonly names = new Set<string>();
  hasCaptureGroups = false;
  /** A construct RE2 cannot run but Rust accepts, recorded so the rest is still parsed (size limit). */
  unsupportedNote: string | null = null;

  constructor(readonly pattern: string) {
    this.cps = Array.from(pattern);
  }

  // --- cursor helpers (mirroring the Rust parser's) ---
  private eof(): boolean {
    return this.pos >= this.cps.length;
  }
  private ch(): string {
    return this.cps[this.pos] ?? '';
  }
  private peek(): string {
    return this.cps[this.pos + 1] ?? '';
  }
  private bump(): boolean {
    if (this.eof()) return false;
    this.pos++;
    return !this.eof();
  }
  private bumpIf(prefix: string): boolean {
    const p = Array.from(prefix);
    for (let k = 0; k < p.length; k++) if (this.cps[this.pos + k] !== p[k]) return false;
    this.pos += p.length;
    return true;
  }
  /** In `x` mode, skip whitespace and `#` comments. */
  private bumpSpace(): void {
    if (!this.flags.x) return;
    while (!this.eof()) {
      const c = this.ch();
      if (WHITE_SPACE.test(c)) this.pos++;
      else if (c === '#') {
        this.pos++;
        while (!this.eof()) {
          const d = this.ch();
          this.pos++;
          if (d === '\n') break;
        }
      } else break;
    }
  }
  private bumpAndBumpSpace(): boolean {
    if (!this.bump()) return false;
    this.bumpSpace();
    return !this.eof();
  }
  /** Like peek, but skipping whitespace and comments in `x` mode. */
  private peekSpace(): string {
    if (!this.flags.x) return this.peek();
    // Mirrors regex-syntax's `peek_space` exactly, quirks included (a comment's first non-space character is
    // what it returns).
    let inComment = false;
    for (let k = this.pos + 1; k < this.cps.length; k++) {
      const c = this.cps[k] ?? '';
      if (WHITE_SPACE.test(c)) continue;
      if (!inComment && c === '#') inComment = true;
      else if (inComment && c === '\n') inComment = false;
      else return c;
    }
    return '';
  }

  /** A pattern Rust `regex` rejects; `message` follows regex-syntax's own wording where it has one. */
  private err(message: string): never {
    throw new RustSyntaxError(message);
  }
  private unsupported(message: string): never {
    throw new Unsupported(message);
  }

  run(): Translation {
    const root: Frame = { open: '', saved: { ...this.flags }, alts: [], concat: [], hirAlts: [], capture: false };
    const stack: Frame[] = [root];
    const top = (): Frame => stack[stack.length - 1] ?? root;
    for (;;) {
      this.bumpSpace();
      if (this.eof()) break;
      const c = this.ch();
      switch (c) {
        case '(': {
          const g = this.parseGroup();
          if (g.kind === 'flags') {
            top().concat.push({ text: g.text, kind: 'flags', hir: H.EMPTY });
          } else {
            stack.push({ open: g.open, saved: g.saved, alts: [], concat: [], hirAlts: [], capture: g.capture });
          }
          break;
        }
        case ')': {
          if (stack.length === 1) this.err('unopened group');
          const f = stack.pop() as Frame;
          f.alts.push(render(f.concat));
          f.hirAlts.push(H.concat(f.concat.map((i) => i.hir)));
          this.flags = f.saved;
          this.pos++;
          const inner = H.alt(f.hirAlts);
          top().concat.push({ text: `${f.open}${f.alts.join('|')})`, kind: 'atom', hir: f.capture ? { k: 'cap', sub: inner } : inner });
          break;
        }
        case '|': {
          const f = top();
          f.alts.push(render(f.concat));
          f.hirAlts.push(H.concat(f.concat.map((i) => i.hir)));
          f.concat = [];
          this.pos++;
          break;
        }
        case '[': {
          const c = this.parseClass();
          top().concat.push({ text: c.text, kind: 'atom', hir: c.hir });
          break;
        }
        case '?':
        case '*':
        case '+':
          this.parseUncountedRepetition(top().concat);
          break;
        case '{':
          this.parseCountedRepetition(top().concat);
          break;
        default:
          top().concat.push({ kind: 'atom', ...this.parsePrimitive() });
      }
    }
    if (stack.length > 1) this.err('unclosed group');
    root.alts.push(render(root.concat));
    root.hirAlts.push(H.concat(root.concat.map((i) => i.hir)));
    return { re2: root.alts.join('|'), hasCaptureGroups: this.hasCaptureGroups, hir: H.alt(root.hirAlts), unsupported: this.unsupportedNote };
  }

  private takeOperand(concat: Item[]): Item {
    const last = concat.pop();
    if (last === undefined || last.kind === 'flags') this.err('repetition operator missing expression');
    return last;
  }

  private parseUncountedRepetition(concat: Item[]): void {
    const last = this.takeOperand(concat);
    const op = this.ch();
    let lazy = false;
    // Rust: `self.bump() && self.char() == '?'` — no whitespace skipping before the lazy marker.
    if (this.bump() && this.ch() === '?') {
      lazy = true;
      this.bump();
    }
    const base = last.kind === 'rep' ? `(?:${last.text})` : last.text;
    const [min, max] = op === '?' ? [0, 1] : op === '*' ? [0, null] : [1, null];
    concat.push({ text: `${base}${op}${lazy ? '?' : ''}`, kind: 'rep', hir: H.rep(min, max, !lazy, last.hir) });
  }

  /** Rust's `parse_decimal`: trims whitespace (always, not only in `x` mode), at least one digit, u32. */
  private parseDecimal(): number {
    while (!this.eof() && WHITE_SPACE.test(this.ch())) this.bump();
    let digits = '';
    while (!this.eof() && this.ch() >= '0' && this.ch() <= '9') {
      digits += this.ch();
      this.bumpAndBumpSpace();
    }
    while (!this.eof() && WHITE_SPACE.test(this.ch())) this.bumpAndBumpSpace();
    if (digits === '') this.err('repetition quantifier expects a valid decimal');
    const n = Number(digits);
    if (n > 0xffffffff) this.err('decimal number in repetition is too big');
    return n;
  }

  private parseCountedRepetition(concat: Item[]): void {
    const last = this.takeOperand(concat);
    const unclosed = (): never => this.err('unclosed counted repetition');
    if (!this.bumpAndBumpSpace()) unclosed();
    const min = this.parseDecimal();
    let max: number | null = min;
    if (this.eof()) unclosed();
    if (this.ch() === ',') {
      if (!this.bumpAndBumpSpace()) unclosed();
      if (this.ch() !== '}') max = this.parseDecimal();
      else max = null;
    }
    if (this.eof() || this.ch() !== '}') unclosed();
    let lazy = false;
    if (this.bumpAndBumpSpace() && this.ch() === '?') {
      lazy = true;
      this.bump();
    }
    if (max !== null && min > max) this.err('invalid repetition count range, the start must be <= the end');
    if (min > RE2_REPEAT_MAX || (max !== null && max > RE2_REPEAT_MAX)) {
      // Recorded, not thrown: Rust may still reject the pattern for its compiled size, which is decided below.
      this.unsupportedNote ??= `counted repetitions above ${RE2_REPEAT_MAX} cannot be evaluated by this tool's regex engine`;
    }
    const range = max === min ? `{${min}}` : max === null ? `{${min},}` : `{${min},${max}}`;
    const base = last.kind === 'rep' ? `(?:${last.text})` : last.text;
    concat.push({ text: `${base}${range}${lazy ? '?' : ''}`, kind: 'rep', hir: H.rep(min, max, !lazy, last.hir) });
  }

  private parseGroup(): { kind: 'flags'; text: string } | { kind: 'group'; open: string; saved: Flags; capture: boolean } {
    this.bump();
    this.bumpSpace();
    if (this.bumpIf('?=') || this.bumpIf('?!') || this.bumpIf('?<=') || this.bumpIf('?<!')) {
      throw new RustSyntaxError("look-around is not supported by the runtime's regex engine (Rust `regex`)");
    }
    const saved = { ...this.flags };
    if (this.bumpIf('?P<') || this.bumpIf('?<')) {
      this.parseCaptureName();
      this.hasCaptureGroups = true;
      return { kind: 'group', open: '(?:', saved, capture: true };
    }
    if (this.bumpIf('?')) {
      if (this.eof()) this.err('unclosed group');
      const { on, off, sawAny } = this.parseFlags();
      const end = this.ch();
      this.bump();
      const next = { ...this.flags };
      for (const f of on) next[f] = true;
      for (const f of off) next[f] = false;
      const passOn = on.filter((f) => f === 'i' || f === 'm' || f === 's' || f === 'U').join('');
      const passOff = off.filter((f) => f === 'i' || f === 'm' || f === 's' || f === 'U').join('');
      const spec = passOn + (passOff ? `-${passOff}` : '');
      if (end === ')') {
        if (!sawAny) this.err('repetition operator missing expression');
        this.flags = next;
        return { kind: 'flags', text: spec ? `(?${spec})` : '' };
      }
      this.flags = next;
      return { kind: 'group', open: spec ? `(?${spec}:` : '(?:', saved, capture: false };
    }
    this.hasCaptureGroups = true;
    return { kind: 'group', open: '(?:', saved, capture: true };
  }

  private parseCaptureName(): void {
    if (this.eof()) this.err('unexpected end of capture group name');
    const start = this.pos;
    for (;;) {
      if (this.ch() === '>') break;
      const c = this.ch();
      const first = this.pos === start;
      const ok = first ? c === '_' || ALPHABETIC.test(c) : c === '_' || c === '.' || c === '[' || c === ']' || ALNUM.test(c);
      if (!ok) this.err('invalid capture group character');
      if (!this.bump()) break;
    }
    if (this.eof()) this.err('unexpected end of capture group name');
    const name = this.cps.slice(start, this.pos).join('');
    this.pos++;
    if (name === '') this.err('empty capture group name');
    if (this.names.has(name)) this.err(`duplicate capture group name \`${name}\``);
    this.names.add(name);
  }

  private parseFlags(): { on: Array<keyof Flags>; off: Array<keyof Flags>; sawAny: boolean } {
    const on: Array<keyof Flags> = [];
    const off: Array<keyof Flags> = [];
    const seen = new Set<string>();
    let negated = false;
    let lastWasNegation = false;
    let sawAny = false;
    while (this.ch() !== ':' && this.ch() !== ')') {
      const c = this.ch();
      sawAny = true;
      if (c === '-') {
        if (negated) this.err('repeated negation in flags');
        negated = true;
        lastWasNegation = true;
      } else {
        lastWasNegation = false;
        if (!'imsUuRx'.includes(c) || c.length !== 1) this.err(`unrecognized flag \`${c}\``);
        if (seen.has(c)) this.err(`duplicate flag \`${c}\``);
        seen.add(c);
        (negated ? off : on).push(c as keyof Flags);
      }
      if (!this.bump()) this.err('expected flag but got end of regex');
    }
    if (lastWasNegation) this.err('dangling flag negation operator');
    return { on, off, sawAny };
  }

  private parsePrimitive(): { text: string; hir: H.Hir } {
    const c = this.ch();
    if (c === '\\') {
      const e = this.parseEscape(false);
      if (e.kind === 'literal') return { text: this.literal(e.cp), hir: this.literalHir(e.cp) };
      if (e.kind === 'assert') {
        const look: H.Look = e.text === '\\A' ? 'start' : e.text === '\\z' ? 'end' : e.text === '\\b' ? 'word' : e.text === '\\B' ? 'notWord' : 'other';
        return { text: e.text, hir: { k: 'look', look } };
      }
      return { text: setOutside(e.set), hir: H.cls(e.set.negated ? H.negate(e.set.ranges) : e.set.ranges) };
    }
    this.pos++;
    if (c === '.') {
      if (!this.flags.u) this.unsupported('`.` under `(?-u)` is not supported by this tool');
      const except: H.Ranges = this.flags.s
        ? []
        : this.flags.R
          ? [
              [10, 10],
              [13, 13],
            ]
          : [[10, 10]];
      const hir = H.cls(H.negate(except));
      if (this.flags.R && !this.flags.s) return { text: '[^\\n\\r]', hir };
      return { text: '.', hir };
    }
    if (c === '^' || c === '$') {
      if (this.flags.R && this.flags.m) this.unsupported('multi-line anchors in CRLF mode (`R` flag) are not supported by this tool');
      const look: H.Look = c === '^' ? (this.flags.m ? 'startLF' : 'start') : this.flags.m ? 'endLF' : 'end';
      return { text: c, hir: { k: 'look', look } };
    }
    const cp = c.codePointAt(0) ?? 0;
    return { text: this.literal(cp), hir: this.literalHir(cp) };
  }

  /** A literal character in the HIR: under `(?i)` a class of its simple case folds when it has any. */
  private literalHir(cp: number): H.Hir {
    if (!this.flags.u) return H.lit([cp & 0xff]);
    if (this.flags.i) {
      const folded = H.caseFoldRanges([[cp, cp]]);
      if (folded.length !== 1 || folded[0]?.[0] !== folded[0]?.[1]) return H.cls(folded);
    }
    return H.lit(H.utf8(cp));
  }

  private literal(cp: number): string {
    if (!this.flags.u && cp > 0x7f) {
      // Only reachable through `\x80`-`\xFF`: a byte, not a character, under `(?-u)`.
      this.unsupported('non-ASCII escapes under `(?-u)` are not supported by this tool');
    }
    return lit(cp);
  }

  /** Parses an escape at `\`. In a class, assertions are errors. */
  private parseEscape(inClass: boolean): Escape {
    if (!this.bump()) this.err('incomplete escape sequence, reached end of pattern prematurely');
    const c = this.ch();
    if (c >= '0' && c <= '9') this.err('backreferences are not supported');
    if (c === 'x' || c === 'u' || c === 'U') return { kind: 'literal', cp: this.parseHex(c) };
    if (c === 'p' || c === 'P') return { kind: 'set', set: this.parseUnicodeClass(c === 'P') };
    if ('dswDSW'.includes(c)) {
      this.pos++;
      return { kind: 'set', set: this.perlClass(c) };
    }
    this.pos++;
    if (isEscapeable(c)) return { kind: 'literal', cp: c.codePointAt(0) ?? 0 };
    const special: Record<string, number> = { a: 7, f: 12, t: 9, n: 10, r: 13, v: 11 };
    const sp = special[c];
    if (sp !== undefined) return { kind: 'literal', cp: sp };
    if (c === '<' || c === '>') {
      if (inClass) this.err('this escape is not allowed in a character class');
      this.unsupported(`\`\\${c}\` (a Unicode word-${c === '<' ? 'start' : 'end'} boundary in Rust \`regex\`) is not supported by this tool`);
    }
    if (c === 'A' || c === 'z' || c === 'b' || c === 'B') {
      if (inClass) this.err('this escape is not allowed in a character class');
      if (c === 'b' && this.ch() === '{') {
        // regex >= 1.10: `\b{start}`, `\b{end}`, `\b{start-half}`, `\b{end-half}`.
        const rest = this.cps.slice(this.pos + 1).join('');
        const m = /^([-A-Za-z]*)\}/.exec(rest);
        if (m && m[1] !== undefined) {
          if (['start', 'end', 'start-half', 'end-half'].includes(m[1])) {
            this.unsupported(`\`\\b{${m[1]}}\` is not supported by this tool`);
          }
          if (m[1] !== '') this.err(`unrecognized word boundary \`\\b{${m[1]}}\``);
        }
      }
      if (c === 'B' && !this.flags.u) this.unsupported('`\\B` under `(?-u)` is not supported by this tool');
      return { kind: 'assert', text: `\\${c}` };
    }
    this.err(`unrecognized escape sequence \`\\${c}\``);
  }

  private parseHex(kind: string): number {
    const digits = kind === 'x' ? 2 : kind === 'u' ? 4 : 8;
    if (!this.bumpAndBumpSpace()) this.err('incomplete escape sequence, reached end of pattern prematurely');
    let h = '';
    if (this.ch() === '{') {
      while (this.bumpAndBumpSpace() && this.ch() !== '}') {
        if (!/^[0-9A-Fa-f]$/.test(this.ch())) this.err('invalid hexadecimal digit');
        h += this.ch();
      }
      if (this.eof()) this.err('incomplete escape sequence, reached end of pattern prematurely');
      this.bumpAndBumpSpace();
      if (h === '') this.err('hexadecimal literal is empty');
    } else {
      for (let k = 0; k < digits; k++) {
        if (k > 0 && !this.bumpAndBumpSpace()) this.err('incomplete escape sequence, reached end of pattern prematurely');
        if (!/^[0-9A-Fa-f]$/.test(this.ch())) this.err('invalid hexadecimal digit');
        h += this.ch();
      }
      this.bumpAndBumpSpace();
    }
    const cp = h.length > 8 ? Infinity : parseInt(h, 16);
    if (!(cp <= 0x10ffff) || (cp >= 0xd800 && cp <= 0xdfff)) this.err('hexadecimal literal is not a Unicode scalar value');
    return cp;
  }

  private perlClass(c: string): CharSet {
    const negated = c === 'D' || c === 'S' || c === 'W';
    const k = c.toLowerCase();
    if (!this.flags.u) {
      if (negated) this.unsupported(`\`\\${c}\` under \`(?-u)\` is not supported by this tool`);
      const body = k === 'd' ? '0-9' : k === 's' ? '\\x{9}-\\x{D}\\x{20}' : '0-9A-Za-z_';
      const ranges: H.Ranges =
        k === 'd'
          ? [[48, 57]]
          : k === 's'
            ? [
                [9, 13],
                [32, 32],
              ]
            : [
                [48, 57],
                [65, 90],
                [95, 95],
                [97, 122],
              ];
      return { body, negated: false, single: false, ranges };
    }
    // regex-syntax's Perl classes: `\d` = Decimal_Number, `\s` = White_Space, `\w` = Alphabetic + Mark +
    // Decimal_Number + Connector_Punctuation + Join_Control.
    if (k === 'd') return { body: '\\p{Nd}', negated, single: true, ranges: H.rangesOf('[\\p{Nd}]') };
    if (k === 's') return { body: SPACE_BODY, negated, single: false, ranges: H.rangesOf('[\\p{White_Space}]') };
    return { body: WORD_BODY, negated, single: false, ranges: H.rangesOf('[\\p{Alphabetic}\\p{M}\\p{Nd}\\p{Pc}\\p{Join_Control}]') };
  }

  private parseUnicodeClass(negatedP: boolean): CharSet {
    if (!this.bumpAndBumpSpace()) this.err('incomplete escape sequence, reached end of pattern prematurely');
    let name: string;
    let oneLetter = false;
    if (this.ch() === '{') {
      let s = '';
      while (this.bumpAndBumpSpace() && this.ch() !== '}') s += this.ch();
      if (this.eof()) this.err('incomplete escape sequence, reached end of pattern prematurely');
      this.pos++;
      name = s;
    } else {
      if (this.ch() === '\\') this.err('invalid Unicode character class');
      name = this.ch();
      oneLetter = true;
      this.bumpAndBumpSpace();
    }
    if (!this.flags.u) this.err('Unicode not allowed here (`\\p` under `(?-u)`)');
    let negated = negatedP;
    let prop: string | null = null;
    let value = name;
    const ne = name.indexOf('!=');
    if (ne >= 0) {
      prop = name.slice(0, ne);
      value = name.slice(ne + 2);
      negated = !negated;
    } else {
      const colon = name.indexOf(':');
      const eq = name.indexOf('=');
      const at = colon >= 0 ? colon : eq;
      if (at >= 0) {
        prop = name.slice(0, at);
        value = name.slice(at + 1);
      }
    }
    const looseProp = prop === null ? null : looseName(prop);
    const looseValue = looseName(value);
    const wantGc = looseProp === null || looseProp === 'gc' || looseProp === 'generalcategory';
    const wantSc = looseProp === null || looseProp === 'sc' || looseProp === 'script';
    if (looseProp !== null && !wantGc && !wantSc) {
      this.unsupported(`the Unicode property \`${prop ?? ''}\` is not supported by this tool`);
    }
    if (wantGc) {
      if (looseProp === null && looseValue === 'cf') return { body: '\\p{Cf}', negated, single: true, ranges: H.rangesOf('[\\p{Cf}]') };
      const gc = GENERAL_CATEGORIES[looseValue];
      if (gc === 'LC') return { body: '\\p{Lu}\\p{Ll}\\p{Lt}', negated, single: false, ranges: H.rangesOf('[\\p{Lu}\\p{Ll}\\p{Lt}]') };
      if (gc !== undefined) return { body: `\\p{${gc}}`, negated, single: true, ranges: H.rangesOf(`[\\p{${gc}}]`) };
      if (looseProp === null) {
        if (looseValue === 'any') return { body: '\\x{0}-\\x{10FFFF}', negated, single: false, ranges: [[0, 0x10ffff]] };
        if (looseValue === 'ascii') return { body: '\\x{0}-\\x{7F}', negated, single: false, ranges: [[0, 0x7f]] };
        if (looseValue === 'assigned') return { body: '\\p{Cn}', negated: !negated, single: true, ranges: H.rangesOf('[\\p{Cn}]') };
      }
    }
    if (oneLetter) this.err(`unrecognized Unicode class \`\\p${name}\``);
    if (wantSc) {
      // RE2 knows script names in their canonical spelling (`Old_Italic`); try that spelling, with and
      // without the `is` prefix Rust ignores.
      for (const v of [value, value.replace(/^is/i, '')]) {
        const canonical = v
          .trim()
          .split(/[\s_-]+/)
          .filter((w) => w !== '')
          .map((w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase())
          .join('_');
        if (!/^[A-Za-z_]+$/.test(canonical) || looseName(canonical) !== looseValue) continue;
        try {
          RE2JS.compile(`\\p{${canonical}}`);
          return { body: `\\p{${canonical}}`, negated, single: true, ranges: propertyRanges(canonical) };
        } catch {
          // not a script RE2 knows
        }
      }
    }
    if (/[\^]/.test(value)) this.err(`unrecognized Unicode property \`${name}\``);
    this.unsupported(`the Unicode class \`\\p{${name}}\` is not supported by this tool (general categories, scripts and a few binary properties are)`);
  }

  /** Parses a bracketed class at `[` and returns RE2 text for it. */
  private parseClass(): { text: string; hir: H.Hir } {
    // Opening: `[`, optional `^`, any number of literal `-`, then `]` as a literal if nothing came before.
    const unclosed = (): never => this.err('unclosed character class');
    if (!this.bumpAndBumpSpace()) unclosed();
    let negated = false;
    if (this.ch() === '^') {
      negated = true;
      if (!this.bumpAndBumpSpace()) unclosed();
    }
    const body: string[] = [];
    const alts: string[] = [];
    // The class's characters for the HIR: the union of its items (case-folded under `(?i)`, then negated).
    const set: H.Ranges = [];
    let any = false;
    while (this.ch() === '-') {
      body.push(lit(0x2d));
      set.push([0x2d, 0x2d]);
      any = true;
      if (!this.bumpAndBumpSpace()) unclosed();
    }
    if (!any && this.ch() === ']') {
      body.push(lit(0x5d));
      set.push([0x5d, 0x5d]);
      if (!this.bumpAndBumpSpace()) unclosed();
    }
    if (negated && !this.flags.u) this.unsupported('negated classes under `(?-u)` are not supported by this tool');
    for (;;) {
      this.bumpSpace();
      if (this.eof()) unclosed();
      const c = this.ch();
      if (c === '[') {
        const ascii = this.maybeAsciiClass();
        if (ascii !== null) {
          if (ascii.startsWith('[:^') && !this.flags.u) {
            this.unsupported('negated classes under `(?-u)` are not supported by this tool');
          }
          body.push(ascii);
          const named = ASCII_CLASS_RANGES[ascii.replace(/^\[:\^?|:\]$/g, '')] ?? [];
          set.push(...(ascii.startsWith('[:^') ? H.negate(named) : named));
          continue;
        }
        this.unsupported('nested character classes are not supported by this tool');
      }
      if (c === ']') {
        this.pos++;
        break;
      }
      if ((c === '&' && this.peek() === '&') || (c === '-' && this.peek() === '-') || (c === '~' && this.peek() === '~')) {
        this.unsupported(`character class set operations (\`${c}${c}\`) are not supported by this tool`);
      }
      // An item, or a range of two literals.
      const first = this.parseClassItem();
      this.bumpSpace();
      if (this.eof()) unclosed();
      if (this.ch() !== '-' || this.peekSpace() === ']' || this.peekSpace() === '-') {
        this.pushClassItem(first, negated, body, alts, set);
        continue;
      }
      if (!this.bumpAndBumpSpace()) unclosed();
      const second = this.parseClassItem();
      if (first.kind !== 'literal' || second.kind !== 'literal') this.err('invalid range boundary, must be a literal');
      if (first.cp > second.cp) this.err('invalid character class range, the start must be <= the end');
      body.push(`${lit(first.cp)}-${lit(second.cp)}`);
      set.push([first.cp, second.cp]);
    }
    let chars = H.canonical(set);
    if (this.flags.i) chars = H.caseFoldRanges(chars);
    const hir = H.cls(negated ? H.negate(chars) : chars, !this.flags.u);
    const text = `[${negated ? '^' : ''}${body.join('')}]`;
    if (alts.length === 0) return { text, hir };
    return { text: `(?:${body.length > 0 ? `${text}|` : ''}${alts.join('|')})`, hir };
  }

  private parseClassItem(): Escape & { kind: 'literal' | 'set' } {
    if (this.ch() === '\\') {
      const e = this.parseEscape(true);
      if (e.kind === 'assert') this.err('this escape is not allowed in a character class');
      if (e.kind === 'literal' && !this.flags.u && e.cp > 0x7f) this.literal(e.cp);
      return e as Escape & { kind: 'literal' | 'set' };
    }
    const cp = this.ch().codePointAt(0) ?? 0;
    this.pos++;
    return { kind: 'literal', cp };
  }

  private pushClassItem(item: Escape & { kind: 'literal' | 'set' }, classNegated: boolean, body: string[], alts: string[], set: H.Ranges): void {
    if (item.kind === 'literal') {
      body.push(lit(item.cp));
      set.push([item.cp, item.cp]);
      return;
    }
    const s = item.set;
    set.push(...(s.negated ? H.negate(s.ranges) : s.ranges));
    if (!s.negated) body.push(s.body);
    else if (s.single) body.push(s.body.replace('\\p{', '\\P{'));
    else if (classNegated) this.unsupportedNote ??= 'a negated multi-part class (`\\S`, `\\W`) inside a negated class is not supported by this tool';
    else alts.push(`[^${s.body}]`);
  }

  /** `[:name:]` or `[:^name:]` inside a class; null (and no movement) if this `[` is not one. */
  private maybeAsciiClass(): string | null {
    const rest = this.cps.slice(this.pos, this.pos + 16).join('');
    const m = /^\[:(\^?)([a-z]+):\]/.exec(rest);
    if (!m || m[2] === undefined || !ASCII_CLASSES.has(m[2])) return null;
    this.pos += Array.from(m[0]).length;
    return `[:${m[1] ?? ''}${m[2]}:]`;
  }
}

/** The characters of a script (or, failing that, a binary property) of that name, by this engine's tables. */
function propertyRanges(name: string): H.Ranges {
  for (const source of [`[\\p{Script=${name}}]`, `[\\p{${name}}]`]) {
    try {
      return H.rangesOf(source);
    } catch {
      // not a name this engine knows that way
    }
  }
  return [];
}

function render(items: Item[]): string {
  return items.map((i) => i.text).join('');
}

function setOutside(s: CharSet): string {
  if (s.single) return s.negated ? s.body.replace('\\p{', '\\P{') : s.body;
  return `[${s.negated ? '^' : ''}${s.body}]`;
}

function translate(pattern: string): Translation {
  return new Translator(pattern).run();
}
