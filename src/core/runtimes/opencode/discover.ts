// Where OpenCode 1.18.33 looks for SKILL.md files from a start in `cwd`, and how it walks each place
// (packages/opencode/src/skill/index.ts discoverSkills and scan; packages/core/src/fs-util.ts up;
// packages/core/src/util/glob.ts scan; packages/opencode/src/config/paths.ts directories).
//
// The places, in the order OpenCode scans them (the order matters only for which of two same-named skills is
// likely to survive, which is a race anyway: see listing.ts):
//  1. unless OPENCODE_DISABLE_EXTERNAL_SKILLS: `~/.claude` (unless OPENCODE_DISABLE_CLAUDE_CODE[_SKILLS]) and
//     `~/.agents`, each when it is a folder: the pattern `skills/**/SKILL.md`, hidden folders included
//     (cases a01, a05, e01–e03);
//  2. the same two names in every folder from the working folder up to the git root — or up to `/` outside a
//     repository — nearest first, `.claude` before `.agents` in each (cases a02, a03). Nothing below the working
//     folder (case a02);
//  3. the config folders (`~/.config/opencode`, each `.opencode` from the working folder up to the root unless
//     OPENCODE_DISABLE_PROJECT_CONFIG, `~/.opencode`, OPENCODE_CONFIG_DIR): `{skill,skills}/**/SKILL.md`, hidden
//     folders NOT searched (cases a04, a05, a08, e04);
//  4. each `skills.paths` entry (`~/` is HOME, a relative one is taken from the working folder; one that is not
//     a folder is skipped): `**/SKILL.md`, hidden folders not searched (case a06);
//  5. `skills.urls` would be downloaded; the emulation does not (nothing leaves the machine).
// A path found twice (the same string) is read once.
//
// The walk (glob 13 with `follow: true`, `nodir: true`): `**` matches any depth, so a SKILL.md directly in
// `skills/` counts, a skill inside another skill's folder counts, `node_modules` is searched (case a05);
// symbolic links to folders are followed at every level and a SKILL.md that links to a file counts; a
// SKILL.md that is a dangling link is matched (then fails to read); a folder named SKILL.md is not a match but
// is searched (case a07). The file name is matched exactly (`skill.md` is not a skill, case a05). glob follows a
// link loop until the kernel refuses the path (about 40 links deep), finding whatever the loop holds again
// under each longer path; this walk enters no folder already on its own path, and notes the loop instead.
// Guards the release does not have: MAX_DEPTH levels and MAX_FOLDERS folders per start.
// (glob itself goes as deep as real folders go; links stop at the kernel's limit of about 40.)

import * as fs from 'node:fs';
import * as path from 'node:path';
import type { OpenCodeConfig } from './config';
import { configDirectories, upFrom } from './config';
import type { OpenCodeFlags } from './flags';
import { isDirectory, pathExists } from '../../machine/skillText';

export const MAX_DEPTH = 200;
export const MAX_FOLDERS = 20000;
const MAX_HIDDEN_FOLDERS = 2000;

export type RootKind = 'home' | 'project' | 'config' | 'paths';

/** One place OpenCode scans (or would scan, were it not switched off). */
export interface ScanRoot {
  /** The folder the pattern is applied in. */
  root: string;
  /** The literal first parts of the pattern: `skills`, or `skill` and `skills`, or none. */
  prefixes: string[];
  /** Hidden folders are searched (`dot: true`). */
  dot: boolean;
  kind: RootKind;
  /** Why OpenCode does not read it here (a flag), when it does not. */
  off?: string | undefined;
}

export interface FoundFile {
  file: string;
  root: ScanRoot;
}

export interface PassedFile {
  file: string;
  why: string;
}

export interface LinkLoop {
  /** The link that leads back into a folder already on the path. */
  at: string;
  /** That folder's real path. */
  target: string;
  /** That folder as the walk reached it: every file found below it is found again through the loop. */
  under: string;
}

export interface Walk {
  found: FoundFile[];
  passed: PassedFile[];
  loops: LinkLoop[];
  /** Notes on the start (a `skills.paths` entry that is not a folder, a walk cut short). */
  notes: string[];
}

function entries(dir: string): fs.Dirent[] {
  try {
    return fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  } catch {
    return [];
  }
}

function realOf(p: string): string | null {
  try {
    return fs.realpathSync(p);
  } catch {
    return null;
  }
}

/** Every place a start scans, in order, with the ones a flag switches off marked `off`. */
export function scanRoots(cwd: string, worktree: string, home: string, flags: OpenCodeFlags, config: OpenCodeConfig, notes: string[]): ScanRoot[] {
  const roots: ScanRoot[] = [];
  const externalOff = (dir: string): string | undefined => {
    if (flags.disableExternalSkills) return 'OPENCODE_DISABLE_EXTERNAL_SKILLS is set: OpenCode reads no .claude or .agents skills folders';
    if (dir === '.claude' && flags.disableClaudeCodeSkills)
      return `${flags.claudeSkillsOffBy ?? 'OPENCODE_DISABLE_CLAUDE_CODE_SKILLS'} is set: OpenCode reads no .claude skills folders`;
    return undefined;
  };
  for (const dir of ['.claude', '.agents']) {
    const root = path.join(home, dir);
    if (isDirectory(root)) roots.push({ root, prefixes: ['skills'], dot: true, kind: 'home', off: externalOff(dir) });
  }
  for (const d of upFrom(cwd, worktree))
    for (const dir of ['.claude', '.agents']) {
      const root = path.join(d, dir);
      if (pathExists(root)) roots.push({ root, prefixes: ['skills'], dot: true, kind: 'project', off: externalOff(dir) });
    }
  for (const dir of configDirectories(cwd, worktree, home, flags)) roots.push({ root: dir, prefixes: ['skill', 'skills'], dot: false, kind: 'config' });
  if (flags.disableProjectConfig)
    for (const d of upFrom(cwd, worktree)) {
      const dir = path.join(d, '.opencode');
      if (dir !== path.join(home, '.opencode') && isDirectory(dir))
        roots.push({
          root: dir,
          prefixes: ['skill', 'skills'],
          dot: false,
          kind: 'config',
          off: 'OPENCODE_DISABLE_PROJECT_CONFIG is set: OpenCode reads no project .opencode folders',
        });
    }
  for (const item of config.skillsPaths) {
    const expanded = item.startsWith('~/') ? path.join(home, item.slice(2)) : item;
    const dir = path.isAbsolute(expanded) ? expanded : path.join(cwd, expanded);
    if (!isDirectory(dir)) {
      notes.push(`skills.paths entry ${JSON.stringify(item)} is not a folder (${dir}): OpenCode skips it`);
      continue;
    }
    roots.push({ root: dir, prefixes: [], dot: false, kind: 'paths' });
  }
  if (config.skillsUrls.length > 0) notes.push('skills.urls is set: OpenCode would download those skills; the emulation does not (it reads only this machine)');
  return roots;
}

interface Budget {
  folders: number;
  hidden: number;
}

/** SKILL.md files inside a hidden folder the walk passes by (reported, a few levels only). */
function hiddenUnder(dir: string, why: string, out: PassedFile[], budget: Budget, depth = 0, seen = new Set<string>()): void {
  if (depth > 6 || budget.hidden <= 0) return;
  const real = realOf(dir);
  if (real === null || seen.has(real)) return;
  seen.add(real);
  budget.hidden--;
  for (const e of entries(dir)) {
    const p = path.join(dir, e.name);
    if (e.name === 'SKILL.md' && !isDirectory(p)) out.push({ file: p, why });
    else if (isDirectory(p)) hiddenUnder(p, why, out, budget, depth + 1, seen);
  }
  seen.delete(real);
}

/** The glob `<prefix>/**\/SKILL.md` in one root: the files it matches, in walk order. */
function walkOne(start: string, dot: boolean, budget: Budget, out: string[], passed: PassedFile[], loops: LinkLoop[], notes: string[]): void {
  const onPath = new Map<string, string>(); // real path → the path the walk reached it by
  const visit = (dir: string, depth: number): void => {
    if (depth > MAX_DEPTH) {
      notes.push(`the walk stopped ${MAX_DEPTH} levels below ${start} (an emulation guard)`);
      return;
    }
    if (budget.folders <= 0) return;
    const real = realOf(dir);
    if (real === null) return;
    budget.folders--;
    onPath.set(real, dir);
    const list = entries(dir);
    for (const e of list) {
      if (e.name !== 'SKILL.md') continue;
      const p = path.join(dir, e.name);
      if (!isDirectory(p)) out.push(p); // a file, a link to one, or a dangling link (glob's nodir keeps them)
    }
    for (const e of list) {
      const p = path.join(dir, e.name);
      if (!(e.isDirectory() || (e.isSymbolicLink() && isDirectory(p)))) continue;
      if (e.name.startsWith('.') && !dot) {
        hiddenUnder(
          p,
          `inside the hidden folder ${e.name}, which OpenCode does not search here (only .claude and .agents skills folders are searched with their hidden folders)`,
          passed,
          budget,
        );
        continue;
      }
      const childReal = realOf(p);
      if (childReal !== null && onPath.has(childReal)) {
        loops.push({ at: p, target: childReal, under: onPath.get(childReal) as string });
        continue;
      }
      visit(p, depth + 1);
    }
    onPath.delete(real);
  };
  if (isDirectory(start)) visit(start, 0);
}

/** Walks every root of a start. Files of switched-off roots are `passed` with the flag as the reason. */
export function walkRoots(roots: readonly ScanRoot[], notes: string[]): Walk {
  const budget: Budget = { folders: MAX_FOLDERS, hidden: MAX_HIDDEN_FOLDERS };
  const found: FoundFile[] = [];
  const passed: PassedFile[] = [];
  const loops: LinkLoop[] = [];
  const seen = new Set<string>();
  for (const root of roots) {
    const files: string[] = [];
    const starts = root.prefixes.length ? root.prefixes.map((p) => path.join(root.root, p)) : [root.root];
    for (const start of starts) walkOne(start, root.dot, budget, files, passed, loops, notes);
    for (const file of files) {
      if (root.off !== undefined) {
        if (!seen.has(file)) passed.push({ file, why: root.off });
        continue;
      }
      if (seen.has(file)) continue; // OpenCode keeps each path once
      seen.add(file);
      found.push({ file, root });
    }
  }
  if (budget.folders <= 0) notes.push(`the walk stopped after ${MAX_FOLDERS} folders (an emulation guard)`);
  // A passed file that another root reads after all is not passed.
  const kept = passed.filter((p, i) => !seen.has(p.file) && passed.findIndex((q) => q.file === p.file) === i);
  return { found, passed: kept, loops, notes };
}
