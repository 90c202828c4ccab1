// `--agent ID`, for check, banner and index: the skills a nexo-rs agent loads, in its order, with its
// skill_overrides applied, and the agents file's problems on stderr.

import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { findAgentsFile, notFoundReason } from '../../core/runtimes/nexo/agents';
import type { Engine, EvaluatedSkill } from '../../core/check/engine';
import { relativeTo } from '../format';
import { type Io, UsageError } from '../context';

/** Resolve `--agent`: the agents file named, or the conventional one under the first path (or cwd). */
export async function agentSkills(
  engine: Engine,
  values: Record<string, unknown>,
  searchFrom: string,
  io: Io,
): Promise<{ skills: EvaluatedSkill[]; problems: number }> {
  const id = String(values['agent']);
  let file = typeof values['agents-file'] === 'string' ? path.resolve(io.cwd, values['agents-file']) : null;
  if (!file) {
    let dir = searchFrom;
    for (let i = 0; i < 4 && !file; i++, dir = path.dirname(dir)) file = await findAgentsFile(dir);
    if (!file) throw new UsageError('--agent needs an agents file: pass --agents-file FILE (none found at config/agents.yaml or agents.yaml)');
  } else {
    try {
      await fs.stat(file);
    } catch {
      throw new UsageError(`path does not exist: ${String(values['agents-file'])}`);
    }
  }
  // The agents file with its agents.d/ drop-ins, each file's problems at its own path.
  const { file: agentsFile, agent } = await engine.loadAgent(file, id);
  let problems = 0;
  for (const f of [agentsFile, ...(agentsFile.dropIns ?? [])]) {
    for (const p of f.problems) {
      io.err(`${relativeTo(io.cwd, f.path)}:${p.line}:${p.column}: ${p.severity}: ${p.message}\n`);
      if (p.severity === 'error') problems++;
    }
  }
  // A configuration refused for a reason no file's problems tell (an agents.d that cannot be listed).
  if (agentsFile.error !== null && problems === 0) {
    io.err(`${relativeTo(io.cwd, agentsFile.path)}: error: ${agentsFile.error}\n`);
    problems++;
  }
  if (!agent) {
    const known = agentsFile.agents.map((a) => a.id).join(', ') || 'none';
    throw new UsageError(`agent \`${id}\` is not defined in ${relativeTo(io.cwd, agentsFile.path)} (agents: ${known})`);
  }
  // nexo-rs does not start with a broken agents file: no agent loads any skill.
  if (agentsFile.error !== null)
    io.err(`${relativeTo(io.cwd, agentsFile.path)}: nexo-rs refuses this agents file and starts no agent, so no skill is loaded\n`);
  const skills = await engine.checkAgent(agent);
  // A listed skill that does not exist is a `not_found` row; say where it is listed, and why.
  for (const s of skills) {
    if (s.status.verdict !== 'not_found') continue;
    const at = agent.skillPositions.get(s.id) ?? { line: agent.line, column: 1 };
    io.err(`${relativeTo(io.cwd, agent.file ?? agentsFile.path)}:${at.line}:${at.column}: warning: ${notFoundReason(agent, s.id)}\n`);
  }
  return { skills, problems };
}
