// One SKILL.md turned into a skill the way Copilot CLI 1.0.102 loads it, or the reason it fails to load — the
// words `copilot skill list` prints for it (RULES.md §4, §5, §7). A skill that fails to load is not listed and
// takes no name (so it shadows nothing).

import * as path from 'node:path';
import { readFrontmatter } from './frontmatter';
import { READ_CAP, readSkillText } from '../../machine/skillText';

export interface LoadedSkill {
  /** The name as the runtime uses it: spaces turned into `-` (case c01). Not escaped. */
  name: string;
  /** The description as listed, before escaping. */
  description: string;
  /** The description is body text cut to MAX_DESCRIPTION (case d01 `long-body`). */
  cut: boolean;
  /** `disable-model-invocation: true` (case f01). */
  hidden: boolean;
}

export type LoadResult = { ok: true; skill: LoadedSkill } | { ok: false; why: string; yamlError?: boolean };

/** Names and descriptions may be this long (UTF-16 units: an emoji counts 2, case d04). */
export const MAX_NAME = 64;
export const MAX_DESCRIPTION = 1024;

const NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9\-_.: ]*$/;
const NAME_PATTERN_WORDS =
  'Skill name must start with an ASCII letter or number and contain only ASCII letters (a-z, A-Z), numbers, hyphens, underscores, dots, colons, and spaces';

/** The name check (case c02), then spaces to `-`, a run of spaces one `-` (case c01). The frontmatter `name`,
 *  else the skill folder's name, which gets the same treatment (case c01 `Folder With Spaces`). */
export function skillName(raw: unknown): { ok: true; name: string } | { ok: false; why: string } {
  if (typeof raw !== 'string') return { ok: false, why: 'Skill name must be a string' }; // `2048`, `true` (case c02)
  if (raw.length === 0) return { ok: false, why: 'Skill name must not be empty' }; // `""` (case c02)
  // Counted before spaces are folded (not observed either way: no case has a long name with spaces).
  if (raw.length > MAX_NAME) return { ok: false, why: `Skill name must be at most ${MAX_NAME} characters` }; // 65 (case c02)
  if (!NAME_PATTERN.test(raw)) return { ok: false, why: NAME_PATTERN_WORDS }; // `_x`, `-x`, `a/b`, `café` (case c02)
  return { ok: true, name: raw.replace(/ +/g, '-') };
}

/** The description taken from the body when the frontmatter has none (case d01): heading lines dropped, the
 *  other non-blank lines trimmed and joined with single spaces, cut to 1024. A code fence's opening line stays
 *  but the fenced lines and the closing fence do not (`- step one - step two ```sh`, without `make check`: case
 *  d01 `list-body`). Whether text after a closed fence is taken again is not shown by any case; here it is. */
export function bodyDescription(body: string): { text: string; cut: boolean } {
  const parts: string[] = [];
  let length = 0;
  let inFence = false;
  for (const line of body.split('\n')) {
    const t = line.trim();
    if (inFence) {
      if (t.startsWith('```')) inFence = false;
      continue;
    }
    if (t === '' || t.startsWith('#')) continue;
    parts.push(t);
    length += t.length + 1;
    if (t.startsWith('```')) inFence = true;
    if (length > MAX_DESCRIPTION + 1) break; // the rest would be cut anyway
  }
  const text = parts.join(' ');
  return text.length > MAX_DESCRIPTION ? { text: text.slice(0, MAX_DESCRIPTION), cut: true } : { text, cut: false };
}

/** Loads the SKILL.md at `file` (its folder `dir`, as reached). */
export function loadSkill(file: string, dir: string): LoadResult {
  const read = readSkillText(file);
  if (!read.ok) return read;
  const fm = readFrontmatter(read.text);
  if (!fm.ok) {
    // Only the first READ_CAP bytes were read: a block still open there may close further on.
    if (read.truncated && !fm.yamlError && /^\uFEFF?---\r?\n/.test(read.text))
      return { ok: false, why: `frontmatter not closed within the first ${READ_CAP} bytes (the emulation reads no further)` };
    return fm;
  }
  const data = fm.data;
  const name = skillName(data.has('name') ? data.get('name') : path.basename(dir));
  if (!name.ok) return name;
  let description: string;
  let cut = false;
  if (data.has('description')) {
    const d = data.get('description');
    // A number, boolean, list or null (`~`) fails (case d05); the text is kept as YAML gives it: not trimmed,
    // a block's newlines and final newline kept (case d02).
    if (typeof d !== 'string') return { ok: false, why: 'Skill description must be a string' };
    if (d.length > MAX_DESCRIPTION) return { ok: false, why: `Skill description must be at most ${MAX_DESCRIPTION} characters` }; // case d04
    description = d; // `""` stays empty, the body is not used (case d01 `empty-desc`)
  } else ({ text: description, cut } = bodyDescription(fm.body));
  let hidden = false;
  if (data.has('disable-model-invocation')) {
    const v = data.get('disable-model-invocation');
    if (typeof v !== 'boolean') return { ok: false, why: 'disable-model-invocation must be a boolean' }; // `"true"` (case f01)
    hidden = v;
  }
  // `user-invocable: false` changes nothing in the listing (case f01 `no-slash`).
  return { ok: true, skill: { name: name.name, description, cut, hidden } };
}
