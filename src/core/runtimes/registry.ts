// The one list of runtime profiles. Everything that names runtimes — the CLI's `--runtime` and its help,
// the `skillAuthor.runtimes` setting, detection's order, labels, the versions a verdict speaks for — is
// derived from here, so a new runtime or a new version is one entry.
//
// A runtime moves (OpenClaw ships almost every week), so each profile lists the versions it emulates, each
// with what it follows and how that was checked: `run` (the runtime's own code was run on cases and
// compared: golden data, or the release itself in the conformance suite) or `read` (its source or docs were
// read; nothing could be run here). A verdict always names the version it was judged by.

import { HERMES_VERSION_INFO, HERMES_VERSIONS } from './hermes/versions';
import { OPENCLAW_VERSION_INFO, OPENCLAW_VERSIONS } from './openclaw/versions';
import type { ResolvedVersion, RuntimeId } from './types';

export type { ResolvedVersion } from './types';

export interface RuntimeVersionInfo {
  /** The version as `--runtime id@version` takes it and `runtime_version` prints it. */
  version: string;
  /** What the profile follows at this version: a release, a commit, a documentation page. */
  follows: string;
  /** `run`: compared with the runtime's own code run on cases; `read`: from its source or docs only. */
  checked: 'run' | 'read';
}

export interface RuntimeDescriptor {
  id: RuntimeId;
  /** The runtime's name as its users know it. */
  label: string;
  /** One line for choosers (the setting's enum, the runtime picker). */
  summary: string;
  /** The versions emulated, oldest first; the last is the newest. */
  versions: readonly RuntimeVersionInfo[];
  /** How the versions compare: `release` (major.minor.patch or year.month.patch, nearest older applies to
   *  others) or `exact`. */
  versioning: 'release' | 'exact';
  /** Whether the version installed on this machine can be found (a bare id then judges by it). */
  detectsInstall?: boolean;
}

export const RUNTIMES: readonly RuntimeDescriptor[] = [
  {
    id: 'nexo',
    label: 'nexo-rs',
    summary: 'nexo-rs: gates on `requires` (bins, env, versions) with strict / warn / disable.',
    versions: [{ version: 'eec3f33', follows: 'lordmacu/nexo-rs at commit eec3f33', checked: 'run' }],
    versioning: 'exact',
  },
  {
    id: 'hermes',
    label: 'Hermes',
    summary: 'Hermes: platforms, environments, config and toolset conditions, readiness.',
    versions: HERMES_VERSIONS.map((v) => ({ version: v, follows: HERMES_VERSION_INFO[v].follows, checked: HERMES_VERSION_INFO[v].checked })),
    versioning: 'exact',
  },
  {
    id: 'openclaw',
    label: 'OpenClaw',
    summary: 'OpenClaw: `metadata.openclaw` requirements, `os`, `openclaw.json`.',
    versions: OPENCLAW_VERSIONS.map((v) => ({ version: v, follows: OPENCLAW_VERSION_INFO[v].follows, checked: 'run' as const })),
    versioning: 'release',
    detectsInstall: true,
  },
  {
    id: 'claude-code',
    label: 'Claude Code',
    summary: 'Claude Code: `~/.claude/skills` and `.claude/skills` up to the git root; its listing budget, shadowing, names.',
    versions: [{ version: '2.1.332', follows: 'the npm release @anthropic-ai/claude-code@2.1.332, run', checked: 'run' }],
    versioning: 'release',
    detectsInstall: true,
  },
  {
    id: 'codex',
    label: 'Codex',
    summary: 'Codex CLI: `.codex/skills` and `.agents/skills` from the git root, `$CODEX_HOME/skills`; its token budget.',
    versions: [{ version: '0.171.0', follows: 'the npm release @openai/codex@0.171.0, run', checked: 'run' }],
    versioning: 'release',
    detectsInstall: true,
  },
  {
    id: 'copilot-cli',
    label: 'Copilot CLI',
    summary: 'GitHub Copilot CLI: `.github/skills`, `.agents/skills`, `.claude/skills` up the tree, `~/.copilot/skills`; its budget.',
    versions: [{ version: '1.0.102', follows: 'the npm release @github/copilot@1.0.102, run', checked: 'run' }],
    versioning: 'release',
    detectsInstall: true,
  },
  {
    id: 'gemini-cli',
    label: 'Gemini CLI',
    summary: 'Gemini CLI: `~/.gemini/skills`, `~/.agents/skills`, the working folder’s `.gemini/skills` and `.agents/skills`; the later skill of a name wins.',
    versions: [{ version: '0.61.0', follows: 'the npm release @google/gemini-cli@0.61.0, run (its source read)', checked: 'run' }],
    versioning: 'release',
    detectsInstall: true,
  },
  {
    id: 'opencode',
    label: 'OpenCode',
    summary: 'OpenCode: `.claude/skills`, `.agents/skills` up to the git root, its config folders, `skills.paths`; any depth.',
    versions: [{ version: '1.18.33', follows: 'the npm release opencode-ai@1.18.33, run (its source read)', checked: 'run' }],
    versioning: 'release',
    detectsInstall: true,
  },
  {
    id: 'qwen-code',
    label: 'Qwen Code',
    summary: 'Qwen Code: the working folder’s `.qwen/skills` and `.agents/skills`, `~/.qwen/skills`, `~/.agents/skills`; the first skill of a name wins.',
    versions: [{ version: '0.24.4', follows: 'the npm release @qwen-code/qwen-code@0.24.4, run (its source read)', checked: 'run' }],
    versioning: 'release',
    detectsInstall: true,
  },
  {
    id: 'vscode',
    label: 'VS Code',
    summary:
      'VS Code’s own chat: `.agents/skills`, `.github/skills`, `.claude/skills`, `~/.copilot/skills` …; names are folder names; the first of a name wins.',
    versions: [{ version: '1.139.1', follows: 'VS Code 1.139.1 (code-server 4.139.1, its built-in Copilot Chat 0.67.0), run', checked: 'run' }],
    versioning: 'release',
  },
  {
    id: 'agentskills',
    label: 'Agent Skills clients',
    summary: 'The open Agent Skills format and its generic clients.',
    versions: [{ version: 'spec-874e339c', follows: 'the Agent Skills specification at agentskills/agentskills 874e339c', checked: 'read' }],
    versioning: 'exact',
  },
];

const BY_ID = new Map<string, RuntimeDescriptor>(RUNTIMES.map((r) => [r.id, r]));

export const RUNTIME_IDS: readonly RuntimeId[] = RUNTIMES.map((r) => r.id);

export const RUNTIME_LABELS: Readonly<Record<RuntimeId, string>> = Object.fromEntries(RUNTIMES.map((r) => [r.id, r.label])) as Record<RuntimeId, string>;

export function isRuntimeId(s: string): s is RuntimeId {
  return BY_ID.has(s);
}

export function runtimeDescriptor(id: RuntimeId): RuntimeDescriptor {
  return BY_ID.get(id) as RuntimeDescriptor;
}

export function newestVersion(id: RuntimeId): string {
  const versions = runtimeDescriptor(id).versions;
  return (versions[versions.length - 1] as RuntimeVersionInfo).version;
}

/** Every runtime and every `id@version` the profiles support, for choosers and the setting's enum. */
export function runtimeSpecs(): string[] {
  return RUNTIMES.flatMap((r) => [r.id, ...r.versions.map((v) => `${r.id}@${v.version}`)]);
}

/** A runtime as the user names it: `openclaw` or `openclaw@2026.9.6`. */
export interface RuntimeSpec {
  runtime: RuntimeId;
  /** The version asked for; absent: the installed one when found, else the newest. */
  version?: string;
}

/** `openclaw@2026.9.6` → { runtime, version }; null when the runtime is unknown or the version blank. */
export function parseRuntimeSpec(text: string): RuntimeSpec | null {
  const at = text.indexOf('@');
  const id = (at < 0 ? text : text.slice(0, at)).trim();
  if (!isRuntimeId(id)) return null;
  if (at < 0) return { runtime: id };
  const version = text.slice(at + 1).trim();
  return version ? { runtime: id, version } : null;
}

/** `2026.9.6`, `2026.7.1-beta.2` → [2026, 9, 6]; null when it is not a year.month.patch release. */
function releaseKey(v: string): [number, number, number] | null {
  const m = /^v?(\d+)\.(\d+)\.(\d+)(?:[-+].*)?$/.exec(v.trim());
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : null;
}

function compareKeys(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < 3; i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) - (b[i] ?? 0);
  return 0;
}

/** The emulated version that judges `wanted`: itself when emulated; for a release runtime, the nearest
 *  older emulated release (the oldest when `wanted` predates them all); otherwise null. */
export function supportedVersionFor(id: RuntimeId, wanted: string): { version: string; exact: boolean } | null {
  const d = runtimeDescriptor(id);
  if (d.versions.some((v) => v.version === wanted)) return { version: wanted, exact: true };
  if (d.versioning !== 'release') return null;
  const key = releaseKey(wanted);
  if (!key) return null;
  let best: string | null = null;
  for (const v of d.versions) {
    const k = releaseKey(v.version);
    if (k && compareKeys(k, key) <= 0) best = v.version;
  }
  const exact = best !== null && compareKeys(releaseKey(best) as number[], key) === 0;
  if (best === null) best = (d.versions[0] as RuntimeVersionInfo).version;
  return { version: best, exact };
}

/** The version `id` is judged by: the one asked for, else the one installed here, else the newest. */
export function resolveVersion(id: RuntimeId, asked: string | undefined, installed: { version: string; at: string } | null): ResolvedVersion {
  const label = runtimeDescriptor(id).label;
  if (asked !== undefined) {
    const s = supportedVersionFor(id, asked);
    if (s?.exact && s.version === asked) return { runtime: id, version: asked, source: 'asked' };
    if (s)
      return {
        runtime: id,
        version: s.version,
        source: 'asked',
        requested: asked,
        note: `${label} ${asked} is not emulated; judged by ${s.version}, ${nearestWords(id, s.version, asked)}.`,
      };
    const newest = newestVersion(id);
    return {
      runtime: id,
      version: newest,
      source: 'asked',
      requested: asked,
      note: `${label} ${asked} is not a version Skill Author knows; judged by ${newest}, the newest emulated.`,
    };
  }
  if (installed) {
    const s = supportedVersionFor(id, installed.version);
    if (s?.exact && s.version === installed.version) return { runtime: id, version: s.version, source: 'installed', foundAt: installed.at };
    if (s)
      return {
        runtime: id,
        version: s.version,
        source: 'installed',
        requested: installed.version,
        foundAt: installed.at,
        note: `${label} ${installed.version} is installed here (${installed.at}); judged by ${s.version}, ${nearestWords(id, s.version, installed.version)}.`,
      };
    const newest = newestVersion(id);
    return {
      runtime: id,
      version: newest,
      source: 'installed',
      requested: installed.version,
      foundAt: installed.at,
      note: `${label} at ${installed.at} reports version ${installed.version}, which Skill Author cannot place; judged by ${newest}, the newest emulated.`,
    };
  }
  return { runtime: id, version: newestVersion(id), source: 'newest' };
}

function nearestWords(id: RuntimeId, judged: string, wanted: string): string {
  const k = releaseKey(wanted);
  const j = releaseKey(judged);
  if (k && j && compareKeys(k, j) === 0) return 'the same release';
  if (k && j && compareKeys(k, j) < 0) return 'the oldest release emulated';
  return `the nearest older release emulated (newer ${runtimeDescriptor(id).label} releases may differ)`;
}

/** One line for a runtime spec in choosers (the `skillAuthor.runtimes` setting's enumDescriptions). */
export function runtimeSpecDescription(spec: string): string {
  const parsed = parseRuntimeSpec(spec);
  if (!parsed) return '';
  const d = runtimeDescriptor(parsed.runtime);
  if (parsed.version === undefined) {
    if (d.versions.length === 1) return `${d.summary} (${(d.versions[0] as RuntimeVersionInfo).version})`;
    if (d.detectsInstall) return `${d.summary} The version installed here when found, else the newest emulated (${newestVersion(d.id)}).`;
    return `${d.summary} The newest version emulated (${newestVersion(d.id)}).`;
  }
  const v = d.versions.find((x) => x.version === parsed.version);
  return v ? `${d.label} ${v.version}: ${v.follows}.` : '';
}

/** A runtime named with the version a verdict speaks for: `OpenClaw 2026.9.6` (the label alone without one). */
export function runtimeTitle(id: RuntimeId, version?: string): string {
  const label = runtimeDescriptor(id).label;
  return version ? `${label} ${version}` : label;
}
