// Reading a SKILL.md the way OpenClaw's loader does (src/agents/skills/local-loader.ts,
// src/infra/safe-open-sync.ts at 8f8492d1; RULES.md §2 "Reading"):
//  - a SKILL.md that is itself a symlink is never read (lstat of the path), a folder symlink on the way is fine;
//  - the real file must be a regular file (a FIFO or a directory named SKILL.md is refused before opening, so
//    nothing here can block on a pipe) no larger than the byte cap, checked before and after opening;
//  - it must resolve inside the root it was loaded from;
//  - the bytes are decoded as UTF-8 WITHOUT stripping a byte-order mark (a BOM then hides the frontmatter).
// Every filesystem error means "no skill": nothing here throws.
//
// 2026.9.6 reads differently (`readSkillFileSync` / `loadSingleSkillDirectory` of src/skills/loading/
// local-loader.ts, chunk `local-loader-DP-Jr6_I.mjs`, over `openRootFileSync` of @openclaw/fs-safe): see
// `loadSkillFile96` below.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseFrontmatter, parseSkillFrontmatter } from './frontmatter';
import { NOT_NORMAL, UncachedFsView, type FsView } from '../../machine/fsview';
import { resolveInvocationPolicy } from './metadata';
import { has, OPENCLAW_BASELINE, type OpenClawVersion } from './versions';

export type ReadFailure = 'symlink' | 'not-a-file' | 'too-large' | 'outside-root' | 'path' | 'io' | 'empty' | 'hardlink';

export type ReadResult = { ok: true; text: string; realPath: string; size: number } | { ok: false; reason: ReadFailure };

const DIRECT = new UncachedFsView();

export function tryRealpath(filePath: string): string | null {
  try {
    return fs.realpathSync.native(filePath);
  } catch {
    return null;
  }
}

/** `isPathInside` / `isPathWithinRoot`: equal, or below without `..` and not on another drive. Two absolute
 *  POSIX paths already in normal form (real paths, as discovery compares them thousands of times) are compared
 *  as strings: what `path.relative` would say of them. */
export function isPathInside(root: string, candidate: string): boolean {
  if (path.sep === '/' && root.charCodeAt(0) === 47 && candidate.charCodeAt(0) === 47 && !NOT_NORMAL.test(root) && !NOT_NORMAL.test(candidate)) {
    if (candidate === root || root === '/') return true;
    return candidate.charCodeAt(root.length) === 47 && candidate.startsWith(root);
  }
  const relative = path.relative(path.resolve(root), path.resolve(candidate));
  return relative === '' || (!relative.startsWith(`..${path.sep}`) && relative !== '..' && !path.isAbsolute(relative));
}

/** `isPathInside` of two real paths (what `realpath` gives is absolute and in normal form), without looking
 *  at their form again. */
export function isRealPathInside(rootReal: string, candidateReal: string): boolean {
  if (path.sep !== '/') return isPathInside(rootReal, candidateReal);
  return candidateReal === rootReal || rootReal === '/' || (candidateReal.charCodeAt(rootReal.length) === 47 && candidateReal.startsWith(rootReal));
}

export function isSymlinkPath(filePath: string): boolean {
  try {
    return fs.lstatSync(filePath).isSymbolicLink();
  } catch {
    return false;
  }
}

/** At most `size` bytes of an open file as UTF-8: what fstat promised and no more, so a file growing under
 *  us cannot make us read without end. */
function readUtf8(fd: number, size: number): { text: string; bytes: number } {
  const buffer = Buffer.alloc(size);
  let read = 0;
  while (read < size) {
    const n = fs.readSync(fd, buffer, read, size - read, read);
    if (n <= 0) break;
    read += n;
  }
  return { text: buffer.subarray(0, read).toString('utf8'), bytes: read };
}

function isExpectedPathError(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : '';
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'ELOOP';
}

/** `openVerifiedFileSync({ rejectPathSymlink: true, maxBytes })` followed by the root check and the read. */
export function readSkillFileSync(rootRealPath: string, filePath: string, maxBytes: number): ReadResult {
  let fd: number | null = null;
  try {
    if (fs.lstatSync(filePath).isSymbolicLink()) return { ok: false, reason: 'symlink' };
    const realPath = fs.realpathSync.native(filePath);
    const pre = fs.lstatSync(realPath);
    if (!pre.isFile()) return { ok: false, reason: 'not-a-file' };
    if (pre.size > maxBytes) return { ok: false, reason: 'too-large' };
    const noFollow = typeof fs.constants.O_NOFOLLOW === 'number' ? fs.constants.O_NOFOLLOW : 0;
    try {
      fd = fs.openSync(realPath, fs.constants.O_RDONLY | noFollow);
    } catch (err) {
      const code = typeof err === 'object' && err !== null && 'code' in err ? String((err as { code: unknown }).code) : '';
      if (noFollow !== 0 && (code === 'EINVAL' || code === 'ENOTSUP')) fd = fs.openSync(realPath, fs.constants.O_RDONLY);
      else throw err;
    }
    const opened = fs.fstatSync(fd);
    if (!opened.isFile()) return { ok: false, reason: 'not-a-file' };
    if (opened.size > maxBytes) return { ok: false, reason: 'too-large' };
    if (opened.dev !== pre.dev || opened.ino !== pre.ino) return { ok: false, reason: 'io' };
    if (!isPathInside(rootRealPath, realPath)) return { ok: false, reason: 'outside-root' };
    const { text, bytes } = readUtf8(fd, opened.size);
    // `if (!raw) return null` in the loader: an empty file yields no skill.
    if (!text) return { ok: false, reason: 'empty' };
    return { ok: true, text, realPath, size: bytes };
  } catch (err) {
    return { ok: false, reason: isExpectedPathError(err) ? 'path' : 'io' };
  } finally {
    if (fd !== null) {
      try {
        fs.closeSync(fd);
      } catch {
        // already closed
      }
    }
  }
}

/** Reads a file for our own diagnostics (not OpenClaw's view): at most `limit` bytes, following symlinks,
 *  regular files only. Returns null when it cannot. */
export function readForDiagnostics(filePath: string, limit: number): { text: string; size: number } | null {
  let fd: number | null = null;
  try {
    const st = fs.statSync(filePath);
    if (!st.isFile()) return null;
    fd = fs.openSync(filePath, fs.constants.O_RDONLY);
    return { text: readUtf8(fd, Math.min(st.size, limit)).text, size: st.size };
  } catch {
    return null;
  } finally {
    if (fd !== null) {
      try {
        fs.closeSync(fd);
      } catch {
        // ignore
      }
    }
  }
}

// --- 2026.9.6 ---

/** What the 2026.9.6 loader tells its `onDiagnostic` about a SKILL.md it does not turn into a skill (the skill
 *  root loader logs it as "Skipping invalid skill."). */
export interface SkillFileDiagnostic {
  path: string;
  message: string;
}

export type SkillFileLoad96 =
  | { ok: true; text: string; realPath: string; size: number; frontmatter: Record<string, string> }
  | { ok: false; reason: ReadFailure | 'frontmatter' | 'no-name' | 'no-description'; diagnostic: SkillFileDiagnostic | null };

/** `shortPath` of @openclaw/fs-safe (error-detail.js): the home written `~/`, control characters escaped. */
function shortPath(value: string, home: string): string {
  const prefix = home.endsWith(path.sep) ? home : `${home}${path.sep}`;
  const shortened = value === home ? '~' : value.startsWith(prefix) ? `~${path.sep}${value.slice(prefix.length)}` : value;
  return shortened.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/gu, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Where a dangling link points: its target resolved from the link's folder, through the real path of the
 *  nearest ancestor that exists (null when that cannot be told). */
function danglingTarget(link: string): string | null {
  let target: string;
  try {
    target = path.resolve(path.dirname(link), fs.readlinkSync(link));
  } catch {
    return null;
  }
  const rest: string[] = [];
  let dir = target;
  for (;;) {
    const real = tryRealpath(dir);
    if (real) return path.join(real, ...rest.reverse());
    const parent = path.dirname(dir);
    if (parent === dir) return null;
    rest.push(path.basename(dir));
    dir = parent;
  }
}

function errorCode(err: unknown): string {
  return typeof err === 'object' && err !== null && 'code' in err ? String((err as { code: unknown }).code) : '';
}

/**
 * `loadSingleSkillDirectory` of 2026.9.6 up to the name and description: the SKILL.md of `skillDir` opened by
 * `openRootFileSync` with the skill FOLDER's real path as the boundary (2026.4.12 used the skills root):
 *  - a SKILL.md that is a symlink is followed when it resolves inside its own folder (2026.4.12 never read
 *    one); one resolving elsewhere is refused ("Symlink escapes skill root (…): …"), a dangling one is
 *    missing (no word), a looping one is refused ("symlink path could not be resolved");
 *  - the file must be a regular file ("path does not have the required file type") and, unless the root is the
 *    bundled one (`shouldRejectHardlinkedPluginFiles`), not hard-linked ("path must not be hardlinked");
 *  - it is read up to `maxBytes` ("File exceeds N bytes" when larger), decoded as UTF-8;
 *  - an empty file is parsed like any other (and then lacks a description);
 *  - `parseSkillFrontmatter` refuses a frontmatter with issues ("invalid frontmatter: CODE: message");
 *  - the name (frontmatter `name` trimmed, else the folder name) and a trimmed description are required
 *    ("name is required", "description is required").
 * Every refusal but a missing file comes with the diagnostic OpenClaw logs. `parse` is the frontmatter parser
 * of the release (passed in to keep this module free of it).
 */
export function loadSkillFile96(p: {
  skillDir: string;
  maxBytes: number;
  rejectHardlinks: boolean;
  /** `os.homedir()` of the OpenClaw process, for the paths in fs-safe's messages. */
  home: string;
  parse: (text: string) => Record<string, string>;
  /** The run's view of the file system (default: none, every question to the system). */
  fs?: FsView;
}): SkillFileLoad96 {
  const view = p.fs ?? DIRECT;
  const filePath = path.join(p.skillDir, 'SKILL.md');
  const diag = (message: string): SkillFileDiagnostic => ({ path: filePath, message });
  const skillDirReal = view.realpath(p.skillDir);
  if (skillDirReal === null) return { ok: false, reason: 'path', diagnostic: null };
  let fd: number | null = null;
  let text: string;
  let realPath: string;
  let size: number;
  try {
    let lst: fs.Stats;
    try {
      lst = view.lstat(filePath);
    } catch (err) {
      const c = errorCode(err);
      if (c === 'ENOENT' || c === 'ENOTDIR') return { ok: false, reason: 'path', diagnostic: null };
      return { ok: false, reason: 'io', diagnostic: diag(err instanceof Error ? err.message : String(err)) };
    }
    realPath = path.resolve(filePath);
    if (lst.isSymbolicLink()) {
      try {
        realPath = fs.realpathSync.native(filePath);
      } catch (err) {
        const c = errorCode(err);
        if (c === 'ENOENT' || c === 'ENOTDIR') {
          // A dangling link: fs-safe resolves its target through the nearest folder that exists, and one that
          // leads out of the skill folder is refused with words; one inside is simply missing.
          const target = danglingTarget(filePath);
          if (target && !isPathInside(skillDirReal, target)) {
            return {
              ok: false,
              reason: 'outside-root',
              diagnostic: diag(`Symlink escapes skill root (${shortPath(skillDirReal, p.home)}): ${shortPath(path.resolve(filePath), p.home)}`),
            };
          }
          return { ok: false, reason: 'path', diagnostic: null };
        }
        return { ok: false, reason: 'symlink', diagnostic: diag('symlink path could not be resolved') };
      }
      if (!isPathInside(skillDirReal, realPath)) {
        return {
          ok: false,
          reason: 'outside-root',
          diagnostic: diag(`Symlink escapes skill root (${shortPath(skillDirReal, p.home)}): ${shortPath(path.resolve(filePath), p.home)}`),
        };
      }
    }
    const st = view.stat(realPath);
    if (!st.isFile()) return { ok: false, reason: 'not-a-file', diagnostic: diag('path does not have the required file type') };
    if (p.rejectHardlinks && st.nlink > 1) return { ok: false, reason: 'hardlink', diagnostic: diag('path must not be hardlinked') };
    fd = fs.openSync(realPath, fs.constants.O_RDONLY | (typeof fs.constants.O_NOFOLLOW === 'number' ? fs.constants.O_NOFOLLOW : 0));
    const opened = fs.fstatSync(fd);
    if (!opened.isFile()) return { ok: false, reason: 'not-a-file', diagnostic: diag('path does not have the required file type') };
    if (opened.size > p.maxBytes) return { ok: false, reason: 'too-large', diagnostic: diag(`File exceeds ${p.maxBytes} bytes`) };
    ({ text, bytes: size } = readUtf8(fd, opened.size));
    view.rememberText(filePath, text, size);
  } catch (err) {
    const c = errorCode(err);
    if (c === 'ENOENT' || c === 'ENOTDIR') return { ok: false, reason: 'path', diagnostic: null };
    return { ok: false, reason: 'io', diagnostic: diag(err instanceof Error ? err.message : String(err)) };
  } finally {
    if (fd !== null) {
      try {
        fs.closeSync(fd);
      } catch {
        // already closed
      }
    }
  }
  let frontmatter: Record<string, string>;
  try {
    frontmatter = p.parse(text);
  } catch (err) {
    return { ok: false, reason: 'frontmatter', diagnostic: diag(err instanceof Error ? err.message : 'failed to parse skill frontmatter') };
  }
  const name = frontmatter.name?.trim() || path.basename(p.skillDir).trim();
  const description = frontmatter.description?.trim();
  if (!name) return { ok: false, reason: 'no-name', diagnostic: diag('name is required') };
  if (!description) return { ok: false, reason: 'no-description', diagnostic: diag('description is required') };
  return { ok: true, text, realPath, size, frontmatter };
}

/** What `loadSingleSkillDirectory96` needs of discover.ts's DiscoveryContext, written structurally so that
 *  this module does not import discover.ts (which imports it). */
export interface SkillDirectoryContext<S extends string> {
  limits: { maxSkillFileBytes: number };
  logs: { push(record: { subsystem: 'skills'; level: 'warn'; message: string; meta: Record<string, unknown> }): unknown };
  traces: {
    push(trace: { dir: string; source: S; fate: { kind: 'no-skill-md' } | { kind: 'no-description' } | { kind: 'unreadable'; reason: ReadFailure } }): unknown;
  };
  compactPath: (p: string) => string;
  version?: OpenClawVersion;
  home?: string;
  fs?: FsView;
}

/** A loaded skill as discover.ts's `LoadedSkill`. */
export interface SkillDirectoryLoad<S extends string> {
  name: string;
  description: string;
  filePath: string;
  baseDir: string;
  source: S;
  disableModelInvocation: boolean;
}

/** `warnInvalidSkill` (src/skills/loading/skill-root-loader.ts, chunk `plugin-skills-*.mjs`): what 2026.9.6
 *  logs for every diagnostic of the loader. */
function warnInvalidSkill<S extends string>(ctx: SkillDirectoryContext<S>, source: S, diagnostic: SkillFileDiagnostic): void {
  ctx.logs.push({
    subsystem: 'skills',
    level: 'warn',
    message: 'Skipping invalid skill.',
    meta: {
      source,
      filePath: diagnostic.path,
      error: diagnostic.message,
      consoleMessage: `Skipping invalid skill: file=${ctx.compactPath(diagnostic.path)} error=${diagnostic.message}`,
    },
  });
}

/** The OpenClaw process's `os.homedir()` as the discovery context knows it. */
function homeOf<S extends string>(ctx: SkillDirectoryContext<S>): string {
  return ctx.home ?? '';
}

/** The frontmatter each skill loaded by 2026.9.6's loader was read with (its record keeps it: `createSkillEntry`). */
const LOADED_FRONTMATTER = new WeakMap<object, Record<string, string>>();

/** `copy` (the same skill under another path) keeps the frontmatter `skill` was loaded with. */
export function carryLoadedFrontmatter(skill: object, copy: object): void {
  const fm = LOADED_FRONTMATTER.get(skill);
  if (fm) LOADED_FRONTMATTER.set(copy, fm);
}

/** Whether `version` hard-links refuses for `source`: none before 2026.5.12, every source in 2026.5.12–7.35,
 *  all but the bundled skills from 2026.8.1 (`shouldRejectHardlinkedPluginFiles`). */
function rejectsHardlinks(version: OpenClawVersion, source: string): boolean {
  if (has(version, 'invalid-skill-warnings')) return source !== 'openclaw-bundled';
  return has(version, 'skill-file-in-folder');
}

/** `loadSingleSkillDirectory` of 2026.9.6 (local-loader.ts, chunk `local-loader-DP-Jr6_I.mjs`) with the
 *  root loader's `warnInvalidSkill` as its diagnostic sink; the folder's fate is traced as 2026.4.12's are.
 *  2026.5.12–7.35 open the file the same way (a link inside the folder is followed), but refuse a hard link
 *  whatever the source, parse leniently and say nothing (an empty file, which they take for none, fails the
 *  same way: it has no description). */
export function loadSingleSkillDirectory96<S extends string>(ctx: SkillDirectoryContext<S>, skillDir: string, source: S): SkillDirectoryLoad<S> | null {
  const version = ctx.version ?? OPENCLAW_BASELINE;
  const warns = has(version, 'invalid-skill-warnings');
  const loaded = loadSkillFile96({
    skillDir,
    maxBytes: ctx.limits.maxSkillFileBytes,
    rejectHardlinks: rejectsHardlinks(version, source),
    home: homeOf(ctx),
    parse: (text) => parseSkillFrontmatter(text, version),
    ...(ctx.fs ? { fs: ctx.fs } : {}),
  });
  if (!loaded.ok) {
    if (loaded.diagnostic && warns) warnInvalidSkill(ctx, source, loaded.diagnostic);
    switch (loaded.reason) {
      case 'path':
        ctx.traces.push({ dir: skillDir, source, fate: { kind: 'no-skill-md' } });
        break;
      case 'frontmatter':
      case 'no-name':
      case 'no-description':
        ctx.traces.push({ dir: skillDir, source, fate: { kind: 'no-description' } });
        break;
      default:
        ctx.traces.push({ dir: skillDir, source, fate: { kind: 'unreadable', reason: loaded.reason } });
    }
    return null;
  }
  const frontmatter = loaded.frontmatter;
  const skill = {
    name: frontmatter.name?.trim() || path.basename(skillDir).trim(),
    description: frontmatter.description?.trim() ?? '',
    filePath: path.resolve(skillDir, 'SKILL.md'),
    baseDir: path.resolve(skillDir),
    source,
    disableModelInvocation: resolveInvocationPolicy(frontmatter).disableModelInvocation,
  };
  LOADED_FRONTMATTER.set(skill, frontmatter);
  return skill;
}

/** The frontmatter a loaded skill's entry carries: `readSkillFrontmatterSafe` re-reading the file with the
 *  skill folder as the root (2026.4.12), or the loader's own parse (2026.9.6 keeps the record's frontmatter,
 *  `createSkillEntry`: the one it was loaded with, else re-reading it the same way, which gives the same
 *  values). `{}` when it cannot be read. */
export function readEntryFrontmatter(
  skill: { baseDir: string; filePath: string; source: string; readFrom?: string },
  maxBytes: number,
  version: OpenClawVersion = OPENCLAW_BASELINE,
  home = '',
  view?: FsView,
): Record<string, string> {
  if (has(version, 'skill-file-in-folder')) {
    const known = LOADED_FRONTMATTER.get(skill);
    if (known) return known;
    const loaded = loadSkillFile96({
      // A plugin skill shown at its `plugin-skills` link is read from the plugin's folder (plugins.ts).
      skillDir: skill.readFrom ?? skill.baseDir,
      maxBytes,
      rejectHardlinks: rejectsHardlinks(version, skill.source),
      home,
      parse: (text) => parseSkillFrontmatter(text, version),
      ...(view ? { fs: view } : {}),
    });
    return loaded.ok ? loaded.frontmatter : {};
  }
  const rootReal = tryRealpath(path.resolve(skill.baseDir));
  if (!rootReal) return {};
  const read = readSkillFileSync(rootReal, path.resolve(skill.filePath), maxBytes);
  if (!read.ok) return {};
  try {
    return parseFrontmatter(read.text, version);
  } catch {
    return {};
  }
}
