// Every runtime's frontmatter fields together: which keys some runtime reads at a place in the frontmatter,
// and which runtimes read a given key. A key no runtime reads is at most information; a key one runtime reads
// is never called unknown.

import { PROFILES } from './profiles';
import type { RuntimeField, RuntimeId } from './types';

export const FIELDS_BY_RUNTIME: Readonly<Record<RuntimeId, readonly RuntimeField[]>> = Object.fromEntries(PROFILES.map((p) => [p.id, p.fields])) as Record<
  RuntimeId,
  readonly RuntimeField[]
>;

const matches = (pattern: readonly string[], path: readonly string[]): boolean =>
  pattern.length === path.length && pattern.every((p, i) => p === '*' || p === path[i]);

/** The keys some runtime reads directly under `path` (`[]` = the frontmatter's top). */
export function fieldKeysAt(path: readonly string[]): Set<string> {
  const keys = new Set<string>();
  for (const fields of Object.values(FIELDS_BY_RUNTIME)) {
    for (const f of fields) {
      if (f.path.length === path.length + 1 && matches(f.path.slice(0, -1), path)) {
        const key = f.path[f.path.length - 1] as string;
        if (key !== '*') keys.add(key);
      }
    }
  }
  return keys;
}
