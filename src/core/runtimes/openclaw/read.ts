// Reading a SKILL.md the way OpenClaw's loader does (src/agents/skills/local-loader.ts,
// src/infra/safe-open-sync.ts at 8f8492d1; RULES.md §2 "Reading"):
//  - a SKILL.md that is itself a symlink is never read (lstat of the path), a folder symlink on the way is fine;
//  - the real file must be a regular file (a FIFO or a directory named SKILL.md is refused before opening, so
//    nothing here can block on a pipe) no larger than the byte cap, checked before and after opening;
//  - it must resolve inside the root it was loaded from;
//  - the bytes are decoded as UTF-8 WITHOUT stripping a byte-order mark (a BOM then hides the frontmatter).
// Every filesystem error means "no skill": nothing here throws.

import * as fs from 'node:fs';
import * as path from 'node:path';

export type ReadFailure = 'symlink' | 'not-a-file' | 'too-large' | 'outside-root' | 'path' | 'io' | 'empty';

export type ReadResult = { ok: true; text: string; realPath: string; size: number } | { ok: false; reason: ReadFailure };

export function tryRealpath(filePath: string): string | null {
  try {
    return fs.realpathSync(filePath);
  } catch {
    return null;
  }
}

/** `isPathInside` / `isPathWithinRoot`: equal, or below without `..` and not on another drive. */
export function isPathInside(root: string, candidate: string): boolean {
  const relative = path.relative(path.resolve(root), path.resolve(candidate));
  return relative === '' || (!relative.startsWith(`..${path.sep}`) && relative !== '..' && !path.isAbsolute(relative));
}

export function isSymlinkPath(filePath: string): boolean {
  try {
    return fs.lstatSync(filePath).isSymbolicLink();
  } catch {
    return false;
  }
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
    const realPath = fs.realpathSync(filePath);
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
    // Read at most what fstat promised (plus nothing): a file growing under us cannot make us read without end.
    const buffer = Buffer.alloc(opened.size);
    let read = 0;
    while (read < buffer.length) {
      const n = fs.readSync(fd, buffer, read, buffer.length - read, read);
      if (n <= 0) break;
      read += n;
    }
    const text = buffer.subarray(0, read).toString('utf8');
    // `if (!raw) return null` in the loader: an empty file yields no skill.
    if (!text) return { ok: false, reason: 'empty' };
    return { ok: true, text, realPath, size: read };
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
    const size = Math.min(st.size, limit);
    const buffer = Buffer.alloc(size);
    let read = 0;
    while (read < size) {
      const n = fs.readSync(fd, buffer, read, size - read, read);
      if (n <= 0) break;
      read += n;
    }
    return { text: buffer.subarray(0, read).toString('utf8'), size: st.size };
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
