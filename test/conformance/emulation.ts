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
  /** Where it was loaded from (`openclaw-workspace`, `openclaw-managed` …), as the status says. */
  source: string;
}

export interface Outcome {
  /** Why the release fails on the sandbox (a config 2026.9.6 refuses: "Invalid config at <file>:…"). */
  error?: string;
  prompt: string;
  section: string;
  skills: SkillOutcome[];
  /** `openclaw skills list --json` / `check --json` as the emulation prints them, and the PATH its CLI
   *  bootstrap set (only when asked). */
  listJson?: string;
  checkJson?: string;
  cliPath?: string;
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

/** The emulated release's outcome for a sandbox. Without `cliJson`, as the release's functions give it when
 *  imported (oracle.mjs: no PATH bootstrap). With `cliJson`, as its CLI gives it: the CLI's PATH bootstrap
 *  (`ensureOpenClawCliOnPath`) is emulated on the sandbox's own PATH, with `nodeDir` the folder of the Node
 *  binary that runs the release, and the bootstrapped PATH is returned as `cliPath`. */
export function emulate(sandbox: Sandbox, version: OpenClawVersion, options: { cliJson?: boolean; nodeDir?: string; installed?: string } = {}): Outcome {
  // `installed`: the release's package folder, given as the installation found on this machine (so its bundled
  // plugins count, as they do for the release run with them on).
  const resolvedVersions = options.installed
    ? [{ runtime: 'openclaw' as const, version, source: 'installed' as const, foundAt: options.installed }]
    : undefined;
  const ctx = {
    env: sandbox.env,
    platform: 'linux' as const,
    home: sandbox.home,
    cwd: sandbox.cwd,
    ...(options.nodeDir ? { openclawNodeDir: options.nodeDir } : {}),
    ...(resolvedVersions ? { resolvedVersions } : {}),
  };
  const run = runOpenClaw(sandbox.root, ctx, { version, cliPath: options.cliJson === true });
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
      source: s.source,
    };
  });
  const out: Outcome = { prompt: run.prompt.text, section: run.systemPromptSection, skills };
  if (run.config.refused) out.error = run.config.error;
  if (options.cliJson) {
    out.listJson = formatSkillsListJson(run.status);
    out.checkJson = formatSkillsCheckJson(run.status);
    const cliPath = run.eligibility.env.PATH;
    if (cliPath !== undefined) out.cliPath = cliPath;
  }
  return out;
}
