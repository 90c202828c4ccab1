// nexo-rs as users run it, for the golden suite and the profile tests: the Engine's statuses (what `check`
// and the language server report) and the CLI's `index --runtime nexo` block, both in the runtime's own
// words (`load_many_with_status`'s records), so they compare with what the real runtime did.

import { main } from '../../src/cli/main';
import { bannerFor, Engine, type EvaluatedSkill, nexoBlockSkill } from '../../src/core/check/engine';
import { type AgentDef, isVisible } from '../../src/core/runtimes/nexo';

/** One status as the runtime records it (the golden's `expected/skills.json` entries, in their key order). */
export interface NexoRecord {
  id: string;
  status: string;
  mode: string;
  missing: { bins: string[]; env: string[]; versions: Array<{ bin: string; required: string; found: string | null; reason: string }> };
  banner: string | null;
  display_name: string | null;
  description: string | null;
  model_content: string | null;
}

export interface NexoUserRun {
  /** The agent loaded (agent runs; undefined when the agents file defines no such agent). */
  agent?: AgentDef | undefined;
  /** Why the runtime refuses the agents file (agent runs), else null. */
  agentsError: string | null;
  /** What the engine evaluated, in its order. */
  skills: EvaluatedSkill[];
  records: NexoRecord[];
  /** `index --runtime nexo`'s output without its final newline; null when it prints nothing. */
  block: string | null;
}

export interface NexoRunSetup {
  /** The runtime's environment (PATH, HOME, …) and working directory. */
  env: Record<string, string>;
  cwd: string;
  /** A run over every skill of this folder (`check PATH`, `index --runtime nexo PATH`) … */
  skillsRoot?: string;
  /** … or one agent of this agents file (`--agent ID --agents-file FILE`; default: its first agent). */
  agentsFile?: string;
  agent?: string;
}

/** The Engine's verdict in the runtime's words: a file the loader could not use is NotFound there. */
export function nexoRecord(s: EvaluatedSkill): NexoRecord {
  const loaded = isVisible(s.status.verdict);
  const block = loaded ? nexoBlockSkill(s) : null;
  return {
    id: s.id,
    status: s.status.verdict === 'not_loadable' ? 'not_found' : s.status.verdict,
    mode: s.status.mode,
    missing: {
      bins: s.status.missing.bins,
      env: s.status.missing.env,
      versions: s.status.missing.versions.map((v) => ({ bin: v.bin, required: v.required, found: v.found, reason: v.reason })),
    },
    banner: bannerFor(s) || null,
    display_name: block?.displayName ?? null,
    description: block ? (s.analysis?.nexo.description ?? null) : null,
    model_content: block?.content ?? null,
  };
}

/** The CLI (`main`) in `cwd` with exactly `env`: exit code, stdout, stderr. */
export async function cli(args: string[], env: Record<string, string>, cwd: string): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(args, {
    out: (s) => (out += s),
    err: (s) => (err += s),
    isTTY: false,
    env,
    cwd,
    stdin: async function* () {},
  });
  return { code, out, err };
}

export async function runNexoAsUsers(setup: NexoRunSetup): Promise<NexoUserRun> {
  const engine = new Engine({ env: setup.env, cwd: setup.cwd, platform: 'linux' });
  try {
    if (setup.agentsFile === undefined) {
      const root = setup.skillsRoot ?? setup.cwd;
      const { skills } = await engine.checkPaths([root]);
      const index = await cli(['index', '--runtime', 'nexo', '--no-cache', root], setup.env, setup.cwd);
      return { agentsError: null, skills, records: skills.map(nexoRecord), block: blockOf(index.out) };
    }
    const { file, agent: named } = await engine.loadAgent(setup.agentsFile, setup.agent ?? '');
    const agent = setup.agent === undefined ? file.agents[0] : named;
    if (!agent) return { agent, agentsError: file.error, skills: [], records: [], block: null };
    const skills = await engine.checkAgent(agent);
    const index = await cli(['index', '--runtime', 'nexo', '--no-cache', '--agent', agent.id, '--agents-file', setup.agentsFile], setup.env, setup.cwd);
    return { agent, agentsError: file.error, skills, records: skills.map(nexoRecord), block: blockOf(index.out) };
  } finally {
    engine.dispose();
  }
}

function blockOf(out: string): string | null {
  return out === '' ? null : out.replace(/\n$/, '');
}
