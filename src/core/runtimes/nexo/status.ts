// The engine's verdict for one analyzed skill on this machine: the nexo-rs profile's gate
// (runtimes/nexo/gate.ts) on what the analysis read, in the engine's `Verdict` words. Hermes fields
// (`prerequisites`, `platforms`) play no part: nexo-rs ignores them (golden a40); the Hermes profile judges
// them in its own terms.

import type { SplitResult } from '../../skill/frontmatter';
import { BinResolver, type PathEnvironment } from '../../machine/binlookup';
import type { ProbeRunner } from '../../machine/probe';
import {
  gateNexoSkill,
  type NexoFileChecks,
  NexoVersionCache,
  type BinCheck,
  type EnvCheck,
  type ModeSource,
  type NexoChecks,
  type VersionCheck,
} from './gate';
import type { Color, Diagnostic, GatingMode, Missing, Verdict } from '../../types';
import type { NexoMeta } from './metadata';
import { colorOfVerdict, type HiddenBy, type RuntimeSkillVerdict, type RuntimeVerdict } from '../types';

export type { BinCheck, EnvCheck, ModeSource, VersionCheck };

export interface NexoStatus extends NexoChecks {
  verdict: Verdict;
  color: Color;
  /** Why the skill is not loaded / has a banner, in one sentence for people. */
  summary: string;
}

export interface EvaluateOptions {
  env: NodeJS.ProcessEnv;
  /** Kept for callers; nexo-rs's own lookup rules are applied (runtimes/nexo/gate.ts). */
  resolver?: BinResolver;
  /** PATH (with the editor's extra folders) and the working directory relative bin paths resolve against. */
  pathEnv: PathEnvironment;
  /** null: probing is off (`--no-probe`, untrusted workspace); versions are then unknown and hide nothing. */
  runner: ProbeRunner | null;
  /** Why probing is off, for the detail of unknown versions. */
  notProbedReason?: string;
  platform?: NodeJS.Platform;
  modeOverride?: GatingMode;
  signal?: AbortSignal;
  /** The version cache of the runtime process being emulated (default: a fresh one, as if this skill were
   *  the first the runtime loads). */
  versionCache?: NexoVersionCache;
  /** File-system answers shared by the skills of one check (see NexoMachine). */
  fileChecks?: NexoFileChecks;
  /** `env` with PATH set to `pathEnv.path`, made once for the skills of one check (copying the process
   *  environment per skill cost ~0.1 ms each, most of the evaluation). Default: made for this skill. */
  gateEnv?: Readonly<Record<string, string | undefined>>;
}

/** A status with nothing checked (no requirement looked at): the start of an evaluation, or a verdict that
 *  reads no requirement (a skill the agent lists but nobody found, a skill still being checked). */
export function bareStatus(verdict: Verdict, color: Color, summary: string, mode: GatingMode = 'strict', modeSource: ModeSource = 'default'): NexoStatus {
  return { verdict, color, mode, modeSource, missing: { bins: [], env: [], versions: [] }, bins: [], env: [], versions: [], summary };
}

/** What the gate reads of a skill's analysis (src/core/check/analyze.ts SkillAnalysis). */
export interface NexoSkillFacts {
  diagnostics: readonly Diagnostic[];
  nexo: NexoMeta;
  loadable: boolean;
  runtimeSplit: Pick<SplitResult, 'state'>;
  dirName: string | undefined;
}

export async function evaluateSkill(analysis: NexoSkillFacts, options: EvaluateOptions): Promise<NexoStatus> {
  const hasErrors = analysis.diagnostics.some((d) => d.severity === 'error');
  const status = bareStatus(
    'loaded',
    'green',
    '',
    options.modeOverride ?? analysis.nexo.mode ?? 'strict',
    options.modeOverride ? 'override' : analysis.nexo.mode ? 'frontmatter' : 'default',
  );

  if (!analysis.loadable) {
    // A file that could not be read at all is analyzed as empty text: its own finding says why, not "blank".
    // (nexo-rs reports all of these as NotFound: the loader returns no skill.)
    const unusable = analysis.diagnostics.find((d) => d.code === 'file-unreadable' || d.code === 'file-too-large' || d.code === 'file-encoding');
    const why =
      unusable?.message ??
      (analysis.runtimeSplit.state === 'blank' ? 'The file is blank: the runtime skips it.' : 'The body is empty: the runtime skips the skill.');
    status.mode = 'strict';
    status.modeSource = 'default';
    return finish(status, 'not_loadable', hasErrors, why);
  }

  const platform = options.platform ?? process.platform;
  const gate = await gateNexoSkill(analysis.nexo, options.modeOverride, {
    // PATH as the engine sees it (with the editor's extra folders appended).
    env: options.gateEnv ?? { ...options.env, PATH: options.pathEnv.path },
    cwd: options.pathEnv.cwd,
    platform,
    runner: options.runner,
    notProbedReason: options.notProbedReason ?? 'probing is off',
    versionCache: options.versionCache ?? new NexoVersionCache(),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.fileChecks ? { fileChecks: options.fileChecks } : {}),
  });
  Object.assign(status, { mode: gate.mode, modeSource: gate.modeSource, missing: gate.missing, bins: gate.bins, env: gate.env, versions: gate.versions });

  if (gate.status === 'skipped_disabled') {
    return finish(
      status,
      'skipped_disabled',
      hasErrors,
      gate.modeSource === 'override' ? "The agent's skill_overrides set mode: disable." : 'mode: disable — the skill is always dropped.',
    );
  }
  if (gate.status === 'loaded')
    return finish(status, 'loaded', hasErrors, hasErrors ? 'Loaded, but the file has errors.' : 'Loaded: every requirement is met.');
  const what = missingWords(status.missing);
  if (gate.status === 'skipped_strict') return finish(status, 'skipped_strict', hasErrors, `Hidden (strict): ${what}.`);
  return finish(status, 'loaded_with_banner', hasErrors, `Loaded with a MISSING DEPS banner (warn): ${what}.`);
}

function finish(status: NexoStatus, verdict: Verdict, hasErrors: boolean, summary: string): NexoStatus {
  status.verdict = verdict;
  status.color = colorOf(verdict, hasErrors);
  status.summary = summary;
  return status;
}

export function colorOf(verdict: Verdict, hasErrors: boolean): Color {
  if (verdict === 'loaded') return hasErrors ? 'amber' : 'green';
  if (verdict === 'loaded_with_banner') return 'amber';
  return 'red';
}

export function isVisible(verdict: Verdict): boolean {
  return verdict === 'loaded' || verdict === 'loaded_with_banner';
}

function missingWords(m: Missing): string {
  const parts: string[] = [];
  if (m.bins.length) parts.push(`bin${m.bins.length > 1 ? 's' : ''} ${m.bins.join(', ')} not found`);
  if (m.env.length) parts.push(`${m.env.join(', ')} unset`);
  const v = m.versions.filter((x) => x.reason !== 'not_probed');
  if (v.length) parts.push(`${v.map((x) => x.bin).join(', ')} version${v.length > 1 ? 's' : ''} not satisfied`);
  return parts.join('; ');
}

export { BinResolver };

/** nexo-rs's verdict for a skill the engine evaluated, in the shared vocabulary. */
export function nexoSkillVerdict(st: NexoStatus, skill: { file: string; dir: string; id: string; name: string }): RuntimeSkillVerdict {
  const hiddenBy: HiddenBy[] = [];
  let verdict: RuntimeVerdict;
  switch (st.verdict) {
    case 'skipped_strict':
      verdict = 'hidden';
      if (st.missing.bins.length) hiddenBy.push('bins');
      if (st.missing.env.length) hiddenBy.push('env');
      if (st.missing.versions.some((v) => v.reason !== 'not_probed')) hiddenBy.push('versions');
      break;
    case 'unsupported_platform':
      verdict = 'hidden';
      hiddenBy.push('platform');
      break;
    default:
      verdict = st.verdict;
  }
  return {
    runtime: 'nexo',
    ...skill,
    category: null,
    verdict,
    color: colorOfVerdict(verdict),
    hiddenBy,
    missing: { bins: st.missing.bins, env: st.missing.env, versions: st.missing.versions },
    reasons: [st.summary],
  };
}
