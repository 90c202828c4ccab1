// VS Code (GitHub Copilot): skills in `.github/skills/<name>/SKILL.md` and `~/.copilot/skills`. No machine
// gating; `disable-model-invocation: true` keeps the skill from the model. Its fields: ./fields.ts.
import * as path from 'node:path';
import { type GenericProfile, judgeGeneric } from '../generic';
import { isBelow, isBelowPair } from '../location';
import type { RuntimeProfile } from '../types';
import { FIELDS } from './fields';

const VSCODE: GenericProfile = {
  id: 'vscode',
  label: 'VS Code',
  nameDefaultsToFolder: true,
  readsDisableModelInvocation: true,
  skillsFolders: [
    ['.github', 'skills'],
    ['.copilot', 'skills'],
  ],
};

export const VSCODE_PROFILE: RuntimeProfile = {
  id: 'vscode',
  appliesBecause: (s) => {
    if (isBelowPair(s.dir, '.github', 'skills')) return 'it lives in a .github/skills folder, where VS Code (Copilot) finds skills';
    if (isBelow(s.dir, path.join(s.home, '.copilot', 'skills'))) return 'it lives in ~/.copilot/skills, where VS Code (Copilot) finds personal skills';
    return null;
  },
  impliedBy: () => false,
  fields: FIELDS,
  judging: { kind: 'file', judge: (s) => judgeGeneric(VSCODE, s) },
};
