// OpenClaw's frontmatter parser (src/markdown/frontmatter.ts at 8f8492d1, RULES.md §3), reproduced value for
// value. The block is parsed twice — by a line-by-line `key: value` reader and by `yaml` with the core schema —
// and the two results are merged. Everything OpenClaw later reads (name, description, metadata,
// disable-model-invocation …) comes out of this one `Record<string, string>`, so getting the merge exactly
// right decides which skills load and which requirements silently vanish.
//
// Plain objects are used on purpose (not null-prototype maps): OpenClaw's own code uses `{}` and the `in`
// operator, so a key such as `toString` or `__proto__` behaves in the emulation as it does in OpenClaw.

import YAML, { isAlias, isMap, isNode, isScalar, parseDocument } from 'yaml';
import { has, OPENCLAW_BASELINE, type OpenClawVersion } from './versions';

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
  /** 2026.9.6: what the parser reports (`parseFrontmatterBlockResult().issues`); the skill loader drops a skill
   *  whose frontmatter has any. Always empty for 2026.4.12, whose parser never reports. */
  issues: FrontmatterIssue[];
  /** 2026.9.6: free-text keys whose line was rewritten as a quoted string before YAML read it again
   *  (`description: Use when: asked` → `description: "Use when: asked"`). */
  repaired: string[];
  /** Offset of the block in the normalised text (4.12: always 4, the opening line cut by position; 9.6: after
   *  the opening line and a BOM). */
  blockStart: number;
}

/** A parse before anything is read from the block (`undefined`: the file has none). */
function emptyParse(block: string | undefined, blockStart: number): FrontmatterParse {
  return {
    hasBlock: block !== undefined,
    block: block ?? '',
    yamlError: null,
    lineEntries: {},
    lineWon: [],
    filledFromLines: [],
    result: {},
    issues: [],
    repaired: [],
    blockStart,
  };
}

/** One problem the 2026.9.6 parser reports: a `yaml` error code (or UNTERMINATED_FRONTMATTER, INVALID_ROOT,
 *  YAML_EXCEPTION) and its message. */
export interface FrontmatterIssue {
  code: string;
  message: string;
}

/** CRLF and lone CR become LF before anything else (markdown/frontmatter.ts). */
export function normalizeNewlines(content: string): string {
  return content.replace(/\r\n/g, '\n').replace(/\r/g, '\n');
}

/** The text between the opening `---` and the first later line starting with `---`. The text must START with
 *  `---` (a blank first line means no frontmatter, and so does a BOM before 2026.5.28, which strips it); note
 *  the opening line is cut by position (4 characters), exactly as OpenClaw slices it. */
export function extractFrontmatterBlock(content: string, stripBom = false): string | undefined {
  const normalized = normalizeNewlines(stripBom ? content.replace(/^\uFEFF/, '') : content);
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

/**
 * The parse of `content` as `version` does it. The parser went through five forms:
 *  - up to 2026.5.27 the one above (4.12's), from 2026.5.28 with a leading BOM stripped first;
 *  - 2026.6.35–7.35: the opening and closing lines must be `---` plus blanks (a `----` line closes nothing), and a
 *    key of the line reader fills in only where YAML has no own key of that name (`Object.hasOwn`);
 *  - from 2026.8.1 YAML errors are issues, and the skill loader drops a file with any (8.1 repairs only an
 *    unquoted `: ` in `description`; from 8.2 in the free-text field YAML choked on, up to three times).
 */
export function parseFrontmatterDetailed(content: string, version: OpenClawVersion = OPENCLAW_BASELINE): FrontmatterParse {
  if (has(version, 'frontmatter-issues')) return parseFrontmatterDetailed96(content, has(version, 'freeform-repair-at-error') ? 'p4' : 'p3');
  if (has(version, 'strict-closing-fence')) return parseFrontmatterCached(content, 'p2', () => parseFrontmatterLenient(content, 'p2'));
  return parseFrontmatterLenient(content, has(version, 'bom-stripped') ? 'p1' : 'p0');
}

/** The parsers before 2026.8.1, which never report: a YAML error falls back to the line reader alone. */
function parseFrontmatterLenient(content: string, epoch: 'p0' | 'p1' | 'p2'): FrontmatterParse {
  let block: string | undefined;
  let blockStart = 4;
  if (epoch === 'p2') {
    const extracted = extractBlock96(normalizeFrontmatterContent96(content));
    block = extracted?.block;
    blockStart = extracted?.start ?? 0;
  } else block = extractFrontmatterBlock(content, epoch === 'p1');
  const out = emptyParse(block, blockStart);
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
    if (epoch === 'p2' ? !Object.hasOwn(merged, key) : !(key in merged)) {
      merged[key] = lineEntry.value;
      out.filledFromLines.push(key);
    }
  }
  out.result = merged;
  return out;
}

/** `parseFrontmatter(raw)` of OpenClaw's skill loader (2026.4.12); for 2026.9.6 `parseFrontmatterBlock`, the
 *  values whatever the issues (the skill loader itself refuses a file with issues: `parseSkillFrontmatter`). */
export function parseFrontmatter(content: string, version: OpenClawVersion = OPENCLAW_BASELINE): ParsedFrontmatter {
  return parseFrontmatterDetailed(content, version).result;
}

/** Thrown by `parseSkillFrontmatter` for a frontmatter the 2026.9.6 skill loader refuses. */
export class InvalidFrontmatterError extends Error {}

/** The skill loader's parse. 2026.4.12 never fails (a YAML error falls back to the line reader); 2026.9.6
 *  (`parseSkillFrontmatter`, src/skills/loading/frontmatter.ts, chunk `frontmatter-2H_F0IFB.mjs`) throws
 *  `invalid frontmatter: <code>: <message>` for the first issue, and the loader drops the skill with that
 *  warning. */
export function parseSkillFrontmatter(content: string, version: OpenClawVersion = OPENCLAW_BASELINE): ParsedFrontmatter {
  const parsed = parseFrontmatterDetailed(content, version);
  const issue = parsed.issues[0];
  if (issue) throw new InvalidFrontmatterError(`invalid frontmatter: ${issue.code}: ${issue.message}`);
  return parsed.result;
}

// --- 2026.9.6: packages/markdown-core/src/frontmatter.ts (chunk `frontmatter-BdjKgRi1.mjs`) ---
//
// What changed from 2026.4.12, each observed running the release's own `parseFrontmatterBlockResult`:
//  - a leading BOM is stripped (`normalizeFrontmatterContent`), so a BOM no longer hides the frontmatter;
//  - the opening line must be `---` plus optional blanks, the closing one `---` plus optional blanks (a `----`
//    line closes nothing: UNTERMINATED_FRONTMATTER);
//  - YAML is read with `parseDocument`; any error (duplicate key, bad indentation …) is an issue instead of a
//    quiet fall-back to the line reader — except that an unquoted `: ` in a top-level `description` (or
//    `read_when` / `summary` when YAML says BLOCK_AS_IMPLICIT_KEY) is repaired by quoting the line and parsing
//    again (`normalizeFreeformFieldAtError`), so block metadata after such a description is read;
//  - a structured YAML value gives way to the line reader's text only when the key's own line has a `:` after
//    `key:` (`inlineColonKeys`), and only own keys count (`Object.hasOwn`).

const FRONTMATTER_OPENING_DELIMITER = /^---[^\S\n]*\n/;
const FRONTMATTER_CLOSING_DELIMITER = /(?:^|\n)---[^\S\n]*(?:\n|(?![\s\S]))/;
const FREEFORM_TEXT_FIELDS = new Set(['description', 'read_when', 'summary']);

/** `normalizeFrontmatterContent`: the BOM stripped, CRLF and lone CR made LF. */
export function normalizeFrontmatterContent96(content: string): string {
  return content
    .replace(/^\uFEFF/, '')
    .replace(/\r\n/g, '\n')
    .replace(/\r/g, '\n');
}

/** `extractFrontmatterBlockFromNormalized`: the block and where it starts, undefined without both delimiters. */
function extractBlock96(normalized: string): { block: string; start: number } | undefined {
  const opening = FRONTMATTER_OPENING_DELIMITER.exec(normalized);
  if (!opening) return undefined;
  const start = opening[0].length;
  const tail = normalized.slice(start);
  const closing = FRONTMATTER_CLOSING_DELIMITER.exec(tail);
  if (!closing) return undefined;
  return { block: tail.slice(0, closing.index), start };
}

function stripQuotes96(value: string): string {
  const quote = value.at(0);
  return (quote === '"' || quote === "'") && value.at(-1) === quote ? value.slice(1, -1) : value;
}

/** `normalizeFreeformFieldAtError`: the block with the free-text line YAML choked on rewritten as a JSON
 *  string (and that line's key), or the block unchanged when that rule does not apply. */
function normalizeFreeformFieldAtError(block: string): { block: string; key?: string } {
  const unchanged = { block };
  const doc = parseDocument(block, { schema: 'core', prettyErrors: false });
  if (!isMap(doc.contents)) return unchanged;
  const items = doc.contents.items;
  const error = doc.errors.find((candidate) => candidate.pos?.[0] !== undefined);
  const descriptionAlias = items.find((candidate) => isScalar(candidate.key) && candidate.key.value === 'description' && isAlias(candidate.value));
  const aliasKey = descriptionAlias?.key;
  const pos = error?.pos?.[0] ?? (isNode(aliasKey) ? aliasKey.range?.[0] : undefined);
  if (pos === undefined) return unchanged;
  const lineStart = block.lastIndexOf('\n', pos) + 1;
  const lineEnd = block.indexOf('\n', pos);
  const end = lineEnd === -1 ? block.length : lineEnd;
  const match = block.slice(lineStart, end).match(/^(?:([\w-]+)|"([\w-]+)"|'([\w-]+)'):\s*(.*)$/);
  const keyName = match?.[1] ?? match?.[2] ?? match?.[3];
  const rawValue = match?.[4]?.trim();
  const isTopLevelField = items.some((pair) => isScalar(pair.key) && pair.key.value === keyName && pair.key.range?.[0] === lineStart);
  const recoverColonRichText = error?.code === 'BLOCK_AS_IMPLICIT_KEY' && rawValue?.includes(': ');
  if (
    !keyName ||
    !rawValue ||
    !FREEFORM_TEXT_FIELDS.has(keyName) ||
    !isTopLevelField ||
    (keyName !== 'description' && !recoverColonRichText) ||
    /^[|>](?:[1-9][+-]?|[+-][1-9]?)?$/.test(rawValue)
  ) {
    return unchanged;
  }
  const replacement = `${keyName}: ${JSON.stringify(stripQuotes96(rawValue))}`;
  return { block: `${block.slice(0, lineStart)}${replacement}${block.slice(end)}`, key: keyName };
}

/** 2026.8.1's `normalizeFreeformDescription`: the first top-level `description` line, whatever YAML choked on,
 *  rewritten as a JSON string (unchanged when its value is empty or a block-scalar indicator). */
function normalizeFreeformDescription81(block: string): { block: string; key?: string } {
  const unchanged = { block };
  const doc = parseDocument(block, { schema: 'core', prettyErrors: false });
  if (!isMap(doc.contents)) return unchanged;
  const pair = doc.contents.items.find((candidate) => isScalar(candidate.key) && candidate.key.value === 'description');
  const keyStart = pair && isNode(pair.key) ? pair.key.range?.[0] : undefined;
  if (keyStart === undefined) return unchanged;
  const lineStart = block.lastIndexOf('\n', keyStart - 1) + 1;
  const lineEnd = block.indexOf('\n', lineStart);
  const end = lineEnd === -1 ? block.length : lineEnd;
  const rawValue = block
    .slice(lineStart, end)
    .match(/^(?:description|"description"|'description'):\s*(.*)$/)?.[1]
    ?.trim();
  if (!rawValue || /^[|>](?:[1-9][+-]?|[+-][1-9]?)?$/.test(rawValue)) return unchanged;
  const replacement = `description: ${JSON.stringify(stripQuotes96(rawValue))}`;
  return { block: `${block.slice(0, lineStart)}${replacement}${block.slice(end)}`, key: 'description' };
}

interface YamlOnce {
  frontmatter: ParsedFrontmatter;
  issues: FrontmatterIssue[];
  lineWon: string[];
  filledFromLines: string[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `parseYamlFrontmatterOnce`. */
function parseYamlOnce96(block: string, fallback: ParsedFrontmatter): YamlOnce {
  const none = { lineWon: [], filledFromLines: [] };
  try {
    const doc = parseDocument(block, { schema: 'core', prettyErrors: false });
    if (doc.errors.length > 0 || !isMap(doc.contents)) {
      const issues =
        doc.errors.length > 0
          ? doc.errors.map((error) => ({ code: error.code ?? error.name, message: error.message }))
          : [{ code: 'INVALID_ROOT', message: 'frontmatter must be a YAML mapping' }];
      return { frontmatter: fallback, issues, ...none };
    }
    const parsed: unknown = doc.toJS();
    if (!isRecord(parsed)) return { frontmatter: fallback, issues: [{ code: 'INVALID_ROOT', message: 'frontmatter must be a YAML mapping' }], ...none };
    const inlineColonKeys = new Set<string>();
    for (const pair of doc.contents.items) {
      if (!isNode(pair.key)) continue;
      const start = pair.key.range?.[0];
      if (start === undefined) continue;
      const lineEnd = block.indexOf('\n', start);
      const match = block.slice(start, lineEnd === -1 ? block.length : lineEnd).match(/^([\w-]+):\s*(.*)$/);
      if (match?.[1] && match[2]?.includes(':')) inlineColonKeys.add(match[1]);
    }
    const result: ParsedFrontmatter = {};
    const lineWon: string[] = [];
    const filledFromLines: string[] = [];
    for (const [rawKey, value] of Object.entries(parsed)) {
      const key = rawKey.trim();
      const coerced = key ? coerceYamlValue(value) : undefined;
      if (!coerced) continue;
      const fallbackValue = Object.prototype.hasOwnProperty.call(fallback, key) ? fallback[key] : undefined;
      if (coerced.kind === 'structured' && inlineColonKeys.has(key) && fallbackValue !== undefined) {
        result[key] = fallbackValue;
        lineWon.push(key);
      } else result[key] = coerced.value;
    }
    for (const [key, value] of Object.entries(fallback)) {
      if (!Object.prototype.hasOwnProperty.call(result, key)) {
        result[key] = value;
        filledFromLines.push(key);
      }
    }
    return { frontmatter: result, issues: [], lineWon, filledFromLines };
  } catch (error) {
    return { frontmatter: fallback, issues: [{ code: 'YAML_EXCEPTION', message: error instanceof Error ? error.message : String(error) }], ...none };
  }
}

/** The parser's forms (parseFrontmatterDetailed): p2 from 2026.6.35, p3 in 2026.8.1, p4 from 2026.8.2. */
type ParserEpoch = 'p2' | 'p3' | 'p4';

/** One SKILL.md is parsed by discovery, by the entry's reader and by the findings: the parse of a text is
 *  kept for one run (and its findings) so that each file is parsed once. Callers only read it. */
const PARSED = new Map<ParserEpoch, Map<string, FrontmatterParse>>();
/** What the parse asks of the CLI's on-disk cache (readCache.ts OpenClawReadCache). */
export interface ParseStore {
  readonly version: OpenClawVersion;
  keyOf(text: string): string;
  parse(key: string): FrontmatterParse | undefined;
  setParse(key: string, parse: FrontmatterParse): void;
}

/** The CLI's on-disk cache of parses for the run, when it has one. */
let stored: ParseStore | null = null;

/** A new run starts: the parses of the last one are dropped (a long-lived server keeps none); `store` is the
 *  on-disk cache of the run's release, if any (only a 2026.9.6 one holds 2026.9.6 parses). */
export function forgetFrontmatterParses(store: ParseStore | null = null): void {
  PARSED.clear();
  stored = store;
}

/** The release whose parses the on-disk store holds, by the parser form it uses. */
function epochOfStore(store: ParseStore): ParserEpoch | null {
  const v = store.version;
  if (has(v, 'frontmatter-issues')) return has(v, 'freeform-repair-at-error') ? 'p4' : 'p3';
  return has(v, 'strict-closing-fence') ? 'p2' : null;
}

function parseFrontmatterCached(content: string, epoch: ParserEpoch, parse: () => FrontmatterParse): FrontmatterParse {
  let kept = PARSED.get(epoch);
  if (!kept) PARSED.set(epoch, (kept = new Map()));
  const known = kept.get(content);
  if (known) return known;
  const store = stored && epochOfStore(stored) === epoch ? stored : null;
  const key = store ? store.keyOf(content) : '';
  const parsed = store?.parse(key) ?? parse();
  if (store && store.parse(key) === undefined) store.setParse(key, parsed);
  if (kept.size >= 4096) kept.clear();
  kept.set(content, parsed);
  return parsed;
}

function parseFrontmatterDetailed96(content: string, epoch: 'p3' | 'p4'): FrontmatterParse {
  return parseFrontmatterCached(content, epoch, () => parseFrontmatterDetailed96Uncached(content, epoch));
}

function parseFrontmatterDetailed96Uncached(content: string, epoch: 'p3' | 'p4'): FrontmatterParse {
  const normalized = normalizeFrontmatterContent96(content);
  const extracted = extractBlock96(normalized);
  const out = emptyParse(extracted?.block, extracted?.start ?? 0);
  if (!extracted) {
    if (FRONTMATTER_OPENING_DELIMITER.test(normalized)) out.issues = [{ code: 'UNTERMINATED_FRONTMATTER', message: 'missing closing --- delimiter' }];
    return out;
  }
  const block = extracted.block;
  if (!block) return out;
  // The line reader of 2026.9.6 gives the same values as 2026.4.12's (quotes stripped when they match, an
  // empty value followed by indented lines takes them, the last of a repeated key wins).
  out.lineEntries = parseLineFrontmatter(block);
  const fallback: ParsedFrontmatter = {};
  for (const [key, entry] of Object.entries(out.lineEntries)) fallback[key] = entry.value;
  let parsed = parseYamlOnce96(block, fallback);
  let recovered = block;
  const rounds = epoch === 'p3' ? 1 : FREEFORM_TEXT_FIELDS.size;
  for (let i = 0; i < rounds && parsed.issues.length > 0; i += 1) {
    const next = epoch === 'p3' ? normalizeFreeformDescription81(recovered) : normalizeFreeformFieldAtError(recovered);
    if (next.block === recovered) break;
    if (next.key) out.repaired.push(next.key);
    recovered = next.block;
    parsed = parseYamlOnce96(recovered, fallback);
  }
  out.issues = parsed.issues;
  out.yamlError = parsed.issues[0]?.message ?? null;
  out.lineWon = parsed.lineWon;
  out.filledFromLines = parsed.filledFromLines;
  out.result = parsed.frontmatter;
  return out;
}
