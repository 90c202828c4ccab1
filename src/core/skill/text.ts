// Offset ↔ position arithmetic over the ORIGINAL file text. Every finding is computed as offsets first and
// converted here, so CRLF files and files with a BOM map to the same line/column an editor shows.

import type { Diagnostic, DiagnosticData, Severity } from '../types';

export class LineIndex {
  /** Offsets at which each line starts. A line break is `\n`, `\r\n` or a lone `\r` (as editors count). */
  private readonly starts: number[];

  constructor(readonly text: string) {
    const starts = [0];
    if (text.indexOf('\r') < 0) {
      // Nearly every file: only `\n` ends lines, found with indexOf rather than looked at one by one.
      for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
    } else
      for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        if (c === 10) starts.push(i + 1);
        else if (c === 13) {
          if (text.charCodeAt(i + 1) === 10) i++;
          starts.push(i + 1);
        }
      }
    this.starts = starts;
  }

  get lineCount(): number {
    return this.starts.length;
  }

  /** 1-based line and column of an offset (clamped into the text). */
  position(offset: number): { line: number; column: number } {
    const o = Math.max(0, Math.min(offset, this.text.length));
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.starts[mid] ?? 0) <= o) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: o - (this.starts[lo] ?? 0) + 1 };
  }

  /** The offset of 1-based line and column (clamped into the line). */
  offset(line: number, column: number): number {
    const start = this.starts[Math.max(0, Math.min(line, this.starts.length) - 1)] ?? 0;
    return Math.min(start + Math.max(0, column - 1), this.lineEnd(start));
  }

  /** Offset of the end of the line holding `offset`, before its line break. */
  lineEnd(offset: number): number {
    let i = Math.max(0, Math.min(offset, this.text.length));
    while (i < this.text.length) {
      const c = this.text.charCodeAt(i);
      if (c === 10 || c === 13) break;
      i++;
    }
    return i;
  }
}

export interface DiagnosticInit {
  code: string;
  severity: Severity;
  message: string;
  start: number;
  end: number;
  data?: DiagnosticData;
  unnecessary?: boolean;
}

export function makeDiagnostic(index: LineIndex, init: DiagnosticInit): Diagnostic {
  const start = Math.max(0, Math.min(init.start, index.text.length));
  const end = Math.max(start, Math.min(init.end, index.text.length));
  const s = index.position(start);
  const e = index.position(end);
  const d: Diagnostic = {
    code: init.code,
    severity: init.severity,
    message: init.message,
    line: s.line,
    column: s.column,
    endLine: e.line,
    endColumn: e.column,
    start,
    end,
  };
  if (init.data !== undefined) d.data = init.data;
  if (init.unnecessary) d.unnecessary = true;
  return d;
}

/** Rust's `char::is_whitespace` (Unicode White_Space), which `str::trim` uses. U+FEFF is NOT whitespace,
 *  which is why a BOM hides the frontmatter from the runtime. */
export function isRustWhitespace(code: number): boolean {
  return (
    (code >= 0x09 && code <= 0x0d) ||
    code === 0x20 ||
    code === 0x85 ||
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000
  );
}

/** Offsets [start, end) of `text.slice(from, to)` trimmed the way Rust's `str::trim` does. */
export function rustTrimBounds(text: string, from = 0, to = text.length): [number, number] {
  let s = from;
  let e = to;
  while (s < e && isRustWhitespace(text.charCodeAt(s))) s++;
  while (e > s && isRustWhitespace(text.charCodeAt(e - 1))) e--;
  return [s, e];
}

export function rustTrim(text: string): string {
  const [s, e] = rustTrimBounds(text);
  return text.slice(s, e);
}

/** Rust's `str::trim_end`. */
export function rustTrimEnd(text: string): string {
  let e = text.length;
  while (e > 0 && isRustWhitespace(text.charCodeAt(e - 1))) e--;
  return text.slice(0, e);
}

/** Short, printable rendering of user text inside a message (never raw control characters). */
export function quoteForMessage(value: string, max = 60): string {
  let v = value.replace(/[\u0000-\u001f\u007f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
  if (v.length > max) v = `${v.slice(0, max - 1)}…`;
  return `\`${v}\``;
}

/**
 * Editors show lone CR line ends as their end-of-line sequence, but the runtime sees no line break there
 * (often no frontmatter at all). When `disk` (the file's text) has lone CRs and `shown` is exactly `disk`
 * with every line end replaced by one sequence (`\r\n` or `\n`), returns that sequence and a map from
 * offsets in `disk` to the same places in `shown`; otherwise undefined (the texts agree, or the shown text
 * was edited, or the file changed since).
 */
export function loneCrShown(disk: string, shown: string): { eol: string; toShown: (offset: number) => number } | undefined {
  if (disk === shown || !/\r(?!\n)/.test(disk)) return undefined;
  for (const eol of ['\r\n', '\n']) {
    if (disk.replace(/\r\n|\r|\n/g, eol) === shown) return { eol, toShown: eolShift(disk, eol) };
  }
  return undefined;
}

/** Maps an offset in `text` to the same place once each of its line ends is replaced by `eol`. */
function eolShift(text: string, eol: string): (offset: number) => number {
  const at: number[] = []; // offsets in `text` just past a line end whose length changes
  const delta: number[] = []; // the running difference after it
  let total = 0;
  for (const m of text.matchAll(/\r\n|\r|\n/g)) {
    if (m[0].length === eol.length) continue;
    total += eol.length - m[0].length;
    at.push((m.index ?? 0) + m[0].length);
    delta.push(total);
  }
  return (offset) => {
    let lo = 0;
    let hi = at.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((at[mid] as number) <= offset) lo = mid + 1;
      else hi = mid;
    }
    return offset + (lo === 0 ? 0 : (delta[lo - 1] as number));
  };
}

/** Moves a diagnostic's offsets (and its fix's replace range) with `move`. */
export function moveDiagnostic(d: Diagnostic, move: (offset: number) => number): void {
  d.start = move(d.start);
  d.end = move(d.end);
  for (const key of ['replaceStart', 'replaceEnd'] as const) {
    const at = d.data?.[key];
    if (typeof at === 'number' && d.data) d.data[key] = move(at);
  }
}
