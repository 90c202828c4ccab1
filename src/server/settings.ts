// The server's settings: `initializationOptions` first, then the client's `skillAuthor` configuration
// section (`workspace/configuration`, `workspace/didChangeConfiguration`) over it. Trust is the exception: it
// comes only from the client that starts the server (`initializationOptions.trusted === true`) or from
// `skill-author lsp --stdio --trusted`, never from configuration a workspace may carry.

import { homedir } from 'node:os';
import * as path from 'node:path';
import type { RuntimeChoices } from '../core/runtimes';
import { parseRuntimeList } from '../core/runtimes/detect';
import { DEFAULT_SETTINGS, type ServerSettings } from '../shared/protocol';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const strings = (v: unknown): string[] | undefined => (Array.isArray(v) && v.every((x) => typeof x === 'string') ? (v as string[]) : undefined);

/** `over`'s valid values on top of `base`; unknown keys and values of the wrong type are ignored, and
 *  `problems` says which. `trust`: whether `over` may set `trusted`. */
export function mergeSettings(base: ServerSettings, over: unknown, trust: boolean, problems: string[] = []): ServerSettings {
  const out: ServerSettings = { ...base };
  if (!isObject(over)) return out;
  const bad = (key: string): void => void problems.push(`setting \`${key}\` has a value of the wrong type; ignored`);
  for (const [key, value] of Object.entries(over)) {
    if (value === undefined) continue;
    switch (key) {
      case 'trusted':
        if (!trust) problems.push('`trusted` is only read from initializationOptions');
        else if (typeof value === 'boolean') out.trusted = value;
        else bad(key);
        break;
      case 'probes':
      case 'background':
      case 'defaultRoots':
        if (typeof value === 'boolean') out[key] = value;
        else bad(key);
        break;
      case 'probeTimeoutMs':
      case 'debounceMs':
        if (typeof value === 'number' && Number.isFinite(value) && value >= 0)
          out[key] = key === 'debounceMs' ? Math.min(value, 5000) : Math.max(100, Math.min(value, 60000));
        else bad(key);
        break;
      case 'probeConcurrency':
        if (typeof value === 'number' && Number.isFinite(value) && value >= 1) out.probeConcurrency = Math.min(32, Math.round(value));
        else bad(key);
        break;
      case 'extraPath':
      case 'envFiles':
        // As the extension reads them: blank entries dropped, the others trimmed.
        if (strings(value)) out[key] = (value as string[]).map((v) => v.trim()).filter((v) => v !== '');
        else bad(key);
        break;
      case 'runtimes': {
        const list = strings(value);
        const parsed = list ? parseRuntimeList(list.join(',')) : null;
        if (parsed && parsed.unknown.length === 0 && parsed.conflicts.length === 0) out.runtimes = (list as string[]).map((r) => r.trim()).filter(Boolean);
        else bad(key);
        break;
      }
      case 'tools':
      case 'toolsets':
      case 'environments':
        if (value === null || strings(value)) out[key] = value as string[] | null;
        else bad(key);
        break;
      case 'roots':
        if (strings(value)) out.roots = value as string[];
        else bad(key);
        break;
      case 'hermesHome':
      case 'openclawConfig':
      case 'agentsFile':
        if (typeof value === 'string') out[key] = value;
        else bad(key);
        break;
      default:
        problems.push(`unknown setting \`${key}\`; ignored`);
    }
  }
  return out;
}

export function initialSettings(initializationOptions: unknown, trustedFlag: boolean, problems: string[] = []): ServerSettings {
  const s = mergeSettings({ ...DEFAULT_SETTINGS }, initializationOptions, true, problems);
  if (trustedFlag) s.trusted = true;
  return s;
}

/** A path setting: absolute, `~/…`, or relative to `base` (the first workspace folder); `${workspaceFolder}`
 *  stands for `base`, as in the extension's settings. */
export function resolveSettingPath(p: string, base: string): string {
  const v = p.trim().replace(/\$\{workspaceFolder\}/g, base);
  if (v === '~' || v.startsWith('~/')) return path.join(homedir(), v.slice(1));
  return path.resolve(base, v);
}

/** The personal skill folders the usual agents read, extra roots with `defaultRoots` when they exist. */
export const PERSONAL_ROOTS: readonly string[] = ['~/.hermes/skills', '~/.claude/skills', '~/.agents/skills', '~/.copilot/skills'];

/** The settings as the CLI's runtime options (check's `--runtime`, `--tools`, …). */
export function runtimeChoicesOf(s: ServerSettings, base: string): RuntimeChoices {
  const choices: RuntimeChoices = {};
  if (s.runtimes.length) {
    const { runtimes, versions } = parseRuntimeList(s.runtimes.join(','));
    choices.pinned = runtimes;
    if (Object.keys(versions).length) choices.versions = versions;
  }
  if (s.tools) choices.tools = s.tools;
  if (s.toolsets) choices.toolsets = s.toolsets;
  if (s.environments) choices.environments = s.environments;
  if (s.hermesHome) choices.hermesHome = resolveSettingPath(s.hermesHome, base);
  if (s.openclawConfig) choices.openclawConfig = resolveSettingPath(s.openclawConfig, base);
  return choices;
}

/** Whether the server may spawn probes. */
export function mayProbe(s: ServerSettings): boolean {
  return s.trusted && s.probes;
}
