// Hermes's contract with the rest of skill-author (../types.ts RuntimeProfile): where it applies, the fields
// it reads, its whole-root emulation, and the files outside the skills folders it reads.
import * as path from 'node:path';
import { hasKey, isBelow, metadataOf, shownPath } from '../location';
import type { RuntimeProfile } from '../types';
import { FIELDS } from './fields';

/** The emulation (./tree.ts), loaded when Hermes first judges a root or its home is asked for: a run that
 *  judges no skill by Hermes does not load it. */
let treeModule: typeof import('./tree') | undefined;
function tree(): typeof import('./tree') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (treeModule ??= require('./tree') as typeof import('./tree'));
}

/** The top-level keys only Hermes reads: one of them makes Hermes apply. */
const HERMES_KEYS = ['platforms', 'prerequisites', 'environments', 'required_environment_variables', 'required_credential_files', 'setup'];

let lastSkills: [string, string | undefined, string] = ['', undefined, ''];

/** `$HERMES_HOME/skills` (default `~/.hermes/skills`), worked out once for the home and variable in use. */
function hermesSkillsFolder(home: string, hermesHome: string | undefined): string {
  if (lastSkills[0] !== home || lastSkills[1] !== hermesHome)
    lastSkills = [home, hermesHome, path.join(hermesHome ? path.resolve(hermesHome) : path.join(home, '.hermes'), 'skills')];
  return lastSkills[2];
}

export const HERMES_PROFILE: RuntimeProfile = {
  id: 'hermes',
  appliesBecause: (s) => {
    const skills = hermesSkillsFolder(s.home, s.env['HERMES_HOME']);
    if (isBelow(s.dir, skills)) return `it lives in Hermes's skills folder ${shownPath(skills, s.home)}`;
    const key = HERMES_KEYS.find((k) => hasKey(s.data, k));
    if (key) return `it declares \`${key}\`, which Hermes reads`;
    if (hasKey(metadataOf(s.data), 'hermes')) return 'it declares `metadata.hermes`, which Hermes reads';
    return null;
  },
  impliedBy: (p) => (p.length === 1 && HERMES_KEYS.includes(p[0] as string)) || (p.length === 2 && p[0] === 'metadata' && p[1] === 'hermes'),
  fields: FIELDS,
  judging: { kind: 'tree', evaluate: (root, ctx, only) => tree().evaluateHermesTree(root, ctx, only) },
  configFiles: (ctx) => {
    const home = path.resolve(ctx.cwd, tree().hermesHomeOf(ctx));
    return [path.join(home, 'config.yaml'), path.join(home, '.env')];
  },
};
