// VS Code's own chat (its built-in GitHub Copilot Chat): the skills listing VS Code 1.139.1 puts into an agent-mode
// request when the workspace is the working folder (./listing.ts, exact to the listing captured from a real
// code-server by test/conformance/vscode, test/golden/vscode/RULES.md). It reads `.agents/skills`,
// `.github/skills` and `.claude/skills` of the workspace folder, `~/.agents/skills`, `~/.copilot/skills`,
// `~/.claude/skills` and `chat.agentSkillsLocations`, one level down; the folder's name is the name, and the
// first skill of a name wins. Its fields: ./fields.ts.

import * as path from 'node:path';
import { isBelow, isBelowPair, projectOfSkillsFolder } from '../location';
import type { ListingJudging, RuntimeProfile } from '../types';
import { FIELDS } from './fields';

/** The folder whose `.github/skills`, `.claude/skills` or `.agents/skills` holds `dir`, or null. */
const vscodeProjectOf = (dir: string): string | null => projectOfSkillsFolder(dir, ['.github', '.claude', '.agents']);

/** The emulation (./listing.ts), loaded when VS Code is first started: a run that judges no skill by
 *  VS Code does not load it. */
let listingModule: typeof import('./listing') | undefined;
function listing(): typeof import('./listing') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (listingModule ??= require('./listing') as typeof import('./listing'));
}

const LISTING: ListingJudging = {
  start: (ctx, cwd) => listing().runVsCode({ cwd, home: ctx.home, env: ctx.env, platform: ctx.platform }),
  projectOf: (dir) => vscodeProjectOf(dir),
  notFound(dir, cwd, ctx) {
    const project = vscodeProjectOf(dir);
    if (project !== null && project !== path.resolve(cwd) && project !== path.resolve(ctx.home))
      return {
        why: `VS Code reads the skills folders of the workspace folder (${cwd}), not of ${project} (chat.useCustomizationsInParentRepositories reads those up to the git root)`,
        because: 'not_read',
      };
    if (project !== null && path.relative(project, dir).split(path.sep).length > 3)
      return { why: 'VS Code finds a skill only at <skills folder>/<name>/SKILL.md, one level down', because: 'not_read' };
    return {
      why: 'VS Code reads skills only from .agents/skills, .github/skills and .claude/skills of the workspace folder, ~/.agents/skills, ~/.copilot/skills, ~/.claude/skills and chat.agentSkillsLocations',
      because: 'not_read',
    };
  },
};

export const VSCODE_PROFILE: RuntimeProfile = {
  id: 'vscode',
  appliesBecause: (s) => {
    if (isBelowPair(s.dir, '.github', 'skills')) return 'it lives in a .github/skills folder, where VS Code’s chat finds skills';
    if (isBelowPair(s.dir, '.agents', 'skills')) return 'it lives in an .agents/skills folder, where VS Code’s chat finds skills';
    if (isBelowPair(s.dir, '.claude', 'skills')) return 'it lives in a .claude/skills folder, where VS Code’s chat finds skills';
    if (isBelow(s.dir, path.join(s.home, '.copilot', 'skills'))) return 'it lives in ~/.copilot/skills, where VS Code’s chat finds personal skills';
    return null;
  },
  impliedBy: () => false,
  fields: FIELDS,
  judging: { kind: 'listing', listing: LISTING },
};
