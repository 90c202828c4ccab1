// Codex 0.171.0's bundled ("system") skills, as far as this project may know them: their names and the width of
// each one's entry line as the release listed it, in characters — never their text. Measured in case k01 (bundled
// skills on, the default model's budget, no shortening), where the bundled folder `~/.codex/skills/.system` was
// root `r1`; cases k02 (shortened by the budget) and k03 (a user skill reusing a bundled name) check them.
//
// From the width the budget needs two facts: the bare entry `- <name>: (file: r<N>/<name>/SKILL.md)` and the
// length of the description. We assume the bundled skill's folder is named like the skill (the entry's path is
// not recorded) and that the description is ASCII (one byte per character); case k02's exact shortened widths
// (231, 239, 157, 247 characters) come out of the round-robin only with both assumptions true.

import type { BuiltinEntry } from '../listing';

/** The root label the widths below were measured with (case k01). */
export const BUILTIN_MEASURED_ROOT = 'r1';

/** Bundled skills of Codex 0.171.0 in listing order (by name, case k01): name and whole entry width. */
export const CODEX_BUILTINS: readonly BuiltinEntry[] = [
  { name: 'imagegen', chars: 611 },
  { name: 'openai-docs', chars: 671 },
  { name: 'skill-creator', chars: 157 },
  { name: 'skill-installer', chars: 280 },
];
