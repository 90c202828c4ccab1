// Qwen Code 0.24.4's part of the SKILL.md frontmatter (test/golden/qwen-code/RULES.md): `name` and
// `description` make its listing.
import type { RuntimeField } from '../types';

const SOURCE = 'test/golden/qwen-code/RULES.md (Qwen Code 0.24.4: its source read, its npm release run)';

export const FIELDS: readonly RuntimeField[] = [
  {
    path: ['name'],
    type: ['string'],
    description:
      'Required by Qwen Code: letters, digits, `_`, `:`, `.` and `-` only, else the file fails to load. The first skill of a name wins (project before user, `.qwen` before `.agents`), even one that is then hidden.',
    required: true,
    source: SOURCE,
  },
  {
    path: ['description'],
    type: ['string'],
    description:
      'Required by Qwen Code (blank or a mapping fails the file). A list is joined as `a,b`; when the YAML does not parse, a line reader keeps raw values. The listing appends ` (project)` or ` (user)`; past 8,000 characters of listing only its first line is kept.',
    required: true,
    source: SOURCE,
  },
  {
    path: ['when_to_use'],
    type: ['string'],
    description: 'Appended to the description after ` — ` in Qwen Code’s listing (dropped when the listing passes 8,000 characters).',
    source: SOURCE,
  },
  {
    path: ['disable-model-invocation'],
    type: ['boolean'],
    description: '`true` keeps the skill out of Qwen Code’s listing.',
    source: SOURCE,
  },
  {
    path: ['paths'],
    type: ['array'],
    description: 'A non-empty list makes the skill conditional in Qwen Code: not listed at start, only after a matching file is touched.',
    source: SOURCE,
  },
];
