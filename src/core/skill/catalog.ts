// The catalog: the one place that walks directories. A skill is a folder holding SKILL.md; its identity is
// the folder name. Categories come from the folders between the root and the skill (Hermes layout,
// runtime-semantics §2): nested categories joined with `/`, a skill directly under the root is `general`.
// The walk never follows a symlink loop, skips `.git` and `node_modules`, never descends into a skill
// folder (its `references/`, `scripts/` are the skill's own files), and reports what it could not read.
//
// Every file-system call goes through a `SkillIo`: `asyncIo` (libuv's thread pool; the default, for the
// language server, which must not block) or `blockingIo` (synchronous calls, for the CLI). For thousands of
// small files the synchronous calls are several times faster: each promise call is a round trip through the
// thread pool, which costs more than the system call itself (measured in bench/run.mjs).

import * as nodeFs from 'node:fs';
import { promises as fs, type Dirent, type Stats } from 'node:fs';
import * as path from 'node:path';

/** What identifies one version of a file for the caches: any write changes mtime or ctime. */
/** What tells a file's bytes apart without reading them: its times, its size, and its inode (a folder
 *  link pointed at another file of the same size and times is another inode). */
export interface FileStamp {
  mtimeMs: number;
  ctimeMs: number;
  size: number;
  ino: number;
}

/** Whether two stamps name the same bytes (as far as a stamp can tell). */
export function sameStamp(a: FileStamp, b: FileStamp): boolean {
  return a.mtimeMs === b.mtimeMs && a.ctimeMs === b.ctimeMs && a.size === b.size && a.ino === b.ino;
}

export function stampOf(st: Stats): FileStamp {
  return { mtimeMs: st.mtimeMs, ctimeMs: st.ctimeMs, size: st.size, ino: st.ino };
}

/** The file-system seam: every call the catalog and the caches make. */
export interface SkillIo {
  stat(p: string): Promise<Stats>;
  realpath(p: string): Promise<string>;
  readdir(p: string): Promise<Dirent[]>;
  /** Opens `p`, stats the open file, and reads it only when it is a regular file of at most `maxBytes`. */
  readFile(p: string, maxBytes: number): Promise<{ stat: Stats; data: Buffer | null }>;
  /** The same, synchronously (lazy fields of cached analyses). */
  readFileSync(p: string, maxBytes: number): { stat: Stats; data: Buffer | null };
  /** Whole-file reads and atomic writes of the cache's own files. */
  readWhole(p: string): Promise<Buffer>;
  writeWhole(p: string, data: string): Promise<void>;
  rename(from: string, to: string): Promise<void>;
  unlink(p: string): Promise<void>;
  mkdir(p: string): Promise<void>;
  list(p: string): Promise<string[]>;
  /** Remove a file or folder tree. */
  remove(p: string): Promise<void>;
}

/** Read-only, and non-blocking so that opening a named pipe called SKILL.md returns at once (the fstat that
 *  follows rejects it) instead of waiting forever for a writer. No effect on regular files. */
const OPEN_FLAGS = nodeFs.constants.O_NONBLOCK === undefined ? 'r' : nodeFs.constants.O_RDONLY | nodeFs.constants.O_NONBLOCK;

function readFileSyncChecked(p: string, maxBytes: number): { stat: Stats; data: Buffer | null } {
  const fd = nodeFs.openSync(p, OPEN_FLAGS);
  try {
    const stat = nodeFs.fstatSync(fd);
    if (!stat.isFile() || stat.size > maxBytes) return { stat, data: null };
    return { stat, data: nodeFs.readFileSync(fd) };
  } finally {
    nodeFs.closeSync(fd);
  }
}

export const asyncIo: SkillIo = {
  stat: (p) => fs.stat(p),
  realpath: (p) => fs.realpath(p),
  readdir: (p) => fs.readdir(p, { withFileTypes: true }),
  async readFile(p, maxBytes) {
    const handle = await fs.open(p, OPEN_FLAGS);
    try {
      const stat = await handle.stat();
      if (!stat.isFile() || stat.size > maxBytes) return { stat, data: null };
      return { stat, data: await handle.readFile() };
    } finally {
      await handle.close().catch(() => undefined);
    }
  },
  readFileSync: readFileSyncChecked,
  readWhole: (p) => fs.readFile(p),
  writeWhole: (p, data) => fs.writeFile(p, data, { mode: 0o600 }),
  rename: (a, b) => fs.rename(a, b),
  unlink: (p) => fs.unlink(p),
  mkdir: async (p) => void (await fs.mkdir(p, { recursive: true, mode: 0o700 })),
  list: (p) => fs.readdir(p),
  remove: (p) => fs.rm(p, { recursive: true, force: true }),
};

/** Synchronous calls behind the same (promise) interface: for a CLI that has nothing else to do meanwhile. */
export const blockingIo: SkillIo = {
  stat: async (p) => nodeFs.statSync(p),
  // The native call, as `fs.promises.realpath` uses, not the JavaScript emulation of `fs.realpathSync`.
  realpath: async (p) => nodeFs.realpathSync.native(p),
  readdir: async (p) => nodeFs.readdirSync(p, { withFileTypes: true }),
  readFile: async (p, maxBytes) => readFileSyncChecked(p, maxBytes),
  readFileSync: readFileSyncChecked,
  readWhole: async (p) => nodeFs.readFileSync(p),
  writeWhole: async (p, data) => nodeFs.writeFileSync(p, data, { mode: 0o600 }),
  rename: async (a, b) => nodeFs.renameSync(a, b),
  unlink: async (p) => nodeFs.unlinkSync(p),
  mkdir: async (p) => void nodeFs.mkdirSync(p, { recursive: true, mode: 0o700 }),
  list: async (p) => nodeFs.readdirSync(p),
  remove: async (p) => nodeFs.rmSync(p, { recursive: true, force: true }),
};

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
  /** The stat of SKILL.md taken while walking (when the catalog found it), so caches need no second stat. */
  stamp?: FileStamp;
  /** The skill folder this one sits in, when it is nested inside another skill (Hermes finds such skills;
   *  other runtimes may not). */
  nestedIn?: string;
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
/** Folders directly inside a skill that hold its supporting files, never skills (Hermes prunes them too). */
const SUPPORT_DIRS = new Set(['references', 'templates', 'assets', 'scripts']);

export interface WalkOptions {
  /** Stop after this many directory entries in total (a runaway tree is reported, not walked forever). */
  maxEntries?: number;
  signal?: AbortSignal;
  /** File-system calls (default `asyncIo`). */
  io?: SkillIo;
}

export function categoryOf(root: string, skillDir: string): string {
  const rel = path.relative(root, path.dirname(skillDir));
  if (!rel || rel.startsWith('..')) return 'general';
  return rel.split(path.sep).join('/');
}

/** Find every skill under `root` (a skills root, a skill folder, or a SKILL.md file). */
export async function findSkills(target: string, options: WalkOptions = {}): Promise<Catalog> {
  const out: Catalog = { skills: [], categoryDescriptions: new Map(), problems: [] };
  const io = options.io ?? asyncIo;
  const abs = path.resolve(target);
  const one = (file: string, st: Stats | null): Catalog => {
    const dir = path.dirname(file);
    out.skills.push({ id: path.basename(dir), dir, file, root: path.dirname(dir), category: 'general', ...(st?.isFile() ? { stamp: stampOf(st) } : {}) });
    return out;
  };
  let st: Stats | null = null;
  let error: unknown;
  try {
    st = await io.stat(abs);
  } catch (e) {
    error = e;
  }
  // A SKILL.md named directly, or one in a folder given directly, is that skill whatever it turns out to be
  // (a dangling link, a folder, a pipe): the read then says why the runtime cannot use it.
  if (path.basename(abs) === SKILL_FILE && (st !== null || (await isListed(io, abs)))) return one(abs, st);
  if (st === null) {
    out.problems.push({ path: abs, message: fsMessage(error) });
    return out;
  }
  if (st.isFile()) return one(abs, st);
  if (!st.isDirectory()) {
    out.problems.push({ path: abs, message: 'not a file or folder' });
    return out;
  }
  // A folder given directly is walked whether or not it holds a SKILL.md itself: its own SKILL.md (of any kind,
  // even a dangling link stat cannot see) is its skill, and the skill folders below it are skills too, as the
  // runtimes that read it as a skills folder load them (Hermes: a root-level SKILL.md and every SKILL.md below
  // it, RULES.md D4/C1; OpenClaw: its sub-folders when the root SKILL.md has no description, §2).
  await walk(abs, abs, out, options);
  // A folder that cannot be listed: its SKILL.md, which stat sees, is still that skill.
  const ownFile = path.join(abs, SKILL_FILE);
  if (!out.skills.some((s) => s.file === ownFile)) {
    const own = await statOrNull(io, ownFile);
    if (own !== null) one(ownFile, own);
  }
  out.skills.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  return out;
}

/** Whether the folder of `p` lists an entry named like `p` (true for a dangling link, which stat cannot see).
 *  Only for a path named SKILL.md given directly whose stat failed. */
async function isListed(io: SkillIo, p: string): Promise<boolean> {
  try {
    const name = path.basename(p);
    return (await io.readdir(path.dirname(p))).some((e) => e.name === name);
  } catch {
    return false;
  }
}

async function statOrNull(io: SkillIo, p: string): Promise<Stats | null> {
  try {
    return await io.stat(p);
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
  const io = options.io ?? asyncIo;
  const maxEntries = options.maxEntries ?? 500_000;
  let seenEntries = 0;
  const visited = new Set<string>();
  // Each queued folder with its real path when already known: a plain (non-link) sub-folder of a folder
  // whose real path is R has the real path R/name, so only the start and symbolic links need realpath().
  const queue: Array<{ dir: string; real: string | null; skill?: string }> = [{ dir: start, real: null }];
  const concurrency = 8;
  let limitReported = false;

  const visit = async ({ dir, real: knownReal, skill: enclosing }: { dir: string; real: string | null; skill?: string }): Promise<void> => {
    let real: string;
    if (knownReal !== null) real = knownReal;
    else {
      try {
        real = await io.realpath(dir);
      } catch (e) {
        out.problems.push({ path: dir, message: fsMessage(e) });
        return;
      }
    }
    if (visited.has(real)) return; // a symlink back into the tree: already walked (or a loop)
    visited.add(real);
    let entries: Dirent[];
    try {
      entries = await io.readdir(dir);
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
      // A SKILL.md that is a folder, a dangling link or unreadable is still this folder's skill: it is listed
      // (the read reports why the runtime cannot use it), never silently dropped, and not descended into.
      const file = path.join(dir, SKILL_FILE);
      const st = await statOrNull(io, file);
      const where = dir === root ? { root: path.dirname(dir), category: 'general' } : { root, category: categoryOf(root, dir) };
      out.skills.push({
        id: path.basename(dir),
        dir,
        file,
        ...where,
        ...(st?.isFile() ? { stamp: stampOf(st) } : {}),
        ...(enclosing ? { nestedIn: enclosing } : {}),
      });
    } else if (dir !== root && entries.some((e) => e.name === CATEGORY_FILE)) {
      out.categoryDescriptions.set(path.relative(root, dir).split(path.sep).join('/'), path.join(dir, CATEGORY_FILE));
    }
    // Skill folders are searched too: a SKILL.md nested in a skill is a skill of its own for Hermes (and
    // listed, so no runtime's handling of it goes unsaid), except in the skill's supporting-file folders.
    const skill = skillEntry ? dir : enclosing;
    for (const e of entries) {
      if (SKIP_DIRS.has(e.name) || (skillEntry && (SUPPORT_DIRS.has(e.name) || e.name === SKILL_FILE))) continue;
      const next = { dir: path.join(dir, e.name), ...(skill ? { skill } : {}) };
      if (e.isDirectory()) queue.push({ ...next, real: path.join(real, e.name) });
      else if (e.isSymbolicLink()) {
        const target = await statOrNull(io, path.join(dir, e.name));
        if (target?.isDirectory()) queue.push({ ...next, real: null });
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
export async function readSkillText(file: string, io: SkillIo = asyncIo): Promise<SkillFileText> {
  return (await readSkillFile(file, io)).read;
}

/** A SKILL.md read, with the stat of the open file and the bytes read (what the caches key and hash). */
export interface SkillFileRead {
  read: SkillFileText;
  /** Null when the file could not be opened. */
  stamp: FileStamp | null;
  /** Null when nothing was read (not a regular file, too large, or unreadable). */
  bytes: Buffer | null;
}

export async function readSkillFile(file: string, io: SkillIo = asyncIo): Promise<SkillFileRead> {
  try {
    return fromOpened(await io.readFile(file, MAX_SKILL_BYTES));
  } catch (e) {
    return unreadable(e, file);
  }
}

export function readSkillFileSync(file: string, io: SkillIo = asyncIo): SkillFileRead {
  try {
    return fromOpened(io.readFileSync(file, MAX_SKILL_BYTES));
  } catch (e) {
    return unreadable(e, file);
  }
}

function unreadable(e: unknown, file: string): SkillFileRead {
  return {
    read: {
      text: null,
      problem: { code: 'file-unreadable', message: `${whyUnreadable(e, file)}. The runtime cannot read it either, so the skill is never loaded.` },
    },
    stamp: null,
    bytes: null,
  };
}

/** Why SKILL.md could not be opened, as a sentence. "Does not exist" would be baffling next to an `ls` that
 *  lists the file, so a broken link is named as one (a direct call: only this error path needs `lstat`). */
function whyUnreadable(e: unknown, file: string): string {
  const code = (e as NodeJS.ErrnoException)?.code;
  if (code === 'ENOENT' || code === 'ELOOP') {
    try {
      if (nodeFs.lstatSync(file).isSymbolicLink()) {
        if (code === 'ELOOP') return 'SKILL.md is a symbolic link that loops back on itself';
        return `SKILL.md is a dangling symbolic link (its target ${JSON.stringify(nodeFs.readlinkSync(file))} does not exist)`;
      }
    } catch {
      // fall through to the plain reason
    }
  }
  if (code === 'EACCES' || code === 'EPERM') return 'SKILL.md cannot be read: permission denied';
  return `SKILL.md ${fsMessage(e)}`;
}

function fromOpened({ stat: st, data }: { stat: Stats; data: Buffer | null }): SkillFileRead {
  const stamp = stampOf(st);
  if (!st.isFile()) {
    const what = st.isDirectory() ? 'a folder, not a file' : 'not a regular file (a pipe, socket or device)';
    return {
      read: { text: null, problem: { code: 'file-unreadable', message: `SKILL.md is ${what}. The runtime cannot use it, so the skill is never loaded.` } },
      stamp,
      bytes: null,
    };
  }
  if (st.size > MAX_SKILL_BYTES || data === null) {
    return {
      read: {
        text: null,
        problem: {
          code: 'file-too-large',
          message: `SKILL.md is ${(st.size / 1048576).toFixed(1)} MB; files over ${MAX_SKILL_BYTES / 1048576} MB are not read`,
        },
      },
      stamp,
      bytes: null,
    };
  }
  return { read: decodeSkill(data), stamp, bytes: data };
}

export function decodeSkill(buf: Uint8Array): SkillFileText {
  try {
    return { text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(buf) };
  } catch {
    const text = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true }).decode(buf);
    return {
      text,
      problem: {
        code: 'file-encoding',
        message: 'SKILL.md is not valid UTF-8. The runtime cannot read it, so the skill is never loaded. Re-save it as UTF-8.',
      },
    };
  }
}
