// Claude Code: skills in `.claude/skills/<name>/SKILL.md` (a project's) and `~/.claude/skills` (personal).
// No machine gating; `name` defaults to the folder name; `disable-model-invocation: true` keeps the skill
// from the model (the user can still run it as a slash command). Its fields: ./fields.ts.
import type { GenericProfile } from '../generic';

export const CLAUDE_CODE: GenericProfile = {
  id: 'claude-code',
  label: 'Claude Code',
  nameDefaultsToFolder: true,
  readsDisableModelInvocation: true,
  skillsFolders: [['.claude', 'skills']],
};
