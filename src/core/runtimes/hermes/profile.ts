// Hermes's contract with the rest of skill-author (../types.ts RuntimeProfile): where it applies, the fields
// it reads, its whole-root emulation, and the files outside the skills folders it reads.
import * as path from 'node:path';
import { hasKey, isBelow, metadataOf, shownPath } from '../location';
import type { RuntimeProfile } from '../types';
import { FIELDS } from './fields';
import { hermesHomeOf } from './host';
import { evaluateHermes } from './index';

/** The top-level keys only Hermes reads: one of them makes Hermes apply. */
const HERMES_KEYS = ['platforms', 'prerequisites', 'environments', 'required_environment_variables', 'required_credential_files', 'setup'];

export const HERMES_PROFILE: RuntimeProfile = {
  id: 'hermes',
  appliesBecause: (s) => {
    const home = path.resolve(s.home);
    const hermesHome = s.env['HERMES_HOME'] ? path.resolve(s.env['HERMES_HOME']) : path.join(home, '.hermes');
    const skills = path.join(hermesHome, 'skills');
    if (isBelow(s.dir, skills)) return `it lives in Hermes's skills folder ${shownPath(skills, home)}`;
    const key = HERMES_KEYS.find((k) => hasKey(s.data, k));
    if (key) return `it declares \`${key}\`, which Hermes reads`;
    if (hasKey(metadataOf(s.data), 'hermes')) return 'it declares `metadata.hermes`, which Hermes reads';
    return null;
  },
  impliedBy: (p) => (p.length === 1 && HERMES_KEYS.includes(p[0] as string)) || (p.length === 2 && p[0] === 'metadata' && p[1] === 'hermes'),
  fields: FIELDS,
  judging: { kind: 'tree', evaluate: (root, ctx) => evaluateHermes(root, ctx) },
  configFiles: (ctx) => {
    const home = path.resolve(ctx.cwd, hermesHomeOf(ctx));
    return [path.join(home, 'config.yaml'), path.join(home, '.env')];
  },
};
