// Where Codex 0.171.0 looks for skills from a start in `cwd` (RULES §2), and the SKILL.md files it finds.
//
// Roots, in the order of the skill-roots table (RULES §1; cases a03, b01, k01, a07):
//   1. `<d>/.codex/skills` for d = the working folder, then each parent up to the git repository's root
//      (the nearest folder holding `.git`); outside a repository the working folder only (cases a03, a04);
//   2. `$CODEX_HOME/skills` (default `~/.codex/skills`; case a07);
//   3. `~/.agents/skills` (case a02);
//   4. the bundled skills' folder `$CODEX_HOME/skills/.system` (only with bundled skills on: case k01);
//   5. `<d>/.agents/skills` for d = the repository root down to the working folder (case a03).
// Nothing else: not `~/.claude/skills`, `.github/skills`, a SKILL.md in `~/.codex` itself, folders below the
// working folder or above the repository root (cases a02, a03).
//
// In each root, a SKILL.md in the root itself or in any folder at most 6 levels below it (case a05); a skill's
// own sub-folders are searched too (a skill inside a skill, case a05); folders whose name starts with `.` are
// skipped, `node_modules` is not (case a05); symlinked folders are followed, a SKILL.md that is a symlink is
// not read (case a06).
//
// Our guards, not the release's: a folder already on the current path (a symlink loop) is not entered again,
// and a root stops being searched after MAX_FOLDERS_PER_ROOT folders.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { gitRootOf } from '../../machine/gitRoot';
import { compareBytes } from './text';

export type Scope = 'system' | 'repo' | 'user';

export interface SkillRoot {
  dir: string;
  scope: Scope;
  /** How the release comes to read it, in words. */
  source: string;
  /** The bundled skills' folder: its skills are the built-ins, not read from disk here. */
  bundled?: boolean;
}

/** Folders below a root that are searched (case a05: `six` 6 levels down is found, `seven` is not). */
export const MAX_DEPTH = 6;
/** Our guard against huge or looping trees. */
export const MAX_FOLDERS_PER_ROOT = 20000;

function exists(p: string): boolean {
  try {
    fs.lstatSync(p);
    return true;
  } catch {
    return false;
  }
}

/** The folders from `cwd` up to `top` (both included). */
function upTo(cwd: string, top: string): string[] {
  const out: string[] = [];
  for (let d = cwd; ; d = path.dirname(d)) {
    out.push(d);
    if (d === top || path.dirname(d) === d) break;
  }
  return out;
}

export interface RootsInput {
  cwd: string;
  home: string;
  codexHome: string;
  bundled: boolean;
}

/** The roots in table order (duplicates of one folder kept once, at their first place: not shown by a case). */
export function codexRoots(input: RootsInput): SkillRoot[] {
  const repo = gitRootOf(input.cwd);
  const chain = repo === null ? [input.cwd] : upTo(input.cwd, repo);
  const roots: SkillRoot[] = [
    ...chain.map((d) => ({ dir: path.join(d, '.codex', 'skills'), scope: 'repo' as const, source: 'repository .codex/skills' })),
    { dir: path.join(input.codexHome, 'skills'), scope: 'user', source: '$CODEX_HOME/skills' },
    { dir: path.join(input.home, '.agents', 'skills'), scope: 'user', source: '~/.agents/skills' },
    ...(input.bundled ? [{ dir: path.join(input.codexHome, 'skills', '.system'), scope: 'system' as const, source: 'bundled skills', bundled: true }] : []),
    ...[...chain].reverse().map((d) => ({ dir: path.join(d, '.agents', 'skills'), scope: 'repo' as const, source: 'repository .agents/skills' })),
  ];
  const seen = new Set<string>();
  return roots.filter((r) => {
    if (seen.has(r.dir)) return false;
    seen.add(r.dir);
    return true;
  });
}

export interface FoundFile {
  /** The SKILL.md as reached (through a linked folder: the link's path). */
  file: string;
  root: SkillRoot;
}

export interface WalkResult {
  files: FoundFile[];
  /** SKILL.md entries that are symlinks (not read: case a06). */
  linkedFiles: string[];
  /** Folders too deep to be searched that hold a SKILL.md directly (for the report only). */
  tooDeep: string[];
  truncated: boolean;
}

/** Every SKILL.md Codex reads in one root, in a depth-first walk with names in byte order. */
export function walkRoot(root: SkillRoot, result: WalkResult): void {
  let budget = MAX_FOLDERS_PER_ROOT;
  const visit = (dir: string, depth: number, ancestors: Set<string>): void => {
    if (budget-- <= 0) {
      result.truncated = true;
      return;
    }
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    entries.sort((a, b) => compareBytes(a.name, b.name));
    const skill = entries.find((e) => e.name === 'SKILL.md');
    if (skill?.isFile()) result.files.push({ file: path.join(dir, 'SKILL.md'), root });
    else if (skill?.isSymbolicLink()) result.linkedFiles.push(path.join(dir, 'SKILL.md'));
    for (const e of entries) {
      if (e.name.startsWith('.')) continue;
      if (!e.isDirectory() && !e.isSymbolicLink()) continue;
      const p = path.join(dir, e.name);
      let real: string;
      try {
        if (!fs.statSync(p).isDirectory()) continue;
        real = fs.realpathSync(p);
      } catch {
        continue;
      }
      if (ancestors.has(real)) continue;
      if (depth + 1 > MAX_DEPTH) {
        if (exists(path.join(p, 'SKILL.md'))) result.tooDeep.push(path.join(p, 'SKILL.md'));
        continue;
      }
      ancestors.add(real);
      visit(p, depth + 1, ancestors);
      ancestors.delete(real);
    }
  };
  let realRoot: string;
  try {
    if (!fs.statSync(root.dir).isDirectory()) return;
    realRoot = fs.realpathSync(root.dir);
  } catch {
    return;
  }
  visit(root.dir, 0, new Set([realRoot]));
}
