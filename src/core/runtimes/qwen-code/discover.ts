// Where Qwen Code 0.24.4 looks for skills from a start in `cwd`, and how it reads one skills folder.
//
// The levels, highest precedence first (packages/core/src/skills/skill-manager.ts refreshCache,
// getSkillsBaseDirs, listSkillsAtLevel):
//  - `project`: `<cwd>/.qwen/skills`, then `<cwd>/.agents/skills` (SKILL_PROVIDER_CONFIG_DIRS in
//    packages/core/src/config/storage.ts). Only the working folder: no walk up to the git root, nothing below
//    (golden case a03). Skipped when the working folder is HOME (case a04);
//  - `user`: `<global dir>/skills` (the global dir is `QWEN_HOME` or `~/.qwen`, case f02), `~/.agents/skills`,
//    then each `skills.directories` folder not already in the list (case f01);
//  - `extension`: the skills of each extension in `<global dir>/extensions/<folder>/` that has a
//    `qwen-extension.json` with a `name`, read from its `skills/` folder; listed as `<extension name>:<skill
//    name>` (packages/core/src/skills/types.ts qualifySkillName; case k05);
//  - `bundled`: the release's own (builtins.ts).
// `.claude/skills`, `<cwd>/skills` and every other folder are never read (case a02).
//
// One skills folder (skill-manager.ts loadSkillsFromDir; case a05): its entries in directory order; an
// entry named like an install artifact (`….backup-<digits>-<digits>`, `….installing-<digits>-<digits>`:
// skill-install-artifacts.ts isInstallArtifactName) is skipped; anything that is not a folder or a symlink is
// skipped; a symlink must lead to a folder (symlinkScope.ts validateSymlinkTarget), anywhere on disk; then
// `<entry>/SKILL.md` (exact case) is the skill. Dot folders are read like any other. Nothing deeper is read: a
// SKILL.md lying in the skills folder itself, or one folder further down, is not a skill.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { isDirectory, pathExists, readSkillText } from '../../machine/skillText';
import { expandHome, type QwenSettings, type SkillLevel } from './settings';

/** At most this many entries are looked at in one skills folder (a guard the release does not have). */
export const MAX_ENTRIES = 5000;

export interface SkillsFolder {
  dir: string;
  level: SkillLevel;
  /** For the extension level: the extension's manifest name (the prefix of its skills' names). */
  extension?: string;
  /** Set when the release never reads this folder (an extension folder without a usable manifest): why. Its
   *  SKILL.md files are reported as not read. */
  unread?: string;
}

/** A SKILL.md the release reads, in the order it reads them. */
export interface FoundFile {
  file: string;
  dir: string;
  folder: SkillsFolder;
}

/** A SKILL.md in or under a skills folder that the release never reads, and why. */
export interface UnreachedFile {
  file: string;
  dir: string;
  why: string;
}

/** The same test as isInstallArtifactName. */
export function isInstallArtifactName(name: string): boolean {
  return /\.(backup|installing)-\d+-\d+$/.test(name);
}

/** The folders of the project and user levels, in order. `projectRoot` is the working folder. */
export function skillsFolders(projectRoot: string, home: string, settings: QwenSettings): SkillsFolder[] {
  const out: SkillsFolder[] = [];
  // listSkillsAtLevel: "project root is home directory" — the project level is skipped then (case a04).
  if (path.resolve(projectRoot) !== path.resolve(home)) {
    for (const d of ['.qwen', '.agents']) out.push({ dir: path.join(projectRoot, d, 'skills'), level: 'project' });
  }
  const user = [path.resolve(settings.globalDir, 'skills'), path.resolve(home, '.agents', 'skills')];
  for (const custom of settings.directories) {
    const expanded = path.resolve(projectRoot, expandHome(custom, home));
    if (!user.includes(expanded)) user.push(expanded); // a custom folder already in the list is read once (f01)
  }
  for (const dir of user) out.push({ dir, level: 'user' });
  return out;
}

/** The extension level's folders: one per installed extension with a named manifest, in directory order. */
export function extensionFolders(settings: QwenSettings): SkillsFolder[] {
  const root = path.join(settings.globalDir, 'extensions');
  const out: SkillsFolder[] = [];
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(root, { withFileTypes: true }).slice(0, MAX_ENTRIES);
  } catch {
    return out;
  }
  for (const e of entries) {
    const dir = path.join(root, e.name);
    if (!isDirectory(dir)) continue;
    const manifest = readSkillText(path.join(dir, 'qwen-extension.json'));
    let name: unknown;
    try {
      name = manifest.ok && !manifest.truncated ? (JSON.parse(manifest.text) as { name?: unknown }).name : undefined;
    } catch {
      name = undefined;
    }
    if (typeof name !== 'string' || name === '') {
      // No manifest, or one without a name: not an extension, its skills are never read (case k05).
      out.push({ dir: path.join(dir, 'skills'), level: 'extension', unread: `${e.name} has no qwen-extension.json with a name: not an extension` });
      continue;
    }
    out.push({ dir: path.join(dir, 'skills'), level: 'extension', extension: name });
  }
  return out;
}

/** The SKILL.md files the release reads in one skills folder, and the ones lying where it never looks. */
export function walkSkillsFolder(folder: SkillsFolder, found: FoundFile[], unreached: UnreachedFile[]): void {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(folder.dir, { withFileTypes: true }).slice(0, MAX_ENTRIES);
  } catch {
    return; // a missing or unreadable folder gives no skills
  }
  for (const entry of entries) {
    const entryPath = path.join(folder.dir, entry.name);
    if (entry.name === 'SKILL.md' && !entry.isDirectory()) {
      unreached.push({ file: entryPath, dir: folder.dir, why: 'SKILL.md directly in the skills folder is not a skill (each skill needs a folder of its own)' });
      continue;
    }
    const inArtifact = isInstallArtifactName(entry.name);
    const isDir = entry.isDirectory();
    const isLink = entry.isSymbolicLink();
    if (!isDir && !isLink) continue;
    if (isLink && !isDirectory(entryPath)) continue; // a link to a file, or a broken link (case a05)
    const file = path.join(entryPath, 'SKILL.md');
    if (inArtifact) {
      if (pathExists(file))
        unreached.push({ file, dir: entryPath, why: `the folder name ${entry.name} looks like an install artifact (.backup-/.installing-<pid>-<time>)` });
      continue;
    }
    if (pathExists(file)) {
      found.push({ file, dir: entryPath, folder });
      continue;
    }
    // One level further down is never read; say so for a SKILL.md found there (case a05). Not through a linked
    // folder: a link back to the skills folder (case x01) would report every skill a second time.
    if (isLink) continue;
    let inner: fs.Dirent[] = [];
    try {
      inner = fs.readdirSync(entryPath, { withFileTypes: true }).slice(0, 200);
    } catch {
      inner = [];
    }
    for (const i of inner) {
      if (i.name !== 'SKILL.md' && i.name.toLowerCase() === 'skill.md') {
        unreached.push({ file: path.join(entryPath, i.name), dir: entryPath, why: `named ${i.name}: only SKILL.md, spelled so, is read` });
        continue;
      }
      const nested = path.join(entryPath, i.name, 'SKILL.md');
      if ((i.isDirectory() || i.isSymbolicLink()) && isDirectory(path.join(entryPath, i.name)) && pathExists(nested))
        unreached.push({ file: nested, dir: path.join(entryPath, i.name), why: 'nested two folders deep: only <skills folder>/<skill>/SKILL.md is read' });
    }
  }
}
