// OpenCode 1.18.33's part of the SKILL.md frontmatter (test/golden/opencode/RULES.md): `name` and `description`
// make its listing.
import type { RuntimeField } from '../types';

const SOURCE = 'test/golden/opencode/RULES.md (OpenCode 1.18.33: its source read, its npm release run)';

export const FIELDS: readonly RuntimeField[] = [
  {
    path: ['name'],
    type: ['string'],
    description:
      'Required by OpenCode: a missing or non-string name drops the skill in silence. Of two skills with one name, which one OpenCode keeps is not determined (it changes between identical runs).',
    required: true,
    source: SOURCE,
  },
  {
    path: ['description'],
    type: ['string'],
    description:
      'Needed to be listed: a non-string description (a number, null, a list, a date) drops the skill in silence (most YAML errors too); without one the skill is loaded but left out of the list, and its name still counts against same-named skills.',
    required: true,
    source: SOURCE,
  },
];
