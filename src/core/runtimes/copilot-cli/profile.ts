// GitHub Copilot CLI: the skills it lists to the model when started in a working folder (./listing.ts,
// emulating the npm release 1.0.102 as run against a loopback model endpoint). It reads `.github/skills`,
// `.agents/skills` and `.claude/skills` from the working folder up, `~/.copilot/skills`, `~/.agents/skills` and
// the folders of COPILOT_SKILLS_DIRS.

import * as path from 'node:path';
import { FIELDS } from './fields';
import { findInstalledCli } from '../installedCli';
import { isBelow, isBelowPair, projectOfSkillsFolder } from '../location';
import type { ListingJudging, RuntimeProfile } from '../types';

/** The folder whose `.github/skills`, `.agents/skills` or `.claude/skills` holds `dir`, or null. */
const copilotProjectOf = (dir: string): string | null => projectOfSkillsFolder(dir, ['.github', '.agents', '.claude']);

/** The emulation (./listing.ts), loaded when Copilot CLI is first started: a run that judges no skill by
 *  Copilot CLI does not load it. */
let listingModule: typeof import('./listing') | undefined;
function listing(): typeof import('./listing') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (listingModule ??= require('./listing') as typeof import('./listing'));
}

const LISTING: ListingJudging = {
  start: (ctx, cwd) => listing().runCopilotCli({ cwd, home: ctx.home, env: ctx.env, platform: ctx.platform }),
  projectOf: (dir) => copilotProjectOf(dir),
  notFound(dir, cwd) {
    const project = copilotProjectOf(dir);
    if (project !== null && isBelow(project, cwd))
      return {
        why: `it lives below the working folder (${cwd}): Copilot CLI reads skills folders from the working folder up, not below it`,
        because: 'not_read',
      };
    return {
      why: 'Copilot CLI reads skills only from .github/skills, .agents/skills and .claude/skills from the working folder up, ~/.copilot/skills, ~/.agents/skills and COPILOT_SKILLS_DIRS',
      because: 'not_read',
    };
  },
};

export const COPILOT_CLI_PROFILE: RuntimeProfile = {
  id: 'copilot-cli',
  appliesBecause: (s) =>
    isBelowPair(s.dir, '.github', 'skills')
      ? 'it lives in a .github/skills folder, which Copilot CLI reads'
      : isBelowPair(s.dir, '.agents', 'skills')
        ? 'it lives in an .agents/skills folder, which Copilot CLI reads'
        : isBelowPair(s.dir, '.claude', 'skills') && !s.dir.startsWith(path.join(s.home, '.claude', 'skills') + path.sep)
          ? 'it lives in a project .claude/skills folder, which Copilot CLI reads'
          : s.dir.startsWith(path.join(s.home, '.copilot', 'skills') + path.sep)
            ? 'it lives in ~/.copilot/skills, where Copilot CLI finds skills'
            : null,
  impliedBy: () => false,
  fields: FIELDS,
  judging: { kind: 'listing', listing: LISTING },
  findInstalled: (env, _home, platform) => findInstalledCli({ pkg: '@github/copilot', bins: ['copilot'] }, env, platform),
  configFiles: (ctx) => [path.join(ctx.home, '.copilot', 'settings.json')],
};
