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

/** Runs `run` with `node:fs`'s `name` watched: the first argument of every call it makes (a path, or a file
 *  descriptor), in order. The modules under test call `fs.name(…)` through the module object, so they see
 *  the watcher; it is removed when `run` settles. */
export async function watchFs<T, K extends 'readdirSync' | 'openSync' | 'readFileSync'>(
  name: K,
  run: () => T | Promise<T>,
): Promise<{ result: T; calls: unknown[] }> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const mod = require('node:fs') as Record<K, (...args: unknown[]) => unknown>;
  const real = mod[name];
  const calls: unknown[] = [];
  mod[name] = (...args: unknown[]) => {
    calls.push(args[0]);
    return real(...args);
  };
  try {
    return { result: await run(), calls };
  } finally {
    mod[name] = real;
  }
}
