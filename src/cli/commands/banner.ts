// `skill-author banner`: the MISSING DEPS banner nexo-rs puts in front of one skill, or with --render all
// the model sees of it.

import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { bannerFor, contentFor, type Engine, type EvaluatedSkill, nexoVerdictOf } from '../../core/check/engine';
import { verdictWords } from '../../core/runtimes/words';
import { isVisible } from '../../core/runtimes/nexo/status';
import { type CliRun, type Command, UsageError } from '../context';
import { agentSkills } from './agent';

export const banner: Command = {
  name: 'banner',
  options: ['help', 'agent', 'agents-file', 'no-probe', 'no-cache', 'render'],
  runtimeOptions: true,
  help: `skill-author banner PATH [options]

Prints the MISSING DEPS banner the runtime puts in front of the skill at PATH (a SKILL.md or a skill folder),
exactly, followed by a newline; prints nothing when there is none.

Options:
  --render               print everything the model sees for this skill (banner, blank line, body)
  --agent ID             apply agent ID's skill_overrides (with --agents-file FILE)
  --agents-file FILE     the agents file (default: config/agents.yaml or agents.yaml above the skill)
  --no-probe             spawn nothing (version requirements unknown)
  --no-cache             neither read nor write the caches (analyses, Hermes's readings and reports, compiled code)
  -h, --help             this help`,
  run: cmdBanner,
};

async function oneSkill(engine: Engine, target: string, r: CliRun): Promise<EvaluatedSkill | null> {
  const { io, values } = r;
  const abs = r.paths([target])[0] as string;
  const st = await fs.stat(abs);
  const file = st.isDirectory() && path.basename(abs) !== 'SKILL.md' ? path.join(abs, 'SKILL.md') : abs;
  if (values['agent'] !== undefined) {
    const { skills } = await agentSkills(engine, values, path.dirname(path.dirname(file)), io);
    const id = path.basename(path.dirname(file));
    const s = skills.find((x) => x.id === id && x.analysis);
    if (!s) throw new UsageError(`agent \`${String(values['agent'])}\` does not load the skill \`${id}\``);
    return s;
  }
  const { skills } = await engine.checkPaths([file]);
  return skills[0] ?? null;
}

async function cmdBanner(r: CliRun): Promise<number> {
  const { io, values, positionals } = r;
  if (positionals.length !== 1) throw new UsageError('banner takes exactly one PATH (a SKILL.md or a skill folder)');
  const choices = r.choices;
  if (choices.pinned && (choices.pinned.length !== 1 || choices.pinned[0] !== 'nexo')) {
    throw new UsageError('only nexo-rs puts a banner in front of a skill: banner takes --runtime nexo (or no --runtime)');
  }
  const engine = r.engine();
  try {
    const s = await oneSkill(engine, positionals[0] as string, r);
    if (!s) {
      io.err(`skill-author: no SKILL.md at ${positionals[0]}\n`);
      return 1;
    }
    if (values['render']) {
      if (!isVisible(s.status.verdict)) {
        const nexo = nexoVerdictOf(s);
        io.err(
          `skill-author: the model never sees \`${s.id}\`: nexo-rs: ${verdictWords({ runtime: 'nexo', verdict: nexo.verdict, hidden_by: nexo.hiddenBy }, s.status.mode)} — ${s.status.summary}\n`,
        );
        return 0;
      }
      io.out(`${contentFor(s)}\n`);
      return 0;
    }
    const banner = bannerFor(s);
    if (banner) io.out(`${banner}\n`);
    return 0;
  } finally {
    engine.dispose();
  }
}
