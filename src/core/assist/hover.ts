// What a hovered node of the frontmatter means to the runtimes that apply and on this machine: the field's
// words (./fieldHelp.ts), and for nexo-rs's `requires` what the gate found (bins, versions, env, mode).

import * as nodePath from 'node:path';
import type { Node } from 'yaml';
import type { AgentDef } from '../runtimes/nexo/agents';
import { type SkillAnalysis } from '../check/analyze';
import { describeConstraint, parseConstraint } from '../rust/semver';
import { isEnvNameValid } from '../machine/env';
import { ALL_RUNTIMES, fieldHelp, fieldMarkdown, type FieldScope } from './fieldHelp';
import type { NexoStatus, VersionCheck } from '../runtimes/nexo/status';
import type { GatingMode, Missing } from '../types';
import { isMap, isPair, isScalar, isSeq, keyText, nodeRange, scalarText } from '../skill/yaml';
import { BIN_LISTS, ENV_LISTS, joined } from './schemaPaths';

export interface NodeHit {
  /** Keys (and list indices) from the root to the hovered key or value. */
  path: string[];
  on: 'key' | 'value';
  /** Offsets in the analysis text. */
  start: number;
  end: number;
  /** The hovered scalar's text as written (plain) or decoded (quoted). */
  text: string;
}

/** The key or scalar value at `offset` (an offset into the analysis text). */
export function nodeAt(analysis: SkillAnalysis, offset: number): NodeHit | null {
  const yaml = analysis.yaml;
  const root = yaml?.doc?.contents;
  if (!yaml || !root) return null;
  return walkTo(root, [], offset, yaml.base);
}

function walkTo(node: unknown, path: string[], off: number, base: number): NodeHit | null {
  const within = (r: [number, number] | null): r is [number, number] => r !== null && off >= r[0] && off <= r[1];
  if (isMap(node)) {
    for (const pair of node.items) {
      if (!isPair(pair)) continue;
      const key = keyText(pair.key);
      const kr = nodeRange(pair.key as Node, base);
      if (within(kr)) return { path: [...path, key], on: 'key', start: kr[0], end: kr[1], text: key };
      if (pair.value && within(nodeRange(pair.value as Node, base))) {
        const hit = walkTo(pair.value, [...path, key], off, base);
        if (hit) return hit;
      }
    }
    return null;
  }
  if (isSeq(node)) {
    for (const [i, item] of node.items.entries()) {
      if (within(nodeRange(item as Node, base))) return walkTo(item, [...path, String(i)], off, base);
    }
    return null;
  }
  if (isScalar(node)) {
    const r = nodeRange(node, base);
    if (within(r)) return { path, on: 'value', start: r[0], end: r[1], text: scalarText(node) };
  }
  return null;
}

export type HoverTopic = 'schema' | 'bin' | 'version' | 'constraint' | 'env' | 'mode' | 'requires';

/** What a hit is about; every topic but `schema` needs the skill's status on this machine. */
export function hoverTopic(hit: NodeHit): HoverTopic | null {
  const p = hit.path;
  const parentPath = joined(p.slice(0, -1));
  if (hit.on === 'value' && BIN_LISTS.has(parentPath)) return 'bin';
  if (hit.on === 'value' && ENV_LISTS.has(parentPath)) return 'env';
  if (p.length === 3 && joined(p.slice(0, 2)) === 'requires/bin_versions') return hit.on === 'key' ? 'version' : 'constraint';
  if (p.length === 4 && joined(p.slice(0, 2)) === 'requires/bin_versions' && p[3] === 'constraint' && hit.on === 'value') return 'constraint';
  if (joined(p) === 'requires/mode') return 'mode';
  if (joined(p) === 'requires' && hit.on === 'key') return 'requires';
  if (hit.on === 'key' && fieldHelp(p, ALL_RUNTIMES)) return 'schema';
  return null;
}

export interface HoverFacts {
  /** The skill evaluated on this machine (null for the `schema` topic). */
  status: NexoStatus | null;
  /** To tell "set but blank" from "unset"; values are tested, never shown. */
  env: NodeJS.ProcessEnv;
  /** Agents whose `skill_overrides` set this skill's mode. */
  overrides: readonly AgentOverride[];
  /** The runtimes that apply to the skill (default: every runtime, unpinned). */
  scope?: FieldScope;
}

export interface AgentOverride {
  agent: string;
  mode: GatingMode;
  file: string;
}

/** Markdown for a hit (null when there is nothing to say). */
export function hoverMarkdown(analysis: SkillAnalysis, hit: NodeHit, facts: HoverFacts): string | null {
  const topic = hoverTopic(hit);
  if (!topic) return null;
  const parts: string[] = [];
  const status = facts.status;
  const ignored = ignoredNote(analysis);
  const p = hit.path;
  if (hit.on === 'key' && topic !== 'version') {
    const scope = facts.scope ?? ALL_RUNTIMES;
    const help = fieldHelp(p, scope);
    if (help) parts.push(fieldMarkdown(help, scope));
  }
  if (status) {
    switch (topic) {
      case 'bin':
        parts.push(p[0] === 'prerequisites' ? hermesCommandWords(hit.text, facts.scope) : binWords(hit.text, 'requires', status, ignored));
        break;
      case 'version':
        parts.push(binWords(hit.text, 'requires', status, ignored));
        break;
      case 'constraint': {
        const bin = p[2] ?? '';
        parts.push(
          constraintWords(
            hit.text,
            status.versions.find((v) => v.bin === bin),
            ignored,
          ),
        );
        break;
      }
      case 'env': {
        parts.push(p[0] === 'prerequisites' ? hermesEnvWords(hit.text, facts.env, facts.scope) : envWords(hit.text, 'requires', status, facts.env, ignored));
        break;
      }
      case 'mode':
        parts.push(modeWords(analysis, status, facts.overrides));
        break;
      case 'requires':
        parts.push(`On this machine: ${status.summary}`);
        break;
      default:
        break;
    }
  }
  return parts.length ? parts.join('\n\n---\n\n') : null;
}

/** Why a requirement is not checked at all, when nexo-rs does not use the frontmatter. */
function ignoredNote(analysis: SkillAnalysis): string | null {
  if (analysis.frontmatterEffective) return null;
  if (analysis.bom) return 'nexo-rs does not see this frontmatter (the file starts with a byte-order mark), so this requirement is not checked.';
  return 'nexo-rs ignores this whole frontmatter (see the error reported on it), so this requirement is not checked.';
}

/** A name in prose: plain when markdown leaves it alone, else a code span. */
function named(s: string): string {
  return /^[A-Za-z0-9_.+-]+$/.test(s) && !s.startsWith('-') ? s : code(s);
}

export function code(s: string): string {
  const t = s.replace(/[\r\n]+/g, ' ');
  return t.includes('`') ? `\`\` ${t} \`\`` : `\`${t}\``;
}

/** Said instead of a Hermes requirement's state when Hermes does not apply to the skill. */
function hermesOff(scope: FieldScope | undefined): string | null {
  return scope && !scope.applicable.includes('hermes')
    ? 'Only Hermes reads `prerequisites`, and Hermes does not apply to this skill: nothing checks this entry.'
    : null;
}

/** A `prerequisites.commands` entry: Hermes lists it and checks nothing. */
function hermesCommandWords(name: string, scope: FieldScope | undefined): string {
  return (
    hermesOff(scope) ??
    `Hermes does not look ${named(name)} up: \`prerequisites.commands\` is advisory, so the skill is neither hidden nor asked to be set up for it.`
  );
}

/** A `prerequisites.env_vars` entry: Hermes's readiness (skill_view), never a reason to hide the skill. */
function hermesEnvWords(name: string, env: NodeJS.ProcessEnv, scope: FieldScope | undefined): string {
  const off = hermesOff(scope);
  if (off) return off;
  if (!isEnvNameValid(name)) return `${code(name)} is not a valid variable name: Hermes counts it as missing, so skill_view reports \`setup_needed\` for good.`;
  // Only whether the variable exists and is blank, never its value.
  const value = env[name];
  if (value !== undefined && value.trim() !== '') return `${named(name)} is set (its value is never shown): Hermes's readiness is met for it.`;
  const state = value === undefined ? 'is not set' : 'is set but blank';
  return `${named(name)} ${state} in this environment: Hermes still lists the skill, but skill_view reports \`setup_needed\` until it is set (in \`$HERMES_HOME/.env\` or the environment).`;
}

function binWords(name: string, source: 'requires' | 'prerequisites', status: NexoStatus, ignored: string | null): string {
  const check = status.bins.find((b) => b.name === name && b.source === source);
  const version = source === 'requires' ? status.versions.find((v) => v.bin === name) : undefined;
  const lines: string[] = [];
  if (check) {
    if (check.path === null && check.found) lines.push('A blank entry counts as present: it checks nothing.');
    else if (check.found) {
      lines.push(`${named(name)} is found: ${code(check.path ?? name)}${check.executable ? '' : ' (not executable: its version probe will fail)'}`);
    } else lines.push(`${named(name)} is not found on PATH (searched: ${check.searched.join(', ') || 'nothing'})`);
  } else if (version) {
    if (version.path) lines.push(`${named(name)} is found: ${code(version.path)}`);
    else if (version.reason === 'bin_not_found') lines.push(`${named(name)} is ${version.detail ?? 'not found on PATH'}`);
  } else if (source === 'requires' && ignored) {
    return ignored;
  } else if (status.verdict === 'skipped_disabled') {
    return 'mode: disable — the skill is dropped without any check.';
  }
  if (version) lines.push(versionLine(version));
  return lines.join('\n\n') || `${named(name)} is not checked.`;
}

function versionLine(v: VersionCheck): string {
  const probe = `${code(`${v.bin} ${v.command}`)}`;
  switch (v.reason) {
    case undefined:
      return `Version ${v.found ?? '?'} (from ${probe}) satisfies ${code(v.required)}.`;
    case 'constraint_unsatisfied':
      return `Version ${v.found ?? '?'} (from ${probe}) does not satisfy ${code(v.required)}.`;
    case 'bin_not_found':
      return `Its version requirement ${code(v.required)} counts as missing: the binary is not found.`;
    case 'invalid_constraint':
      return `Its version constraint ${code(v.required)} is invalid, so the runtime counts it as missing.`;
    case 'probe_failed':
      return `The version probe ${probe} failed${v.detail ? `: ${v.detail}` : ''}.`;
    case 'parse_failed':
      return `No version could be read from ${probe}${v.detail ? `: ${v.detail}` : ''}.`;
    case 'not_probed':
      return `Version not checked (${v.detail ?? 'not probed'}).`;
    default:
      return '';
  }
}

function constraintWords(text: string, check: VersionCheck | undefined, ignored: string | null): string {
  const parsed = parseConstraint(text);
  const lines: string[] = [];
  if (!parsed.ok) {
    // The constraint-invalid finding on the same range gives the reason (VS Code shows it in this hover, just
    // above): say only what follows from it.
    lines.push(`${code(text)} is not a valid Cargo-style constraint (the problem above says why), so the runtime counts this dependency as missing.`);
    if (ignored) lines.push(ignored);
    return lines.join('\n\n');
  }
  lines.push(`${code(text)} means ${describeConstraint(parsed.req)}.`);
  if (ignored) lines.push(ignored);
  else if (check) {
    const where = check.path ? ` (${code(check.path)})` : '';
    switch (check.reason) {
      case undefined:
        lines.push(`Satisfied by the installed version ${check.found ?? '?'}${where}.`);
        break;
      case 'constraint_unsatisfied':
        lines.push(`Not satisfied: the installed version is ${check.found ?? '?'}${where}.`);
        break;
      default:
        lines.push(versionLine(check));
    }
  }
  return lines.join('\n\n');
}

function envWords(name: string, source: 'requires' | 'prerequisites', status: NexoStatus, env: NodeJS.ProcessEnv, ignored: string | null): string {
  const check = status.env.find((e) => e.name === name && e.source === source);
  if (!check) {
    if (source === 'requires' && ignored) return ignored;
    if (status.verdict === 'skipped_disabled') return 'mode: disable — the skill is dropped without any check.';
    return `${named(name)} is not checked.`;
  }
  if (check.set) return `${named(name)} is set (its value is never shown).`;
  if (source === 'prerequisites' && !isEnvNameValid(name)) return `${code(name)} is not a valid variable name: Hermes counts it as missing.`;
  // Only whether the variable exists, to tell "blank" from "unset"; the value itself is not read out.
  const exists = Object.prototype.hasOwnProperty.call(env, name);
  return exists ? `${named(name)} is set but blank, which counts as missing.` : `${named(name)} is not set.`;
}

function modeWords(analysis: SkillAnalysis, status: NexoStatus, overrides: readonly AgentOverride[]): string {
  const lines: string[] = [];
  if (!analysis.frontmatterEffective) {
    lines.push(
      analysis.bom
        ? 'nexo-rs does not see this frontmatter (byte-order mark), so this mode does not apply.'
        : 'nexo-rs ignores this whole frontmatter (see the error reported on it), so this mode does not apply: the skill loads as if it declared nothing.',
    );
  } else {
    const what = missingPhrase(status.missing);
    const m = status.mode;
    switch (status.verdict) {
      case 'skipped_strict':
        lines.push(`${m}: this skill is hidden because ${what}.`);
        break;
      case 'loaded_with_banner':
        lines.push(`${m}: this skill is loaded with a MISSING DEPS banner because ${what}.`);
        break;
      case 'loaded':
        lines.push(
          m === 'warn'
            ? 'warn: every requirement is met, so this skill is loaded without a banner.'
            : `${m}: every requirement is met, so this skill is loaded; it would be hidden if one were missing.`,
        );
        break;
      case 'skipped_disabled':
        lines.push('disable: this skill is always dropped; no requirement is checked.');
        break;
      default:
        lines.push(`${m}: ${status.summary}`);
    }
    lines.push(
      status.modeSource === 'frontmatter'
        ? 'Mode from `requires.mode` in this file.'
        : status.modeSource === 'default'
          ? 'No `requires.mode`: strict is the default.'
          : "Mode from the agent's `skill_overrides`.",
    );
  }
  for (const o of overrides)
    lines.push(`Agent ${code(o.agent)} overrides it with ${code(o.mode)} (\`skill_overrides\` in ${code(nodePath.basename(o.file))}).`);
  return lines.join('\n\n');
}

/** "a is not found, B is unset and c 0.9.0 does not satisfy >=1.0". */
export function missingPhrase(m: Missing): string {
  const parts: string[] = [];
  for (const b of m.bins) parts.push(`${named(b)} is not found`);
  for (const e of m.env) parts.push(`${named(e)} is unset`);
  for (const v of m.versions) {
    switch (v.reason) {
      case 'constraint_unsatisfied':
        parts.push(`${named(v.bin)} ${v.found ?? '?'} does not satisfy ${code(v.required)}`);
        break;
      case 'bin_not_found':
        if (!m.bins.includes(v.bin)) parts.push(`${named(v.bin)} is not found`);
        break;
      case 'probe_failed':
        parts.push(`the version probe of ${named(v.bin)} failed`);
        break;
      case 'parse_failed':
        parts.push(`the version of ${named(v.bin)} could not be read`);
        break;
      case 'invalid_constraint':
        parts.push(`the constraint ${code(v.required)} for ${named(v.bin)} is invalid`);
        break;
      default:
        break;
    }
  }
  if (parts.length <= 1) return parts[0] ?? 'nothing is missing';
  return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

/** Agents whose `skill_overrides` set the mode of the skill in `skillDir` (the runtime's lookup rules). */
export function agentOverridesFor(agents: readonly AgentDef[], skillDir: string, agentsFileOf: (a: AgentDef) => string): AgentOverride[] {
  const dir = nodePath.resolve(skillDir);
  const id = nodePath.basename(dir);
  const out: AgentOverride[] = [];
  for (const a of agents) {
    const mode = a.overrides.get(id);
    if (!mode || !a.skills.includes(id)) continue;
    const root = nodePath.resolve(a.skillsDir);
    const parent = nodePath.dirname(dir);
    if (parent === root || (nodePath.basename(parent) === '__global__' && nodePath.dirname(parent) === root))
      out.push({ agent: a.id, mode, file: agentsFileOf(a) });
  }
  return out;
}
