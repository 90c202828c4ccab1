// What nexo-rs does with one readable skill on this machine (RULES.md §5–§9; `skills.rs:305-488`, `:494-674`):
// the mode (agent override, else frontmatter, else strict), `disable` before any check, then the missing env
// variables, the missing bins and the `bin_versions` checks, and the outcome.
//
// This is the only part of the profile that looks outside the file: the environment and the working
// directory come from the `NexoMachine` it is handed, processes run through the shared ProbeRunner, and
// version results live in a `NexoVersionCache` the caller owns (the runtime's cache is process-wide).

import { promises as fsp } from 'node:fs';
import * as nodePath from 'node:path';
import { semverEngine } from '../../rust/semverEngine';
import { envMissing, isRustBlank, rustEnvVar } from '../../machine/env';
import { spawnFailure, type ProbeRunner } from '../../machine/probe';
import { regexEngine } from '../../rust/regexEngine';
import { rustTrim } from '../../skill/text';
import type { GatingMode, Missing, MissingVersion, VersionReason } from '../../types';
import type { NexoBinVersion, NexoMeta } from './metadata';

/** Program size × output length past which a version regex is not run (~20 ns a step: about 2 s): the
 *  version is then reported unknown rather than computed (the runtime's lazy DFA would get there). */
const MATCH_BUDGET = 100_000_000;

/** The runtime's status words (`SkillLoadAction`). */
export type NexoLoadStatus = 'loaded' | 'loaded_with_banner' | 'skipped_strict' | 'skipped_disabled' | 'not_found';

export type ModeSource = 'override' | 'frontmatter' | 'default';

/** The version cache of one runtime process (`version_cache()`, `skills.rs:494-497`): keyed by the binary's
 *  path as resolved (PATH folder joined with the trimmed name, or the entry's own path — not canonical),
 *  holding the version found or a failure. A hit is returned whatever the later entry's command and regex;
 *  a cached failure comes back as `probe_failed` whatever its first reason. */
export class NexoVersionCache {
  private readonly entries = new Map<string, string | null>();

  get(path: string): string | null | undefined {
    return this.entries.get(path);
  }

  set(path: string, version: string | null): void {
    this.entries.set(path, version);
  }

  clear(): void {
    this.entries.clear();
  }
}

/** The machine a nexo-rs process runs on, as far as the skill loader sees it. */
export interface NexoMachine {
  /** The process environment (env checks, PATH, and the environment of version probes). */
  env: Readonly<Record<string, string | undefined>>;
  /** The process working directory: relative bin paths resolve against it. */
  cwd: string;
  platform: NodeJS.Platform;
  /** Null: probing is off (`--no-probe`, untrusted workspace); versions are then `not_probed` and hide nothing. */
  runner: ProbeRunner | null;
  notProbedReason?: string;
  versionCache: NexoVersionCache;
  signal?: AbortSignal;
  /** Answers of the file-system checks already made, shared by the skills of one check (thousands of skills
   *  asking for the same few binaries would otherwise stat the same PATH entries thousands of times). The
   *  answers are those of the first check in the run; absent: every lookup asks the file system. */
  fileChecks?: NexoFileChecks;
}

/** Per path: is it a regular file (`Path::is_file`), may it be executed; per binary name, with the PATH,
 *  working directory and OS it was looked up with: the whole lookup. */
export interface NexoFileChecks {
  isFile: Map<string, Promise<boolean>>;
  executable: Map<string, Promise<boolean>>;
  lookups: Map<string, Promise<NexoBinLookup>>;
}

export function newFileChecks(): NexoFileChecks {
  return { isFile: new Map(), executable: new Map(), lookups: new Map() };
}

function remembered(memo: Map<string, Promise<boolean>> | undefined, p: string, check: (p: string) => Promise<boolean>): Promise<boolean> {
  if (!memo) return check(p);
  let answer = memo.get(p);
  if (!answer) memo.set(p, (answer = check(p)));
  return answer;
}

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
  /** The argument passed ('' for none: a blank `command` passes no argument at all). */
  command: string;
  regex: string | undefined;
  path: string | null;
  found: string | null;
  ok: boolean;
  reason?: VersionReason;
  detail?: string;
}

/** What the gate checked of a skill on this machine, and under which mode. */
export interface NexoChecks {
  mode: GatingMode;
  modeSource: ModeSource;
  missing: Missing;
  bins: BinCheck[];
  env: EnvCheck[];
  versions: VersionCheck[];
}

export interface NexoGate extends NexoChecks {
  status: Exclude<NexoLoadStatus, 'not_found'>;
}

/** `override`: the agent's skill_overrides entry for the skill's listed name. The banner of a
 *  `loaded_with_banner` outcome is render.ts's, from `missing`. */
export async function gateNexoSkill(meta: NexoMeta, override: GatingMode | undefined, m: NexoMachine): Promise<NexoGate> {
  const mode: GatingMode = override ?? meta.mode ?? 'strict';
  const modeSource: ModeSource = override ? 'override' : meta.mode ? 'frontmatter' : 'default';
  const gate: NexoGate = { status: 'loaded', mode, modeSource, missing: { bins: [], env: [], versions: [] }, bins: [], env: [], versions: [] };
  // Disable bypasses every check, version probes included (`skills.rs:447-452`).
  if (mode === 'disable') {
    gate.status = 'skipped_disabled';
    return gate;
  }

  // env first, then bins: each list filtered in order, not de-duplicated (a repeated entry repeats).
  for (const e of meta.env) {
    const missing = envMissing(e.value, m.env, m.platform);
    gate.env.push({ name: e.value, source: 'requires', set: !missing });
    if (missing) gate.missing.env.push(e.value);
  }
  for (const b of meta.bins) {
    const lookup = await findNexoBin(b.value, m, false);
    gate.bins.push({ name: b.value, source: 'requires', found: lookup.found, path: lookup.path, executable: lookup.executable, searched: lookup.searched });
    if (!lookup.found) gate.missing.bins.push(b.value);
  }

  gate.versions = await checkVersions(meta.binVersions, m);
  for (const check of gate.versions) {
    if (check.ok || !check.reason) continue;
    const mv: MissingVersion = { bin: check.bin, required: check.required, found: check.found, reason: check.reason };
    if (check.detail !== undefined) mv.detail = check.detail;
    gate.missing.versions.push(mv);
  }

  const blocking = gate.missing.bins.length + gate.missing.env.length + gate.missing.versions.filter((v) => v.reason !== 'not_probed').length;
  if (blocking === 0) return gate;
  if (mode === 'strict') {
    gate.status = 'skipped_strict';
    return gate;
  }
  gate.status = 'loaded_with_banner';
  return gate;
}

interface NexoBinLookup {
  found: boolean;
  /** The path as the runtime holds it (relative entries stay relative), or null. */
  path: string | null;
  executable: boolean;
  searched: string[];
}

async function isFile(p: string): Promise<boolean> {
  try {
    // `Path::is_file` follows symlinks; a folder does not count; any error means no.
    return (await fsp.stat(p)).isFile();
  } catch {
    return false;
  }
}

async function isExecutable(p: string): Promise<boolean> {
  try {
    await fsp.access(p, 1);
    return true;
  } catch {
    return false;
  }
}

/** `bin_exists_on_path` / `resolve_bin_path` (`skills.rs:501-522`, `:728-750`): the entry is trimmed; blank
 *  is present for `bins` but resolves to nothing for `bin_versions`; with a `/` it is checked as a path
 *  (relative to the working directory); otherwise each PATH element (PATH must be set; EMPTY elements are
 *  skipped, not the working directory) joined with the name must be a regular file. The execute bit is not
 *  looked at. */
/** `findNexoBin`, looked up once per check for a name (thousands of skills name the same few binaries; each
 *  lookup walks PATH). Each caller gets its own copy of the list of paths searched. */
async function findNexoBin(entry: string, m: NexoMachine, forVersions: boolean): Promise<NexoBinLookup> {
  const memo = m.fileChecks?.lookups;
  if (!memo) return lookUpNexoBin(entry, m, forVersions);
  const key = `${forVersions ? 'v' : 'b'}\0${entry}\0${m.cwd}\0${m.platform}\0${rustEnvVar('PATH', m.env, m.platform) ?? '\0'}`;
  let lookup = memo.get(key);
  if (!lookup) memo.set(key, (lookup = lookUpNexoBin(entry, m, forVersions)));
  const l = await lookup;
  return { ...l, searched: [...l.searched] };
}

async function lookUpNexoBin(entry: string, m: NexoMachine, forVersions: boolean): Promise<NexoBinLookup> {
  const name = rustTrim(entry);
  const none: NexoBinLookup = { found: false, path: null, executable: false, searched: [] };
  if (name === '') return forVersions ? none : { ...none, found: true };
  const abs = (p: string): string => nodePath.resolve(m.cwd, p);
  const hit = async (p: string): Promise<NexoBinLookup> => ({
    found: true,
    path: p,
    executable: await remembered(m.fileChecks?.executable, abs(p), isExecutable),
    searched: [...none.searched, p],
  });
  if (name.includes('/')) {
    none.searched.push(name);
    return (await remembered(m.fileChecks?.isFile, abs(name), isFile)) ? hit(name) : none;
  }
  const pathVar = rustEnvVar('PATH', m.env, m.platform);
  if (pathVar === undefined) return none;
  for (const dir of pathVar.split(m.platform === 'win32' ? ';' : ':')) {
    if (dir === '') continue;
    const candidate = dir.endsWith('/') ? `${dir}${name}` : `${dir}/${name}`;
    if (await remembered(m.fileChecks?.isFile, abs(candidate), isFile)) return hit(candidate);
    none.searched.push(candidate);
  }
  return none;
}

/** All entries of one skill, in key order. The runtime runs them concurrently (`join_all`): each looks at
 *  the cache before any probe of the same skill has finished, except that a failure decided without waiting
 *  (a rejected regex, a binary that cannot be spawned) is cached at once and seen by the entries after it. */
async function checkVersions(entries: readonly NexoBinVersion[], m: NexoMachine): Promise<VersionCheck[]> {
  const pending: Array<Promise<VersionCheck>> = [];
  for (const v of entries) pending.push((await startVersionCheck(v, m)).result);
  return Promise.all(pending);
}

/** Does what the runtime does before its first wait, and hands back the rest (a wrapper: a promise returned
 *  from an async function would be awaited with it). */
async function startVersionCheck(v: NexoBinVersion, m: NexoMachine): Promise<{ result: Promise<VersionCheck> }> {
  const { normalizeFoundVersion, parseConstraint, parseVersion, satisfies } = semverEngine();
  const command = v.command ?? '--version';
  const base = {
    bin: v.bin,
    required: v.constraint,
    command: isRustBlank(command) ? '' : command,
    regex: v.regex,
    path: null as string | null,
    found: null as string | null,
  };
  const done = (c: VersionCheck): { result: Promise<VersionCheck> } => ({ result: Promise.resolve(c) });
  // 1. The constraint, before anything else.
  const parsed = parseConstraint(v.constraint);
  if (!parsed.ok) return done({ ...base, ok: false, reason: 'invalid_constraint', detail: parsed.error.message });
  // 2. The binary (a blank key resolves to nothing, although a blank `bins` entry is present).
  const lookup = await findNexoBin(v.bin, m, true);
  if (!lookup.found || lookup.path === null)
    return done({ ...base, ok: false, reason: 'bin_not_found', detail: `not found (searched: ${lookup.searched.join(', ') || 'nothing'})` });
  const key = lookup.path;
  const withPath = { ...base, path: key };
  const judge = (found: string): VersionCheck => {
    const version = parseVersion(found);
    if (version && satisfies(parsed.req, version)) return { ...withPath, found, ok: true };
    return { ...withPath, found, ok: false, reason: 'constraint_unsatisfied' };
  };
  // 3. The process-wide cache, by path only.
  const cached = m.versionCache.get(key);
  if (cached !== undefined) {
    return done(
      cached === null
        ? {
            ...withPath,
            ok: false,
            reason: 'probe_failed',
            detail: 'an earlier probe of this binary failed (the runtime caches the failure for the life of the process)',
          }
        : judge(cached),
    );
  }
  if (!m.runner) return done({ ...withPath, ok: false, reason: 'not_probed', detail: m.notProbedReason ?? 'probing is off' });
  const failed = (reason: 'probe_failed' | 'parse_failed', detail: string): VersionCheck => {
    m.versionCache.set(key, null);
    return { ...withPath, ok: false, reason, detail };
  };
  // 4. The regex is compiled first, with the runtime's 64 KiB size limit; rejected → parse_failed, nothing run.
  const { compileVersionRegex, DEFAULT_VERSION_REGEX } = regexEngine();
  const pattern = v.regex ?? DEFAULT_VERSION_REGEX;
  const compiled = compileVersionRegex(pattern);
  if (!compiled.ok && compiled.unsupported) return done({ ...withPath, ok: false, reason: 'not_probed', detail: compiled.message });
  if (!compiled.ok) return done(failed('parse_failed', `regex rejected: ${compiled.message}`));
  // 5. ONE argument, the command as written — none at all when it is blank.
  const file = nodePath.resolve(m.cwd, key);
  const cannot = await spawnFailure(file, m.platform);
  if (cannot !== null) return done(failed('probe_failed', cannot));
  const argument = isRustBlank(command) ? null : command;
  // 6–10 run while the next entries start. The runtime abandons a probe after 5 s but leaves the child
  // running (tokio's `kill_on_drop(false)`); the ProbeRunner kills it and what it started, on purpose: an
  // editor must not accumulate hung processes.
  const result = m.runner.run(file, argument, m.signal).then((out): VersionCheck => {
    if (!out.ok) {
      if (out.reason === 'not_probed') return { ...withPath, ok: false, reason: 'not_probed', detail: out.message };
      return failed('probe_failed', out.message);
    }
    if (compiled.regex.programSize * out.output.length > MATCH_BUDGET) {
      return {
        ...withPath,
        ok: false,
        reason: 'not_probed',
        detail: `the regex (${compiled.regex.programSize} instructions) is too large to search ${out.output.length} characters of output here; not checked`,
      };
    }
    const matched = compiled.regex.wholeMatch(out.output);
    if (matched === null) return failed('parse_failed', `no match for \`${pattern}\` in the output${out.truncated ? ' (output truncated)' : ''}`);
    const normalized = normalizeFoundVersion(matched);
    if (parseVersion(normalized) === null) return failed('parse_failed', `"${matched}" (normalized "${normalized}") is not a semver version`);
    m.versionCache.set(key, normalized);
    return judge(normalized);
  });
  return { result };
}
