// Gemini CLI 0.61.0's own (built-in) skills, as far as this project may know them: their names and the width of
// their entries, never their text. They ship in the install's `bundle/builtin` folder and are read like any
// skills folder, before everything else (packages/core/src/skills/skillManager.ts discoverBuiltinSkills), so
// they take the first places of the section, in the glob order of that folder (discover.ts): `skill-creator`,
// then `antigravity-support` (case k01, a run on an empty tree).
//
// `chars` is the length of the built-in's `<skill>` block plus its newline, less the length of its
// `<location>` text (a path inside the install, which differs from machine to machine): the width the
// runner's oracle records (golden `builtins`). A user, project or extension skill of the same name takes a
// built-in's place — and its slot at the top of the section — with a line on stderr (case k02); the
// `skills.disabled` setting switches one off (every case but k01 and k02 switches both off).

import type { BuiltinEntry } from '../listing';

export const GEMINI_CLI_BUILTINS: readonly BuiltinEntry[] = [
  { name: 'skill-creator', chars: 340 }, // case k01
  { name: 'antigravity-support', chars: 389 }, // case k01
];
