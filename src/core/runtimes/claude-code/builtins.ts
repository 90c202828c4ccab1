// Claude Code 2.1.332's own (bundled) skills, as far as skill-author may know them: their names, their order
// after every other entry, and the width of each entry as the release lists it (cases b04, k01, k02 of
// ../shared/golden/claude-code). Their text belongs to their publisher and is never copied here: the widths are
// what they take of the listing budget.

export interface ClaudeBuiltin {
  name: string;
  /** Width of the whole entry, `- name: description`. */
  chars: number;
  /** Whether the budget may reduce it to `- name` like a user skill (init, security-review: k02). */
  cuttable: boolean;
  /** What removes it: a variable set to 1, or the built-in plugin's `enabledPlugins` key set to false. */
  offBy: { env?: string; plugin?: string };
}

const BUNDLED = 'CLAUDE_CODE_DISABLE_BUNDLED_SKILLS';

export const CLAUDE_CODE_BUILTINS: readonly ClaudeBuiltin[] = [
  { name: 'dataviz', chars: 1447, cuttable: false, offBy: { env: BUNDLED } },
  { name: 'update-config', chars: 707, cuttable: false, offBy: { env: BUNDLED } },
  { name: 'keybindings-help', chars: 248, cuttable: false, offBy: { env: BUNDLED } },
  { name: 'code-review', chars: 850, cuttable: false, offBy: { env: BUNDLED } },
  { name: 'simplify', chars: 188, cuttable: false, offBy: { env: BUNDLED } },
  { name: 'fewer-permission-prompts', chars: 191, cuttable: false, offBy: { env: BUNDLED } },
  { name: 'loop', chars: 344, cuttable: false, offBy: { env: BUNDLED } },
  { name: 'claude-api', chars: 1171, cuttable: false, offBy: { env: BUNDLED } },
  { name: 'workflow-authoring', chars: 252, cuttable: false, offBy: { env: BUNDLED } },
  { name: 'run', chars: 368, cuttable: false, offBy: { env: BUNDLED } },
  // From a built-in plugin: the variable leaves it, the setting removes it (k03).
  { name: 'plugin-authoring', chars: 275, cuttable: false, offBy: { plugin: 'cc-plugin-plugin-authoring@builtin' } },
  { name: 'init', chars: 67, cuttable: true, offBy: { env: BUNDLED } },
  { name: 'security-review', chars: 90, cuttable: true, offBy: { env: BUNDLED } },
];

/** `CLAUDE_CODE_DISABLE_CLAUDE_API_SKILL=1` removes claude-api alone (b04). */
export const CLAUDE_API_OFF = 'CLAUDE_CODE_DISABLE_CLAUDE_API_SKILL';
