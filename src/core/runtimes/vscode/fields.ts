// VS Code's (GitHub Copilot in VS Code) part of the SKILL.md frontmatter schema.
//
// Sources, read on 2026-11-23:
// - Docs: https://code.visualstudio.com/docs/agent-customization/agent-skills ("Use Agent Skills in VS Code"),
//   microsoft/vscode-docs docs/agent-customization/agent-skills.md @ 7cf5f62b (DateApproved 7/15/2026): the
//   "Header" table (name, description, argument-hint, user-invocable, disable-model-invocation, context).
// - Source: microsoft/vscode src/vs/workbench/contrib/chat/common/promptSyntax/languageProviders/
//   promptFileAttributes.ts @ 047238f9 (`skillAttributes`, the keys the editor accepts in a SKILL.md: the six
//   above plus license, compatibility, metadata); languageProviders/promptValidator.ts
//   (`validateSkillAttributes`); service/promptsServiceImpl.ts (`validateAndSanitizeSkillFile`, which decides
//   whether a skill loads); promptFileParser.ts (`PromptHeader`, how values are read).
//
// Any other key (`allowed-tools`, `model`, `when_to_use` …) gets the hint "Attribute '…' is not supported by
// VS Code agents". Values come from VS Code's own YAML parser as plain scalars: a boolean is only the text
// `true` or `false`. Skills are found in `.github/skills/`, `.claude/skills/`, `.agents/skills/` and
// `~/.copilot/skills/`, `~/.claude/skills/`, `~/.agents/skills/`.

import type { RuntimeField } from '../types';

const DOC = 'https://code.visualstudio.com/docs/agent-customization/agent-skills';
const ATTRS = 'microsoft/vscode src/vs/workbench/contrib/chat/common/promptSyntax/languageProviders/promptFileAttributes.ts';
const LOADER = 'microsoft/vscode src/vs/workbench/contrib/chat/common/promptSyntax/service/promptsServiceImpl.ts';

export const FIELDS: readonly RuntimeField[] = [
  {
    path: ['name'],
    type: ['string'],
    description:
      "**Required.** The skill's identifier: lowercase letters, digits and `-` only, at most 64 characters, and equal to the folder name; VS Code skips a skill without `name` or whose name (XML tags removed, cut to 64) differs from its folder. No slashes, colons or namespace prefixes: plugins add their own prefix.",
    required: true,
    source: LOADER,
  },
  {
    path: ['description'],
    type: ['string'],
    description:
      '**Required.** What the skill does and when to use it; it is added to every request so the agent can decide when to load the skill. VS Code skips a skill without one, strips XML tags and cuts it to 1,024 characters.',
    required: true,
    source: LOADER,
  },
  {
    path: ['argument-hint'],
    type: ['string'],
    description: 'Hint shown in the chat input when the skill is run as a `/` command, e.g. `[test file] [options]`; it must not be empty.',
    source: DOC,
  },
  {
    path: ['user-invocable'],
    type: ['boolean'],
    description:
      'Set to `false` to hide the skill from the `/` menu while the agent can still load it by itself (a description is then required). Only the exact text `true`/`false` counts; the parser still falls back to the deprecated spelling `user-invokable`.',
    default: true,
    source: DOC,
  },
  {
    path: ['disable-model-invocation'],
    type: ['boolean'],
    description:
      'Set to `true` so the agent never loads the skill by itself: it runs only as a `/` command. Only the exact text `true`/`false` counts (`yes`, `True` are ignored).',
    default: false,
    source: DOC,
  },
  {
    path: ['context'],
    type: ['string'],
    description:
      '(Experimental) `fork` runs the skill in a dedicated subagent and returns only its result; without it the instructions are added inline. Needs the `github.copilot.chat.skillTool.enabled` setting, else VS Code warns.',
    enum: ['fork'],
    source: DOC,
  },
  {
    path: ['license'],
    type: ['string', 'object'],
    description: 'License information for the skill (the Agent Skills field); VS Code accepts and completes it but does not act on it.',
    source: ATTRS,
  },
  {
    path: ['compatibility'],
    type: ['string', 'object'],
    description: 'Compatibility notes for environments or runtimes (the Agent Skills field); VS Code accepts it but does not act on it.',
    source: ATTRS,
  },
  {
    path: ['metadata'],
    type: ['object'],
    description: 'Additional metadata for the skill (the Agent Skills field); VS Code accepts any map here and does not read into it.',
    source: ATTRS,
  },
];
