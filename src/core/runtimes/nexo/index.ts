// The nexo-rs profile (lordmacu/nexo-rs at eec3f33; ../shared/golden/nexo/RULES.md): one run of the
// runtime's skill loader — for one agent of an agents file, or for every folder of a skills root loaded as
// one agent would load them — in the runtime's own words (`runNexo`), and the same run in the vocabulary
// every profile shares (`evaluateNexo`).
//
// Files: metadata.ts (serde_yaml reading of the frontmatter), skill.ts (one SKILL.md as `load_one` reads
// it), gate.ts (mode, env, bins, versions and their cache), render.ts (banner, content, `# SKILLS` block),
// agents.ts (the agents file), loader.ts (`load_many_with_status`).

import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import { ProbeRunner, type ProbeOptions } from '../../machine/probe';
import type { GatingMode } from '../../types';
import { colorOfVerdict, type HiddenBy, type RuntimeContext, type RuntimeReport, type RuntimeSkillVerdict, type RuntimeVerdict } from '../types';
import { type AgentDef, loadAgentsConfig } from './agents';
import { NexoVersionCache, type NexoMachine, type NexoStatus } from './gate';
import { loadNexoSkills, type NexoSkillStatus } from './loader';
import { versionDetail } from './render';

export { NexoVersionCache } from './gate';
export type { NexoStatus } from './gate';
export type { NexoSkillStatus } from './loader';

export interface NexoRunOptions {
  env: Readonly<Record<string, string | undefined>>;
  cwd: string;
  platform?: NodeJS.Platform;
  /** Load every folder of this skills root, sorted by name, as one agent would (no overrides, no tenant). */
  skillsRoot?: string;
  /** Or: the config folder holding `agents.yaml` (and `agents.d/`), and which agent (default: the first). */
  configDir?: string;
  agent?: string;
  /** The runtime's process-wide version cache (default: a fresh one, i.e. a process that just started). */
  versionCache?: NexoVersionCache;
  /** Probes are run through this runner (default: one made for this run, with `env` and `cwd`). */
  runner?: ProbeRunner | null;
  probeOptions?: ProbeOptions;
  signal?: AbortSignal;
}

export interface NexoAgent {
  id: string;
  skills: string[];
  skillsDir: string;
  overrides: Record<string, GatingMode>;
  tenantId: string | null;
}

export interface NexoRun {
  /** The agent loaded (null for a skills-root run, or when the agents file is refused). */
  agent: NexoAgent | null;
  /** Why the runtime refuses the agents file (then nothing loads), else null. */
  agentsError: string | null;
  /** The names handed to the loader, in order. */
  names: string[];
  skills: NexoSkillStatus[];
  /** The `# SKILLS` block, or null when the runtime renders none. */
  block: string | null;
}

/** The folders of a skills root, as a run over "every skill" lists them: sorted by name (code points). */
async function folderNames(root: string): Promise<string[]> {
  let entries: string[];
  try {
    entries = await fsp.readdir(root);
  } catch {
    return [];
  }
  const dirs: string[] = [];
  for (const e of entries) {
    try {
      if ((await fsp.stat(path.join(root, e))).isDirectory()) dirs.push(e);
    } catch {
      // a dangling link is no folder
    }
  }
  return dirs.sort((a, b) => {
    const x = Array.from(a).map((c) => c.codePointAt(0) ?? 0);
    const y = Array.from(b).map((c) => c.codePointAt(0) ?? 0);
    for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return (x[i] ?? 0) - (y[i] ?? 0);
    return x.length - y.length;
  });
}

export async function runNexo(options: NexoRunOptions): Promise<NexoRun> {
  const platform = options.platform ?? process.platform;
  const ownRunner =
    options.runner === undefined
      ? new ProbeRunner({ ...(options.probeOptions ?? {}), env: { ...options.env } as NodeJS.ProcessEnv, cwd: options.cwd, platform })
      : null;
  const machine: NexoMachine = {
    env: options.env,
    cwd: options.cwd,
    platform,
    runner: options.runner === undefined ? ownRunner : options.runner,
    versionCache: options.versionCache ?? new NexoVersionCache(),
    ...(options.signal ? { signal: options.signal } : {}),
  };
  try {
    if (options.configDir !== undefined) {
      const config = await loadAgentsConfig(options.configDir, { env: options.env, cwd: options.cwd, platform });
      // Any error in the configuration: the runtime does not start, no agent loads anything.
      if (config.error !== null) return { agent: null, agentsError: config.error, names: [], skills: [], block: null };
      const def = options.agent !== undefined ? config.agents.find((a) => a.id === options.agent) : config.agents[0];
      if (!def)
        return {
          agent: null,
          agentsError: options.agent !== undefined ? `no agent \`${options.agent}\` in the agents file` : 'the agents file defines no agent',
          names: [],
          skills: [],
          block: null,
        };
      const loaded = await loadNexoSkills(def.skills, { root: def.skillsDir, overrides: def.overrides, tenantId: def.tenantId ?? null }, machine);
      return { agent: agentOf(def), agentsError: null, names: def.skills, skills: loaded.statuses, block: loaded.block };
    }
    const root = options.skillsRoot ?? options.cwd;
    const names = await folderNames(root);
    const loaded = await loadNexoSkills(names, { root, overrides: new Map(), tenantId: null }, machine);
    return { agent: null, agentsError: null, names, skills: loaded.statuses, block: loaded.block };
  } finally {
    ownRunner?.dispose();
  }
}

function agentOf(def: AgentDef): NexoAgent {
  return { id: def.id, skills: def.skills, skillsDir: def.skillsDir, overrides: Object.fromEntries(def.overrides), tenantId: def.tenantId ?? null };
}

/** The nexo-rs verdict of one status in the shared vocabulary. */
export function nexoVerdict(status: NexoStatus): { verdict: RuntimeVerdict; hiddenBy: HiddenBy[] } {
  switch (status) {
    case 'loaded':
      return { verdict: 'loaded', hiddenBy: [] };
    case 'loaded_with_banner':
      return { verdict: 'loaded_with_banner', hiddenBy: [] };
    case 'skipped_disabled':
      return { verdict: 'skipped_disabled', hiddenBy: [] };
    case 'not_found':
      return { verdict: 'not_found', hiddenBy: [] };
    case 'skipped_strict':
      return { verdict: 'hidden', hiddenBy: [] };
  }
}

/** Why, in nexo-rs's words (the banner's lines, and the loader's own reasons). */
function reasonsOf(s: NexoSkillStatus): string[] {
  const out: string[] = [];
  for (const b of s.missing.bins) out.push(`bin not found: ${b}`);
  for (const e of s.missing.env) out.push(`env unset: ${e}`);
  for (const v of s.missing.versions) if (v.reason !== 'not_probed') out.push(`version mismatch: ${v.bin} ${versionDetail(v)}`);
  if (s.status === 'skipped_strict') out.push('mode strict: the skill is skipped (SkippedStrict).');
  else if (s.status === 'loaded_with_banner') out.push('mode warn: the skill loads with a MISSING DEPS banner (LoadedWithBanner).');
  else if (s.status === 'skipped_disabled') out.push('mode disable: the skill is skipped without any check (SkippedDisabled).');
  else if (s.status === 'not_found') out.push(`NotFound: ${s.notFoundWhy ?? 'no SKILL.md'}.`);
  return out;
}

/**
 * What nexo-rs does with the skills under `root`: with `ctx.agentsFile` (its folder is the config folder),
 * the agent `ctx.agent` (default: the first) as the runtime loads it; without, every folder of `root`,
 * sorted, loaded as one agent would. The index is the `# SKILLS` block ('' when the runtime renders none).
 */
export async function evaluateNexo(root: string, ctx: RuntimeContext & { agentsFile?: string; agent?: string }): Promise<RuntimeReport> {
  const run = await runNexo({
    env: ctx.env,
    cwd: ctx.cwd,
    platform: ctx.platform,
    ...(ctx.agentsFile !== undefined ? { configDir: path.dirname(path.resolve(ctx.cwd, ctx.agentsFile)) } : { skillsRoot: root }),
    ...(ctx.agent !== undefined ? { agent: ctx.agent } : {}),
  });
  const report: RuntimeReport = { runtime: 'nexo', root, skills: [], index: run.block ?? '', indexError: null, findings: [] };
  if (run.agentsError !== null && ctx.agentsFile !== undefined) {
    report.findings.push({
      runtime: 'nexo',
      file: path.resolve(ctx.cwd, ctx.agentsFile),
      code: 'agents-file-refused',
      severity: 'error',
      message: `nexo-rs refuses this agents file and starts no agent: ${run.agentsError}`,
      line: 1,
      column: 1,
      endLine: 1,
      endColumn: 1,
    });
  }
  const skillsDir = run.agent?.skillsDir ?? root;
  for (const s of run.skills) {
    const mapped = nexoVerdict(s.status);
    let verdict = mapped.verdict;
    const hiddenBy = mapped.hiddenBy;
    // NotFound covers a file the loader could not use too (blank, empty body, not UTF-8, a folder named
    // SKILL.md): our vocabulary keeps that apart as `not_loadable`.
    if (verdict === 'not_found' && s.file !== null) verdict = 'not_loadable';
    if (verdict === 'hidden') {
      if (s.missing.bins.length) hiddenBy.push('bins');
      if (s.missing.env.length) hiddenBy.push('env');
      if (s.missing.versions.some((v) => v.reason !== 'not_probed')) hiddenBy.push('versions');
    }
    const file = s.file ?? path.join(skillsDir, s.id, 'SKILL.md');
    const v: RuntimeSkillVerdict = {
      runtime: 'nexo',
      file: path.resolve(ctx.cwd, file),
      dir: path.resolve(ctx.cwd, path.dirname(file)),
      id: s.id,
      name: s.displayName ?? s.read?.meta.name ?? s.id,
      category: null,
      verdict,
      color: colorOfVerdict(verdict),
      hiddenBy,
      missing:
        s.missing.bins.length + s.missing.env.length + s.missing.versions.length
          ? { bins: s.missing.bins, env: s.missing.env, versions: s.missing.versions }
          : {},
      reasons: reasonsOf(s),
    };
    report.skills.push(v);
  }
  return report;
}
