// Where VS Code 1.139.1 looks for skills, and in which order (RULES.md §1, cases a01, a03, a04, a05, e01).
//
// The folders (config/config.ts PromptsConfig.promptSourceFolders, config/promptFileLocations.ts
// DEFAULT_SKILL_SOURCE_FOLDERS): the six defaults — in the workspace `.agents/skills`, `.github/skills`,
// `.claude/skills`; in HOME `~/.agents/skills`, `~/.copilot/skills`, `~/.claude/skills` — unless
// `chat.agentSkillsLocations` sets one to false, then every other key of that setting set to true, in the order of
// its keys (user settings first, then the workspace's; keys trimmed, "true"/"false" strings taken as booleans).
// A key starting with `~/` is a personal folder, any other a workspace one.
//
// Resolving them (utils/promptFilesLocator.ts toAbsoluteLocations, isValidPromptFolderPath): a key with a glob
// character (`* ? [ ] { }`), a backslash, a leading `/` or drive letter, or a `~` not followed by `/`, is skipped;
// `~/x` is HOME/x; any other path is joined to each workspace root — the workspace folder, and with
// `chat.useCustomizationsInParentRepositories` every folder above it up to the git root (findParentRepoFolders:
// only when a folder holding `.git` is met before the climb reaches `/` or HOME — HOME itself is never a root);
// a folder reached twice is searched once, the first time.
//
// In each folder (findAgentSkillsInFolder): its entries in name order (byte order), the symbolic links after the
// rest (see namesIn), each a folder (a link to one counts) holding a `SKILL.md` that is a file (a link to one
// counts). Nothing deeper is searched.
//
// Order (promptsServiceImpl.ts computeSkillDiscoveryInfo): a stable sort puts every workspace folder's skills
// before every personal one's, keeping the order above within each group; Copilot's built-in skills follow
// (./builtins.ts).
//
// Bounded: at most MAX_ENTRIES entries are looked at per folder and MAX_SKILLS skills in all; nothing is read here
// (./read.ts reads), links are followed through stat only, so a link loop costs one failed stat.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { isDirectory, isRegularFile, pathExists } from '../../machine/skillText';

export const MAX_ENTRIES = 20_000;
export const MAX_SKILLS = 5_000;

export type Storage = 'local' | 'user';

/** A configured folder, as VS Code takes it from the setting. */
export interface SourceFolder {
  /** As written in the setting (trimmed). */
  key: string;
  storage: Storage;
  isDefault: boolean;
}

/** A SKILL.md found, in the order VS Code takes it. */
export interface Found {
  file: string;
  dir: string;
  storage: Storage;
  /** The setting key of the folder it was found in. */
  location: string;
}

/** A SKILL.md in a folder VS Code does not search here (a default turned off, an invalid key). */
export interface NotRead {
  file: string;
  dir: string;
  why: string;
}

/** The defaults, in VS Code 1.139.1's order (the order of the settings' default object). */
export const DEFAULT_FOLDERS: readonly SourceFolder[] = [
  { key: '.agents/skills', storage: 'local', isDefault: true },
  { key: '.github/skills', storage: 'local', isDefault: true },
  { key: '.claude/skills', storage: 'local', isDefault: true },
  { key: '~/.agents/skills', storage: 'user', isDefault: true },
  { key: '~/.copilot/skills', storage: 'user', isDefault: true },
  { key: '~/.claude/skills', storage: 'user', isDefault: true },
];

/** config.ts asBoolean: booleans, and the strings "true"/"false" in any case and with blanks around. */
function asBoolean(v: unknown): boolean | undefined {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'string') {
    const s = v.trim().toLowerCase();
    if (s === 'true') return true;
    if (s === 'false') return false;
  }
  return undefined;
}

/** config.ts getLocationsValue + promptSourceFolders: the folders to search, and those set to false (reported). */
export function sourceFolders(value: unknown): { folders: SourceFolder[]; off: SourceFolder[] } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { folders: [], off: [] };
  const paths: Record<string, boolean> = {};
  for (const [k, v] of Object.entries(value)) {
    const key = k.trim();
    const b = asBoolean(v);
    if (b !== undefined && key) paths[key] = b;
  }
  const folders: SourceFolder[] = [];
  const off: SourceFolder[] = [];
  for (const d of DEFAULT_FOLDERS) (paths[d.key] !== false ? folders : off).push(d);
  const defaults = new Set(DEFAULT_FOLDERS.map((d) => d.key));
  for (const [key, on] of Object.entries(paths)) {
    if (defaults.has(key)) continue;
    (on ? folders : off).push({ key, storage: key.startsWith('~/') ? 'user' : 'local', isDefault: false });
  }
  return { folders, off };
}

/** promptFilesLocator.ts VALID_PROMPT_FOLDER_PATTERN: relative or `~/`, no backslash, no glob characters. */
export function isValidFolderKey(key: string): boolean {
  return /^(?![A-Za-z]:[\\/])(?!\/)(?!~(?!\/))(?!.*\\)(?!.*[*?[\]{}]).*\S.*$/.test(key);
}

/** promptFilesLocator.ts findParentRepoFolders: the folders from `folder` up to the first one holding `.git`
 *  (both included), or none when there is no such folder below `/` and below HOME. */
export function parentRepoFolders(folder: string, home: string): string[] {
  const found: string[] = [];
  let current = path.resolve(folder);
  const stop = path.resolve(home);
  for (let i = 0; i < 256; i++) {
    if (pathExists(path.join(current, '.git'))) {
      found.push(current);
      return found;
    }
    found.push(current);
    const parent = path.dirname(current);
    if (parent === current || current === path.parse(current).root || parent === stop || found.includes(parent)) break;
    current = parent;
  }
  return [];
}

/** The workspace roots relative keys are joined to (getWorkspaceFolderRoots). */
export function workspaceRoots(cwd: string, home: string, parentRepos: boolean): string[] {
  const roots = [path.resolve(cwd)];
  if (parentRepos) for (const p of parentRepoFolders(cwd, home)) if (!roots.includes(p)) roots.push(p);
  return roots;
}

/** The absolute folders of a key (toAbsoluteLocations), or [] when VS Code skips the key. */
export function absoluteFolders(key: string, roots: readonly string[], home: string): string[] {
  if (!isValidFolderKey(key)) return [];
  if (key.startsWith('~/')) return [path.join(home, key.slice(2))];
  return roots.map((r) => path.join(r, key));
}

/**
 * The names in a folder in VS Code's order (at most MAX_ENTRIES), [] when it cannot be read. VS Code's disk file
 * system (src/vs/platform/files/node/diskFileSystemProvider.ts readdir) lists a folder as Node's readdir does, in
 * byte order, but the type of a symbolic link is known only after a second, awaited stat, so each link is added
 * once that stat returns: every entry that is not a link first, then the links (case e01, `linked` after `plain`).
 * The links are taken here in byte order too, the order their stats were started in.
 */
function namesIn(dir: string): string[] {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  const byBytes = (list: fs.Dirent[]) =>
    list
      .map((e) => ({ n: e.name, b: Buffer.from(e.name, 'utf8') }))
      .sort((a, b) => Buffer.compare(a.b, b.b))
      .map((x) => x.n);
  const some = entries.slice(0, MAX_ENTRIES);
  return [...byBytes(some.filter((e) => !e.isSymbolicLink())), ...byBytes(some.filter((e) => e.isSymbolicLink()))];
}

/** findAgentSkillsInFolder: `<folder>/<name>/SKILL.md` for each entry that is (or links to) a folder. */
export function skillsInFolder(folder: string, limit = MAX_SKILLS): Array<{ file: string; dir: string }> {
  const out: Array<{ file: string; dir: string }> = [];
  if (!isDirectory(folder)) return out;
  for (const name of namesIn(folder)) {
    if (out.length >= limit) break;
    const dir = path.join(folder, name);
    if (!isDirectory(dir)) continue;
    const file = path.join(dir, 'SKILL.md');
    if (isRegularFile(file)) out.push({ file, dir });
  }
  return out;
}

/** Every SKILL.md VS Code finds, in its order, and those in folders it does not search (for the report). */
export function discover(cwd: string, home: string, locationsValue: unknown, parentRepos: boolean): { found: Found[]; notRead: NotRead[] } {
  const { folders, off } = sourceFolders(locationsValue);
  const roots = workspaceRoots(cwd, home, parentRepos);
  const seen = new Set<string>();
  const found: Found[] = [];
  for (const f of folders) {
    for (const abs of absoluteFolders(f.key, roots, home)) {
      if (seen.has(abs)) continue;
      seen.add(abs);
      for (const s of skillsInFolder(abs, MAX_SKILLS - found.length)) found.push({ ...s, storage: f.storage, location: f.key });
    }
  }
  // computeSkillDiscoveryInfo's stable sort: workspace (local) before personal (user).
  const ordered = [...found.filter((s) => s.storage === 'local'), ...found.filter((s) => s.storage === 'user')];

  const notRead: NotRead[] = [];
  const listed = new Set(ordered.map((s) => s.file));
  const report = (abs: string, why: string) => {
    for (const s of skillsInFolder(abs, 500)) if (!listed.has(s.file)) notRead.push({ ...s, why });
  };
  for (const d of off) for (const abs of absoluteFolders(d.key, roots, home)) report(abs, `${d.key} is set to false in chat.agentSkillsLocations`);
  for (const f of folders)
    if (!isValidFolderKey(f.key) && !f.key.includes('*') && !f.key.includes('?')) {
      const abs = f.key.startsWith('~') ? path.join(home, f.key.replace(/^~[\\/]?/, '')) : path.isAbsolute(f.key) ? f.key : path.join(roots[0] ?? cwd, f.key);
      report(
        abs,
        `"${f.key}" in chat.agentSkillsLocations is skipped: VS Code takes only paths relative to the workspace or starting with ~/, without globs or backslashes`,
      );
    }
  return { found: ordered, notRead };
}
