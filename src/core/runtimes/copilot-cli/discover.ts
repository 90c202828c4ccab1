// Where Copilot CLI 1.0.102 looks for skills from a start in `cwd` (RULES.md §2), and the walk of one skills
// folder.
//
// The skills folders, in the order they are read (RULES.md §8):
//  1. the project: `.github/skills`, then `.agents/skills`, then `.claude/skills` (case a02, g02); for each
//     kind the working folder's, then each parent's, up to the git root (the nearest folder holding `.git`),
//     or up to `/` outside a repository (cases a03, a04). Nothing above the root (a03), nothing below the
//     working folder (a03). Location `project`;
//  2. `~/.copilot/skills`, then `~/.agents/skills` (case a02), location `user`. `~/.claude/skills`, a
//     SKILL.md directly in `~/.copilot`, `<repo>/.copilot/skills` and `<repo>/skills` are never read (a02);
//  3. the folders of `COPILOT_SKILLS_DIRS` (comma-separated), then of the `skillDirectories` setting,
//     location `custom` (case a07).
// A folder named in `ignoredSkillsLocations` is not read (case a07).
//
// The walk of one folder (case a05): sub-folders at any depth, `node_modules` too; hidden entries (a name
// starting with `.`) skipped; a folder holding a SKILL.md is a skill and is not searched further, so a skill
// inside a skill is not found; a SKILL.md lying directly in the skills folder makes the whole folder one skill
// (case a06). Symlinked folders and a SKILL.md that links to a file are followed (case a05). Folders are taken
// in code-unit order of their names (the cases only show that the first of two same-named skills in one
// folder, `x-first` before `x-second`, wins: case b02).
//
// Guards the release may not have: a folder already on the current path (a symlink loop) is not entered
// again, and a walk stops at MAX_DEPTH levels and MAX_FOLDERS folders per start, so a hostile tree ends.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { gitRootOf } from '../../machine/gitRoot';
import { isRegularFile } from '../../machine/skillText';
import type { CopilotSettings } from './settings';

export type Location = 'project' | 'user' | 'custom';

export interface SkillsFolder {
  dir: string;
  location: Location;
  /** The run its skills are sorted in with their neighbours (RULES.md §8, case g02): `project` (the working
   *  folder's), `inherited` (a parent's), `user-copilot`, `user-agents`, `custom`. */
  run: 'project' | 'inherited' | 'user-copilot' | 'user-agents' | 'custom';
  /** Why the runtime does not read it (`ignoredSkillsLocations`), when it does not. */
  ignoredBy?: string;
}

export const MAX_DEPTH = 40;
export const MAX_FOLDERS = 20000;

/** `~` and `~/…` as the home folder (only `ignoredSkillsLocations` expands it, case a07). */
function expandHome(p: string, home: string): string {
  if (p === '~') return home;
  if (p.startsWith('~/')) return path.join(home, p.slice(2));
  return p;
}

function inside(folder: string, candidate: string): boolean {
  const rel = path.relative(folder, candidate);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/** Every skills folder a start in `cwd` reads, in order. */
export function skillsFolders(cwd: string, home: string, env: Readonly<Record<string, string | undefined>>, settings: CopilotSettings): SkillsFolder[] {
  const out: SkillsFolder[] = [];
  const top = gitRootOf(cwd);
  const chain: string[] = [];
  for (let d = cwd; ;) {
    chain.push(d);
    const up = path.dirname(d);
    if (d === top || up === d) break;
    d = up;
  }
  for (const kind of ['.github', '.agents', '.claude'])
    for (const d of chain) out.push({ dir: path.join(d, kind, 'skills'), location: 'project', run: d === cwd ? 'project' : 'inherited' });
  out.push({ dir: path.join(home, '.copilot', 'skills'), location: 'user', run: 'user-copilot' });
  out.push({ dir: path.join(home, '.agents', 'skills'), location: 'user', run: 'user-agents' });
  for (const entry of (env.COPILOT_SKILLS_DIRS ?? '').split(',')) {
    const e = entry.trim();
    if (e) out.push({ dir: path.resolve(cwd, e), location: 'custom', run: 'custom' });
  }
  for (const e of settings.skillDirectories) if (e) out.push({ dir: path.resolve(cwd, e), location: 'custom', run: 'custom' });
  const ignored = settings.ignoredSkillsLocations.filter((e) => e).map((e) => ({ e, dir: path.resolve(cwd, expandHome(e, home)) }));
  for (const f of out) {
    const hit = ignored.find((i) => inside(i.dir, f.dir));
    if (hit) f.ignoredBy = hit.e;
  }
  return out;
}

/** A SKILL.md the walk reached (`found`), or one it passed by without reading (`unreached`, with why). */
export interface FoundFile {
  file: string;
  dir: string;
}
export interface UnreachedFile extends FoundFile {
  why: string;
}

/** Folders left to walk in this start, and to look into for the report of unreached files. */
export interface WalkBudget {
  folders: number;
  unreached: number;
}

export const MAX_UNREACHED_FOLDERS = 2000;

function isFolder(p: string, entry: fs.Dirent): boolean {
  if (entry.isDirectory()) return true;
  if (!entry.isSymbolicLink()) return false;
  try {
    return fs.statSync(p).isDirectory();
  } catch {
    return false; // dangling link or loop
  }
}

function entries(dir: string): fs.Dirent[] {
  try {
    return fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  } catch {
    return [];
  }
}

/** SKILL.md files the walk does not reach under `dir` (a hidden folder, a skill's own folder), for reporting:
 *  a few levels only, within a folder budget of their own (MAX_UNREACHED_FOLDERS). */
function unreachedUnder(dir: string, why: string, out: UnreachedFile[], budget: WalkBudget, depth = 0, seen = new Set<string>()): void {
  if (depth > 4 || budget.unreached <= 0) return;
  let real: string;
  try {
    real = fs.realpathSync(dir);
  } catch {
    return;
  }
  if (seen.has(real)) return;
  seen.add(real);
  budget.unreached--;
  for (const e of entries(dir)) {
    const p = path.join(dir, e.name);
    if (isFolder(p, e)) {
      const skill = path.join(p, 'SKILL.md');
      if (isRegularFile(skill)) out.push({ file: skill, dir: p, why });
      unreachedUnder(p, why, out, budget, depth + 1, seen);
    }
  }
  seen.delete(real);
}

/** Walks one skills folder: the SKILL.md files Copilot finds, in order, and the ones it passes by. */
export function walkSkillsFolder(root: string, found: FoundFile[], unreached: UnreachedFile[], budget: WalkBudget): void {
  const onPath = new Set<string>();
  const visit = (dir: string, depth: number): void => {
    if (depth > MAX_DEPTH || budget.folders <= 0) return;
    let real: string;
    try {
      real = fs.realpathSync(dir);
    } catch {
      return; // missing, dangling, a loop
    }
    if (onPath.has(real)) return; // a symlink loop: already being walked
    budget.folders--;
    const skill = path.join(dir, 'SKILL.md');
    if (isRegularFile(skill)) {
      found.push({ file: skill, dir });
      unreachedUnder(dir, `inside the folder of the skill ${skill} (not searched)`, unreached, budget);
      return; // a skill's folder is not searched further (cases a05, a06)
    }
    onPath.add(real);
    for (const e of entries(dir)) {
      const p = path.join(dir, e.name);
      if (!isFolder(p, e)) continue;
      if (e.name.startsWith('.')) {
        const s = path.join(p, 'SKILL.md');
        if (isRegularFile(s)) unreached.push({ file: s, dir: p, why: 'inside a hidden folder' });
        unreachedUnder(p, 'inside a hidden folder', unreached, budget);
        continue; // hidden folders are skipped (case a05 `.drafts`)
      }
      visit(p, depth + 1);
    }
    onPath.delete(real);
  };
  visit(root, 0);
}
