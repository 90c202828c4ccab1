// The frontmatter of a SKILL.md as Copilot CLI 1.0.102 reads it (RULES.md §6).
//
// The block: one leading byte-order mark is dropped and CRLF endings are accepted (case e02: `bom`, `crlf`);
// the very first line must be `---` and the block ends at the next line that is exactly `---`. A blank first
// line, an indented `---` or a block closed by `...` is `missing or malformed YAML frontmatter` (case e02). An
// empty block (`---` right after `---`) is fine: no keys (case d01, `empty-frontmatter`).
//
// The YAML: strict, no second chance (case e01). The release's parser is libyaml-like (its messages are
// libyaml's and serde_yaml's); the `yaml` package (YAML 1.2, core schema, unique keys) refuses the same inputs
// on every case: a plain value starting with `@` or a backquote, a `: ` inside a plain value, an unclosed `[`,
// a duplicate key. Its errors are put into the release's words here (`copilot skill list` shows them, prefixed
// with `failed to parse YAML frontmatter: `); line and column are 1-based and count from the first line after
// the opening `---`. The four kinds of error the cases show get the release's exact wording (case e01); other
// errors keep the `yaml` package's own message, with the position in the same form.

import { isMap, isPair, isScalar, parseDocument, visit, type Document } from 'yaml';

export type FrontmatterRead = { ok: true; data: Map<unknown, unknown>; body: string } | { ok: false; why: string; yamlError?: boolean };

export const MALFORMED = 'missing or malformed YAML frontmatter';

/** The YAML text between the `---` lines (with its last line break) and the body after them, or null. */
export function splitFrontmatter(text: string): { yaml: string; body: string } | null {
  const t = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text; // case e02 `bom`
  const open = /^---\r?\n/.exec(t);
  if (!open) return null; // case e02: no frontmatter, a blank first line, an indented `---`
  const rest = t.slice(open[0].length);
  const close = /(^|\n)---\r?(\n|$)/.exec(rest); // only `---` closes the block (case e02 `dots-close`)
  if (!close) return null;
  const yamlEnd = close.index + (close[1] ?? '').length; // keep the last line break of the block (case e01 `bracket`: line 3)
  return { yaml: rest.slice(0, yamlEnd), body: rest.slice(close.index + close[0].length) };
}

/** `line L column C` of an offset, as libyaml counts: 1-based, CRLF (or a lone CR) one break, columns in code points. */
function at(src: string, offset: number): string {
  let line = 1;
  let column = 1;
  const end = Math.min(offset, src.length);
  for (let i = 0; i < end; i++) {
    const c = src.charCodeAt(i);
    if (c === 10 || (c === 13 && src.charCodeAt(i + 1) !== 10)) {
      line++;
      column = 1;
    } else if (c === 13) {
      // the CR of a CRLF: the LF counts the break
    } else if (c >= 0xdc00 && c <= 0xdfff && i > 0) {
      // second half of a surrogate pair: one code point
    } else column++;
  }
  return `line ${line} column ${column}`;
}

/** The `:` that ends a plain value holding `: ` (libyaml reports the indicator, not the value's start). */
function mappingColon(src: string, from: number): number {
  for (let i = from; i < src.length; i++) {
    if (src[i] !== ':') continue;
    const next = src[i + 1];
    if (next === undefined || next === ' ' || next === '\t' || next === '\n' || next === '\r') return i;
  }
  return from;
}

/** The `[`/`{` that opened the flow collection an error at `pos` belongs to. */
function openFlow(doc: Document, pos: number): { offset: number; seq: boolean } | null {
  let best: { offset: number; seq: boolean } | null = null;
  visit(doc, {
    Seq(_k, node) {
      if (node.flow && node.range && node.range[0] <= pos && (!best || node.range[0] >= best.offset)) best = { offset: node.range[0], seq: true };
    },
    Map(_k, node) {
      if (node.flow && node.range && node.range[0] <= pos && (!best || node.range[0] >= best.offset)) best = { offset: node.range[0], seq: false };
    },
  });
  return best;
}

/** The key a DUPLICATE_KEY error points at, as serde_yaml prints it. */
function duplicateKey(doc: Document, pos: number): string {
  let key = '';
  visit(doc, {
    Pair(_k, pair) {
      if (isPair(pair) && isScalar(pair.key) && pair.key.range && pair.key.range[0] === pos) key = JSON.stringify(String(pair.key.value));
    },
  });
  return key || '""';
}

/** One `yaml` error in the release's words (case e01). */
function releaseWords(doc: Document, src: string, code: string, message: string, pos: number): string {
  const first = message.split('\n')[0] ?? message;
  if (code === 'BAD_SCALAR_START') return `found character that cannot start any token at ${at(src, pos)}, while scanning for the next token`; // `@`, backquote
  if (code === 'BLOCK_AS_IMPLICIT_KEY') return `mapping values are not allowed in this context at ${at(src, mappingColon(src, pos))}`; // `Use when: …`
  if (code === 'DUPLICATE_KEY') return `duplicate entry with key ${duplicateKey(doc, pos)}`;
  if (/flow (sequence|map)/i.test(first)) {
    const open = openFlow(doc, pos);
    if (open) {
      const close = open.seq ? ']' : '}';
      const what = open.seq ? 'a flow sequence' : 'a flow mapping';
      return `did not find expected ',' or '${close}' at ${at(src, pos)}, while parsing ${what} at ${at(src, open.offset)}`; // unclosed `[`
    }
  }
  if (code === 'MISSING_CHAR' && /quote/i.test(first))
    return `found unexpected end of stream at ${at(src, src.length)}, while scanning a quoted scalar at ${at(src, pos)}`;
  return `${first.replace(/ at line \d+, column \d+:?$/, '')} at ${at(src, pos)}`;
}

/** The frontmatter's keys and the body, or the reason `copilot skill list` gives for a file it cannot load. */
export function readFrontmatter(text: string): FrontmatterRead {
  const split = splitFrontmatter(text);
  if (!split) return { ok: false, why: MALFORMED };
  let doc: Document;
  try {
    doc = parseDocument(split.yaml, { schema: 'core', uniqueKeys: true, prettyErrors: false, logLevel: 'silent' });
  } catch (error) {
    return { ok: false, why: `failed to parse YAML frontmatter: ${String(error)}`, yamlError: true };
  }
  const error = doc.errors[0];
  if (error)
    return { ok: false, why: `failed to parse YAML frontmatter: ${releaseWords(doc, split.yaml, error.code, error.message, error.pos[0])}`, yamlError: true };
  // The release reads the block without its last line break, so a `|` or `>` text that runs to the block's
  // end has no final newline to keep (found by the conformance runner's generated trees); the `yaml` package
  // keeps one even at the end of its input. The errors above count that break (case e01 `bracket`).
  const unbroken = split.yaml.replace(/\r?\n$/, '');
  const end = unbroken.length;
  // A blank line after the text keeps its line break as libyaml reads it.
  if (!/\n[ \t]*\r?$/.test(unbroken))
    visit(doc, {
      Scalar(_k, node) {
        const blockText = node.type === 'BLOCK_LITERAL' || node.type === 'BLOCK_FOLDED';
        if (blockText && node.range && node.range[1] >= end && typeof node.value === 'string' && node.value.endsWith('\n'))
          node.value = node.value.slice(0, -1);
      },
    });
  if (doc.contents === null) return { ok: true, data: new Map(), body: split.body }; // an empty block (case d01)
  // Not a mapping (a list, a lone word): not observed; the emulation calls it malformed.
  if (!isMap(doc.contents)) return { ok: false, why: MALFORMED };
  let data: unknown;
  try {
    // Aliases are expanded with `yaml`'s own limit, so an alias bomb ends here instead of taking the memory.
    data = doc.toJS({ mapAsMap: true, maxAliasCount: 100 });
  } catch {
    return { ok: false, why: 'failed to parse YAML frontmatter: repetition limit exceeded', yamlError: true };
  }
  return data instanceof Map ? { ok: true, data, body: split.body } : { ok: false, why: MALFORMED };
}
