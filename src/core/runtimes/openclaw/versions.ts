// The OpenClaw releases this profile emulates: every stable release on the npm registry from 2026.4.12 to
// 2026.9.6 (`openclaw@<version>`). The conformance suite (test/conformance) runs each release's own code
// against the emulation, and its bisector found where the behaviour changed between them
// (test/conformance/openclaw-changes.json; a unit test holds that file and this one equal). One profile judges
// them all: a rule that changed reads `has(version, '<change>')`, which is true from the first release that has
// the change, so every release's behaviour stays in one place beside the others. Releases before 2026.4.12 are
// not emulated (they are judged by 2026.4.12, and the note says so).

export const OPENCLAW_VERSIONS = [
  '2026.4.12',
  '2026.4.14',
  '2026.4.15',
  '2026.4.20',
  '2026.4.21',
  '2026.4.22',
  '2026.4.23',
  '2026.4.24',
  '2026.4.25',
  '2026.4.26',
  '2026.4.27',
  '2026.4.29',
  '2026.5.2',
  '2026.5.3',
  '2026.5.4',
  '2026.5.5',
  '2026.5.6',
  '2026.5.7',
  '2026.5.12',
  '2026.5.18',
  '2026.5.19',
  '2026.5.20',
  '2026.5.22',
  '2026.5.26',
  '2026.5.27',
  '2026.5.28',
  '2026.6.1',
  '2026.6.5',
  '2026.6.6',
  '2026.6.8',
  '2026.6.9',
  '2026.6.10',
  '2026.6.11',
  '2026.6.33',
  '2026.6.34',
  '2026.6.35',
  '2026.7.1',
  '2026.7.33',
  '2026.7.34',
  '2026.7.35',
  '2026.8.1',
  '2026.8.2',
  '2026.9.1',
  '2026.9.2',
  '2026.9.3',
  '2026.9.4',
  '2026.9.5',
  '2026.9.6',
] as const;
export type OpenClawVersion = (typeof OPENCLAW_VERSIONS)[number];

/** The release the golden data of ../shared/golden/openclaw came from (2026.4.12-beta.1, commit 8f8492d1). */
export const OPENCLAW_BASELINE: OpenClawVersion = '2026.4.12';
/** The newest release emulated. */
export const OPENCLAW_NEWEST: OpenClawVersion = '2026.9.6';

/**
 * The changes of behaviour between the releases, each with the first release that has it. The ids are what the
 * rules ask (`has(version, id)`); `words` says the change as docs/runtimes.md and the release notes do.
 */
export const OPENCLAW_CHANGES = {
  'prompt-sorted-by-name': { since: '2026.4.15', words: 'the prompt lists skills sorted by name, not in folder order' },
  'prompt-budget-18000': { since: '2026.4.15', words: 'the default prompt budget falls from 30,000 to 18,000 characters' },
  'os-home-compacted': { since: '2026.4.20', words: 'prompt locations under the OS home (HOME, whatever OPENCLAW_HOME says) are written `~/`' },
  'plugins-enabled-by-default': { since: '2026.4.24', words: 'bundled plugins on by default bring their skills' },
  'legacy-clawdbot-metadata': { since: '2026.4.24', words: 'requirements under the legacy `metadata.clawdbot` key are read' },
  'plugins-acpx-backend': { since: '2026.4.25', words: 'acpx’s skills count only while an ACP runtime backend is available' },
  'env-vars-nonblank': { since: '2026.4.29', words: 'a blank `env.vars` value in openclaw.json is no longer exported' },
  'plugins-dir-override-trusted': {
    since: '2026.4.29',
    words: '`OPENCLAW_BUNDLED_PLUGINS_DIR` is used only inside the package’s own bundled plugins folder',
  },
  'root-skill-needs-description': {
    since: '2026.4.29',
    words: 'a root SKILL.md without a description loads nothing, and a folder without SKILL.md is a group of skills (one level deep)',
  },
  'cli-path-no-homebrew-prefix': { since: '2026.5.2', words: 'the CLI no longer puts `$HOMEBREW_PREFIX/bin` on PATH' },
  'plugins-ids-any-case': { since: '2026.5.2', words: 'plugin ids and aliases in the config match in any case' },
  'status-for-agent': {
    since: '2026.5.2',
    words: '`openclaw skills` reports for the default agent: its allow-list, and whether the model and commands see each skill',
  },
  'plugin-skills-links': { since: '2026.5.4', words: 'plugin skills are linked into `plugin-skills` and read there' },
  'section-exact-location': { since: '2026.5.4', words: 'the section tells the model to read the exact `<location>`, never a guessed path' },
  'allow-symlink-targets': {
    since: '2026.5.12',
    words:
      '`skills.load.allowSymlinkTargets` lets a linked skill folder resolve outside its root (every root; from 2026.5.18 the workspace, extra and project roots)',
  },
  'section-short': { since: '2026.5.12', words: 'the section is rewritten short under `## Skills`' },
  'skill-file-in-folder': {
    since: '2026.5.12',
    words: 'a SKILL.md is opened inside its own folder: a link to a file in the folder is followed, a hard-linked file refused',
  },
  'containment-by-source': {
    since: '2026.5.18',
    words: 'managed and personal (~/.agents) skills are no longer held inside their root and are shown by their real path',
  },
  'os-case-insensitive': { since: '2026.5.22', words: '`os` is compared case-insensitively' },
  'cli-path-known-dirs': { since: '2026.5.22', words: 'the CLI adds a PATH folder that exists or is on PATH already' },
  'empty-filter-early-return': {
    since: '2026.5.26',
    words: 'an agent with an empty skills allow-list gets no prompt without the filter’s debug lines (until 2026.8.1)',
  },
  'bom-stripped': { since: '2026.5.28', words: 'a BOM before the opening `---` no longer hides the frontmatter' },
  'deep-grouped-folders': {
    since: '2026.5.28',
    words: 'groups are searched six levels deep (two in an extra folder), and a nested `skills/skills` root no longer hides its siblings',
  },
  'prompt-version-hash': {
    since: '2026.6.6',
    words: 'each prompt entry gains a `<version>` hash, with a line to re-read a changed skill, and the budget measures the whole text',
  },
  'os-home-only': { since: '2026.6.9', words: 'prompt locations under OPENCLAW_HOME (when it is not HOME) stay absolute' },
  'status-platform-incompatible': { since: '2026.6.9', words: 'the status says `platformIncompatible`' },
  'strict-closing-fence': { since: '2026.6.35', words: 'a `----` line no longer closes the frontmatter' },
  'config-path-blocked-keys': { since: '2026.7.1', words: 'a `requires.config` path through `__proto__`, `prototype` or `constructor` is missing' },
  'cli-path-package-managers': {
    since: '2026.7.1',
    words: 'the CLI adds the package managers’ folders (`PNPM_HOME`, `NPM_CONFIG_PREFIX`, ~/.npm-global/bin) to PATH',
  },
  'prompt-limits-shorten': {
    since: '2026.8.1',
    words: 'the compact prompt keeps descriptions cut to fit, the `<version>` hashes go, the section is reworded',
  },
  'prompt-version-hash-gone': { since: '2026.8.1', words: 'the prompt entries lose their `<version>` hash' },
  'cli-path-mise-xdg': { since: '2026.8.1', words: 'the CLI finds mise’s shims under `XDG_DATA_HOME`' },
  'custodian-root': {
    since: '2026.8.1',
    words: 'the custodian skills beside the bundled ones are read for the owner agent, and ~/.agents/skills only with the default state folder',
  },
  'agents-entries': {
    since: '2026.8.1',
    words: 'openclaw.json is validated strictly (plain `env` keys refused), and `agents.list` moves to the keyed `agents.entries`',
  },
  'strict-requirements': { since: '2026.8.1', words: 'a blank env value counts as missing, and `always` no longer clears a wrong `os`' },
  'install-sha256-checked': { since: '2026.8.1', words: 'a download install whose `sha256` is not 64 hex digits is dropped' },
  'plugins-policy-lowercase': { since: '2026.8.1', words: 'plugin allow, deny and entries ids are compared lowercased' },
  'frontmatter-issues': { since: '2026.8.1', words: 'a frontmatter YAML error (a repeated key, bad indentation) drops the skill' },
  'invalid-skill-warnings': {
    since: '2026.8.1',
    words:
      'a SKILL.md is read by the new loader: a skill it cannot load is logged ("Skipping invalid skill"), an oversized file fails its read, an empty one lacks a description',
  },
  'freeform-repair-at-error': {
    since: '2026.8.2',
    words: 'an unquoted `: ` is repaired in the free-text field YAML stopped at (`read_when`, `summary`), not only in `description`',
  },
  'read-line-reworded': { since: '2026.9.2', words: 'the catalog’s read-tool line is reworded: read the skill’s file at its listed location' },
  'workshop-root': { since: '2026.9.3', words: 'the agent’s workshop skills are read, and a root of more folders than the limit is logged' },
  'source-origin-slug': { since: '2026.9.3', words: 'a skill without `skillKey` is keyed by the slug of its `.openclaw/source-origin.json`' },
  'install-ids-whole-list': { since: '2026.9.3', words: 'install option ids count the whole install list' },
  'status-json-keeps-newlines': { since: '2026.9.3', words: 'the CLI’s JSON keeps tabs and newlines in strings' },
  'plugins-channel-enablement': { since: '2026.9.3', words: 'a plugin’s channels in the config switch it on or off' },
  'plugins-package-trust': { since: '2026.9.4', words: 'the bundled plugins folder must lie inside the package' },
  'requires-env-first': { since: '2026.9.5', words: 'the prompt checks env and config requirements before binaries' },
  'plugins-off-early': { since: '2026.9.5', words: 'with plugins off no plugin manifest is read' },
  'collision-same-content-quiet': { since: '2026.9.6', words: 'two same-named skills with the same content are no longer logged as a collision' },
  'metadata-json-first': { since: '2026.9.6', words: '`metadata` is read as strict JSON before JSON5' },
  'empty-skill-key-none': { since: '2026.9.6', words: 'an empty `skillKey` is no key' },
} as const satisfies Record<string, { since: OpenClawVersion; words: string }>;
export type OpenClawChange = keyof typeof OPENCLAW_CHANGES;

export interface OpenClawVersionInfo {
  version: OpenClawVersion;
  /** What the emulation follows for this version: the npm release (with the commit it was built from where known). */
  follows: string;
}

const COMMITS: Partial<Record<OpenClawVersion, string>> = {
  '2026.4.12': '2026.4.12-beta.1, commit 8f8492d1',
  '2026.9.6': 'commit eb377ac',
};

export const OPENCLAW_VERSION_INFO: Readonly<Record<OpenClawVersion, OpenClawVersionInfo>> = Object.fromEntries(
  OPENCLAW_VERSIONS.map((version) => {
    const commit = COMMITS[version];
    return [version, { version, follows: `openclaw@${version}${commit ? ` (${commit})` : ''}` }];
  }),
) as Record<OpenClawVersion, OpenClawVersionInfo>;

export function isOpenClawVersion(v: string): v is OpenClawVersion {
  return (OPENCLAW_VERSIONS as readonly string[]).includes(v);
}

const ORDER = new Map<string, number>(OPENCLAW_VERSIONS.map((v, i) => [v, i]));

/** Whether `version` is `min` or a later release. */
export function since(version: OpenClawVersion, min: OpenClawVersion): boolean {
  return (ORDER.get(version) ?? -1) >= (ORDER.get(min) ?? 0);
}

/** Whether `version` has `change`: it is the change's first release or a later one. */
export function has(version: OpenClawVersion | undefined, change: OpenClawChange): boolean {
  return since(version ?? OPENCLAW_BASELINE, OPENCLAW_CHANGES[change].since);
}
