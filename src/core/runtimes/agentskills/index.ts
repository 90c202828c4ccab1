// The open Agent Skills format and its generic clients: `<skills>/<name>/SKILL.md` with `name` and
// `description`; a client lists every skill in an `<available_skills>` XML index with its location. No
// machine gating. Its fields: ./fields.ts.
import type { GenericProfile } from '../generic';

export const AGENTSKILLS: GenericProfile = {
  id: 'agentskills',
  label: 'an Agent Skills client',
  nameDefaultsToFolder: true,
  readsDisableModelInvocation: false,
  skillsFolders: [['.agents', 'skills']],
};
