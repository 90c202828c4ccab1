// What Qwen Code 0.24.4 takes from its settings files and environment when it lists skills.
//
// Files (packages/cli/src/config/settings.ts loadSettings): the system defaults and system settings
// (`QWEN_CODE_SYSTEM_DEFAULTS_PATH`, `QWEN_CODE_SYSTEM_SETTINGS_PATH`, else system-defaults.json and settings.json
// in /etc/qwen-code, /Library/Application Support/QwenCode or C:\ProgramData\qwen-code), the user settings
// (`<global dir>/settings.json`, the global dir being `QWEN_HOME` when set, else `~/.qwen`:
// packages/core/src/config/storage.ts Storage.getGlobalQwenDir) and the workspace settings
// (`<working folder>/.qwen/settings.json`, not read again when the working folder is HOME). Each is JSON with
// comments allowed, and `$VAR` / `${VAR}` in strings replaced from the environment (golden case f01).
//
// The keys that matter here, all under `skills` (packages/core/src/config/config.ts getDisabledSkillNames,
// getDisabledSkillLevels, getCustomSkillDirs):
//  - `disabled`: skill names kept from the model, matched without regard to case (case e01);
//  - `disabledLevels`: whole levels not loaded — `project`, `user`, `extension`, `bundled` (cases e02, k04);
//  - `directories`: more user-level skills folders, `~` expanded, relative ones taken from the working folder
//    (packages/core/src/skills/skill-manager.ts getSkillsBaseDirs; case f01).
// The three lists are merged across the files, every entry kept (the release's UNION merge: case e01 disables
// one name in the user file and one in the workspace file, e02 one level and two).
//
// The environment: `QWEN_CODE_SIMPLE` (bare mode: no skills at all, case k03) and `QWEN_CODE_SAFE_MODE` (only the
// bundled skills, the settings above ignored: case k04), both true for `1`, `true`, `yes`, `on` in any case
// (packages/core/src/utils/bareMode.ts isBareMode, safe-mode.ts isSafeModeEnv).

import * as path from 'node:path';
import { readSkillText } from '../../machine/skillText';
import { parseJsonc } from '../../machine/jsonc';

export type SkillLevel = 'project' | 'user' | 'extension' | 'bundled';
export const SKILL_LEVELS: readonly SkillLevel[] = ['project', 'user', 'extension', 'bundled'];

export interface QwenSettings {
  /** The global folder: `QWEN_HOME` or `~/.qwen`. */
  globalDir: string;
  /** Names in `skills.disabled`, lower-cased. */
  disabledNames: Set<string>;
  /** `skills.disabledLevels`, the valid ones. */
  disabledLevels: Set<SkillLevel>;
  /** `skills.directories` as written (after `$VAR` replacement), in order. */
  directories: string[];
  /** `QWEN_CODE_SIMPLE` is true. */
  bare: boolean;
  /** `QWEN_CODE_SAFE_MODE` is true. */
  safe: boolean;
  /** The settings files that were read, in order. */
  files: string[];
}

type Env = Readonly<Record<string, string | undefined>>;

/** `1`, `true`, `yes`, `on` in any case, spaces around allowed (bareMode.ts isTruthy). */
export function isTruthy(value: string | undefined): boolean {
  return value !== undefined && ['1', 'true', 'yes', 'on'].includes(value.trim().toLowerCase());
}

/** `~` and `~/…` (or `~\…`) as HOME (packages/core/src/utils/paths.ts expandHomeDir). */
export function expandHome(p: string, home: string): string {
  if (p === '~') return home;
  if (p.startsWith('~/') || p.startsWith('~\\')) return path.join(home, p.slice(2));
  return p;
}

/** `$NAME` and `${NAME}` replaced by the variable's value; unknown variables are left as written
 *  (packages/cli/src/utils/envVarResolver.ts resolveEnvVarsInString). */
export function resolveEnvVars(s: string, env: Env): string {
  return s.replace(/\$(?:(\w+)|\{([^}]+)\})/g, (whole, bare: string | undefined, braced: string | undefined) => {
    const v = env[(bare ?? braced) as string];
    return v === undefined ? whole : v;
  });
}

/** One settings file as an object (null when missing, unreadable, over 1 MB or not a JSON object). */
function readSettingsFile(file: string): Record<string, unknown> | null {
  const r = readSkillText(file);
  if (!r.ok || r.truncated) return null;
  try {
    const v = parseJsonc(r.text.replace(/^\uFEFF/, ''), { trailingCommas: false }) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function stringList(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}

/** The settings a start in `cwd` sees. */
/** The folder of the system settings files on each platform (packages/cli/src/config/settings.ts). */
function systemFolder(platform: NodeJS.Platform): string {
  if (platform === 'darwin') return '/Library/Application Support/QwenCode';
  if (platform === 'win32') return 'C:\\ProgramData\\qwen-code';
  return '/etc/qwen-code';
}

export function readSettings(cwd: string, home: string, env: Env, platform: NodeJS.Platform = 'linux'): QwenSettings {
  const globalDir = env.QWEN_HOME ? path.resolve(cwd, expandHome(env.QWEN_HOME, home)) : path.join(home, '.qwen');
  const files: string[] = [];
  const defaults = env.QWEN_CODE_SYSTEM_DEFAULTS_PATH || path.join(systemFolder(platform), 'system-defaults.json');
  const system = env.QWEN_CODE_SYSTEM_SETTINGS_PATH || path.join(systemFolder(platform), 'settings.json');
  const user = path.join(globalDir, 'settings.json');
  const workspace = path.join(cwd, '.qwen', 'settings.json');
  const candidates = [defaults, user, system];
  if (path.resolve(workspace) !== path.resolve(user)) candidates.push(workspace);
  const out: QwenSettings = {
    globalDir,
    disabledNames: new Set(),
    disabledLevels: new Set(),
    directories: [],
    bare: isTruthy(env.QWEN_CODE_SIMPLE),
    safe: isTruthy(env.QWEN_CODE_SAFE_MODE),
    files,
  };
  for (const file of candidates) {
    const json = readSettingsFile(file);
    if (!json) continue;
    files.push(file);
    const skills = json.skills;
    if (!skills || typeof skills !== 'object' || Array.isArray(skills)) continue;
    const s = skills as Record<string, unknown>;
    for (const n of stringList(s.disabled)) out.disabledNames.add(resolveEnvVars(n, env).trim().toLowerCase());
    for (const l of stringList(s.disabledLevels)) if ((SKILL_LEVELS as readonly string[]).includes(l)) out.disabledLevels.add(l as SkillLevel);
    for (const d of stringList(s.directories)) out.directories.push(resolveEnvVars(d, env));
  }
  return out;
}
