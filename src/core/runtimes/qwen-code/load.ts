// One SKILL.md as Qwen Code 0.24.4 loads it: a skill, or the reason it fails to load (it is then left out, in
// silence, and takes no name). packages/core/src/skills/skill-manager.ts parseSkillContent (project, user and
// bundled skills) and packages/core/src/skills/skill-load.ts parseSkillContent (extension skills) apply the
// same rules, in this order:
//
//  1. the file is read whole as UTF-8 (invalid bytes become U+FFFD: golden case c05) — a folder named
//     SKILL.md fails here (case a05); frontmatter.ts cuts and parses it;
//  2. `name` and `description` must be present and not null or '' (case d01);
//  3. the name is the value turned into text (`123`, `true`, a list `[foo]` → `foo`) and must match
//     /^[\p{L}\p{N}_:.-]+$/u — letters of any script, digits, `_`, `:`, `.`, `-`; no spaces (types.ts
//     validateSkillName; case d01);
//  4. the description is the value turned into text: a number or boolean as written by JavaScript, a list joined
//     with `,` (`[a, [b, c]]` → `a,b,c`), but a mapping is refused (case c02, d01); one that is blank once
//     trimmed is refused (skill-load.ts validateConfig; case d01);
//  5. optional fields that fail the load when present in the wrong shape (types.ts; case d02): `allowedTools`
//     not a list, `model` not a string, `paths` not a list, or a `paths` entry that is absolute (`/…`, `C:…`) or
//     has a `..` segment (backslashes read as `/`) (parsePathsField);
//  6. read, never failing: `when_to_use` (a string: shown after the description, case d02),
//     `disable-model-invocation` (`true` or the string `"true"`: hidden, case d03), `paths` (a non-empty list of
//     non-blank patterns: the skill is conditional and not listed at start, case d03); `priority`, `hooks`,
//     `argument-hint`, `user-invocable`, `allowed-tools` change nothing in the section.

import { readSkillText } from '../../machine/skillText';
import { normalizeContent, parseFrontmatter, splitFrontmatter } from './frontmatter';

/** The name pattern of types.ts SKILL_NAME_PATTERN. */
export const SKILL_NAME_PATTERN = /^[\p{L}\p{N}_:.-]+$/u;

export interface LoadedSkill {
  name: string;
  description: string;
  whenToUse?: string;
  disableModelInvocation: boolean;
  /** The `paths` patterns when the skill is conditional. */
  paths?: string[];
  /** How the frontmatter was read (the fallback parser reads YAML differently: worth telling an author). */
  parsedBy: 'yaml' | 'fallback';
  yamlError?: string;
}

export type LoadResult = { ok: true; skill: LoadedSkill } | { ok: false; why: string };

/** JavaScript's String(value), as the release turns a frontmatter value into text. */
function asText(v: unknown): string {
  return String(v);
}

/** A plain mapping (not a list). */
function isMapping(v: unknown): boolean {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** parsePathsField: undefined (no gating), the cleaned patterns, or an error. */
function readPaths(raw: unknown): { ok: true; paths?: string[] } | { ok: false; why: string } {
  if (raw === undefined || raw === null) return { ok: true };
  if (!Array.isArray(raw)) return { ok: false, why: '"paths" must be an array of glob patterns' };
  const cleaned = raw.map((p) => String(p).trim()).filter((p) => p.length > 0);
  for (const pattern of cleaned) {
    const normalized = pattern.replace(/\\/g, '/');
    if (normalized.startsWith('/') || /^[A-Za-z]:/.test(normalized))
      return { ok: false, why: `"paths" entry "${pattern}" looks absolute; patterns are project-root-relative` };
    if (normalized.split('/').some((seg) => seg === '..'))
      return { ok: false, why: `"paths" entry "${pattern}" contains a ".." segment that escapes the project root` };
  }
  return cleaned.length > 0 ? { ok: true, paths: cleaned } : { ok: true };
}

/** The skill in a text (already read). */
export function loadSkillText(text: string): LoadResult {
  const split = splitFrontmatter(normalizeContent(text));
  if (!split.ok) return { ok: false, why: split.why };
  const parsed = parseFrontmatter(split.yaml);
  const fm = parsed.data;
  const nameRaw = fm.name;
  const descriptionRaw = fm.description;
  if (nameRaw === undefined || nameRaw === null || nameRaw === '') return { ok: false, why: 'Missing "name" in frontmatter' };
  if (descriptionRaw === undefined || descriptionRaw === null || descriptionRaw === '') return { ok: false, why: 'Missing "description" in frontmatter' };
  if (isMapping(nameRaw)) return { ok: false, why: '"name" is a mapping, not text' };
  const name = asText(nameRaw);
  if (!SKILL_NAME_PATTERN.test(name)) return { ok: false, why: `"name" must match ${String(SKILL_NAME_PATTERN)} (letters, digits, _, :, ., -); got "${name}"` };
  if (isMapping(descriptionRaw)) return { ok: false, why: '"description" is a mapping, not text' };
  const description = asText(descriptionRaw);
  if (fm.allowedTools !== undefined && fm.allowedTools !== null && !Array.isArray(fm.allowedTools))
    return { ok: false, why: '"allowedTools" must be an array' };
  if (fm.model !== undefined && typeof fm.model !== 'string') return { ok: false, why: '"model" must be a string' };
  const paths = readPaths(fm.paths);
  if (!paths.ok) return { ok: false, why: paths.why };
  if (description.trim() === '') return { ok: false, why: 'Validation failed: "description" cannot be empty' };
  const dmi = fm['disable-model-invocation'];
  const skill: LoadedSkill = {
    name,
    description,
    disableModelInvocation: dmi === true || dmi === 'true',
    parsedBy: parsed.by,
  };
  if (typeof fm.when_to_use === 'string') skill.whenToUse = fm.when_to_use;
  if (paths.paths) skill.paths = paths.paths;
  if (parsed.by === 'fallback') skill.yamlError = parsed.yamlError;
  return { ok: true, skill };
}

/** The skill in a file, read with the guarded reader (never hangs on a FIFO, never reads more than 1 MB). */
export function loadSkillFile(file: string): LoadResult {
  const r = readSkillText(file);
  if (!r.ok) return { ok: false, why: `Failed to read skill file: ${r.why}` };
  if (r.truncated) {
    // The release reads the whole file; past 1 MB this emulation reads only the start, which is enough when
    // the frontmatter closes there.
    const closes = /^\uFEFF?---\r?\n[\s\S]*?\r?\n---(?:\r?\n|$)/.test(r.text);
    if (!closes) return { ok: false, why: 'the file is over 1 MB and its frontmatter does not close within the first 1 MB (not emulated)' };
  }
  try {
    return loadSkillText(r.text);
  } catch (e) {
    // Only a pathological text gets here (say, lists nested deep enough to exhaust the stack): the emulation
    // reports it rather than throw.
    return { ok: false, why: `could not be read by this emulation (${e instanceof Error ? e.message : String(e)})` };
  }
}
