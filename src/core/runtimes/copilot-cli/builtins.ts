// Copilot CLI 1.0.102's own (built-in) skills, as far as this project may know them: their names and the width
// of their entries, never their text. The widths are read off the `builtins` lists of the golden cases b04, k01,
// k02 and k03 (../shared/golden/copilot-cli): `chars` is the length of the built-in's `<skill>` block plus its
// newline, which is what it takes from the listing budget. When the budget pushes a built-in onto the
// `Additional skills available (invoke by name)` line, it takes the length of its name instead (case k02).
//
// Order: the built-ins come after every other skill, in this order (case k01). A skill of the user or the
// project with the same name replaces the built-in (case b04); the `disabledSkills` setting switches one off
// (case k03). A third name, `discover-resources`, is one the golden runs kept in `disabledSkills`, but it never
// appeared in any section (README.md, "Built-in skills"): its width is unknown, so it is not listed here.

import type { BuiltinEntry } from '../listing';

export const COPILOT_CLI_BUILTINS: readonly BuiltinEntry[] = [
  { name: 'customize-cloud-agent', chars: 444 }, // cases b04, k01, k03
  { name: 'github-pr-media', chars: 325 }, // case k01
];
