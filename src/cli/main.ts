// `skill-author`: the engine's verdicts for terminals and CI. This file only parses arguments, formats
// output and picks exit codes; every verdict comes from src/core.
//
// Exit codes: 0 no error diagnostics · 1 error diagnostics, or nothing found · 2 usage error / bad path.

import { existsSync, promises as fs, statSync } from 'node:fs';
import * as path from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { findAgentsFile, notFoundReason } from '../core/runtimes/nexo/agents';
import { AnalysisCache } from '../core/check/cache';
import { blockingIo } from '../core/skill/catalog';
import { semverEngine } from '../core/rust/semverEngine';
import {
  bannerFor,
  contentFor,
  Engine,
  type EvaluatedSkill,
  mergeCategoryDescriptions,
  nexoVerdictOf,
  renderIndex,
  type AgentIndexFormat,
} from '../core/check/engine';
import { applicableRuntimes, parseRuntimeList } from '../core/runtimes/detect';
import { runtimeConfigEntries, toRuntimeEntry } from '../core/check/entry';
import { listingBudgetWords, verdictWords } from '../core/runtimes/words';
import { resolvedVersionOf, runtimeContext, type RuntimeChoices, TREE_EVALUATORS } from '../core/runtimes';
import { judgeEvaluated, judgeSkillOf } from '../core/check/judge';
import { OffThreadEvaluator } from '../core/check/offThread';
import { TreePrefetch } from '../core/check/prefetch';
import type { TreeEvaluator } from '../core/check/judge';
import { newestVersion, RUNTIME_IDS, RUNTIME_LABELS, RUNTIMES, runtimeTitle } from '../core/runtimes/registry';
import { LISTING_RUNTIMES } from '../core/runtimes/profiles';
import type { RuntimeContext, RuntimeId } from '../core/runtimes/types';
import { isVisible } from '../core/runtimes/nexo/status';
import { applyBaseline, type Baseline, inBaseline, readBaseline } from './baseline';
import { formatCheckTable, formatMatrixTable, makeStyle, matrixJson, relativeTo, writeCheckJson } from './format';
import { skillMatrix } from '../core/check/matrix';
import { matrixRuntimes } from '../core/check/matrixColumns';
import { formatGithub } from './github';
import { type ExtensionEntry, type ExtensionsConfigEntry, formatExtensionsTable, toConfigEntry, toExtensionEntry } from './extensions';
import { MANIFEST_FILENAME, OTHER_SCHEMA_FILENAME } from '../core/runtimes/nexo/extensions/discovery';
import { checkExtensionsAt } from '../core/runtimes/nexo/extensions/checkAt';
import { isExtensionsConfigPath } from '../core/runtimes/nexo/extensions/locate';
import { cacheDir } from './cacheDir';
import { requireWithCodeCache } from './codeCache';
import { formatSarif } from './sarif';
import { keepingLog, refuseKeeping } from '../core/machine/keeping';
import { type CliAnalyzer, RUNTIME_WORKER_SCRIPT, WORKER_SCRIPT, workerAnalyzer, workersSetting } from './workers';

export const VERSION = '0.1.0';

class UsageError extends Error {}

const HELP: Record<string, string> = {
  main: `skill-author ${VERSION} — what your agent will do with each SKILL.md on this machine

Usage:
  skill-author check [PATH…] [--runtime R[,R…]] [--format text|json|sarif|github] [--baseline FILE] [--fail-on error|warning|never] [--fix [--dry-run]] [--agent ID [--agents-file FILE]] [--no-probe] [--no-cache]
  skill-author banner PATH [--runtime nexo] [--agent ID [--agents-file FILE]] [--render] [--no-probe] [--no-cache]
  skill-author index [PATH…] [--runtime R | --format hermes|xml|nexo] [--agent ID [--agents-file FILE]] [--no-probe] [--no-cache]
  skill-author constraint REQ [VERSION…]
  skill-author constraint --batch < lines
  skill-author lsp --stdio [--trusted]      (the language server; see docs/lsp.md)

Runtimes (R): ${RUNTIME_IDS.join(', ')}; R@VERSION picks a version (${versionsLine()}).
Without --runtime each skill is judged by the runtimes that apply to it (where it lives, the fields it uses;
else agentskills). A runtime is judged by the version installed here when found (OpenClaw), else the newest
emulated; an unknown version by the nearest older one emulated, with a note on stderr.
Hermes context: --tools a,b  --toolsets x,y  --environments kanban,docker,s6  --hermes-home DIR
OpenClaw context: --openclaw-config FILE

Run \`skill-author COMMAND --help\` for details. Exit codes: 0 ok, 1 errors found, 2 usage error.`,
  check: `skill-author check [PATH…] [options]

Validates every SKILL.md under each PATH (a SKILL.md, a skill folder, or a root searched recursively;
default: .) and says what the agent runtime will do with it on this machine.

Options:
  --runtime R[,R…]       judge by these runtimes only (R or R@VERSION, as listed in \`skill-author --help\`);
                         default: the runtimes that apply to each skill, each at the version installed
                         here, else the newest emulated
  --format F             text (default): a table · json: machine-readable ({"version":2,"skills":[…]}: per
                         skill the verdict of its worst runtime, and each runtime's verdict, hidden_by,
                         missing and reasons) · sarif: SARIF 2.1.0 for code scanning · github: one GitHub
                         Actions annotation (::error/::warning/::notice) per finding
  --json                 the same as --format json
  --baseline FILE        FILE is an earlier \`check --json\` output: findings already in it do not fail the
                         check; the table marks them (baseline), JSON gives them "baseline": true, SARIF
                         baselineState unchanged (new ones: new), github leaves them out
  --matrix               instead of the table: one row per skill, one column per agent runtime that lists
                         skills to the model (those chosen with --runtime, else each that reads one of the
                         skills' folders; * marks the version installed here), each cell how that runtime
                         lists the skill: full, cut, name only, shadowed, absent or not read. With --json:
                         {"version":1,"runtimes":[…],"skills":[{path,name,cells:{runtime:{state,listed_as,why}}}]}.
                         The exit code is check's.
  --fail-on LEVEL        which findings fail the check (exit 1): error (default), warning (errors and
                         warnings), never (findings never do; a run that finds no SKILL.md still does)
  --fix                  first apply, in place, the editor's quick fixes that cannot change meaning (\`bins: x\`
                         → \`[x]\`, an npm range → the same Cargo range, quoting a value a colon broke, name ←
                         folder); one line per fix on stderr (PATH: fixed CODE at LINE:COL (FIX)); a fix
                         whose result would bring in a new error is not written. Then checks as usual.
  --dry-run              with --fix: write nothing; print a unified diff of each file that would change,
                         and nothing else (stderr: PATH: would fix …); exit 0 when no error would remain, else 1
  --tools a,b            Hermes: the tools the agent has (turns conditional activation on)
  --toolsets x,y         Hermes: the toolsets the agent has
  --environments e,f     Hermes: the active environments (kanban, docker, s6); default: detected
  --hermes-home DIR      Hermes: $HERMES_HOME (default $HERMES_HOME, else ~/.hermes)
  --openclaw-config FILE OpenClaw: its openclaw.json (default: where OpenClaw finds it)
  --agent ID             show the skills agent ID loads, in its order, with its skill_overrides applied
  --agents-file FILE     the agents file (default: config/agents.yaml or agents.yaml under PATH or .)
  --no-probe             spawn nothing: version requirements are reported unknown and hide nothing
  --no-cache             neither read nor write the caches ($XDG_CACHE_HOME/skill-author, default
                         ~/.cache/skill-author: the analyses, Hermes's reading of each file and its
                         reports, the CLI's compiled code); probe results are never cached
  -v, --verbose          also list information-level findings in the table
  --color, --no-color    force colour on or off (default: on for a terminal, off with NO_COLOR)
  -h, --help             this help

Exit: 0 when no skill has an error diagnostic (with --baseline: a new one; with --fail-on warning: nor a
warning), 1 when any has (or no SKILL.md was found), 2 on usage errors (a --baseline FILE missing or not a
check --json document too).`,
  banner: `skill-author banner PATH [options]

Prints the MISSING DEPS banner the runtime puts in front of the skill at PATH (a SKILL.md or a skill folder),
exactly, followed by a newline; prints nothing when there is none.

Options:
  --render               print everything the model sees for this skill (banner, blank line, body)
  --agent ID             apply agent ID's skill_overrides (with --agents-file FILE)
  --agents-file FILE     the agents file (default: config/agents.yaml or agents.yaml above the skill)
  --no-probe             spawn nothing (version requirements unknown)
  --no-cache             neither read nor write the caches (analyses, Hermes's readings and reports, compiled code)
  -h, --help             this help`,
  index: `skill-author index [PATH…] [options]

Prints the prompt index of the skills the model will see (hidden skills are left out).

Options:
  --runtime R            whose index: hermes (default; its <available_skills> block for PATH as its skills
                         folder), openclaw (its skills prompt for PATH as the workspace skills folder),
                         nexo (the "# SKILLS" system block with every skill's content), agentskills (the
                         Agent Skills client index with absolute <location>). Prints nothing when the
                         runtime prints none; says why on stderr when it would fail.
  --format FORMAT        the older name of the layout: hermes, xml (= agentskills) or nexo
  --tools, --toolsets, --environments, --hermes-home, --openclaw-config   as for check
  --agent ID             the skills agent ID loads, in its order (with --agents-file FILE)
  --agents-file FILE     the agents file (default: config/agents.yaml or agents.yaml under PATH or .)
  --no-probe             spawn nothing (version requirements unknown and not hiding)
  --no-cache             neither read nor write the caches (analyses, Hermes's readings and reports, compiled code)
  -h, --help             this help`,
  constraint: `skill-author constraint REQ [VERSION…]
skill-author constraint --batch

Explains a version constraint in Cargo's dialect (the one nexo-rs uses for bin_versions) and checks
versions against it. With --batch, reads "constraint<TAB>version" lines on standard input and writes one
verdict per line: match, nomatch, invalid_constraint or invalid_version.

Exit: 0 when the constraint is valid (and, with versions, all match), 1 otherwise, 2 on usage errors.`,
};

interface Io {
  out: (s: string) => void;
  err: (s: string) => void;
  isTTY: boolean;
  env: NodeJS.ProcessEnv;
  cwd: string;
  stdin: () => AsyncIterable<string | Buffer>;
}

const COMMON: ParseArgsConfig['options'] = {
  help: { type: 'boolean', short: 'h' },
  json: { type: 'boolean' },
  agent: { type: 'string' },
  'agents-file': { type: 'string' },
  'no-probe': { type: 'boolean' },
  'no-cache': { type: 'boolean' },
  render: { type: 'boolean' },
  format: { type: 'string' },
  batch: { type: 'boolean' },
  color: { type: 'boolean' },
  'no-color': { type: 'boolean' },
  verbose: { type: 'boolean', short: 'v' },
  runtime: { type: 'string' },
  tools: { type: 'string' },
  toolsets: { type: 'string' },
  environments: { type: 'string' },
  'hermes-home': { type: 'string' },
  'openclaw-config': { type: 'string' },
  baseline: { type: 'string' },
  'fail-on': { type: 'string' },
  fix: { type: 'boolean' },
  'dry-run': { type: 'boolean' },
  matrix: { type: 'boolean' },
};

const RUNTIME_OPTIONS = ['runtime', 'tools', 'toolsets', 'environments', 'hermes-home', 'openclaw-config'];

const ALLOWED: Record<string, string[]> = {
  check: [
    'help',
    'json',
    'format',
    'baseline',
    'fail-on',
    'fix',
    'dry-run',
    'matrix',
    'agent',
    'agents-file',
    'no-probe',
    'no-cache',
    'color',
    'no-color',
    'verbose',
    ...RUNTIME_OPTIONS,
  ],
  banner: ['help', 'agent', 'agents-file', 'no-probe', 'no-cache', 'render', ...RUNTIME_OPTIONS],
  index: ['help', 'agent', 'agents-file', 'no-probe', 'no-cache', 'format', ...RUNTIME_OPTIONS],
  constraint: ['help', 'batch'],
};

export async function main(argv: string[], io: Io): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === '-h' || command === '--help' || command === 'help') {
    io.out(`${HELP['main']}\n`);
    return command === undefined ? 2 : 0;
  }
  if (command === '--version' || command === '-V') {
    io.out(`${VERSION}\n`);
    return 0;
  }
  if (command === 'lsp') return lsp(rest, io);
  if (!ALLOWED[command]) throw new UsageError(`unknown command \`${command}\` (expected check, banner, index, constraint or lsp; see --help)`);
  let parsed;
  try {
    parsed = parseArgs({ args: rest, options: COMMON, allowPositionals: true, strict: true });
  } catch (e) {
    throw new UsageError((e instanceof Error ? e.message : String(e)).replace(/^Unknown option/, 'unknown option').split('\n')[0] ?? 'bad arguments');
  }
  const values = parsed.values as Record<string, string | boolean | undefined>;
  for (const k of Object.keys(values)) {
    if (values[k] !== undefined && !ALLOWED[command]?.includes(k)) throw new UsageError(`\`--${k}\` does not apply to \`${command}\``);
  }
  if (values['help']) {
    io.out(`${HELP[command]}\n`);
    return 0;
  }
  const positionals = parsed.positionals;
  if (command !== 'constraint')
    refuseKeepingInside([...positionals, ...['baseline', 'agents-file', 'hermes-home', 'openclaw-config'].map((k) => values[k])], io);
  switch (command) {
    case 'constraint':
      return cmdConstraint(positionals, values, io);
    case 'check':
      return cmdCheck(positionals, values, io);
    case 'banner':
      return cmdBanner(positionals, values, io);
    default:
      return cmdIndex(positionals, values, io);
  }
}

/** A run asked to read inside the cache folder (or the build's) is not kept: no question about those folders
 *  is noted, so a kept run could not tell when what it read there changed. */
function refuseKeepingInside(paths: unknown[], io: Io): void {
  const log = keepingLog();
  if (!log) return;
  const { ignored } = log.settings();
  for (const p of paths) {
    if (typeof p !== 'string') continue;
    const a = path.resolve(io.cwd, p);
    if (log.isIgnored(a) || ignored.some((d) => d.startsWith(`${a}${path.sep}`))) log.refuse(`${p} holds the cache folder or is inside it`);
  }
}

/** `lsp`: the language server, loaded only now (dist/lsp.js beside this bundle; src/server unbundled), so
 *  the other commands never load it. Runs until the client says `exit`. */
function lsp(args: string[], io: Io): Promise<number> {
  const entry = [path.join(__dirname, 'lsp.js'), path.join(__dirname, '..', 'server', 'main.js')].find((f) => existsSync(f));
  if (!entry) throw new Error('the language server (lsp.js) is missing from this installation');
  const { runLsp } = requireWithCodeCache(entry, cacheDir(io.env)) as typeof import('../server/main');
  const code = runLsp(args, io, VERSION);
  return code === null ? new Promise<number>(() => undefined) : Promise.resolve(code);
}

async function assertPaths(paths: string[], io: Io): Promise<string[]> {
  const abs = paths.map((p) => path.resolve(io.cwd, p));
  for (let i = 0; i < abs.length; i++) {
    try {
      // Blocking, as the CLI's reads are (the engine's blockingIo): nothing else is waiting.
      statSync(abs[i] as string);
    } catch {
      throw new UsageError(`path does not exist: ${paths[i]}`);
    }
  }
  return abs;
}

/** `a,b` → ['a', 'b'] (blank items dropped); absent → undefined. */
function listOption(values: Record<string, unknown>, key: string): string[] | undefined {
  const v = values[key];
  return typeof v === 'string'
    ? v
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean)
    : undefined;
}

/** `openclaw 2026.4.12 … 2026.9.6 (48 releases); hermes 306e2d23, 780e0980; …`: the versions each profile
 *  emulates (a long run of releases as its ends). */
function versionsLine(): string {
  return RUNTIMES.map((r) => {
    const v = r.versions.map((x) => x.version);
    return `${r.id} ${v.length > 4 ? `${v[0]} … ${v.at(-1)} (${v.length} releases)` : v.join(', ')}`;
  }).join('; ');
}

/** What the user should know about the versions judged by (one asked for or installed that is not emulated),
 *  for the runtimes that judged something. */
function versionNotes(ctx: RuntimeContext, used: Iterable<RuntimeId>, io: Io): void {
  const seen = new Set(used);
  for (const id of RUNTIME_IDS) {
    const r = seen.has(id) ? resolvedVersionOf(ctx, id) : undefined;
    if (r?.note) io.err(`skill-author: note: ${r.note}\n`);
  }
}

/** `index` names, on stderr, the runtime and version whose index it prints (stdout is the index alone). */
function versionHeader(ctx: RuntimeContext, runtime: RuntimeId, io: Io): void {
  const r = resolvedVersionOf(ctx, runtime);
  if (!r) return;
  const how = r.source === 'installed' ? `installed at ${r.foundAt}` : r.source === 'newest' ? 'the newest emulated' : 'as asked';
  io.err(`skill-author: the index of ${RUNTIME_LABELS[runtime]} ${r.version} (${how})\n`);
  if (r.note) io.err(`skill-author: note: ${r.note}\n`);
}

/** The runtime options of check, index and banner: the same for all three, so a verdict and the index agree. */
function runtimeChoices(values: Record<string, unknown>, io: Io): RuntimeChoices {
  const choices: RuntimeChoices = {};
  if (typeof values['runtime'] === 'string') {
    const { runtimes, versions, unknown, conflicts } = parseRuntimeList(values['runtime']);
    if (unknown.length || runtimes.length === 0)
      throw new UsageError(`--runtime takes ${RUNTIME_IDS.join(', ')}, each optionally @version (got \`${unknown.join(', ') || values['runtime']}\`)`);
    if (conflicts.length) throw new UsageError(`--runtime names ${conflicts.join(', ')} with two versions; judge by one version of each per run`);
    choices.pinned = runtimes;
    if (Object.keys(versions).length) choices.versions = versions;
  }
  const tools = listOption(values, 'tools');
  if (tools) choices.tools = tools;
  const toolsets = listOption(values, 'toolsets');
  if (toolsets) choices.toolsets = toolsets;
  const environments = listOption(values, 'environments');
  if (environments) choices.environments = environments;
  if (typeof values['hermes-home'] === 'string') choices.hermesHome = path.resolve(io.cwd, values['hermes-home']);
  if (typeof values['openclaw-config'] === 'string') choices.openclawConfig = path.resolve(io.cwd, values['openclaw-config']);
  return choices;
}

function engineFor(values: Record<string, unknown>, io: Io, analyzer?: (a: CliAnalyzer) => void): Engine {
  // The CLI has nothing else to do while it reads files, so it uses blocking file-system calls (several
  // times faster for thousands of small files). With --no-cache the cache still lives for this run (each
  // file analyzed once, analyses kept compact), but nothing is read from or written to disk.
  const cache = new AnalysisCache({
    dir: values['no-cache'] ? null : cacheDir(io.env),
    io: blockingIo,
    salt: buildId(),
    onWarning: (m) => {
      // A run whose cache warned is not kept: what it printed depends on the cache, not only on the files.
      refuseKeeping('the analysis cache warned');
      io.err(`skill-author: warning: ${m}\n`);
    },
  });
  // Files to analyze are shared with worker threads when there are enough of them (src/cli/workers.ts).
  const workers = workersSetting(io.env);
  const offThread = workers === 0 ? undefined : workerAnalyzer({ script: WORKER_SCRIPT, workers });
  if (offThread) analyzer?.(offThread);
  return new Engine({
    env: io.env,
    cwd: io.cwd,
    probe: !values['no-probe'],
    notProbedReason: 'not probed (--no-probe)',
    cache,
    ...(offThread ? { offThread } : {}),
  });
}

/** The context with Hermes's read cache (next to the analysis cache; not with --no-cache). Its salt is the
 *  identity of both bundles that may run the emulation: this one and the runtime worker's. */
function withReadCache(ctx: RuntimeContext, values: Record<string, unknown>, io: Io): RuntimeContext {
  const dir = values['no-cache'] ? null : cacheDir(io.env);
  if (!dir) return ctx;
  let worker = 'none';
  try {
    const st = statSync(RUNTIME_WORKER_SCRIPT);
    worker = `${st.size}:${st.mtimeMs}`;
  } catch {
    // no worker bundle (an unbundled run): the emulation runs in this one
  }
  return { ...ctx, readCache: { dir, salt: `${buildId()}:${worker}`, warnings: 'stderr' } };
}

/** This build's identity: a rebuilt CLI never trusts what an older build cached. */
function buildId(): string {
  try {
    const st = statSync(__filename);
    return `${VERSION}:${st.size}:${st.mtimeMs}`;
  } catch {
    return VERSION;
  }
}

/** Resolve `--agent`: the agents file named, or the conventional one under the first path (or cwd). */
async function agentSkills(
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

const CHECK_FORMATS = ['text', 'json', 'sarif', 'github'] as const;

/** `check`'s output format: `--format F`, or `--json` (the same as `--format json`). */
function checkFormat(values: Record<string, unknown>): (typeof CHECK_FORMATS)[number] {
  const format = values['format'];
  if (format === undefined) return values['json'] ? 'json' : 'text';
  const known = CHECK_FORMATS.find((f) => f === format);
  if (!known) throw new UsageError(`--format must be text, json, sarif or github (got \`${String(format)}\`)`);
  if (values['json'] && known !== 'json') throw new UsageError(`--json is --format json: it cannot go with --format ${known}`);
  return known;
}

/** `check --baseline FILE`, read before any analysis: missing or not a `check --json` document is a usage error. */
async function checkBaseline(values: Record<string, unknown>, io: Io): Promise<Baseline | null> {
  const file = values['baseline'];
  if (typeof file !== 'string') return null;
  try {
    return await readBaseline(path.resolve(io.cwd, file), file);
  } catch (e) {
    throw new UsageError(e instanceof Error ? e.message : String(e));
  }
}

async function cmdCheck(positionals: string[], values: Record<string, unknown>, io: Io): Promise<number> {
  const format = checkFormat(values);
  if (values['dry-run'] && !values['fix']) throw new UsageError('--dry-run goes with --fix');
  if (values['fix'] && values['agent'] !== undefined) throw new UsageError('--fix changes the files under PATH; it does not go with --agent');
  if (values['matrix'] && (format === 'sarif' || format === 'github'))
    throw new UsageError(`--matrix prints a table or JSON; it does not go with --format ${format}`);
  if (values['matrix'] && values['dry-run']) throw new UsageError('--matrix does not go with --dry-run');
  const baseline = await checkBaseline(values, io);
  const failOn = values['fail-on'] ?? 'error';
  if (failOn !== 'error' && failOn !== 'warning' && failOn !== 'never')
    throw new UsageError(`--fail-on must be error, warning or never (got \`${String(failOn)}\`)`);
  const targets = await assertPaths(positionals.length ? positionals : ['.'], io);
  // A nexo-rs manifest or extensions configuration named as a path is judged as one, never as a SKILL.md.
  const skillTargets = targets.filter((t) => !isExtensionFile(t));
  let analyzer: CliAnalyzer | undefined;
  const engine = engineFor(values, io, (a) => (analyzer = a));
  let treeWorker: OffThreadEvaluator | undefined;
  // A tree runtime's report takes a core of its own: the analysis workers give theirs back.
  const treeThread = (): OffThreadEvaluator => {
    if (!treeWorker) {
      treeWorker = new OffThreadEvaluator(RUNTIME_WORKER_SCRIPT);
      analyzer?.yieldCores();
    }
    return treeWorker;
  };
  try {
    const dryRun = values['dry-run'] === true;
    const choices = runtimeChoices(values, io);
    const ctx = withReadCache(runtimeContext(io.env, io.cwd, choices), values, io);
    // Fixes only what the runtimes that apply to each skill report (`--runtime`, else detected), as check does.
    const runtimesOf = (file: string, data: Readonly<Record<string, unknown>> | null): RuntimeId[] =>
      applicableRuntimes({ dir: path.dirname(file), data, home: ctx.home, env: ctx.env, pinned: choices.pinned ?? [] }).map((a) => a.runtime);
    // --fix and --dry-run only: the fixes (./fix.ts, with every runtime's quick fixes and jsdiff) are loaded now.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const fixes = values['fix'] ? (require('./fix') as typeof import('./fix')) : null;
    const fixed = fixes
      ? await fixes.fixPaths(engine, skillTargets, { dryRun, show: (p) => relativeTo(io.cwd, p), report: (l) => io.err(`${l}\n`), runtimes: runtimesOf })
      : [];
    let skills: EvaluatedSkill[];
    let agentProblems = 0;
    const catalogProblems: string[] = [];
    // Hermes's and OpenClaw's reports of a root are started on a worker thread as soon as a skill they judge
    // has been analyzed, and computed while the engine goes on (not with --dry-run, which judges other texts,
    // nor with --agent; not with workers turned off).
    const prefetch =
      values['agent'] === undefined && !dryRun && workersSetting(io.env) !== 0
        ? new TreePrefetch({
            ctx,
            pinned: choices.pinned ?? [],
            ...(choices.nexoSkillsDirs ? { nexoSkillsDirs: choices.nexoSkillsDirs } : {}),
            trees: offThreadTrees(treeThread),
          })
        : null;
    if (values['agent'] !== undefined) {
      ({ skills, problems: agentProblems } = await agentSkills(engine, values, targets[0] ?? io.cwd, io));
    } else {
      const result = skillTargets.length
        ? await engine.checkPaths(skillTargets, undefined, prefetch ? (l, a) => prefetch.see(l, a) : undefined)
        : { skills: [], catalogs: [] };
      skills = result.skills;
      for (const c of result.catalogs) for (const p of c.problems) catalogProblems.push(`${relativeTo(io.cwd, p.path)}: ${p.message}`);
    }
    for (const p of catalogProblems) io.err(`skill-author: ${p}\n`);
    // --dry-run: judge the texts as they would be after fixing (nothing was written).
    if (dryRun && fixes) skills = await fixes.withFixes(engine, skills, fixed);
    const show = (p: string): string => relativeTo(io.cwd, p);
    // An agents file is nexo-rs's: an agent's skills are judged by nexo-rs unless other runtimes are named.
    if (values['agent'] !== undefined && !choices.pinned) choices.pinned = ['nexo'];
    // --matrix: every skill judged by every column's runtime, so that each cell is that runtime's own verdict.
    const matrixColumns = values['matrix'] ? matrixRuntimes(skills.map(judgeSkillOf), ctx.home, ctx.env, choices.pinned) : [];
    if (values['matrix'] && !choices.pinned) choices.pinned = matrixColumns;
    const { judged, judgement } = await judgeEvaluated(skills, ctx, choices, prefetch ? prefetch.trees() : TREE_EVALUATORS);
    const judgedEntries = skills.map((s, i) => toRuntimeEntry(s, judged[i] as (typeof judged)[number], show));
    // A runtime that refuses its configuration reads no skill: the file, with the runtime's words, is an error.
    const runtimeConfigs = runtimeConfigEntries(judgement.reports, show);
    versionNotes(ctx, new Set(judged.flatMap((j) => j.verdicts.map((v) => v.runtime))), io);
    // With --baseline, findings already in it carry `baseline: true` and do not count toward the exit code.
    const entries = baseline ? applyBaseline(judgedEntries, baseline, io.cwd) : judgedEntries;
    // nexo-rs extensions (`plugin.toml`) under the same paths, as the agent would find them run from there.
    const extensions: ExtensionEntry[] = [];
    const extensionsConfig: ExtensionsConfigEntry[] = [];
    if (values['agent'] === undefined && !dryRun && (!choices.pinned || choices.pinned.includes('nexo'))) {
      const seen = new Set<string>();
      const nexoVersion = ctx.versions?.nexo ?? newestVersion('nexo');
      for (const t of targets) {
        const found = await checkExtensionsAt(t, { env: ctx.env, platform: ctx.platform }, io.cwd);
        if (found.config && !seen.has(found.config.path)) {
          seen.add(found.config.path);
          extensionsConfig.push(toConfigEntry(found.config, show, nexoVersion));
        }
        for (const x of found.extensions)
          if (!seen.has(x.file)) {
            seen.add(x.file);
            extensions.push(toExtensionEntry(x, show, nexoVersion));
          }
      }
    }
    if (dryRun && fixes) for (const f of fixed) io.out(fixes.fixDiff(f, relativeTo(io.cwd, f.file)));
    else if (values['matrix']) {
      const matrix = skillMatrix(entries, matrixColumns, ctx.resolvedVersions ?? []);
      if (format === 'json') io.out(matrixJson(matrix));
      else {
        const colour = values['color'] === true || (values['no-color'] !== true && io.isTTY && !io.env['NO_COLOR']);
        io.out(formatMatrixTable(matrix, makeStyle(colour)));
      }
    } else if (format === 'json') writeCheckJson(entries, io.out, undefined, extensions, extensionsConfig, runtimeConfigs);
    else if (format === 'sarif')
      io.out(formatSarif([...entries, ...extensions, ...extensionsConfig, ...runtimeConfigs], { version: VERSION, cwd: io.cwd, baseline: baseline !== null }));
    else if (format === 'github') io.out(formatGithub([...entries, ...extensions, ...extensionsConfig, ...runtimeConfigs]));
    else {
      const colour = values['color'] === true || (values['no-color'] !== true && io.isTTY && !io.env['NO_COLOR']);
      // Each agent CLI's listing budget, per working folder it was judged from, right after the skills' summary.
      const budgets = judgement.reports.flatMap((r) =>
        r.listingBudget
          ? [
              `${runtimeTitle(r.runtime, ctx.versions?.[r.runtime])} listing from ${path.resolve(r.root) === path.resolve(io.cwd) ? '.' : relativeTo(io.cwd, r.root)}: ${listingBudgetWords(RUNTIME_LABELS[r.runtime], r.listingBudget)}`,
            ]
          : [],
      );
      const table =
        formatCheckTable(entries, makeStyle(colour), values['verbose'] === true, baseline !== null, runtimeConfigs) +
        budgets.map((l) => `${makeStyle(colour).dim(l)}\n`).join('');
      const extTable = formatExtensionsTable(extensions, makeStyle(colour), values['verbose'] === true, extensionsConfig);
      io.out(table && extTable ? `${table}\n${extTable}` : table + extTable);
    }
    if (skills.length === 0 && extensions.length === 0 && extensionsConfig.length === 0) {
      // An agent may load nothing at all (a refused configuration, a blank skills_dir): the warnings above say why.
      if (values['agent'] !== undefined) io.err(`skill-author: nexo-rs loads no skill for agent \`${String(values['agent'])}\`\n`);
      else io.err(`skill-author: no SKILL.md found under ${positionals.length ? positionals.join(', ') : '.'}\n`);
      return 1;
    }
    if (failOn === 'never') return 0;
    const failing = failOn === 'warning' ? ['error', 'warning'] : ['error'];
    const errors =
      entries.some((e) => e.diagnostics.some((d) => failing.includes(d.severity) && !inBaseline(d))) ||
      [...extensions, ...extensionsConfig, ...runtimeConfigs].some((e) => e.diagnostics.some((d) => failing.includes(d.severity)));
    return errors || agentProblems > 0 ? 1 : 0;
  } finally {
    treeWorker?.dispose();
    engine.dispose();
  }
}

/** A file `check` judges as nexo-rs reads it rather than as a skill: `plugin.toml`, `nexo-plugin.toml`,
 *  `config/extensions.yaml`. */
function isExtensionFile(target: string): boolean {
  const name = path.basename(target);
  return name === MANIFEST_FILENAME || name === OTHER_SCHEMA_FILENAME || isExtensionsConfigPath(target);
}

/** The tree runtimes' evaluators, each report computed on one worker thread (made on first use). */
function offThreadTrees(worker: () => OffThreadEvaluator): Partial<Record<RuntimeId, TreeEvaluator>> {
  const out: Partial<Record<RuntimeId, TreeEvaluator>> = {};
  for (const runtime of Object.keys(TREE_EVALUATORS) as RuntimeId[]) out[runtime] = (root, ctx) => worker().evaluate(runtime, root, ctx);
  return out;
}

async function oneSkill(engine: Engine, target: string, values: Record<string, unknown>, io: Io): Promise<EvaluatedSkill | null> {
  const abs = (await assertPaths([target], io))[0] as string;
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

async function cmdBanner(positionals: string[], values: Record<string, unknown>, io: Io): Promise<number> {
  if (positionals.length !== 1) throw new UsageError('banner takes exactly one PATH (a SKILL.md or a skill folder)');
  const choices = runtimeChoices(values, io);
  if (choices.pinned && (choices.pinned.length !== 1 || choices.pinned[0] !== 'nexo')) {
    throw new UsageError('only nexo-rs puts a banner in front of a skill: banner takes --runtime nexo (or no --runtime)');
  }
  const engine = engineFor(values, io);
  try {
    const s = await oneSkill(engine, positionals[0] as string, values, io);
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

async function cmdIndex(positionals: string[], values: Record<string, unknown>, io: Io): Promise<number> {
  const choices = runtimeChoices(values, io);
  if (values['format'] !== undefined && choices.pinned) throw new UsageError('give --runtime or --format, not both (--format is the older name of --runtime)');
  let runtime: RuntimeId;
  if (choices.pinned) {
    if (choices.pinned.length !== 1) throw new UsageError("index prints one runtime's index: give one --runtime");
    runtime = choices.pinned[0] as RuntimeId;
  } else {
    const format = (values['format'] ?? 'hermes') as string;
    if (!['hermes', 'xml', 'nexo'].includes(format)) throw new UsageError(`--format must be hermes, xml or nexo (got \`${format}\`)`);
    runtime = format === 'xml' ? 'agentskills' : (format as RuntimeId);
  }
  const listing = LISTING_RUNTIMES[runtime];
  if (listing && values['agent'] === undefined) {
    // The section the runtime sends the model when started in each PATH (default: here), its own skills aside.
    const targets = await assertPaths(positionals.length ? positionals : ['.'], io);
    const ctx = runtimeContext(io.env, io.cwd, choices);
    versionHeader(ctx, runtime, io);
    for (const t of targets) {
      const cwd = (await fs.stat(t)).isDirectory() ? t : path.dirname(t);
      const run = listing.start(ctx, cwd, ctx.versions?.[runtime] ?? '');
      for (const line of run.stderr) io.err(`${RUNTIME_LABELS[runtime]}: ${line}\n`);
      const own = run.builtins.filter((b) => b.listing !== 'absent');
      if (own.length)
        io.err(
          `skill-author: ${RUNTIME_LABELS[runtime]} also lists ${own.length} skill${own.length === 1 ? '' : 's'} of its own (${own.map((b) => b.name).join(', ')}), left out here: ${own.reduce((n, b) => n + b.chars, 0).toLocaleString('en-US')} characters of its budget\n`,
        );
      if (run.budget) io.err(`skill-author: ${listingBudgetWords(RUNTIME_LABELS[runtime], run.budget)}\n`);
      if (run.section) io.out(`${run.section}\n`);
      else io.err(`skill-author: ${RUNTIME_LABELS[runtime]} started in ${relativeTo(io.cwd, cwd) || '.'} sends no skills section\n`);
    }
    return 0;
  }
  if (listing)
    throw new UsageError(`${RUNTIME_LABELS[runtime]} lists the skills it finds from where it starts: --agent (a nexo-rs agent's list) does not apply`);
  const targets = await assertPaths(positionals.length ? positionals : ['.'], io);
  const tree = TREE_EVALUATORS[runtime];
  if (tree && values['agent'] === undefined) {
    // The runtime reads each PATH as its skills folder and prints its own block (nothing when it prints none).
    const ctx = withReadCache(runtimeContext(io.env, io.cwd, choices), values, io);
    versionHeader(ctx, runtime, io);
    let refused = false;
    for (const root of targets) {
      const report = await tree(root, ctx);
      // The runtime refuses its configuration and reads no skill: its own words, and a failing exit.
      if (report.refusal) {
        refused = true;
        io.err(`${RUNTIME_LABELS[runtime]} ${report.refusal.version}: ${report.refusal.message}\n`);
        continue;
      }
      for (const f of report.findings) {
        if (f.severity === 'error')
          io.err(
            `${relativeTo(io.cwd, f.file)}:${f.line}:${f.column}: ${f.severity}: ${f.code} ${f.message.startsWith(RUNTIME_LABELS[runtime]) ? '' : `${RUNTIME_LABELS[runtime]}: `}${f.message}\n`,
          );
      }
      if (report.indexError) io.err(`skill-author: ${RUNTIME_LABELS[runtime]} prints no index for ${relativeTo(io.cwd, root)}: ${report.indexError}\n`);
      if (report.index) io.out(`${report.index}\n`);
    }
    return refused ? 1 : 0;
  }
  const engine = engineFor(values, io);
  try {
    let skills: EvaluatedSkill[];
    let categories = new Map<string, string>();
    if (values['agent'] !== undefined) ({ skills } = await agentSkills(engine, values, targets[0] ?? io.cwd, io));
    else {
      const result = await engine.checkPaths(targets);
      skills = result.skills;
      categories = mergeCategoryDescriptions(result.catalogs);
    }
    versionHeader(runtimeContext(io.env, io.cwd, choices), runtime, io);
    const format: AgentIndexFormat = runtime === 'agentskills' ? 'xml' : runtime === 'nexo' ? 'nexo' : 'hermes';
    const text = await renderIndex(skills, format, categories);
    if (text) io.out(`${text}\n`);
    return 0;
  } finally {
    engine.dispose();
  }
}

async function cmdConstraint(positionals: string[], values: Record<string, unknown>, io: Io): Promise<number> {
  const { batchVerdict, describeConstraint, parseConstraint, parseVersion, satisfies } = semverEngine();
  if (values['batch']) {
    if (positionals.length) throw new UsageError('--batch reads its input from standard input; it takes no arguments');
    let pending = '';
    let out = '';
    const flush = (line: string): void => {
      const l = line.endsWith('\r') ? line.slice(0, -1) : line;
      const tab = l.indexOf('\t');
      out += `${tab < 0 ? 'invalid_constraint' : batchVerdict(l.slice(0, tab), l.slice(tab + 1))}\n`;
      if (out.length > 65536) {
        io.out(out);
        out = '';
      }
    };
    for await (const chunk of io.stdin()) {
      pending += typeof chunk === 'string' ? chunk : chunk.toString('utf8');
      let nl;
      while ((nl = pending.indexOf('\n')) >= 0) {
        flush(pending.slice(0, nl));
        pending = pending.slice(nl + 1);
      }
    }
    if (pending.length) flush(pending);
    io.out(out);
    return 0;
  }
  if (positionals.length === 0) throw new UsageError('constraint needs a requirement, e.g. skill-author constraint ">=4.0, <5"');
  const [req, ...versions] = positionals as [string, ...string[]];
  const parsed = parseConstraint(req);
  if (!parsed.ok) {
    io.out(`invalid: ${parsed.error.message}\n`);
    if (parsed.error.suggestion !== undefined) io.out(`suggestion: ${parsed.error.suggestion}\n`);
    return 1;
  }
  io.out(`constraint: ${req}\nmeaning:    ${describeConstraint(parsed.req)}\n`);
  let allMatch = true;
  for (const v of versions) {
    const version = parseVersion(v);
    const verdict = version ? (satisfies(parsed.req, version) ? 'match' : 'nomatch') : 'invalid_version';
    if (verdict !== 'match') allMatch = false;
    io.out(`${v}\t${verdict}\n`);
  }
  return allMatch ? 0 : 1;
}

export async function run(argv: string[]): Promise<number> {
  const io: Io = {
    out: (s) => process.stdout.write(s),
    err: (s) => process.stderr.write(s),
    isTTY: Boolean(process.stdout.isTTY),
    env: process.env,
    cwd: process.cwd(),
    stdin: () => process.stdin,
  };
  try {
    return await main(argv, io);
  } catch (e) {
    if (e instanceof UsageError) {
      io.err(`skill-author: ${e.message}\n`);
      return 2;
    }
    // Never a stack trace: one line, and a hint that this is a bug.
    io.err(`skill-author: internal error: ${e instanceof Error ? e.message : String(e)} (please report this)\n`);
    return 3;
  }
}

/** The command as a process runs it: the arguments after the script, the exit code set when it ends;
 *  `done` hears the code once everything is printed (the launcher keeps the run, ./runMemo.ts). */
export function start(done?: (code: number) => void): void {
  // Flush stdout before exiting (large JSON on a pipe), and exit quietly on EPIPE (`| head`).
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(0);
  });
  void run(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
    done?.(code);
  });
}

// Run directly (the unbundled build under out/, or cli-main.js given to node): start here.
if (require.main === module) start();
