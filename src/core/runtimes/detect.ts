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
// Each profile says 2a and 2b for itself (appliesBecause in ./<runtime>/profile.ts). The result is in the
// fixed order of RUNTIME_IDS, so the same skill always lists its runtimes alike.

import * as path from 'node:path';
import { PROFILES } from './profiles';
import { parseRuntimeSpec, RUNTIME_IDS } from './registry';
import type { DetectInput, RuntimeId } from './types';

export interface Applicability {
  runtime: RuntimeId;
  /** Why it applies, completing "applies because …" (shown in tooltips and `check`). */
  why: string;
}

export type { DetectInput } from './types';

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

/** The last answer per frontmatter object: a check asks for each skill twice (when its analysis is known,
 *  to start the tree runtimes' reports, and when it is judged), with the same input. */
const ANSWERED = new WeakMap<object, { input: DetectInput; found: Applicability[] }>();

function sameInput(a: DetectInput, b: DetectInput): boolean {
  const pa = a.pinned ?? [];
  const pb = b.pinned ?? [];
  return (
    a.dir === b.dir &&
    a.home === b.home &&
    a.env === b.env &&
    a.nexoSkillsDirs === b.nexoSkillsDirs &&
    pa.length === pb.length &&
    pa.every((r, i) => pb[i] === r)
  );
}

export function applicableRuntimes(input: DetectInput): Applicability[] {
  if (input.pinned && input.pinned.length) {
    return RUNTIME_IDS.filter((r) => input.pinned?.includes(r)).map((runtime) => ({ runtime, why: 'it was chosen with --runtime' }));
  }
  const known = input.data ? ANSWERED.get(input.data) : undefined;
  if (known && sameInput(known.input, input)) return known.found.map((a) => ({ ...a }));
  let found: Applicability[] = [];
  const skill = { ...input, dir: path.resolve(input.dir), home: path.resolve(input.home) };
  for (const p of PROFILES) {
    const why = p.appliesBecause(skill);
    if (why !== null) found.push({ runtime: p.id, why });
  }
  if (!found.length) found = [{ runtime: 'agentskills', why: 'nothing ties it to one runtime, so it is read as the open Agent Skills format' }];
  if (input.data) ANSWERED.set(input.data, { input: { ...input }, found: found.map((a) => ({ ...a })) });
  return found;
}

/** The runtimes a key at `path` makes apply when nothing is pinned (rule 2b): `requires` → nexo, the Hermes
 *  top-level keys and `metadata.hermes` → hermes, `metadata.openclaw` → openclaw. */
export function runtimesImpliedBy(path: readonly string[]): RuntimeId[] {
  return PROFILES.filter((p) => p.impliedBy(path)).map((p) => p.id);
}
