// Where a skill lives and what its frontmatter names, as the profiles ask it when they decide whether they
// apply to a skill (RuntimeProfile.appliesBecause). Paths are absolute and normalised (../detect.ts resolves
// the skill's folder and the home once per skill): these run for every profile on every skill of a check.

import * as path from 'node:path';

/** Whether `dir` is strictly below `root` (both absolute and normalised). */
export function isBelow(dir: string, root: string): boolean {
  return dir !== root && dir.startsWith(root.endsWith(path.sep) ? root : root + path.sep);
}

let lastDir = '';
let lastParts: string[] = [];

/** Whether `dir` (absolute, normalised) lies below a folder `<a>/<b>` (`.claude/skills`) on its path. */
export function isBelowPair(dir: string, a: string, b: string): boolean {
  // The profiles ask this of the same folder one after another: split it once.
  if (dir !== lastDir) [lastDir, lastParts] = [dir, dir.split(path.sep)];
  const parts = lastParts;
  for (let i = 0; i + 2 < parts.length; i++) if (parts[i] === a && parts[i + 1] === b) return true;
  return false;
}

/** The folder holding the nearest `<parent>/skills` above `dir` (`/repo` for `/repo/.claude/skills/x`), for
 *  any of `parents` (`.claude`, `.agents` …); null when `dir` lies in none. */
export function projectOfSkillsFolder(dir: string, parents: readonly string[]): string | null {
  const parts = dir.split(path.sep);
  for (let i = parts.length - 3; i >= 0; i--)
    if (parents.includes(parts[i] as string) && parts[i + 1] === 'skills') return parts.slice(0, i).join(path.sep) || path.sep;
  return null;
}

/** A path as the user reads it: `~/…` under the home folder (absolute, normalised). */
export function shownPath(p: string, home: string): string {
  return p === home || p.startsWith(home + path.sep) ? `~${p.slice(home.length)}` : p;
}

/** Whether the frontmatter map has `key` of its own. */
export function hasKey(data: Readonly<Record<string, unknown>> | null | undefined, key: string): boolean {
  return data !== null && data !== undefined && Object.prototype.hasOwnProperty.call(data, key);
}

/** The frontmatter's `metadata` when it is a map, else null. */
export function metadataOf(data: Readonly<Record<string, unknown>> | null): Readonly<Record<string, unknown>> | null {
  const m = data?.['metadata'];
  return m !== null && typeof m === 'object' && !Array.isArray(m) ? (m as Record<string, unknown>) : null;
}
