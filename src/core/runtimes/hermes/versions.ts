// The Hermes Agent commits this profile emulates. Hermes has no releases to install here, so each version is a
// commit of NousResearch/hermes-agent, named by its short hash. The baseline was checked by running it (the
// golden data of ../shared/golden/hermes); a newer one was read, not run: only the rules that differ from the
// baseline and could be confirmed in its source are emulated, each citing the file, function and lines at
// that commit. A rule that differs reads the version (or `since`) where it applies, so every version's
// behaviour stays in one place beside the others.

export const HERMES_VERSIONS = ['306e2d23', '780e0980'] as const;
export type HermesVersion = (typeof HERMES_VERSIONS)[number];

/** The commit the golden data of ../shared/golden/hermes came from (306e2d2318745b48, 2026-07-15). */
export const HERMES_BASELINE: HermesVersion = '306e2d23';

export interface HermesVersionInfo {
  version: HermesVersion;
  /** What the emulation follows for this version: the commit, with its date. */
  follows: string;
  /** `run`: compared with Hermes's own code run on cases; `read`: from its source only. */
  checked: 'run' | 'read';
}

export const HERMES_VERSION_INFO: Readonly<Record<HermesVersion, HermesVersionInfo>> = {
  '306e2d23': { version: '306e2d23', follows: 'NousResearch/hermes-agent at commit 306e2d23', checked: 'run' },
  '780e0980': { version: '780e0980', follows: 'NousResearch/hermes-agent at commit 780e0980 (2026-07-17), its source read', checked: 'read' },
};

export function isHermesVersion(v: string): v is HermesVersion {
  return (HERMES_VERSIONS as readonly string[]).includes(v);
}

/** Whether `version` is the commit `min` or a later one (the list is in commit order). */
export function since(version: HermesVersion, min: HermesVersion): boolean {
  return HERMES_VERSIONS.indexOf(version) >= HERMES_VERSIONS.indexOf(min);
}

/** `parse_frontmatter` drops a single leading U+FEFF before looking for `---` (agent/skill_utils.py
 *  `parse_frontmatter`, SU:142-144 at 780e0980, from a4ecb3da "fix(skills): strip UTF-8 BOM before parsing
 *  SKILL.md frontmatter"); at 306e2d23 the BOM stays and hides the frontmatter. */
export function stripsLeadingBom(version: HermesVersion): boolean {
  return since(version, '780e0980');
}
