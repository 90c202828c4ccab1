// OpenClaw's part of the SKILL.md frontmatter schema: the fields OpenClaw reads, and where.
//
// Source: zhihh/openclaw (a fork of openclaw/openclaw) @ 8f8492d172f4c5b4fd7dd9a47855ed620c8770ab
// (2026-04-13, package 2026.4.12-beta.1), as summarized and run in ../shared/golden/openclaw/RULES.md §3–§5
// and §8; checked on 2026-11-23 against stored openclaw/openclaw copies of src/agents/skills/frontmatter.ts,
// src/shared/frontmatter.ts @ 0cadd180, src/agents/skills/workspace.ts (`buildWorkspaceSkillCommandSpecs`, the
// `command-*` keys) and docs/tools/skills.md @ 00d92d90 ("Optional frontmatter keys", "Gating"). The
// `command-dispatch` / `command-tool` / `command-arg-mode` keys are not covered by RULES.md or the golden cases:
// they come from stored openclaw/openclaw copies of unknown date (read alike in every copy seen) and the docs.
//
// OpenClaw parses the block twice (a line parser and `yaml` 2.8 core schema) and turns every value into text:
// numbers and booleans with String(), maps and lists into JSON. `metadata` is then parsed as JSON5 and only its
// `openclaw` object is used (no legacy `clawdbot` key in this version). Keys are case-sensitive. `*` in a path
// stands for any key of a map or any item of a list.

import type { RuntimeField } from '../types';

const LOADER = 'openclaw src/agents/skills/local-loader.ts';
const SKILL_FM = 'openclaw src/agents/skills/frontmatter.ts';
const SHARED_FM = 'openclaw src/shared/frontmatter.ts';
const CONFIG = 'openclaw src/agents/skills/config.ts';
const WORKSPACE = 'openclaw src/agents/skills/workspace.ts';
const ENTRY_META = 'openclaw src/shared/entry-metadata.ts';

const listNote = 'A list or one comma-separated string; entries are trimmed and empty ones dropped, anything else counts as an empty list.';

export const FIELDS: readonly RuntimeField[] = [
  {
    path: ['name'],
    type: ['string'],
    description:
      "The skill's name in the prompt, its slash command and the default `skills.entries` key, kept verbatim after trimming (it need not match the folder); without it OpenClaw uses the folder name. Skills are merged by name: a later root replaces an earlier one.",
    source: LOADER,
  },
  {
    path: ['description'],
    type: ['string'],
    description:
      '**Required.** Shown to the model in `<available_skills>` (XML-escaped, never shortened, newlines kept); a folder whose trimmed description is empty or missing yields no skill, without a message.',
    required: true,
    source: LOADER,
  },
  {
    path: ['homepage'],
    type: ['string'],
    description: 'URL shown as "Website" in the Skills UI and `openclaw skills info`, used when `metadata.openclaw.homepage` is absent.',
    source: ENTRY_META,
  },
  {
    path: ['website'],
    type: ['string'],
    description: "Fallback for the skill's website when neither `metadata.openclaw.homepage` nor `homepage` is set.",
    source: ENTRY_META,
  },
  {
    path: ['url'],
    type: ['string'],
    description: "Last fallback for the skill's website, after `metadata.openclaw.homepage`, `homepage` and `website`.",
    source: ENTRY_META,
  },
  {
    path: ['emoji'],
    type: ['string'],
    description: 'Emoji shown in the Skills UI and status output when `metadata.openclaw.emoji` is absent.',
    source: ENTRY_META,
  },
  {
    path: ['user-invocable'],
    type: ['boolean'],
    description: 'Whether the skill is also a slash command. Read as text: `true/1/yes/on` or `false/0/no/off` (any case); anything else gives the default.',
    default: true,
    source: SKILL_FM,
  },
  {
    path: ['disable-model-invocation'],
    type: ['boolean'],
    description:
      "When true, the skill stays eligible but is left out of the model's prompt (it still counts for status and slash commands). Read as text: `true/1/yes/on` or `false/0/no/off`; anything else gives the default.",
    default: false,
    source: SKILL_FM,
  },
  {
    path: ['command-dispatch'],
    type: ['string'],
    description:
      "`tool` makes the skill's slash command bypass the model and call the tool named in `command-tool` directly; any other value is ignored. `command_dispatch` is read too.",
    enum: ['tool'],
    source: WORKSPACE,
  },
  {
    path: ['command-tool'],
    type: ['string'],
    description: 'Registered tool the slash command calls when `command-dispatch: tool`; without it the dispatch is ignored. `command_tool` is read too.',
    source: WORKSPACE,
  },
  {
    path: ['command-arg-mode'],
    type: ['string'],
    description:
      'How tool dispatch passes the arguments: only `raw` exists (the raw argument string, unparsed); any other value falls back to `raw`. `command_arg_mode` is read too.',
    enum: ['raw'],
    default: 'raw',
    source: WORKSPACE,
  },
  {
    path: ['metadata'],
    type: ['string', 'object'],
    description:
      'Parsed as JSON5; only its `openclaw` object is read. A YAML block works only while the whole frontmatter is valid YAML (otherwise it becomes raw text and every requirement is silently lost), and an inline value must be valid JSON5: `{bins: [jq]}` is ignored.',
    source: SHARED_FM,
  },
  {
    path: ['metadata', 'openclaw'],
    type: ['object'],
    description: "OpenClaw's gating and UI settings for the skill; must be an object. Without it the skill is always eligible unless disabled in config.",
    source: SHARED_FM,
  },
  {
    path: ['metadata', 'openclaw', 'emoji'],
    type: ['string'],
    description: 'Emoji shown in the Skills UI and status output.',
    source: SKILL_FM,
  },
  {
    path: ['metadata', 'openclaw', 'homepage'],
    type: ['string'],
    description: 'URL shown as "Website" in the Skills UI; wins over the top-level `homepage`.',
    source: SKILL_FM,
  },
  {
    path: ['metadata', 'openclaw', 'skillKey'],
    type: ['string'],
    description: "Key of this skill under `skills.entries` in openclaw.json (enabled, env, apiKey); defaults to the skill's name.",
    source: SKILL_FM,
  },
  {
    path: ['metadata', 'openclaw', 'primaryEnv'],
    type: ['string'],
    description: 'Environment variable that `skills.entries.<key>.apiKey` provides: a truthy apiKey then satisfies that name in `requires.env`.',
    source: CONFIG,
  },
  {
    path: ['metadata', 'openclaw', 'os'],
    type: ['array', 'string'],
    description: `Hard platform filter compared exactly with Node's \`process.platform\`: \`darwin\`, \`linux\`, \`win32\` (not \`macos\` or \`Linux\`); applies even with \`always: true\`. ${listNote}`,
    source: CONFIG,
  },
  {
    path: ['metadata', 'openclaw', 'os', '*'],
    type: ['string'],
    description: 'One Node platform name; the skill is eligible when the host (or a connected remote node) has one of the listed platforms.',
    enum: ['darwin', 'linux', 'win32', 'aix', 'android', 'freebsd', 'haiku', 'openbsd', 'netbsd', 'sunos', 'cygwin'],
    source: CONFIG,
  },
  {
    path: ['metadata', 'openclaw', 'always'],
    type: ['boolean'],
    description:
      'When `true`, the skill is included without checking `requires` (but `os` still applies). Only the JSON boolean `true` counts: `"true"` or YAML `yes` are ignored.',
    default: false,
    source: SKILL_FM,
  },
  {
    path: ['metadata', 'openclaw', 'requires'],
    type: ['object'],
    description:
      'What the skill needs; any missing item leaves it out of the prompt. Must be an object (a list is ignored), and misspelt keys such as `bin` are ignored.',
    source: SHARED_FM,
  },
  {
    path: ['metadata', 'openclaw', 'requires', 'bins'],
    type: ['array', 'string'],
    description: `Binaries that must ALL be found: an executable \`<dir>/<name>\` in some \`PATH\` directory. ${listNote}`,
    source: SHARED_FM,
  },
  {
    path: ['metadata', 'openclaw', 'requires', 'anyBins'],
    type: ['array', 'string'],
    description: `Binaries of which at least ONE must be found on \`PATH\`. ${listNote}`,
    source: SHARED_FM,
  },
  {
    path: ['metadata', 'openclaw', 'requires', 'env'],
    type: ['array', 'string'],
    description: `Environment variables that must be non-empty in the process (a space counts), or be set in \`skills.entries.<key>.env\`, or be the \`primaryEnv\` of a skill with an \`apiKey\`. ${listNote}`,
    source: CONFIG,
  },
  {
    path: ['metadata', 'openclaw', 'requires', 'config'],
    type: ['array', 'string'],
    description: `Dotted openclaw.json paths that must be truthy in the loaded config (defaults included): \`false\`, \`0\`, \`""\` and absent fail, any object or list passes. ${listNote}`,
    source: CONFIG,
  },
  {
    path: ['metadata', 'openclaw', 'install'],
    type: ['array'],
    description:
      'Installer specs the Skills UI and `openclaw skills` offer for missing dependencies; invalid specs are dropped silently. When several fit the platform, one is offered (brew if preferred and on PATH, then uv, node, brew, go, download), unless all are downloads.',
    source: SKILL_FM,
  },
  {
    path: ['metadata', 'openclaw', 'install', '*'],
    type: ['object'],
    description: 'One installer: `kind` plus the field that kind needs (`formula`, `package`, `module` or `url`), optionally `id`, `label`, `bins`, `os`.',
    source: SKILL_FM,
  },
  {
    path: ['metadata', 'openclaw', 'install', '*', 'kind'],
    type: ['string'],
    description: '**Required.** The installer kind (case-insensitive); a spec with any other kind is dropped. `type` is read when `kind` is absent.',
    enum: ['brew', 'node', 'go', 'uv', 'download'],
    required: true,
    source: SHARED_FM,
  },
  {
    path: ['metadata', 'openclaw', 'install', '*', 'type'],
    type: ['string'],
    description: 'Alternative key for `kind`, read only when `kind` is not a string.',
    enum: ['brew', 'node', 'go', 'uv', 'download'],
    source: SHARED_FM,
  },
  {
    path: ['metadata', 'openclaw', 'install', '*', 'id'],
    type: ['string'],
    description: 'Identifier of the installer; defaults to `<kind>-<index>`.',
    source: SHARED_FM,
  },
  {
    path: ['metadata', 'openclaw', 'install', '*', 'label'],
    type: ['string'],
    description: 'Label shown for the installer; otherwise generated (node installers always read "Install <package> (<nodeManager>)").',
    source: SHARED_FM,
  },
  {
    path: ['metadata', 'openclaw', 'install', '*', 'bins'],
    type: ['array', 'string'],
    description: `Binaries this installer provides. ${listNote}`,
    source: SHARED_FM,
  },
  {
    path: ['metadata', 'openclaw', 'install', '*', 'os'],
    type: ['array', 'string'],
    description: `Platforms (\`darwin\`, \`linux\`, \`win32\`) the installer is offered on. ${listNote}`,
    source: SKILL_FM,
  },
  {
    path: ['metadata', 'openclaw', 'install', '*', 'formula'],
    type: ['string'],
    description: '`brew`: the Homebrew formula (required for brew); unsafe names (leading `-`, `..`, `\\`, other characters) drop the spec.',
    source: SKILL_FM,
  },
  {
    path: ['metadata', 'openclaw', 'install', '*', 'cask'],
    type: ['string'],
    description: '`brew`: a Homebrew cask, used as the formula when `formula` is absent.',
    source: SKILL_FM,
  },
  {
    path: ['metadata', 'openclaw', 'install', '*', 'package'],
    type: ['string'],
    description:
      '`node`: a valid npm registry spec (installed with `skills.install.nodeManager`, default npm); `uv`: a safe Python package spec. Required for both kinds.',
    source: SKILL_FM,
  },
  {
    path: ['metadata', 'openclaw', 'install', '*', 'module'],
    type: ['string'],
    description: '`go`: the module path for `go install`, optionally `@version` (required for go).',
    source: SKILL_FM,
  },
  {
    path: ['metadata', 'openclaw', 'install', '*', 'url'],
    type: ['string'],
    description: '`download`: an `http(s)` URL without spaces (required for download).',
    source: SKILL_FM,
  },
  {
    path: ['metadata', 'openclaw', 'install', '*', 'archive'],
    type: ['string'],
    description: '`download`: archive type of the file, e.g. `tar.gz`, `tar.bz2` or `zip`.',
    source: SKILL_FM,
  },
  {
    path: ['metadata', 'openclaw', 'install', '*', 'extract'],
    type: ['boolean'],
    description: '`download`: whether to extract the archive (default: when an archive is detected); only a JSON boolean is read.',
    source: SKILL_FM,
  },
  {
    path: ['metadata', 'openclaw', 'install', '*', 'stripComponents'],
    type: ['number'],
    description: '`download`: leading path components to strip when extracting; only a JSON number is read.',
    source: SKILL_FM,
  },
  {
    path: ['metadata', 'openclaw', 'install', '*', 'targetDir'],
    type: ['string'],
    description: '`download`: where to put the file (default `~/.openclaw/tools/<skillKey>`).',
    source: SKILL_FM,
  },
];
