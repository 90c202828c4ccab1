// The `skills_list()` tool (tools/skills_tool.py `_find_all_skills`, ST:720-770): what the model gets when
// it asks for the list. It differs from the index on purpose-blind details an author trips on:
// - it parses only the first 4000 characters of SKILL.md;
// - the name is the raw frontmatter value cut to 64 characters; a value that is not a string (a bool,
//   a number, null, a date) raises inside the loop and the skill is silently left out;
// - a falsy description is replaced by the first body line that is not blank and not a `#` heading;
//   numbers, `true` and dates raise (left out); lists and mappings pass through; longer than 1024
//   characters is cut to 1021 + `...`;
// - the first skill of a name wins across the whole tree; a skill whose (cut) name is disabled is left out;
// - category is the first path component, only for skills at least two folders deep;
// - it ignores conditional activation, and a file that is not UTF-8 is left out.

import { EXCLUDED_DIRS, relParts } from './discover';
import { environmentMatches, platformMatches } from './gate';
import type { Host } from './host';
import type { LoadedSkill } from './load';
import {
  cpCompare,
  cpHead,
  cpLen,
  hashKey,
  isStr,
  PyBytes,
  PyDict,
  PyList,
  PyError,
  PySet,
  PyTuple,
  pyToJson,
  pyTruthy,
  pyStrip,
  type PyValue,
} from './pyvalue';

export interface SkillsListEntry {
  name: PyValue;
  description: PyValue;
  category: string | null;
}

export interface SkillsListResult {
  /** Per discovered skill: its entry, or null when left out. */
  entries: (SkillsListEntry | null)[];
  /** Why each left-out skill is left out (for reasons and findings). */
  dropped: (SkillsListDrop | null)[];
  /** The whole tool answer as JSON (what Hermes returns). */
  json: Record<string, unknown>;
}

export type SkillsListDrop =
  | 'unreadable'
  | 'platform'
  | 'environment'
  | 'name-not-string'
  | 'duplicate-name'
  | 'disabled'
  | 'description-not-string'
  | 'description-too-long-list'
  | 'excluded-path';

export const MAX_NAME_LENGTH = 64;
export const MAX_DESCRIPTION_LENGTH = 1024;

/** `len(value)` or TypeError. */
function pyLen(v: PyValue): number {
  if (typeof v === 'string') return cpLen(v);
  if (v instanceof PyList || v instanceof PyTuple || v instanceof PySet) return v.items.length;
  if (v instanceof PyDict) return v.size;
  if (v instanceof PyBytes) return v.bytes.length;
  throw new PyError('TypeError', 'object has no len()');
}

/** The first body line that is not blank and not a `#` heading (the description fallback). */
export function firstBodyLine(body: string): string | null {
  for (const raw of pyStrip(body).split('\n')) {
    const line = pyStrip(raw);
    if (line && !line.startsWith('#')) return line;
  }
  return null;
}

/** skills_list's category: the first path component, when the skill is at least two folders deep. */
export function listCategory(rel: string): string | null {
  const parts = relParts(rel);
  return parts.length >= 3 ? (parts[0] ?? null) : null;
}

/** `_find_all_skills()`: the local folder first, then each external folder, first name wins across all.
 *  `entries`/`dropped` describe the local skills; external entries only join the tool's answer. */
export function skillsList(skills: LoadedSkill[], host: Host, externals: { dir: string; skills: LoadedSkill[] }[] = []): SkillsListResult {
  const all = [...skills, ...externals.flatMap((e) => e.skills)];
  const entries: (SkillsListEntry | null)[] = all.map(() => null);
  const dropped: (SkillsListDrop | null)[] = all.map(() => null);
  const seen = new Set<string>();
  let bytesName = false;
  all.forEach((skill, i) => {
    if (relParts(skill.found.rel).some((p) => EXCLUDED_DIRS.has(p))) {
      dropped[i] = 'excluded-path';
      return;
    }
    if (skill.text === null) {
      dropped[i] = 'unreadable';
      return;
    }
    const fm = skill.fmHead.fields;
    try {
      if (!platformMatches(fm.get('platforms'), host)) {
        dropped[i] = 'platform';
        return;
      }
      if (!environmentMatches(fm.get('environments'), host)) {
        dropped[i] = 'environment';
        return;
      }
    } catch {
      dropped[i] = 'unreadable';
      return;
    }
    const parts = relParts(skill.found.rel);
    const folder = parts.length >= 2 ? (parts[parts.length - 2] ?? '') : rootName(skill.found.file);
    const rawName = fm.get('name', folder) ?? null;
    let name: PyValue;
    if (isStr(rawName)) name = cpHead(rawName, MAX_NAME_LENGTH);
    else if (rawName instanceof PyBytes) {
      name = new PyBytes(rawName.bytes.slice(0, MAX_NAME_LENGTH));
      bytesName = true;
    } else {
      dropped[i] = 'name-not-string';
      return;
    }
    const key = isStr(name) ? name : hashKey(name);
    if (seen.has(key)) {
      dropped[i] = 'duplicate-name';
      return;
    }
    if (isStr(name) && host.disabled.has(name)) {
      dropped[i] = 'disabled';
      return;
    }
    let description: PyValue = fm.get('description', '') ?? null;
    if (!pyTruthy(description)) {
      const line = firstBodyLine(skill.fmHead.body);
      if (line !== null) description = line;
    }
    let len: number;
    try {
      len = pyLen(description);
    } catch {
      dropped[i] = 'description-not-string';
      return;
    }
    if (len > MAX_DESCRIPTION_LENGTH) {
      if (!isStr(description)) {
        dropped[i] = 'description-too-long-list';
        return;
      }
      description = `${cpHead(description, MAX_DESCRIPTION_LENGTH - 3)}...`;
    }
    seen.add(key);
    entries[i] = { name, description, category: listCategory(skill.found.rel) };
  });
  return { entries: entries.slice(0, skills.length), dropped: dropped.slice(0, skills.length), json: listJson(entries, bytesName) };
}

function rootName(file: string): string {
  const parts = file.split('/');
  return parts[parts.length - 2] ?? '';
}

/** The tool's JSON answer: sorted by (category or '', name), the categories, the count and the hint. */
function listJson(entries: (SkillsListEntry | null)[], bytesName: boolean): Record<string, unknown> {
  const all = entries.filter((e): e is SkillsListEntry => e !== null);
  if (all.length === 0) return { success: true, skills: [], categories: [], message: 'No skills found in skills/ directory.' };
  if (bytesName) return { error: "'<' not supported between instances of 'bytes' and 'str'", success: false };
  const sorted = [...all].sort((a, b) => cpCompare(a.category ?? '', b.category ?? '') || cpCompare(String(a.name), String(b.name)));
  const categories = [...new Set(sorted.map((s) => s.category).filter((c): c is string => Boolean(c)))].sort(cpCompare);
  try {
    const skills = sorted.map((s) => ({ name: pyToJson(s.name), description: pyToJson(s.description), category: s.category }));
    return { success: true, skills, categories, count: skills.length, hint: 'Use skill_view(name) to see full content, tags, and linked files' };
  } catch (e) {
    return { error: e instanceof Error ? e.message : String(e), success: false };
  }
}
