// The emulation's side of the conformance suite: test/conformance/run.mjs bundles this file with esbuild (so it
// always runs the current sources, built or not) and calls `emulate` on the sandbox it set up for a case, the
// same sandbox the OpenClaw release then runs in. The result has the shape oracle.mjs gives for the release.

import { runOpenClaw, formatSkillsCheckJson, formatSkillsListJson, OPENCLAW_VERSIONS, type OpenClawVersion } from '../../src/core/runtimes/openclaw';

export { OPENCLAW_VERSIONS };

export interface Missing {
  bins: string[];
  anyBins: string[];
  env: string[];
  config: string[];
  os: string[];
}

/** One skill as both sides report it, keyed by its SKILL.md path. */
export interface SkillOutcome {
  name: string;
  filePath: string;
  /** The status data's verdict (`openclaw skills check`). */
  eligible: boolean;
  missing: Missing;
  /** Passed the prompt builder's gate and the agent's allow-list (the snapshot's `skills`). */
  runtimeEligible: boolean;
  /** Listed in the prompt. */
  inPrompt: boolean;
}

export interface Outcome {
  prompt: string;
  section: string;
  skills: SkillOutcome[];
  /** `openclaw skills list --json` / `check --json` as the emulation prints them (only when asked). */
  listJson?: string;
  checkJson?: string;
}

export interface Sandbox {
  /** `<workspace>/skills`. */
  root: string;
  home: string;
  cwd: string;
  env: Record<string, string>;
}

function pick(m: Partial<Missing> | undefined): Missing {
  return { bins: m?.bins ?? [], anyBins: m?.anyBins ?? [], env: m?.env ?? [], config: m?.config ?? [], os: m?.os ?? [] };
}

/** The emulated release's outcome for a sandbox. `path` replaces PATH (the CLI's bootstrapped PATH, which
 *  the release reports, when the outcome is compared with the CLI's). */
export function emulate(sandbox: Sandbox, version: OpenClawVersion, options: { path?: string; cliJson?: boolean } = {}): Outcome {
  const env = options.path === undefined ? sandbox.env : { ...sandbox.env, PATH: options.path };
  const run = runOpenClaw(sandbox.root, { env, platform: 'linux', home: sandbox.home, cwd: sandbox.cwd }, { version });
  const byPath = new Map(run.entries.map((o) => [o.entry.filePath, o]));
  const skills = run.status.skills.map((s): SkillOutcome => {
    const o = byPath.get(s.filePath);
    return {
      name: s.name,
      filePath: s.filePath,
      eligible: s.eligible,
      missing: pick(s.missing),
      runtimeEligible: o?.runtimeEligible ?? false,
      inPrompt: o?.inPrompt ?? false,
    };
  });
  const out: Outcome = { prompt: run.prompt.text, section: run.systemPromptSection, skills };
  if (options.cliJson) {
    out.listJson = formatSkillsListJson(run.status);
    out.checkJson = formatSkillsCheckJson(run.status);
  }
  return out;
}
