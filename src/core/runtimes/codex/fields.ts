// Codex 0.171.0's part of the SKILL.md frontmatter, as the release read it on the shared golden cases
// (../shared/golden/codex/RULES.md §4–§6): only `name` and `description` change its listing.
import type { RuntimeField } from '../types';

const SOURCE = '../shared/golden/codex/RULES.md (Codex 0.171.0 from npm, run)';

export const FIELDS: readonly RuntimeField[] = [
  {
    path: ['name'],
    type: ['string'],
    description: 'The name Codex lists; without one (or blank) the folder name. Over 64 characters, Codex refuses the skill and says so on stderr.',
    required: false,
    source: SOURCE,
  },
  {
    path: ['description'],
    type: ['string'],
    description:
      'Required by Codex: a missing or empty description makes it refuse the skill (one stderr line). Whitespace runs become one space; over 1,024 characters it is cut to 1,021 and `...`. Under its token budget Codex shortens descriptions without a marker.',
    required: true,
    source: SOURCE,
  },
];
