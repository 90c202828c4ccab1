// Codex CLI: the skills it lists to the model when started in a working folder (./listing.ts, emulating the npm
// release 0.171.0 as run against a loopback model endpoint). It reads `.codex/skills` and `.agents/skills`
// between the git root and the working folder, `$CODEX_HOME/skills` and `~/.agents/skills`.

import * as path from 'node:path';
import { FIELDS } from './fields';
import { findInstalledCli } from '../installedCli';
import { isBelow, isBelowPair, projectOfSkillsFolder } from '../location';
import type { ListingJudging, RuntimeProfile } from '../types';

/** The folder whose `.codex/skills` or `.agents/skills` holds `dir`, or null. */
const codexProjectOf = (dir: string): string | null => projectOfSkillsFolder(dir, ['.codex', '.agents']);

/** The emulation (./listing.ts), loaded when Codex is first started: a run that judges no skill by
 *  Codex does not load it. */
let listingModule: typeof import('./listing') | undefined;
function listing(): typeof import('./listing') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (listingModule ??= require('./listing') as typeof import('./listing'));
}

const LISTING: ListingJudging = {
  start: (ctx, cwd) => listing().runCodex({ cwd, home: ctx.home, env: ctx.env, platform: ctx.platform }),
  projectOf: (dir) => codexProjectOf(dir),
  notFound(dir, cwd) {
    const project = codexProjectOf(dir);
    if (project !== null && isBelow(project, cwd))
      return {
        why: `it lives below the working folder (${cwd}): Codex reads skills folders only from the git root down to the working folder`,
        because: 'not_read',
      };
    if (project !== null)
      return { why: `Codex started in ${cwd} reads .codex/skills and .agents/skills only between the git root and the working folder`, because: 'not_read' };
    return { why: 'Codex reads skills only from .codex/skills and .agents/skills folders, $CODEX_HOME/skills and ~/.agents/skills', because: 'not_read' };
  },
};

export const CODEX_PROFILE: RuntimeProfile = {
  id: 'codex',
  appliesBecause: (s) =>
    isBelowPair(s.dir, '.codex', 'skills')
      ? 'it lives in a .codex/skills folder, where Codex finds skills'
      : isBelowPair(s.dir, '.agents', 'skills')
        ? 'it lives in an .agents/skills folder, which Codex reads'
        : null,
  impliedBy: () => false,
  fields: FIELDS,
  judging: { kind: 'listing', listing: LISTING },
  findInstalled: (env, _home, platform) => findInstalledCli({ pkg: '@openai/codex', bins: ['codex'] }, env, platform),
  configFiles: (ctx) => [path.join(ctx.env['CODEX_HOME'] || path.join(ctx.home, '.codex'), 'config.toml')],
};
