// How Hermes turns SKILL.md bytes into a frontmatter dict (agent/skill_utils.py `parse_frontmatter`,
// SU:123-157, and the `read_text(encoding="utf-8")` calls in front of it).
//
// - The file is decoded as strict UTF-8 with universal newlines (CRLF and lone CR become LF). A file that
//   is not UTF-8 raises UnicodeDecodeError, whose exact message skill_view prints.
// - At 306e2d23 a BOM is NOT removed, so `\uFEFF---` does not start with `---`: no frontmatter. From
//   780e0980 on, `parse_frontmatter` drops one leading U+FEFF first (SU:142-144 at 780e0980); the text keeps
//   it (skill_view returns it whole), so the fences and the YAML sit one character later in the text.
// - The frontmatter runs from the `---` at offset 0 to the first `\n---` followed by optional whitespace
//   and a newline; the YAML between is loaded with PyYAML (yaml11.ts). A non-mapping result means `{}`;
//   a YAML error switches to a line splitter whose values stay raw strings.

import { isMap, isPair, isScalar, type Node } from 'yaml';
import { cpHead, PyDict, pyStrip, type PyValue } from './pyvalue';
import { HERMES_BASELINE, stripsLeadingBom, type HermesVersion } from './versions';
import { loadYaml11 } from './yaml11';

/** Largest SKILL.md we read. Hermes reads any size; past this we report instead of reading. */
export const MAX_FILE_BYTES = 16 * 1024 * 1024;

export type Decoded = { ok: true; text: string } | { ok: false; error: string };

/** `bytes.decode("utf-8")` with Python's error message for the first invalid sequence, e.g.
 *  `'utf-8' codec can't decode byte 0xe9 in position 38: invalid continuation byte`. */
export function decodeUtf8(buf: Uint8Array): Decoded {
  try {
    return { ok: true, text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(buf) };
  } catch {
    return { ok: false, error: utf8ErrorMessage(buf) };
  }
}

function utf8ErrorMessage(buf: Uint8Array): string {
  let i = 0;
  while (i < buf.length) {
    const b = buf[i] ?? 0;
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let lo = 0x80;
    let hi = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) need = 1;
    else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      if (b === 0xe0) lo = 0xa0;
      if (b === 0xed) hi = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      if (b === 0xf0) lo = 0x90;
      if (b === 0xf4) hi = 0x8f;
    } else return pyDecodeError(buf, i, i + 1, 'invalid start byte');
    let j = 1;
    for (; j <= need; j++) {
      if (i + j >= buf.length) return pyDecodeError(buf, i, i + j, 'unexpected end of data');
      const c = buf[i + j] ?? 0;
      const first = j === 1;
      if (c < (first ? lo : 0x80) || c > (first ? hi : 0xbf)) return pyDecodeError(buf, i, i + j, 'invalid continuation byte');
    }
    i += need + 1;
  }
  return `'utf-8' codec can't decode bytes: invalid data`;
}

function pyDecodeError(buf: Uint8Array, start: number, end: number, reason: string): string {
  if (end - start === 1) return `'utf-8' codec can't decode byte 0x${(buf[start] ?? 0).toString(16).padStart(2, '0')} in position ${start}: ${reason}`;
  return `'utf-8' codec can't decode bytes in position ${start}-${end - 1}: ${reason}`;
}

/** Python's universal newlines on read: `\r\n` and a lone `\r` become `\n`. Line numbers are unchanged
 *  (each break stays one break), so a position in this text maps to the same line in the file. */
export function universalNewlines(text: string): string {
  return text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text;
}

/** Python's `\s` in a str pattern (the characters `str.isspace()` accepts). */
const PY_WS = '\\t\\n\\v\\f\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
const CLOSING_FENCE = new RegExp(`\\n---[${PY_WS}]*\\n`);

export type FrontmatterKind =
  /** No `---` at offset 0 (or a BOM / blank line / indentation before it). */
  | 'none'
  /** An opening `---` but no closing fence that Hermes accepts: the whole file is body. */
  | 'unclosed'
  /** The YAML loaded to a mapping. */
  | 'yaml'
  /** The YAML loaded to something else (a list, a scalar, nothing): ignored, no fallback. */
  | 'not-mapping'
  /** The YAML raised; the line splitter produced the fields. */
  | 'fallback';

export interface Frontmatter {
  kind: FrontmatterKind;
  /** The frontmatter dict Hermes works with (empty for none/unclosed/not-mapping). */
  fields: PyDict;
  /** The text after the frontmatter (the whole text when there is none). */
  body: string;
  /** The YAML text Hermes loads (between the fences), and its offset in the text (3, or 4 after a BOM that
   *  the version strips). */
  yaml: string;
  yamlStart: number;
  /** For a fallback: why PyYAML failed, and where (offset in the text). */
  yamlError?: { message: string; offset: number };
  /** Where the keys are, when the YAML loaded (a mapping or not: `[]` for a document that is no mapping),
   *  else null (the fallback's positions come from its lines). Only this is kept of the parsed document,
   *  which is many times larger. */
  layout: KeyLayout | null;
}

/** One mapping of a loaded frontmatter, as a finding's position needs it: per key written as a scalar (its
 *  source text), in the order written, the offsets in the text of the key and of the value (the key's when
 *  the value is empty), and the mapping the value is, if it is one (an alias is not followed). */
export type KeyLayout = KeyLayoutItem[];

export interface KeyLayoutItem {
  key: string;
  keyRange: [number, number] | null;
  valueRange: [number, number] | null;
  value: KeyLayout | null;
}

function layoutOf(map: unknown, toText: (offset: number) => number): KeyLayout {
  const out: KeyLayout = [];
  if (!isMap(map)) return out;
  const range = (n: Node | null | undefined): [number, number] | null => {
    const r = n?.range;
    return r ? [toText(r[0]), toText(r[1])] : null;
  };
  for (const p of map.items) {
    if (!isPair(p) || !isScalar(p.key)) continue;
    const k = p.key as Node & { source?: unknown; value?: unknown };
    const value = (p.value as Node | null) ?? null;
    out.push({
      key: String(k.source ?? k.value),
      keyRange: range(k),
      valueRange: range(value ?? k),
      value: isMap(value) ? layoutOf(value, toText) : null,
    });
  }
  return out;
}

/** What loading a frontmatter's YAML gave: the value and where its keys are, or PyYAML's failure (offset in
 *  the YAML text). All that `parseFrontmatter` takes from the parse; the rest is cheap slicing of the text,
 *  so this is what the read cache (readCache.ts) keeps per file. */
export type YamlOutcome = { ok: true; value: PyValue; layout: KeyLayout } | { ok: false; message: string; offset: number };

/** Loads a frontmatter's YAML (the text between the fences), which starts at offset `start` of the file: 3,
 *  or 4 after a BOM the version strips. The layout's offsets are in the file's text. */
export function loadFrontmatterYaml(yaml: string, start = 3): YamlOutcome {
  const loaded = loadYaml11(yaml);
  if (!loaded.ok) return { ok: false, message: loaded.message, offset: loaded.offset };
  return { ok: true, value: loaded.value, layout: layoutOf(loaded.doc.contents, (o) => start + loaded.toSource(o)) };
}

/** `parse_frontmatter(content)` exactly as at the Hermes commit `version` (default the baseline 306e2d23).
 *  `load` gives the outcome of loading the YAML block that starts at `start` in the text (the read cache
 *  passes one it stored for the same text and version). */
export function parseFrontmatter(
  content: string,
  version: HermesVersion = HERMES_BASELINE,
  load: (yaml: string, start: number) => YamlOutcome = loadFrontmatterYaml,
): Frontmatter {
  // From 780e0980: `if content.startswith("\ufeff"): content = content[1:]` before anything else
  // (agent/skill_utils.py `parse_frontmatter`, SU:142-144 at 780e0980). Only one BOM, only at the start.
  const lead = stripsLeadingBom(version) && content.startsWith('\uFEFF') ? 1 : 0;
  const none = (kind: FrontmatterKind): Frontmatter => ({
    kind,
    fields: new PyDict(),
    body: lead ? content.slice(lead) : content,
    yaml: '',
    yamlStart: 0,
    layout: null,
  });
  if (!content.startsWith('---', lead)) return none('none');
  const start = lead + 3;
  const m = CLOSING_FENCE.exec(content.slice(start));
  if (!m) return none('unclosed');
  const yaml = content.slice(start, m.index + start);
  const body = content.slice(m.index + m[0].length + start);
  const loaded = load(yaml, start);
  if (loaded.ok) {
    const layout = loaded.layout;
    if (loaded.value instanceof PyDict) return { kind: 'yaml', fields: loaded.value, body, yaml, yamlStart: start, layout };
    return { kind: 'not-mapping', fields: new PyDict(), body, yaml, yamlStart: start, layout };
  }
  return {
    kind: 'fallback',
    fields: fallbackFields(yaml),
    body,
    yaml,
    yamlStart: start,
    yamlError: { message: loaded.message, offset: start + loaded.offset },
    layout: null,
  };
}

/** Hermes's fallback for YAML it cannot load: every line of the stripped block that holds a `:` is split
 *  at its first `:`, both sides stripped. Values stay raw strings (quotes, `[linux]` …); lines without a
 *  `:` (list items) are dropped; a repeated key keeps its first position and last value (a dict). */
export function fallbackFields(yaml: string): PyDict {
  const d = new PyDict();
  for (const line of pyStrip(yaml).split('\n')) {
    const at = line.indexOf(':');
    if (at < 0) continue;
    d.set(pyStrip(line.slice(0, at)), pyStrip(line.slice(at + 1)));
  }
  return d;
}

/** skills_list parses only `content[:4000]` (4000 code points), so a frontmatter that closes later is
 *  not seen there (ST:728). */
export function skillsListHead(content: string): string {
  return cpHead(content, 4000);
}
