// Reading one SKILL.md (or a small settings file) from disk, guarded, for every agent runtime's emulation
// (src/core/runtimes/<runtime>/): an emulation must never hang or throw on what a workspace holds. The releases
// read a file whole; this reader stops at READ_CAP bytes, which is enough for every rule that looks at the text
// (the frontmatter and the first lines of the body), and says so (`truncated`), so each profile can say when a
// file's frontmatter does not close within those bytes. A FIFO, a socket or a folder named SKILL.md is
// refused before it is opened (and the file is opened non-blocking in case it is swapped in between), so
// nothing here can block. Symlinks are followed, as Copilot follows a SKILL.md that is a link to a file (case
// a05); a link loop fails with ELOOP like any other unreadable file.

import * as fs from 'node:fs';

/** How much of a SKILL.md is read (bytes). */
export const READ_CAP = 1024 * 1024;

export type ReadResult = { ok: true; text: string; size: number; truncated: boolean } | { ok: false; why: string };

function errorCode(error: unknown): string {
  return typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : 'error';
}

/** True when `p` is (or links to) a regular file; never throws. */
export function isRegularFile(p: string): boolean {
  try {
    return fs.statSync(p).isFile();
  } catch {
    return false;
  }
}

/** The first READ_CAP bytes of a regular file, as UTF-8 (invalid bytes become U+FFFD, as in a binary file). */
export function readSkillText(file: string): ReadResult {
  let st: fs.Stats;
  try {
    st = fs.statSync(file);
  } catch (error) {
    return { ok: false, why: `could not be read (${errorCode(error)})` };
  }
  if (!st.isFile()) return { ok: false, why: 'not a regular file' };
  let fd: number;
  try {
    fd = fs.openSync(file, fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0));
  } catch (error) {
    return { ok: false, why: `could not be read (${errorCode(error)})` };
  }
  try {
    const fst = fs.fstatSync(fd);
    if (!fst.isFile()) return { ok: false, why: 'not a regular file' };
    const want = Math.min(fst.size, READ_CAP);
    const buffer = Buffer.alloc(want);
    let got = 0;
    while (got < want) {
      const n = fs.readSync(fd, buffer, got, want - got, got);
      if (n <= 0) break;
      got += n;
    }
    return { ok: true, text: buffer.subarray(0, got).toString('utf8'), size: fst.size, truncated: fst.size > got };
  } catch (error) {
    return { ok: false, why: `could not be read (${errorCode(error)})` };
  } finally {
    try {
      fs.closeSync(fd);
    } catch {
      // nothing to do: the file was read or its error reported
    }
  }
}

/** A small JSON file (settings.json), or null when it is missing, unreadable, too large or not JSON. */
export function readJsonFile(file: string, cap = 1024 * 1024): unknown {
  const r = readSkillText(file);
  if (!r.ok || r.truncated || r.size > cap) return null;
  try {
    return JSON.parse(r.text) as unknown;
  } catch {
    return null;
  }
}

/** True when `p` is (or links to) a folder; never throws. */
export function isDirectory(p: string): boolean {
  try {
    return fs.statSync(p).isDirectory();
  } catch {
    return false;
  }
}

/** True when `p` is itself a symbolic link (to anything, or to nothing); never throws. */
export function isSymlink(p: string): boolean {
  try {
    return fs.lstatSync(p).isSymbolicLink();
  } catch {
    return false;
  }
}

/** True when `p` resolves to anything (a dangling link does not); never throws. */
export function pathExists(p: string): boolean {
  try {
    fs.statSync(p);
    return true;
  } catch {
    return false;
  }
}
