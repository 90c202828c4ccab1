// A file written whole or not at all: to a temporary name beside it, then renamed into place, so a reader (or
// another process writing the same cache file) never sees half of it. What the caches keep between runs is
// written this way.
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';

/** Writes `data` to `file` atomically; throws what failed, after removing the temporary file. */
export function writeFileAtomically(file: string, data: string | Uint8Array): void {
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    fs.writeFileSync(tmp, data);
    fs.renameSync(tmp, file);
  } catch (e) {
    fs.rmSync(tmp, { force: true });
    throw e;
  }
}
