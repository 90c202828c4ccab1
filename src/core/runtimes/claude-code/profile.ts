// Claude Code: skills in `.claude/skills/<name>/SKILL.md` (a project's) and `~/.claude/skills` (personal).
// No machine gating; `name` defaults to the folder name; `disable-model-invocation: true` keeps the skill
// from the model (the user can still run it as a slash command). Its fields: ./fields.ts.
import { type GenericProfile, judgeGeneric } from '../generic';
import { isBelowPair } from '../location';
import type { RuntimeProfile } from '../types';
import { FIELDS } from './fields';

const CLAUDE_CODE: GenericProfile = {
  id: 'claude-code',
  label: 'Claude Code',
  nameDefaultsToFolder: true,
  readsDisableModelInvocation: true,
  skillsFolders: [['.claude', 'skills']],
};

export const CLAUDE_CODE_PROFILE: RuntimeProfile = {
  id: 'claude-code',
  appliesBecause: (s) => (isBelowPair(s.dir, '.claude', 'skills') ? 'it lives in a .claude/skills folder, where Claude Code finds skills' : null),
  impliedBy: () => false,
  fields: FIELDS,
  judging: { kind: 'file', judge: (s) => judgeGeneric(CLAUDE_CODE, s) },
};
