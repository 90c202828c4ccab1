// The skill roots of the workspace: each workspace folder (and the `roots` setting's folders), read as
// `check ROOT` reads it. Inside a workspace folder a skill's root is the nearest folder above it whose name
// contains "skills" (`repo/skills/media/x` → root `repo/skills`, category `media`, as `check repo/skills`
// reports it), else the workspace folder: the open documents' checks and the skills model agree on it. A
// SKILL.md is located as the catalog's walk of that root would find it; one outside every root as `check
// FILE` finds it (its folder's parent is its root).

import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { categoryOf, SKILL_FILE, type SkillLocation } from '../core/skill/catalog';
import { fileOf } from './documents';
import { resolveSettingPath } from './settings';

/** A workspace folder as the client names it: its URI, and the name its labels use (default: the basename). */
export type FolderRef = string | { uri: string; name?: string };

export class Workspace {
  private folders: string[] = [];
  /** Per folder path, the client's name for it (the Skills view's root labels). */
  private readonly names = new Map<string, string>();
  private extra: string[] = [];

  /** Workspace folders as URIs (non-`file:` ones are ignored). */
  setFolders(folders: readonly FolderRef[]): void {
    this.names.clear();
    this.folders = unique(this.pathsOf(folders));
  }

  addFolders(added: readonly FolderRef[], removed: readonly FolderRef[]): void {
    const gone = new Set(this.pathsOf(removed));
    for (const f of gone) this.names.delete(f);
    this.folders = unique([...this.folders.filter((f) => !gone.has(f)), ...this.pathsOf(added)]);
  }

  /** The `file:` folders' paths, their names remembered. */
  private pathsOf(folders: readonly FolderRef[]): string[] {
    const out: string[] = [];
    for (const folder of folders) {
      const ref = typeof folder === 'string' ? { uri: folder } : folder;
      const file = fileOf(ref.uri);
      if (file === null) continue;
      const abs = path.resolve(file);
      if (typeof ref.name === 'string' && ref.name) this.names.set(abs, ref.name);
      out.push(abs);
    }
    return out;
  }

  /** The client's name for a workspace folder (default: its basename). */
  folderName(folder: string): string {
    return this.names.get(folder) ?? path.basename(folder);
  }

  setExtraRoots(roots: readonly string[]): void {
    this.extra = unique(roots.map((r) => resolveSettingPath(r, this.cwd())));
  }

  /** The workspace folders (file system paths). */
  folderPaths(): string[] {
    return [...this.folders];
  }

  /** Where relative settings are resolved and the runtimes run: the first workspace folder. */
  cwd(): string {
    return this.folders[0] ?? process.cwd();
  }

  /** Every skill root: the workspace folders, then the extra roots. */
  roots(): string[] {
    return unique([...this.folders, ...this.extra]);
  }

  /** The innermost root holding `file`, or null. */
  rootOf(file: string): string | null {
    let best: string | null = null;
    for (const r of this.roots()) {
      if (isUnder(file, r) && (best === null || r.length > best.length)) best = r;
    }
    return best;
  }

  /** Where the catalog finds this SKILL.md: under its root (the walk's rules), else as a file given alone. */
  locate(file: string): SkillLocation {
    const abs = path.resolve(file);
    const dir = path.dirname(abs);
    const outer = this.rootOf(abs);
    const root = outer !== null && this.folders.includes(outer) ? (skillsFolderOf(outer, dir) ?? outer) : outer;
    const alone: SkillLocation = { id: path.basename(dir), dir, file: abs, root: path.dirname(dir), category: 'general' };
    // A root that is itself a skill folder is that one skill (`check ROOT` walks no further).
    if (root === null || dir === root || existsSync(path.join(root, SKILL_FILE))) return alone;
    return { id: path.basename(dir), dir, file: abs, root, category: categoryOf(root, dir) };
  }
}

/** Inside the workspace folder `folder`: the nearest folder above the skill folder `skillDir` (below
 *  `folder`) whose name contains "skills", or null. */
export function skillsFolderOf(folder: string, skillDir: string): string | null {
  for (let dir = path.dirname(skillDir); isUnder(dir, folder); dir = path.dirname(dir)) {
    if (/skills/i.test(path.basename(dir))) return dir;
  }
  return null;
}

/** Whether `file` lies inside `dir` (not `dir` itself). */
export function isUnder(file: string, dir: string): boolean {
  const rel = path.relative(dir, file);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
}

function unique(xs: readonly string[]): string[] {
  return [...new Set(xs)];
}
