// nexo-rs's contract with the rest of skill-author (../types.ts RuntimeProfile): where it applies and the
// fields it reads. Its verdicts come from the check pipeline's own evaluation of each skill (./status.ts,
// ./gate.ts): the probes of binaries and versions they need are scheduled, cached and shared there.
import * as path from 'node:path';
import { hasKey, isBelow, shownPath } from '../location';
import type { RuntimeProfile } from '../types';
import { FIELDS } from './fields';

export const NEXO_PROFILE: RuntimeProfile = {
  id: 'nexo',
  appliesBecause: (s) => {
    for (const d of s.nexoSkillsDirs ?? []) {
      const abs = path.resolve(d);
      if (isBelow(s.dir, abs)) return `it lives in the skills_dir of a nexo-rs agents file (${shownPath(abs, s.home)})`;
    }
    if (hasKey(s.data, 'requires')) return 'it declares `requires`, which nexo-rs reads';
    return null;
  },
  impliedBy: (p) => p.length === 1 && p[0] === 'requires',
  fields: FIELDS,
  judging: { kind: 'engine' },
};
