// How OpenCode 1.18.33 turns the text of a SKILL.md into frontmatter data
// (packages/opencode/src/config/markdown.ts parse, with gray-matter 4 and js-yaml 3 underneath).
//
// 1. `matter(text)` (gray-matter, called without options):
//    - a leading byte-order mark is dropped; an empty text has no data;
//    - the text must start with `---`; a fourth `-` (`----`) means no frontmatter (case c03 `four-dash`);
//    - whatever follows `---` on the first line names the language (`---yaml`, `---yml`, `---json`; blanks
//      only, as in `--- `, mean YAML) (case c03 `lang-yaml`, `trailing-space`); an unknown language is an error;
//    - the block ends at the first `\n---` anywhere after it, even `---more` (case c03 `close-dash`); with no
//      such line the whole rest of the file is the block (case c03 `unclosed`);
//    - a block that is empty once `#` comment lines are taken out gives no data (case c03 `only-comment`);
//    - else the block is read by js-yaml 3 (./yaml.ts) or JSON.parse.
//    gray-matter keeps every text it was asked to read in a cache keyed by the text (BOM removed), and it stores
//    the entry before reading: a text that failed once is, when asked again, answered from the cache with no
//    data and no error.
// 2. When `matter` fails, OpenCode retries once with the frontmatter rewritten (fallbackSanitization): each
//    top-level `key: value` line whose key is made of letters, digits and `_` (not `-`) and whose value holds
//    a `:` and is not empty, `>`, `|` or quoted becomes `key: |-` plus the value, indented, on its own line
//    (case c02 `colon-value`, `colon-name`). The retry works on the text as read (a BOM defeats its pattern).
//    If the rewrite changes nothing, the retry hits gray-matter's cache: no data, no error (case c02 `at-value`).
//    If the retry fails too, OpenCode reports a frontmatter error for the file (a session error event; nothing
//    on stderr in `opencode run`) and drops it (case c02 `hyphen-key`).

import { loadYaml } from './yaml';

/** The frontmatter as OpenCode sees it, or why there is none. */
export type MatterRead =
  | {
      ok: true;
      /** gray-matter's `data`: an object for a normal file, `{}` when there is no frontmatter, or whatever the
       *  YAML held (a string, a list, null). */
      data: unknown;
      /** Read only on OpenCode's second try, after the rewrite of values holding `:`. */
      sanitized: boolean;
      /** The first try failed and the retry was answered from gray-matter's cache (so: no data, no error). */
      cachedFailure?: string;
      /** There was no frontmatter block at all (no leading `---`, or `----`). */
      noBlock?: boolean;
    }
  | { ok: false; message: string };

type MatterOnce = { ok: true; data: unknown; noBlock?: boolean } | { ok: false; message: string };

/** gray-matter's cache for one start of the release: text (BOM removed) → the data it answers with. */
export type MatterCache = Map<string, { data: unknown; noBlock?: boolean }>;

function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** gray-matter's engine names, by its alias rule (case-insensitive `js`, `yml`, …). */
function engineOf(language: string): 'yaml' | 'json' | 'javascript' | null {
  const l = language.toLowerCase();
  if (l === 'yaml' || l === 'yml') return 'yaml';
  if (l === 'json') return 'json';
  if (l === 'js' || l === 'javascript') return 'javascript';
  return null;
}

/** One `matter(text)` call, cache included. */
function matterOnce(text: string, cache: MatterCache): MatterOnce {
  if (text === '') return { ok: true, data: {}, noBlock: true };
  const content = stripBom(text);
  const hit = cache.get(content);
  if (hit) return { ok: true, ...hit };
  // gray-matter stores the entry first; a failure leaves it with no data.
  cache.set(content, { data: {} });
  const r = readBlock(content);
  if (r.ok) cache.set(content, { data: r.data, ...(r.noBlock ? { noBlock: true } : {}) });
  return r;
}

/** gray-matter's parseMatter on a text whose BOM is already gone. */
function readBlock(str: string): MatterOnce {
  if (!str.startsWith('---')) return { ok: true, data: {}, noBlock: true };
  if (str.charAt(3) === '-') return { ok: true, data: {}, noBlock: true };
  let rest = str.slice(3);
  const nl = rest.search(/\r?\n/);
  const raw = rest.slice(0, nl); // no line break at all: everything but the last character, as gray-matter does
  const language = raw.trim();
  if (language) rest = rest.slice(raw.length);
  let close = rest.indexOf('\n---');
  if (close === -1) close = rest.length;
  const block = rest.slice(0, close);
  if (block.replace(/^\s*#[^\n]+/gm, '').trim() === '') return { ok: true, data: {} };
  const engine = language ? engineOf(language) : 'yaml';
  if (engine === null) return { ok: false, message: `gray-matter engine "${language}" is not registered` };
  if (engine === 'json') {
    try {
      return { ok: true, data: JSON.parse(block) as unknown };
    } catch (error) {
      return { ok: false, message: error instanceof Error ? error.message : String(error) };
    }
  }
  if (engine === 'javascript') return { ok: false, message: 'a `---js` frontmatter is evaluated as JavaScript by the release; the emulation does not run it' };
  const y = loadYaml(block);
  return y.ok ? { ok: true, data: y.value ?? {} } : y;
}

/** OpenCode's rewrite of top-level values that hold `:` into `|-` blocks (markdown.ts fallbackSanitization). */
export function sanitizeFrontmatter(text: string): string {
  const m = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text);
  if (!m) return text;
  const frontmatter = m[1] as string;
  const lines: string[] = [];
  for (const line of frontmatter.split(/\r?\n/)) {
    const t = line.trim();
    if (t.startsWith('#') || t === '' || /^\s+/.test(line)) {
      lines.push(line);
      continue;
    }
    const kv = /^([a-zA-Z_][a-zA-Z0-9_]*)\s*:\s*(.*)$/.exec(line);
    if (!kv) {
      lines.push(line);
      continue;
    }
    const value = (kv[2] as string).trim();
    if (value === '' || value === '>' || value === '|' || value.startsWith('"') || value.startsWith("'") || !value.includes(':')) {
      lines.push(line);
      continue;
    }
    lines.push(`${kv[1]}: |-`, `  ${value}`);
  }
  const processed = lines.join('\n');
  const at = text.indexOf(frontmatter); // String.replace with a string pattern: its first occurrence
  return at < 0 ? text : text.slice(0, at) + processed + text.slice(at + frontmatter.length);
}

/** ConfigMarkdown.parse on the text of one file, with the start's gray-matter cache. */
export function readFrontmatter(text: string, cache: MatterCache): MatterRead {
  const first = matterOnce(text, cache);
  if (first.ok) return { ok: true, data: first.data, sanitized: false, ...(first.noBlock ? { noBlock: true } : {}) };
  const retryText = sanitizeFrontmatter(text);
  if (stripBom(retryText) === stripBom(text)) {
    const cached = cache.get(stripBom(text));
    return { ok: true, data: cached?.data ?? {}, sanitized: false, cachedFailure: first.message };
  }
  const second = matterOnce(retryText, cache);
  if (second.ok) return { ok: true, data: second.data, sanitized: true };
  return { ok: false, message: second.message };
}
