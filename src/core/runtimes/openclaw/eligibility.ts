// Eligibility as OpenClaw decides it (RULES.md §7-8): `shouldIncludeSkill` for the prompt builder
// (src/agents/skills/config.ts, src/shared/config-eval.ts) and `evaluateRequirements` for the status data behind
// `openclaw skills list|check|info` (src/shared/requirements.ts). The two differ on purpose: the prompt builder
// checks `os` BEFORE `always` and stops at the first failure; the status data reports every missing item and
// lets `always: true` win over everything, `os` included (a26).
//
// Binaries are looked up exactly as `hasBinary` does: `<dir>/<name>` for each PATH element must pass
// `access(X_OK)`; no other folders, no regular-file test (so a directory passes), nothing is ever run.
//
// 2026.9.6 (src/skills/loading/config.ts, chunk `config-oZlvXJO6.mjs`; src/shared/config-eval.ts, chunk
// `config-eval-BOec6g4L.mjs`; src/shared/requirements.ts, chunk `entry-status-B2j_-Dly.mjs`):
//  - an env value counts only when it is non-blank after trimming (`normalizeOptionalString`: " " is missing),
//    from the process and from skills.entries.<key>.env alike; `apiKey` counts when it is a non-blank string
//    or a SecretRef object (`hasConfiguredSecretInput`);
//  - the prompt builder (`evaluateRuntimeEligibility`) still checks os (exactly, `includes(platform)`) before
//    always, then env, config, bins, anyBins (2026.4.12: bins, anyBins, env, config);
//  - the status data lower-cases and trims os values and reads `macos` as darwin
//    (`normalizeOsRequirementPlatform`), and `always` no longer empties missing.os nor makes a skill on
//    another platform eligible;
//  - a config path through `__proto__`, `prototype` or `constructor` resolves to nothing (`isBlockedObjectKey`).

import * as fs from 'node:fs';
import * as path from 'node:path';
import { resolveBundledAllowlist, resolveSkillConfig, type MutableEnv, type OpenClawConfig } from './config';
import type { OpenClawMetadata } from './metadata';
import { has, OPENCLAW_BASELINE, type OpenClawVersion } from './versions';

export interface SkillLike {
  name: string;
  source: string;
  metadata: OpenClawMetadata | undefined;
}

/** `hasBinary`, with the per-PATH cache OpenClaw keeps (results are reused while PATH and PATHEXT stay). */
export class BinaryLookup {
  private cache = new Map<string, boolean>();
  private readonly parts: string[];
  private readonly extensions: string[];

  constructor(env: MutableEnv, platform: NodeJS.Platform) {
    const delimiter = platform === 'win32' ? ';' : ':';
    this.parts = (env.PATH ?? '').split(delimiter).filter(Boolean);
    if (platform === 'win32') {
      const raw = env.PATHEXT;
      const list = raw !== undefined ? raw.split(';').map((v) => v.trim()) : ['.EXE', '.CMD', '.BAT', '.COM'];
      this.extensions = ['', ...list.filter(Boolean)];
    } else {
      this.extensions = [''];
    }
  }

  has(bin: string): boolean {
    const hit = this.cache.get(bin);
    if (hit !== undefined) return hit;
    let found = false;
    outer: for (const part of this.parts) {
      for (const ext of this.extensions) {
        try {
          fs.accessSync(path.join(part, bin + ext), fs.constants.X_OK);
          found = true;
          break outer;
        } catch {
          // keep scanning
        }
      }
    }
    this.cache.set(bin, found);
    return found;
  }
}

/** `isTruthy` of config-eval.ts. */
export function isTruthy(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0;
  if (typeof value === 'string') return value.trim().length > 0;
  return true;
}

const BLOCKED_OBJECT_KEYS = new Set(['__proto__', 'prototype', 'constructor']);

/** A dotted path into the config; numeric segments index lists (`hosts.0`). From 2026.7.1 a blocked key
 *  (`__proto__`, `prototype`, `constructor`) resolves to nothing. */
export function resolveConfigPath(config: unknown, pathStr: string, version: OpenClawVersion = OPENCLAW_BASELINE): unknown {
  const blocked = has(version, 'config-path-blocked-keys');
  let current: unknown = config;
  for (const part of pathStr.split('.').filter(Boolean)) {
    if (typeof current !== 'object' || current === null) return undefined;
    if (blocked && BLOCKED_OBJECT_KEYS.has(part)) return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

/** Absent `browser.enabled` / `browser.evaluateEnabled` count as true (config.ts DEFAULT_CONFIG_VALUES). */
const DEFAULT_CONFIG_VALUES: Record<string, boolean> = { 'browser.enabled': true, 'browser.evaluateEnabled': true };

export function isConfigPathTruthy(config: OpenClawConfig, pathStr: string, version: OpenClawVersion = OPENCLAW_BASELINE): boolean {
  const value = resolveConfigPath(config, pathStr, version);
  if (value === undefined && Object.prototype.hasOwnProperty.call(DEFAULT_CONFIG_VALUES, pathStr)) {
    return DEFAULT_CONFIG_VALUES[pathStr] ?? false;
  }
  return isTruthy(value);
}

export function resolveSkillKey(skill: SkillLike): string {
  return skill.metadata?.skillKey ?? skill.name;
}

export interface EligibilityContext {
  config: OpenClawConfig;
  env: MutableEnv;
  platform: NodeJS.Platform;
  bins: BinaryLookup;
  /** The release whose rules apply (default: the baseline). */
  version?: OpenClawVersion;
}

function isNonBlankString(value: unknown): boolean {
  return typeof value === 'string' && value.trim().length > 0;
}

/** `hasConfiguredSecretInput` (2026.9.6, src/config/types.secrets.ts): a non-blank string, a SecretRef
 *  (`{source, provider, id}`, exactly three keys, source env/file/exec/store) or a legacy one without
 *  provider. */
export function hasConfiguredSecretInput(value: unknown): boolean {
  if (isNonBlankString(value)) return true;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  const sourceOk = v.source === 'env' || v.source === 'file' || v.source === 'exec' || v.source === 'store';
  if (sourceOk && Object.keys(v).length === 3 && isNonBlankString(v.provider) && isNonBlankString(v.id)) return true;
  return sourceOk && isNonBlankString(v.id) && v.provider === undefined;
}

/** A required variable is there when the process has it non-empty (2026.4.12: no trimming, " " counts;
 *  2026.9.6: non-blank), when `skills.entries.<key>.env` has it (same rule), or when `apiKey` is set and
 *  `primaryEnv` names it (2026.4.12: any truthy value, a SecretRef object included, never resolved; 2026.9.6:
 *  `hasConfiguredSecretInput`). */
export function hasEnv(skill: SkillLike, ctx: EligibilityContext, envName: string): boolean {
  const skillConfig = resolveSkillConfig(ctx.config, resolveSkillKey(skill));
  if (has(ctx.version, 'strict-requirements')) {
    // `isSkillEnvRequirementSatisfied`.
    return (
      isNonBlankString(ctx.env[envName]) ||
      isNonBlankString(skillConfig?.env?.[envName]) ||
      (skill.metadata?.primaryEnv === envName && hasConfiguredSecretInput(skillConfig?.apiKey))
    );
  }
  return Boolean(ctx.env[envName] || skillConfig?.env?.[envName] || (skillConfig?.apiKey && skill.metadata?.primaryEnv === envName));
}

export function isBundledSkillAllowed(skill: SkillLike, allowlist: string[] | undefined): boolean {
  if (!allowlist || allowlist.length === 0) return true;
  if (skill.source !== 'openclaw-bundled') return true;
  return allowlist.includes(resolveSkillKey(skill)) || allowlist.includes(skill.name);
}

/** What stopped the prompt builder, in its order; null when the skill passes. */
export type PromptGate = 'disabled' | 'allowBundled' | 'os' | 'bins' | 'anyBins' | 'env' | 'config';

export function promptGate(skill: SkillLike, ctx: EligibilityContext): PromptGate | null {
  const version = ctx.version ?? OPENCLAW_BASELINE;
  const skillConfig = resolveSkillConfig(ctx.config, resolveSkillKey(skill));
  if (skillConfig?.enabled === false) return 'disabled';
  if (!isBundledSkillAllowed(skill, resolveBundledAllowlist(ctx.config))) return 'allowBundled';
  const osList = skill.metadata?.os ?? [];
  if (osList.length > 0 && !osList.includes(ctx.platform)) return 'os';
  if (skill.metadata?.always === true) return null;
  const requires = skill.metadata?.requires;
  if (!requires) return null;
  if (has(version, 'requires-env-first')) {
    // `evaluateRuntimeRequires` from 2026.9.5: env, config, bins, anyBins.
    for (const name of requires.env) if (!hasEnv(skill, ctx, name)) return 'env';
    for (const p of requires.config) if (!isConfigPathTruthy(ctx.config, p, version)) return 'config';
    for (const bin of requires.bins) if (!ctx.bins.has(bin)) return 'bins';
    if (requires.anyBins.length > 0 && !requires.anyBins.some((b) => ctx.bins.has(b))) return 'anyBins';
    return null;
  }
  for (const bin of requires.bins) if (!ctx.bins.has(bin)) return 'bins';
  if (requires.anyBins.length > 0 && !requires.anyBins.some((b) => ctx.bins.has(b))) return 'anyBins';
  for (const name of requires.env) if (!hasEnv(skill, ctx, name)) return 'env';
  for (const p of requires.config) if (!isConfigPathTruthy(ctx.config, p)) return 'config';
  return null;
}

/** `shouldIncludeSkill`. */
export function shouldIncludeSkill(skill: SkillLike, ctx: EligibilityContext): boolean {
  return promptGate(skill, ctx) === null;
}

export interface Requirements {
  bins: string[];
  anyBins: string[];
  env: string[];
  config: string[];
  os: string[];
}

export interface RequirementsEvaluation {
  required: Requirements;
  missing: Requirements;
  configChecks: Array<{ path: string; satisfied: boolean }>;
  requirementsSatisfied: boolean;
}

/** `normalizeOsRequirementPlatform` (2026.9.6): trimmed, lower-cased, `macos` read as darwin. */
export function normalizeOsRequirementPlatform(platform: string): string {
  const normalized = platform.trim().toLowerCase();
  return normalized === 'macos' ? 'darwin' : normalized;
}

/** `evaluateRequirementsFromMetadata` for the status data: every item checked independently; `always`
 *  empties the missing lists (configChecks still show the real answers) — in 2026.9.6 all but missing.os,
 *  which `evaluateRequirementsFromMetadataWithRemote` compares normalised and which keeps the skill
 *  ineligible whatever `always` says. */
export function evaluateRequirements(skill: SkillLike, ctx: EligibilityContext): RequirementsEvaluation {
  const version = ctx.version ?? OPENCLAW_BASELINE;
  const m = skill.metadata;
  const required: Requirements = {
    bins: m?.requires?.bins ?? [],
    anyBins: m?.requires?.anyBins ?? [],
    env: m?.requires?.env ?? [],
    config: m?.requires?.config ?? [],
    os: m?.os ?? [],
  };
  const always = m?.always === true;
  const missingBins = required.bins.filter((b) => !ctx.bins.has(b));
  const missingAnyBins = required.anyBins.length === 0 || required.anyBins.some((b) => ctx.bins.has(b)) ? [] : required.anyBins;
  let missingOs: string[];
  if (has(version, 'os-case-insensitive')) {
    const wanted = new Set(required.os.map(normalizeOsRequirementPlatform));
    missingOs = required.os.length === 0 || wanted.has(normalizeOsRequirementPlatform(ctx.platform)) ? [] : required.os;
  } else missingOs = required.os.length === 0 || required.os.includes(ctx.platform) ? [] : required.os;
  const missingEnv = required.env.filter((e) => !hasEnv(skill, ctx, e));
  const configChecks = required.config.map((p) => ({ path: p, satisfied: isConfigPathTruthy(ctx.config, p, version) }));
  const missingConfig = configChecks.filter((c) => !c.satisfied).map((c) => c.path);
  const unlessAlways = (list: string[]): string[] => (always ? [] : list);
  const missing: Requirements = {
    bins: unlessAlways(missingBins),
    anyBins: unlessAlways(missingAnyBins),
    env: unlessAlways(missingEnv),
    config: unlessAlways(missingConfig),
    // From 2026.8.1 `always` no longer clears os, and a wrong os keeps the skill ineligible.
    os: has(version, 'strict-requirements') ? missingOs : unlessAlways(missingOs),
  };
  const othersMet = missing.bins.length === 0 && missing.anyBins.length === 0 && missing.env.length === 0 && missing.config.length === 0;
  const requirementsSatisfied = missing.os.length === 0 && (always || othersMet);
  return { required, missing, configChecks, requirementsSatisfied };
}
