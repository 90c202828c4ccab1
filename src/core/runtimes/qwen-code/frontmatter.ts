// How Qwen Code 0.24.4 cuts a SKILL.md into frontmatter and body, and reads the frontmatter.
//
// 1. The text is normalised: a leading byte-order mark is dropped and `\r\n` and lone `\r` become `\n`
//    (packages/core/src/utils/textUtils.ts normalizeContent; golden case c05).
// 2. The frontmatter is the text between a first line that is exactly `---` and the next line that is exactly
//    `---` (followed by a newline or the end of the file); `--- ` with a space, a blank line before the first
//    fence, or `...` as the closing line mean no frontmatter at all (skill-manager.ts parseSkillContent,
//    frontmatterRegex; case c05).
// 3. The frontmatter is parsed by the full YAML parser (the `yaml` package, core schema), and top-level keys
//    whose value is null are dropped. When that parser fails — a duplicate key, `key: a: b`, a tab in the wrong
//    place, any YAML error — or gives something other than a mapping, a small line-based parser reads it instead
//    (packages/core/src/utils/yaml-parser.ts parse, parseSimple; case c03). That fallback knows only
//    `key: value` lines, `  - item` lists and one level of indented `key: value` maps; a value is `true`,
//    `false`, `null`, a double-quoted string (its `\"` and `\\` undone), a number, or else the text as written
//    (single quotes kept, `|` and `>` kept as the value itself).

import { parse as parseYaml } from 'yaml';

export type Frontmatter = Record<string, unknown>;

export type SplitResult = { ok: true; yaml: string; body: string } | { ok: false; why: string };

/** BOM dropped, line ends as `\n` (normalizeContent). */
export function normalizeContent(text: string): string {
  return text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
}

/** The frontmatter and the body of a normalised text (the release's own pattern). */
export function splitFrontmatter(normalized: string): SplitResult {
  const m = /^---\n([\s\S]*?)\n---(?:\n|$)([\s\S]*)$/.exec(normalized);
  if (!m) return { ok: false, why: 'Invalid format: missing YAML frontmatter' };
  return { ok: true, yaml: m[1] ?? '', body: m[2] ?? '' };
}

/** Sets a key the way a plain object assignment would, without touching the prototype. */
function put(obj: Frontmatter, key: string, value: unknown): void {
  if (key === '__proto__') return; // assigning it in the release changes nothing a skill reads
  obj[key] = value;
}

/** A value of the fallback parser (yaml-parser.ts parseValue). */
function simpleValue(value: string): unknown {
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (value === 'null') return null;
  if (value === '') return '';
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
    return value.slice(1, -1).replace(/\\"/g, '"').replace(/\\\\/g, '\\');
  }
  const n = Number(value);
  if (!Number.isNaN(n) && Number.isFinite(n)) return n;
  return value;
}

/** The fallback line parser (yaml-parser.ts parseSimple), step for step. */
export function parseSimple(yaml: string): Frontmatter {
  const lines = yaml.split('\n').filter((l) => l.trim() !== '' && !l.trim().startsWith('#'));
  const result: Frontmatter = {};
  let currentKey = '';
  let list: unknown[] = [];
  let inList = false;
  let map: Frontmatter = {};
  let inMap = false;
  let mapKey = '';
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (line.startsWith('  - ')) {
      if (!inList) {
        inList = true;
        list = [];
      }
      list.push(simpleValue(line.substring(4).trim()));
      continue;
    }
    if (inList) {
      put(result, currentKey, list);
      inList = false;
      list = [];
      currentKey = '';
    }
    if (line.startsWith('  ') && inMap) {
      const [k = '', ...rest] = line.trim().split(':');
      put(map, k.trim(), simpleValue(rest.join(':').trim()));
      continue;
    }
    if (inMap) {
      put(result, mapKey, map);
      inMap = false;
      map = {};
      mapKey = '';
    }
    if (!line.includes(':')) continue;
    const [k = '', ...rest] = line.split(':');
    const value = rest.join(':').trim();
    if (value !== '') {
      put(result, k.trim(), simpleValue(value));
      continue;
    }
    // `key:` alone: a list or a map follows when the next kept line says so; otherwise the key is dropped.
    currentKey = k.trim();
    if (i + 1 < lines.length) {
      const next = lines[i + 1] ?? '';
      if (next.startsWith('  - ')) continue;
      if (next.startsWith('  ')) {
        inMap = true;
        mapKey = currentKey;
        map = {};
        currentKey = '';
      }
    }
  }
  if (inList) put(result, currentKey, list);
  if (inMap) put(result, mapKey, map);
  return result;
}

/** How the frontmatter was read: by the YAML parser, or by the fallback after the YAML parser refused it. */
export type ParsedFrontmatter = { data: Frontmatter; by: 'yaml' } | { data: Frontmatter; by: 'fallback'; yamlError: string };

/** yaml-parser.ts parse: the full parser first, the line parser when it fails or gives no mapping. */
export function parseFrontmatter(yaml: string): ParsedFrontmatter {
  let yamlError = 'not a mapping';
  try {
    // `logLevel: 'error'` only keeps the library from printing warnings here; errors still throw, as in the release.
    const v = parseYaml(yaml, { schema: 'core', logLevel: 'error' }) as unknown;
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      const data: Frontmatter = {};
      for (const [k, val] of Object.entries(v as Record<string, unknown>)) if (val !== null) put(data, k, val);
      return { data, by: 'yaml' };
    }
  } catch (e) {
    yamlError = (e instanceof Error ? e.message : String(e)).split('\n')[0] ?? '';
  }
  return { data: parseSimple(yaml), by: 'fallback', yamlError };
}
