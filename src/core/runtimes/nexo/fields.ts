// nexo-rs's part of the SKILL.md frontmatter schema: exactly the fields its skill loader deserializes.
//
// Source: lordmacu/nexo-rs @ eec3f3363a9a2d117432083ac17be4c07b990480 (2026-05-04), as summarized (and run)
// in ../shared/golden/nexo/RULES.md §4–§7 and §10: `SkillMetadata` / `SkillRequires` / `BinVersionSpec` in
// crates/core/src/agent/skills.rs:8-77, `SkillDepsMode` in crates/config/src/types/agents.rs:15-26, parsed by
// serde_yaml 0.9.34 (YAML 1.2 core types). Read on 2026-11-23.
//
// nexo-rs ignores unknown keys, but ANY type error in these fields (or a known field written twice) makes it
// drop the whole frontmatter: name, description, max_chars and every requirement, while the body still loads.
// `*` in a path stands for any key of a map.

import type { RuntimeField } from '../types';

const SKILLS_RS = 'lordmacu/nexo-rs crates/core/src/agent/skills.rs';
const AGENTS_RS = 'lordmacu/nexo-rs crates/config/src/types/agents.rs';

export const FIELDS: readonly RuntimeField[] = [
  {
    path: ['name'],
    type: ['string', 'number', 'boolean', 'null'],
    description:
      'Heading of the skill in the `# SKILLS` block (`## name`), used exactly as written (spaces kept, `""` gives an empty heading); empty or `~` falls back to the name the agent lists. Any scalar is taken as its text, but a list or map voids the whole frontmatter.',
    source: SKILLS_RS,
  },
  {
    path: ['description'],
    type: ['string', 'number', 'boolean', 'null'],
    description: 'Printed, trimmed, as a `> description` line under the heading; a blank value prints no line. A list or map voids the whole frontmatter.',
    source: SKILLS_RS,
  },
  {
    path: ['max_chars'],
    type: ['integer'],
    description:
      'Cap on the characters (Unicode scalar values) of the injected content, banner included; longer content is cut and ends with `…[truncated to N chars]`. Only a YAML integer ≥ 0 works (`0x14`, `0o10` too): `"50"`, `050`, `1_000` or `20.0` void the whole frontmatter.',
    source: SKILLS_RS,
  },
  {
    path: ['requires'],
    type: ['object'],
    description:
      'What the skill needs on this machine; missing items hide it (`mode: strict`), banner it (`warn`) or are never checked (`disable`). Empty (`requires:`) or `{}` is fine, but `requires: ~`, `null` or `[]` voids the whole frontmatter.',
    source: SKILLS_RS,
  },
  {
    path: ['requires', 'bins'],
    type: ['array'],
    description:
      'Binaries that must exist as a regular file in a `PATH` directory (no execute-bit check); an entry with `/` is checked as a path relative to the working directory. **A list**: `bins: ffmpeg` or `bins: ~` voids the whole frontmatter, while an empty `bins:` is an empty list.',
    source: SKILLS_RS,
  },
  {
    path: ['requires', 'env'],
    type: ['array'],
    description:
      'Environment variables that must be set to a value that is not blank (Unicode whitespace only counts as unset); names are used as written, case-sensitive. A list: a single string or `~` voids the whole frontmatter.',
    source: SKILLS_RS,
  },
  {
    path: ['requires', 'bin_versions'],
    type: ['object'],
    description:
      'Version requirement per binary (the binary must also be found), probed by running it once per process; entries are checked in byte order of their keys. A list or `~` here voids the whole frontmatter; a repeated key keeps the last value.',
    source: SKILLS_RS,
  },
  {
    path: ['requires', 'bin_versions', '*'],
    type: ['string', 'object'],
    description:
      'Shorthand: a Cargo semver requirement as a **quoted** string (`">=4.0"`), or the long form `{constraint, command, regex}`. Unquoted `4.0` or `4` is a YAML number and voids the whole frontmatter; unquoted `>=4.0` is a YAML syntax error.',
    source: SKILLS_RS,
  },
  {
    path: ['requires', 'bin_versions', '*', 'constraint'],
    type: ['string'],
    description:
      '**Required in the long form.** Cargo semver requirement: comma-separated comparators (`">=1.2, <2"`), a bare `4.0` meaning `^4.0`; `||`, hyphen ranges and `v1.2` are invalid constraints.',
    required: true,
    source: SKILLS_RS,
  },
  {
    path: ['requires', 'bin_versions', '*', 'command'],
    type: ['string'],
    description:
      'The ONE argument passed to the binary to print its version, never split on spaces (`-v --short` arrives as one argument); a blank value passes no argument at all. The exit status is ignored.',
    default: '--version',
    source: SKILLS_RS,
  },
  {
    path: ['requires', 'bin_versions', '*', 'regex'],
    type: ['string'],
    description:
      'Rust `regex` searched in stdout + `\\n` + stderr; the **whole match** is the version (capture groups ignored), padded to x.y.z. Compiled with a 64 KiB size limit, so Unicode `\\w` classes (e.g. `(?:-\\w+)?`) are rejected and the probe is `parse_failed`.',
    default: '\\d+\\.\\d+(?:\\.\\d+)?',
    source: SKILLS_RS,
  },
  {
    path: ['requires', 'mode'],
    type: ['string'],
    description:
      "What happens when something is missing: `strict` hides the skill, `warn` loads it behind a `> ⚠️ MISSING DEPS` banner, `disable` always drops it without checking. Exactly these words (`Warn`, an empty value void the frontmatter); an agent's `skill_overrides` wins.",
    enum: ['strict', 'warn', 'disable'],
    default: 'strict',
    source: AGENTS_RS,
  },
];
