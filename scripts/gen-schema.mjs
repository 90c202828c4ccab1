// Writes schemas/skill-frontmatter.schema.json from one table, so every property gets both a plain
// `description` (for YAML tools) and a `markdownDescription` (for hovers), kept in step by construction.
// Run: node scripts/gen-schema.mjs   (a unit test fails when the committed file drifts from this output)
import { writeFileSync } from 'node:fs';

const md = (text) => text;
const plain = (text) => text.replace(/`/g, '').replace(/\*\*/g, '').replace(/\[([^\]]+)\]\([^)]+\)/g, '$1');
function d(markdown, rest = {}) {
  return { description: plain(markdown), markdownDescription: md(markdown), ...rest };
}
const stringList = (markdown, itemMarkdown) => d(markdown, { type: 'array', items: d(itemMarkdown, { type: 'string' }) });

const binVersionLong = d(
  'Long form: the constraint plus how to probe the binary. The runtime runs `<bin> <command>` (no shell, `command` passed as ONE argument), searches stdout + stderr with `regex` and uses the **whole match** as the version.',
  {
    type: 'object',
    required: ['constraint'],
    properties: {
      constraint: d('Cargo-style semver requirement, e.g. `">=8.0"` or `">=1.2, <2"`. Comma-separated comparators; no `||`, no hyphen ranges. A bare version `4.0` means `^4.0`.', { type: 'string' }),
      command: d('The single argument passed to the binary to make it print its version. Default `--version`. It is passed as ONE argument: `-v --short` arrives as the single string "-v --short".', { type: 'string', default: '--version' }),
      regex: d('Pattern (Rust `regex` syntax: linear time, no look-around, no backreferences) searched in stdout + "\\n" + stderr. The **whole match** is the version; capture groups are ignored. Default `\\d+\\.\\d+(?:\\.\\d+)?`.', { type: 'string', default: '\\d+\\.\\d+(?:\\.\\d+)?' }),
    },
  },
);

const schema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: 'https://skill-author.dev/schemas/skill-frontmatter.schema.json',
  title: 'SKILL.md frontmatter',
  ...d('YAML frontmatter of an agent skill (`SKILL.md`): the Agent Skills fields, the nexo-rs `requires` block, Hermes `prerequisites`/`platforms`/`metadata.hermes`, and the keys VS Code and Claude Code read.'),
  type: 'object',
  properties: {
    name: d('**Required.** The skill\'s name: 1–64 characters, lowercase `a–z`, digits and `-`; no leading, trailing or doubled hyphen; must equal the skill\'s folder name (nexo-rs identifies the skill by its folder; the name is its display title).', { type: 'string', minLength: 1, maxLength: 64, pattern: '^[a-z0-9]+(-[a-z0-9]+)*$' }),
    description: d('**Required.** What the skill does and when to use it (1–1024 characters). The model decides from this text whether to load the skill. Hermes cuts it to 57 characters + `...` in its prompt index when it is longer than 60.', { type: 'string', minLength: 1, maxLength: 1024 }),
    license: d('License name, or the name of a license file bundled with the skill.', { type: 'string' }),
    compatibility: d('Environment requirements in prose (1–500 characters): intended product, system packages, network access.', { type: 'string', minLength: 1, maxLength: 500 }),
    metadata: d('Free-form map of extra properties. The spec says string to string; runtimes nest maps here (e.g. `metadata.hermes`).', {
      type: 'object',
      properties: {
        hermes: d('Hermes Agent settings for this skill.', {
          type: 'object',
          properties: {
            category: d('Category shown in the Hermes prompt index. By default the category comes from the folder the skill lives in.', { type: 'string' }),
            tags: stringList('Tags for search and grouping.', 'A tag.'),
            requires_toolsets: stringList('Hide the skill unless ALL these toolsets are available to the agent.', 'A toolset name.'),
            requires_tools: stringList('Hide the skill unless ALL these tools are available to the agent.', 'A tool name.'),
            fallback_for_toolsets: stringList('Hide the skill when any of these toolsets IS available (the skill is a fallback for them).', 'A toolset name.'),
            fallback_for_tools: stringList('Hide the skill when any of these tools IS available (the skill is a fallback for them).', 'A tool name.'),
          },
        }),
      },
    }),
    'allowed-tools': d('Space-separated list of tools the skill may use without asking (experimental in the Agent Skills spec), e.g. `Bash(git:*) Read`.', { type: ['string', 'array'], items: { type: 'string' } }),
    requires: d('nexo-rs requirements. Missing items hide the skill (`mode: strict`, the default), show it with a `> ⚠️ MISSING DEPS` banner (`warn`), or the skill is always dropped (`disable`). **One wrong type anywhere in the frontmatter makes nexo-rs ignore all of it.**', {
      type: 'object',
      properties: {
        bins: stringList('Binaries that must be on PATH (a regular file of that name in a PATH directory). An entry with `/` is checked as a path.', 'A binary name, e.g. `ffmpeg`.'),
        env: stringList('Environment variables that must be set and not blank.', 'A variable name, e.g. `OPENAI_API_KEY` (`^[A-Za-z_][A-Za-z0-9_]*$`).'),
        bin_versions: d('Version requirement per binary (implies the binary must exist). Shorthand `ffmpeg: ">=4.0"` — **quote it**: unquoted `4.0` is a YAML number and makes nexo-rs ignore the whole frontmatter — or the long form with `constraint`, `command`, `regex`.', {
          type: 'object',
          additionalProperties: { oneOf: [d('Shorthand: a Cargo-style semver requirement, e.g. `">=4.0"`.', { type: 'string' }), binVersionLong] },
        }),
        mode: d('What happens when something is missing: `strict` (default) hides the skill, `warn` loads it with a MISSING DEPS banner, `disable` always drops it. An agent\'s `skill_overrides` beats this.', { type: 'string', enum: ['strict', 'warn', 'disable'], default: 'strict' }),
      },
    }),
    max_chars: d('nexo-rs: cap on the characters of the skill content injected into the prompt; longer content is cut and ends with `…[truncated to N chars]`.', { type: 'integer', minimum: 0 }),
    prerequisites: d('Hermes Agent prerequisites. When any is unmet the skill is left out of the prompt index entirely.', {
      type: 'object',
      properties: {
        env_vars: stringList('Environment variables that must be set (non-empty).', 'A variable name (`^[A-Za-z_][A-Za-z0-9_]*$`; an invalid name counts as missing).'),
        commands: stringList('Commands that must be on PATH.', 'A command name, e.g. `curl`.'),
      },
    }),
    platforms: d('Hermes Agent: operating systems the skill supports; on any other the skill is hidden.', { type: 'array', items: d('`macos`, `linux` or `windows`.', { type: 'string', enum: ['macos', 'linux', 'windows'] }) }),
    version: d('Hermes Agent: the skill\'s own version. Quote it: `version: 1.10` is the YAML number 1.1.', { type: 'string' }),
    author: d('Hermes Agent: the skill\'s author.', { type: 'string' }),
    'argument-hint': d('VS Code / Claude Code: hint shown for the arguments of the skill\'s slash command, e.g. `[file] [format]`.', { type: 'string' }),
    'user-invocable': d('VS Code / Claude Code: whether the skill can be invoked as a slash command by the user. Default `true`.', { type: 'boolean' }),
    'disable-model-invocation': d('VS Code / Claude Code: when `true`, the model never loads the skill by itself; only the user can invoke it.', { type: 'boolean' }),
    context: d('VS Code / Claude Code: `fork` runs the skill in a forked sub-agent context.', { type: 'string' }),
    model: d('Claude Code: the model to use while the skill is active.', { type: 'string' }),
  },
  required: ['name', 'description'],
};

const out = new URL('../schemas/skill-frontmatter.schema.json', import.meta.url);
export const text = `${JSON.stringify(schema, null, 2)}\n`;
if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop())) {
  writeFileSync(out, text);
  console.log(`wrote ${out.pathname}`);
}
