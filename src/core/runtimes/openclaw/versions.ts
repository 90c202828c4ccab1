// The OpenClaw releases this profile emulates. Each is a release on the npm registry (`openclaw@<version>`),
// and the conformance suite (test/conformance) runs that release's own code against the emulation. A rule
// that differs between releases reads `run.version` (or the `since` helper) where it applies, so every
// release's behaviour stays in one place beside the others.

export const OPENCLAW_VERSIONS = ['2026.4.12', '2026.9.6'] as const;
export type OpenClawVersion = (typeof OPENCLAW_VERSIONS)[number];

/** The release the golden data of ../shared/golden/openclaw came from (2026.4.12-beta.1, commit 8f8492d1). */
export const OPENCLAW_BASELINE: OpenClawVersion = '2026.4.12';

export interface OpenClawVersionInfo {
  version: OpenClawVersion;
  /** What the emulation follows for this version: the npm release, with the commit it was built from. */
  follows: string;
}

export const OPENCLAW_VERSION_INFO: Readonly<Record<OpenClawVersion, OpenClawVersionInfo>> = {
  '2026.4.12': { version: '2026.4.12', follows: 'openclaw@2026.4.12 (2026.4.12-beta.1, commit 8f8492d1)' },
  '2026.9.6': { version: '2026.9.6', follows: 'openclaw@2026.9.6 (commit eb377ac)' },
};

export function isOpenClawVersion(v: string): v is OpenClawVersion {
  return (OPENCLAW_VERSIONS as readonly string[]).includes(v);
}

/** Whether `version` is `min` or a later release (OpenClaw versions are year.month.patch). */
export function since(version: OpenClawVersion, min: OpenClawVersion): boolean {
  return OPENCLAW_VERSIONS.indexOf(version) >= OPENCLAW_VERSIONS.indexOf(min);
}
