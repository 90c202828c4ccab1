// Finding a `requires.bins` / `bin_versions` binary the way nexo-rs does (§1 step 7), not the way `which`
// does:
//  - an entry containing `/` (or `\` on Windows) is checked as a path: it must be an existing regular file
//    (symlinks followed), relative paths resolve against the runtime's working directory;
//  - otherwise each PATH directory, in order, is tried for a regular file of that name (on Windows also the
//    name plus each PATHEXT extension, and `.exe`); an empty PATH element means the working directory, as
//    `Path::new("").join(name)` does;
//  - a blank entry counts as present;
//  - the execute bit is NOT required. We still report it: a non-executable file is "found" and its version
//    probe then fails (`probe_failed`), which is what the runtime will do.
// Every filesystem error (ENOENT, ENAMETOOLONG, ELOOP from a symlink loop, a NUL byte in the name...) just
// means "not found": a lookup never throws and never blocks the event loop.

import { constants as fsConstants, promises as fsp } from 'node:fs';
import * as nodePath from 'node:path';
import { isRustBlank } from './env';

export interface PathEnvironment {
  /** The PATH value, `:`-separated (`;` on Windows). */
  path: string;
  /** Windows only: the PATHEXT value. */
  pathExt?: string;
  platform: NodeJS.Platform;
  /** Where relative entries (and empty PATH elements) resolve. */
  cwd: string;
}

export interface BinLookup {
  name: string;
  found: boolean;
  /** Absolute path of the file found; null when not found, or for a blank entry (present, but nothing to run). */
  path: string | null;
  /** The file has an execute bit for us (always true on Windows). False when not found. */
  executable: boolean;
  /** Every candidate path tried, in order. */
  searched: string[];
}

function pathApi(platform: NodeJS.Platform): typeof nodePath.posix {
  return platform === 'win32' ? nodePath.win32 : nodePath.posix;
}

function envValue(env: NodeJS.ProcessEnv, name: string, platform: NodeJS.Platform): string | undefined {
  if (platform !== 'win32') return env[name];
  // Windows environment names are case-insensitive (`Path` is common).
  const upper = name.toUpperCase();
  for (const k of Object.keys(env)) if (k.toUpperCase() === upper) return env[k];
  return undefined;
}

/**
 * The PATH this process sees, plus `extraDirs`.
 *
 * `extraDirs` are APPENDED: they stand for directories the agent's environment has and the editor's may not
 * (an editor started from a desktop launcher often lacks a login shell's PATH). Appending means they can only
 * make a missing binary found; they never shadow the binary the user's own PATH resolves to first.
 */
export function currentPathEnvironment(extraDirs: readonly string[] = [], env: NodeJS.ProcessEnv = process.env): PathEnvironment {
  const platform = process.platform;
  const delimiter = platform === 'win32' ? ';' : ':';
  const base = envValue(env, 'PATH', platform) ?? '';
  const parts = [base, ...extraDirs.filter((d) => d !== '')].filter((p, i) => i > 0 || p !== '');
  const out: PathEnvironment = { path: parts.join(delimiter), platform, cwd: process.cwd() };
  if (platform === 'win32') out.pathExt = envValue(env, 'PATHEXT', platform) ?? '.COM;.EXE;.BAT;.CMD';
  return out;
}

/** Splits PATH like Rust's `env::split_paths` (on Windows, double quotes inside an element are removed). */
export function splitPath(env: PathEnvironment): string[] {
  // An empty PATH (or none) searches nothing, rather than the working directory.
  if (env.path === '') return [];
  if (env.platform === 'win32') return env.path.split(';').map((p) => p.replace(/"/g, ''));
  return env.path.split(':');
}

async function isRegularFile(p: string): Promise<boolean> {
  try {
    // stat follows symlinks, as Rust's `Path::is_file` does; a loop gives ELOOP, caught below.
    return (await fsp.stat(p)).isFile();
  } catch {
    return false;
  }
}

async function isExecutable(p: string, platform: NodeJS.Platform): Promise<boolean> {
  if (platform === 'win32') return true;
  try {
    await fsp.access(p, fsConstants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** `Path::join` without normalization: `a/../b` and a trailing `/` must reach stat(2) as written, because the
 *  kernel resolves them differently from a lexical clean-up (symlinked `a`, `tool/` being ENOTDIR). */
function rawJoin(platform: NodeJS.Platform, a: string, b: string): string {
  if (a === '') return b;
  const seps = platform === 'win32' ? ['\\', '/'] : ['/'];
  return seps.some((s) => a.endsWith(s)) ? a + b : a + (platform === 'win32' ? '\\' : '/') + b;
}

function absolute(env: PathEnvironment, p: string): string {
  return pathApi(env.platform).isAbsolute(p) ? p : rawJoin(env.platform, env.cwd, p);
}

function candidatesIn(dir: string, name: string, env: PathEnvironment): string[] {
  const base = absolute(env, rawJoin(env.platform, dir, name));
  if (env.platform !== 'win32') return [base];
  const exts = (env.pathExt ?? '')
    .split(';')
    .map((e) => e.trim())
    .filter((e) => e !== '');
  if (!exts.some((e) => e.toLowerCase() === '.exe')) exts.push('.exe');
  return [base, ...exts.map((e) => base + e)];
}

export async function findBinary(name: string, env: PathEnvironment): Promise<BinLookup> {
  const result: BinLookup = { name, found: false, path: null, executable: false, searched: [] };
  try {
    if (isRustBlank(name)) {
      // §1 step 7: "A blank entry counts as present."
      result.found = true;
      return result;
    }
    const isPath = name.includes('/') || (env.platform === 'win32' && name.includes('\\'));
    const candidates: string[] = [];
    if (isPath) candidates.push(absolute(env, name));
    else for (const dir of splitPath(env)) candidates.push(...candidatesIn(dir, name, env));
    for (const c of candidates) {
      result.searched.push(c);
      if (await isRegularFile(c)) {
        result.found = true;
        result.path = c;
        result.executable = await isExecutable(c, env.platform);
        return result;
      }
    }
  } catch {
    // Weird input (e.g. path APIs rejecting it): not found.
  }
  return result;
}

/** Caches lookups per (name, PATH environment); concurrent identical lookups share one search. */
export class BinResolver {
  private cache = new Map<string, Promise<BinLookup>>();
  private static readonly LIMIT = 4096;

  find(name: string, env: PathEnvironment): Promise<BinLookup> {
    const key = JSON.stringify([name, env.path, env.pathExt ?? '', env.platform, env.cwd]);
    const hit = this.cache.get(key);
    if (hit) return hit;
    const p = findBinary(name, env);
    if (this.cache.size >= BinResolver.LIMIT) this.cache.clear();
    this.cache.set(key, p);
    return p;
  }

  /** Forget every result (e.g. after PATH or the filesystem changed). */
  clear(): void {
    this.cache = new Map();
  }
}
