// Where Claude Code 2.1.332 finds skills when it starts (../shared/golden/claude-code, cases in parentheses):
// `<config>/skills/<folder>/SKILL.md` (the config folder: CLAUDE_CONFIG_DIR or ~/.claude, a01, a08), then
// `<dir>/.claude/skills/<folder>/SKILL.md` for the working folder and each parent — up to the git repository's
// root when there is one, else up to `/` (a05, a06). Exactly one level: `skills/<folder>/SKILL.md`, the file
// named exactly `SKILL.md` (a02, a03); a linked skill folder is followed (a04); folders below the working
// folder are not read at start (a07). Legacy command files: `<config>/commands/*.md` and
// `<dir>/.claude/commands/**/*.md` (a09).

import * as fs from 'node:fs';
import * as path from 'node:path';
import { gitRootOf } from '../../machine/gitRoot';

/** Files over this size are skipped (the release reads no SKILL.md over 1,000,000 bytes). */
export const MAX_SKILL_BYTES = 1_000_000;

export interface FoundFile {
  /** The entry's name as the release lists it: the folder's (skills) or `sub:name` (commands). */
  folder: string;
  file: string;
  dir: string;
  source: 'user' | 'project';
  /** The skills (or commands) folder it was found in. */
  root: string;
  kind: 'skill' | 'command';
  /** Why it cannot be read (too large, unreadable), else null. */
  problem: string | null;
}

/** The folders whose `.claude` the release reads, nearest first: the working folder up to the git root or `/`. */
export function projectDirs(cwd: string): string[] {
  const stop = gitRootOf(cwd);
  const out: string[] = [];
  for (let d = cwd; ; d = path.dirname(d)) {
    out.push(d);
    if (d === stop || path.dirname(d) === d) break;
  }
  return out;
}

/** JavaScript's localeCompare, as the release sorts a folder's entries (g01). The collator is made on first
 *  use: making one loads ICU's collation data, which a run that sorts no folder for Claude Code never needs. */
let collator: Intl.Collator | undefined;
export const compareNames = (a: string, b: string): number => (collator ??= new Intl.Collator('en')).compare(a, b);

function isDir(p: string): boolean {
  try {
    return fs.statSync(p).isDirectory();
  } catch {
    return false;
  }
}

function listDir(dir: string): string[] {
  try {
    return fs.readdirSync(dir);
  } catch {
    return [];
  }
}

function problemOf(file: string): string | null | undefined {
  let st: fs.Stats;
  try {
    st = fs.statSync(file);
  } catch {
    return undefined;
  }
  if (!st.isFile()) return undefined;
  if (st.size > MAX_SKILL_BYTES) return `it is ${st.size.toLocaleString('en-US')} bytes, over the 1,000,000 Claude Code reads`;
  return null;
}

/** The skills of one skills folder, sorted as the release lists them. */
export function skillsIn(root: string, source: 'user' | 'project'): FoundFile[] {
  const out: FoundFile[] = [];
  for (const name of listDir(root).sort(compareNames)) {
    const dir = path.join(root, name);
    if (!isDir(dir)) continue;
    const file = path.join(dir, 'SKILL.md');
    // The exact name: a case-insensitive file system would answer for `skill.md` too (a03).
    if (!listDir(dir).includes('SKILL.md')) continue;
    const problem = problemOf(file);
    if (problem === undefined) continue;
    out.push({ folder: name, file, dir, source, root, kind: 'skill', problem });
  }
  return out;
}

/** Legacy command files: the user's top level only, a project's at any depth as `sub:name` (a09). */
export function commandsIn(root: string, source: 'user' | 'project'): FoundFile[] {
  const out: FoundFile[] = [];
  const seen = new Set<string>();
  const walk = (dir: string, prefix: string[], depth: number): void => {
    let real: string;
    try {
      real = fs.realpathSync(dir);
    } catch {
      return;
    }
    if (seen.has(real) || depth > 16) return;
    seen.add(real);
    for (const name of listDir(dir).sort(compareNames)) {
      const p = path.join(dir, name);
      if (isDir(p)) {
        if (source === 'project') walk(p, [...prefix, name], depth + 1);
        continue;
      }
      if (!name.endsWith('.md')) continue;
      const problem = problemOf(p);
      if (problem === undefined) continue;
      out.push({ folder: [...prefix, name.slice(0, -3)].join(':'), file: p, dir, source, root, kind: 'command', problem });
    }
  };
  walk(root, [], 0);
  return out;
}
