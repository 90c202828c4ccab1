// The columns of `check --matrix` (./matrix.ts) when nobody chose them: each agent runtime that lists skills to
// the model from where it is started and reads one of the skills' folders (or uses its fields); every such
// runtime when none does. The skills are then judged by exactly these, so each cell is that runtime's own verdict.

import { applicableRuntimes } from '../runtimes/detect';
import { LISTING_RUNTIMES } from '../runtimes/profiles';
import { RUNTIME_IDS } from '../runtimes/registry';
import type { RuntimeId } from '../runtimes/types';
import type { JudgeSkill } from './judge';

/** The agent runtimes, in the registry's order: those chosen (`pinned`) that list skills, else those that read
 *  one of `skills`, else all of them. */
export function matrixRuntimes(
  skills: readonly Pick<JudgeSkill, 'dir' | 'data'>[],
  home: string,
  env: Readonly<Record<string, string | undefined>>,
  pinned?: readonly RuntimeId[],
): RuntimeId[] {
  const listing = RUNTIME_IDS.filter((id) => LISTING_RUNTIMES[id]);
  if (pinned?.length) return listing.filter((id) => pinned.includes(id));
  const found = new Set<RuntimeId>();
  for (const s of skills) for (const a of applicableRuntimes({ dir: s.dir, data: s.data, home, env, pinned: [] })) found.add(a.runtime);
  const reading = listing.filter((id) => found.has(id));
  return reading.length ? reading : listing;
}
