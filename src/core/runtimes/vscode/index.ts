// VS Code (GitHub Copilot): skills in `.github/skills/<name>/SKILL.md` and `~/.copilot/skills`. No machine
// gating; `disable-model-invocation: true` keeps the skill from the model. Its fields: ./fields.ts.
import type { GenericProfile } from '../generic';

export const VSCODE: GenericProfile = {
  id: 'vscode',
  label: 'VS Code',
  nameDefaultsToFolder: true,
  readsDisableModelInvocation: true,
  skillsFolders: [
    ['.github', 'skills'],
    ['.copilot', 'skills'],
  ],
};
