// OpenClaw's contract with the rest of skill-author (../types.ts RuntimeProfile): where it applies, the
// fields it reads, its whole-root emulation, the release installed here, and the `openclaw.json` it reads.
import * as path from 'node:path';
import { hasKey, isBelow, metadataOf, shownPath } from '../location';
import type { RuntimeProfile } from '../types';
import { FIELDS } from './fields';
import { resolveConfigFile } from './home';
import { findInstalledOpenClaw } from './installed';

/** The emulation (./tree.ts), loaded when OpenClaw first judges a root: a run that judges no skill by OpenClaw
 *  does not load it. */
let treeModule: typeof import('./tree') | undefined;
function tree(): typeof import('./tree') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (treeModule ??= require('./tree') as typeof import('./tree'));
}

export const OPENCLAW_PROFILE: RuntimeProfile = {
  id: 'openclaw',
  appliesBecause: (s) => {
    const folder = path.join(s.home, '.openclaw');
    if (isBelow(s.dir, folder)) return `it lives under OpenClaw's folder ${shownPath(folder, s.home)}`;
    if (hasKey(metadataOf(s.data), 'openclaw')) return 'it declares `metadata.openclaw`, which OpenClaw reads';
    return null;
  },
  impliedBy: (p) => p.length === 2 && p[0] === 'metadata' && p[1] === 'openclaw',
  fields: FIELDS,
  judging: { kind: 'tree', evaluate: (root, ctx) => tree().evaluateOpenClaw(root, ctx) },
  findInstalled: (env, home, platform) => findInstalledOpenClaw(env, home, platform),
  configFiles: (ctx) => [resolveConfigFile({ ...ctx.env }, ctx.home, ctx.openclawConfig)],
};
