// OpenCode 1.18.33's own skill, as far as this project may know it: its name and the width of its entry, never
// its text. packages/opencode/src/skill/index.ts registers one built-in skill, `customize-opencode`, with the
// location `<built-in>` (written `&lt;built-in&gt;` in the section), BEFORE reading the disk, so a skill of that
// name on disk replaces it (case b02). A `permission.skill` rule can deny it like any other skill (the golden
// cases do so, to keep it out of the way). `chars` is the length of its `  <skill>` … `  </skill>` block plus the
// newline after it, as the oracle cuts it (case a01, recorded `builtins`).

import type { BuiltinEntry } from '../listing';

export const OPENCODE_BUILTINS: readonly BuiltinEntry[] = [{ name: 'customize-opencode', chars: 517 }];
