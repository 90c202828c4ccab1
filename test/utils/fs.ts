// Files for the tests to check, written under a temporary folder.
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** Writes `data` to `root/rel`, creating the folders on the way (and setting `mode` when given): the file's path. */
export function writeUnder(root: string, rel: string, data: string | Uint8Array, mode?: number): string {
  const p = join(root, rel);
  mkdirSync(dirname(p), { recursive: true });
  writeFileSync(p, data);
  if (mode !== undefined) chmodSync(p, mode);
  return p;
}
