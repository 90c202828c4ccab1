// One OpenClaw run over a workspace skills folder, end to end: load the config, scan the roots, build the
// entries, decide eligibility, build the prompt and the status data. This is the emulation proper; index.ts
// maps its result onto the shared vocabulary and findings.ts explains the silent parts.
//
// `root` plays `<workspace>/skills`; the workspace is its parent. The other roots OpenClaw merges are scanned
// too, lowest precedence first (extraDirs, bundled, managed, ~/.agents/skills, <workspace>/.agents/skills), so
// a skill of the same name elsewhere is accounted for. The bundled folder is OPENCLAW_BUNDLED_SKILLS_DIR, else
// that of the installation found on this machine (registry.ts resolveVersion); that installation's enabled
// plugins add their skill folders to the extra tier (plugins.ts).

import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  compactHomePrefixes,
  loadOpenClawConfig,
  resolveAgentSkillFilter,
  resolveDefaultAgentId,
  resolveSkillsLimits,
  resolveStateDir,
  resolveEffectiveHome,
  resolveUserPath,
  type ConfigLoad,
  type SkillsLimits,
} from './config';
import { ensureOpenClawCliOnPath } from './clipath';
import { loadRoot, mergeByName, type DiscoveryContext, type FolderTrace, type LoadedSkill, type LogRecord, type RootScan, type SkillSource } from './discover';
import { BinaryLookup, promptGate, type EligibilityContext, type PromptGate } from './eligibility';
import { resolveEntryMetadata, resolveInvocationPolicy } from './metadata';
import {
  buildSkillsPrompt,
  compactHomePath,
  promptVersionOf,
  resolveAgentPromptLimits,
  resolvePromptLimits,
  systemPromptSection,
  type PromptResult,
} from './prompt';
import { readEntryFrontmatter } from './read';
import { forgetFrontmatterParses } from './frontmatter';
import { FsView } from '../../machine/fsview';
import { OpenClawReadCache } from './readCache';
import { buildSkillStatus, type StatusReport } from './status';
import type { SkillEntry } from './types';
import type { RuntimeContext } from '../types';
import { has, isOpenClawVersion, OPENCLAW_BASELINE, type OpenClawVersion } from './versions';
import { allowedSymlinkTargets, configuredExtraDirs, isAmbientOwner, resolveAgentDir } from './roots';
import { loadPluginSkillScans, resolvePluginSkills, type PluginSkillPlan } from './plugins';

/** The release a run emulates: the option, else the context's choice, else the baseline. */
export function openClawVersionOf(ctx: RuntimeContext, options: OpenClawRunOptions = {}): OpenClawVersion {
  if (options.version) return options.version;
  const chosen = ctx.versions?.openclaw;
  return chosen && isOpenClawVersion(chosen) ? chosen : OPENCLAW_BASELINE;
}

export interface OpenClawRunOptions {
  /** Scan the roots other than `root` too (default true, as OpenClaw does). */
  otherRoots?: boolean;
  /** The release to emulate (default: the context's `versions.openclaw`, else the baseline 2026.4.12). */
  version?: OpenClawVersion;
  /** Emulate OpenClaw's CLI / Gateway, which put node's folder, /usr/bin, /bin and the usual tool folders on
   *  PATH before anything else (`ensureOpenClawCliOnPath`, clipath.ts), default true; false emulates code
   *  that imports the skill modules directly, as the golden data did. */
  cliPath?: boolean;
  /** How the run sees the file system (default: a new FsView, each question asked of the system once; the
   *  tests pass an UncachedFsView, which asks every time as OpenClaw does, to show the answers are the same). */
  fsView?: FsView;
}

export interface EntryOutcome {
  entry: SkillEntry;
  /** What stopped the prompt builder's `shouldIncludeSkill`, null when it passed. */
  gate: PromptGate | null;
  /** Passed `shouldIncludeSkill` and the agent's allow-list ("runtime eligible"). */
  runtimeEligible: boolean;
  /** Kept out only by the agent's allow-list. */
  blockedByAgent: boolean;
  /** Runtime eligible and not `disable-model-invocation`. */
  promptCandidate: boolean;
  inPrompt: boolean;
  /** The location shown in the prompt (home written `~/`). */
  location: string;
}

export interface OpenClawRun {
  /** The release emulated. */
  version: OpenClawVersion;
  root: string;
  workspaceDir: string;
  managedSkillsDir: string;
  agentId: string;
  config: ConfigLoad;
  limits: SkillsLimits;
  scans: RootScan[];
  traces: FolderTrace[];
  replaced: Array<{ loser: LoadedSkill; winner: LoadedSkill }>;
  /** Loaded by a root, then cut because the root loaded more than `maxSkillsLoadedPerSource`. */
  cut: LoadedSkill[];
  entries: EntryOutcome[];
  /** The agent's skill allow-list (undefined: none). */
  skillFilter: string[] | undefined;
  prompt: PromptResult;
  systemPromptSection: string;
  status: StatusReport;
  logs: LogRecord[];
  /** Paths written as OpenClaw prints them (`~/` for the home). */
  compactPath: (p: string) => string;
  platform: NodeJS.Platform;
  /** What eligibility was decided with (config, environment, binaries on PATH). */
  eligibility: EligibilityContext;
  /** The installation's plugin skills (plugins.ts); none without an installation. */
  plugins: PluginSkillPlan;
  /** The run's view of the file system, for what is said about the run afterwards (findings.ts). */
  fs: FsView;
  /** The CLI's on-disk cache of what is derived from texts (readCache.ts), when it has one; saved by whoever
   *  finishes with the run (index.ts evaluateOpenClaw). */
  readCache: OpenClawReadCache | null;
}

/** The bundled skills folder (`resolveBundledSkillsDir`, chunk `bundled-dir-*`): OPENCLAW_BUNDLED_SKILLS_DIR
 *  when set; else, for the installation found on this machine (registry.ts), its package's `skills` folder
 *  when that looks like a skills folder (a `.md` file, or a sub-folder holding SKILL.md). Without either, none. */
function bundledSkillsDir(env: Readonly<Record<string, string | undefined>>, ctx: RuntimeContext): string | undefined {
  const override = env.OPENCLAW_BUNDLED_SKILLS_DIR?.trim();
  if (override) return override;
  const install = ctx.resolvedVersions?.find((r) => r.runtime === 'openclaw' && r.source === 'installed')?.foundAt;
  if (!install) return undefined;
  const candidate = path.join(install, 'skills');
  try {
    for (const entry of fs.readdirSync(candidate, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      if (entry.isFile() && entry.name.endsWith('.md')) return candidate;
      if (entry.isDirectory() && fs.existsSync(path.join(candidate, entry.name, 'SKILL.md'))) return candidate;
    }
  } catch {
    // no skills folder in the package
  }
  return undefined;
}

/** The `<version>` of a skill's entry (2026.6.6–7.35): the hash of its SKILL.md as the loader read it. */
function promptVersionField(file: string, view: FsView): { version?: string } {
  const text = view.textOf(file, Number.MAX_SAFE_INTEGER) ?? readTextOrNull(file);
  return text === null ? {} : { version: promptVersionOf(text) };
}

function readTextOrNull(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

export function runOpenClaw(root: string, ctx: RuntimeContext, options: OpenClawRunOptions = {}): OpenClawRun {
  const version = openClawVersionOf(ctx, options);
  const readCache = ctx.readCache ? new OpenClawReadCache(ctx.readCache, version) : null;
  forgetFrontmatterParses(readCache);
  // The emulated process environment: ours to mutate (`.env` files and config `env` are applied to it).
  const env: Record<string, string | undefined> = { ...ctx.env };
  if (options.cliPath !== false) {
    const nodeDir = ctx.openclawNodeDir ? { nodeDir: ctx.openclawNodeDir } : {};
    ensureOpenClawCliOnPath({ version, env, home: env.HOME?.trim() || ctx.home, cwd: ctx.cwd, platform: ctx.platform, ...nodeDir });
  }
  const config = loadOpenClawConfig({ env, home: ctx.home, cwd: ctx.cwd, version, ...(ctx.openclawConfig ? { explicitPath: ctx.openclawConfig } : {}) });
  const cfg = config.config;
  // The prompt budget's default and the agent's override are the release's (prompt.ts resolvePromptLimits).
  const limits = resolvePromptLimits(resolveSkillsLimits(cfg), cfg, version);
  const home = resolveEffectiveHome(env, ctx.home);
  const homes = compactHomePrefixes(env, ctx.home, { effective: !has(version, 'os-home-only'), os: has(version, 'os-home-compacted') });
  const compactPath = (p: string): string => compactHomePath(p, homes);
  const stateDir = resolveStateDir(env, home);
  const workspaceSkillsDir = path.resolve(root);
  const workspaceDir = path.dirname(workspaceSkillsDir);
  const managedSkillsDir = path.join(stateDir, 'skills');

  const logs: LogRecord[] = [];
  const traces: FolderTrace[] = [];
  const osHomeDir = env.HOME?.trim() || ctx.home;
  const view = options.fsView ?? new FsView();
  const dctx: DiscoveryContext = { limits, logs, traces, compactPath, version, home: osHomeDir, fs: view };
  if (has(version, 'allow-symlink-targets')) dctx.allowedSymlinkTargets = allowedSymlinkTargets(cfg, home);
  // A config 2026.9.6 refuses stops the CLI before any skill is read (config.ts `validateConfig96`).
  const load = (dir: string, source: SkillSource): RootScan =>
    config.refused
      ? { source, dir: path.resolve(dir), baseDir: path.resolve(dir), nestedRoot: false, rootIsSkill: false, skills: [] }
      : loadRoot(dctx, dir, source);
  const agentIdForRoots = resolveDefaultAgentId(cfg, version);

  const plugins = resolvePluginSkills({ version, ctx, env, config: cfg, home, stateDir, workspaceDir });
  const pluginScans = (): RootScan[] => loadPluginSkillScans(plugins, load, limits);
  const scans: RootScan[] = [];
  const bundledNames = new Set<string>();
  if (options.otherRoots !== false && has(version, 'custodian-root')) {
    // From 2026.8.1 (workspace-skill-sources-*.mjs resolveWorkspaceSkillSourcePlan, workspace-skill-loader-*.mjs
    // loadWorkspaceSkillSourceEntries): extra < bundled (+ custodian for the ambient owner agent, sorted by name)
    // < the agent's workshop-skills (from 2026.9.3) < managed < ~/.agents/skills (only with the default state
    // folder) < <workspace>/.agents/skills < <workspace>/skills, loaded in that order.
    const extra = [...configuredExtraDirs(cfg).map((d) => load(resolveUserPath(d, home), 'openclaw-extra')), ...pluginScans()];
    const bundledDir = bundledSkillsDir(env, ctx);
    const bundled: RootScan[] = [];
    if (bundledDir) {
      bundled.push(load(bundledDir, 'openclaw-bundled'));
      if (isAmbientOwner(cfg, agentIdForRoots)) bundled.push(load(path.join(path.dirname(path.resolve(bundledDir)), 'custodian-skills'), 'openclaw-custodian'));
    }
    for (const scan of bundled) for (const s of scan.skills) bundledNames.add(s.name);
    const workshop = has(version, 'workshop-root')
      ? [load(path.join(resolveAgentDir(cfg, agentIdForRoots, stateDir, home), 'workshop-skills'), 'openclaw-workshop')]
      : [];
    const managed = load(managedSkillsDir, 'openclaw-managed');
    const osHome = env.HOME?.trim() || ctx.home;
    const defaultStateDir = !env.OPENCLAW_STATE_DIR?.trim() || path.resolve(stateDir) === path.resolve(home, '.openclaw');
    const personal = defaultStateDir ? [load(path.resolve(osHome, '.agents', 'skills'), 'agents-skills-personal')] : [];
    const project = load(path.resolve(workspaceDir, '.agents', 'skills'), 'agents-skills-project');
    const workspace = load(workspaceSkillsDir, 'openclaw-workspace');
    // The bundled tier is merged sorted by name, then source: for one name the custodian skill wins, as it does
    // merged after the bundled root (the final merge sorts by name anyway).
    scans.push(...extra, ...bundled, ...workshop, managed, ...personal, project, workspace);
  } else if (options.otherRoots !== false) {
    // Load order (and so log order) is OpenClaw's: bundled, extra, managed, personal, project, workspace.
    const bundledDir = bundledSkillsDir(env, ctx);
    const bundled = bundledDir ? [load(bundledDir, 'openclaw-bundled')] : [];
    for (const scan of bundled) for (const s of scan.skills) bundledNames.add(s.name);
    const extraRaw: unknown = cfg.skills?.load?.extraDirs ?? [];
    const extraDirs = (Array.isArray(extraRaw) ? extraRaw : []).map((d: unknown) => (typeof d === 'string' ? d.trim() : '')).filter(Boolean);
    const extra = [...extraDirs.map((d: string) => load(resolveUserPath(d, home), 'openclaw-extra')), ...pluginScans()];
    const managed = load(managedSkillsDir, 'openclaw-managed');
    const osHome = env.HOME?.trim() || ctx.home;
    const personal = load(path.resolve(osHome, '.agents', 'skills'), 'agents-skills-personal');
    const project = load(path.resolve(workspaceDir, '.agents', 'skills'), 'agents-skills-project');
    const workspace = load(workspaceSkillsDir, 'openclaw-workspace');
    // Merge order: extra < bundled < managed < personal < project < workspace.
    scans.push(...extra, ...bundled, managed, personal, project, workspace);
  } else {
    scans.push(load(workspaceSkillsDir, 'openclaw-workspace'));
  }

  const { merged, replaced } = mergeByName(scans, version, dctx);
  const mergedSet = new Set(merged);
  const replacedSet = new Set(replaced.map((r) => r.loser));
  const cut: LoadedSkill[] = [];
  for (const scan of scans) {
    for (const s of scan.skills) if (!mergedSet.has(s) && !replacedSet.has(s)) cut.push(s);
  }

  const entries: SkillEntry[] = merged.map((skill) => {
    const frontmatter = readEntryFrontmatter(skill, limits.maxSkillFileBytes, version, osHomeDir, view);
    return {
      ...skill,
      frontmatter,
      metadata: resolveEntryMetadata(frontmatter, skill.baseDir, version, view),
      invocation: resolveInvocationPolicy(frontmatter),
    };
  });

  const ectx: EligibilityContext = { config: cfg, env, platform: ctx.platform, bins: new BinaryLookup(env, ctx.platform), version };
  const gates = entries.map((e) => promptGate(e, ectx));
  const eligible = entries.filter((_, i) => gates[i] === null);

  // The agent run's skill allow-list (resolveEffectiveWorkspaceSkillFilter with the default agent).
  const agentId = resolveDefaultAgentId(cfg, version);
  const promptLimits = resolveAgentPromptLimits(limits, cfg, agentId, version);
  const skillFilter = resolveAgentSkillFilter(cfg, agentId, version);
  let allowed = eligible;
  if (skillFilter !== undefined) {
    // 2026.5.26–7.35 return before filtering when the allow-list is empty: neither line is logged.
    const quiet = skillFilter.length === 0 && has(version, 'empty-filter-early-return') && !has(version, 'prompt-limits-shorten');
    if (!quiet)
      logs.push({ subsystem: 'skills', level: 'debug', message: `Applying skill filter: ${skillFilter.length > 0 ? skillFilter.join(', ') : '(none)'}` });
    allowed = skillFilter.length > 0 ? eligible.filter((e) => skillFilter.includes(e.name)) : [];
    if (!quiet) logs.push({ subsystem: 'skills', level: 'debug', message: `After skill filter: ${allowed.map((e) => e.name).join(', ') || '(none)'}` });
  }
  const allowedSet = new Set(allowed);
  const candidates = allowed.filter((e) => !e.invocation.disableModelInvocation);
  // 2026.6.6–7.35 print each entry's `<version>`, a hash of its SKILL.md as read.
  const versioned = has(version, 'prompt-version-hash') && !has(version, 'prompt-version-hash-gone');
  const promptSkills = candidates.map((e) => ({
    name: e.name,
    description: e.description,
    filePath: compactPath(e.filePath),
    ...(versioned ? promptVersionField(e.filePath, view) : {}),
  }));
  const prompt = buildSkillsPrompt(promptSkills, promptLimits, version);
  const included = new Set(prompt.skills);
  const inPromptSet = new Set(candidates.filter((_, i) => included.has(promptSkills[i]!)));

  // From 2026.5.2 the status is for an agent (`buildWorkspaceSkillStatus`, chunk `status-BSyTpTh2.mjs`:
  // `resolveEffectiveAgentSkillFilter(config, agentId)`) and its report names both; before, for none.
  const forAgent = has(version, 'status-for-agent');
  const status: StatusReport = {
    version,
    workspaceDir,
    managedSkillsDir,
    ...(forAgent ? { agentId, agentSkillFilter: skillFilter } : {}),
    skills: entries.map((e) => buildSkillStatus(e, ectx, bundledNames, forAgent ? skillFilter : undefined)),
  };

  return {
    version,
    root: workspaceSkillsDir,
    workspaceDir,
    managedSkillsDir,
    agentId,
    config,
    limits: promptLimits,
    scans,
    traces,
    replaced,
    cut,
    entries: entries.map((entry, i) => ({
      entry,
      gate: gates[i] ?? null,
      runtimeEligible: allowedSet.has(entry),
      blockedByAgent: gates[i] === null && !allowedSet.has(entry),
      promptCandidate: allowedSet.has(entry) && !entry.invocation.disableModelInvocation,
      inPrompt: inPromptSet.has(entry),
      location: compactPath(entry.filePath),
    })),
    skillFilter,
    prompt,
    systemPromptSection: systemPromptSection(prompt.text, version),
    status,
    logs,
    compactPath,
    platform: ctx.platform,
    eligibility: ectx,
    plugins,
    fs: view,
    readCache,
  };
}
