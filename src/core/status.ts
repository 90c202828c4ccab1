// What the runtime does with one analyzed skill on this machine (runtime-semantics §1 steps 5–9, §2):
// the only stage besides the catalog that looks outside the file, and only through the BinResolver and
// ProbeRunner it is handed (the CLI and the extension own their lifetimes and caches).

import type { SkillAnalysis } from './analyze';
import { BinResolver, type BinLookup, type PathEnvironment } from './binlookup';
import { parseConstraint, parseVersion, satisfies } from './constraint';
import { envMissing, hermesEnvMissing, isRustBlank } from './env';
import { probeVersion, type ProbeRunner } from './probe';
import { platformSupported } from './requirements';
import type { Color, GatingMode, Missing, MissingVersion, Verdict } from './types';

export type ModeSource = 'override' | 'frontmatter' | 'default';

export interface BinCheck {
  name: string;
  source: 'requires' | 'prerequisites';
  found: boolean;
  path: string | null;
  executable: boolean;
  searched: string[];
}

export interface EnvCheck {
  name: string;
  source: 'requires' | 'prerequisites';
  set: boolean;
}

export interface VersionCheck {
  bin: string;
  required: string;
  command: string;
  regex: string | undefined;
  path: string | null;
  found: string | null;
  ok: boolean;
  reason?: MissingVersion['reason'];
  detail?: string;
}

export interface SkillStatus {
  verdict: Verdict;
  color: Color;
  mode: GatingMode;
  modeSource: ModeSource;
  missing: Missing;
  bins: BinCheck[];
  env: EnvCheck[];
  versions: VersionCheck[];
  /** Why the skill is not loaded / has a banner, in one sentence for people. */
  summary: string;
}

export interface EvaluateOptions {
  env: NodeJS.ProcessEnv;
  resolver: BinResolver;
  pathEnv: PathEnvironment;
  /** null: probing is off (`--no-probe`, untrusted workspace); versions are then unknown and hide nothing. */
  runner: ProbeRunner | null;
  /** Why probing is off, for the detail of unknown versions. */
  notProbedReason?: string;
  platform?: NodeJS.Platform;
  modeOverride?: GatingMode;
  signal?: AbortSignal;
}

export async function evaluateSkill(analysis: SkillAnalysis, options: EvaluateOptions): Promise<SkillStatus> {
  const req = analysis.requirements;
  const frontmatterMode = req.mode;
  const mode: GatingMode = options.modeOverride ?? frontmatterMode ?? 'strict';
  const modeSource: ModeSource = options.modeOverride ? 'override' : frontmatterMode ? 'frontmatter' : 'default';
  const hasErrors = analysis.diagnostics.some((d) => d.severity === 'error');
  const status: SkillStatus = {
    verdict: 'loaded',
    color: 'green',
    mode,
    modeSource,
    missing: { bins: [], env: [], versions: [] },
    bins: [],
    env: [],
    versions: [],
    summary: '',
  };

  if (!analysis.loadable) {
    // A file that could not be read at all is analyzed as empty text: its own finding says why, not "blank".
    const unusable = analysis.diagnostics.find((d) => d.code === 'file-unreadable' || d.code === 'file-too-large' || d.code === 'file-encoding');
    const why = unusable?.message ?? (analysis.runtimeSplit.state === 'blank' ? 'The file is blank: the runtime skips it.' : 'The body is empty: the runtime skips the skill.');
    return finish(status, 'not_loadable', hasErrors, why);
  }
  if (mode === 'disable') {
    return finish(status, 'skipped_disabled', hasErrors, modeSource === 'override' ? "The agent's skill_overrides set mode: disable." : 'mode: disable — the skill is always dropped.');
  }
  if (!platformSupported(req.platforms, options.platform ?? process.platform)) {
    return finish(status, 'unsupported_platform', hasErrors, `platforms lists ${req.platforms?.join(', ') || 'nothing'}; this machine is ${options.platform ?? process.platform}.`);
  }

  // Bins: a blank entry counts as present (the runtime skips it).
  const lookups = await Promise.all(
    req.bins.map(async (b) => ({ b, lookup: isRustBlank(b.name) ? null : await options.resolver.find(b.name, options.pathEnv) })),
  );
  for (const { b, lookup } of lookups) {
    const found = lookup === null || lookup.found;
    status.bins.push({ name: b.name, source: b.source, found, path: lookup?.path ?? null, executable: lookup?.executable ?? false, searched: lookup?.searched ?? [] });
    if (!found && !status.missing.bins.includes(b.name)) status.missing.bins.push(b.name);
  }

  for (const e of req.env) {
    const missing = e.source === 'prerequisites' ? hermesEnvMissing(e.name, options.env) : envMissing(e.name, options.env);
    status.env.push({ name: e.name, source: e.source, set: !missing });
    if (missing && !status.missing.env.includes(e.name)) status.missing.env.push(e.name);
  }

  // Versions, in the runtime's order (sorted by binary name), each independently.
  const versionChecks = await Promise.all(req.versions.map((v) => checkVersion(v, options)));
  for (const check of versionChecks) {
    status.versions.push(check);
    if (check.ok || !check.reason) continue;
    const mv: MissingVersion = { bin: check.bin, required: check.required, found: check.found, reason: check.reason };
    if (check.detail !== undefined) mv.detail = check.detail;
    status.missing.versions.push(mv);
  }

  const blocking = status.missing.bins.length + status.missing.env.length + status.missing.versions.filter((v) => v.reason !== 'not_probed').length;
  if (blocking === 0) return finish(status, 'loaded', hasErrors, hasErrors ? 'Loaded, but the file has errors.' : 'Loaded: every requirement is met.');
  const what = missingWords(status.missing);
  if (mode === 'strict') return finish(status, 'skipped_strict', hasErrors, `Hidden (strict): ${what}.`);
  return finish(status, 'loaded_with_banner', hasErrors, `Loaded with a MISSING DEPS banner (warn): ${what}.`);
}

function finish(status: SkillStatus, verdict: Verdict, hasErrors: boolean, summary: string): SkillStatus {
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

async function checkVersion(
  v: SkillAnalysis['requirements']['versions'][number],
  options: EvaluateOptions,
): Promise<VersionCheck> {
  const base = { bin: v.bin, required: v.constraint, command: v.command, regex: v.regex, path: null as string | null, found: null as string | null };
  // The runtime checks the constraint first, then the binary, then probes.
  const parsed = parseConstraint(v.constraint);
  if (!parsed.ok) return { ...base, ok: false, reason: 'invalid_constraint', detail: parsed.error.message };
  const lookup: BinLookup = await options.resolver.find(v.bin, options.pathEnv);
  if (!lookup.found || !lookup.path) return { ...base, ok: false, reason: 'bin_not_found', detail: `not found on PATH (searched: ${lookup.searched.join(', ') || 'nothing'})` };
  const path = lookup.path;
  if (!options.runner) {
    return { ...base, path, ok: false, reason: 'not_probed', detail: options.notProbedReason ?? 'probing is off' };
  }
  const probe = await probeVersion(options.runner, path, v.command, v.regex, options.signal);
  if (probe.reason === 'not_probed') return { ...base, path, ok: false, reason: 'not_probed', detail: probe.detail ?? 'not probed' };
  if (probe.found === null || probe.reason) {
    return { ...base, path, ok: false, reason: probe.reason ?? 'parse_failed', ...(probe.detail !== undefined ? { detail: probe.detail } : {}) };
  }
  const version = parseVersion(probe.found);
  if (!version) return { ...base, path, ok: false, reason: 'parse_failed', detail: `"${probe.found}" is not a version` };
  if (!satisfies(parsed.req, version)) return { ...base, path, found: probe.found, ok: false, reason: 'constraint_unsatisfied' };
  return { ...base, path, found: probe.found, ok: true };
}

export { BinResolver };
