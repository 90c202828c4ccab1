// What Gemini CLI 0.61.0's settings say about skills (RULES.md §5), and whether the working folder is trusted.
//
// The files (packages/cli/src/config/settings.ts _doLoadSettings, getSystemSettingsPath, getSystemDefaultsPath):
//  - system defaults: GEMINI_CLI_SYSTEM_DEFAULTS_PATH, else `system-defaults.json` beside the system settings;
//  - user: `<home>/.gemini/settings.json`, where home is GEMINI_CLI_HOME when set, else HOME
//    (packages/core/src/utils/paths.ts homedir);
//  - workspace: `<cwd>/.gemini/settings.json`, read only when the folder is trusted and is not the home folder
//    itself (storage.ts isWorkspaceHomeDir: real paths compared), case e03;
//  - system: GEMINI_CLI_SYSTEM_SETTINGS_PATH, else /etc/gemini-cli/settings.json (on Linux).
// Each is JSON with line (`//`) and block comments allowed (strip-json-comments), and `$VAR`, `${VAR}` and
// `${VAR:-default}` in every string are replaced from the environment (packages/cli/src/utils/envVarResolver.ts),
// so `skills.disabled` may name a skill through a variable (case e02).
//
// Merged (settings.ts mergeSettings, settingsSchema.ts `skills`): `skills.enabled` — the last of system
// defaults, user, workspace, system that sets it wins (default true); `skills.disabled` — the union of all four
// lists (MergeStrategy.UNION). `skills.enabled: false` turns skills off altogether: nothing is discovered and
// there is no section (packages/core/src/config/config.ts initialize, case e01). `admin.skills.enabled` in a
// file is ignored: only remote admin settings count (settings.ts, "file-based admin settings … are ignored",
// case e01).
//
// Trust (packages/core/src/utils/trust.ts checkPathTrust): GEMINI_CLI_TRUST_WORKSPACE=true trusts (the runner
// sets it, so every case is trusted), `false` distrusts; otherwise a folder is trusted when folder trust is off
// (`security.folderTrust.enabled: false`; it is on by default: packages/cli/src/config/trustedFolders.ts
// isFolderTrustEnabled), else by the longest matching rule of ~/.gemini/trustedFolders.json (or
// GEMINI_CLI_TRUSTED_FOLDERS_PATH). In `-p` mode a folder that is not trusted while folder trust is on stops
// the release before any request (packages/cli/src/utils/userStartupWarnings.ts folderTrustCheck). These trust
// rules come from the source only; the runner cannot show them.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { readSkillText } from '../../machine/skillText';
import { parseJsonc } from '../../machine/jsonc';

type Env = Readonly<Record<string, string | undefined>>;

export interface GeminiSettings {
  /** `skills.enabled` as merged (true unless a file says otherwise). */
  skillsEnabled: boolean;
  /** The file whose `skills.enabled` decided, when one did. */
  enabledFrom: string | null;
  /** `skills.disabled`, all files together, as written (the release compares them without case). */
  disabled: string[];
  /** Whether the working folder is trusted (workspace settings and skills are read only then). */
  trusted: boolean;
  /** Folder trust is on and nothing decides this folder's: Gemini CLI would ask (interactive) or stop (`-p`). */
  trustUndecided: boolean;
  /** The release refuses to start: a settings file that is not a JSON object, or an untrusted folder in `-p`
   *  mode with folder trust on. Words for the report. */
  fatal: string | null;
  /** The workspace settings file, when it was read. */
  workspaceFile: string | null;
}

/** packages/core/src/utils/paths.ts homedir: GEMINI_CLI_HOME, else the home folder. */
export function geminiHome(home: string, env: Env): string {
  const h = env.GEMINI_CLI_HOME;
  return h ? h : home;
}

/** envVarResolver.ts resolveEnvVarsInString: `$NAME`, `${NAME}`, `${NAME:-default}`; unknown ones stay. */
export function expandEnv(value: string, env: Env): string {
  return value.replace(/\$(?:(\w+)|{([^}]+?)(?::-([^}]*))?})/g, (match: string, a?: string, b?: string, dflt?: string) => {
    const name = a || b || '';
    if (!name) return match;
    const v = env[name];
    if (typeof v === 'string') return v;
    return dflt !== undefined ? dflt : match;
  });
}

type Loaded = { ok: true; value: Record<string, unknown> | null } | { ok: false; why: string };

/** One settings file: null when absent; an error when it is not a JSON object (the release stops). */
function loadFile(file: string): Loaded {
  let exists = false;
  try {
    exists = fs.existsSync(file);
  } catch {
    exists = false;
  }
  if (!exists) return { ok: true, value: null };
  const r = readSkillText(file);
  if (!r.ok) return { ok: false, why: `${file}: ${r.why}` };
  if (r.truncated) return { ok: false, why: `${file}: too large to read here` };
  let parsed: unknown;
  try {
    parsed = parseJsonc(r.text, { trailingCommas: false });
  } catch (error) {
    return { ok: false, why: `${file}: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return { ok: false, why: `${file}: Settings file is not a valid JSON object.` };
  return { ok: true, value: parsed as Record<string, unknown> };
}

function objectAt(o: Record<string, unknown> | null, key: string): Record<string, unknown> | null {
  const v = o?.[key];
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
}

function realOrResolved(p: string): string {
  try {
    return fs.realpathSync(p);
  } catch {
    return path.resolve(p);
  }
}

function isSubpath(parent: string, child: string): boolean {
  const rel = path.relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/** trust.ts LoadedTrustedFolders.isPathTrusted: the longest rule containing the folder decides. */
function trustedByFile(file: string, cwd: string): { trusted: boolean | undefined; error: string | null } {
  const loaded = loadFile(file);
  if (!loaded.ok) return { trusted: undefined, error: loaded.why };
  const rules = loaded.value ?? {};
  const where = realOrResolved(cwd);
  let best = -1;
  let level: string | undefined;
  for (const [rule, value] of Object.entries(rules)) {
    if (value !== 'TRUST_FOLDER' && value !== 'TRUST_PARENT' && value !== 'DO_NOT_TRUST') continue;
    const effective = value === 'TRUST_PARENT' ? path.dirname(rule) : rule;
    if (isSubpath(realOrResolved(effective), where) && rule.length > best) {
      best = rule.length;
      level = value;
    }
  }
  return { trusted: level === 'DO_NOT_TRUST' ? false : level ? true : undefined, error: null };
}

export function readSettings(cwd: string, home: string, env: Env): GeminiSettings {
  const gHome = geminiHome(home, env);
  const systemFile = env.GEMINI_CLI_SYSTEM_SETTINGS_PATH || '/etc/gemini-cli/settings.json';
  const defaultsFile = env.GEMINI_CLI_SYSTEM_DEFAULTS_PATH || path.join(path.dirname(systemFile), 'system-defaults.json');
  const userFile = path.join(gHome, '.gemini', 'settings.json');
  const workspaceFile = path.join(cwd, '.gemini', 'settings.json');
  const isHomeDir = realOrResolved(cwd) === realOrResolved(gHome);

  const out: GeminiSettings = { skillsEnabled: true, enabledFrom: null, disabled: [], trusted: true, trustUndecided: false, fatal: null, workspaceFile: null };
  const files: Array<{ file: string; value: Record<string, unknown> | null; workspace: boolean }> = [];
  for (const [file, workspace] of [
    [defaultsFile, false],
    [userFile, false],
    [isHomeDir ? null : workspaceFile, true],
    [systemFile, false],
  ] as const) {
    if (file === null) continue;
    const loaded = loadFile(file);
    if (!loaded.ok) {
      out.fatal ??= `settings file is not valid JSON (${loaded.why})`;
      files.push({ file, value: null, workspace });
      continue;
    }
    files.push({ file, value: loaded.value, workspace });
  }

  // Trust is decided from the files other than the workspace's (settings.ts: "for the initial trust check, we
  // can only use user and system settings").
  let folderTrust = true;
  for (const f of files) {
    if (f.workspace) continue;
    const v = objectAt(objectAt(f.value, 'security'), 'folderTrust')?.enabled;
    if (v !== undefined) folderTrust = v !== false;
  }
  const envTrust = env.GEMINI_CLI_TRUST_WORKSPACE;
  let trusted: boolean | undefined;
  if (envTrust === 'true') trusted = true;
  else if (envTrust === 'false') trusted = false;
  else if (!folderTrust) trusted = true;
  else {
    const t = trustedByFile(env.GEMINI_CLI_TRUSTED_FOLDERS_PATH || path.join(gHome, '.gemini', 'trustedFolders.json'), cwd);
    if (t.error) out.fatal ??= `trusted folders file is not valid (${t.error})`;
    trusted = t.trusted;
  }
  out.trusted = trusted === true;
  // No rule decides: started interactively, Gemini CLI asks whether to trust the folder — a step of setup.
  out.trustUndecided = folderTrust && trusted === undefined && envTrust === undefined;
  if (folderTrust && trusted !== true)
    out.fatal ??=
      'the working folder is not trusted (folder trust is on, and no rule of ~/.gemini/trustedFolders.json trusts it): started with -p, Gemini CLI stops; started interactively it asks first, and reads no project skill until the folder is trusted';

  for (const f of files) {
    if (f.workspace && !out.trusted) continue;
    if (f.workspace && f.value) out.workspaceFile = f.file;
    const skills = objectAt(f.value, 'skills');
    if (!skills) continue;
    if ('enabled' in skills && skills.enabled !== undefined && skills.enabled !== null) {
      // A string is kept as it is by the release (a validation warning only): any non-empty string is on.
      out.skillsEnabled = typeof skills.enabled === 'string' ? expandEnv(skills.enabled, env) !== '' : Boolean(skills.enabled);
      out.enabledFrom = f.file;
    }
    if (Array.isArray(skills.disabled)) for (const d of skills.disabled) if (typeof d === 'string') out.disabled.push(expandEnv(d, env));
  }
  return out;
}
