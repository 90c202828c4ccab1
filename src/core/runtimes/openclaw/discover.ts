// Where OpenClaw finds skills and which folders become skills (RULES.md §1-2; src/agents/skills/workspace.ts and
// src/agents/skills/local-loader.ts at 8f8492d1).
//
// Per root: a nested `<root>/skills` holding `*/SKILL.md` becomes the root; a `<root>/SKILL.md` makes the root
// one skill (and, when that file has no description, its immediate sub-folders are loaded instead, sorted with
// localeCompare); otherwise the immediate sub-folders (symlinks to folders followed, `.`-names and
// `node_modules` skipped) are sorted by UTF-16 code units and cut to `maxSkillsLoadedPerSource` BEFORE loading.
// Every folder and SKILL.md must resolve inside the root (else a warning is logged), a SKILL.md over the byte cap
// is skipped with a warning, and the file is read with symlink rejection. Roots are merged by skill name, later
// roots and later folders replacing earlier ones while keeping the first position.
//
// 2026.9.6 (src/skills/loading/skill-root-discovery.ts, skill-root-loader.ts, skill-precedence.ts; dist chunks
// `skill-root-discovery-*.mjs` discoverSkillCandidates / resolveNestedSkillsRoot, `plugin-skills-*.mjs`
// loadSkillRootRecords, `workspace-skill-loader-*.mjs` mergeSkillRecords) discovers differently (loadRoot96):
// a folder without SKILL.md is a group searched breadth first up to 6 levels down (2 for a configured extra
// folder); `<root>/skills` becomes the root only when nothing else in the root holds a skill; a root SKILL.md
// without description loads nothing; top-level folders are cut to `maxCandidatesPerRoot` (not
// `maxSkillsLoadedPerSource`), the candidates are loaded in name order until `maxSkillsLoadedPerSource` loaded;
// `skills.load.allowSymlinkTargets` lets links of the workspace, extra and project roots leave the root; managed
// and ~/.agents skills are not held inside their root and are shown by their real path; a folder that does not
// load is logged ("Skipping invalid skill."); the merge by name ends sorted by name.
//
// Besides OpenClaw's own result, every decision is traced per folder, so the profile can say why a folder
// produced no skill (OpenClaw itself logs only the two warnings).

import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseFrontmatter } from './frontmatter';
import { resolveInvocationPolicy } from './metadata';
import { FsView, joinerIn, UncachedFsView } from '../../machine/fsview';
import {
  carryLoadedFrontmatter,
  isPathInside,
  isRealPathInside,
  isSymlinkPath,
  loadSingleSkillDirectory96,
  loadSkillFile96,
  readSkillFileSync,
  tryRealpath,
  type ReadFailure,
} from './read';
import type { SkillsLimits } from './config';
import { has, type OpenClawVersion } from './versions';

export type SkillSource =
  | 'openclaw-extra'
  | 'openclaw-bundled'
  | 'openclaw-custodian'
  | 'openclaw-workshop'
  | 'openclaw-managed'
  | 'agents-skills-personal'
  | 'agents-skills-project'
  | 'openclaw-workspace';

/** A skill as OpenClaw's loader returns it. */
export interface LoadedSkill {
  name: string;
  description: string;
  /** Absolute path of the SKILL.md as OpenClaw shows it (not the real path). */
  filePath: string;
  baseDir: string;
  source: SkillSource;
  disableModelInvocation: boolean;
}

export interface LogRecord {
  subsystem: 'skills';
  level: 'warn' | 'debug';
  message: string;
  meta?: Record<string, unknown>;
}

/** Why a folder produced no skill, as observed while emulating (never an OpenClaw message). */
export type FolderFate =
  | { kind: 'loaded' }
  | { kind: 'ignored-name' }
  | { kind: 'beyond-limit'; limit: number }
  | { kind: 'escapes-root'; realPath: string }
  | { kind: 'no-skill-md' }
  | { kind: 'oversized'; size: number; limit: number }
  | { kind: 'unreadable'; reason: ReadFailure }
  | { kind: 'no-description' }
  | { kind: 'not-scanned-nested-root'; nestedRoot: string }
  | { kind: 'not-scanned-root-skill'; rootSkillFile: string }
  | { kind: 'is-nested-root' };

export interface FolderTrace {
  /** The folder as OpenClaw names it (joined, not real). */
  dir: string;
  source: SkillSource;
  fate: FolderFate;
}

export interface RootScan {
  source: SkillSource;
  dir: string;
  baseDir: string;
  nestedRoot: boolean;
  rootIsSkill: boolean;
  skills: LoadedSkill[];
}

export interface DiscoveryContext {
  limits: SkillsLimits;
  logs: LogRecord[];
  traces: FolderTrace[];
  /** Turns a path into what OpenClaw prints in console messages (`~/` for the home). */
  compactPath: (p: string) => string;
  /** The release emulated (default: the baseline); reading a SKILL.md follows it (read.ts). */
  version?: OpenClawVersion;
  /** The OpenClaw process's `os.homedir()` (2026.9.6 writes it `~` in its read diagnostics). */
  home?: string;
  /** 2026.9.6: the real paths of `skills.load.allowSymlinkTargets`. */
  allowedSymlinkTargets?: readonly string[];
  /** The run's view of the file system (fsview.ts); without one every question goes to the system. */
  fs?: FsView;
}

const DIRECT = new UncachedFsView();

function viewOf(ctx: { fs?: FsView }): FsView {
  return ctx.fs ?? DIRECT;
}

/** Immediate sub-folders, symlinks to folders included, `.`-names and node_modules skipped, in readdir order. */
export function listChildDirectories(dir: string): string[] {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  const dirs: string[] = [];
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue;
    if (entry.name === 'node_modules') continue;
    if (entry.isDirectory()) {
      dirs.push(entry.name);
      continue;
    }
    if (entry.isSymbolicLink()) {
      try {
        if (fs.statSync(path.join(dir, entry.name)).isDirectory()) dirs.push(entry.name);
      } catch {
        // a broken or looping symlink is not a folder
      }
    }
  }
  return dirs;
}

function existsSync(p: string): boolean {
  try {
    return fs.existsSync(p);
  } catch {
    return false;
  }
}

function warnEscaped(
  ctx: DiscoveryContext,
  p: { source: SkillSource; rootDir: string; rootRealPath: string; candidatePath: string; candidateRealPath: string },
): void {
  const isLink = isSymlinkPath(p.candidatePath);
  const bundled = p.source === 'openclaw-bundled';
  const reason = isLink ? (bundled ? 'bundled-symlink-escape' : 'symlink-escape') : bundled ? 'bundled-root-escape' : 'path-escape';
  const hint = bundled ? `reason=${reason} hint=likely-stray-local-symlink-or-checkout-mutation` : `reason=${reason}`;
  const rootResolved = path.resolve(p.rootDir) === p.rootRealPath ? '' : ` rootResolved=${ctx.compactPath(p.rootRealPath)}`;
  ctx.logs.push({
    subsystem: 'skills',
    level: 'warn',
    message: 'Skipping escaped skill path outside its configured root.',
    meta: {
      source: p.source,
      rootDir: p.rootDir,
      rootRealPath: p.rootRealPath,
      path: p.candidatePath,
      realPath: p.candidateRealPath,
      reason,
      consoleMessage:
        `Skipping escaped skill path outside its configured root: source=${p.source} root=${ctx.compactPath(p.rootDir)}${rootResolved} ` +
        `${hint} requested=${ctx.compactPath(p.candidatePath)} resolved=${ctx.compactPath(p.candidateRealPath)}`,
    },
  });
}

/** `resolveContainedSkillPath`: the real path when it is inside the root; a path that does not resolve is
 *  skipped silently, one that escapes is skipped with the warning. */
function contained(ctx: DiscoveryContext, source: SkillSource, rootDir: string, rootRealPath: string, candidatePath: string): string | null {
  const candidateRealPath = tryRealpath(candidatePath);
  if (!candidateRealPath) return null;
  if (isPathInside(rootRealPath, candidateRealPath)) return candidateRealPath;
  warnEscaped(ctx, { source, rootDir, rootRealPath, candidatePath: path.resolve(candidatePath), candidateRealPath });
  return null;
}

/** 2026.9.6's `warnInvalidSkill` (plugin-skills-*.mjs): a folder whose SKILL.md does not load is logged. */
function warnInvalidSkill(ctx: DiscoveryContext, source: SkillSource, filePath: string, error: string): void {
  if (!has(ctx.version, 'invalid-skill-warnings')) return;
  ctx.logs.push({
    subsystem: 'skills',
    level: 'warn',
    message: 'Skipping invalid skill.',
    meta: { source, filePath, error, consoleMessage: `Skipping invalid skill: file=${ctx.compactPath(filePath)} error=${error}` },
  });
}

/** `loadSingleSkillDirectory`: the SKILL.md read safely and parsed; a name (frontmatter `name` trimmed, else
 *  the folder name) and a trimmed non-empty description are required. */
function loadSingleSkillDirectory(ctx: DiscoveryContext, skillDir: string, source: SkillSource, rootRealPath: string): LoadedSkill | null {
  if (has(ctx.version, 'skill-file-in-folder')) return loadSingleSkillDirectory96(ctx, skillDir, source);
  const skillFilePath = path.join(skillDir, 'SKILL.md');
  const read = readSkillFileSync(rootRealPath, skillFilePath, ctx.limits.maxSkillFileBytes);
  if (!read.ok) {
    if (read.reason !== 'path') ctx.traces.push({ dir: skillDir, source, fate: { kind: 'unreadable', reason: read.reason } });
    else if (!existsSync(skillFilePath)) ctx.traces.push({ dir: skillDir, source, fate: { kind: 'no-skill-md' } });
    else ctx.traces.push({ dir: skillDir, source, fate: { kind: 'unreadable', reason: read.reason } });
    return null;
  }
  let frontmatter: Record<string, string>;
  try {
    frontmatter = parseFrontmatter(read.text, ctx.version);
  } catch (err) {
    ctx.traces.push({ dir: skillDir, source, fate: { kind: 'no-description' } });
    warnInvalidSkill(ctx, source, skillFilePath, err instanceof Error ? err.message : 'failed to parse skill frontmatter');
    return null;
  }
  const fallbackName = path.basename(skillDir).trim();
  const name = frontmatter.name?.trim() || fallbackName;
  const description = frontmatter.description?.trim();
  if (!name || !description) {
    ctx.traces.push({ dir: skillDir, source, fate: { kind: 'no-description' } });
    warnInvalidSkill(ctx, source, skillFilePath, !name ? 'name is required' : 'description is required');
    return null;
  }
  return {
    name,
    description,
    filePath: path.resolve(skillFilePath),
    baseDir: path.resolve(skillDir),
    source,
    disableModelInvocation: resolveInvocationPolicy(frontmatter).disableModelInvocation,
  };
}

/** `listCandidateSkillDirs`: real folders only (a symlink is not followed here), sorted with localeCompare. */
function listCandidateSkillDirs(dir: string): string[] {
  try {
    return fs
      .readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.isDirectory() && !e.name.startsWith('.') && e.name !== 'node_modules')
      .map((e) => path.join(dir, e.name))
      .sort((a, b) => a.localeCompare(b));
  } catch {
    return [];
  }
}

/** `loadSkillsFromDirSafe`: the folder itself as one skill, or else its immediate sub-folders. */
function loadSkillsFromDirSafe(ctx: DiscoveryContext, dir: string, source: SkillSource): LoadedSkill[] {
  const rootDir = path.resolve(dir);
  const rootRealPath = tryRealpath(rootDir);
  if (!rootRealPath) return [];
  const rootSkill = loadSingleSkillDirectory(ctx, rootDir, source, rootRealPath);
  if (rootSkill) return [rootSkill];
  const out: LoadedSkill[] = [];
  for (const child of listCandidateSkillDirs(rootDir)) {
    const skill = loadSingleSkillDirectory(ctx, child, source, rootRealPath);
    if (skill) out.push(skill);
  }
  return out;
}

/** `filterLoadedSkillsInsideRoot`: folder and file must resolve inside the root. */
function filterInsideRoot(ctx: DiscoveryContext, skills: LoadedSkill[], source: SkillSource, rootDir: string, rootRealPath: string): LoadedSkill[] {
  return skills.filter((skill) => {
    if (!contained(ctx, source, rootDir, rootRealPath, skill.baseDir)) return false;
    return Boolean(contained(ctx, source, rootDir, rootRealPath, skill.filePath));
  });
}

/** `<dir>/skills` when it is a folder (both releases look there for a nested skills root), else null. */
function nestedSkillsFolder(dir: string): string | null {
  const nested = path.join(dir, 'skills');
  try {
    return fs.statSync(nested).isDirectory() ? nested : null;
  } catch {
    return null;
  }
}

/** `resolveNestedSkillsRoot`: `<dir>/skills` becomes the root when one of its first `maxEntries` sub-folders
 *  (in readdir order) holds a SKILL.md. */
function resolveNestedSkillsRoot(dir: string, maxEntries: number): string {
  const nested = nestedSkillsFolder(dir);
  if (!nested) return dir;
  const scanLimit = Math.max(0, maxEntries);
  const names = listChildDirectories(nested);
  const toScan = scanLimit === 0 ? [] : names.slice(0, Math.min(names.length, scanLimit));
  for (const name of toScan) {
    if (existsSync(path.join(nested, name, 'SKILL.md'))) return nested;
  }
  return dir;
}

/**
 * OpenClaw's `loadSkills({ dir, source })` for one root. The walk went through four forms:
 *  - up to 2026.4.27 the one below: a root SKILL.md without a description lets the sub-folders load, and a
 *    folder without SKILL.md holds nothing;
 *  - 2026.4.29–5.27 (loadRootGrouped): a root SKILL.md loads alone or nothing, and a folder without SKILL.md is a
 *    group one level deep;
 *  - from 2026.5.28 groups six levels deep (loadRoot96), a nested `skills` root chosen by probing for a SKILL.md
 *    that loads and a SKILL.md found by `existsSync` up to 2026.7.35, by `lstat` (a broken link counts) from 8.1.
 */
export function loadRoot(ctx: DiscoveryContext, dir: string, source: SkillSource): RootScan {
  if (has(ctx.version, 'deep-grouped-folders')) return loadRoot96(ctx, dir, source);
  if (has(ctx.version, 'root-skill-needs-description')) return loadRootGrouped(ctx, dir, source);
  const limits = ctx.limits;
  const rootDir = path.resolve(dir);
  const rootRealPath = tryRealpath(rootDir) ?? rootDir;
  const baseDir = resolveNestedSkillsRoot(dir, limits.maxCandidatesPerRoot);
  const scan: RootScan = {
    source,
    dir: rootDir,
    baseDir: path.resolve(baseDir),
    nestedRoot: path.resolve(baseDir) !== rootDir,
    rootIsSkill: false,
    skills: [],
  };
  if (scan.nestedRoot) {
    ctx.traces.push({ dir: baseDir, source, fate: { kind: 'is-nested-root' } });
    for (const name of listChildDirectories(rootDir)) {
      if (path.join(rootDir, name) !== path.resolve(baseDir)) {
        ctx.traces.push({ dir: path.join(rootDir, name), source, fate: { kind: 'not-scanned-nested-root', nestedRoot: baseDir } });
      }
    }
  }
  const baseDirRealPath = contained(ctx, source, rootDir, rootRealPath, baseDir);
  if (!baseDirRealPath) return scan;

  const rootSkillMd = path.join(baseDir, 'SKILL.md');
  if (existsSync(rootSkillMd)) {
    scan.rootIsSkill = true;
    const rootSkillRealPath = contained(ctx, source, rootDir, baseDirRealPath, rootSkillMd);
    if (!rootSkillRealPath) return scan;
    try {
      const size = fs.statSync(rootSkillRealPath).size;
      if (size > limits.maxSkillFileBytes) {
        ctx.logs.push({
          subsystem: 'skills',
          level: 'warn',
          message: 'Skipping skills root due to oversized SKILL.md.',
          meta: { dir: baseDir, filePath: rootSkillMd, size, maxSkillFileBytes: limits.maxSkillFileBytes },
        });
        ctx.traces.push({ dir: baseDir, source, fate: { kind: 'oversized', size, limit: limits.maxSkillFileBytes } });
        return scan;
      }
    } catch {
      return scan;
    }
    scan.skills = filterInsideRoot(ctx, loadSkillsFromDirSafe(ctx, baseDir, source), source, rootDir, baseDirRealPath);
    // When the root SKILL.md became the skill, no sub-folder was looked at; when it did not (no description),
    // the loader went through the real sub-folders, and only symlinked ones stayed unseen.
    const rootLoaded = scan.skills.some((s) => s.baseDir === path.resolve(baseDir));
    for (const name of listChildDirectories(baseDir)) {
      const child = path.join(baseDir, name);
      if (rootLoaded || isSymlinkPath(child)) {
        ctx.traces.push({ dir: child, source, fate: { kind: 'not-scanned-root-skill', rootSkillFile: rootSkillMd } });
      }
    }
    return scan;
  }

  const childDirs = listChildDirectories(baseDir);
  const suspicious = childDirs.length > limits.maxCandidatesPerRoot;
  const maxCandidates = Math.max(0, limits.maxSkillsLoadedPerSource);
  // Plain `Array.sort()`: UTF-16 code units (digits < upper case < `_` < lower case).
  const sorted = childDirs.slice().sort();
  const limited = sorted.slice(0, maxCandidates);
  for (const name of sorted.slice(maxCandidates)) {
    ctx.traces.push({ dir: path.join(baseDir, name), source, fate: { kind: 'beyond-limit', limit: maxCandidates } });
  }
  if (suspicious) {
    ctx.logs.push({
      subsystem: 'skills',
      level: 'warn',
      message: 'Skills root looks suspiciously large, truncating discovery.',
      meta: {
        dir,
        baseDir,
        childDirCount: childDirs.length,
        maxCandidatesPerRoot: limits.maxCandidatesPerRoot,
        maxSkillsLoadedPerSource: limits.maxSkillsLoadedPerSource,
      },
    });
  } else if (childDirs.length > maxCandidates) {
    ctx.logs.push({
      subsystem: 'skills',
      level: 'warn',
      message: 'Skills root has many entries, truncating discovery.',
      meta: { dir, baseDir, childDirCount: childDirs.length, maxSkillsLoadedPerSource: limits.maxSkillsLoadedPerSource },
    });
  }

  const loaded: LoadedSkill[] = [];
  for (let i = 0; i < limited.length; i++) {
    const name = limited[i] ?? '';
    const skillDir = path.join(baseDir, name);
    const skillDirRealPath = contained(ctx, source, rootDir, baseDirRealPath, skillDir);
    if (!skillDirRealPath) {
      const real = tryRealpath(skillDir);
      if (real) ctx.traces.push({ dir: skillDir, source, fate: { kind: 'escapes-root', realPath: real } });
      continue;
    }
    const skillMd = path.join(skillDir, 'SKILL.md');
    if (!existsSync(skillMd)) {
      ctx.traces.push({ dir: skillDir, source, fate: { kind: 'no-skill-md' } });
      continue;
    }
    const skillMdRealPath = contained(ctx, source, rootDir, baseDirRealPath, skillMd);
    if (!skillMdRealPath) {
      const real = tryRealpath(skillMd);
      if (real) ctx.traces.push({ dir: skillDir, source, fate: { kind: 'escapes-root', realPath: real } });
      continue;
    }
    try {
      const size = fs.statSync(skillMdRealPath).size;
      if (size > limits.maxSkillFileBytes) {
        ctx.logs.push({
          subsystem: 'skills',
          level: 'warn',
          message: 'Skipping skill due to oversized SKILL.md.',
          meta: { skill: name, filePath: skillMd, size, maxSkillFileBytes: limits.maxSkillFileBytes },
        });
        ctx.traces.push({ dir: skillDir, source, fate: { kind: 'oversized', size, limit: limits.maxSkillFileBytes } });
        continue;
      }
    } catch {
      continue;
    }
    loaded.push(...filterInsideRoot(ctx, loadSkillsFromDirSafe(ctx, skillDir, source), source, rootDir, baseDirRealPath));
    if (loaded.length >= limits.maxSkillsLoadedPerSource) {
      for (const rest of limited.slice(i + 1)) {
        ctx.traces.push({ dir: path.join(baseDir, rest), source, fate: { kind: 'beyond-limit', limit: limits.maxSkillsLoadedPerSource } });
      }
      break;
    }
  }
  scan.skills =
    loaded.length > limits.maxSkillsLoadedPerSource
      ? loaded
          .slice()
          .sort((a, b) => a.name.localeCompare(b.name))
          .slice(0, limits.maxSkillsLoadedPerSource)
      : loaded;
  return scan;
}

function realOrSelf(view: FsView, p: string): string {
  return view.realpath(p) ?? p;
}

function readOrNull(p: string): Buffer | null {
  try {
    return fs.readFileSync(p);
  } catch {
    return null;
  }
}

/** `warnSkillPrecedenceCollision` (from 2026.8.1; workspace-skill-loader-*.mjs mergeSkillRecords): a skill
 *  replaced by one of the same name from another file is logged; from 2026.9.6 not when both files have the
 *  same content, name, description and invocation flag. */
function warnPrecedenceCollision(
  ctx: Pick<DiscoveryContext, 'logs' | 'compactPath' | 'fs'>,
  winner: LoadedSkill,
  loser: LoadedSkill,
  sameContentQuiet: boolean,
): void {
  const view = viewOf(ctx);
  if (realOrSelf(view, winner.filePath) === realOrSelf(view, loser.filePath)) return;
  if (!sameContentQuiet) return pushCollision(ctx, winner, loser);
  const a = readOrNull(winner.filePath);
  const b = readOrNull(loser.filePath);
  const sameContent = a !== null && b !== null && a.equals(b);
  if (sameContent && winner.description === loser.description && winner.disableModelInvocation === loser.disableModelInvocation) return;
  pushCollision(ctx, winner, loser);
}

function pushCollision(ctx: Pick<DiscoveryContext, 'logs' | 'compactPath'>, winner: LoadedSkill, loser: LoadedSkill): void {
  const name = winner.name.slice(0, 128);
  ctx.logs.push({
    subsystem: 'skills',
    level: 'warn',
    message: 'Skill precedence collision resolved.',
    meta: {
      skill: name,
      winnerSource: winner.source,
      loserSource: loser.source,
      winnerPath: winner.filePath,
      loserPath: loser.filePath,
      consoleMessage: `Skill precedence collision: skill="${name}" winner=${winner.source}:${ctx.compactPath(winner.filePath)} loser=${loser.source}:${ctx.compactPath(loser.filePath)}`,
    },
  });
}

/** Skills merged by name in root order: a later root or folder replaces an earlier one but keeps its slot; from
 *  2026.9.6 the result is sorted by name (workspace-skill-loader-*.mjs mergeSkillRecords, `localeCompare(b,
 *  'en')`). */
export function mergeByName(
  scans: RootScan[],
  version: OpenClawVersion = '2026.4.12',
  ctx?: Pick<DiscoveryContext, 'logs' | 'compactPath' | 'fs'>,
): { merged: LoadedSkill[]; replaced: Array<{ loser: LoadedSkill; winner: LoadedSkill }> } {
  const map = new Map<string, LoadedSkill>();
  const replaced: Array<{ loser: LoadedSkill; winner: LoadedSkill }> = [];
  for (const scan of scans) {
    for (const skill of scan.skills) {
      const previous = map.get(skill.name);
      if (previous) replaced.push({ loser: previous, winner: skill });
      if (previous && ctx && has(version, 'invalid-skill-warnings'))
        warnPrecedenceCollision(ctx, skill, previous, has(version, 'collision-same-content-quiet'));
      map.set(skill.name, skill);
    }
  }
  // A loser replaced again later points at the final winner.
  const final = (s: LoadedSkill): LoadedSkill => map.get(s.name) ?? s;
  const merged = [...map.values()];
  if (has(version, 'prompt-sorted-by-name')) merged.sort((a, b) => a.name.localeCompare(b.name, 'en'));
  return { merged, replaced: replaced.map((r) => ({ loser: r.loser, winner: final(r.winner) })) };
}

// ---- 2026.9.6 (skill-root-discovery-*.mjs, plugin-skills-*.mjs loadSkillRootRecords) ---------------------------

const MAX_GROUPED_SKILL_SCAN_DEPTH = 6;
const MAX_CONFIGURED_ROOT_GROUPED_SKILL_SCAN_DEPTH = 2;

/** `resolveRawEntryScanLimit`: how many raw entries one folder listing reads. */
function rawEntryScanLimit(maxCandidateDirs: number): number {
  if (maxCandidateDirs <= 0) return 0;
  return Math.min(10_000, Math.max(1_000, maxCandidateDirs * 10));
}

interface DiscoveryBudget {
  remainingDirectoryScans: number;
  remainingRawEntries: number;
  truncated: boolean;
}

/** `createSkillDiscoveryBudget`. */
function createBudget(maxCandidateDirs: number): DiscoveryBudget {
  const n = Math.max(0, maxCandidateDirs);
  return { remainingDirectoryScans: n * MAX_GROUPED_SKILL_SCAN_DEPTH, remainingRawEntries: rawEntryScanLimit(n) * (n + 1), truncated: false };
}

/** 2026.9.6's `listChildDirectories` (a one-level `walkDirectorySync`): folders and links to folders (links
 *  skipped with `followSymlinks: false`), `.`-names and node_modules left out, at most the raw-entry limit read
 *  (`truncated` when there were more), within the budget. */
function listChildDirs96(
  view: FsView,
  dir: string,
  opts: { budget?: DiscoveryBudget; followSymlinks?: boolean; maxCandidateDirs: number },
): { dirs: string[]; scannedEntryCount: number; truncated: boolean } {
  const { budget } = opts;
  if (budget && (budget.remainingDirectoryScans <= 0 || budget.remainingRawEntries <= 0)) {
    budget.truncated = true;
    return { dirs: [], scannedEntryCount: 0, truncated: false };
  }
  if (budget) budget.remainingDirectoryScans -= 1;
  const rawLimit = rawEntryScanLimit(opts.maxCandidateDirs);
  const maxEntries = budget ? Math.min(rawLimit, budget.remainingRawEntries) : rawLimit;
  const entries = view.listDir(dir) ?? [];
  const dirs: string[] = [];
  let scanned = 0;
  let truncated = false;
  for (const entry of entries) {
    if (scanned >= Math.max(0, maxEntries)) {
      truncated = true;
      break;
    }
    scanned += 1;
    const isLink = entry.isSymbolicLink();
    if (isLink && opts.followSymlinks === false) continue;
    if (!(entry.isDirectory() || isLink) || entry.name.startsWith('.') || entry.name === 'node_modules') continue;
    if (entry.isDirectory()) {
      dirs.push(entry.name);
      continue;
    }
    try {
      if (view.stat(path.join(dir, entry.name)).isDirectory()) dirs.push(entry.name);
    } catch {
      // a broken or looping link is not a folder
    }
  }
  if (budget) {
    budget.remainingRawEntries = Math.max(0, budget.remainingRawEntries - scanned);
    budget.truncated ||= truncated;
  }
  return { dirs, scannedEntryCount: scanned, truncated };
}

/** `hasSkillFileCandidate`: something named SKILL.md is there (lstat; a broken link counts). */
function hasSkillFileCandidate(view: FsView, skillDir: string): boolean {
  try {
    view.lstatIn(skillDir, 'SKILL.md');
    return true;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return code !== 'ENOENT' && code !== 'ENOTDIR';
  }
}

/** `hasCandidateSymlinkChild`: a link among the first entries (`.`-names, node_modules and `skipName` aside). */
function hasCandidateSymlinkChild(dir: string, skipName: string | undefined, maxEntriesToScan: number): boolean {
  const maxEntries = Math.max(0, maxEntriesToScan);
  if (maxEntries === 0) return false;
  let handle: fs.Dir | undefined;
  try {
    handle = fs.opendirSync(dir);
    for (let scanned = 0; scanned < maxEntries; scanned += 1) {
      const entry = handle.readSync();
      if (!entry) break;
      if (entry.name === skipName || entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      if (entry.isSymbolicLink()) return true;
    }
  } catch {
    return false;
  } finally {
    handle?.closeSync();
  }
  return false;
}

/** `containsDiscoverableSkill`: a SKILL.md (or a link) somewhere below `dir`, up to 6 levels, `skipTopLevelDirName`
 *  aside. 2026.5.28–7.35 (`loadable` given) count a SKILL.md only when it loads, and do not look below one. */
function containsDiscoverableSkill(
  view: FsView,
  dir: string,
  maxCandidateDirs: number,
  skipTopLevelDirName: string,
  loadable?: (skillDir: string) => boolean,
): boolean {
  const budget = createBudget(maxCandidateDirs);
  const queue = [{ dir, depth: 0 }];
  for (const candidate of queue) {
    if (candidate.depth > 0 && loadable && existsSync(path.join(candidate.dir, 'SKILL.md'))) {
      if (loadable(candidate.dir)) return true;
      continue;
    }
    if (candidate.depth > 0 && !loadable && hasSkillFileCandidate(view, candidate.dir)) return true;
    if (candidate.depth >= MAX_GROUPED_SKILL_SCAN_DEPTH) continue;
    const skip = candidate.depth === 0 ? skipTopLevelDirName : undefined;
    if (hasCandidateSymlinkChild(candidate.dir, skip, rawEntryScanLimit(maxCandidateDirs))) return true;
    const children = listChildDirs96(view, candidate.dir, { budget, followSymlinks: false, maxCandidateDirs }).dirs;
    for (const child of children.slice().sort().slice(0, maxCandidateDirs)) {
      if (candidate.depth === 0 && child === skipTopLevelDirName) continue;
      queue.push({ dir: path.join(candidate.dir, child), depth: candidate.depth + 1 });
    }
  }
  return false;
}

/** 2026.9.6's `resolveNestedSkillsRoot`: `<dir>/skills` becomes the root only when `dir` has a SKILL.md or
 *  nothing else in `dir` holds a skill, and a SKILL.md lies in `<dir>/skills` or up to 6 levels below. */
function resolveNestedSkillsRoot96(view: FsView, dir: string, maxEntriesToScan: number, loadable?: (skillDir: string) => boolean): string {
  // 2026.5.28–7.35 (`loadable` given): a root whose SKILL.md loads is its own root; the nested root is the first
  // folder below `<dir>/skills` whose SKILL.md loads.
  if (loadable && existsSync(path.join(dir, 'SKILL.md')) && loadable(dir)) return dir;
  const nested = nestedSkillsFolder(dir);
  if (!nested) return dir;
  const scanLimit = Math.max(0, maxEntriesToScan);
  const rootHasSkillFile = loadable ? existsSync(path.join(dir, 'SKILL.md')) : hasSkillFileCandidate(view, dir);
  if (!rootHasSkillFile && containsDiscoverableSkill(view, dir, scanLimit, 'skills', loadable)) return dir;
  const budget = createBudget(scanLimit);
  const queue = [{ dir: nested, depth: 0 }];
  for (const candidate of queue) {
    if (loadable ? existsSync(path.join(candidate.dir, 'SKILL.md')) && loadable(candidate.dir) : hasSkillFileCandidate(view, candidate.dir)) return nested;
    if (candidate.depth >= MAX_GROUPED_SKILL_SCAN_DEPTH) continue;
    const children = listChildDirs96(view, candidate.dir, { budget, followSymlinks: false, maxCandidateDirs: scanLimit }).dirs;
    for (const child of children.slice().sort().slice(0, scanLimit)) queue.push({ dir: path.join(candidate.dir, child), depth: candidate.depth + 1 });
  }
  return dir;
}

/** Managed and ~/.agents skills are not held inside their root (`shouldEnforceConfiguredSkillRootContainment`). */
function enforcesContainment(source: SkillSource): boolean {
  return source !== 'openclaw-managed' && source !== 'agents-skills-personal';
}

/** `resolveContainedSkillPath` with `skills.load.allowSymlinkTargets` (workspace, extra and project roots). */
function contained96(
  ctx: DiscoveryContext,
  source: SkillSource,
  rootDir: string,
  rootRealPath: string,
  candidatePath: string,
  allowTargets: boolean,
): string | null {
  const candidateRealPath = viewOf(ctx).realpath(candidatePath);
  if (!candidateRealPath) return null;
  // The root's real path comes from realpath too (every caller's does).
  if (isRealPathInside(rootRealPath, candidateRealPath)) return candidateRealPath;
  if (allowTargets && (ctx.allowedSymlinkTargets ?? []).some((t) => isPathInside(path.resolve(t), path.resolve(candidateRealPath)))) {
    return candidateRealPath;
  }
  warnEscaped(ctx, { source, rootDir, rootRealPath, candidatePath: path.resolve(candidatePath), candidateRealPath });
  return null;
}

/** `resolveSkillRootCandidatePath`: inside the root's real path, or inside an allowed symlink target (from
 *  2026.5.12; every root up to 2026.5.17, then the workspace, extra and project roots); from 2026.5.18 managed
 *  and ~/.agents skills are not held inside their root. */
function rootCandidatePath(ctx: DiscoveryContext, source: SkillSource, rootDir: string, rootRealPath: string, candidatePath: string): string | null {
  const bySource = has(ctx.version, 'containment-by-source');
  if (bySource && !enforcesContainment(source)) return viewOf(ctx).realpath(candidatePath);
  const allowTargets =
    has(ctx.version, 'allow-symlink-targets') &&
    (!bySource || source === 'openclaw-workspace' || source === 'openclaw-extra' || source === 'agents-skills-project');
  return contained96(ctx, source, rootDir, rootRealPath, candidatePath, allowTargets);
}

/** The SKILL.md of a candidate folder is acceptable: from 2026.5.18 inside its own folder (skillFileAccepted),
 *  before inside the root (as the folder itself). */
function skillFileOk(ctx: DiscoveryContext, source: SkillSource, rootDir: string, rootRealPath: string, skillDir: string, skillDirRealPath: string): boolean {
  if (has(ctx.version, 'containment-by-source')) return skillFileAccepted(ctx, source, skillDir, skillDirRealPath);
  const file = path.join(skillDir, 'SKILL.md');
  if (!viewOf(ctx).realpath(file)) return true;
  return rootCandidatePath(ctx, source, rootDir, rootRealPath, file) !== null;
}

/** The stat check of the loaders before 2026.8.1: a SKILL.md over the limit is skipped with a warning. */
function oversized(ctx: DiscoveryContext, source: SkillSource, skillDir: string, message: string, meta: Record<string, unknown>): boolean {
  const file = path.join(skillDir, 'SKILL.md');
  let size: number;
  try {
    size = fs.statSync(file).size;
  } catch {
    return false;
  }
  if (size <= ctx.limits.maxSkillFileBytes) return false;
  ctx.logs.push({ subsystem: 'skills', level: 'warn', message, meta: { ...meta, filePath: file, size, maxSkillFileBytes: ctx.limits.maxSkillFileBytes } });
  ctx.traces.push({ dir: skillDir, source, fate: { kind: 'oversized', size, limit: ctx.limits.maxSkillFileBytes } });
  return true;
}

/** The warnings of a root with too many folders: the raw listing was cut, or more folders than
 *  `maxCandidatesPerRoot` (from 2026.4.29). */
function warnRootSize(
  ctx: DiscoveryContext,
  dir: string,
  baseDir: string,
  childScan: { scannedEntryCount: number; truncated: boolean },
  childDirCount: number,
): void {
  const limits = ctx.limits;
  const limitsMeta = { maxCandidatesPerRoot: limits.maxCandidatesPerRoot, maxSkillsLoadedPerSource: limits.maxSkillsLoadedPerSource };
  if (childScan.truncated) {
    ctx.logs.push({
      subsystem: 'skills',
      level: 'warn',
      message: 'Skills root looks suspiciously large, truncating discovery.',
      meta: {
        dir,
        baseDir,
        childDirCount,
        scannedEntryCount: childScan.scannedEntryCount,
        maxEntriesToScan: rawEntryScanLimit(Math.max(0, limits.maxCandidatesPerRoot)),
        ...limitsMeta,
      },
    });
  } else if (childDirCount > limits.maxCandidatesPerRoot) {
    ctx.logs.push({
      subsystem: 'skills',
      level: 'warn',
      message: 'Skills root has many entries, truncating discovery.',
      meta: { dir, baseDir, childDirCount, ...limitsMeta },
    });
  }
}

/**
 * 2026.4.29–5.27's walk of one root: `<dir>/skills` is the root when any of its sub-folders (within the raw-entry
 * limit) holds a SKILL.md; a root with a SKILL.md is that one skill or nothing; otherwise its sub-folders, sorted
 * (code units) and cut to `maxCandidatesPerRoot`, are skills, and one without SKILL.md is a group whose own
 * sub-folders are (one level only), until `maxSkillsLoadedPerSource` are loaded.
 */
function loadRootGrouped(ctx: DiscoveryContext, dir: string, source: SkillSource): RootScan {
  const limits = ctx.limits;
  const view = viewOf(ctx);
  const rootDir = path.resolve(dir);
  const scan: RootScan = { source, dir: rootDir, baseDir: rootDir, nestedRoot: false, rootIsSkill: false, skills: [] };
  if (!existsSync(rootDir)) return scan;
  const rootRealPath = tryRealpath(rootDir) ?? rootDir;
  const n = Math.max(0, limits.maxCandidatesPerRoot);
  let baseDir = rootDir;
  const nested = nestedSkillsFolder(rootDir);
  if (nested && listChildDirs96(view, nested, { maxCandidateDirs: n }).dirs.some((name) => existsSync(path.join(nested, name, 'SKILL.md')))) baseDir = nested;
  scan.baseDir = baseDir;
  scan.nestedRoot = baseDir !== rootDir;
  if (scan.nestedRoot) {
    ctx.traces.push({ dir: baseDir, source, fate: { kind: 'is-nested-root' } });
    for (const name of listChildDirectories(rootDir)) {
      if (path.join(rootDir, name) !== baseDir)
        ctx.traces.push({ dir: path.join(rootDir, name), source, fate: { kind: 'not-scanned-nested-root', nestedRoot: baseDir } });
    }
  }
  const baseDirRealPath = rootCandidatePath(ctx, source, rootDir, rootRealPath, baseDir);
  if (!baseDirRealPath) return scan;

  if (existsSync(path.join(baseDir, 'SKILL.md'))) {
    scan.rootIsSkill = true;
    if (!skillFileOk(ctx, source, rootDir, baseDirRealPath, baseDir, baseDirRealPath)) return scan;
    if (oversized(ctx, source, baseDir, 'Skipping skills root due to oversized SKILL.md.', { dir: baseDir })) return scan;
    const skill = loadSingleSkillDirectory(ctx, baseDir, source, baseDirRealPath);
    if (skill) scan.skills = [skill];
    for (const name of listChildDirectories(baseDir)) {
      ctx.traces.push({ dir: path.join(baseDir, name), source, fate: { kind: 'not-scanned-root-skill', rootSkillFile: path.join(baseDir, 'SKILL.md') } });
    }
    return scan;
  }

  const childScan = listChildDirs96(view, baseDir, { maxCandidateDirs: n });
  const sorted = childScan.dirs.slice().sort();
  warnRootSize(ctx, dir, baseDir, childScan, sorted.length);
  const limited = limits.maxSkillsLoadedPerSource <= 0 ? [] : sorted.slice(0, n);
  for (const name of sorted) {
    if (!limited.includes(name)) ctx.traces.push({ dir: path.join(baseDir, name), source, fate: { kind: 'beyond-limit', limit: n } });
  }
  const loaded: LoadedSkill[] = [];
  const full = (): boolean => loaded.length >= limits.maxSkillsLoadedPerSource;
  const loadOne = (skillDir: string, name: string): void => {
    const skillDirRealPath = rootCandidatePath(ctx, source, rootDir, baseDirRealPath, skillDir);
    if (!skillDirRealPath) {
      const real = tryRealpath(skillDir);
      if (real) ctx.traces.push({ dir: skillDir, source, fate: { kind: 'escapes-root', realPath: real } });
      return;
    }
    if (!skillFileOk(ctx, source, rootDir, baseDirRealPath, skillDir, skillDirRealPath)) return;
    if (oversized(ctx, source, skillDir, 'Skipping skill due to oversized SKILL.md.', { skill: name })) return;
    const skill = loadSingleSkillDirectory(ctx, skillDir, source, baseDirRealPath);
    if (skill) loaded.push(skill);
  };
  for (const name of limited) {
    if (full()) {
      ctx.traces.push({ dir: path.join(baseDir, name), source, fate: { kind: 'beyond-limit', limit: limits.maxSkillsLoadedPerSource } });
      continue;
    }
    const skillDir = path.join(baseDir, name);
    if (existsSync(path.join(skillDir, 'SKILL.md'))) {
      loadOne(skillDir, name);
      continue;
    }
    // A group, one level deep.
    if (!rootCandidatePath(ctx, source, rootDir, baseDirRealPath, skillDir)) continue;
    const children = listChildDirs96(view, skillDir, { maxCandidateDirs: n }).dirs.slice().sort().slice(0, n);
    if (!children.some((c) => existsSync(path.join(skillDir, c, 'SKILL.md')))) ctx.traces.push({ dir: skillDir, source, fate: { kind: 'no-skill-md' } });
    for (const child of children) {
      if (full()) break;
      const childDir = path.join(skillDir, child);
      if (existsSync(path.join(childDir, 'SKILL.md'))) loadOne(childDir, `${name}/${child}`);
    }
  }
  scan.skills = loaded;
  return scan;
}

/** `resolveSkillFilePath`: the SKILL.md must stay inside its skill folder; one that does not resolve is kept
 *  (and fails when read). */
function skillFileAccepted(ctx: DiscoveryContext, source: SkillSource, skillDir: string, skillDirRealPath: string): boolean {
  const view = viewOf(ctx);
  // A SKILL.md that is not a link resolves to the folder's real path plus its name: inside. One that cannot be
  // looked at does not resolve either.
  try {
    if (!view.lstatIn(skillDir, 'SKILL.md').isSymbolicLink()) return true;
  } catch {
    return true;
  }
  const candidate = path.join(skillDir, 'SKILL.md');
  if (!view.realpath(candidate)) return true;
  return contained96(ctx, source, skillDir, skillDirRealPath, candidate, false) !== null;
}

interface Candidate96 {
  skillDir: string;
  skillDirRealPath: string;
  name: string;
}

/** One candidate loaded (`loadContainedSkillRecord`): read inside the skill folder's real path; managed and
 *  ~/.agents skills take their real path (`canonicalizeLoadedSkillRecord`). */
function loadCandidate96(ctx: DiscoveryContext, candidate: Candidate96, source: SkillSource): LoadedSkill | null {
  const skill = loadSingleSkillDirectory(ctx, candidate.skillDir, source, candidate.skillDirRealPath);
  if (!skill || enforcesContainment(source)) return skill;
  const canonical = path.resolve(candidate.skillDirRealPath);
  if (skill.baseDir === canonical) return skill;
  const copy = { ...skill, filePath: path.join(canonical, path.relative(skill.baseDir, skill.filePath)), baseDir: canonical };
  carryLoadedFrontmatter(skill, copy);
  return copy;
}

/** Whether the SKILL.md of `skillDir` loads (`hasLoadableSkillFrontmatter` of 2026.5.28–7.35): read as the
 *  loader reads it, with a name and a description. Nothing is logged or traced. */
function loadableProbe(ctx: DiscoveryContext): (skillDir: string) => boolean {
  const version = ctx.version;
  return (skillDir) =>
    loadSkillFile96({
      skillDir,
      maxBytes: ctx.limits.maxSkillFileBytes,
      rejectHardlinks: true,
      home: ctx.home ?? '',
      parse: (text) => parseFrontmatter(text, version),
      ...(ctx.fs ? { fs: ctx.fs } : {}),
    }).ok;
}

/** 2026.9.6's `loadSkillRootRecords` + `discoverSkillCandidates` for one root; 2026.5.28–7.35 walk the same
 *  way, but find a SKILL.md with `existsSync` (a broken link makes the folder a group), choose a nested root by
 *  probing for a SKILL.md that loads, skip an oversized SKILL.md with a warning before reading it, and never let a
 *  root SKILL.md beside a nested root win; from 2026.9.3 a root of more folders than the limit is logged. */
function loadRoot96(ctx: DiscoveryContext, dir: string, source: SkillSource): RootScan {
  const limits = ctx.limits;
  const view = viewOf(ctx);
  const lstatPresence = has(ctx.version, 'invalid-skill-warnings');
  const present = (skillDir: string): boolean => (lstatPresence ? hasSkillFileCandidate(view, skillDir) : existsSync(path.join(skillDir, 'SKILL.md')));
  const probe = lstatPresence ? undefined : loadableProbe(ctx);
  const rootDir = path.resolve(dir);
  const scan: RootScan = { source, dir: rootDir, baseDir: rootDir, nestedRoot: false, rootIsSkill: false, skills: [] };
  const rootRealPath = view.realpath(rootDir);
  if (!rootRealPath) return scan;
  // The workshop root is a container: never a skill itself, never a nested `skills` root.
  const rootIsContainer = source === 'openclaw-workshop';
  const baseDir = rootIsContainer ? rootDir : resolveNestedSkillsRoot96(view, dir, limits.maxCandidatesPerRoot, probe);
  scan.baseDir = path.resolve(baseDir);
  scan.nestedRoot = scan.baseDir !== rootDir;
  if (scan.nestedRoot) {
    ctx.traces.push({ dir: baseDir, source, fate: { kind: 'is-nested-root' } });
    for (const name of listChildDirectories(rootDir)) {
      if (path.join(rootDir, name) !== scan.baseDir) {
        ctx.traces.push({ dir: path.join(rootDir, name), source, fate: { kind: 'not-scanned-nested-root', nestedRoot: baseDir } });
      }
    }
  }
  const baseDirRealPath = rootCandidatePath(ctx, source, rootDir, rootRealPath, baseDir);
  if (!baseDirRealPath) return scan;

  if (!rootIsContainer && present(baseDir)) {
    // The root is one skill; without a description it loads nothing (no sub-folder is looked at).
    scan.rootIsSkill = true;
    if (
      skillFileAccepted(ctx, source, baseDir, baseDirRealPath) &&
      (lstatPresence || !oversized(ctx, source, baseDir, 'Skipping skills root due to oversized SKILL.md.', { dir: baseDir }))
    ) {
      const skill = loadCandidate96(ctx, { skillDir: baseDir, skillDirRealPath: baseDirRealPath, name: path.basename(baseDir) }, source);
      if (skill) scan.skills = [skill];
    }
    for (const name of listChildDirectories(baseDir)) {
      ctx.traces.push({ dir: path.join(baseDir, name), source, fate: { kind: 'not-scanned-root-skill', rootSkillFile: path.join(baseDir, 'SKILL.md') } });
    }
    return scan;
  }

  const maxCandidatesPerRoot = Math.max(0, limits.maxCandidatesPerRoot);
  const maxSkillsLoadedPerSource = Math.max(0, limits.maxSkillsLoadedPerSource);
  const nestedSkillsRootPath = path.resolve(baseDir, 'skills');
  const baseDirIsNestedSkillsRoot = path.resolve(baseDir) === path.resolve(rootDir, 'skills');
  const baseDirLooksLikeSkillsRoot = path.basename(baseDir) === 'skills';
  const budget = createBudget(maxCandidatesPerRoot);
  const childScan = listChildDirs96(view, baseDir, { budget, maxCandidateDirs: maxCandidatesPerRoot });
  const childDirs = childScan.dirs.slice().sort();
  if (has(ctx.version, 'workshop-root')) budget.truncated ||= childDirs.length > maxCandidatesPerRoot;
  const limited = maxSkillsLoadedPerSource === 0 ? [] : childDirs.slice(0, maxCandidatesPerRoot);
  if (maxSkillsLoadedPerSource > 0 && childDirs.includes('skills') && !limited.includes('skills')) limited.push('skills');
  for (const name of childDirs) {
    if (!limited.includes(name)) ctx.traces.push({ dir: path.join(baseDir, name), source, fate: { kind: 'beyond-limit', limit: maxCandidatesPerRoot } });
  }
  const limitsMeta = { maxCandidatesPerRoot: limits.maxCandidatesPerRoot, maxSkillsLoadedPerSource: limits.maxSkillsLoadedPerSource };
  warnRootSize(ctx, dir, baseDir, childScan, childDirs.length);

  // A root SKILL.md beside a nested `skills` root wins when it loads.
  let configuredRoot: Candidate96 | undefined;
  if (lstatPresence && !rootIsContainer && path.resolve(baseDir) !== rootDir && hasSkillFileCandidate(view, rootDir)) {
    if (skillFileAccepted(ctx, source, rootDir, rootRealPath))
      configuredRoot = { skillDir: rootDir, skillDirRealPath: rootRealPath, name: path.basename(rootDir) };
  }

  const candidates: Candidate96[] = [];
  const joinBase = joinerIn(baseDir);
  const queue = limited.map((name) => ({
    skillDir: joinBase(name),
    name,
    depth: name === 'skills' && !present(path.join(baseDir, name)) ? 0 : 1,
  }));
  for (const candidate of queue) {
    const skillDirRealPath = rootCandidatePath(ctx, source, rootDir, baseDirRealPath, candidate.skillDir);
    if (!skillDirRealPath) {
      const real = view.realpath(candidate.skillDir);
      if (real) ctx.traces.push({ dir: candidate.skillDir, source, fate: { kind: 'escapes-root', realPath: real } });
      continue;
    }
    if (present(candidate.skillDir)) {
      if (skillFileAccepted(ctx, source, candidate.skillDir, skillDirRealPath))
        candidates.push({ skillDir: candidate.skillDir, skillDirRealPath, name: candidate.name });
      else {
        const real = view.realpath(path.join(candidate.skillDir, 'SKILL.md'));
        if (real) ctx.traces.push({ dir: candidate.skillDir, source, fate: { kind: 'escapes-root', realPath: real } });
      }
      continue;
    }
    // A folder without SKILL.md is a group: its sub-folders are searched, up to 6 levels (2 in a configured
    // extra folder outside a `skills` folder).
    const candidatePath = path.resolve(candidate.skillDir);
    const maxDepth =
      source === 'openclaw-extra' &&
      !baseDirIsNestedSkillsRoot &&
      !baseDirLooksLikeSkillsRoot &&
      candidatePath !== nestedSkillsRootPath &&
      !isPathInside(nestedSkillsRootPath, candidatePath)
        ? MAX_CONFIGURED_ROOT_GROUPED_SKILL_SCAN_DEPTH
        : MAX_GROUPED_SKILL_SCAN_DEPTH;
    if (candidate.depth >= maxDepth) {
      ctx.traces.push({ dir: candidate.skillDir, source, fate: { kind: 'no-skill-md' } });
      continue;
    }
    const nestedScan = listChildDirs96(view, candidate.skillDir, { budget, maxCandidateDirs: maxCandidatesPerRoot });
    const nestedChildren = nestedScan.dirs;
    if (nestedChildren.length === 0) ctx.traces.push({ dir: candidate.skillDir, source, fate: { kind: 'no-skill-md' } });
    if (has(ctx.version, 'workshop-root')) budget.truncated ||= nestedChildren.length > maxCandidatesPerRoot;
    const nestedMeta = { dir, baseDir, nestedDir: candidate.skillDir, nestedChildDirCount: nestedChildren.length };
    if (nestedScan.truncated) {
      ctx.logs.push({
        subsystem: 'skills',
        level: 'warn',
        message: 'Nested skills directory looks suspiciously large, truncating discovery.',
        meta: {
          ...nestedMeta,
          scannedEntryCount: nestedScan.scannedEntryCount,
          maxEntriesToScan: rawEntryScanLimit(maxCandidatesPerRoot),
          ...limitsMeta,
          maxGroupedSkillScanDepth: MAX_GROUPED_SKILL_SCAN_DEPTH,
        },
      });
    } else if (nestedChildren.length > maxCandidatesPerRoot) {
      ctx.logs.push({
        subsystem: 'skills',
        level: 'warn',
        message: 'Nested skills directory has many entries, truncating discovery.',
        meta: { ...nestedMeta, ...limitsMeta, maxGroupedSkillScanDepth: MAX_GROUPED_SKILL_SCAN_DEPTH },
      });
    }
    const join = joinerIn(candidate.skillDir);
    for (const nestedName of nestedChildren.slice().sort().slice(0, maxCandidatesPerRoot)) {
      queue.push({ skillDir: join(nestedName), name: `${candidate.name}/${nestedName}`, depth: candidate.depth + 1 });
    }
  }
  if (budget.truncated) {
    ctx.logs.push({
      subsystem: 'skills',
      level: 'warn',
      message: 'Skills root hit recursive discovery budget, truncating discovery.',
      meta: { dir, baseDir, ...limitsMeta, maxGroupedSkillScanDepth: MAX_GROUPED_SKILL_SCAN_DEPTH },
    });
  }
  // Candidates load in the order of their names (`localeCompare`, the group path included; the default
  // collator is what `localeCompare` without locales compares with, made once).
  const collator = new Intl.Collator();
  candidates.sort((a, b) => collator.compare(a.name, b.name));

  if (configuredRoot) {
    const rootSkill = loadCandidate96(ctx, configuredRoot, source);
    if (rootSkill) {
      scan.rootIsSkill = true;
      scan.skills = [rootSkill];
      for (const c of candidates)
        ctx.traces.push({ dir: c.skillDir, source, fate: { kind: 'not-scanned-root-skill', rootSkillFile: path.join(rootDir, 'SKILL.md') } });
      return scan;
    }
  }
  const loaded: LoadedSkill[] = [];
  for (let i = 0; i < candidates.length; i++) {
    if (loaded.length >= maxSkillsLoadedPerSource) {
      for (const rest of candidates.slice(i)) ctx.traces.push({ dir: rest.skillDir, source, fate: { kind: 'beyond-limit', limit: maxSkillsLoadedPerSource } });
      break;
    }
    const candidate = candidates[i]!;
    if (!lstatPresence && oversized(ctx, source, candidate.skillDir, 'Skipping skill due to oversized SKILL.md.', { skill: candidate.name })) continue;
    const skill = loadCandidate96(ctx, candidate, source);
    if (skill) loaded.push(skill);
  }
  scan.skills = loaded;
  return scan;
}
