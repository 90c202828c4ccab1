// A file written whole or not at all: to a temporary name beside it, then renamed into place, so a reader (or
// another process writing the same cache file) never sees half of it. What the caches keep between runs is
// written this way.
import * as fs from 'node:fs';

/** Writes `data` to `file` atomically; throws what failed, after removing the temporary file. */
export function writeFileAtomically(file: string, data: string | Uint8Array): void {
  // Unique enough among writers of one user's cache folder (the process id, a clock and a random part),
  // without loading node:crypto into the CLI's launcher.
  const tmp = `${file}.${process.pid}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}.tmp`;
  try {
    fs.writeFileSync(tmp, data);
    fs.renameSync(tmp, file);
  } catch (e) {
    fs.rmSync(tmp, { force: true });
    throw e;
  }
}
