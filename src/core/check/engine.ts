// The engine's front door: find skills, analyze them, evaluate them on this machine (optionally as one
// agent sees them), and shape the results the way the CLI's `check --json` prints them. The language server
// uses the same class, so the editor and the CLI cannot disagree.

import * as path from 'node:path';
import { analyzeSkill, type SkillAnalysis } from './analyze';
import { BinResolver, currentPathEnvironment, type PathEnvironment } from '../machine/binlookup';
import { type AnalysisCache, analyzeSkillFile, type OffThreadAnalyzer } from './cache';
import { type Catalog, categoryOf, type FileStamp, findSkills, readSkillText, type SkillIo, type SkillLocation } from '../skill/catalog';
import { ProbeRunner, type ProbeOptions } from '../machine/probe';
import { renderHermesIndex, renderXmlIndex } from './agentIndex';
import {
  type AgentDef,
  type AgentsFile,
  bareStatus,
  evaluateSkill,
  isVisible,
  type NexoFileChecks,
  newFileChecks,
  nexoSkillVerdict,
  type NexoStatus,
  NexoVersionCache,
  readAgentsConfig,
  renderBanner,
  renderContent,
  renderSystemBlock,
  resolveAgentSkill,
  type SystemBlockSkill,
} from '../runtimes/nexo';
import type { RuntimeSkillVerdict } from '../runtimes/types';
import { rustTrim } from '../skill/text';
import type { Diagnostic, GatingMode } from '../types';

export interface EntryDiagnostic {
  code: string;
  severity: Diagnostic['severity'];
  message: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

export interface EvaluatedSkill {
  location: SkillLocation;
  analysis: SkillAnalysis | null;
  status: NexoStatus;
  /** Folder name when found; for `not_found` agent entries, the listed name. */
  id: string;
}

export interface EngineOptions {
  /** Environment for env checks and probe processes (values are read, never printed). */
  env?: NodeJS.ProcessEnv;
  /** Extra PATH directories (the language server's `extraPath` setting). */
  extraPath?: readonly string[];
  /** false: nothing is spawned; version requirements are reported unknown. */
  probe?: boolean;
  notProbedReason?: string;
  probeOptions?: ProbeOptions;
  platform?: NodeJS.Platform;
  /** The runtime's working directory: relative `bins` paths resolve there, `${file:…}` references of an agents
   *  file too, and probes run there (default: this process's). */
  cwd?: string;
  /** Analyses kept across calls (and, with a folder, across runs); also decides the file-system calls. */
  cache?: AnalysisCache;
  /** How `analyzeFile` reads a SKILL.md without a cache (default `asyncIo`, libuv's thread pool). */
  io?: SkillIo;
  /** With `cache`: where `checkPaths` may have the files it must read analyzed meanwhile (the CLI's worker
   *  threads). Absent (the language server): everything is analyzed on the calling thread. */
  offThread?: OffThreadAnalyzer;
}

/** See `Engine.sharedChecks`. */
export interface SharedChecks {
  fileChecks: NexoFileChecks;
  gateEnv: Readonly<Record<string, string | undefined>>;
}

export class Engine {
  readonly resolver = new BinResolver();
  readonly runner: ProbeRunner | null;
  readonly env: NodeJS.ProcessEnv;
  pathEnv: PathEnvironment;
  private readonly options: EngineOptions;

  constructor(options: EngineOptions = {}) {
    this.options = options;
    this.env = options.env ?? process.env;
    this.pathEnv = currentPathEnvironment(options.extraPath ?? [], this.env);
    if (options.cwd !== undefined) this.pathEnv.cwd = options.cwd;
    this.runner =
      options.probe === false
        ? null
        : new ProbeRunner({ ...(options.cwd !== undefined ? { cwd: options.cwd } : {}), ...(options.probeOptions ?? {}), env: this.env });
  }

  dispose(): void {
    this.runner?.dispose();
  }

  /** Analyze text already in memory (the editor's unsaved buffer). */
  analyzeText(text: string, file: string): SkillAnalysis {
    return analyzeSkill(text, { dirName: path.basename(path.dirname(file)) });
  }

  /** `stamp`: the file's stat when the caller has it (the catalog's walk), so the cache need not stat it. */
  async analyzeFile(file: string, stamp?: FileStamp): Promise<SkillAnalysis> {
    if (this.options.cache) return this.options.cache.analyze(file, stamp);
    return analyzeSkillFile(await readSkillText(file, this.options.io), file);
  }

  /** `versionCache`: the nexo-rs process being emulated (default: a fresh one — the skill judged as if it were
   *  the first the runtime loads). */
  async evaluate(
    analysis: SkillAnalysis,
    modeOverride?: GatingMode,
    signal?: AbortSignal,
    versionCache?: NexoVersionCache,
    shared?: SharedChecks,
  ): Promise<NexoStatus> {
    return evaluateSkill(analysis, {
      env: this.env,
      resolver: this.resolver,
      pathEnv: this.pathEnv,
      runner: this.runner,
      ...(this.options.notProbedReason !== undefined ? { notProbedReason: this.options.notProbedReason } : { notProbedReason: 'probing is off (--no-probe)' }),
      ...(this.options.platform !== undefined ? { platform: this.options.platform } : {}),
      ...(modeOverride !== undefined ? { modeOverride } : {}),
      ...(signal !== undefined ? { signal } : {}),
      ...(versionCache !== undefined ? { versionCache } : {}),
      ...(shared !== undefined ? { fileChecks: shared.fileChecks, gateEnv: shared.gateEnv } : {}),
    });
  }

  /** What evaluations made together may share: one answer per binary path (PATH lookups are the same for
   *  every skill), and one copy of the environment with that PATH (this.env is often process.env, slow to
   *  copy). For one check, or one burst of evaluations: a binary installed later is only seen by a new one. */
  sharedChecks(): SharedChecks {
    return { fileChecks: newFileChecks(), gateEnv: { ...this.env, PATH: this.pathEnv.path } };
  }

  /** Every skill under the given paths (files, skill folders or roots), analyzed and evaluated.
   *  `onAnalyzed`: told of each skill as soon as its analysis is known (before it is evaluated), so a caller
   *  can start work that needs only the analysis (the CLI starts the tree runtimes' reports early).
   *  `known`: an analysis the caller already holds for the file as the walk found it (the language server's
   *  skills model, for an unchanged stamp), used instead of reading the file again. */
  async checkPaths(
    targets: readonly string[],
    signal?: AbortSignal,
    onAnalyzed?: (location: SkillLocation, analysis: SkillAnalysis) => void,
    known?: (location: SkillLocation) => SkillAnalysis | undefined,
  ): Promise<{ skills: EvaluatedSkill[]; catalogs: Catalog[] }> {
    const cache = this.options.cache;
    const catalogs = await Promise.all(targets.map((t) => findSkills(t, { ...(signal ? { signal } : {}), ...(cache ? { io: cache.io } : {}) })));
    const seen = new Set<string>();
    const locations: SkillLocation[] = [];
    for (const c of catalogs) {
      for (const s of c.skills) {
        if (seen.has(s.file)) continue;
        seen.add(s.file);
        locations.push(s);
      }
    }
    // Category, then folder name: the order people scan a tree in (and the order Hermes lists them).
    locations.sort((a, b) => cmp(a.category, b.category) || cmp(a.id, b.id) || cmp(a.file, b.file));
    await cache?.load(targets);
    // Analyzed in a spread order, each stretch of it sampling the whole tree: a runtime that judges a whole root
    // (Hermes, OpenClaw) is then known to apply after a few analyses, and its report started (onAnalyzed), rather
    // than after every skill of the folders sorted before its first one. The results keep the catalog's order.
    const order = spreadOrder(locations.length).map((i) => locations[i] as SkillLocation);
    // The files that must be read (those the walk could stat and the cache does not know): other threads
    // may read and analyze some of them meanwhile; everything else happens here, in the same order.
    const offThread =
      cache && this.options.offThread
        ? this.options.offThread.start(order.filter((l) => l.stamp && cache.wouldRead(l.file, l.stamp)).map((l) => l.file))
        : null;
    let skills: EvaluatedSkill[];
    const shared = this.sharedChecks();
    const position = new Map(locations.map((l, i) => [l, i]));
    try {
      const analyzed = await mapLimit(order, 16, async (location) => {
        const analysis =
          known?.(location) ?? (cache ? await cache.analyze(location.file, location.stamp, offThread) : await this.analyzeFile(location.file, location.stamp));
        onAnalyzed?.(location, analysis);
        const status = await this.evaluate(analysis, undefined, signal, undefined, shared);
        return { location, analysis, status, id: location.id };
      });
      skills = new Array<EvaluatedSkill>(locations.length);
      analyzed.forEach((s) => (skills[position.get(s.location) as number] = s));
    } finally {
      offThread?.close();
    }
    if (!signal?.aborted)
      await cache?.save(
        targets,
        locations.map((l) => l.file),
      );
    return { skills, catalogs };
  }

  /** The agent's skills in its order, as nexo-rs loads them: names trimmed and blank ones skipped, overrides
   *  applied, unlisted skills absent, missing ones `not_found`, versions cached across the agent's skills as
   *  in one runtime process (so the skills are judged one after the other, in the agent's order). Nothing
   *  when the runtime refuses the agents file (it starts no agent), nor when the agent's skills_dir is blank
   *  (the runtime injects no skill at all, `llm_behavior.rs:910-915`). */
  async checkAgent(agent: AgentDef, signal?: AbortSignal, analysisOf?: (file: string) => SkillAnalysis | undefined): Promise<EvaluatedSkill[]> {
    if (agent.fileError || rustTrim(agent.skillsDir) === '') return [];
    const versionCache = new NexoVersionCache();
    const out: EvaluatedSkill[] = [];
    for (const listed of agent.skills) {
      const name = rustTrim(listed);
      if (name === '') continue;
      const found = await resolveAgentSkill(agent, name);
      // The runtime looks the file up under skills_dir as written (`..` kept); the location we show and key
      // records by is the normalized path, as the catalog's walk gives it.
      const file = found === null ? null : path.resolve(found);
      const override = agent.overrides.get(name);
      if (!file) {
        const dir = path.join(agent.skillsDir, name);
        const location: SkillLocation = { id: name, dir, file: path.join(dir, 'SKILL.md'), root: agent.skillsDir, category: 'general' };
        out.push({ location, analysis: null, status: notFoundStatus(), id: name });
        continue;
      }
      const dir = path.dirname(file);
      const root = path.basename(path.dirname(dir)) === '__global__' ? path.dirname(path.dirname(dir)) : path.dirname(dir);
      const location: SkillLocation = { id: name, dir, file, root, category: categoryOf(root, dir) };
      // The caller may already hold the analysis (the language server: possibly of unsaved text).
      const analysis = analysisOf?.(path.resolve(file)) ?? (await this.analyzeFile(file));
      const status = await this.evaluate(analysis, override, signal, versionCache);
      out.push({ location, analysis, status, id: name });
    }
    return out;
  }

  /** The agent as nexo-rs starts it from this agents file: its `agents.d/` drop-ins merged (RULES.md §11),
   *  `${VAR}` placeholders read from the engine's environment. */
  async loadAgent(agentsFile: string, agentId: string): Promise<{ file: AgentsFile; agent: AgentDef | undefined }> {
    const file = await readAgentsConfig(agentsFile, {
      env: this.env,
      cwd: this.pathEnv.cwd,
      ...(this.options.platform !== undefined ? { platform: this.options.platform } : {}),
    });
    return { file, agent: file.agents.find((a) => a.id === agentId) };
  }
}

/** NotFound: the runtime reports mode strict whatever the agent's override (`load_many_with_status`). */
function notFoundStatus(): NexoStatus {
  return bareStatus('not_found', 'red', 'Listed by the agent, but no SKILL.md was found in its skills_dir.');
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** 0 … n−1 in an order that visits the range evenly from the start: steps of about 0.618 n (the golden ratio,
 *  made prime to n so every index comes once), so that any stretch of it samples the whole range. */
export function spreadOrder(n: number): number[] {
  if (n <= 2) return Array.from({ length: n }, (_, i) => i);
  let step = Math.max(1, Math.round(n * 0.6180339887));
  while (gcd(step, n) !== 1) step++;
  const out = new Array<number>(n);
  for (let k = 0, i = 0; k < n; k++, i = (i + step) % n) out[k] = i;
  return out;
}

function gcd(a: number, b: number): number {
  while (b) [a, b] = [b, a % b];
  return a;
}

async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** The name `check --json` reports: the authored `name`, else the one nexo-rs reads, else the folder. */
/** nexo-rs's verdict for a skill the engine evaluated (its gate ran in the evaluation), in the shared
 *  vocabulary. */
export function nexoVerdictOf(s: EvaluatedSkill): RuntimeSkillVerdict {
  return nexoSkillVerdict(s.status, { file: s.location.file, dir: s.location.dir, id: s.id, name: s.analysis?.displayName || s.id });
}

export function entryName(s: EvaluatedSkill): string {
  const authored = s.analysis?.data?.['name'];
  return typeof authored === 'string' && authored.trim() ? authored : (s.analysis?.nexo.name ?? s.id);
}

/** A finding as `check --json` prints it (offsets and fix data stay internal). */
export function entryDiagnostic(d: Diagnostic): EntryDiagnostic {
  return { code: d.code, severity: d.severity, message: d.message, line: d.line, column: d.column, endLine: d.endLine, endColumn: d.endColumn };
}

/** The banner for one evaluated skill ('' when none: loaded cleanly, or not loaded at all). */
export function bannerFor(s: EvaluatedSkill): string {
  if (s.status.verdict !== 'loaded_with_banner') return '';
  return renderBanner(s.id, s.status.missing);
}

/** Everything the model sees for one loaded skill: banner + blank line + body (max_chars applied). */
export function contentFor(s: EvaluatedSkill): string {
  const a = s.analysis;
  if (!a) return '';
  return renderContent(a.body, bannerFor(s), a.nexo.maxChars);
}

/** One loaded skill as nexo-rs's `# SKILLS` block places it: the heading (`name` as written, else the listed
 *  name), the description as written, the content (banner, body, max_chars cut). */
export function nexoBlockSkill(s: EvaluatedSkill): SystemBlockSkill {
  return { displayName: s.analysis?.nexo.name ?? s.id, description: s.analysis?.nexo.description ?? '', content: contentFor(s) };
}

export type AgentIndexFormat = 'hermes' | 'xml' | 'nexo';

export async function renderIndex(
  skills: readonly EvaluatedSkill[],
  format: AgentIndexFormat,
  categoryDescriptions: ReadonlyMap<string, string>,
): Promise<string> {
  const visible = skills.filter((s) => isVisible(s.status.verdict) && s.analysis);
  if (format === 'nexo') return renderSystemBlock(visible.map(nexoBlockSkill)) ?? '';
  if (format === 'xml') {
    const items = visible.map((s) => ({ name: indexName(s), description: indexDescription(s), location: path.resolve(s.location.file) }));
    items.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    return renderXmlIndex(items);
  }
  const descs = new Map<string, string>();
  for (const [category, file] of categoryDescriptions) {
    const a = await readCategoryDescription(file);
    if (a) descs.set(category, a);
  }
  return renderHermesIndex(
    visible.map((s) => ({ category: s.location.category, name: indexName(s), description: indexDescription(s) })),
    descs,
  );
}

function indexName(s: EvaluatedSkill): string {
  const n = s.analysis?.data?.['name'];
  return typeof n === 'string' && n.trim() ? n.trim() : s.id;
}

function indexDescription(s: EvaluatedSkill): string {
  const d = s.analysis?.data?.['description'];
  return typeof d === 'string' ? d : (s.analysis?.description ?? '');
}

async function readCategoryDescription(file: string): Promise<string | null> {
  const read = await readSkillText(file);
  if (read.text === null) return null;
  const a = analyzeSkill(read.text);
  const d = a.data?.['description'];
  return typeof d === 'string' ? d : null;
}

/** Merge category descriptions of several catalogs. */
export function mergeCategoryDescriptions(catalogs: readonly Catalog[]): Map<string, string> {
  const m = new Map<string, string>();
  for (const c of catalogs) for (const [k, v] of c.categoryDescriptions) if (!m.has(k)) m.set(k, v);
  return m;
}
