// Codex CLI: the skills it lists to the model when started in a working folder (./listing.ts, emulating the npm
// release 0.171.0 as run against a loopback model endpoint). It reads `.codex/skills` and `.agents/skills`
// between the git root and the working folder, `$CODEX_HOME/skills` and `~/.agents/skills`.

import * as path from 'node:path';
import { FIELDS } from './fields';
import { findInstalledCli } from '../installedCli';
import { isBelow, isBelowPair, projectOfSkillsFolder } from '../location';
import type { ListingJudging, RuntimeProfile } from '../types';
import { runCodex } from './listing';

/** The folder whose `.codex/skills` or `.agents/skills` holds `dir`, or null. */
const codexProjectOf = (dir: string): string | null => projectOfSkillsFolder(dir, ['.codex', '.agents']);

const LISTING: ListingJudging = {
  start: (ctx, cwd) => runCodex({ cwd, home: ctx.home, env: ctx.env, platform: ctx.platform }),
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
