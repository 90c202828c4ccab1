// Eligibility as OpenClaw decides it (RULES.md §7-8): `shouldIncludeSkill` for the prompt builder
// (src/agents/skills/config.ts, src/shared/config-eval.ts) and `evaluateRequirements` for the status data behind
// `openclaw skills list|check|info` (src/shared/requirements.ts). The two differ on purpose: the prompt builder
// checks `os` BEFORE `always` and stops at the first failure; the status data reports every missing item and
// lets `always: true` win over everything, `os` included (a26).
//
// Binaries are looked up exactly as `hasBinary` does: `<dir>/<name>` for each PATH element must pass
// `access(X_OK)`; no other folders, no regular-file test (so a directory passes), nothing is ever run.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { resolveBundledAllowlist, resolveSkillConfig, type MutableEnv, type OpenClawConfig } from './config';
import type { OpenClawMetadata } from './metadata';

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

/** A dotted path into the config; numeric segments index lists (`hosts.0`). */
export function resolveConfigPath(config: unknown, pathStr: string): unknown {
  let current: unknown = config;
  for (const part of pathStr.split('.').filter(Boolean)) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

/** Absent `browser.enabled` / `browser.evaluateEnabled` count as true (config.ts DEFAULT_CONFIG_VALUES). */
const DEFAULT_CONFIG_VALUES: Record<string, boolean> = { 'browser.enabled': true, 'browser.evaluateEnabled': true };

export function isConfigPathTruthy(config: OpenClawConfig, pathStr: string): boolean {
  const value = resolveConfigPath(config, pathStr);
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
}

/** A required variable is there when the process has it non-empty (no trimming: " " counts), when
 *  `skills.entries.<key>.env` has it non-empty, or when `apiKey` is set (any truthy value, a SecretRef object
 *  included, never resolved) and `primaryEnv` names it. */
export function hasEnv(skill: SkillLike, ctx: EligibilityContext, envName: string): boolean {
  const skillConfig = resolveSkillConfig(ctx.config, resolveSkillKey(skill));
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
  const skillConfig = resolveSkillConfig(ctx.config, resolveSkillKey(skill));
  if (skillConfig?.enabled === false) return 'disabled';
  if (!isBundledSkillAllowed(skill, resolveBundledAllowlist(ctx.config))) return 'allowBundled';
  const osList = skill.metadata?.os ?? [];
  if (osList.length > 0 && !osList.includes(ctx.platform)) return 'os';
  if (skill.metadata?.always === true) return null;
  const requires = skill.metadata?.requires;
  if (!requires) return null;
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

/** `evaluateRequirementsFromMetadata` for the status data: every item checked independently; `always`
 *  empties the missing lists (configChecks still show the real answers). */
export function evaluateRequirements(skill: SkillLike, ctx: EligibilityContext): RequirementsEvaluation {
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
  const missingOs = required.os.length === 0 || required.os.includes(ctx.platform) ? [] : required.os;
  const missingEnv = required.env.filter((e) => !hasEnv(skill, ctx, e));
  const configChecks = required.config.map((p) => ({ path: p, satisfied: isConfigPathTruthy(ctx.config, p) }));
  const missingConfig = configChecks.filter((c) => !c.satisfied).map((c) => c.path);
  const missing: Requirements = always
    ? { bins: [], anyBins: [], env: [], config: [], os: [] }
    : { bins: missingBins, anyBins: missingAnyBins, env: missingEnv, config: missingConfig, os: missingOs };
  const requirementsSatisfied =
    always || (missing.bins.length === 0 && missing.anyBins.length === 0 && missing.env.length === 0 && missing.config.length === 0 && missing.os.length === 0);
  return { required, missing, configChecks, requirementsSatisfied };
}
