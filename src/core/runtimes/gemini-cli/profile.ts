// Gemini CLI: the skills it lists to the model when started in a working folder (./listing.ts, emulating the npm
// release 0.61.0; its rules are read from its source and checked by running that release on the cases of
// test/golden/gemini-cli). It reads `~/.gemini/skills`, `~/.agents/skills`, its extensions' skills and the working
// folder's own `.gemini/skills` and `.agents/skills` — not its parents, not the git root.

import * as path from 'node:path';
import { findInstalledCli } from '../installedCli';
import { isBelow, isBelowPair, projectOfSkillsFolder } from '../location';
import type { ListingJudging, RuntimeProfile } from '../types';
import { FIELDS } from './fields';

/** The folder whose `.gemini/skills` or `.agents/skills` holds `dir`, or null. */
const geminiProjectOf = (dir: string): string | null => projectOfSkillsFolder(dir, ['.gemini', '.agents']);

/** The emulation (./listing.ts), loaded when Gemini CLI is first started: a run that judges no skill by
 *  Gemini CLI does not load it. */
let listingModule: typeof import('./listing') | undefined;
function listing(): typeof import('./listing') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (listingModule ??= require('./listing') as typeof import('./listing'));
}

const LISTING: ListingJudging = {
  start: (ctx, cwd) => listing().runGeminiCli({ cwd, home: ctx.home, env: ctx.env, platform: ctx.platform }),
  projectOf: (dir) => geminiProjectOf(dir),
  notFound(dir, cwd, ctx) {
    const project = geminiProjectOf(dir);
    if (project !== null && project !== path.resolve(cwd) && project !== path.resolve(ctx.home))
      return {
        why: `Gemini CLI reads the .gemini/skills and .agents/skills of the working folder only (${cwd}), not of ${project}`,
        because: 'not_read',
      };
    if (project !== null) {
      const rel = path.relative(project, dir).split(path.sep);
      if (rel.length > 3) return { why: 'Gemini CLI finds a SKILL.md only in a skills folder itself or one folder down', because: 'not_read' };
    }
    return {
      why: 'Gemini CLI reads skills only from ~/.gemini/skills, ~/.agents/skills, its extensions and the working folder’s .gemini/skills and .agents/skills',
      because: 'not_read',
    };
  },
};

export const GEMINI_CLI_PROFILE: RuntimeProfile = {
  id: 'gemini-cli',
  appliesBecause: (s) =>
    isBelowPair(s.dir, '.gemini', 'skills')
      ? 'it lives in a .gemini/skills folder, which Gemini CLI reads'
      : isBelowPair(s.dir, '.agents', 'skills')
        ? 'it lives in an .agents/skills folder, which Gemini CLI reads'
        : isBelow(s.dir, path.join(s.home, '.gemini', 'extensions'))
          ? 'it lives in a Gemini CLI extension'
          : null,
  impliedBy: () => false,
  fields: FIELDS,
  judging: { kind: 'listing', listing: LISTING },
  findInstalled: (env, _home, platform) => findInstalledCli({ pkg: '@google/gemini-cli', bins: ['gemini'] }, env, platform),
  configFiles: (ctx) => [path.join(ctx.home, '.gemini', 'settings.json'), path.join(ctx.cwd, '.gemini', 'settings.json')],
};
