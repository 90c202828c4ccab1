// The catalog: the one place that walks directories. A skill is a folder holding SKILL.md; its identity is
// the folder name. Categories come from the folders between the root and the skill (Hermes layout,
// runtime-semantics §2): nested categories joined with `/`, a skill directly under the root is `general`.
// The walk never follows a symlink loop, skips `.git` and `node_modules`, never descends into a skill
// folder (its `references/`, `scripts/` are the skill's own files), and reports what it could not read.

import { promises as fs, type Dirent } from 'node:fs';
import * as path from 'node:path';

export interface SkillLocation {
  /** Folder name: the runtime's identity. */
  id: string;
  /** Absolute path of the skill folder. */
  dir: string;
  /** Absolute path of SKILL.md. */
  file: string;
  /** The root it was found under. */
  root: string;
  category: string;
}

export interface CatalogProblem {
  path: string;
  message: string;
}

export interface Catalog {
  skills: SkillLocation[];
  /** Category → absolute path of its DESCRIPTION.md. */
  categoryDescriptions: Map<string, string>;
  problems: CatalogProblem[];
}

export const SKILL_FILE = 'SKILL.md';
export const CATEGORY_FILE = 'DESCRIPTION.md';
const SKIP_DIRS = new Set(['.git', 'node_modules', '.hg', '.svn']);

export interface WalkOptions {
  /** Stop after this many directory entries in total (a runaway tree is reported, not walked forever). */
  maxEntries?: number;
  signal?: AbortSignal;
}

export function categoryOf(root: string, skillDir: string): string {
  const rel = path.relative(root, path.dirname(skillDir));
  if (!rel || rel.startsWith('..')) return 'general';
  return rel.split(path.sep).join('/');
}

/** Find every skill under `root` (a skills root, a skill folder, or a SKILL.md file). */
export async function findSkills(target: string, options: WalkOptions = {}): Promise<Catalog> {
  const out: Catalog = { skills: [], categoryDescriptions: new Map(), problems: [] };
  const abs = path.resolve(target);
  let st;
  try {
    st = await fs.stat(abs);
  } catch (e) {
    out.problems.push({ path: abs, message: fsMessage(e) });
    return out;
  }
  if (st.isFile()) {
    const dir = path.dirname(abs);
    out.skills.push({ id: path.basename(dir), dir, file: abs, root: path.dirname(dir), category: 'general' });
    return out;
  }
  if (!st.isDirectory()) {
    out.problems.push({ path: abs, message: 'not a file or folder' });
    return out;
  }
  // A skill folder given directly is one skill.
  const own = await statOrNull(path.join(abs, SKILL_FILE));
  if (own?.isFile()) {
    out.skills.push({ id: path.basename(abs), dir: abs, file: path.join(abs, SKILL_FILE), root: path.dirname(abs), category: 'general' });
    return out;
  }
  await walk(abs, abs, out, options);
  out.skills.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  return out;
}

async function statOrNull(p: string): Promise<import('node:fs').Stats | null> {
  try {
    return await fs.stat(p);
  } catch {
    return null;
  }
}

function fsMessage(e: unknown): string {
  const code = (e as NodeJS.ErrnoException)?.code;
  switch (code) {
    case 'ENOENT':
      return 'does not exist';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'ELOOP':
      return 'symbolic link loop';
    case 'ENOTDIR':
      return 'not a folder';
    default:
      return code ? `cannot be read (${code})` : 'cannot be read';
  }
}

async function walk(root: string, start: string, out: Catalog, options: WalkOptions): Promise<void> {
  const maxEntries = options.maxEntries ?? 500_000;
  let seenEntries = 0;
  const visited = new Set<string>();
  const queue: string[] = [start];
  const concurrency = 8;
  let limitReported = false;

  const visit = async (dir: string): Promise<void> => {
    let real: string;
    try {
      real = await fs.realpath(dir);
    } catch (e) {
      out.problems.push({ path: dir, message: fsMessage(e) });
      return;
    }
    if (visited.has(real)) return; // a symlink back into the tree: already walked (or a loop)
    visited.add(real);
    let entries: Dirent[];
    try {
      entries = await fs.readdir(dir, { withFileTypes: true });
    } catch (e) {
      out.problems.push({ path: dir, message: fsMessage(e) });
      return;
    }
    seenEntries += entries.length;
    if (seenEntries > maxEntries) {
      if (!limitReported) out.problems.push({ path: root, message: `more than ${maxEntries} entries; the rest of the tree was not searched` });
      limitReported = true;
      return;
    }
    const skillEntry = entries.find((e) => e.name === SKILL_FILE);
    if (skillEntry) {
      const file = path.join(dir, SKILL_FILE);
      const st = await statOrNull(file);
      if (st?.isFile()) {
        if (dir !== root) out.skills.push({ id: path.basename(dir), dir, file, root, category: categoryOf(root, dir) });
        return;
      }
      out.problems.push({ path: file, message: st ? 'SKILL.md is not a regular file' : 'SKILL.md is a dangling link or cannot be read' });
    }
    if (dir !== root && entries.some((e) => e.name === CATEGORY_FILE)) {
      out.categoryDescriptions.set(path.relative(root, dir).split(path.sep).join('/'), path.join(dir, CATEGORY_FILE));
    }
    for (const e of entries) {
      if (SKIP_DIRS.has(e.name)) continue;
      if (e.isDirectory()) queue.push(path.join(dir, e.name));
      else if (e.isSymbolicLink()) {
        const target = await statOrNull(path.join(dir, e.name));
        if (target?.isDirectory()) queue.push(path.join(dir, e.name));
      }
    }
  };

  while (queue.length) {
    if (options.signal?.aborted) return;
    const batch = queue.splice(0, concurrency);
    await Promise.all(batch.map(visit));
  }
}

export interface SkillFileText {
  text: string | null;
  /** Set when the file could not be used; the message is for people. */
  problem?: { code: 'file-unreadable' | 'file-too-large' | 'file-encoding'; message: string };
}

/** Largest SKILL.md read (bytes). Real skills are a few KB; a larger file is reported, not read. */
export const MAX_SKILL_BYTES = 16 * 1024 * 1024;

/** Read a SKILL.md as the runtime does: UTF-8, and a file that is not valid UTF-8 cannot be read at all
 *  (Rust's `read_to_string` fails), so the skill is not loaded. */
export async function readSkillText(file: string): Promise<SkillFileText> {
  let handle;
  try {
    handle = await fs.open(file, 'r');
    const st = await handle.stat();
    if (!st.isFile()) return { text: null, problem: { code: 'file-unreadable', message: 'SKILL.md is not a regular file' } };
    if (st.size > MAX_SKILL_BYTES) {
      return { text: null, problem: { code: 'file-too-large', message: `SKILL.md is ${(st.size / 1048576).toFixed(1)} MB; files over ${MAX_SKILL_BYTES / 1048576} MB are not read` } };
    }
    const buf = await handle.readFile();
    return decodeSkill(buf);
  } catch (e) {
    return { text: null, problem: { code: 'file-unreadable', message: `SKILL.md ${fsMessage(e)}` } };
  } finally {
    await handle?.close().catch(() => undefined);
  }
}

export function decodeSkill(buf: Uint8Array): SkillFileText {
  try {
    return { text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(buf) };
  } catch {
    const text = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true }).decode(buf);
    return { text, problem: { code: 'file-encoding', message: 'SKILL.md is not valid UTF-8. The runtime cannot read it, so the skill is never loaded. Re-save it as UTF-8.' } };
  }
}
