// The runtime profiles' front door: judge the skills the engine evaluated by the runtimes that apply to
// them, and build each runtime's context from the machine. The CLI and the extension call only this.

import { statSync } from 'node:fs';
import { homedir } from 'node:os';
import * as path from 'node:path';
import type { EvaluatedSkill } from '../engine';
import { type JudgedSkill, type Judgement, judge, type JudgeSkill, type TreeEvaluator } from './judge';
import { nexoVerdict } from './entry';
import { evaluateHermes } from './hermes';
import { evaluateOpenClaw } from './openclaw';
import { hermesHomeOf } from './hermes/host';
import { resolveConfigFile } from './openclaw/config';
import { findInstalledOpenClaw } from './openclaw/installed';
import { RUNTIME_IDS, resolveVersion, type ResolvedVersion } from './registry';
import type { RuntimeContext, RuntimeId } from './types';

/** The runtimes that decide over a whole skills root. */
export const TREE_EVALUATORS: Partial<Record<RuntimeId, TreeEvaluator>> = {
  hermes: (root, ctx) => evaluateHermes(root, ctx),
  openclaw: (root, ctx) => evaluateOpenClaw(root, ctx),
};

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
  const resolvedVersions = resolveRuntimeVersions(env, home, platform, choices.versions ?? {});
  return {
    versions: Object.fromEntries(resolvedVersions.map((r) => [r.runtime, r.version])),
    resolvedVersions,
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
  return RUNTIME_IDS.map((id) => {
    const installed = asked[id] === undefined && id === 'openclaw' ? findInstalledOpenClaw(env, home, platform) : null;
    return resolveVersion(id, asked[id], installed ? { version: installed.version, at: installed.at } : null);
  });
}

/** The files outside the skills folders whose contents change the runtimes' verdicts: Hermes's
 *  `config.yaml` and `.env`, and the `openclaw.json` OpenClaw reads (an editor watches them). */
export function runtimeConfigFiles(ctx: RuntimeContext): string[] {
  const hermesHome = path.resolve(ctx.cwd, hermesHomeOf(ctx));
  return [path.join(hermesHome, 'config.yaml'), path.join(hermesHome, '.env'), resolveConfigFile({ ...ctx.env }, ctx.home, ctx.openclawConfig)];
}

const UNREADABLE = new Set(['file-unreadable', 'file-too-large', 'file-encoding']);

export function judgeSkillOf(s: EvaluatedSkill): JudgeSkill {
  const a = s.analysis;
  const problem = a?.diagnostics.find((d) => UNREADABLE.has(d.code))?.message;
  const readable = Boolean(a && problem === undefined);
  return {
    file: s.location.file,
    dir: s.location.dir,
    root: s.location.root,
    // A cached analysis reads and re-analyzes its file for `text`: only on demand (nothing in a check does).
    get text(): string | null {
      return a && readable ? a.text : null;
    },
    readable,
    blank: readable && a ? a.textBlank : false,
    ...(problem !== undefined ? { problem } : {}),
    data: a?.data ?? null,
    nexo: () => nexoVerdict(s),
  };
}

/** `trees`: the tree runtimes' evaluators (the editor passes ones that keep reports per root). */
export async function judgeEvaluated(
  skills: readonly EvaluatedSkill[],
  ctx: RuntimeContext,
  choices: RuntimeChoices = {},
  trees: Partial<Record<RuntimeId, TreeEvaluator>> = TREE_EVALUATORS,
): Promise<{ judged: JudgedSkill[]; judgement: Judgement }> {
  const judgement = await judge(skills.map(judgeSkillOf), {
    ctx,
    pinned: choices.pinned ?? [],
    trees,
    ...(choices.nexoSkillsDirs ? { nexoSkillsDirs: choices.nexoSkillsDirs } : {}),
  });
  return { judged: judgement.skills, judgement };
}

export { RUNTIME_LABELS, RUNTIME_IDS, RUNTIMES, parseRuntimeSpec, runtimeSpecs, type ResolvedVersion } from './registry';
export type { RuntimeId } from './types';
