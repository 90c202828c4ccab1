// The Agent Skills open format's frontmatter fields (what generic clients of the spec read).
//
// Source: the specification at https://agentskills.io/specification, read on 2026-11-23 from the stored
// agentskills/agentskills docs/specification.mdx @ 874e339c and a stored copy of the live page (which adds
// "a-z, 0-9" to the `name` rule). The reference validator `skills-ref validate` checks the same limits
// (name ≤ 64, description ≤ 1024, compatibility ≤ 500). `*` in a path stands for any key of a map.

import type { RuntimeField } from '../types';

const SPEC = 'https://agentskills.io/specification';

export const FIELDS: readonly RuntimeField[] = [
  {
    path: ['name'],
    type: ['string'],
    description:
      "**Required.** 1–64 characters: lowercase `a-z`, digits `0-9` and `-`, not starting or ending with `-`, no `--`, and it must match the skill's folder name. Clients list the skill under this name.",
    required: true,
    source: `${SPEC}#name-field`,
  },
  {
    path: ['description'],
    type: ['string'],
    description:
      '**Required.** 1–1024 characters saying what the skill does and when to use it; clients load it at startup for every skill, and the agent decides from it whether to activate the skill.',
    required: true,
    source: `${SPEC}#description-field`,
  },
  {
    path: ['license'],
    type: ['string'],
    description: 'The license that applies to the skill: keep it short, a license name (`Apache-2.0`) or the name of a bundled license file.',
    source: `${SPEC}#license-field`,
  },
  {
    path: ['compatibility'],
    type: ['string'],
    description:
      '1–500 characters of environment requirements (intended product, system packages, network access); include it only when the skill has such requirements.',
    source: `${SPEC}#compatibility-field`,
  },
  {
    path: ['metadata'],
    type: ['object'],
    description:
      'A map from string keys to string values for properties the spec does not define; clients store their own settings here, so pick reasonably unique key names.',
    source: `${SPEC}#metadata-field`,
  },
  {
    path: ['metadata', '*'],
    type: ['string'],
    description: 'One metadata value: the spec says string, so quote numbers and versions (`version: "1.0"`).',
    source: `${SPEC}#metadata-field`,
  },
  {
    path: ['allowed-tools'],
    type: ['string'],
    description:
      '(Experimental) Space-delimited list of tools pre-approved to run, e.g. `Bash(git:*) Bash(jq:*) Read`; support varies between agent implementations.',
    source: `${SPEC}#allowed-tools-field`,
  },
];
