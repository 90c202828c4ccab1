// The nexo-rs agents file (RULES.md §11; `config/lib.rs:62-65`, `:158-266`, `env.rs`, `agents.rs`): which
// skills each agent loads, in order, from where, and per-skill mode overrides that beat the frontmatter.
//
// The runtime is strict about this file, and any error stops it from starting — no agent, no skill:
// - `${VAR}` placeholders are substituted in the raw text first (`${VAR}` must be set; `${VAR:-def}`,
//   `${VAR-def}`; `${file:path}` from whitelisted secret folders; placeholders in `#` comments are skipped,
//   inside quotes they are not);
// - the text is parsed to a YAML value (a syntax error or a duplicate key anywhere fails), the top-level
//   `schema_version` is removed, and the rest converted with `deny_unknown_fields` on the file, on each
//   agent and on `model`: an unknown key fails, so does a missing `id` or `model: {provider, model}`;
// - a value converted from a YAML value must have the right YAML type: `skills: [42]` (an integer) is not a
//   string and fails, an override must be exactly `strict`, `warn` or `disable`;
// - `config/agents.d/*.yaml` (sorted by file name) are merged after it: an agent whose `id` already exists
//   REPLACES the earlier one (in its place), a new one is appended (`merge_agents_drop_in`). Only names whose
//   extension is exactly `yaml` count (`.yml`, `.YAML` and a file named `.yaml` do not); each is read as the
//   agents file is, except that its `schema_version` is not removed (an unknown field); any error in one
//   (unreadable, not UTF-8, a placeholder, YAML, an unknown key) refuses the whole configuration, and so does
//   an `agents.d` that exists but cannot be listed;
// - `skills_dir` defaults to `./skills` and a relative one is resolved against the config folder with `./`
//   components dropped (so the default is `<config>/skills`, and `../skills` stays `<config>/../skills`); an
//   empty one stays empty. The loader's root is that value trimmed, and blank means no skill is injected at
//   all (`llm_behavior.rs:910-915`): so `""` is blank, while `"  "` resolves to `<config>/  `, i.e. the config
//   folder itself.
// Problems are reported with the line they are on (for the editor and the CLI); `error` is the first one,
// the reason the runtime refuses the file.

import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { LineCounter, parseDocument, isMap, isPair, isScalar, isSeq, type Node, type Scalar as YamlScalar } from 'yaml';
import { rustEnvVar } from '../../machine/env';
import { LineIndex, rustTrim } from '../../skill/text';
import type { GatingMode } from '../../types';
import { flowDepthExceeds, MAX_DEPTH } from '../../skill/yaml';
import { serdeScalarKind } from './metadata';

export interface AgentProblem {
  severity: 'error' | 'warning';
  message: string;
  line: number;
  column: number;
}

export interface AgentDef {
  id: string;
  /** Skill names in the agent's order, as written (the loader trims each and skips blank ones). */
  skills: string[];
  /** The skills folder as the runtime resolves it (relative to the config folder, `..` kept), or '' when
   *  `skills_dir` is blank (the runtime then injects no skill at all). */
  skillsDir: string;
  /** Per-skill mode overrides, keyed by the name as written in `skill_overrides`. */
  overrides: Map<string, GatingMode>;
  /** `tenant_id`: when set, `<skills_dir>/<tenant>/<name>/` is looked at first. */
  tenantId?: string | null;
  line: number;
  /** The file the agent is defined in (`agents.yaml` or a drop-in of `agents.d/`), when read from one. */
  file?: string;
  /** Where each listed skill is written (first mention), so a skill that is not found can be pointed at. */
  skillPositions: Map<string, { line: number; column: number }>;
  /** Why the runtime refuses the file this agent comes from (it then starts no agent), or null. */
  fileError?: string | null;
}

export interface AgentsFile {
  path: string;
  agents: AgentDef[];
  problems: AgentProblem[];
  /** The first error: the runtime refuses the whole configuration and starts no agent. Null when none. */
  error: string | null;
  /** Read with its drop-ins (`readAgentsConfig`): the `agents.d/*.yaml` files merged after it, in order. Then
   *  `agents` are the merged agents (each with its own `file`), and `error` the configuration's first error
   *  (naming the file it is in when that is a drop-in); `problems` stay this file's own. */
  dropIns?: AgentsFile[];
}

const MODES: readonly string[] = ['strict', 'warn', 'disable'];
const MAX_YAML_ERRORS = 5;

/** Every key an agent may have (`AgentConfig`, `deny_unknown_fields`). Only the ones the skill loader
 *  uses are type-checked here; the others are accepted with any value. */
const AGENT_KEYS: ReadonlySet<string> = new Set([
  'id',
  'model',
  'plugins',
  'heartbeat',
  'config',
  'system_prompt',
  'language',
  'link_understanding',
  'web_search',
  'pairing_policy',
  'workspace',
  'skills',
  'skills_dir',
  'skill_overrides',
  'transcripts_dir',
  'dreaming',
  'workspace_git',
  'tool_rate_limits',
  'tool_args_validation',
  'extra_docs',
  'inbound_bindings',
  'allowed_tools',
  'sender_rate_limit',
  'allowed_delegates',
  'accept_delegates_from',
  'description',
  'google_auth',
  'outbound_allowlist',
  'credentials',
  'context_optimization',
  'dispatch_policy',
  'plan_mode',
  'remote_triggers',
  'lsp',
  'tenant_id',
]);
/** `String` fields (a YAML string is required; null is an error). */
const STRING_KEYS = ['system_prompt', 'workspace', 'transcripts_dir', 'description'];
/** `Vec<String>` fields. */
const STRING_LIST_KEYS = ['plugins', 'extra_docs', 'allowed_tools', 'allowed_delegates', 'accept_delegates_from'];

export interface AgentsFileOptions {
  /** The environment `${VAR}` placeholders read (default: this process's). */
  env?: Readonly<Record<string, string | undefined>>;
  /** The runtime's working directory (relative `${file:…}` references). Default: this process's. */
  cwd?: string;
  platform?: NodeJS.Platform;
  /** The config folder relative `skills_dir` values resolve against (default: the file's folder; a
   *  drop-in of `agents.d/` resolves against the config folder above it). */
  configDir?: string;
  /** The file is a drop-in of `agents.d/`: its `schema_version` is not removed (an unknown field), and a later
   *  agent with an `id` already defined replaces the earlier one. */
  dropIn?: boolean;
}

/** `resolve_placeholders` (`env.rs`): the text with every `${…}` substituted, or the first error. A `${`
 *  never closed is left as it is (the runtime's scanner would loop on it forever; we move on). */
export function substitutePlaceholders(text: string, options: AgentsFileOptions = {}): { text: string } | { error: string; offset: number } {
  const env = options.env ?? process.env;
  const platform = options.platform ?? process.platform;
  let out = '';
  let last = 0;
  let inComment = false;
  let single = false;
  let double = false;
  let i = 0;
  while (i + 1 < text.length) {
    const c = text[i];
    if (c === '\n') {
      inComment = single = double = false;
      i++;
      continue;
    }
    if (!inComment && !single && !double && c === '#') {
      inComment = true;
      i++;
      continue;
    }
    if (inComment) {
      i++;
      continue;
    }
    if (!double && c === "'") {
      single = !single;
      i++;
      continue;
    }
    if (!single && c === '"') {
      double = !double;
      i++;
      continue;
    }
    if (c === '$' && text[i + 1] === '{') {
      let depth = 1;
      let j = i + 2;
      for (; j < text.length; j++) {
        if (text[j] === '{') depth++;
        if (text[j] === '}' && --depth === 0) break;
      }
      if (j >= text.length) {
        i++;
        continue;
      }
      const inner = text.slice(i + 2, j);
      const value = resolvePlaceholder(inner, env, platform, options.cwd ?? process.cwd());
      if (typeof value !== 'string') return { error: value.error, offset: i };
      out += text.slice(last, i) + value;
      last = i = j + 1;
      continue;
    }
    i++;
  }
  return { text: out + text.slice(last) };
}

function resolvePlaceholder(
  inner: string,
  env: Readonly<Record<string, string | undefined>>,
  platform: NodeJS.Platform,
  cwd: string,
): string | { error: string } {
  if (inner.startsWith('file:')) {
    const ref = inner.slice(5);
    // Only the runtime's secret folders may be read, never with `..` (`validate_file_ref`).
    if (ref.split('/').includes('..')) return { error: `\${${inner}}: refusing to read '${ref}': \`..\` not allowed in file reference` };
    const roots = [
      '/run/secrets',
      '/var/run/secrets',
      path.join(cwd, 'secrets'),
      ...(rustEnvVar('CONFIG_SECRETS_DIR', env, platform) !== undefined ? [rustEnvVar('CONFIG_SECRETS_DIR', env, platform) as string] : []),
    ];
    if (path.isAbsolute(ref) && !roots.some((r) => ref === r || ref.startsWith(`${r.replace(/\/+$/, '')}/`))) {
      return { error: `\${${inner}}: refusing to read '${ref}': absolute paths must be under ${roots.join(', ')} or CONFIG_SECRETS_DIR` };
    }
    // The runtime reads the file (trimmed). Its content is a secret that never decides which skills load,
    // so it is not read here: a stand-in keeps the rest of the file as the runtime sees it.
    return '<secret>';
  }
  const colonMinus = inner.indexOf(':-');
  const minus = inner.indexOf('-');
  if (colonMinus >= 0 || minus > 0) {
    const [name, fallback] = colonMinus >= 0 ? [inner.slice(0, colonMinus), inner.slice(colonMinus + 2)] : [inner.slice(0, minus), inner.slice(minus + 1)];
    const v = rustEnvVar(rustTrim(name), env, platform);
    if (v === undefined || (colonMinus >= 0 && v === '')) return fallback;
    return v;
  }
  const name = rustTrim(inner);
  const v = rustEnvVar(name, env, platform);
  return v === undefined ? { error: `env var ${name} not set` } : v;
}

/** What a YAML value is, as serde_yaml's `Value` holds it. */
export function valueKind(node: unknown): 'null' | 'bool' | 'int' | 'float' | 'str' | 'seq' | 'map' | 'tagged' {
  if (node == null) return 'null';
  if (isMap(node)) return 'map';
  if (isSeq(node)) return 'seq';
  if (isScalar(node)) {
    if (node.tag && node.tag !== 'tag:yaml.org,2002:str') return 'tagged';
    if (node.tag || node.type !== 'PLAIN') return 'str';
    return serdeScalarKind(String(node.source ?? node.value ?? ''));
  }
  return 'null';
}

/** A scalar's text as written (a plain scalar's source, else its value). */
export function text(node: unknown): string {
  const s = node as YamlScalar;
  return s.type === 'PLAIN' && typeof s.source === 'string' ? s.source : String(s.value);
}

/** The folder the loader reads for a `skills_dir` value: resolved against the config folder as the runtime
 *  does (`resolve_relative_paths`: an empty value unchanged, an absolute one as written, else joined with
 *  `./` components dropped and `..` kept), then trimmed (Rust trim) as `llm_behavior.rs` trims it. '' means
 *  blank: the runtime injects no skill at all. So `"  "` is `<config>/  ` trimmed, the config folder. */
export function resolveSkillsDir(configDir: string, value: string): string {
  if (value === '') return '';
  if (path.isAbsolute(value)) return rustTrim(value);
  const parts = value.split('/').filter((p) => p !== '' && p !== '.');
  return rustTrim([configDir.replace(/\/+$/, ''), ...parts].join('/'));
}

export function parseAgentsFile(source: string, filePath: string, options: AgentsFileOptions = {}): AgentsFile {
  const abs = path.resolve(filePath);
  const out: AgentsFile = { path: abs, agents: [], problems: [], error: null };
  const index = new LineIndex(source);
  const problem = (severity: AgentProblem['severity'], message: string, at: { line: number; column: number } = { line: 1, column: 1 }): void => {
    out.problems.push({ severity, message, ...at });
    if (severity === 'error') out.error ??= message;
  };
  const substituted = substitutePlaceholders(source, options);
  if ('error' in substituted) {
    problem('error', substituted.error, index.position(substituted.offset));
    return out;
  }
  const text2 = substituted.text;
  const lc = new LineCounter();
  const pos = (node: Node | null | undefined): { line: number; column: number } => {
    const p = node?.range ? lc.linePos(node.range[0]) : { line: 1, col: 1 };
    return { line: p.line, column: p.col };
  };
  const nodeProblem = (severity: AgentProblem['severity'], message: string, node?: Node | null): void => problem(severity, message, pos(node));
  // The parser recurses per flow bracket: 20,000 `[` would exhaust the stack and then report one error per
  // bracket. Refuse such a file up front, as the SKILL.md frontmatter does.
  const tooDeep = flowDepthExceeds(text2);
  if (tooDeep >= 0) {
    problem('error', `YAML: nesting deeper than ${MAX_DEPTH} levels; the agents file was not parsed`, new LineIndex(text2).position(tooDeep));
    return out;
  }
  let doc;
  try {
    doc = parseDocument(text2, { lineCounter: lc, uniqueKeys: true, prettyErrors: false, merge: false });
  } catch (e) {
    problem('error', `the agents file could not be parsed: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`);
    return out;
  }
  // One broken bracket can cascade into an error per later line: the first few locate the problem.
  for (const e of doc.errors.slice(0, MAX_YAML_ERRORS)) {
    const p = lc.linePos(e.pos[0]);
    problem('error', `YAML: ${e.message.split('\n')[0]?.replace(/ at line \d+, column \d+:?$/, '')}`, { line: p.line, column: p.col });
  }
  if (doc.errors.length > MAX_YAML_ERRORS) {
    const last = out.problems[out.problems.length - 1];
    problem('error', `YAML: ${doc.errors.length - MAX_YAML_ERRORS} more errors not shown`, { line: last?.line ?? 1, column: last?.column ?? 1 });
  }
  if (doc.errors.length) return out;
  const root = doc.contents;
  if (!isMap(root)) {
    nodeProblem('error', 'the agents file must be a map with an `agents:` list', root as Node);
    return out;
  }
  let agentsNode: unknown;
  for (const pair of root.items) {
    const key = isScalar(pair.key) ? text(pair.key) : '';
    if (key === 'agents') agentsNode = pair.value ?? null;
    else if (key === 'schema_version' && options.dropIn)
      nodeProblem('error', 'unknown field `schema_version`: the runtime removes it from agents.yaml only, not from a drop-in of agents.d', pair.key as Node);
    else if (key !== 'schema_version') nodeProblem('error', `unknown field \`${key}\` at the top of the agents file (expected \`agents\`)`, pair.key as Node);
  }
  if (agentsNode === undefined) {
    nodeProblem('error', 'missing field `agents`: the agents file needs a top-level `agents:` list', root as Node);
    return out;
  }
  if (!isSeq(agentsNode)) {
    if (valueKind(agentsNode) !== 'null') nodeProblem('error', '`agents` must be a list of agents', agentsNode as Node);
    return finish(out);
  }
  const configDir = options.configDir ?? (options.dropIn ? path.dirname(path.dirname(abs)) : path.dirname(abs));
  for (const item of agentsNode.items) {
    const def = readAgent(item, configDir, nodeProblem, pos);
    if (!def) continue;
    def.file = abs;
    const at = out.agents.findIndex((a) => a.id === def.id);
    if (at < 0) out.agents.push(def);
    else if (!options.dropIn) nodeProblem('warning', `agent \`${def.id}\` is defined twice; the first definition is used`, item as Node);
    else {
      // A drop-in's agents are merged one by one: the later one replaces the earlier, in its place.
      nodeProblem('warning', `agent \`${def.id}\` is defined twice in this drop-in; the later definition replaces the earlier one`, item as Node);
      out.agents[at] = def;
    }
  }
  return finish(out);
}

function finish(file: AgentsFile): AgentsFile {
  for (const a of file.agents) a.fileError = file.error;
  return file;
}

type NodeProblem = (severity: AgentProblem['severity'], message: string, node?: Node | null) => void;

function readAgent(
  item: unknown,
  configDir: string,
  problem: NodeProblem,
  pos: (n: Node | null | undefined) => { line: number; column: number },
): AgentDef | null {
  if (!isMap(item)) {
    problem('error', 'each entry of `agents` must be a map with `id`, `model`, `skills`, `skills_dir`', item as Node);
    return null;
  }
  const fields = new Map<string, { key: Node; value: unknown }>();
  for (const pair of item.items) {
    if (!isPair(pair)) continue;
    const key = isScalar(pair.key) ? text(pair.key) : '';
    if (!AGENT_KEYS.has(key)) {
      problem('error', `unknown field \`${key}\` in an agent (the runtime refuses the agents file)`, pair.key as Node);
      continue;
    }
    fields.set(key, { key: pair.key as Node, value: pair.value ?? null });
  }
  const idField = fields.get('id');
  const id = idField && valueKind(idField.value) === 'str' ? text(idField.value) : '';
  if (!idField) problem('error', 'an agent has no `id` (missing field `id`)', item);
  else if (valueKind(idField.value) !== 'str') problem('error', "an agent's `id` must be text", (idField.value as Node) ?? idField.key);
  const who = id ? `agent \`${id}\`` : 'an agent';
  const model = fields.get('model');
  if (!model) problem('error', `${who}: missing field \`model\` (\`model: {provider: …, model: …}\`); the runtime refuses the agents file`, item);
  else readModel(model.value, who, problem, model.key);
  for (const key of STRING_KEYS) {
    const f = fields.get(key);
    if (f && valueKind(f.value) !== 'str') problem('error', `${who}: \`${key}\` must be text`, (f.value as Node) ?? f.key);
  }
  for (const key of STRING_LIST_KEYS) {
    const f = fields.get(key);
    if (f) stringList(f.value, `${who}: \`${key}\``, problem, f.key);
  }
  const lang = fields.get('language');
  if (lang && !['str', 'null'].includes(valueKind(lang.value))) problem('error', `${who}: \`language\` must be text`, (lang.value as Node) ?? lang.key);

  const def: AgentDef = {
    id,
    skills: [],
    skillsDir: resolveSkillsDir(configDir, './skills'),
    overrides: new Map(),
    tenantId: null,
    line: pos(item).line,
    skillPositions: new Map(),
    fileError: null,
  };
  const skills = fields.get('skills');
  if (skills) {
    for (const s of stringList(skills.value, `${who}: \`skills\``, problem, skills.key)) {
      def.skills.push(s.value);
      if (!def.skillPositions.has(s.value)) def.skillPositions.set(s.value, pos(s.node));
    }
  }
  const dir = fields.get('skills_dir');
  if (dir) {
    if (valueKind(dir.value) === 'str') def.skillsDir = resolveSkillsDir(configDir, text(dir.value));
    else problem('error', `${who}: \`skills_dir\` must be a path (text)`, (dir.value as Node) ?? dir.key);
    if (def.skillsDir === '' && def.skills.length > 0) {
      problem(
        'warning',
        `${who}: \`skills_dir\` is empty: nexo-rs warns "skills configured but skills_dir is empty" and injects no skill at all`,
        (dir.value as Node) ?? dir.key,
      );
    }
  }
  const tenant = fields.get('tenant_id');
  if (tenant) {
    const k = valueKind(tenant.value);
    if (k === 'str') def.tenantId = text(tenant.value);
    else if (k !== 'null') problem('error', `${who}: \`tenant_id\` must be text`, (tenant.value as Node) ?? tenant.key);
  }
  const ov = fields.get('skill_overrides');
  if (ov) readOverrides(ov.value, def, who, problem, ov.key);
  return id ? def : null;
}

function readModel(value: unknown, who: string, problem: NodeProblem, key: Node): void {
  if (!isMap(value)) {
    problem('error', `${who}: \`model\` must be a map \`{provider: …, model: …}\``, (value as Node) ?? key);
    return;
  }
  const seen = new Set<string>();
  for (const pair of value.items) {
    const k = isScalar(pair.key) ? text(pair.key) : '';
    if (k !== 'provider' && k !== 'model') {
      problem('error', `${who}: unknown field \`${k}\` in \`model\` (expected \`provider\`, \`model\`)`, pair.key as Node);
      continue;
    }
    seen.add(k);
    if (valueKind(pair.value) !== 'str') problem('error', `${who}: \`model.${k}\` must be text`, (pair.value as Node) ?? (pair.key as Node));
  }
  for (const k of ['provider', 'model']) if (!seen.has(k)) problem('error', `${who}: \`model\` is missing field \`${k}\``, value as Node);
}

/** `Vec<String>` from a YAML value: a list of strings (numbers and booleans are not strings here); null is
 *  an empty list. */
function stringList(value: unknown, label: string, problem: NodeProblem, key: Node): Array<{ value: string; node: Node }> {
  const kind = valueKind(value);
  if (kind === 'null') return [];
  if (!isSeq(value)) {
    problem('error', `${label} must be a list of names`, (value as Node) ?? key);
    return [];
  }
  const out: Array<{ value: string; node: Node }> = [];
  for (const s of value.items) {
    if (valueKind(s) === 'str') out.push({ value: text(s), node: s as Node });
    else problem('error', `${label}: each entry must be text${isScalar(s) ? ` (quote it: "${text(s)}")` : ''}`, s as Node);
  }
  return out;
}

function readOverrides(value: unknown, def: AgentDef, who: string, problem: NodeProblem, key: Node): void {
  if (valueKind(value) === 'null') return;
  if (!isMap(value)) {
    problem('error', `${who}: \`skill_overrides\` must be a map of skill → mode`, (value as Node) ?? key);
    return;
  }
  for (const pair of value.items) {
    if (!isPair(pair) || valueKind(pair.key) !== 'str') {
      problem('error', `${who}: each key of \`skill_overrides\` must be a skill name (text)`, pair.key as Node);
      continue;
    }
    const skill = text(pair.key);
    const v = pair.value as unknown;
    const k = valueKind(v);
    const tag = isScalar(v) && k === 'tagged' && text(v) === '' ? String(v.tag).replace(/^!/, '') : null;
    const mode = k === 'str' ? text(v) : (tag ?? (isScalar(v) ? text(v) : ''));
    if (!MODES.includes(mode) || (k !== 'str' && tag === null)) {
      problem('error', `${who}: override for \`${skill}\` is \`${mode}\`; use strict, warn or disable`, (pair.value as Node) ?? (pair.key as Node));
      continue;
    }
    def.overrides.set(skill, mode as GatingMode);
    if (!def.skills.some((s) => rustTrim(s) === skill)) {
      problem('warning', `${who}: override for \`${skill}\`, which is not in its \`skills\` list, has no effect`, pair.key as Node);
    }
  }
}

export async function readAgentsFile(filePath: string, options: AgentsFileOptions = {}): Promise<AgentsFile> {
  let source: string;
  try {
    // `read_to_string`: a file that is not UTF-8 cannot be read.
    source = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(await fs.readFile(filePath));
  } catch (e) {
    if (e instanceof TypeError) {
      const message = 'agents file is not valid UTF-8: the runtime cannot read it';
      return { path: path.resolve(filePath), agents: [], problems: [{ severity: 'error', message, line: 1, column: 1 }], error: message };
    }
    const code = (e as NodeJS.ErrnoException).code;
    const message = code === 'ENOENT' ? 'agents file does not exist' : `agents file cannot be read (${code ?? 'error'})`;
    return { path: path.resolve(filePath), agents: [], problems: [{ severity: 'error', message, line: 1, column: 1 }], error: message };
  }
  return parseAgentsFile(source, filePath, options);
}

/** The whole configuration as the runtime loads it from the agents file `file` (`AppConfig::load`): that
 *  file, then each `agents.d/*.yaml` beside it in file-name order (`merge_agents_drop_in`), an agent with a
 *  known `id` replacing the earlier one in its place. The answer is `file` as read, with `dropIns`, the merged
 *  `agents` and the configuration's first `error` (every agent's `fileError`). */
export async function readAgentsConfig(file: string, options: AgentsFileOptions = {}): Promise<AgentsFile> {
  const configDir = options.configDir ?? path.dirname(path.resolve(file));
  const base = await readAgentsFile(file, { ...options, configDir, dropIn: false });
  const dropIns: AgentsFile[] = [];
  const dropDir = path.join(configDir, 'agents.d');
  let listError: string | null = null;
  let names: string[] = [];
  try {
    // `Path::exists` follows links: a missing folder (or a dangling link) means no drop-ins.
    await fs.stat(dropDir);
    try {
      names = (await fs.readdir(dropDir)).filter(isYamlDropIn);
    } catch (e) {
      listError = `agents.d cannot be listed (${(e as NodeJS.ErrnoException).code ?? 'error'}): the runtime refuses the configuration`;
    }
  } catch {
    // no agents.d
  }
  // `PathBuf` order: the file names' bytes.
  names.sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
  for (const name of names) dropIns.push(await readAgentsFile(path.join(dropDir, name), { ...options, configDir, dropIn: true }));
  const agents: AgentDef[] = [...base.agents];
  for (const d of dropIns) {
    for (const a of d.agents) {
      const at = agents.findIndex((x) => x.id === a.id);
      if (at >= 0) agents[at] = a;
      else agents.push(a);
    }
  }
  const failed = [base, ...dropIns].find((f) => f.error !== null);
  const error = failed === base ? base.error : failed ? `agents.d/${path.basename(failed.path)}: ${failed.error}` : listError;
  for (const a of agents) a.fileError = error;
  return { ...base, agents, error, dropIns };
}

/** `Path::extension() == Some("yaml")`: the text after the last dot of a name that does not merely start
 *  with it (`.yaml` has no extension). Case-sensitive. */
function isYamlDropIn(name: string): boolean {
  return name.endsWith('.yaml') && name !== '.yaml';
}

/** The runtime's candidates for a listed name (`skills.rs:216-231`): `<root>/<tenant>/<name>/SKILL.md` when
 *  the agent has a tenant, `<root>/__global__/<name>/SKILL.md`, `<root>/<name>/SKILL.md` (legacy). The name
 *  is the trimmed listed name, joined as written (`tools/cutter` is a nested folder). */
export function skillCandidates(root: string, name: string, tenantId: string | null): string[] {
  const join = (...parts: string[]): string => parts.reduce((a, b) => (b.startsWith('/') ? b : `${a.replace(/\/+$/, '')}/${b}`));
  const out: string[] = [];
  if (tenantId !== null) out.push(join(root, tenantId, name, 'SKILL.md'));
  out.push(join(root, '__global__', name, 'SKILL.md'), join(root, name, 'SKILL.md'));
  return out;
}

/** Where the runtime finds a listed skill: the first candidate that EXISTS (`Path::exists`: a folder named
 *  SKILL.md counts, and then cannot be read). Null: NotFound. */
export async function resolveAgentSkill(agent: AgentDef, name: string): Promise<string | null> {
  const trimmed = rustTrim(name);
  if (trimmed === '' || rustTrim(agent.skillsDir) === '') return null;
  for (const candidate of skillCandidates(agent.skillsDir, trimmed, agent.tenantId ?? null)) {
    try {
      await fs.stat(candidate);
      return candidate;
    } catch {
      // try the next place
    }
  }
  return null;
}

/** Why a listed skill is `not_found`, in words (for a warning at the line that lists it). */
export function notFoundReason(agent: AgentDef, name: string): string {
  const trimmed = rustTrim(name);
  const tried = skillCandidates('', trimmed, agent.tenantId ?? null).map((c) => `${path.dirname(c).replace(/^\//, '')}/`);
  if (trimmed.includes('/') || trimmed.includes('\\') || trimmed === '..' || trimmed === '.') {
    return `agent \`${agent.id}\`: skill \`${trimmed}\` is a path, not a folder name: the runtime joins it to skills_dir as written (tried ${tried.join(', ')}) and finds no SKILL.md there; it reports it NotFound`;
  }
  return `agent \`${agent.id}\`: no SKILL.md for \`${trimmed}\` in ${agent.skillsDir} (tried ${tried.join(', ')}); the runtime reports it NotFound`;
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
