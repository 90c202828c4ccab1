// Copilot CLI 1.0.102's part of the SKILL.md frontmatter, as the release read it on the shared golden cases
// (../shared/golden/copilot-cli/RULES.md §4–§7).
import type { RuntimeField } from '../types';

const SOURCE = '../shared/golden/copilot-cli/RULES.md (Copilot CLI 1.0.102 from npm, run)';

export const FIELDS: readonly RuntimeField[] = [
  {
    path: ['name'],
    type: ['string'],
    description:
      'The name Copilot CLI lists (the folder name when absent; spaces become `-`). It must start with an ASCII letter or digit; the first skill of a name wins and later ones are dropped in silence.',
    required: false,
    source: SOURCE,
  },
  {
    path: ['description'],
    type: ['string'],
    description:
      'Taken exactly as YAML gives it (not trimmed). At most 1,024 UTF-16 units, else Copilot CLI refuses the skill; a number, list or null is refused too. Without it, the body text is used.',
    required: false,
    source: SOURCE,
  },
  {
    path: ['disable-model-invocation'],
    type: ['boolean'],
    description: '`true` keeps the skill from the model (it still loads); the string `"true"` makes Copilot CLI refuse the file.',
    source: SOURCE,
  },
];
