// Where Gemini CLI 0.61.0 looks for skills, and what it finds in one skills folder (RULES.md §1, §2).
//
// The folders, in the order they are read (packages/core/src/skills/skillManager.ts discoverSkills; the
// folder names from packages/core/src/config/storage.ts):
//  1. the built-in skills of the install (builtins.ts);
//  2. the skills of each active extension (extensions.ts);
//  3. `<home>/.gemini/skills`, then `<home>/.agents/skills` (home: GEMINI_CLI_HOME or HOME);
//  4. only in a trusted folder: `<cwd>/.gemini/skills`, then `<cwd>/.agents/skills` — the working folder itself
//     (the process's working directory, links resolved), never its parents nor the git root (case a02).
// A later folder wins a name (skillManager.ts addSkillsWithPrecedence): see listing.ts.
//
// One skills folder (packages/core/src/skills/skillLoader.ts loadSkillsFromDir): the glob patterns `SKILL.md`
// and `*/SKILL.md` from the folder, so a SKILL.md lying in the folder itself and one in each direct sub-folder
// — nothing deeper (case a03). Glob's `*` skips names starting with `.` (case a03), and `node_modules` is
// ignored (the `**/node_modules/**` ignore pattern); a sub-folder reached through a symlink is followed, and a
// SKILL.md that is a symlink counts as long as it is not a folder (case f01). The file name is matched
// exactly (`skill.md` is not found).
//
// The order glob gives (glob 12 with path-scurry, case g01): the folder's own SKILL.md first; then the
// sub-folders in reverse order of their names, as bytes — Node's readdir hands them over sorted (libuv's
// scandir sorts with strcmp) and path-scurry puts each new entry at the head of its list. The sub-folders'
// files are checked with concurrent lstat calls, so in principle two of them could swap; no run showed it.
//
// Also reported (as absent, never read): SKILL.md files a few levels deeper, in hidden folders, in
// node_modules, and in the `.gemini/skills` / `.agents/skills` of the parent folders up to the git root.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { gitRootOf } from '../../machine/gitRoot';
import { isDirectory, isRegularFile, isSymlink } from '../../machine/skillText';

export type FolderKind = 'user-gemini' | 'user-agents' | 'project-gemini' | 'project-agents' | 'extension';

export interface SkillsFolder {
  dir: string;
  kind: FolderKind;
  /** Set when the release does not read this folder (an untrusted workspace). */
  skippedBecause?: string;
  /** For an extension's folder: its name (the extension's own). */
  extension?: string;
}

export interface FoundFile {
  file: string;
  dir: string;
}

export interface PassedFile extends FoundFile {
  why: string;
}

/** Bounds of the reporting walk (the release has none: it never looks deeper than one level). */
const REPORT_DEPTH = 4;
const REPORT_FOLDERS = 2000;

/** The user and project skills folders, in order (steps 3 and 4 above). */
export function skillsFolders(cwd: string, geminiHome: string, trusted: boolean): SkillsFolder[] {
  const out: SkillsFolder[] = [
    { dir: path.join(geminiHome, '.gemini', 'skills'), kind: 'user-gemini' },
    { dir: path.join(geminiHome, '.agents', 'skills'), kind: 'user-agents' },
  ];
  const project: SkillsFolder[] = [
    { dir: path.join(cwd, '.gemini', 'skills'), kind: 'project-gemini' },
    { dir: path.join(cwd, '.agents', 'skills'), kind: 'project-agents' },
  ];
  for (const p of project)
    out.push(
      trusted ? p : { ...p, skippedBecause: 'the working folder is not trusted (~/.gemini/trustedFolders.json), so Gemini CLI reads none of its skills' },
    );
  return out;
}

/** The skills folders of the working folder's parents up to its git root: never read (case a02). */
export function parentFolders(cwd: string): string[] {
  const top = gitRootOf(cwd);
  if (top === null || top === cwd) return [];
  const out: string[] = [];
  for (let d = path.dirname(cwd); ; d = path.dirname(d)) {
    out.push(path.join(d, '.gemini', 'skills'), path.join(d, '.agents', 'skills'));
    if (d === top || path.dirname(d) === d) break;
  }
  return out;
}

/** Skills folders of other agents, reported as never read: `.claude/skills` (home and working folder),
 *  `.github/skills` and a bare `skills` folder in the working folder. */
export function otherAgentsFolders(cwd: string, geminiHome: string): string[] {
  return [path.join(geminiHome, '.claude', 'skills'), path.join(cwd, '.claude', 'skills'), path.join(cwd, '.github', 'skills'), path.join(cwd, 'skills')];
}

/** UTF-8 byte order, as strcmp sorts (libuv's scandir). */
function byBytes(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

function names(dir: string): string[] {
  try {
    return fs.readdirSync(dir).sort(byBytes);
  } catch {
    return [];
  }
}

/** lstat succeeds and the entry is not a folder: what glob's `nodir` keeps (a dangling link too). */
function globKeeps(p: string): boolean {
  try {
    return !fs.lstatSync(p).isDirectory();
  } catch {
    return false;
  }
}

/** The SKILL.md files the release finds in one skills folder, in its order, and those it passes by. */
export function scanSkillsFolder(dir: string, found: FoundFile[], passed: PassedFile[]): void {
  if (!isDirectory(dir)) return; // loadSkillsFromDir: not a folder, nothing
  const own = path.join(dir, 'SKILL.md');
  if (globKeeps(own)) found.push({ file: own, dir });
  const budget = { folders: REPORT_FOLDERS };
  const entries = names(dir).reverse();
  for (const name of entries) {
    const sub = path.join(dir, name);
    if (!isDirectory(sub)) continue;
    if (name.startsWith('.')) {
      reportUnder(sub, 'in a hidden folder (glob\'s "*" skips names starting with ".")', passed, budget, 0, true);
      continue;
    }
    if (name === 'node_modules') {
      reportUnder(sub, 'in a node_modules folder (ignored by the skills glob)', passed, budget, 0, true);
      continue;
    }
    const file = path.join(sub, 'SKILL.md');
    if (globKeeps(file)) found.push({ file, dir: sub });
    // Deeper files are reported for real sub-folders only: a linked one may lead back (`loop -> .`).
    if (!isSymlink(sub)) reportUnder(sub, 'more than one level below the skills folder (only SKILL.md and */SKILL.md are read)', passed, budget, 0, false);
  }
}

/** SKILL.md files under `dir` (its own one too when `self`), for the report only: bounded, links not followed
 *  below the first level, so a loop ends. */
function reportUnder(dir: string, why: string, passed: PassedFile[], budget: { folders: number }, depth: number, self: boolean): void {
  if (depth > REPORT_DEPTH || budget.folders <= 0) return;
  budget.folders--;
  if (self) {
    const own = path.join(dir, 'SKILL.md');
    if (isRegularFile(own)) passed.push({ file: own, dir, why });
  }
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  entries.sort((a, b) => byBytes(a.name, b.name));
  for (const e of entries) {
    if (!e.isDirectory()) continue; // links below the first level are not followed (loops)
    reportUnder(path.join(dir, e.name), why, passed, budget, depth + 1, true);
  }
}

/** Every SKILL.md in a folder the release never reads (a parent's skills folder, an untrusted workspace). */
export function reportFolder(dir: string, why: string, passed: PassedFile[]): void {
  if (!isDirectory(dir)) return;
  reportUnder(dir, why, passed, { folders: REPORT_FOLDERS }, 0, true);
}
