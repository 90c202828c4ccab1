// The parts of OpenCode 1.18.33's configuration that decide which skills it lists: `skills.paths`,
// `permission` (and the legacy `tools` switches it turns into permission rules), and `agent.build.permission`
// (packages/opencode/src/config/config.ts, packages/opencode/src/config/paths.ts, packages/opencode/src/agent/agent.ts).
//
// The files, merged in this order, later ones winning key by key (objects merged deeply, lists and other
// values replaced — remeda's mergeDeep):
//  1. the global config folder (`~/.config/opencode`, or `$XDG_CONFIG_HOME/opencode`): config.json,
//     opencode.json, opencode.jsonc;
//  2. the file named by OPENCODE_CONFIG;
//  3. unless OPENCODE_DISABLE_PROJECT_CONFIG: opencode.json and opencode.jsonc in each folder from the git root
//     (or `/`) down to the working folder, nearer folders later (case a06 reads `skills.paths` from the
//     project's opencode.json);
//  4. opencode.json and opencode.jsonc inside each `.opencode` config folder (from the working folder up),
//     `~/.opencode`, and OPENCODE_CONFIG_DIR;
//  5. OPENCODE_CONFIG_CONTENT; then OPENCODE_PERMISSION is merged into `permission`.
// Files are JSON with comments and trailing commas (jsonc-parser); `{env:NAME}` is replaced by the variable's
// value first. A file that does not parse stops OpenCode at start (ConfigJsonError): the emulation reports it
// the same way. Where json and jsonc in one folder win over each other is not shown by any case.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { readSkillText } from '../../machine/skillText';
import type { OpenCodeFlags } from './flags';
import { fromConfig, type Rule } from './permission';
import { parseJsonc } from '../../machine/jsonc';

type Env = Readonly<Record<string, string | undefined>>;
type Json = Record<string, unknown>;

export interface OpenCodeConfig {
  /** `skills.paths`, as written. */
  skillsPaths: string[];
  /** `skills.urls` (never fetched by the emulation). */
  skillsUrls: string[];
  /** The rules the `build` agent is judged by: OpenCode's defaults, then the user's, then `agent.build`'s. */
  rules: Rule[];
  /** The config files that were read, in order. */
  files: string[];
}

export type ConfigRead = { ok: true; config: OpenCodeConfig } | { ok: false; why: string };

function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** remeda mergeDeep: plain objects merged key by key, anything else replaced. */
export function mergeDeep(a: Json, b: Json): Json {
  const out: Json = { ...a };
  for (const [k, v] of Object.entries(b)) {
    const old = out[k];
    out[k] = isObject(old) && isObject(v) ? mergeDeep(old, v) : v;
  }
  return out;
}

/** `{env:NAME}` replaced by the variable's value ('' when unset), as OpenCode does before parsing. */
function substituteEnv(text: string, env: Env): string {
  return text.replace(/\{env:([^}]+)\}/g, (_whole, name: string) => env[name] ?? '');
}

type FileRead = { ok: true; data: Json | null } | { ok: false; why: string };

function readConfigFile(file: string, env: Env): FileRead {
  let st: fs.Stats;
  try {
    st = fs.statSync(file);
  } catch {
    return { ok: true, data: null };
  }
  if (!st.isFile()) return { ok: true, data: null };
  const r = readSkillText(file);
  if (!r.ok) return { ok: true, data: null };
  if (r.truncated) return { ok: false, why: `${file} is larger than the emulation reads` };
  try {
    const v = parseJsonc(substituteEnv(r.text.replace(/^\uFEFF/, ''), env), { trailingCommas: true });
    if (!isObject(v)) return { ok: false, why: `OpenCode stops at start: ${file} is not a JSON object` };
    return { ok: true, data: v };
  } catch (error) {
    return { ok: false, why: `OpenCode stops at start: ${file} is not valid JSON (${error instanceof Error ? error.message : String(error)})` };
  }
}

/** Folders from `start` up to `stop` (both included), or up to `/` when `stop` is never met. */
export function upFrom(start: string, stop: string): string[] {
  const out: string[] = [];
  for (let d = start; ;) {
    out.push(d);
    if (d === stop) break;
    const up = path.dirname(d);
    if (up === d) break;
    d = up;
  }
  return out;
}

function exists(p: string): boolean {
  try {
    fs.statSync(p);
    return true;
  } catch {
    return false;
  }
}

/** ConfigPaths.directories: the global config folder, the project's `.opencode` folders (working folder first),
 *  `~/.opencode`, OPENCODE_CONFIG_DIR; each once. */
export function configDirectories(cwd: string, worktree: string, home: string, flags: OpenCodeFlags): string[] {
  const dirs = [flags.globalConfigDir];
  if (!flags.disableProjectConfig) for (const d of upFrom(cwd, worktree)) if (exists(path.join(d, '.opencode'))) dirs.push(path.join(d, '.opencode'));
  if (exists(path.join(home, '.opencode'))) dirs.push(path.join(home, '.opencode'));
  if (flags.configDir) dirs.push(flags.configDir);
  return [...new Set(dirs)];
}

/** The legacy `tools: { name: false }` switches as permission entries (config.ts, agent config transform). */
function toolsAsPermission(tools: unknown): Json {
  const out: Json = {};
  if (!isObject(tools)) return out;
  for (const [tool, enabled] of Object.entries(tools)) {
    const action = enabled ? 'allow' : 'deny';
    if (['write', 'edit', 'patch', 'multiedit'].includes(tool)) out.edit = action;
    else out[tool] = action;
  }
  return out;
}

function strings(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}

export function readConfig(cwd: string, worktree: string, home: string, env: Env, flags: OpenCodeFlags): ConfigRead {
  let merged: Json = {};
  const files: string[] = [];
  const take = (file: string): string | null => {
    const r = readConfigFile(file, env);
    if (!r.ok) return r.why;
    if (r.data) {
      merged = mergeDeep(merged, r.data);
      files.push(file);
    }
    return null;
  };
  const order: string[] = [
    path.join(flags.globalConfigDir, 'config.json'),
    path.join(flags.globalConfigDir, 'opencode.json'),
    path.join(flags.globalConfigDir, 'opencode.jsonc'),
  ];
  if (flags.configFile) order.push(flags.configFile);
  if (!flags.disableProjectConfig) for (const d of upFrom(cwd, worktree).reverse()) order.push(path.join(d, 'opencode.json'), path.join(d, 'opencode.jsonc'));
  for (const d of configDirectories(cwd, worktree, home, flags))
    if (d.endsWith('.opencode') || d === flags.configDir) order.push(path.join(d, 'opencode.json'), path.join(d, 'opencode.jsonc'));
  const seen = new Set<string>();
  for (const file of order) {
    if (seen.has(file)) continue;
    seen.add(file);
    const why = take(file);
    if (why) return { ok: false, why };
  }
  if (flags.configContent) {
    try {
      const v = parseJsonc(substituteEnv(flags.configContent, env), { trailingCommas: true });
      if (isObject(v)) merged = mergeDeep(merged, v);
    } catch (error) {
      return {
        ok: false,
        why: `OpenCode stops at start: OPENCODE_CONFIG_CONTENT is not valid JSON (${error instanceof Error ? error.message : String(error)})`,
      };
    }
  }
  if (flags.permission) {
    try {
      const v = JSON.parse(flags.permission) as unknown;
      if (isObject(v)) merged.permission = mergeDeep(isObject(merged.permission) ? merged.permission : {}, v);
    } catch {
      return { ok: false, why: 'OpenCode stops at start: OPENCODE_PERMISSION is not valid JSON' };
    }
  }
  // Legacy `tools` switches come first, explicit `permission` entries override them.
  let permission: Json = isObject(merged.permission) ? merged.permission : {};
  if (isObject(merged.tools)) permission = mergeDeep(toolsAsPermission(merged.tools), permission);
  const build = isObject(merged.agent) && isObject(merged.agent.build) ? merged.agent.build : {};
  let buildPermission: Json = isObject(build.permission) ? build.permission : {};
  if (isObject(build.tools)) buildPermission = { ...toolsAsPermission(build.tools), ...buildPermission };
  const skills = isObject(merged.skills) ? merged.skills : {};
  return {
    ok: true,
    config: {
      skillsPaths: strings(skills.paths),
      skillsUrls: strings(skills.urls),
      // agent.ts: the build agent's rules are OpenCode's defaults (`"*": "allow"` first), its own, the user's,
      // then those under agent.build.
      rules: [{ permission: '*', pattern: '*', action: 'allow' }, ...fromConfig(permission, home), ...fromConfig(buildPermission, home)],
      files,
    },
  };
}
