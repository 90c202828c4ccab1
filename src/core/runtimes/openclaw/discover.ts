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
// Besides OpenClaw's own result, every decision is traced per folder, so the profile can say why a folder
// produced no skill (OpenClaw itself logs only the two warnings).

import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseFrontmatter } from './frontmatter';
import { resolveInvocationPolicy } from './metadata';
import { isPathInside, isSymlinkPath, loadSingleSkillDirectory96, readSkillFileSync, tryRealpath, type ReadFailure } from './read';
import type { SkillsLimits } from './config';
import { since, type OpenClawVersion } from './versions';

export type SkillSource =
  'openclaw-extra' | 'openclaw-bundled' | 'openclaw-managed' | 'agents-skills-personal' | 'agents-skills-project' | 'openclaw-workspace';

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

/** `loadSingleSkillDirectory`: the SKILL.md read safely and parsed; a name (frontmatter `name` trimmed, else
 *  the folder name) and a trimmed non-empty description are required. */
function loadSingleSkillDirectory(ctx: DiscoveryContext, skillDir: string, source: SkillSource, rootRealPath: string): LoadedSkill | null {
  if (ctx.version && since(ctx.version, '2026.9.6')) return loadSingleSkillDirectory96(ctx, skillDir, source);
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
    frontmatter = parseFrontmatter(read.text);
  } catch {
    ctx.traces.push({ dir: skillDir, source, fate: { kind: 'no-description' } });
    return null;
  }
  const fallbackName = path.basename(skillDir).trim();
  const name = frontmatter.name?.trim() || fallbackName;
  const description = frontmatter.description?.trim();
  if (!name || !description) {
    ctx.traces.push({ dir: skillDir, source, fate: { kind: 'no-description' } });
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

/** `resolveNestedSkillsRoot`: `<dir>/skills` becomes the root when one of its first `maxEntries` sub-folders
 *  (in readdir order) holds a SKILL.md. */
function resolveNestedSkillsRoot(dir: string, maxEntries: number): string {
  const nested = path.join(dir, 'skills');
  try {
    if (!fs.existsSync(nested) || !fs.statSync(nested).isDirectory()) return dir;
  } catch {
    return dir;
  }
  const scanLimit = Math.max(0, maxEntries);
  const names = listChildDirectories(nested);
  const toScan = scanLimit === 0 ? [] : names.slice(0, Math.min(names.length, scanLimit));
  for (const name of toScan) {
    if (existsSync(path.join(nested, name, 'SKILL.md'))) return nested;
  }
  return dir;
}

/** OpenClaw's `loadSkills({ dir, source })` for one root. */
export function loadRoot(ctx: DiscoveryContext, dir: string, source: SkillSource): RootScan {
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

/** Skills merged by name in root order: a later root or folder replaces an earlier one but keeps its slot. */
export function mergeByName(scans: RootScan[]): { merged: LoadedSkill[]; replaced: Array<{ loser: LoadedSkill; winner: LoadedSkill }> } {
  const map = new Map<string, LoadedSkill>();
  const replaced: Array<{ loser: LoadedSkill; winner: LoadedSkill }> = [];
  for (const scan of scans) {
    for (const skill of scan.skills) {
      const previous = map.get(skill.name);
      if (previous) replaced.push({ loser: previous, winner: skill });
      map.set(skill.name, skill);
    }
  }
  // A loser replaced again later points at the final winner.
  const final = (s: LoadedSkill): LoadedSkill => map.get(s.name) ?? s;
  return { merged: [...map.values()], replaced: replaced.map((r) => ({ loser: r.loser, winner: final(r.winner) })) };
}
