// Qwen Code 0.24.4's own (bundled) skills, as far as this project may know them: their names and the width of
// their entries, never their text.
//
// The release ships them as SKILL.md folders under `bundled/` beside its `cli.js`
// (packages/core/src/skills/skill-manager.ts SkillManager constructor: `resolveBundleDir(...)/bundled`) and loads
// them as the lowest level, `bundled` (listSkillsAtLevel). In the section each is a block whose `<location>` is
// `bundled` and whose description ends in ` (bundled)` (packages/core/src/tools/skill-utils.ts
// renderAvailableSkillsBlock); the runner leaves those blocks out of the section by that location.
//
// `chars` is the length of the bundled block plus the newline that follows it in the section, as the runner
// measures it (golden case k01-bundled-on, and every case run with the bundled level on). They matter for the
// 8,000-character threshold (render.ts), which counts bundled blocks too. Two more bundled folders ship in the
// release, `coordinate` and `zvec-grep-install`, and are never listed (they are not model-invocable or not
// active here): they cannot shadow anything, bundled being the lowest level, so they are not listed below.

import type { BuiltinEntry } from '../listing';

export const QWEN_CODE_BUNDLED: readonly BuiltinEntry[] = [
  { name: 'batch', chars: 311 },
  { name: 'browser-use', chars: 213 },
  { name: 'computer-use', chars: 286 },
  { name: 'dataviz', chars: 384 },
  { name: 'extension-creator', chars: 546 },
  { name: 'goal-draft', chars: 628 },
  { name: 'loop', chars: 356 },
  { name: 'new-app', chars: 406 },
  { name: 'qc-helper', chars: 446 },
  { name: 'review', chars: 786 },
  { name: 'simplify', chars: 409 },
  { name: 'stuck', chars: 332 },
  { name: 'workflow-authoring', chars: 415 },
  { name: 'workflow-creator', chars: 339 },
];
