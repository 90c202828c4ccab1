// Editing a nexo-rs extension manifest (`plugin.toml`): where the cursor stands (the table of the last
// `[header]` above it and the key on its line, read line by line so that a manifest being typed, which no TOML
// parser reads, still has a context), hover and completion from the manifest's one field table
// (runtimes/nexo/extensions/fields.ts), and the quick fixes whose replacement the engine's findings carry.
// Pure functions of the text.

import { type Field, MANIFEST, type Shape } from '../runtimes/nexo/extensions/fields';
import type { ManifestAnalysis } from '../runtimes/nexo/extensions/findings';
import { AGENT_VERSION } from '../runtimes/nexo/extensions/manifest';
import type { EditSpec } from './quickFixes';

/** A key's path in the manifest (`['requires', 'env']`). */
export type KeyPath = readonly string[];

export type ManifestCursor =
  /** Inside a `[header]` being written: `path` is what is typed so far (its last part partial). */
  | { at: 'header'; path: string[]; partial: string; start: number; end: number; closed: boolean }
  /** Where a key goes in `table` (`partial`: the key typed so far). */
  | { at: 'key'; table: string[]; partial: string; start: number; end: number }
  /** After `key =`: `key` is the full path. */
  | { at: 'value'; key: string[]; start: number; end: number };

const HEADER_RE = /^(\s*)(\[\[?)([^\]#]*)(\]?\]?)/;

/** The parts of a dotted key (`a."b.c".d`), quotes removed; null when it is not one. */
export function dottedKey(s: string): string[] | null {
  const parts: string[] = [];
  const re = /\s*(?:([A-Za-z0-9_-]+)|"((?:[^"\\]|\\.)*)"|'([^']*)')\s*(\.|$)/y;
  let i = 0;
  while (i < s.length) {
    re.lastIndex = i;
    const m = re.exec(s);
    if (!m) return null;
    parts.push(m[1] ?? m[2] ?? m[3] ?? '');
    i = re.lastIndex;
    if (m[4] === '') break;
  }
  return parts.length ? parts : null;
}

/** The `=` of a `key = value` line (outside quotes), or -1. */
function equalsAt(line: string): number {
  let quote: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i] as string;
    if (quote) {
      if (c === '\\' && quote === '"') i++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '#') return -1;
    else if (c === '=') return i;
  }
  return -1;
}

interface Line {
  text: string;
  start: number;
}

function lineAround(text: string, offset: number): Line {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  let end = text.indexOf('\n', offset);
  if (end < 0) end = text.length;
  return { text: text.slice(start, end).replace(/\r$/, ''), start };
}

/** The table whose keys are written at `offset`: the last header above it (the root when none). */
export function tableAt(text: string, offset: number): string[] {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  const before = text.slice(0, lineStart).split('\n');
  for (let i = before.length - 1; i >= 0; i--) {
    const m = HEADER_RE.exec(before[i] as string);
    if (m && m[4]) return dottedKey(m[3] as string) ?? [];
  }
  return [];
}

export function manifestCursor(text: string, offset: number): ManifestCursor | null {
  const line = lineAround(text, offset);
  const col = offset - line.start;
  const head = line.text.slice(0, col);
  if (/^\s*#/.test(head)) return null;
  const h = HEADER_RE.exec(line.text);
  if (h) {
    const open = (h[1] as string).length + (h[2] as string).length;
    if (col < open) return null;
    const inside = (h[3] as string).slice(0, col - open);
    const lastDot = inside.lastIndexOf('.');
    const path = lastDot < 0 ? [] : (dottedKey(inside.slice(0, lastDot)) ?? []);
    const partial = inside.slice(lastDot + 1).trim();
    const wordStart = line.start + open + lastDot + 1 + (inside.slice(lastDot + 1).length - inside.slice(lastDot + 1).trimStart().length);
    const after = /^[A-Za-z0-9_-]*/.exec(line.text.slice(col))?.[0].length ?? 0;
    return { at: 'header', path, partial, start: wordStart, end: offset + after, closed: (h[4] as string).length > 0 };
  }
  const table = tableAt(text, offset);
  const eq = equalsAt(line.text);
  if (eq >= 0 && col > eq) {
    const key = dottedKey(line.text.slice(0, eq).trim());
    if (!key) return null;
    const rest = line.text.slice(eq + 1);
    const lead = rest.length - rest.trimStart().length;
    return { at: 'value', key: [...table, ...key], start: line.start + eq + 1 + lead, end: line.start + line.text.trimEnd().length };
  }
  const keyText = eq >= 0 ? line.text.slice(0, eq) : line.text;
  const m = /^(\s*)((?:[A-Za-z0-9_-]+\s*\.\s*)*)([A-Za-z0-9_-]*)$/.exec(head);
  if (!m) return null;
  const prefix = m[2] ? (dottedKey((m[2] as string).replace(/\.\s*$/, '')) ?? []) : [];
  const wordStart = line.start + (m[1] as string).length + (m[2] as string).length;
  const after = /^[A-Za-z0-9_-]*/.exec(keyText.slice(col))?.[0].length ?? 0;
  return { at: 'key', table: [...table, ...prefix], partial: m[3] as string, start: wordStart, end: offset + after };
}

/** What the table says of a key (a tag and a map's entries get their own words). */
export interface FieldInfo {
  path: string[];
  shape: Shape;
  required: boolean;
  default?: unknown;
  doc: string;
  cite: string;
}

function variantsOf(shape: Extract<Shape, { t: 'tagged' }>): string {
  return shape.variants.map((v) => `\`"${v.name}"\``).join(', ');
}

/** The fields a table of this shape takes (a tagged table: its tag first, then every variant's keys once). */
export function fieldsOf(shape: Shape, chosen?: string): Field[] {
  if (shape.t === 'struct') return [...shape.fields];
  if (shape.t !== 'tagged') return [];
  const tag: Field = {
    key: shape.tag,
    shape: { t: 'string' },
    required: true,
    doc: `Which ${shape.name === 'Transport' ? 'transport' : 'kind of server'}: one of ${variantsOf(shape)}. The table refuses \`type\`.`,
    cite: shape.name === 'Transport' ? 'manifest.rs:289-303' : 'mcp.rs:279-330',
  };
  const out: Field[] = [tag];
  for (const v of shape.variants) {
    if (chosen !== undefined && v.name !== chosen) continue;
    for (const f of v.fields) if (!out.some((o) => o.key === f.key)) out.push(f);
  }
  return out;
}

/** The field at a key path, walking the manifest's shapes; null where the table has no such key. */
export function fieldAt(path: KeyPath): FieldInfo | null {
  let shape: Shape = MANIFEST;
  let info: FieldInfo | null = null;
  for (const [i, key] of path.entries()) {
    const here = path.slice(0, i + 1);
    if (shape.t === 'map' || shape.t === 'stringMap' || shape.t === 'stringsMap') {
      const value: Shape = shape.t === 'map' ? shape.value : shape.t === 'stringMap' ? { t: 'string' } : { t: 'strings' };
      const map = info as FieldInfo | null;
      info = { path: here, shape: value, required: false, doc: map?.doc ?? '', cite: map?.cite ?? '' };
      shape = value;
      continue;
    }
    const f = fieldsOf(shape).find((x) => x.key === key);
    if (!f) return null;
    info = { path: here, shape: f.shape, required: f.required, ...('default' in f ? { default: f.default } : {}), doc: f.doc, cite: f.cite };
    shape = f.shape;
  }
  return info;
}

/** A shape in words. */
export function shapeWords(shape: Shape): string {
  switch (shape.t) {
    case 'string':
      return 'string';
    case 'bool':
      return 'boolean';
    case 'i32':
      return 'integer (i32)';
    case 'strings':
      return 'array of strings';
    case 'stringMap':
      return 'table of strings';
    case 'stringsMap':
      return 'table of string arrays';
    case 'struct':
      return 'table';
    case 'tagged':
      return `table tagged by \`${shape.tag}\``;
    case 'map':
      return 'table of tables';
  }
}

function fieldMarkdown(f: FieldInfo): string {
  const facts = [shapeWords(f.shape), f.required ? 'required' : f.default !== undefined ? `default \`${JSON.stringify(f.default)}\`` : 'optional'];
  const title = f.shape.t === 'struct' || f.shape.t === 'tagged' || f.shape.t === 'map' ? `[${f.path.join('.')}]` : f.path.join('.');
  return [`**\`${title}\`** · ${facts.join(' · ')}`, '', f.doc, '', `*nexo-rs eec3f33 (agent ${AGENT_VERSION}): ${f.cite}*`].join('\n');
}

/** Hover: what nexo-rs does with the key (or table) under the cursor, with the range of its name. */
export function manifestHover(text: string, offset: number): { markdown: string; start: number; end: number } | null {
  const c = manifestCursor(text, offset);
  if (!c) return null;
  let path: string[];
  let start: number;
  let end: number;
  if (c.at === 'header') {
    const line = lineAround(text, offset);
    const h = HEADER_RE.exec(line.text);
    path = dottedKey((h?.[3] as string | undefined) ?? '') ?? [];
    start = line.start + (h ? (h[1] as string).length : 0);
    end = line.start + (h ? (h[0] as string).length : line.text.length);
  } else if (c.at === 'key') {
    path = [...c.table, text.slice(c.start, c.end)];
    ({ start, end } = c);
  } else {
    path = c.key;
    ({ start, end } = c);
  }
  const f = fieldAt(path);
  if (!f) return null;
  let markdown = fieldMarkdown(f);
  if (c.at === 'value' && f.shape.t === 'string' && /^(kind|transport)$/.test(path[path.length - 1] as string)) {
    const parent = fieldAt(path.slice(0, -1));
    if (parent?.shape.t === 'tagged') {
      const v = /^\s*"([^"]*)"/.exec(text.slice(c.start, c.end))?.[1];
      if (v !== undefined && !parent.shape.variants.some((x) => x.name === v)) markdown += `\n\n\`"${v}"\` is not one of ${variantsOf(parent.shape)}.`;
    }
  }
  return { markdown, start, end };
}

export interface ManifestSuggestion {
  label: string;
  kind: 'table' | 'property' | 'value';
  detail: string;
  documentation: string;
  /** Snippet syntax. */
  insert: string;
  /** The text replaced. */
  start: number;
  end: number;
  /** The cursor is left where a value goes. */
  retrigger?: boolean;
}

function valueSnippet(shape: Shape): string {
  switch (shape.t) {
    case 'string':
      return '"$1"';
    case 'bool':
      return '${1|true,false|}';
    case 'i32':
      return '${1:0}';
    case 'strings':
      return '["$1"]';
    default:
      return '{ $1 }';
  }
}

/** Keys already written in the section of `table` around the offset (so they are not offered again). */
function keysWritten(text: string, table: readonly string[]): Set<string> {
  const out = new Set<string>();
  const lines = text.split('\n');
  let here: string[] = [];
  for (const l of lines) {
    const h = HEADER_RE.exec(l);
    if (h && h[4]) {
      here = dottedKey(h[3] as string) ?? [];
      continue;
    }
    const eq = equalsAt(l);
    if (eq < 0) continue;
    const k = dottedKey(l.slice(0, eq).trim());
    if (!k) continue;
    const full = [...here, ...k];
    if (full.length === table.length + 1 && table.every((t, i) => full[i] === t)) out.add(full[full.length - 1] as string);
  }
  return out;
}

/** The variant a tagged table names (`kind = "stdio"`), when written. */
function chosenVariant(text: string, table: readonly string[], tag: string): string | undefined {
  let here: string[] = [];
  for (const l of text.split('\n')) {
    const h = HEADER_RE.exec(l);
    if (h && h[4]) {
      here = dottedKey(h[3] as string) ?? [];
      continue;
    }
    const m = new RegExp(`^\\s*${tag}\\s*=\\s*"([^"]*)"`).exec(l);
    if (m && here.length === table.length && table.every((t, i) => here[i] === t)) return m[1];
  }
  return undefined;
}

function headerNames(): { path: string[]; f: Field }[] {
  return (MANIFEST as Extract<Shape, { t: 'struct' }>).fields.map((f) => ({ path: [f.key], f }));
}

/** Completion at the offset: table names in a header, the keys of the table the cursor is in (each with its
 *  type, default and what nexo-rs does), and the values of a tag or a boolean. */
export function manifestCompletions(text: string, offset: number): ManifestSuggestion[] {
  const c = manifestCursor(text, offset);
  if (!c) return [];
  if (c.at === 'header') {
    if (c.path.length === 0)
      return headerNames().map(({ path, f }) => ({
        label: path.join('.'),
        kind: 'table',
        detail: shapeWords(f.shape),
        documentation: f.doc,
        insert: f.shape.t === 'map' ? `${path.join('.')}.\${1:name}${c.closed ? '' : ']'}` : `${path.join('.')}${c.closed ? '' : ']'}`,
        start: c.start,
        end: c.end,
      }));
    return [];
  }
  if (c.at === 'value') {
    const f = fieldAt(c.key);
    if (!f) return [];
    const parent = fieldAt(c.key.slice(0, -1));
    const last = c.key[c.key.length - 1];
    if (parent?.shape.t === 'tagged' && last === parent.shape.tag)
      return parent.shape.variants.map((v) => ({
        label: `"${v.name}"`,
        kind: 'value',
        detail: `${parent.shape.t === 'tagged' ? parent.shape.name : ''} variant`,
        documentation: `Then: ${v.fields.map((x) => `\`${x.key}\`${x.required ? ' (required)' : ''}`).join(', ')}.`,
        insert: `"${v.name}"`,
        start: c.start,
        end: c.end,
      }));
    if (f.shape.t === 'bool')
      return ['true', 'false'].map((v) => ({ label: v, kind: 'value', detail: 'boolean', documentation: f.doc, insert: v, start: c.start, end: c.end }));
    return [];
  }
  if (c.table.length === 0)
    return headerNames().map(({ path, f }) => ({
      label: f.shape.t === 'map' ? `[${path.join('.')}.<name>]` : `[${path.join('.')}]`,
      kind: 'table',
      detail: shapeWords(f.shape),
      documentation: f.doc,
      insert: f.shape.t === 'map' ? `[${path.join('.')}.\${1:name}]\n$0` : `[${path.join('.')}]\n$0`,
      start: c.start,
      end: c.end,
    }));
  const table = fieldAt(c.table);
  if (!table) return [];
  const chosen = table.shape.t === 'tagged' ? chosenVariant(text, c.table, table.shape.tag) : undefined;
  const written = keysWritten(text, c.table);
  return fieldsOf(table.shape, chosen)
    .filter((f) => !written.has(f.key) || f.key === c.partial)
    .map((f) => {
      const info = fieldAt([...c.table, f.key]) as FieldInfo;
      return {
        label: f.key,
        kind: 'property' as const,
        detail: `${shapeWords(f.shape)}${f.required ? ' · required' : f.default !== undefined ? ` · default ${JSON.stringify(f.default)}` : ''}`,
        documentation: fieldMarkdown(info),
        insert: `${f.key} = ${valueSnippet(f.shape)}`,
        start: c.start,
        end: c.end,
        ...(table.shape.t === 'tagged' && f.key === table.shape.tag ? { insert: `${f.key} = "$1"`, retrigger: true } : {}),
      };
    });
}

export interface ManifestFix {
  /** The finding it fixes (its code and offsets). */
  code: string;
  start: number;
  end: number;
  title: string;
  edits: EditSpec[];
}

const FIX_TITLES: Record<string, (r: string) => string> = {
  'nexo-ext-missing-key': (r) => `Write \`${r} =\`: the key nexo-rs reads`,
  'nexo-ext-invalid-version': (r) => `Write the version as \`${r}\` (strict semver)`,
  'nexo-ext-invalid-capability-name': (r) => `Rename to \`${r}\` (capability names take no hyphen)`,
};

/** The fixes the engine's findings carry a replacement for: inside the quotes of a string value. */
export function manifestFixes(analysis: ManifestAnalysis): ManifestFix[] {
  const out: ManifestFix[] = [];
  for (const d of analysis.diagnostics) {
    const r = d.data?.replacement;
    const title = FIX_TITLES[d.code];
    if (typeof r !== 'string' || !title) continue;
    const written = analysis.text.slice(d.start, d.end);
    const quoted = written.length >= 2 && (written[0] === '"' || written[0] === "'") && written[written.length - 1] === written[0];
    const edit = quoted ? { start: d.start + 1, end: d.end - 1, text: r } : { start: d.start, end: d.end, text: r };
    out.push({ code: d.code, start: d.start, end: d.end, title: title(r), edits: [edit] });
  }
  return out;
}
