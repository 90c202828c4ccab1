// The nexo-rs agents file (`config/agents.yaml`, runtime-semantics §1): which skills each agent loads, in
// order, from where, and per-skill mode overrides that beat the frontmatter.

import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { LineCounter, parseDocument, isMap, isPair, isScalar, isSeq, type Node } from 'yaml';
import { LineIndex } from './text';
import type { GatingMode } from './types';
import { flowDepthExceeds, MAX_DEPTH } from './yaml';

export interface AgentProblem {
  severity: 'error' | 'warning';
  message: string;
  line: number;
  column: number;
}

export interface AgentDef {
  id: string;
  /** Skill names in the agent's order. */
  skills: string[];
  /** Absolute skills folder (resolved against the agents file's folder). */
  skillsDir: string;
  overrides: Map<string, GatingMode>;
  line: number;
  /** Where each listed skill is written (first mention), so a skill that is not found can be pointed at. */
  skillPositions: Map<string, { line: number; column: number }>;
}

export interface AgentsFile {
  path: string;
  agents: AgentDef[];
  problems: AgentProblem[];
}

const MODES: readonly string[] = ['strict', 'warn', 'disable'];
const MAX_YAML_ERRORS = 5;

export function parseAgentsFile(text: string, filePath: string): AgentsFile {
  const abs = path.resolve(filePath);
  const out: AgentsFile = { path: abs, agents: [], problems: [] };
  const lc = new LineCounter();
  const pos = (node: Node | null | undefined): { line: number; column: number } => {
    const p = node?.range ? lc.linePos(node.range[0]) : { line: 1, col: 1 };
    return { line: p.line, column: p.col };
  };
  const problem = (severity: AgentProblem['severity'], message: string, node?: Node | null): void => {
    out.problems.push({ severity, message, ...pos(node) });
  };
  // The parser recurses per flow bracket: 20,000 `[` would exhaust the stack and then report one error per
  // bracket. Refuse such a file up front, as the SKILL.md frontmatter does.
  const tooDeep = flowDepthExceeds(text);
  if (tooDeep >= 0) {
    const p = new LineIndex(text).position(tooDeep);
    out.problems.push({ severity: 'error', message: `YAML: nesting deeper than ${MAX_DEPTH} levels; the agents file was not parsed`, ...p });
    return out;
  }
  let doc;
  try {
    doc = parseDocument(text, { lineCounter: lc, uniqueKeys: true, prettyErrors: false });
  } catch (e) {
    problem('error', `the agents file could not be parsed: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`);
    return out;
  }
  // One broken bracket can cascade into an error per later line: the first few locate the problem.
  for (const e of doc.errors.slice(0, MAX_YAML_ERRORS)) {
    const p = lc.linePos(e.pos[0]);
    out.problems.push({ severity: 'error', message: `YAML: ${e.message.split('\n')[0]?.replace(/ at line \d+, column \d+:?$/, '')}`, line: p.line, column: p.col });
  }
  if (doc.errors.length > MAX_YAML_ERRORS) {
    const last = out.problems[out.problems.length - 1];
    out.problems.push({ severity: 'error', message: `YAML: ${doc.errors.length - MAX_YAML_ERRORS} more errors not shown`, line: last?.line ?? 1, column: last?.column ?? 1 });
  }
  if (doc.errors.length) return out;
  const root = doc.contents;
  const agentsNode = isMap(root) ? root.get('agents', true) : undefined;
  if (!isSeq(agentsNode)) {
    problem('error', 'the agents file needs a top-level `agents:` list', (agentsNode as Node) ?? (root as Node));
    return out;
  }
  const base = path.dirname(abs);
  const ids = new Set<string>();
  for (const item of agentsNode.items) {
    if (!isMap(item)) {
      problem('error', 'each entry of `agents` must be a map with `id`, `skills`, `skills_dir`', item as Node);
      continue;
    }
    const idNode = item.get('id', true);
    const id = isScalar(idNode) && idNode.value != null ? String(idNode.value) : '';
    if (!id) {
      problem('error', 'an agent has no `id`', item);
      continue;
    }
    if (ids.has(id)) problem('warning', `agent \`${id}\` is defined twice; the first definition is used`, idNode as Node);
    const def: AgentDef = { id, skills: [], skillsDir: base, overrides: new Map(), line: pos(item).line, skillPositions: new Map() };
    const skillsNode = item.get('skills', true);
    if (isSeq(skillsNode)) {
      for (const s of skillsNode.items) {
        if (isScalar(s) && s.value != null) {
          const name = String(s.value);
          def.skills.push(name);
          if (!def.skillPositions.has(name)) def.skillPositions.set(name, pos(s));
        } else problem('error', `agent \`${id}\`: each entry of \`skills\` must be a skill name`, s as Node);
      }
    } else if (skillsNode !== undefined) problem('error', `agent \`${id}\`: \`skills\` must be a list of skill names`, skillsNode as Node);
    const dirNode = item.get('skills_dir', true);
    if (isScalar(dirNode) && typeof dirNode.value === 'string') def.skillsDir = path.resolve(base, dirNode.value);
    else if (dirNode !== undefined) problem('error', `agent \`${id}\`: \`skills_dir\` must be a path`, dirNode as Node);
    const ovNode = item.get('skill_overrides', true);
    if (isMap(ovNode)) {
      for (const pair of ovNode.items) {
        if (!isPair(pair) || !isScalar(pair.key)) continue;
        const skill = String(pair.key.value);
        const mode = isScalar(pair.value) ? String(pair.value.value) : '';
        if (!MODES.includes(mode)) {
          problem('error', `agent \`${id}\`: override for \`${skill}\` is \`${mode}\`; use strict, warn or disable`, (pair.value as Node) ?? (pair.key as Node));
          continue;
        }
        def.overrides.set(skill, mode as GatingMode);
        if (!def.skills.includes(skill)) {
          problem('warning', `agent \`${id}\`: override for \`${skill}\`, which is not in its \`skills\` list, has no effect`, pair.key as Node);
        }
      }
    } else if (ovNode !== undefined) problem('error', `agent \`${id}\`: \`skill_overrides\` must be a map of skill → mode`, ovNode as Node);
    if (!ids.has(id)) out.agents.push(def);
    ids.add(id);
  }
  return out;
}

export async function readAgentsFile(filePath: string): Promise<AgentsFile> {
  let text: string;
  try {
    text = await fs.readFile(filePath, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return { path: path.resolve(filePath), agents: [], problems: [{ severity: 'error', message: code === 'ENOENT' ? 'agents file does not exist' : `agents file cannot be read (${code ?? 'error'})`, line: 1, column: 1 }] };
  }
  return parseAgentsFile(text, filePath);
}

/** Where the runtime finds a listed skill: `__global__/<name>/SKILL.md`, then `<name>/SKILL.md`
 *  (the multi-tenant `<tenant>/<name>` lookup does not apply to a single agents file). Null: NotFound. */
export async function resolveAgentSkill(agent: AgentDef, name: string): Promise<string | null> {
  // A name with a path separator or `..` could point outside skills_dir; the runtime joins it as given,
  // but we refuse to look outside the folder rather than read arbitrary files.
  if (!isPlainSkillName(name)) return null;
  for (const candidate of [path.join(agent.skillsDir, '__global__', name, 'SKILL.md'), path.join(agent.skillsDir, name, 'SKILL.md')]) {
    try {
      const st = await fs.stat(candidate);
      if (st.isFile()) return candidate;
    } catch {
      // try the next place
    }
  }
  return null;
}

function isPlainSkillName(name: string): boolean {
  return name !== '' && !name.includes('/') && !name.includes('\\') && name !== '..' && name !== '.';
}

/** Why a listed skill is `not_found`, in words (for a warning at the line that lists it). */
export function notFoundReason(agent: AgentDef, name: string): string {
  if (!isPlainSkillName(name)) {
    return `agent \`${agent.id}\`: skill \`${name}\` is a path, not a folder name: the runtime joins it to skills_dir as written and may load a skill from outside it; skill-author does not look there and reports it not found`;
  }
  return `agent \`${agent.id}\`: no SKILL.md for \`${name}\` in ${agent.skillsDir} (tried __global__/${name}/ and ${name}/); the runtime reports it NotFound`;
}

/** The agents file a workspace or skills root uses by convention. */
export async function findAgentsFile(dir: string): Promise<string | null> {
  for (const candidate of [path.join(dir, 'config', 'agents.yaml'), path.join(dir, 'agents.yaml'), path.join(dir, 'config', 'agents.yml')]) {
    try {
      if ((await fs.stat(candidate)).isFile()) return candidate;
    } catch {
      // not here
    }
  }
  return null;
}
