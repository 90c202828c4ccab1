// How Codex 0.171.0 reads one SKILL.md into a name and a description, or fails with the one-line reason it
// prints on stderr as `failed to load skill <path>: <reason>` (RULES §4-6).
//
// 1. The file is read whole as UTF-8 (Rust `read_to_string`).
// 2. Frontmatter: the first line, trimmed (Rust's trim: a BOM is not whitespace), must be `---`; the block ends
//    at the next line that trims to `---` (`...` does not count); lines are split on `\n` with a trailing `\r`
//    dropped, so CRLF works. Otherwise, or when the block has no line at all: `missing YAML frontmatter
//    delimited by ---` (case e04; the empty block: the conformance runner's generated tree gen-1-7).
// 3. The block (its lines joined by `\n`, no trailing newline: the end-of-stream column of case e02 `quote`)
//    is YAML read into a struct with two string fields, `name` and `description` (serde_yaml):
//    - syntax errors are libyaml's (`invalid YAML: …`, yamlWords.ts; case e02);
//    - when it fails, it is read once more with every `key: value` whose plain value contains `: ` or starts
//      with `[`, `{`, `@` or a backquote taken as text; if that succeeds it is used, else the first error is
//      reported (case e01; the retry is inferred from which values are rescued, RULES §6);
//    - a repeated `name` / `description` is `invalid YAML: duplicate field \`description\`` (case e02); other keys
//      are ignored, repeated or not (case e05);
//    - a list or mapping for either field: `invalid YAML: description: invalid type: sequence, expected a
//      string at line L column C` at the value's start (case d04); any scalar is taken as written (`2048`,
//      `yes`, `false`, `12345`: cases c02, d04); `~`, `null` and nothing are no value;
//    - anchors, aliases and tags are YAML (case e03).
// 4. description: trimmed, whitespace runs made one space (case d02); none or empty: `missing field
//    \`description\`` (case d01); over 1024 characters: the first 1021 + `...` (case d03).
// 5. name: likewise collapsed (case c02); none, empty or blank: the folder's name (case c01); over 64 characters:
//    `invalid name: exceeds maximum length of 64 characters` (case c03), checked before the description.
// 6. A syntax error comes after what serde read before it: a repeated or mistyped `name` or `description` on an
//    earlier line is the error reported (generated trees of the conformance runner).

import * as fs from 'node:fs';
import * as path from 'node:path';
import { isAlias, isMap, isScalar, isSeq, parseDocument, type Document, type Node } from 'yaml';
import { charCount, collapseWhitespace, firstChars, lineColumn, rustTrim } from './text';
import { libyamlFault, unknownAlias } from './yamlWords';

export const NAME_MAX_CHARS = 64;
export const DESCRIPTION_MAX_CHARS = 1024;
/** Bytes read of one SKILL.md: the rest of a larger file is not read (our guard against huge files; Codex reads
 *  it all, which only matters when the frontmatter does not close within the first 8 MiB). */
export const MAX_SKILL_BYTES = 8 * 1024 * 1024;

export type SkillRead =
  { ok: true; name: string; description: string; capped: boolean; truncatedRead: boolean } | { ok: false; error: string; truncatedRead: boolean };

/** Rust `str::lines()`: split at `\n`, a trailing `\r` dropped, no last empty line. */
function rustLines(text: string): string[] {
  const lines = text.split('\n');
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines.map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
}

/** The frontmatter block, or null when there is none (case e04). */
export function extractFrontmatter(text: string): string | null {
  const lines = rustLines(text);
  if (lines.length === 0 || rustTrim(lines[0] ?? '') !== '---') return null;
  // An empty block (the closing `---` on the next line) is no frontmatter either: the release's words for
  // `---` `---` are `missing YAML frontmatter delimited by ---` (conformance: generated tree gen-1-7).
  for (let i = 1; i < lines.length; i++) if (rustTrim(lines[i] ?? '') === '---') return i === 1 ? null : lines.slice(1, i).join('\n');
  return null;
}

type FieldValue = { kind: 'none' } | { kind: 'text'; text: string };
type Parsed = { ok: true; name: FieldValue; description: FieldValue } | { ok: false; error: string };

/** The text serde_yaml hands a `String` field for a scalar: a plain scalar as written (after line folding). */
function scalarText(node: Node, doc: Document): FieldValue | { kind: 'type'; what: string; node: Node } {
  let n: unknown = node;
  if (isAlias(n)) n = n.resolve(doc);
  if (isScalar(n)) {
    if (n.type === 'PLAIN' || n.type === undefined) {
      if (n.value === null) return { kind: 'none' };
      return { kind: 'text', text: typeof n.source === 'string' ? n.source : String(n.value) };
    }
    return { kind: 'text', text: String(n.value) };
  }
  if (isSeq(n)) return { kind: 'type', what: 'sequence', node };
  if (isMap(n)) return { kind: 'type', what: 'map', node };
  return { kind: 'none' };
}

/** One serde_yaml pass over the frontmatter text. */
function deserialize(text: string): Parsed {
  const doc = parseDocument(text, { uniqueKeys: false, prettyErrors: false });
  if (doc.errors.length > 0) {
    const fault = libyamlFault(text, doc.errors[0] ?? null);
    // serde_yaml deserializes the events read before a syntax error first: a `name` or `description` that is
    // repeated, or a list or a map, on an earlier line is the error it reports (the conformance runner's
    // generated tree gen-7-0: `description: [a, b]` on line 2, a tab on line 4).
    const line = /at line (\d+) column \d+/.exec(fault.message)?.[1];
    const earlier = line === undefined ? null : readFields(doc, text, Number(line));
    return { ok: false, error: earlier && !earlier.ok ? earlier.error : `invalid YAML: ${fault.message}` };
  }
  const alias = unknownAlias(text);
  if (alias) return { ok: false, error: `invalid YAML: ${alias.message}` };
  return readFields(doc, text);
}

/** The struct's two fields read from the top-level map, as serde visits it: the first repeated or mistyped
 *  one is the error. `beforeLine`: only the entries that end before that line (1-based) are read. */
function readFields(doc: Document, text: string, beforeLine = Infinity): Parsed {
  const fields: Record<'name' | 'description', FieldValue> = { name: { kind: 'none' }, description: { kind: 'none' } };
  const root = doc.contents;
  if (root === null || (isScalar(root) && root.value === null)) return { ok: true, ...fields };
  if (!isMap(root)) {
    if (beforeLine !== Infinity) return { ok: true, ...fields };
    // No case shows this; serde's words for a struct given another shape, the struct's name unknown.
    const what = isSeq(root) ? 'sequence' : isScalar(root) ? `string ${JSON.stringify(String(root.value))}` : 'value';
    return { ok: false, error: `invalid YAML: invalid type: ${what}, expected struct SkillFrontmatter` };
  }
  const seen = new Set<string>();
  for (const pair of root.items) {
    const end = (pair.value as Node | null)?.range?.[1] ?? (pair.key as Node | null)?.range?.[1];
    if (beforeLine !== Infinity && (end === undefined || lineColumn(text, Math.max(0, end - 1)).line >= beforeLine)) break;
    const key = isScalar(pair.key) ? String(pair.key.value) : null;
    if (key !== 'name' && key !== 'description') continue;
    if (seen.has(key)) return { ok: false, error: `invalid YAML: duplicate field \`${key}\`` };
    seen.add(key);
    if (!pair.value) continue;
    const v = scalarText(pair.value as Node, doc);
    if (v.kind === 'type') {
      const p = lineColumn(text, v.node.range?.[0] ?? 0);
      return { ok: false, error: `invalid YAML: ${key}: invalid type: ${v.what}, expected a string at line ${p.line} column ${p.column}` };
    }
    fields[key] = v;
  }
  return { ok: true, ...fields };
}

/** The retry's text: plain values holding `: ` or starting with `[`, `{`, `@` or a backquote, quoted (case e01). */
export function quoteLooseValues(text: string): string {
  return text
    .split('\n')
    .map((line) => {
      const m = /^( *)([A-Za-z0-9_][A-Za-z0-9_.-]*):[ \t]+(.*?)[ \t]*$/.exec(line);
      if (!m) return line;
      const v = m[3] ?? '';
      if (v === '' || v[0] === '"' || v[0] === "'") return line;
      if (!/^[[{@`]/.test(v) && !v.includes(': ')) return line;
      return `${m[1] ?? ''}${m[2] ?? ''}: ${JSON.stringify(v)}`;
    })
    .join('\n');
}

/** Name and description from a SKILL.md's text (`folder`: the name of the folder holding it). */
export function readSkillText(text: string, folder: string): { ok: true; name: string; description: string; capped: boolean } | { ok: false; error: string } {
  const fm = extractFrontmatter(text);
  if (fm === null) return { ok: false, error: 'missing YAML frontmatter delimited by ---' };
  let parsed = deserialize(fm);
  // Only a syntax error is retried: YAML that reads well but gives a list or a map where text belongs is
  // refused as it is (`description: [a, b]`, found by the conformance runner's generated trees).
  if (!parsed.ok && !parsed.error.includes('invalid type:')) {
    const loose = quoteLooseValues(fm);
    if (loose !== fm) {
      const retry = deserialize(loose);
      if (retry.ok) parsed = retry;
    }
  }
  if (!parsed.ok) return parsed;
  const given = parsed.name.kind === 'text' ? collapseWhitespace(parsed.name.text) : '';
  const name = given === '' ? folder : given;
  // The name is checked first: a name too long and no description is `invalid name` (the conformance runner's
  // generated tree gen-14-17).
  if (charCount(name) > NAME_MAX_CHARS) return { ok: false, error: `invalid name: exceeds maximum length of ${NAME_MAX_CHARS} characters` };
  const description = parsed.description.kind === 'text' ? collapseWhitespace(parsed.description.text) : '';
  if (description === '') return { ok: false, error: 'missing field `description`' };
  const capped = charCount(description) > DESCRIPTION_MAX_CHARS;
  return { ok: true, name, description: capped ? `${firstChars(description, DESCRIPTION_MAX_CHARS - 3)}...` : description, capped };
}

/** Reads a SKILL.md as Codex does; never throws. */
export function readSkillFile(file: string): SkillRead {
  let buf: Buffer;
  let truncatedRead = false;
  try {
    const fd = fs.openSync(file, 'r');
    try {
      const size = fs.fstatSync(fd).size;
      const want = Math.min(size, MAX_SKILL_BYTES);
      buf = Buffer.alloc(want);
      let got = 0;
      while (got < want) {
        const n = fs.readSync(fd, buf, got, want - got, got);
        if (n === 0) break;
        got += n;
      }
      buf = buf.subarray(0, got);
      truncatedRead = size > MAX_SKILL_BYTES;
    } finally {
      fs.closeSync(fd);
    }
  } catch (e) {
    // Rust's io::Error words; Codex's prefix for a read failure is not shown by a case.
    const code = (e as NodeJS.ErrnoException).code;
    const words = code === 'EACCES' ? 'Permission denied (os error 13)' : code === 'EISDIR' ? 'Is a directory (os error 21)' : String(code ?? e);
    return { ok: false, error: `failed to read ${file}: ${words}`, truncatedRead };
  }
  if (truncatedRead) {
    // Do not cut a UTF-8 sequence in two at the end of what was read.
    let end = buf.length;
    const at = (i: number): number => buf[i] ?? 0;
    for (let back = 0; back < 3 && end > 0 && (at(end - 1) & 0xc0) === 0x80; back++) end--;
    if (end > 0 && at(end - 1) >= 0xc0) end--;
    buf = buf.subarray(0, end);
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(buf);
  } catch {
    // Rust's read_to_string on bytes that are not UTF-8 (a binary file); the prefix is not shown by a case.
    return { ok: false, error: 'stream did not contain valid UTF-8', truncatedRead };
  }
  return { ...readSkillText(text, path.basename(path.dirname(file))), truncatedRead };
}
