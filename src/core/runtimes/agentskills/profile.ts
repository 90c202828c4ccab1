// The open Agent Skills format and its generic clients: `<skills>/<name>/SKILL.md` with `name` and
// `description`; a client lists every skill in an `<available_skills>` XML index with its location. No
// machine gating. Its fields: ./fields.ts. A skill nothing ties to another runtime is read as this format
// (../detect.ts).
import { type GenericProfile, judgeGeneric } from '../generic';
import { isBelowPair } from '../location';
import type { RuntimeProfile } from '../types';
import { FIELDS } from './fields';

const AGENTSKILLS: GenericProfile = {
  id: 'agentskills',
  label: 'an Agent Skills client',
  nameDefaultsToFolder: true,
  readsDisableModelInvocation: false,
  skillsFolders: [['.agents', 'skills']],
};

export const AGENTSKILLS_PROFILE: RuntimeProfile = {
  id: 'agentskills',
  appliesBecause: (s) => (isBelowPair(s.dir, '.agents', 'skills') ? "it lives in a .agents/skills folder, the open format's conventional place" : null),
  impliedBy: () => false,
  fields: FIELDS,
  judging: { kind: 'file', judge: (s) => judgeGeneric(AGENTSKILLS, s) },
};
