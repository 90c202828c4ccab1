// Claude Code's part of the SKILL.md frontmatter schema: every field its skills documentation lists.
//
// Source: the "Frontmatter reference" table of https://code.claude.com/docs/en/skills ("Extend Claude with
// skills"), read on 2026-11-23 from a stored copy of https://code.claude.com/docs/en/skills.md cached on
// 2026-07-07 (it mentions Claude Code v2.1.196 / v2.1.199 features); checked against a second copy dated
// 2026-06-29. Hook scoping: https://code.claude.com/docs/en/hooks ("Hooks in skills and agents", `once`), from
// a stored copy fetched 2026-10-08.
//
// Claude Code has no gating: every field changes how a skill is listed, invoked or run, never whether it is
// found. The docs do not list `license`, `compatibility`, `metadata` or `version` for Claude Code, so they are
// not here. `*` in a path stands for any key of a map.

import type { RuntimeField } from '../types';

const DOC = 'https://code.claude.com/docs/en/skills#frontmatter-reference';
const HOOKS_DOC = 'https://code.claude.com/docs/en/hooks#hooks-in-skills-and-agents';

export const FIELDS: readonly RuntimeField[] = [
  {
    path: ['name'],
    type: ['string'],
    description:
      "Display name shown in Claude Code's skill listings; **optional**, it defaults to the skill's folder name. The `/command` you type still comes from the folder name (only a plugin-root `SKILL.md` takes its command from `name`).",
    required: false,
    source: DOC,
  },
  {
    path: ['description'],
    type: ['string'],
    description:
      'What the skill does and when to use it; Claude reads it to decide when to load the skill, and without it Claude Code uses the first paragraph of the body. Put the key use case first: `description` and `when_to_use` together are cut at 1,536 characters in the skill listing.',
    required: false,
    source: DOC,
  },
  {
    path: ['when_to_use'],
    type: ['string'],
    description:
      'Extra trigger context (phrases, example requests) that Claude Code appends to `description` in the skill listing; it counts toward the same 1,536-character cap.',
    source: DOC,
  },
  {
    path: ['argument-hint'],
    type: ['string'],
    description: 'Hint shown in `/` autocomplete for the arguments the skill expects, e.g. `[issue-number]` or `[filename] [format]`.',
    source: DOC,
  },
  {
    path: ['arguments'],
    type: ['string', 'array'],
    description:
      'Named positional arguments for `$name` substitution in the skill body, as a space-separated string or a YAML list: with `arguments: [issue, branch]`, `$issue` expands to the first argument and `$branch` to the second.',
    source: DOC,
  },
  {
    path: ['disable-model-invocation'],
    type: ['boolean'],
    description:
      "When `true`, only you can invoke the skill with `/name`: its description is kept out of Claude's context, it is not preloaded into subagents, and (v2.1.196+) a scheduled task cannot run it.",
    default: false,
    source: DOC,
  },
  {
    path: ['user-invocable'],
    type: ['boolean'],
    description:
      'Set to `false` to hide the skill from the `/` menu (background knowledge only Claude loads). It only controls the menu, not the Skill tool: use `disable-model-invocation` to block Claude.',
    default: true,
    source: DOC,
  },
  {
    path: ['allowed-tools'],
    type: ['string', 'array'],
    description:
      "Tools Claude may use without asking while the skill is active, as a space- or comma-separated string or a YAML list, e.g. `Bash(git add *) Read`. It grants permission only (every tool stays callable); in a project's `.claude/skills/` it applies after you accept the workspace trust dialog.",
    source: DOC,
  },
  {
    path: ['disallowed-tools'],
    type: ['string', 'array'],
    description:
      "Tools removed from Claude's pool while the skill is active (e.g. `AskUserQuestion` for a background loop), as a space- or comma-separated string or a YAML list; the restriction clears with your next message.",
    source: DOC,
  },
  {
    path: ['model'],
    type: ['string'],
    description:
      "Model for the rest of the current turn while the skill is active (not saved; the session model resumes on your next prompt). Takes the values `/model` accepts, or `inherit`; a model your organization's `availableModels` excludes is ignored.",
    source: DOC,
  },
  {
    path: ['effort'],
    type: ['string'],
    description:
      "Effort level while the skill is active, overriding the session's; without it the session level is inherited. The levels available depend on the model.",
    enum: ['low', 'medium', 'high', 'xhigh', 'max'],
    source: DOC,
  },
  {
    path: ['context'],
    type: ['string'],
    description:
      "`fork` runs the skill in a forked subagent: the body becomes the subagent's task and it does not see your conversation. Without it the skill runs inline.",
    enum: ['fork'],
    source: DOC,
  },
  {
    path: ['agent'],
    type: ['string'],
    description:
      'Subagent type that runs the skill when `context: fork` is set: `Explore`, `Plan`, `general-purpose` or a custom agent from `.claude/agents/`. Ignored without `context: fork`.',
    default: 'general-purpose',
    source: DOC,
  },
  {
    path: ['hooks'],
    type: ['object'],
    description:
      'Hooks scoped to this skill, in the same format as settings hooks (event name → matcher groups). Claude Code registers them when the skill is invoked and keeps them for the rest of the session; `once: true` on a hook removes it after its first successful run.',
    source: HOOKS_DOC,
  },
  {
    path: ['hooks', '*'],
    type: ['array'],
    description:
      'Matcher groups for one hook event (the key, e.g. `PreToolUse`): each item has an optional `matcher` and a `hooks` list of handlers such as `{ type: command, command: ./scripts/check.sh }`.',
    source: HOOKS_DOC,
  },
  {
    path: ['paths'],
    type: ['string', 'array'],
    description:
      'Glob patterns (a comma-separated string or a YAML list) that limit automatic loading: Claude loads the skill by itself only when working with files that match. Same format as path-specific rules.',
    source: DOC,
  },
  {
    path: ['shell'],
    type: ['string'],
    description:
      "Shell for the skill's `` !`command` `` and ```` ```! ```` blocks. `powershell` runs them through PowerShell on Windows and requires `CLAUDE_CODE_USE_POWERSHELL_TOOL=1`.",
    enum: ['bash', 'powershell'],
    default: 'bash',
    source: DOC,
  },
];
