// Qwen Code: the skills it lists to the model when started in a working folder (./listing.ts, emulating the npm
// release 0.24.4; its rules are read from its source and checked by running that release on the cases of
// test/golden/qwen-code). It reads the working folder's `.qwen/skills` and `.agents/skills`, `~/.qwen/skills`,
// `~/.agents/skills` and its extensions' skills; the first skill of a name wins.

import * as path from 'node:path';
import { findInstalledCli } from '../installedCli';
import { isBelowPair, projectOfSkillsFolder } from '../location';
import type { ListingJudging, RuntimeProfile } from '../types';
import { FIELDS } from './fields';

/** The folder whose `.qwen/skills` or `.agents/skills` holds `dir`, or null. */
const qwenProjectOf = (dir: string): string | null => projectOfSkillsFolder(dir, ['.qwen', '.agents']);

/** The emulation (./listing.ts), loaded when Qwen Code is first started: a run that judges no skill by
 *  Qwen Code does not load it. */
let listingModule: typeof import('./listing') | undefined;
function listing(): typeof import('./listing') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (listingModule ??= require('./listing') as typeof import('./listing'));
}

const LISTING: ListingJudging = {
  start: (ctx, cwd) => listing().runQwenCode({ cwd, home: ctx.home, env: ctx.env, platform: ctx.platform }),
  projectOf: (dir) => qwenProjectOf(dir),
  notFound(dir, cwd, ctx) {
    const project = qwenProjectOf(dir);
    if (project !== null && project !== path.resolve(cwd) && project !== path.resolve(ctx.home))
      return {
        why: `Qwen Code reads the .qwen/skills and .agents/skills of the working folder only (${cwd}), not of ${project}`,
        because: 'not_read',
      };
    return {
      why: 'Qwen Code reads skills only from the working folder’s .qwen/skills and .agents/skills, ~/.qwen/skills, ~/.agents/skills and its extensions',
      because: 'not_read',
    };
  },
};

export const QWEN_CODE_PROFILE: RuntimeProfile = {
  id: 'qwen-code',
  appliesBecause: (s) =>
    isBelowPair(s.dir, '.qwen', 'skills')
      ? 'it lives in a .qwen/skills folder, which Qwen Code reads'
      : isBelowPair(s.dir, '.agents', 'skills')
        ? 'it lives in an .agents/skills folder, which Qwen Code reads'
        : null,
  impliedBy: () => false,
  fields: FIELDS,
  judging: { kind: 'listing', listing: LISTING },
  findInstalled: (env, _home, platform) => findInstalledCli({ pkg: '@qwen-code/qwen-code', bins: ['qwen'] }, env, platform),
  configFiles: (ctx) => [path.join(ctx.home, '.qwen', 'settings.json'), path.join(ctx.cwd, '.qwen', 'settings.json')],
};
