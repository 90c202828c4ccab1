// The settings VS Code 1.139.1 reads for its skills section, from the user settings and the workspace's
// `.vscode/settings.json` (RULES.md §1, §6, §7).
//
// Where the user settings are: desktop VS Code keeps them in `<config>/Code/User/settings.json` (`~/.config` on
// Linux, `~/Library/Application Support` on macOS, `%APPDATA%` on Windows); code-server in its user-data folder,
// by default `~/.local/share/code-server/User/settings.json` — where the golden runner writes them
// (test/conformance/vscode/run.mjs). `SKILL_AUTHOR_VSCODE_USER_SETTINGS` names the file outright. The first of
// these that exists is read.
//
// Values (src/vs/platform/configuration: the default, user and workspace layers): a workspace value wins over a
// user value, which wins over the default; an object value is merged key by key over the layers below it
// (defaults first), which is how `chat.agentSkillsLocations` keeps its six default folders while the user adds
// one (case a03). Workspace values count because the runs trust the workspace; VS Code ignores these
// `restricted` settings in an untrusted one.
//
// The settings (src/vs/workbench/contrib/chat/common/promptSyntax/config/config.ts PromptsConfig, and Copilot's):
//  - `chat.useAgentSkills` (default true): off, there is no skills section at all (promptsServiceImpl.ts
//    findAgentSkills, case d02);
//  - `chat.agentSkillsLocations`: the folders searched (./discover.ts);
//  - `chat.useCustomizationsInParentRepositories` (default false): also the folders up to the git root;
//  - `chat.experimental.useSkillAdherencePrompt`: the longer header (computeAutomaticInstructions.ts);
//  - `github.copilot.chat.skillTool.enabled`: Copilot offers its `skill` tool, and with it comes the budget;
//  - `github.copilot.chat.agentDebugLog.fileLogging.enabled`: lets `…/troubleshoot/SKILL.md` be listed.
// VS Code tests these with plain truthiness (`if (value)`), so `"false"` in quotes counts as on; the skill tool
// is Copilot's boolean setting and counts only when `true`.

import * as path from 'node:path';
import { readSkillText } from '../../machine/skillText';
import { parseJsonc } from '../../machine/jsonc';

type Env = Readonly<Record<string, string | undefined>>;
type Json = Record<string, unknown>;

export interface VsCodeSettings {
  userFile: string | null;
  workspaceFile: string | null;
  user: Json;
  workspace: Json;
  useAgentSkills: boolean;
  skillTool: boolean;
  adherence: boolean;
  fileLogging: boolean;
  parentRepos: boolean;
  /** `chat.agentSkillsLocations` as VS Code returns it: the defaults with the user's and the workspace's keys
   *  merged over them, or a value of another type that replaced the object (then no folder is searched). */
  locations: unknown;
}

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** JSON with comments and trailing commas (VS Code's settings files), or null when it cannot be read. */
function settingsJson(text: string): unknown {
  try {
    return parseJsonc(text, { trailingCommas: true });
  } catch {
    return null;
  }
}

function readSettingsFile(file: string): Json | null {
  const r = readSkillText(file);
  if (!r.ok || r.truncated) return null;
  const v = settingsJson(r.text.replace(/^\uFEFF/, ''));
  return isObject(v) ? v : null;
}

/** The user settings files to try, in order (the first that exists is read). */
export function userSettingsCandidates(home: string, env: Env, platform: NodeJS.Platform): string[] {
  const files: string[] = [];
  if (env.SKILL_AUTHOR_VSCODE_USER_SETTINGS) files.push(env.SKILL_AUTHOR_VSCODE_USER_SETTINGS);
  if (platform === 'darwin') files.push(path.join(home, 'Library', 'Application Support', 'Code', 'User', 'settings.json'));
  else if (platform === 'win32') files.push(path.join(env.APPDATA || path.join(home, 'AppData', 'Roaming'), 'Code', 'User', 'settings.json'));
  else files.push(path.join(env.XDG_CONFIG_HOME || path.join(home, '.config'), 'Code', 'User', 'settings.json'));
  files.push(path.join(home, '.local', 'share', 'code-server', 'User', 'settings.json'));
  return files;
}

/** A setting's value in one file: the dotted key as written, else the same path through nested objects. */
function valueIn(settings: Json, key: string): unknown {
  if (key in settings) return settings[key];
  let cur: unknown = settings;
  for (const part of key.split('.')) {
    if (!isObject(cur) || !(part in cur)) return undefined;
    cur = cur[part];
  }
  return cur;
}

/** VS Code's merge of two layers: objects key by key (recursively), anything else replaces. */
function mergeLayer(base: unknown, over: unknown): unknown {
  if (over === undefined) return base;
  if (!isObject(base) || !isObject(over)) return over;
  const out: Json = { ...base };
  for (const [k, v] of Object.entries(over)) out[k] = mergeLayer(out[k], v);
  return out;
}

export function readSettings(cwd: string, home: string, env: Env, platform: NodeJS.Platform, defaultLocations: readonly string[]): VsCodeSettings {
  let userFile: string | null = null;
  let user: Json = {};
  for (const f of userSettingsCandidates(home, env, platform)) {
    const s = readSettingsFile(f);
    if (s) {
      userFile = f;
      user = s;
      break;
    }
  }
  const wsPath = path.join(cwd, '.vscode', 'settings.json');
  const ws = readSettingsFile(wsPath);
  const workspace = ws ?? {};
  const get = (key: string, fallback: unknown): unknown => {
    const w = valueIn(workspace, key);
    if (w !== undefined) return w;
    const u = valueIn(user, key);
    return u !== undefined ? u : fallback;
  };
  const defaults: Json = Object.fromEntries(defaultLocations.map((p) => [p, true]));
  const locations = mergeLayer(mergeLayer(defaults, valueIn(user, 'chat.agentSkillsLocations')), valueIn(workspace, 'chat.agentSkillsLocations'));
  return {
    userFile,
    workspaceFile: ws ? wsPath : null,
    user,
    workspace,
    useAgentSkills: !!get('chat.useAgentSkills', true),
    skillTool: get('github.copilot.chat.skillTool.enabled', false) === true,
    adherence: !!get('chat.experimental.useSkillAdherencePrompt', false),
    fileLogging: !!get('github.copilot.chat.agentDebugLog.fileLogging.enabled', false),
    parentRepos: get('chat.useCustomizationsInParentRepositories', false) === true,
    locations,
  };
}
