// Where the cursor stands in the frontmatter, read from the TEXT line by line rather than the YAML tree:
// while the author types, the frontmatter is usually not valid YAML (`requires:\n  mo` is a syntax error),
// yet the indentation already says where the cursor is.

import { splitSkill } from '../skill/frontmatter';

interface YamlLine {
  /** Offset of the line's first character, and of its end (before the line break). */
  start: number;
  end: number;
  raw: string;
  indent: number;
  /** Nothing but whitespace or a comment. */
  blank: boolean;
  /** `- …` */
  item: boolean;
  /** `key: …` (after `- ` for items). */
  key?: string;
  /** The key's inline value, comment stripped and trimmed ('' when the value follows on later lines). */
  value?: string;
  /** An item's scalar text (no key), unquoted. */
  itemValue?: string;
}

const KEY_LINE = /^("(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|[^\s'"#[\]{},:][^:]*?)\s*:(?:\s+(.*)|$)/;

/** The text before a ` #` comment (quotes respected). */
function stripComment(s: string): string {
  let quote = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '#' && (i === 0 || s[i - 1] === ' ' || s[i - 1] === '\t')) return s.slice(0, i);
  }
  return s;
}

function unquote(s: string): string {
  const t = s.trim();
  if (t.length >= 2 && ((t.startsWith('"') && t.endsWith('"')) || (t.startsWith("'") && t.endsWith("'")))) return t.slice(1, -1);
  return t;
}

function parseLine(raw: string, start: number): YamlLine {
  let indent = 0;
  while (raw[indent] === ' ') indent++;
  const body = stripComment(raw.slice(indent)).trimEnd();
  const line: YamlLine = { start, end: start + raw.length, raw, indent, blank: body === '', item: false };
  if (line.blank) return line;
  let rest = body;
  if (body === '-' || body.startsWith('- ')) {
    line.item = true;
    rest = body.slice(1).trimStart();
  }
  const m = KEY_LINE.exec(rest);
  if (m && m[1] !== undefined) {
    line.key = unquote(m[1]);
    line.value = (m[2] ?? '').trim();
  } else if (line.item) {
    line.itemValue = unquote(rest);
  }
  return line;
}

export function frontmatterLines(text: string, from: number, to: number): YamlLine[] {
  const lines: YamlLine[] = [];
  let s = from;
  while (s < to) {
    let e = text.indexOf('\n', s);
    if (e === -1 || e > to) e = to;
    const raw = text.slice(s, e).replace(/\r$/, '');
    lines.push(parseLine(raw, s));
    s = e + 1;
  }
  return lines;
}

interface Ancestry {
  /** Keys from the root to the map (or list) the line belongs to. */
  path: string[];
  /** Index of the parent key's line, -1 at the top level. */
  parent: number;
}

/** The keys enclosing line `k` (indent `indent`, a list item or not), from the indentation of the lines
 *  above; null where the structure is not one completion understands (lists of maps, text continuations). */
function ancestry(lines: readonly YamlLine[], k: number, indent: number, isItem: boolean): Ancestry | null {
  const path: string[] = [];
  let cur = indent;
  let item = isItem;
  let parent = -1;
  for (let j = k - 1; j >= 0 && (cur > 0 || item); j--) {
    const l = lines[j];
    if (!l || l.blank || l.indent > cur) continue;
    // A list may sit at its key's own indentation (`bins:\n- ffmpeg`).
    if (l.indent === cur && !(item && !l.item && l.key !== undefined && l.value === '')) continue;
    if (l.item || l.key === undefined || l.value !== '') return null;
    if (parent === -1) parent = j;
    path.unshift(l.key);
    cur = l.indent;
    item = false;
  }
  if (cur > 0 || item) return null;
  return { path, parent };
}

/** Lines [from, to) of the block under the parent line (the whole frontmatter for the top level). */
function blockOf(lines: readonly YamlLine[], parent: number): [number, number] {
  if (parent < 0) return [0, lines.length];
  const pIndent = lines[parent]?.indent ?? 0;
  let end = parent + 1;
  while (end < lines.length) {
    const l = lines[end];
    if (l && !l.blank && l.indent <= pIndent && !(l.item && l.indent === pIndent)) break;
    end++;
  }
  return [parent + 1, end];
}

export type CursorContext =
  /** The whole document is blank. */
  | { kind: 'blank' }
  /** Typing a key of the map at `path`. */
  | { kind: 'key'; path: string[]; start: number; replaceEnd: number; present: string[]; colonFollows: boolean }
  /** Typing the scalar value of the key at `path`. */
  | { kind: 'value'; path: string[]; start: number; replaceEnd: number; needsSpace: boolean }
  /** Typing an entry of the list at `path` (block `- x` or flow `[a, x`). */
  | { kind: 'item'; path: string[]; start: number; replaceEnd: number; present: string[] };

/** Where `offset` stands in the frontmatter of `text` (null outside it, in comments, or where unsure). */
export function cursorContext(text: string, offset: number): CursorContext | null {
  const split = splitSkill(text, text.charCodeAt(0) === 0xfeff ? 1 : 0);
  if (split.state === 'blank') return { kind: 'blank' };
  const fm = split.frontmatter;
  if (!fm || offset < fm.yamlStart || offset >= fm.yamlEnd) return null;
  const lines = frontmatterLines(text, fm.yamlStart, fm.yamlEnd);
  const k = lines.findIndex((l) => offset >= l.start && offset <= l.end);
  const line = lines[k];
  if (!line) return null;
  const col = offset - line.start;
  const before = line.raw.slice(0, col);
  if (stripComment(before) !== before) return null;
  const after = line.raw.slice(col);
  const wordAfter = /^[^\s:,\]"'#]*/.exec(after)?.[0].length ?? 0;
  let indent = 0;
  while (before[indent] === ' ') indent++;
  const body = before.slice(indent);

  // `- entry` of a block list.
  if (body.startsWith('- ')) {
    const inner = body.slice(2).trimStart();
    if (inner.includes(':') || inner.startsWith('[') || inner.startsWith('{')) return null;
    const anc = ancestry(lines, k, indent, true);
    if (!anc) return null;
    const prefix = inner.replace(/^["']/, '');
    const [from, to] = blockOf(lines, anc.parent);
    const present: string[] = [];
    for (let j = from; j < to; j++) {
      const l = lines[j];
      if (j !== k && l?.item && l.indent === indent && l.itemValue !== undefined) present.push(l.itemValue);
    }
    return { kind: 'item', path: anc.path, start: offset - prefix.length, replaceEnd: offset + wordAfter, present };
  }

  const m = KEY_LINE.exec(body);
  if (m && m[1] !== undefined) {
    const anc = ancestry(lines, k, indent, false);
    if (!anc) return null;
    const path = [...anc.path, unquote(m[1])];
    const valueText = m[2] ?? '';
    const lead = valueText.length - valueText.trimStart().length;
    const value = valueText.trimStart();
    if (value.startsWith('[')) return flowListContext(line, col, indent + m[0].length - value.length, path, offset, wordAfter);
    if (/^[{|>&*!]/.test(value)) return null;
    const prefix = value.replace(/^["']/, '');
    return { kind: 'value', path, start: offset - prefix.length, replaceEnd: offset + wordAfter, needsSpace: m[2] === undefined && lead === 0 };
  }

  // A key being typed (nothing but key characters so far).
  if (!/^[^\s:#'"[\]{},]*$/.test(body)) return null;
  const anc = ancestry(lines, k, indent, false);
  if (!anc) return null;
  const [from, to] = blockOf(lines, anc.parent);
  const present: string[] = [];
  for (let j = from; j < to; j++) {
    const l = lines[j];
    if (j !== k && l && !l.item && l.indent === indent && l.key !== undefined) present.push(l.key);
  }
  return {
    kind: 'key',
    path: anc.path,
    start: offset - body.length,
    replaceEnd: offset + wordAfter,
    present,
    colonFollows: /^[^\s:]*\s*:/.test(after),
  };
}

/** Inside `key: [a, b, |`: the entry being typed and the others. `open` is the column of `[`. */
function flowListContext(line: YamlLine, col: number, open: number, path: string[], offset: number, wordAfter: number): CursorContext | null {
  const raw = line.raw;
  const segments: Array<{ from: number; to: number }> = [];
  let quote = '';
  let segStart = open + 1;
  let close = -1;
  for (let i = open + 1; i < raw.length; i++) {
    const c = raw[i];
    if (quote) {
      if (c === quote) quote = '';
      continue;
    }
    if (c === '"' || c === "'") quote = c;
    else if (c === '[' || c === '{')
      return null; // nested collections: not ours
    else if (c === ',' || c === ']') {
      segments.push({ from: segStart, to: i });
      segStart = i + 1;
      if (c === ']') {
        close = i;
        break;
      }
    }
  }
  if (close === -1) segments.push({ from: segStart, to: raw.length });
  if (close !== -1 && col > close) return null;
  const current = segments.find((s) => col >= s.from && col <= s.to);
  if (!current) return null;
  const typed = raw.slice(current.from, col).trimStart().replace(/^["']/, '');
  const present = segments
    .filter((s) => s !== current)
    .map((s) => unquote(stripComment(raw.slice(s.from, s.to))))
    .filter((v) => v !== '');
  return { kind: 'item', path, start: offset - typed.length, replaceEnd: offset + wordAfter, present };
}
