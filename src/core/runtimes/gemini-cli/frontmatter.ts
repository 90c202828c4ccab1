// How Gemini CLI 0.61.0 reads the name and description of one SKILL.md (RULES.md §3, §4).
//
// The block (packages/core/src/skills/skillLoader.ts, FRONTMATTER_REGEX and loadSkillFromFile): the text must
// begin with `---` and a line break, right at the first character, so a byte-order mark or a blank first line
// means no frontmatter and the skill is dropped without a word (case c03). The block runs, lazily, to the first
// line that begins with `---` (anything may follow those three dashes on that line); CRLF is accepted.
//
// The YAML (skillLoader.ts parseFrontmatter): js-yaml 4.1.1's `load` with its default schema. When that throws,
// or gives something that is not a mapping, or a `name` or `description` that is not a string (a number, a
// date, a list, null), the release tries again with a line-based reader (skillLoader.ts parseSimpleFrontmatter)
// that keeps values raw: quotes stay, comments stay, indented lines after `description:` are joined with single
// spaces, and the last `name:` / `description:` line wins wherever it stands (cases c01, c02). A file that
// neither reader gets both fields from is dropped in silence (case c03).
//
// js-yaml is not this project's dependency; the `yaml` package parses here, set up to refuse what js-yaml
// refuses on the inputs the cases show (a `: ` inside a plain value, a duplicate key, an unclosed quote or
// bracket, a value starting with `@` or a backquote, an unknown tag, control characters), and a plain value is
// typed with js-yaml's own rules (null, booleans, integers with `_`, floats, dates and timestamps are not
// strings) instead of the `yaml` package's.
//
// The name is then "sanitized" (loadSkillFromFile): each of `: \ / < > * ? " |` becomes `-` (case b01). Nothing
// else is checked: no length limit, an empty name or description is listed as it is (cases b02, d01).

import { isAlias, isMap, isPair, isScalar, isSeq, parseDocument, type Document, type Node } from 'yaml';

export type Frontmatter = { ok: true; name: string; description: string; reader: 'yaml' | 'lines' } | { ok: false; why: string };

/** skillLoader.ts FRONTMATTER_REGEX: `---`, a line break, the block (lazy), a line break, `---`, then the body. */
const BLOCK = /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n([\s\S]*))?/;

/** skillLoader.ts loadSkillFromFile: the characters a name may not keep. */
const UNSAFE_NAME = /[:\\/<>*?"|]/g;

/** js-yaml's loader refuses these anywhere in its input (loader.js PATTERN_NON_PRINTABLE), and a NUL. */
const NON_PRINTABLE = /[\x00-\x08\x0B\x0C\x0E-\x1F\x7F-\x84\x86-\x9F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:[^\uD800-\uDBFF]|^)[\uDC00-\uDFFF]/;

/** The tags js-yaml 4.1.1's default schema knows; any other tag is an error there. */
const KNOWN_TAGS = new Set(
  ['str', 'int', 'float', 'bool', 'null', 'map', 'seq', 'timestamp', 'merge', 'binary', 'omap', 'pairs', 'set'].map((t) => `tag:yaml.org,2002:${t}`),
);

// ---- js-yaml's implicit types for a plain value (lib/type/null.js, bool.js, int.js, float.js, timestamp.js) ----

function isJsYamlInt(s: string): boolean {
  let i = 0;
  let ch = s[i];
  if (ch === '-' || ch === '+') ch = s[++i];
  if (ch === undefined) return false;
  const digitsWith = (test: (c: string) => boolean, from: number): boolean => {
    let digits = false;
    let last = '';
    for (let k = from; k < s.length; k++) {
      last = s[k] ?? '';
      if (last === '_') continue;
      if (!test(last)) return false;
      digits = true;
    }
    return digits && last !== '_';
  };
  if (ch === '0') {
    if (i + 1 === s.length) return true;
    ch = s[++i];
    if (ch === 'b') return digitsWith((c) => c === '0' || c === '1', i + 1);
    if (ch === 'x') return digitsWith((c) => /[0-9a-fA-F]/.test(c), i + 1);
    if (ch === 'o') return digitsWith((c) => /[0-7]/.test(c), i + 1);
  }
  if (ch === '_') return false;
  return digitsWith((c) => c >= '0' && c <= '9', i);
}

const JS_YAML_FLOAT = /^(?:[-+]?(?:[0-9][0-9_]*)(?:\.[0-9_]*)?(?:[eE][-+]?[0-9]+)?|\.[0-9_]+(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$/;
const JS_YAML_DATE = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/;
const JS_YAML_TIMESTAMP =
  /^[0-9]{4}-[0-9][0-9]?-[0-9][0-9]?(?:[Tt]|[ \t]+)[0-9][0-9]?:[0-9]{2}:[0-9]{2}(?:\.[0-9]*)?(?:[ \t]*(?:Z|[-+][0-9][0-9]?(?::[0-9]{2})?))?$/;

/** Whether js-yaml would give a plain (unquoted, untagged) value as a string. */
function plainIsString(text: string): boolean {
  if (text === '' || text === '~' || text === 'null' || text === 'Null' || text === 'NULL') return false;
  if (/^(?:true|True|TRUE|false|False|FALSE)$/.test(text)) return false;
  if (isJsYamlInt(text)) return false;
  if (JS_YAML_FLOAT.test(text) && !text.endsWith('_')) return false;
  if (JS_YAML_DATE.test(text) || JS_YAML_TIMESTAMP.test(text)) return false;
  return true;
}

/** What js-yaml gives for a node, as far as the loader cares: the string, or `other` for anything else. */
type Value = { string: string } | 'other';

function resolveNode(doc: Document, node: unknown, depth = 0): Node | null {
  let n = node;
  for (let hops = 0; isAlias(n) && hops < 20; hops++) n = n.resolve(doc);
  return depth > 20 || n === undefined || n === null ? null : (n as Node);
}

function valueOf(doc: Document, raw: unknown): Value {
  const node = resolveNode(doc, raw);
  if (!node || !isScalar(node)) return 'other'; // a list, a mapping, an empty value
  if (node.tag !== undefined) {
    if (node.tag === 'tag:yaml.org,2002:str' || node.tag === '!') return { string: String(node.source ?? node.value ?? '') };
    return 'other';
  }
  if (node.type === 'PLAIN') {
    const text = typeof node.value === 'string' ? node.value : String(node.source ?? '');
    return plainIsString(text) ? { string: text } : 'other';
  }
  return typeof node.value === 'string' ? { string: node.value } : 'other';
}

/** The `name` and `description` entries of a mapping, merge keys (`<<`) included as js-yaml merges them. */
function fieldsOf(doc: Document, mapNode: unknown, out: Map<string, unknown>, depth = 0): void {
  const map = resolveNode(doc, mapNode);
  if (!map || !isMap(map) || depth > 10) return;
  const merged = new Map<string, unknown>();
  const own = new Map<string, unknown>();
  for (const pair of map.items) {
    if (!isPair(pair)) continue;
    const keyNode = resolveNode(doc, pair.key);
    const key = keyNode && isScalar(keyNode) ? String(keyNode.value) : null;
    if (key === '<<' && keyNode && isScalar(keyNode) && keyNode.type === 'PLAIN') {
      const v = resolveNode(doc, pair.value);
      const sources = v && isSeq(v) ? v.items : [pair.value];
      for (const s of sources) {
        const inner = new Map<string, unknown>();
        fieldsOf(doc, s, inner, depth + 1);
        for (const [k, val] of inner) if (!merged.has(k)) merged.set(k, val);
      }
      continue;
    }
    if (key !== null) own.set(key, pair.value);
  }
  for (const [k, v] of merged) out.set(k, v);
  for (const [k, v] of own) out.set(k, v);
}

/** js-yaml's `load` on the block: the two fields as strings, or null when it throws or they are not strings. */
function loadYaml(block: string): { name: string; description: string } | null {
  if (NON_PRINTABLE.test(block)) return null; // js-yaml: "the stream contains non-printable characters"
  let doc: Document;
  try {
    doc = parseDocument(block, { version: '1.2', schema: 'core', merge: true, uniqueKeys: true, prettyErrors: false, logLevel: 'error' });
  } catch {
    return null;
  }
  if (doc.errors.length > 0) return null;
  // js-yaml throws on a tag it does not know; `yaml` only warns.
  if (doc.warnings.some((w) => w.code === 'TAG_RESOLVE_FAILED')) return null;
  let unknownTag = false;
  const check = (n: unknown, depth: number): void => {
    if (depth > 50 || unknownTag || n === null || typeof n !== 'object') return;
    const tag = (n as { tag?: string }).tag;
    if (tag !== undefined && tag !== '!' && !KNOWN_TAGS.has(tag)) unknownTag = true;
    if (isMap(n) || isSeq(n)) for (const item of n.items) check(item, depth + 1);
    if (isPair(n)) {
      check(n.key, depth + 1);
      check(n.value, depth + 1);
    }
  };
  check(doc.contents, 0);
  if (unknownTag) return null;
  const root = resolveNode(doc, doc.contents);
  if (!root || !isMap(root)) return null; // empty, a lone word, a list: no fields
  const fields = new Map<string, unknown>();
  fieldsOf(doc, root, fields);
  const name = fields.has('name') ? valueOf(doc, fields.get('name')) : 'other';
  const description = fields.has('description') ? valueOf(doc, fields.get('description')) : 'other';
  if (name === 'other' || description === 'other') return null;
  return { name: name.string, description: description.string };
}

/** skillLoader.ts parseSimpleFrontmatter: the line-based second try, values kept raw. */
function readLines(block: string): { name: string; description: string } | null {
  const lines = block.split(/\r?\n/);
  let name: string | undefined;
  let description: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const n = /^\s*name:\s*(.*)$/.exec(line);
    if (n) {
      name = (n[1] ?? '').trim();
      continue;
    }
    const d = /^\s*description:\s*(.*)$/.exec(line);
    if (d) {
      const parts = [(d[1] ?? '').trim()];
      // Lines that start with a space or a tab (and hold something) continue the description.
      while (i + 1 < lines.length && /^[ \t]+\S/.test(lines[i + 1] ?? '')) parts.push((lines[++i] ?? '').trim());
      description = parts.filter((p) => p !== '').join(' ');
    }
  }
  return name !== undefined && description !== undefined ? { name, description } : null;
}

/** The listed name and description of a SKILL.md's text, or why the release drops it (in silence). */
export function readFrontmatter(text: string): Frontmatter {
  const m = BLOCK.exec(text);
  if (!m) {
    if (text.charCodeAt(0) === 0xfeff) return { ok: false, why: 'starts with a byte-order mark, so no frontmatter is found' };
    if (/^\s*\r?\n---\r?\n/.test(text)) return { ok: false, why: 'a blank line before the opening ---, so no frontmatter is found' };
    return { ok: false, why: 'no frontmatter (the file must begin with a --- line and the block end with a line starting ---)' };
  }
  const block = m[1] ?? '';
  const yaml = loadYaml(block);
  const fields = yaml ?? readLines(block);
  if (!fields) {
    const hasName = /^\s*name:/m.test(block);
    const hasDescription = /^\s*description:/m.test(block);
    const missing = !hasName && !hasDescription ? 'no name and no description' : !hasName ? 'no name' : 'no description';
    return { ok: false, why: `${missing} in the frontmatter` };
  }
  return { ok: true, name: fields.name.replace(UNSAFE_NAME, '-'), description: fields.description, reader: yaml ? 'yaml' : 'lines' };
}
