// What each piece of a `plugin.toml` is, for an editor to colour it (LSP semantic tokens): table headers,
// keys, strings, numbers and dates, booleans, comments and `=`. From the tokens of the same maintained TOML 1.0
// parser the manifest reader uses (toml-eslint-parser), never from a hand-written scanner; a text it cannot
// parse is coloured up to its first error.

import { parseTOML } from 'toml-eslint-parser';

/** The token types, in the order of the legend a client is given. */
export const MANIFEST_TOKEN_TYPES = ['namespace', 'property', 'string', 'number', 'keyword', 'comment', 'operator'] as const;
export type ManifestTokenType = (typeof MANIFEST_TOKEN_TYPES)[number];

export interface ManifestToken {
  /** [start, end) UTF-16 offsets into the text; never spans a line break. */
  start: number;
  end: number;
  type: ManifestTokenType;
}

interface RawToken {
  type: string;
  value: string;
  range: [number, number];
}

const STRING_TYPES = new Set(['BasicString', 'MultiLineBasicString', 'LiteralString', 'MultiLineLiteralString']);
const NUMBER_TYPES = new Set(['Integer', 'Float', 'OffsetDateTime', 'LocalDateTime', 'LocalDate', 'LocalTime']);

/** The text's tokens in order, each on one line (a multi-line string or comment split at its line breaks). */
export function manifestTokens(text: string): ManifestToken[] {
  let tokens: RawToken[];
  let comments: RawToken[];
  try {
    const ast = parseTOML(text) as unknown as { tokens: RawToken[]; comments: RawToken[] };
    tokens = ast.tokens;
    comments = ast.comments;
  } catch (e) {
    // Colour what comes before the error: the prefix up to the line it is on parses (or is given up on).
    const index = (e as { index?: number }).index;
    if (typeof index !== 'number' || index <= 0) return [];
    const cut = text.lastIndexOf('\n', index - 1);
    return cut > 0 && cut < text.length ? manifestTokens(text.slice(0, cut + 1)) : [];
  }
  const out: ManifestToken[] = [];
  // Where the tokens are: in a table header, or in values nested in arrays `[` and inline tables `{`; and
  // whether a key's `=` was seen and its value not yet. Elsewhere a token is a key.
  let header = false;
  const frames: Array<'[' | '{'> = [];
  let afterEq = false;
  for (const t of tokens) {
    const [start, end] = t.range;
    if (t.type === 'Punctuator') {
      if (t.value === '=') {
        out.push({ start, end, type: 'operator' });
        afterEq = true;
      } else if (t.value === '[' || t.value === '{') {
        if (frames.length > 0 || afterEq) {
          frames.push(t.value);
          afterEq = false;
        } else header = true;
      } else if (t.value === ']' || t.value === '}') {
        if (frames.length > 0) frames.pop();
        else header = false;
        afterEq = false;
      }
      continue;
    }
    const inArray = frames[frames.length - 1] === '[';
    if (header) out.push({ start, end, type: 'namespace' });
    else if (!afterEq && !inArray) out.push({ start, end, type: 'property' });
    else {
      if (STRING_TYPES.has(t.type)) out.push({ start, end, type: 'string' });
      else if (NUMBER_TYPES.has(t.type)) out.push({ start, end, type: 'number' });
      else if (t.type === 'Boolean') out.push({ start, end, type: 'keyword' });
      afterEq = false;
    }
  }
  for (const c of comments) out.push({ start: c.range[0], end: c.range[1], type: 'comment' });
  out.sort((a, b) => a.start - b.start);
  return out.flatMap((t) => splitLines(text, t));
}

/** A token over several lines as one token per line (semantic tokens cannot cross a line break). */
function splitLines(text: string, t: ManifestToken): ManifestToken[] {
  const out: ManifestToken[] = [];
  let s = t.start;
  for (let i = t.start; i < t.end; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || c === 13) {
      if (i > s) out.push({ start: s, end: i, type: t.type });
      s = i + 1;
    }
  }
  if (t.end > s) out.push({ start: s, end: t.end, type: t.type });
  return out;
}
