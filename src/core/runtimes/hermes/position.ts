// Where in SKILL.md a finding points: the key (or value) of a frontmatter field, found in the parsed YAML
// document when PyYAML could load it, else by scanning the frontmatter lines (the fallback parser's view).
// Offsets are in the text as Hermes reads it (universal newlines), which has the same lines as the file;
// a column is counted in UTF-16 units like an editor's.

import { LineIndex } from '../../skill/text';
import type { LoadedSkill } from './load';
import type { KeyLayout, KeyLayoutItem } from './read';

export interface Span {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

export const WHOLE_FILE: Span = { line: 1, column: 1, endLine: 1, endColumn: 1 };

/** The line index of the text last placed in: a skill's findings are placed one after the other. */
let lastIndex: { text: string; index: LineIndex } | null = null;

export function spanOf(text: string, start: number, end: number): Span {
  if (lastIndex?.text !== text) lastIndex = { text, index: new LineIndex(text) };
  const idx = lastIndex.index;
  const s = idx.position(start);
  const e = idx.position(Math.max(start, end));
  // An editor does not show a leading BOM, so columns on line 1 start after it.
  const bom = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const fix = (p: { line: number; column: number }): { line: number; column: number } =>
    p.line === 1 && bom ? { line: 1, column: Math.max(1, p.column - bom) } : p;
  const a = fix(s);
  const b = fix(e);
  return { line: a.line, column: a.column, endLine: b.line, endColumn: b.column };
}

/** Offsets [start, end] of a field's key (`which: 'key'`) or value, for a path like ['metadata', 'hermes',
 *  'requires_tools']. Null when the field is not written in the frontmatter. */
export function fieldRange(skill: LoadedSkill, keyPath: readonly string[], which: 'key' | 'value' = 'key'): [number, number] | null {
  const fm = skill.fm;
  if (skill.text === null || fm.kind === 'none' || fm.kind === 'unclosed') return null;
  if (fm.layout) {
    let map: KeyLayout | null = fm.layout;
    let found: [number, number] | null = null;
    for (const key of keyPath) {
      if (!map) return found;
      // The last occurrence wins in PyYAML, so point at the last one.
      let item: KeyLayoutItem | undefined;
      for (let i = map.length - 1; i >= 0 && !item; i--) if (map[i]?.key === key) item = map[i];
      if (!item) return found;
      const r = which === 'key' ? item.keyRange : item.valueRange;
      if (r) found = [r[0], r[1]];
      map = item.value;
    }
    return found;
  }
  // The line splitter keeps top-level and nested keys alike, so scan the frontmatter's lines.
  const key = keyPath[keyPath.length - 1] ?? '';
  const block = fm.yaml;
  let offset = 0;
  let last: [number, number] | null = null;
  for (const line of block.split('\n')) {
    const m = /^(\s*)([^:]*?)\s*:/.exec(line);
    if (m && m[2] === key) {
      const start = fm.yamlStart + offset + (m[1]?.length ?? 0);
      last = which === 'key' ? [start, start + key.length] : [start, fm.yamlStart + offset + line.length];
    }
    offset += line.length + 1;
  }
  return last;
}

/** The span of a field, or of line 1 when it cannot be placed. */
export function fieldSpan(skill: LoadedSkill, keyPath: readonly string[], which: 'key' | 'value' = 'key'): Span {
  const r = fieldRange(skill, keyPath, which);
  if (!r || skill.text === null) return WHOLE_FILE;
  return spanOf(skill.text, r[0], r[1]);
}
