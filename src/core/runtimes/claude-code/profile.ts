// Claude Code: the skills it lists to the model when started in a working folder (./listing.ts, emulating the
// npm release 2.1.332 as run against a loopback model endpoint), and the fields its documentation lists
// (./fields.ts). A skill it does not find from there is said in its terms (below).

import * as path from 'node:path';
import { findInstalledCli } from '../installedCli';
import { isBelow, isBelowPair, projectOfSkillsFolder } from '../location';
import type { ListingJudging, RuntimeProfile } from '../types';
import { projectDirs } from './discover';
import { FIELDS } from './fields';
import { configDirOf } from './settings';

/** The folder whose `.claude/skills` holds `dir`, or null. */
const claudeProjectOf = (dir: string): string | null => projectOfSkillsFolder(dir, ['.claude']);

/** The emulation (./listing.ts), loaded when Claude Code is first started: a run that judges no skill by
 *  Claude Code does not load it. */
let listingModule: typeof import('./listing') | undefined;
function listing(): typeof import('./listing') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (listingModule ??= require('./listing') as typeof import('./listing'));
}

const LISTING: ListingJudging = {
  start: (ctx, cwd) => listing().runClaudeCode({ cwd, home: ctx.home, env: ctx.env, platform: ctx.platform }),
  projectOf: (dir) => claudeProjectOf(dir),
  notFound(dir, cwd, ctx) {
    const listing = { cwd, home: ctx.home, env: ctx.env, platform: ctx.platform };
    const config = configDirOf(listing);
    const skills = path.join(config, 'skills');
    if (dir.startsWith(path.join(ctx.home, '.claude', 'skills') + path.sep) && config !== path.join(ctx.home, '.claude'))
      return { why: `CLAUDE_CONFIG_DIR is set, so Claude Code reads ${skills} instead of ~/.claude/skills`, because: 'not_read' };
    const project = claudeProjectOf(dir);
    if (project !== null || isBelow(dir, skills)) {
      const root = project !== null ? path.join(project, '.claude', 'skills') : skills;
      const rel = path.relative(root, dir).split(path.sep);
      if (rel.length > 1)
        return {
          why: `it is ${rel.length} folders below ${root}: Claude Code finds skills only at <skills>/<folder>/SKILL.md, one level down`,
          because: 'not_read',
        };
    }
    if (project !== null && isBelow(project, cwd))
      return {
        why: `it lives below the working folder (${cwd}): Claude Code lists it only after a file under ${project} is read, not at start`,
        because: 'conditional',
      };
    if (project !== null && !projectDirs(cwd).includes(project))
      return {
        why: `Claude Code started in ${cwd} reads .claude/skills only up to the git repository's root, and ${project} is above it`,
        because: 'not_read',
      };
    return { why: `Claude Code reads skills only from ${skills} and the .claude/skills folders from the working folder up`, because: 'not_read' };
  },
};

export const CLAUDE_CODE_PROFILE: RuntimeProfile = {
  id: 'claude-code',
  appliesBecause: (s) => (isBelowPair(s.dir, '.claude', 'skills') ? 'it lives in a .claude/skills folder, where Claude Code finds skills' : null),
  impliedBy: () => false,
  fields: FIELDS,
  judging: { kind: 'listing', listing: LISTING },
  findInstalled: (env, _home, platform) => findInstalledCli({ pkg: '@anthropic-ai/claude-code', bins: ['claude'] }, env, platform),
  // Not ~/.claude.json (skillUsage orders the budget's cut): Claude Code rewrites it on every run.
  configFiles: (ctx) => {
    const c = configDirOf({ cwd: ctx.cwd, home: ctx.home, env: ctx.env, platform: ctx.platform });
    return [path.join(c, 'settings.json'), path.join(ctx.cwd, '.claude', 'settings.json')];
  },
};
