// Which runtimes apply to a skill. The rule is meant to be predicted by an author, and every verdict names
// the runtime it is for, so the rule is simple and said in words next to each result:
//
// 1. Pinned: when the user names runtimes (the `--runtime` option; an editor setting is to come),
//    exactly those apply, to every skill.
// 2. Otherwise the union of
//    a. where the skill lives: a folder below `$HERMES_HOME/skills` (default `~/.hermes/skills`) → hermes;
//       below `~/.openclaw/` → openclaw; below a `.claude/skills` folder (a project's or `~/.claude/skills`)
//       → claude-code; below `.github/skills` or `~/.copilot/skills` → vscode; below `.agents/skills` →
//       agentskills; below a nexo-rs agents file's `skills_dir` → nexo;
//    b. the fields it uses: `requires` → nexo; `platforms`, `prerequisites`, `environments`,
//       `required_environment_variables`, `required_credential_files`, `setup` or `metadata.hermes` →
//       hermes; `metadata.openclaw` → openclaw.
// 3. When neither says anything: agentskills, the open format every generic client reads.
// The result is in the fixed order of RUNTIME_IDS, so the same skill always lists its runtimes alike.

import * as path from 'node:path';
import { parseRuntimeSpec, RUNTIME_IDS } from './registry';
import type { RuntimeId } from './types';

export interface Applicability {
  runtime: RuntimeId;
  /** Why it applies, completing "applies because …" (shown in tooltips and `check`). */
  why: string;
}

export interface DetectInput {
  /** Absolute path of the skill folder. */
  dir: string;
  /** The frontmatter as the author wrote it (a plain map), or null when there is none. */
  data: Readonly<Record<string, unknown>> | null;
  home: string;
  env: Readonly<Record<string, string | undefined>>;
  /** Absolute `skills_dir`s of the nexo-rs agents file(s) in view. */
  nexoSkillsDirs?: readonly string[];
  /** Runtimes the user pinned; empty or absent: detect. */
  pinned?: readonly RuntimeId[];
}

const HERMES_FIELDS = ['platforms', 'prerequisites', 'environments', 'required_environment_variables', 'required_credential_files', 'setup'];

export { isRuntimeId } from './registry';

export interface RuntimeList {
  runtimes: RuntimeId[];
  /** The versions named with `id@version`. */
  versions: Partial<Record<RuntimeId, string>>;
  /** Items that name no runtime (or a blank version). */
  unknown: string[];
  /** Runtimes named with two different versions (one run judges by one version of each). */
  conflicts: RuntimeId[];
}

/** Parse a comma-separated runtime list (`--runtime hermes,openclaw@2026.9.6`); unknown names are returned
 *  apart. A version that the profile does not emulate is kept: it is judged by the nearest older release and
 *  says so (registry.ts resolveVersion). */
export function parseRuntimeList(text: string): RuntimeList {
  const out: RuntimeList = { runtimes: [], versions: {}, unknown: [], conflicts: [] };
  for (const part of text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const spec = parseRuntimeSpec(part);
    if (!spec) {
      out.unknown.push(part);
      continue;
    }
    if (!out.runtimes.includes(spec.runtime)) out.runtimes.push(spec.runtime);
    if (spec.version === undefined) continue;
    const before = out.versions[spec.runtime];
    if (before !== undefined && before !== spec.version) {
      if (!out.conflicts.includes(spec.runtime)) out.conflicts.push(spec.runtime);
    } else out.versions[spec.runtime] = spec.version;
  }
  return out;
}

export function applicableRuntimes(input: DetectInput): Applicability[] {
  if (input.pinned && input.pinned.length) {
    return RUNTIME_IDS.filter((r) => input.pinned?.includes(r)).map((runtime) => ({ runtime, why: 'it was chosen with --runtime' }));
  }
  const found = new Map<RuntimeId, string>();
  const add = (runtime: RuntimeId, why: string): void => {
    if (!found.has(runtime)) found.set(runtime, why);
  };
  for (const [runtime, why] of byLocation(input)) add(runtime, why);
  for (const [runtime, why] of byFields(input.data)) add(runtime, why);
  if (found.size === 0) add('agentskills', 'nothing ties it to one runtime, so it is read as the open Agent Skills format');
  return RUNTIME_IDS.filter((r) => found.has(r)).map((runtime) => ({ runtime, why: found.get(runtime) as string }));
}

function byLocation(input: DetectInput): Array<[RuntimeId, string]> {
  const out: Array<[RuntimeId, string]> = [];
  const dir = path.resolve(input.dir);
  const home = path.resolve(input.home);
  const hermesHome = input.env['HERMES_HOME'] ? path.resolve(input.env['HERMES_HOME']) : path.join(home, '.hermes');
  const below = (root: string): boolean => dir !== root && dir.startsWith(root.endsWith(path.sep) ? root : root + path.sep);
  const shown = (p: string): string => (p === home || p.startsWith(home + path.sep) ? `~${p.slice(home.length)}` : p);
  if (below(path.join(hermesHome, 'skills'))) out.push(['hermes', `it lives in Hermes's skills folder ${shown(path.join(hermesHome, 'skills'))}`]);
  if (below(path.join(home, '.openclaw'))) out.push(['openclaw', `it lives under OpenClaw's folder ${shown(path.join(home, '.openclaw'))}`]);
  const parts = dir.split(path.sep);
  const hasPair = (a: string, b: string): boolean => parts.some((p, i) => p === a && parts[i + 1] === b && i + 2 < parts.length);
  if (hasPair('.claude', 'skills')) out.push(['claude-code', 'it lives in a .claude/skills folder, where Claude Code finds skills']);
  if (hasPair('.github', 'skills')) out.push(['vscode', 'it lives in a .github/skills folder, where VS Code (Copilot) finds skills']);
  else if (below(path.join(home, '.copilot', 'skills'))) out.push(['vscode', 'it lives in ~/.copilot/skills, where VS Code (Copilot) finds personal skills']);
  if (hasPair('.agents', 'skills')) out.push(['agentskills', "it lives in a .agents/skills folder, the open format's conventional place"]);
  for (const d of input.nexoSkillsDirs ?? []) {
    if (below(path.resolve(d))) {
      out.push(['nexo', `it lives in the skills_dir of a nexo-rs agents file (${shown(path.resolve(d))})`]);
      break;
    }
  }
  return out;
}

/** The runtimes a key at `path` makes apply when nothing is pinned (rule 2b): `requires` → nexo, the Hermes
 *  top-level keys and `metadata.hermes` → hermes, `metadata.openclaw` → openclaw. */
export function runtimesImpliedBy(path: readonly string[]): RuntimeId[] {
  const [first, second] = path;
  if (path.length === 1 && first === 'requires') return ['nexo'];
  if (path.length === 1 && first !== undefined && HERMES_FIELDS.includes(first)) return ['hermes'];
  if (path.length === 2 && first === 'metadata' && second === 'hermes') return ['hermes'];
  if (path.length === 2 && first === 'metadata' && second === 'openclaw') return ['openclaw'];
  return [];
}

function byFields(data: Readonly<Record<string, unknown>> | null): Array<[RuntimeId, string]> {
  if (!data) return [];
  const out: Array<[RuntimeId, string]> = [];
  if (Object.prototype.hasOwnProperty.call(data, 'requires')) out.push(['nexo', 'it declares `requires`, which nexo-rs reads']);
  const hermesKey = HERMES_FIELDS.find((k) => Object.prototype.hasOwnProperty.call(data, k));
  const metadata = data['metadata'];
  const meta = metadata !== null && typeof metadata === 'object' && !Array.isArray(metadata) ? (metadata as Record<string, unknown>) : null;
  if (hermesKey) out.push(['hermes', `it declares \`${hermesKey}\`, which Hermes reads`]);
  else if (meta && Object.prototype.hasOwnProperty.call(meta, 'hermes')) out.push(['hermes', 'it declares `metadata.hermes`, which Hermes reads']);
  if (meta && Object.prototype.hasOwnProperty.call(meta, 'openclaw')) out.push(['openclaw', 'it declares `metadata.openclaw`, which OpenClaw reads']);
  return out;
}
