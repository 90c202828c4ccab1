// Where a skill lives and what its frontmatter names, as the profiles ask it when they decide whether they
// apply to a skill (RuntimeProfile.appliesBecause).

import * as path from 'node:path';

/** Whether `dir` is strictly below `root` (both absolute). */
export function isBelow(dir: string, root: string): boolean {
  const d = path.resolve(dir);
  const r = path.resolve(root);
  return d !== r && d.startsWith(r.endsWith(path.sep) ? r : r + path.sep);
}

/** Whether `dir` lies below a folder `<a>/<b>` (`.claude/skills`) somewhere on its path. */
export function isBelowPair(dir: string, a: string, b: string): boolean {
  const parts = path.resolve(dir).split(path.sep);
  return parts.some((p, i) => p === a && parts[i + 1] === b && i + 2 < parts.length);
}

/** A path as the user reads it: `~/…` under the home folder. */
export function shownPath(p: string, home: string): string {
  const h = path.resolve(home);
  return p === h || p.startsWith(h + path.sep) ? `~${p.slice(h.length)}` : p;
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
