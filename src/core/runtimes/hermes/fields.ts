// Hermes Agent's part of the SKILL.md frontmatter schema: the fields Hermes reads, and where.
//
// Source: NousResearch/hermes-agent @ 306e2d2318745b48d0c9d249958b0190f65a07c9 (upstream state 2026-07-15), as
// summarized and run in ../shared/golden/hermes/RULES.md; field details checked on 2026-11-23 against stored
// newer copies of agent/skill_utils.py @ 010929c6 (`extract_skill_conditions`, `extract_skill_config_vars`),
// tools/skills_tool.py @ 00067189 (`skill_view`, `_parse_tags`), tools/skills_tool_setup.py @ 178027bf
// (`_get_required_environment_variables`, same rules as 306e2d23 per RULES.md) and the docs page
// website/docs/developer-guide/creating-skills.md @ 0f988e85.
//
// Where: "index" = the `<available_skills>` block (agent/prompt_builder.py), "skills_list" and "skill_view" =
// the two tools in tools/skills_tool.py; readiness (env vars, credential files) is skill_view only and never
// hides a skill. Values are PyYAML 1.1 (`yes` is true, `1.10` is 1.1, `010` is 8, dates are dates); when the
// YAML does not parse, Hermes splits each line at its first `:` and keeps raw strings. `*` in a path stands for
// any key of a map or any item of a list.

import type { RuntimeField } from '../types';

const SU = 'NousResearch/hermes-agent agent/skill_utils.py';
const PB = 'NousResearch/hermes-agent agent/prompt_builder.py';
const ST = 'NousResearch/hermes-agent tools/skills_tool.py';
const CF = 'NousResearch/hermes-agent tools/credential_files.py';
const DOCS = 'NousResearch/hermes-agent website/docs/developer-guide/creating-skills.md';

const conditionList = (what: string): string =>
  `Index only, and only when the session passes tool information: ${what}. Ignored unless \`metadata\` and \`metadata.hermes\` are maps; a string is iterated letter by letter and \`~\` (null) makes the whole index build fail.`;

export const FIELDS: readonly RuntimeField[] = [
  {
    path: ['name'],
    type: ['string', 'number', 'boolean', 'null'],
    description:
      'The name the index prints, as `str()` of the YAML value (`yes` → `True`, `1.10` → `1.1`, empty → `None`); without the key Hermes uses the folder name. skills_list cuts it to 64 characters and silently drops a skill whose name is not a string.',
    source: PB,
  },
  {
    path: ['description'],
    type: ['string', 'number', 'boolean', 'array', 'object', 'null'],
    description:
      'Index line text: `str()` of the value, whitespace and quote characters stripped, cut to 57 characters + `...` when longer than 60. skills_list shows up to 1024 (first body line when empty) and drops the skill when the value is a number or `true`.',
    source: SU,
  },
  {
    path: ['platforms'],
    type: ['array', 'string'],
    description:
      "Operating systems the skill supports (`macos`, `linux`, `windows`; `termux`/`android` under Termux), matched as a prefix of the platform; elsewhere the skill is hidden from the index and skills_list. **Write a list**: `platforms: true` or a number makes Hermes's whole index build crash.",
    examples: ['macos', 'linux', 'windows'],
    source: SU,
  },
  {
    path: ['environments'],
    type: ['array', 'string'],
    description:
      'Runtime environments the skill is relevant to (`kanban`, `docker`, `s6`): hidden from the index and skills_list unless one is active; an unknown tag keeps it shown, a list of only blank tags hides it. skill_view ignores it.',
    examples: ['kanban', 'docker', 's6'],
    source: SU,
  },
  {
    path: ['required_environment_variables'],
    type: ['array', 'object'],
    description:
      'Environment variables the skill needs, as names or mappings (a single mapping also works). skill_view reports `setup_needed` while a non-optional one is unset or empty (in `$HERMES_HOME/.env`, else the process); the skill is never hidden.',
    source: ST,
  },
  {
    path: ['required_environment_variables', '*'],
    type: ['string', 'object'],
    description:
      'One variable: its name (`^[A-Za-z_][A-Za-z0-9_]*$`; other names are dropped) or a mapping with `name` and optional `prompt`, `help`, `required_for`, `optional`. For a name listed twice the first entry wins.',
    source: ST,
  },
  {
    path: ['required_environment_variables', '*', 'name'],
    type: ['string'],
    description: "The variable's name (`env_var` is read when `name` is absent).",
    source: ST,
  },
  {
    path: ['required_environment_variables', '*', 'env_var'],
    type: ['string'],
    description: "Alternative key for the variable's name, read when `name` is absent.",
    source: ST,
  },
  {
    path: ['required_environment_variables', '*', 'prompt'],
    type: ['string'],
    description: 'Text Hermes shows when it asks for the value in the local CLI; default `Enter value for NAME`.',
    source: ST,
  },
  {
    path: ['required_environment_variables', '*', 'help'],
    type: ['string'],
    description:
      "Help text or URL for getting the value; the first help of the skill becomes skill_view's `setup_help` and ends its `setup_note`. `provider_url` or `url` are read when `help` is absent, then `setup.help`.",
    source: ST,
  },
  {
    path: ['required_environment_variables', '*', 'provider_url'],
    type: ['string'],
    description: 'URL used as the help when `help` is absent.',
    source: ST,
  },
  {
    path: ['required_environment_variables', '*', 'url'],
    type: ['string'],
    description: 'URL used as the help when `help` and `provider_url` are absent.',
    source: ST,
  },
  {
    path: ['required_environment_variables', '*', 'required_for'],
    type: ['string'],
    description: 'Which feature needs the variable; passed along with the prompt and reported by skill_view.',
    source: ST,
  },
  {
    path: ['required_environment_variables', '*', 'optional'],
    type: ['boolean'],
    description: 'When true, the variable is passed through to sandboxes if set but never makes the skill `setup_needed`.',
    default: false,
    source: ST,
  },
  {
    path: ['setup'],
    type: ['object'],
    description: 'Setup guidance read by skill_view: `help` and the secrets to collect. Ignored unless it is a map.',
    source: ST,
  },
  {
    path: ['setup', 'help'],
    type: ['string'],
    description: 'Help text used for every required variable (here, in `required_environment_variables` or in `prerequisites`) that has no help of its own.',
    source: ST,
  },
  {
    path: ['setup', 'collect_secrets'],
    type: ['array'],
    description: 'Secrets to collect, added after `required_environment_variables` as required variables (first entry per name wins).',
    source: ST,
  },
  {
    path: ['setup', 'collect_secrets', '*', 'env_var'],
    type: ['string'],
    description: 'Name of the environment variable that holds the secret (`^[A-Za-z_][A-Za-z0-9_]*$`).',
    source: ST,
  },
  {
    path: ['setup', 'collect_secrets', '*', 'prompt'],
    type: ['string'],
    description: 'Text Hermes shows when it asks for the secret; default `Enter value for NAME`.',
    source: ST,
  },
  {
    path: ['setup', 'collect_secrets', '*', 'provider_url'],
    type: ['string'],
    description: "Where to get the secret; it becomes the variable's help (else `setup.help` is used).",
    source: ST,
  },
  {
    path: ['prerequisites'],
    type: ['object'],
    description:
      'Legacy requirements: `env_vars` become required environment variables (skill_view readiness only), `commands` are advisory. Hermes never hides a skill for them.',
    source: ST,
  },
  {
    path: ['prerequisites', 'env_vars'],
    type: ['array'],
    description:
      'Legacy alias of `required_environment_variables` (names only, added after it and after `setup.collect_secrets`); unset ones make skill_view report `setup_needed`.',
    source: ST,
  },
  {
    path: ['prerequisites', 'commands'],
    type: ['array'],
    description: 'Advisory only: Hermes does not look commands up; `required_commands` and `missing_required_commands` stay empty.',
    source: ST,
  },
  {
    path: ['required_credential_files'],
    type: ['array'],
    description:
      'Files (relative to `$HERMES_HOME`) the skill needs, e.g. OAuth tokens; a missing one makes skill_view report `setup_needed`, existing ones are mounted into remote sandboxes. Read only when it is a list (a single string is ignored).',
    source: ST,
  },
  {
    path: ['required_credential_files', '*'],
    type: ['string', 'object'],
    description:
      'A path string or a mapping with `path` (or `name`); it must name an existing regular file inside `$HERMES_HOME`, so absolute paths and `../` count as missing.',
    source: CF,
  },
  {
    path: ['required_credential_files', '*', 'path'],
    type: ['string'],
    description: "The file's path relative to `$HERMES_HOME`.",
    source: CF,
  },
  {
    path: ['required_credential_files', '*', 'name'],
    type: ['string'],
    description: 'Read as the path when `path` is absent.',
    source: CF,
  },
  {
    path: ['tags'],
    type: ['array', 'string'],
    description: 'Tags skill_view returns, as a list, `[a, b]` or `a, b`; used only when `metadata.hermes.tags` is absent.',
    source: ST,
  },
  {
    path: ['related_skills'],
    type: ['array', 'string'],
    description: 'Related skill names skill_view returns (list or comma-separated); used only when `metadata.hermes.related_skills` is absent.',
    source: ST,
  },
  {
    path: ['compatibility'],
    type: ['string'],
    description: 'The Agent Skills field: skill_view returns it when it is set, and Hermes does nothing else with it. A YAML date here makes skill_view fail.',
    source: ST,
  },
  {
    path: ['metadata'],
    type: ['object'],
    description:
      'skill_view returns the whole map; Hermes reads `metadata.hermes`. A YAML date anywhere inside (`reviewed: 2025-03-14`, unquoted) makes skill_view fail with "Object of type date is not JSON serializable".',
    source: ST,
  },
  {
    path: ['metadata', 'hermes'],
    type: ['object'],
    description:
      'Hermes settings: tags, related skills, tool conditions and config.yaml settings. Must be a map; a string here breaks skill_view and disables the conditions.',
    source: ST,
  },
  {
    path: ['metadata', 'hermes', 'tags'],
    type: ['array', 'string'],
    description: 'Tags skill_view returns (a list, `[a, b]` or `a, b`); preferred over a top-level `tags`.',
    source: ST,
  },
  {
    path: ['metadata', 'hermes', 'related_skills'],
    type: ['array', 'string'],
    description: 'Related skill names skill_view returns; preferred over a top-level `related_skills`.',
    source: ST,
  },
  {
    path: ['metadata', 'hermes', 'requires_toolsets'],
    type: ['array'],
    description: conditionList('the skill is hidden when any listed toolset is not available'),
    source: SU,
  },
  {
    path: ['metadata', 'hermes', 'requires_tools'],
    type: ['array'],
    description: conditionList('the skill is hidden when any listed tool is not available'),
    source: SU,
  },
  {
    path: ['metadata', 'hermes', 'fallback_for_toolsets'],
    type: ['array'],
    description: conditionList('the skill is hidden when any listed toolset is available'),
    source: SU,
  },
  {
    path: ['metadata', 'hermes', 'fallback_for_tools'],
    type: ['array'],
    description: conditionList('the skill is hidden when any listed tool is available'),
    source: SU,
  },
  {
    path: ['metadata', 'hermes', 'config'],
    type: ['array', 'object'],
    description:
      'Non-secret settings the skill needs, stored in config.yaml under `skills.config.<key>`: `hermes config migrate` asks for unset ones and the resolved values are appended to the skill when it loads. Entries without `key` or `description` are skipped.',
    source: SU,
  },
  {
    path: ['metadata', 'hermes', 'config', '*', 'key'],
    type: ['string'],
    description: '**Required.** Dotted key of the setting, e.g. `wiki.path` (stored as `skills.config.wiki.path`); the first entry per key wins.',
    required: true,
    source: SU,
  },
  {
    path: ['metadata', 'hermes', 'config', '*', 'description'],
    type: ['string'],
    description: '**Required.** What the setting controls; also the prompt when `prompt` is absent.',
    required: true,
    source: SU,
  },
  {
    path: ['metadata', 'hermes', 'config', '*', 'default'],
    type: ['string', 'number', 'boolean', 'array', 'object'],
    description: 'Value used while config.yaml has none (or a blank one); `~` and `${VAR}` in string values are expanded.',
    source: SU,
  },
  {
    path: ['metadata', 'hermes', 'config', '*', 'prompt'],
    type: ['string'],
    description: 'Prompt shown by `hermes config migrate`; defaults to `description`.',
    source: SU,
  },
  {
    path: ['version'],
    type: ['string'],
    description:
      "The skill's version, in Hermes's documented SKILL.md format; no index, skills_list or skill_view code reads it. Quote it: PyYAML reads `version: 1.10` as the number 1.1.",
    source: DOCS,
  },
  {
    path: ['author'],
    type: ['string'],
    description: "The skill's author, in Hermes's documented SKILL.md format; no index, skills_list or skill_view code reads it.",
    source: DOCS,
  },
  {
    path: ['license'],
    type: ['string'],
    description: "The skill's license, in Hermes's documented SKILL.md format; no index, skills_list or skill_view code reads it.",
    source: DOCS,
  },
];
