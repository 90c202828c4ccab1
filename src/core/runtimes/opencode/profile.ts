// OpenCode: the skills it lists to the model when started in a working folder (./listing.ts, emulating the npm
// release 1.18.33; its rules are read from its source and checked by running that release on the cases of
// test/golden/opencode). It reads `.claude/skills` and `.agents/skills` from the working folder up to the git
// root, `~/.claude/skills`, `~/.agents/skills`, `skill/` and `skills/` under its config folders and
// `skills.paths`, at any depth. Of two skills with one name, which one it keeps is not determined (a race).

import * as path from 'node:path';
import { findInstalledCli } from '../installedCli';
import { isBelow, isBelowPair, projectOfSkillsFolder } from '../location';
import type { ListingJudging, RuntimeProfile } from '../types';
import { FIELDS } from './fields';

/** The folder whose `.claude/skills`, `.agents/skills`, `.opencode/skill(s)` holds `dir`, or null. */
function openCodeProjectOf(dir: string): string | null {
  const parts = dir.split(path.sep);
  for (let i = parts.length - 3; i >= 0; i--)
    if (parts[i] === '.opencode' && (parts[i + 1] === 'skill' || parts[i + 1] === 'skills')) return parts.slice(0, i).join(path.sep) || path.sep;
  return projectOfSkillsFolder(dir, ['.claude', '.agents']);
}

/** The emulation (./listing.ts), loaded when OpenCode is first started: a run that judges no skill by
 *  OpenCode does not load it. */
let listingModule: typeof import('./listing') | undefined;
function listing(): typeof import('./listing') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (listingModule ??= require('./listing') as typeof import('./listing'));
}

const LISTING: ListingJudging = {
  start: (ctx, cwd) => listing().runOpenCode({ cwd, home: ctx.home, env: ctx.env, platform: ctx.platform }),
  projectOf: (dir) => openCodeProjectOf(dir),
  notFound(dir, cwd) {
    const project = openCodeProjectOf(dir);
    if (project !== null && isBelow(project, cwd))
      return {
        why: `it lives below the working folder (${cwd}): OpenCode reads skills folders from the working folder up to the git root, not below it`,
        because: 'not_read',
      };
    return {
      why: 'OpenCode reads skills only from .claude/skills, .agents/skills and .opencode/skill(s) from the working folder up to the git root, ~/.claude/skills, ~/.agents/skills, ~/.config/opencode/skill(s) and skills.paths',
      because: 'not_read',
    };
  },
};

export const OPENCODE_PROFILE: RuntimeProfile = {
  id: 'opencode',
  appliesBecause: (s) =>
    isBelowPair(s.dir, '.claude', 'skills')
      ? 'it lives in a .claude/skills folder, which OpenCode reads'
      : isBelowPair(s.dir, '.agents', 'skills')
        ? 'it lives in an .agents/skills folder, which OpenCode reads'
        : isBelowPair(s.dir, '.opencode', 'skill') || isBelowPair(s.dir, '.opencode', 'skills')
          ? 'it lives in an .opencode/skill(s) folder, which OpenCode reads'
          : isBelow(s.dir, path.join(s.home, '.config', 'opencode'))
            ? 'it lives in OpenCode’s config folder (~/.config/opencode)'
            : null,
  impliedBy: () => false,
  fields: FIELDS,
  judging: { kind: 'listing', listing: LISTING },
  findInstalled: (env, _home, platform) => findInstalledCli({ pkg: 'opencode-ai', bins: ['opencode'] }, env, platform),
  configFiles: (ctx) => [path.join(ctx.home, '.config', 'opencode', 'opencode.json'), path.join(ctx.cwd, 'opencode.json')],
};
