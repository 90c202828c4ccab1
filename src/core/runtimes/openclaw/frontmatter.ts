// OpenClaw's frontmatter parser (src/markdown/frontmatter.ts at 8f8492d1, RULES.md §3), reproduced value for
// value. The block is parsed twice — by a line-by-line `key: value` reader and by `yaml` with the core schema —
// and the two results are merged. Everything OpenClaw later reads (name, description, metadata,
// disable-model-invocation …) comes out of this one `Record<string, string>`, so getting the merge exactly
// right decides which skills load and which requirements silently vanish.
//
// Plain objects are used on purpose (not null-prototype maps): OpenClaw's own code uses `{}` and the `in`
// operator, so a key such as `toString` or `__proto__` behaves in the emulation as it does in OpenClaw.

import YAML from 'yaml';

export type ParsedFrontmatter = Record<string, string>;

/** One `key: value` line as the line reader saw it. */
export interface LineEntry {
  value: string;
  kind: 'inline' | 'multiline';
  /** The text after `key:` on the key's own line, trimmed (before quote stripping). */
  rawInline: string;
}

interface YamlValue {
  value: string;
  kind: 'scalar' | 'structured';
}

/** Everything the parser decided, for findings (what YAML lost, which source won). */
export interface FrontmatterParse {
  /** False when the text has no frontmatter block OpenClaw accepts (no leading `---`, no closing line). */
  hasBlock: boolean;
  /** The block text (after CRLF normalisation), '' when none. */
  block: string;
  /** The YAML error message when YAML failed and only the line reader's result was used; null otherwise. */
  yamlError: string | null;
  lineEntries: Record<string, LineEntry>;
  /** Keys whose YAML value was structured but whose raw line text won (`metadata: {a: b}` …). */
  lineWon: string[];
  /** Keys YAML dropped (null) that were filled from the line reader (`description: Null` → "Null"). */
  filledFromLines: string[];
  result: ParsedFrontmatter;
}

/** CRLF and lone CR become LF before anything else (markdown/frontmatter.ts). */
export function normalizeNewlines(content: string): string {
  return content.replace(/\r\n/g, '\n').replace(/\r/g, '\n');
}

/** The text between the opening `---` and the first later line starting with `---`. The text must START with
 *  `---` (a BOM or a blank first line means no frontmatter); note the opening line is cut by position (4
 *  characters), exactly as OpenClaw slices it. */
export function extractFrontmatterBlock(content: string): string | undefined {
  const normalized = normalizeNewlines(content);
  if (!normalized.startsWith('---')) return undefined;
  const endIndex = normalized.indexOf('\n---', 3);
  if (endIndex === -1) return undefined;
  return normalized.slice(4, endIndex);
}

function stripQuotes(value: string): string {
  if ((value.startsWith('"') && value.endsWith('"')) || (value.startsWith("'") && value.endsWith("'"))) {
    return value.slice(1, -1);
  }
  return value;
}

function coerceYamlValue(value: unknown): YamlValue | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string') return { value: value.trim(), kind: 'scalar' };
  if (typeof value === 'number' || typeof value === 'boolean') return { value: String(value), kind: 'scalar' };
  if (typeof value === 'object') {
    try {
      return { value: JSON.stringify(value), kind: 'structured' };
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** `yaml` with the core schema, as OpenClaw calls it. `logLevel: 'error'` only keeps `yaml` from printing
 *  warnings to our process; errors still throw, exactly as in `YAML.parse(block, { schema: "core" })`. */
function parseYaml(block: string): { parsed: Record<string, YamlValue> | null; error: string | null } {
  try {
    const parsed = YAML.parse(block, { schema: 'core', logLevel: 'error' }) as unknown;
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
      return { parsed: null, error: 'the frontmatter is not a YAML mapping' };
    }
    const result: Record<string, YamlValue> = {};
    for (const [rawKey, value] of Object.entries(parsed as Record<string, unknown>)) {
      const key = rawKey.trim();
      if (!key) continue;
      const coerced = coerceYamlValue(value);
      if (!coerced) continue;
      result[key] = coerced;
    }
    return { parsed: result, error: null };
  } catch (err) {
    // A stack overflow on absurd nesting lands here too, as it does in OpenClaw's try/catch.
    const message = err instanceof Error ? err.message : String(err);
    return { parsed: null, error: message.split('\n')[0] ?? message };
  }
}

function extractMultiLineValue(lines: string[], startIndex: number): { value: string; linesConsumed: number } {
  const valueLines: string[] = [];
  let i = startIndex + 1;
  while (i < lines.length) {
    const line = lines[i] ?? '';
    if (line.length > 0 && !line.startsWith(' ') && !line.startsWith('\t')) break;
    valueLines.push(line);
    i += 1;
  }
  return { value: valueLines.join('\n').trim(), linesConsumed: i - startIndex };
}

/** The line reader: `key: value` lines with keys of `[A-Za-z0-9_-]`; an empty value followed by indented lines
 *  takes those lines; matching quotes are stripped; empty values are dropped; a repeated key keeps the last. */
export function parseLineFrontmatter(block: string): Record<string, LineEntry> {
  const result: Record<string, LineEntry> = {};
  const lines = block.split('\n');
  let i = 0;
  while (i < lines.length) {
    const match = (lines[i] ?? '').match(/^([\w-]+):\s*(.*)$/);
    if (!match) {
      i += 1;
      continue;
    }
    const key = match[1] ?? '';
    const inlineValue = (match[2] ?? '').trim();
    if (!key) {
      i += 1;
      continue;
    }
    if (!inlineValue && i + 1 < lines.length) {
      const nextLine = lines[i + 1] ?? '';
      if (nextLine.startsWith(' ') || nextLine.startsWith('\t')) {
        const { value, linesConsumed } = extractMultiLineValue(lines, i);
        if (value) result[key] = { value, kind: 'multiline', rawInline: inlineValue };
        i += linesConsumed;
        continue;
      }
    }
    const value = stripQuotes(inlineValue);
    if (value) result[key] = { value, kind: 'inline', rawInline: inlineValue };
    i += 1;
  }
  return result;
}

function isYamlBlockScalarIndicator(value: string): boolean {
  return /^[|>][+-]?(\d+)?[+-]?$/.test(value);
}

/** YAML read `key: a: b` (or a flow mapping) as structure while the author wrote one line of text: OpenClaw
 *  then prefers the raw line text. This is why `metadata: {openclaw: {requires: {bins: [jq]}}}` reaches JSON5 as
 *  text (and fails there: `jq` is not quoted). */
function shouldPreferInlineLineValue(lineEntry: LineEntry, yamlValue: YamlValue): boolean {
  if (yamlValue.kind !== 'structured') return false;
  if (lineEntry.kind !== 'inline') return false;
  if (isYamlBlockScalarIndicator(lineEntry.rawInline)) return false;
  return lineEntry.value.includes(':');
}

export function parseFrontmatterDetailed(content: string): FrontmatterParse {
  const block = extractFrontmatterBlock(content);
  const out: FrontmatterParse = {
    hasBlock: block !== undefined,
    block: block ?? '',
    yamlError: null,
    lineEntries: {},
    lineWon: [],
    filledFromLines: [],
    result: {},
  };
  // An empty block (`---` directly followed by `---`) counts as none, as `if (!block)` does in OpenClaw.
  if (!block) return out;
  const lineParsed = parseLineFrontmatter(block);
  out.lineEntries = lineParsed;
  const yaml = parseYaml(block);
  if (yaml.parsed === null) {
    out.yamlError = yaml.error;
    const plain: ParsedFrontmatter = {};
    for (const [key, entry] of Object.entries(lineParsed)) plain[key] = entry.value;
    out.result = plain;
    return out;
  }
  const merged: ParsedFrontmatter = {};
  for (const [key, yamlValue] of Object.entries(yaml.parsed)) {
    merged[key] = yamlValue.value;
    const lineEntry = lineParsed[key];
    if (!lineEntry) continue;
    if (shouldPreferInlineLineValue(lineEntry, yamlValue)) {
      merged[key] = lineEntry.value;
      out.lineWon.push(key);
    }
  }
  for (const [key, lineEntry] of Object.entries(lineParsed)) {
    if (!(key in merged)) {
      merged[key] = lineEntry.value;
      out.filledFromLines.push(key);
    }
  }
  out.result = merged;
  return out;
}

/** `parseFrontmatter(raw)` of OpenClaw's skill loader. */
export function parseFrontmatter(content: string): ParsedFrontmatter {
  return parseFrontmatterDetailed(content).result;
}
