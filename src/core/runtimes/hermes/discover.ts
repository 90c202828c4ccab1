// Where Hermes finds skills: `iter_skill_index_files(skills_dir, "SKILL.md")` (agent/skill_utils.py,
// SU:785-807), used alike by the index, skills_list and skill_view. It is `os.walk(followlinks=True)`:
// - every file named exactly `SKILL.md` (or `DESCRIPTION.md` for category lines) is collected;
// - folders named in EXCLUDED_DIRS are never entered, at any depth (exact, case-sensitive names);
// - `references/ templates/ assets/ scripts/` are not entered when they sit directly in a folder that
//   holds a SKILL.md (support files, not skills); elsewhere they are ordinary folders;
// - it descends into skill folders, so a SKILL.md below another skill is a skill of its own;
// - the result is sorted by full path string, by code point (`a-b/…` before `a/…` since `-` < `/`).
//
// Unlike Python we stop at a symbolic link that leads back into a folder already on the current path
// (Hermes would walk the loop until the OS refuses the path) and bound the walk's size, so a hostile tree
// never hangs a check or the language server.

import * as path from 'node:path';
import { FsView, UncachedFsView } from '../../machine/fsview';
import { cpCompare } from './pyvalue';

/** Outside a run, every question goes to the system. */
const DIRECT = new UncachedFsView();

export const EXCLUDED_DIRS: ReadonlySet<string> = new Set([
  '.git',
  '.github',
  '.hub',
  '.archive',
  '.venv',
  'venv',
  'node_modules',
  'site-packages',
  '__pycache__',
  '.tox',
  '.nox',
  '.pytest_cache',
  '.mypy_cache',
  '.ruff_cache',
]);

export const SUPPORT_DIRS: ReadonlySet<string> = new Set(['references', 'templates', 'assets', 'scripts']);

/** Folders visited at most (a skills tree has hundreds; this only stops a runaway walk). */
const MAX_DIRS = 50_000;
const MAX_DEPTH = 64;

export interface FoundFile {
  /** Absolute path. */
  file: string;
  /** Path relative to the root, with `/` (e.g. `writing/blog/SKILL.md`, or `SKILL.md`). */
  rel: string;
}

export interface WalkNote {
  kind: 'symlink-loop' | 'limit' | 'unreadable-dir';
  /** Folder relative to the root. */
  rel: string;
}

export interface Discovery {
  skills: FoundFile[];
  descriptions: FoundFile[];
  /** SKILL.md files the walk passed over because they sit in an excluded or support folder (for
   *  findings; looked up only one level down, cheaply). */
  skipped: { rel: string; why: 'excluded' | 'support'; dir: string }[];
  notes: WalkNote[];
  /** The pruned folders not looked into yet (`discover` told not to): `probeSkipped` looks, for `skipped`. */
  pruned?: { dir: string; rel: string; why: 'excluded' | 'support' }[];
}

/** Walks `root` as Hermes does, collecting SKILL.md and DESCRIPTION.md in one pass (both walks prune
 *  the same way: the support-folder rule looks at SKILL.md only). With `probe` false, the pruned folders are
 *  only listed in `pruned`, for `probeSkipped` (or nobody) to look into. */
export function discover(root: string, view: FsView = DIRECT, probe = true): Discovery {
  const out: Discovery = { skills: [], descriptions: [], skipped: [], notes: [] };
  let visited = 0;
  // `dirReal` is the folder's real path; `chain` the real paths of the folders on the way down (a link back
  // to one of them is a loop).
  const walk = (dir: string, dirReal: string, rel: string, chain: ReadonlySet<string>, depth: number): void => {
    if (visited++ > MAX_DIRS || depth > MAX_DEPTH) {
      out.notes.push({ kind: 'limit', rel });
      return;
    }
    const entries = view.readdir(dir);
    if (entries === null) {
      if (depth > 0) out.notes.push({ kind: 'unreadable-dir', rel });
      return;
    }
    // os.walk splits entries with `is_dir()`, which follows symbolic links; anything else is a "file"
    // (a dangling link included).
    const dirs: Array<{ name: string; link: boolean }> = [];
    const files = new Set<string>();
    for (const e of entries) {
      const link = e.isSymbolicLink();
      const isDir = link ? view.isDir(path.join(dir, e.name)) : e.isDirectory();
      if (isDir) dirs.push({ name: e.name, link });
      else files.add(e.name);
    }
    const hasSkill = files.has('SKILL.md');
    const relOf = (name: string): string => (rel ? `${rel}/${name}` : name);
    if (hasSkill) out.skills.push({ file: path.join(dir, 'SKILL.md'), rel: relOf('SKILL.md') });
    if (files.has('DESCRIPTION.md')) out.descriptions.push({ file: path.join(dir, 'DESCRIPTION.md'), rel: relOf('DESCRIPTION.md') });
    for (const { name, link } of dirs) {
      const child = path.join(dir, name);
      if (EXCLUDED_DIRS.has(name) || (hasSkill && SUPPORT_DIRS.has(name))) {
        const why = EXCLUDED_DIRS.has(name) ? 'excluded' : 'support';
        if (probe) noteSkipped(out, child, relOf(name), why, view);
        else (out.pruned ??= []).push({ dir: child, rel: relOf(name), why });
        continue;
      }
      // A plain folder's real path is its parent's plus its name; only a link is resolved.
      const real = link ? view.realpath(child) : path.join(dirReal, name);
      if (real === null) continue;
      if (chain.has(real)) {
        out.notes.push({ kind: 'symlink-loop', rel: relOf(name) });
        continue;
      }
      walk(child, real, relOf(name), new Set(chain).add(real), depth + 1);
    }
  };
  const rootReal = view.realpath(root);
  if (rootReal === null) return out;
  walk(root, rootReal, '', new Set([rootReal]), 0);
  const byRel = (a: FoundFile, b: FoundFile): number => cpCompare(a.file, b.file);
  out.skills.sort(byRel);
  out.descriptions.sort(byRel);
  return out;
}

/** Looks into the pruned folders `discover` left (those `wanted` keeps; every one by default), in the walk's
 *  order, as it would have. */
export function probeSkipped(d: Discovery, view: FsView, wanted: (dir: string) => boolean = () => true): void {
  for (const p of d.pruned ?? []) if (wanted(p.dir)) noteSkipped(d, p.dir, p.rel, p.why, view);
  d.pruned = [];
}

/** Records SKILL.md files directly inside a pruned folder or one level below it, so an author can be
 *  told why a skill they wrote there is not seen. */
function noteSkipped(out: Discovery, dir: string, rel: string, why: 'excluded' | 'support', view: FsView): void {
  const probe = (d: string, r: string, depth: number): void => {
    const entries = view.readdir(d);
    if (entries === null) return;
    if (entries.some((e) => e.name === 'SKILL.md')) out.skipped.push({ rel: `${r}/SKILL.md`, why, dir: rel });
    if (depth === 0) {
      for (const e of entries.slice(0, 200)) {
        const c = path.join(d, e.name);
        // A folder, links followed: the listing says so but for a link.
        if (e.isSymbolicLink() ? view.isDir(c) : e.isDirectory()) probe(c, `${r}/${e.name}`, 1);
      }
    }
  };
  probe(dir, rel, 0);
}

/** The parts of a relative path (`a/b/SKILL.md` → ['a', 'b', 'SKILL.md']). */
export function relParts(rel: string): string[] {
  return rel.split('/');
}

/** The skill folder relative to the root as skill_view takes it (`.` for a SKILL.md in the root). */
export function skillIdOf(rel: string): string {
  const parts = relParts(rel);
  return parts.length > 1 ? parts.slice(0, -1).join('/') : '.';
}
