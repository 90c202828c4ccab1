// Text as Codex (a Rust program) measures and cleans it: whitespace is Unicode White_Space (Rust's
// `char::is_whitespace`, which — unlike JavaScript's `trim` — does NOT count U+FEFF, so a BOM survives a trim:
// case e04), lengths are counted in Unicode scalar values (Rust `chars()`, not UTF-16 units: cases c03, d03),
// sizes in UTF-8 bytes (the token estimate, RULES §9) and names are sorted by their UTF-8 bytes (case g01).

/** Rust's `char::is_whitespace`: the Unicode White_Space property. */
const WS = '\\t\\n\\v\\f\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
const LEADING = new RegExp(`^[${WS}]+`, 'u');
const TRAILING = new RegExp(`[${WS}]+$`, 'u');
const RUNS = new RegExp(`[${WS}]+`, 'gu');

/** Rust's `str::trim`. */
export function rustTrim(s: string): string {
  return s.replace(LEADING, '').replace(TRAILING, '');
}

/** `s.split_whitespace().collect::<Vec<_>>().join(" ")`: trimmed, every whitespace run one space (cases c02, d02). */
export function collapseWhitespace(s: string): string {
  return rustTrim(s).replace(RUNS, ' ');
}

/** Length in Unicode scalar values. */
export function charCount(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/** The first `n` Unicode scalar values of `s`. */
export function firstChars(s: string, n: number): string {
  let out = '';
  let i = 0;
  for (const c of s) {
    if (i++ >= n) break;
    out += c;
  }
  return out;
}

/** UTF-8 length. */
export function utf8Bytes(s: string): number {
  return Buffer.byteLength(s, 'utf8');
}

/** Rust's `str` ordering: by UTF-8 bytes (digits, upper case, `_`, lower case, non-ASCII: case g01). */
export function compareBytes(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

/** 1-based line and column (in characters) of a UTF-16 offset, as libyaml's marks print them. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, Math.min(offset, text.length)));
  const nl = before.lastIndexOf('\n');
  let line = 1;
  for (let i = before.indexOf('\n'); i !== -1; i = before.indexOf('\n', i + 1)) line++;
  return { line, column: charCount(before.slice(nl + 1)) + 1 };
}
