// Gemini CLI 0.61.0's part of the SKILL.md frontmatter (test/golden/gemini-cli/RULES.md §3–§5): only `name` and
// `description` change its listing.
import type { RuntimeField } from '../types';

const SOURCE = 'test/golden/gemini-cli/RULES.md (Gemini CLI 0.61.0: its source read, its npm release run)';

export const FIELDS: readonly RuntimeField[] = [
  {
    path: ['name'],
    type: ['string'],
    description:
      'Required by Gemini CLI: without it the skill is dropped in silence. Listed as written, with each of `: \\ / < > * ? " |` turned into `-`; a later skill of the same name replaces an earlier one (stderr says so).',
    required: true,
    source: SOURCE,
  },
  {
    path: ['description'],
    type: ['string'],
    description:
      'Required by Gemini CLI: without it the skill is dropped in silence. Listed whole and unescaped: no length limit, no budget. When the YAML does not parse, a line reader takes the raw text (quotes and comments kept).',
    required: true,
    source: SOURCE,
  },
];
