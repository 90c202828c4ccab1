// Splitting SKILL.md into frontmatter and body exactly as nexo-rs does (runtime-semantics §1, steps 1–4):
// - the whole file, trimmed (Rust `str::trim`), blank → not loaded;
// - the trimmed text must START with `---`, else there is no frontmatter and the whole file is body;
// - the opening line runs to the first `\n`; when the trimmed text has NO `\n` at all (`--- x`, a lone `---`,
//   a file with lone-CR line ends) the body is EMPTY and the skill is not loaded (`skills.rs:688`);
// - the block ends at the first LATER line (lines split on `\n`, a trailing `\r` dropped, as Rust's
//   `str::lines`) whose trimmed text is `---`; never closed → the whole file is body, metadata empty;
// - the body after the closing line is trimmed; empty → not loaded.
// All positions are offsets into the original text, so findings map back to the file as the editor shows it.

import { isRustWhitespace, rustTrimBounds } from './text';

export interface FrontmatterBlock {
  /** Offsets of the opening `---` line (from the `-` to the end of that line, before its break). */
  openStart: number;
  openEnd: number;
  /** Offsets of the YAML text between the fences. */
  yamlStart: number;
  yamlEnd: number;
  /** Offsets of the closing line's trimmed `---`. */
  closeStart: number;
  closeEnd: number;
}

export type SplitState = 'blank' | 'ok' | 'missing' | 'unclosed' | 'single-line';

export interface SplitResult {
  state: SplitState;
  frontmatter: FrontmatterBlock | null;
  /** Trimmed body bounds in the original text (for `missing`/`unclosed`: the whole trimmed file). */
  bodyStart: number;
  bodyEnd: number;
  /** Extra text after `---` on the opening line (e.g. `---yaml`), which the runtime silently drops. */
  openTrailing: [number, number] | null;
}

/** Split `text` from offset `from` (1 to look past a BOM for the author's view; 0 for the runtime's). */
export function splitSkill(text: string, from = 0): SplitResult {
  const [tStart, tEnd] = rustTrimBounds(text, from, text.length);
  if (tStart >= tEnd) {
    return { state: 'blank', frontmatter: null, bodyStart: tStart, bodyEnd: tStart, openTrailing: null };
  }
  const whole = { frontmatter: null, bodyStart: tStart, bodyEnd: tEnd, openTrailing: null };
  if (!text.startsWith('---', tStart)) return { state: 'missing', ...whole };

  // The opening line runs to the first `\n` of the trimmed text.
  const firstNl = text.indexOf('\n', tStart);
  let openLineEnd = firstNl === -1 || firstNl >= tEnd ? tEnd : firstNl;
  if (openLineEnd > tStart && text.charCodeAt(openLineEnd - 1) === 13) openLineEnd--;
  const [trailStart, trailEnd] = rustTrimBounds(text, tStart + 3, openLineEnd);
  const openTrailing: [number, number] | null = trailStart < trailEnd ? [trailStart, trailEnd] : null;
  // No line break after the opening `---`: nexo-rs takes no metadata and an EMPTY body (not "the whole file").
  if (firstNl === -1 || firstNl >= tEnd) return { state: 'single-line', frontmatter: null, bodyStart: tStart, bodyEnd: tStart, openTrailing };

  // Later lines, within the trimmed text: the first whose trimmed content is exactly `---` closes.
  const yamlStart = firstNl + 1;
  let lineStart = yamlStart;
  while (lineStart <= tEnd) {
    const nl = text.indexOf('\n', lineStart);
    const lineEnd = nl === -1 || nl > tEnd ? tEnd : nl;
    const [s, e] = rustTrimBounds(text, lineStart, lineEnd);
    if (e - s === 3 && text.startsWith('---', s)) {
      const [bodyStart, bodyEnd] = rustTrimBounds(text, lineEnd, tEnd);
      return {
        state: 'ok',
        frontmatter: { openStart: tStart, openEnd: openLineEnd, yamlStart, yamlEnd: lineStart, closeStart: s, closeEnd: e },
        bodyStart,
        bodyEnd: Math.max(bodyStart, bodyEnd),
        openTrailing,
      };
    }
    if (nl === -1 || nl >= tEnd) break;
    lineStart = nl + 1;
  }
  return { state: 'unclosed', ...whole, openTrailing };
}

/** True when the text uses lone CR line ends somewhere (the runtime does not treat them as line breaks). */
export function hasLoneCR(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    if (text.charCodeAt(i) === 13 && text.charCodeAt(i + 1) !== 10) return true;
  }
  return false;
}

export { isRustWhitespace };
