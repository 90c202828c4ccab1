// The OpenClaw runtime profile: an emulation of OpenClaw 2026.4.12-beta.1 (commit 8f8492d1) — which skills
// it finds, which it calls eligible, which it offers the model and the exact skills prompt — mapped onto the
// shared vocabulary (../types.ts). The truth it follows is ../shared/golden/openclaw/RULES.md.
//
// Map of this folder:
//   frontmatter.ts  the frontmatter parser (line reader + YAML core schema, merged)
//   metadata.ts     metadata.openclaw: JSON5, lists, os/always/requires/install, invocation flags
//   read.ts         reading a SKILL.md safely (symlink, size, root containment, no BOM stripping; 2026.9.6's
//                   loader with its "Skipping invalid skill." diagnostics)
//   config.ts       openclaw.json: where it is, loadConfig's env export and defaults, skills.entries, agents;
//                   2026.9.6's schema refusal and agents roster
//   clipath.ts      the CLI / Gateway PATH bootstrap (ensureOpenClawCliOnPath) of each release
//   discover.ts     roots, nested roots, root SKILL.md, children, limits, merge by name (2026.9.6: grouped folders)
//   fsview.ts       the file system as one run sees it: real paths, stats and listings asked once per run
//   readCache.ts    the CLI's on-disk cache of frontmatter parses and findings, keyed by the text
//   roots.ts        2026.9.6's other roots: workshop, custodian, allowSymlinkTargets, extra folders
//   plugins.ts      the skills of the installation's enabled plugins: bundled plugins folder, manifests, activation
//                   by config, skill folders, 2026.9.6's plugin-skills links
//   eligibility.ts  the prompt builder's gate and the status data's requirement checks, PATH lookup
//   prompt.ts       the <available_skills> prompt with its limits, compact format and warning line, and the
//                   system prompt's skills section (each as 2026.4.12 and as 2026.9.6 build them)
//   status.ts       `openclaw skills list|check|info --json`
//   emulate.ts      one run end to end
//   words.ts        OpenClaw-terms sentences for verdicts and findings
//   findings.ts     what OpenClaw drops or ignores without a word, with fixes where mechanical
//   verdicts.ts     the mapping onto RuntimeSkillVerdict

import type { RuntimeContext, RuntimeReport } from '../types';
import { runOpenClaw, type OpenClawRunOptions } from './emulate';
import { collectFindings } from './findings';
import { buildVerdicts } from './verdicts';

export { runOpenClaw, openClawVersionOf } from './emulate';
export { OPENCLAW_VERSIONS, OPENCLAW_BASELINE, OPENCLAW_VERSION_INFO, isOpenClawVersion, type OpenClawVersion } from './versions';
export type { OpenClawRun, EntryOutcome } from './emulate';
export type { OpenClawFinding, OpenClawFix } from './types';
export { formatSkillsCheckJson, formatSkillsListJson, formatSkillInfoJson } from './status';
export { checkParsedConfig } from './config';
export { configRefusalFindings } from './findings';

/** What OpenClaw does with the skills of `root` (its workspace skills folder). Never throws for a bad tree:
 *  unreadable files, symlink loops and huge files are outcomes, not errors. */
export async function evaluateOpenClaw(root: string, ctx: RuntimeContext, options: OpenClawRunOptions = {}): Promise<RuntimeReport> {
  const run = runOpenClaw(root, ctx, options);
  const findings = collectFindings(run);
  run.readCache?.save();
  return {
    runtime: 'openclaw',
    root: run.root,
    skills: buildVerdicts(run),
    index: run.prompt.text,
    indexError: null,
    findings,
    budget: {
      skills: run.prompt.included,
      candidates: run.prompt.candidates,
      maxSkills: run.limits.maxSkillsInPrompt,
      chars: run.prompt.blockLength,
      maxChars: run.limits.maxSkillsPromptChars,
      format: run.prompt.format,
      truncated: run.prompt.truncated,
    },
    ...(run.config.refused ? { refusal: { file: run.config.path, message: run.config.error, version: run.version } } : {}),
  };
}
