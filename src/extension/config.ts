// The extension's settings, read through one typed class (the rust-analyzer habit): features ask
// `ctx.config.diagnostics` / `ctx.config.skills` instead of calling `getConfiguration` with string keys, and
// get an event when a setting they use changes. Every setting takes effect immediately; none needs a restart.
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { parseRuntimeSpec } from '../core/runtimes/registry';

export const SECTION = 'skillAuthor';

export interface DiagnosticsSettings {
  /**
   * Report findings that VS Code's own `skill` validator (owner `prompts-diagnostics-provider`) already
   * reports on `skill` documents. Default false: say each fact once.
   */
  readonly showOverlapping: boolean;
  /** Quiet time after the last edit before a document is analyzed again (clamped to 0–250 ms). */
  readonly debounceMs: number;
  /** Report findings for SKILL.md files that are not open (from the background scan). */
  readonly background: boolean;
}

/** The index layouts a preview shows: the engine's three, OpenClaw's skills prompt, each agent CLI's section and
 *  VS Code's own listing. */
export const INDEX_FORMATS = [
  'hermes',
  'xml',
  'nexo',
  'openclaw',
  'claude-code',
  'codex',
  'copilot-cli',
  'gemini-cli',
  'opencode',
  'qwen-code',
  'vscode',
] as const;
export type IndexFormat = (typeof INDEX_FORMATS)[number];

/** Which runtimes judge the skills, and the context of those that need one (the CLI's `--runtime`,
 *  `--tools`, `--toolsets`, `--environments`, `--hermes-home`, `--openclaw-config`). */
export interface RuntimeSettings {
  /** Pinned runtimes, each `id` or `id@version`; empty: detected per skill. */
  readonly pinned: readonly string[];
  /** Hermes's home as given ('' = `$HERMES_HOME`, else `~/.hermes`). */
  readonly hermesHome: string;
  /** null: none given (Hermes's conditions hide nothing). */
  readonly tools: readonly string[] | null;
  readonly toolsets: readonly string[] | null;
  /** null: detected as Hermes does. */
  readonly environments: readonly string[] | null;
  /** `openclaw.json` as given ('' = found as OpenClaw finds it). */
  readonly openclawConfig: string;
}

export interface SkillSettings {
  /** Extra skill roots as given (absolute, `~/…`, or relative to the first workspace folder). */
  readonly roots: readonly string[];
  /** Include `~/.hermes/skills`, `~/.claude/skills`, `~/.agents/skills`, `~/.copilot/skills` when they exist. */
  readonly defaultRoots: boolean;
  /** Agents file as given; '' = look for `config/agents.yaml` (or `agents.yaml`) in each workspace folder. */
  readonly agentsFile: string;
  /** Run `<bin> --version` probes at all (never in an untrusted workspace). */
  readonly probes: boolean;
  readonly probeTimeoutMs: number;
  readonly probeConcurrency: number;
  /** Directories appended to PATH for lookups and probes (machine scope). */
  readonly extraPath: readonly string[];
  /** `.env`-style files whose variable NAMES count as set (values are read only to test blankness). */
  readonly envFiles: readonly string[];
  readonly indexFormat: IndexFormat;
}

/** The ceiling for live validation: a finding follows a keystroke within 250 ms. */
export const MAX_DEBOUNCE_MS = 250;
export const DEFAULT_DEBOUNCE_MS = 150;
/** The runtime's probe timeout. */
export const DEFAULT_PROBE_TIMEOUT_MS = 5000;
export const DEFAULT_PROBE_CONCURRENCY = 4;

export class Config implements vscode.Disposable {
  private currentDiagnostics: DiagnosticsSettings;
  private currentSkills: SkillSettings;
  private currentRuntimes: RuntimeSettings;
  private readonly changed = new vscode.EventEmitter<vscode.ConfigurationChangeEvent>();
  private readonly listener: vscode.Disposable;

  /** Fires after the settings under `skillAuthor` changed and were re-read; the event tells which. */
  readonly onDidChange: vscode.Event<vscode.ConfigurationChangeEvent> = this.changed.event;

  constructor() {
    this.currentDiagnostics = readDiagnostics();
    this.currentSkills = readSkills();
    this.currentRuntimes = readRuntimes();
    this.listener = vscode.workspace.onDidChangeConfiguration((e) => {
      if (!e.affectsConfiguration(SECTION)) return;
      this.currentDiagnostics = readDiagnostics();
      this.currentSkills = readSkills();
      this.currentRuntimes = readRuntimes();
      this.changed.fire(e);
    });
  }

  get diagnostics(): DiagnosticsSettings {
    return this.currentDiagnostics;
  }

  get skills(): SkillSettings {
    return this.currentSkills;
  }

  get runtimes(): RuntimeSettings {
    return this.currentRuntimes;
  }

  dispose(): void {
    this.listener.dispose();
    this.changed.dispose();
  }
}

function clampInt(value: unknown, min: number, max: number, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? Math.min(max, Math.max(min, Math.round(value))) : fallback;
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v.trim() !== '').map((v) => v.trim()) : [];
}

function readDiagnostics(): DiagnosticsSettings {
  const c = vscode.workspace.getConfiguration(`${SECTION}.diagnostics`);
  return {
    showOverlapping: c.get<boolean>('showOverlapping', false) === true,
    debounceMs: clampInt(c.get('debounceMs'), 0, MAX_DEBOUNCE_MS, DEFAULT_DEBOUNCE_MS),
    background: c.get<boolean>('background', true) !== false,
  };
}

function readSkills(): SkillSettings {
  const c = vscode.workspace.getConfiguration(SECTION);
  const format = c.get<string>('index.defaultFormat', 'hermes');
  return {
    roots: strings(c.get('roots')),
    defaultRoots: c.get<boolean>('defaultRoots', true) !== false,
    agentsFile: (c.get<string>('agentsFile', '') ?? '').trim(),
    probes: c.get<boolean>('probes.enabled', true) !== false,
    probeTimeoutMs: clampInt(c.get('probes.timeoutMs'), 100, 60_000, DEFAULT_PROBE_TIMEOUT_MS),
    probeConcurrency: clampInt(c.get('probes.concurrency'), 1, 32, DEFAULT_PROBE_CONCURRENCY),
    extraPath: strings(c.get('path.extraDirs')),
    envFiles: strings(c.get('envFiles')),
    indexFormat: (INDEX_FORMATS as readonly string[]).includes(format) ? (format as IndexFormat) : 'hermes',
  };
}

function optionalStrings(value: unknown): string[] | null {
  return Array.isArray(value) ? strings(value) : null;
}

function readRuntimes(): RuntimeSettings {
  const c = vscode.workspace.getConfiguration(SECTION);
  const pinned = strings(c.get('runtimes'));
  return {
    pinned: pinned.map((p) => p.trim()).filter((p) => parseRuntimeSpec(p) !== null),
    hermesHome: (c.get<string>('hermes.home', '') ?? '').trim(),
    tools: optionalStrings(c.get('hermes.tools')),
    toolsets: optionalStrings(c.get('hermes.toolsets')),
    environments: optionalStrings(c.get('hermes.environments')),
    openclawConfig: (c.get<string>('openclaw.config', '') ?? '').trim(),
  };
}

/**
 * A path from a setting as an absolute path: `~` is the home folder, `${workspaceFolder}` the first
 * workspace folder, and relative paths resolve against the first workspace folder (null when there is none).
 */
export function resolveSettingPath(value: string): string | null {
  const folder = vscode.workspace.workspaceFolders?.find((f) => f.uri.scheme === 'file')?.uri.fsPath;
  let v = value.replace(/\$\{workspaceFolder\}/g, folder ?? '\0');
  if (v.includes('\0')) return null;
  if (v === '~' || v.startsWith('~/') || v.startsWith('~\\')) v = path.join(os.homedir(), v.slice(1));
  if (path.isAbsolute(v)) return path.normalize(v);
  return folder ? path.join(folder, v) : null;
}
