// The runtime profiles' front door: each runtime's context built from the machine and the user's choices
// (the versions judged by among them). The check pipeline (../check/judge.ts) judges with it.

import { statSync } from 'node:fs';
import { homedir } from 'node:os';
import * as path from 'node:path';
import { PROFILES } from './profiles';
import { resolveVersion, type ResolvedVersion } from './registry';
import type { RuntimeContext, RuntimeId, RuntimeProfile } from './types';

export { TREE_EVALUATORS } from './profiles';

export interface RuntimeChoices {
  /** Runtimes pinned by the user; empty: detected per skill. */
  pinned?: readonly RuntimeId[];
  tools?: readonly string[] | null;
  toolsets?: readonly string[] | null;
  environments?: readonly string[];
  hermesHome?: string;
  openclawConfig?: string;
  /** Versions asked for (`--runtime openclaw@2026.9.6`); a runtime not named here is judged by the version
   *  installed on this machine when found, else the newest emulated. */
  versions?: Partial<Record<RuntimeId, string>>;
  /** nexo-rs agents files' skills_dirs in view (for detection by location). */
  nexoSkillsDirs?: readonly string[];
}

export function runtimeContext(
  env: NodeJS.ProcessEnv,
  cwd: string,
  choices: RuntimeChoices = {},
  platform: NodeJS.Platform = process.platform,
): RuntimeContext {
  let home = env['HOME'] || '';
  if (!home) {
    try {
      home = homedir();
    } catch {
      home = '/';
    }
  }
  return {
    ...lazyVersions(env, home, platform, choices.versions ?? {}),
    // Hermes reads its home from HERMES_HOME: a chosen home is that variable set (detection reads it too).
    env: choices.hermesHome !== undefined ? { ...env, HERMES_HOME: choices.hermesHome } : env,
    platform,
    home,
    cwd,
    ...(choices.tools !== undefined ? { tools: choices.tools } : {}),
    ...(choices.toolsets !== undefined ? { toolsets: choices.toolsets } : {}),
    ...(choices.environments !== undefined ? { environments: choices.environments } : {}),
    ...(choices.hermesHome !== undefined ? { hermesHome: choices.hermesHome } : {}),
    ...(choices.openclawConfig !== undefined ? { openclawConfig: choices.openclawConfig } : {}),
    // OpenClaw's CLI puts the folder of the node that runs it first on PATH: `openclaw` is a node script
    // (`#!/usr/bin/env node`), so that is the node found first on PATH.
    ...openclawNodeDirOf(env, platform),
  };
}

function openclawNodeDirOf(env: NodeJS.ProcessEnv, platform: NodeJS.Platform): { openclawNodeDir?: string } {
  const names = platform === 'win32' ? ['node.exe'] : ['node'];
  for (const dir of (env['PATH'] ?? '').split(platform === 'win32' ? ';' : ':')) {
    if (!dir || !path.isAbsolute(dir)) continue;
    for (const n of names) {
      try {
        if (statSync(path.join(dir, n)).isFile()) return { openclawNodeDir: dir };
      } catch {
        // not here
      }
    }
  }
  return {};
}

/** The version each runtime is judged by: asked for, else installed here (OpenClaw: its package found from
 *  PATH or a global node_modules), else the newest the profile emulates. */
export function resolveRuntimeVersions(
  env: Readonly<Record<string, string | undefined>>,
  home: string,
  platform: NodeJS.Platform,
  asked: Partial<Record<RuntimeId, string>>,
): ResolvedVersion[] {
  return PROFILES.map((p) => resolveProfileVersion(p, env, home, platform, asked));
}

function resolveProfileVersion(
  p: RuntimeProfile,
  env: Readonly<Record<string, string | undefined>>,
  home: string,
  platform: NodeJS.Platform,
  asked: Partial<Record<RuntimeId, string>>,
): ResolvedVersion {
  const installed = asked[p.id] === undefined && p.findInstalled ? p.findInstalled(env, home, platform) : null;
  return resolveVersion(p.id, asked[p.id], installed);
}

/** A context's `versions` and `resolvedVersions` (in the registry's order), each runtime's found when first
 *  read, then kept: looking for an installed release looks through every PATH folder, which a run that judges
 *  nothing by that runtime has no need of. Read, they are plain values (a copy for the runtime worker reads
 *  them all). */
function lazyVersions(
  env: Readonly<Record<string, string | undefined>>,
  home: string,
  platform: NodeJS.Platform,
  asked: Partial<Record<RuntimeId, string>>,
): Pick<RuntimeContext, 'versions' | 'resolvedVersions'> {
  const versions: Partial<Record<RuntimeId, string>> = {};
  const resolvedVersions: ResolvedVersion[] = [];
  PROFILES.forEach((p, i) => {
    let resolved: ResolvedVersion | undefined;
    const get = (): ResolvedVersion => (resolved ??= resolveProfileVersion(p, env, home, platform, asked));
    Object.defineProperty(versions, p.id, { enumerable: true, get: () => get().version });
    Object.defineProperty(resolvedVersions, i, { enumerable: true, get });
  });
  return { versions, resolvedVersions };
}

/** How the version `id` is judged by was chosen, in `ctx` (undefined when it says nothing). Looks up that runtime
 *  alone: `runtimeContext` lists them in the registry's order, and finds each one's when first read. */
export function resolvedVersionOf(ctx: RuntimeContext, id: RuntimeId): ResolvedVersion | undefined {
  const all = ctx.resolvedVersions;
  if (!all) return undefined;
  const i = PROFILES.findIndex((p) => p.id === id);
  const r = all[i];
  return r?.runtime === id ? r : all.find((x) => x.runtime === id);
}

/** The files outside the skills folders whose contents change the runtimes' verdicts: Hermes's
 *  `config.yaml` and `.env`, and the `openclaw.json` OpenClaw reads (an editor watches them). */
export function runtimeConfigFiles(ctx: RuntimeContext): string[] {
  return PROFILES.flatMap((p) => p.configFiles?.(ctx) ?? []);
}

export { RUNTIME_LABELS, RUNTIME_IDS, RUNTIMES, parseRuntimeSpec, runtimeSpecs, type ResolvedVersion } from './registry';
export type { RuntimeId } from './types';
