// `skill-author check`: every SKILL.md under the paths, judged by the runtimes that apply to it (or those
// named), with nexo-rs extensions and the runtimes' configurations beside them; a table, JSON, SARIF or
// GitHub annotations, and an exit code for CI.

import * as path from 'node:path';
import { type EvaluatedSkill } from '../../core/check/engine';
import { applicableRuntimes } from '../../core/runtimes/detect';
import { ownFindings, runtimeConfigEntries, toRuntimeEntry } from '../../core/check/entry';
import { listingBudgetWords } from '../../core/runtimes/words';
import { resolvedVersionOf, TREE_EVALUATORS } from '../../core/runtimes';
import { judgeEvaluated, judgeSkillOf, type TreeEvaluator } from '../../core/check/judge';
import { OffThreadEvaluator } from '../../core/check/offThread';
import { TreePrefetch } from '../../core/check/prefetch';
import { newestVersion, RUNTIME_IDS, RUNTIME_LABELS, runtimeTitle } from '../../core/runtimes/registry';
import type { RuntimeContext, RuntimeId } from '../../core/runtimes/types';
import { applyBaseline, type Baseline, inBaseline, readBaseline } from '../baseline';
import { formatCheckTable, formatMatrixTable, makeStyle, matrixJson, relativeTo, writeCheckJson } from '../format';
import { skillMatrix } from '../../core/check/matrix';
import { matrixRuntimes } from '../../core/check/matrixColumns';
import { formatGithub } from '../github';
import { type ExtensionEntry, type ExtensionsConfigEntry, formatExtensionsTable, toConfigEntry, toExtensionEntry } from '../extensions';
import { MANIFEST_FILENAME, OTHER_SCHEMA_FILENAME } from '../../core/runtimes/nexo/extensions/discovery';
import { checkExtensionsAt } from '../../core/runtimes/nexo/extensions/checkAt';
import { isExtensionsConfigPath } from '../../core/runtimes/nexo/extensions/locate';
import { formatSarif } from '../sarif';
import { type CliAnalyzer, RUNTIME_WORKER_SCRIPT, workersSetting } from '../workers';
import { type CliRun, type Command, type Io, UsageError, VERSION } from '../context';
import { agentSkills } from './agent';

export const check: Command = {
  name: 'check',
  options: [
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
  ],
  runtimeOptions: true,
  help: `skill-author check [PATH…] [options]

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
  run: cmdCheck,
};

/** What the user should know about the versions judged by (one asked for or installed that is not emulated),
 *  for the runtimes that judged something. */
function versionNotes(ctx: RuntimeContext, used: Iterable<RuntimeId>, io: Io): void {
  const seen = new Set(used);
  for (const id of RUNTIME_IDS) {
    const r = seen.has(id) ? resolvedVersionOf(ctx, id) : undefined;
    if (r?.note) io.err(`skill-author: note: ${r.note}\n`);
  }
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

async function cmdCheck(r: CliRun): Promise<number> {
  const { io, values, positionals } = r;
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
  const targets = r.paths();
  // A nexo-rs manifest or extensions configuration named as a path is judged as one, never as a SKILL.md.
  const skillTargets = targets.filter((t) => !isExtensionFile(t));
  let analyzer: CliAnalyzer | undefined;
  const engine = r.engine((a) => (analyzer = a));
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
    const choices = r.choices;
    const ctx = r.ctx;
    // Fixes only what the runtimes that apply to each skill report (`--runtime`, else detected), as check does.
    const runtimesOf = (file: string, data: Readonly<Record<string, unknown>> | null): RuntimeId[] =>
      applicableRuntimes({ dir: path.dirname(file), data, home: ctx.home, env: ctx.env, pinned: choices.pinned ?? [] }).map((a) => a.runtime);
    // --fix and --dry-run only: the fixes (./fix.ts, with every runtime's quick fixes and jsdiff) are loaded now.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const fixes = values['fix'] ? (require('../fix') as typeof import('../fix')) : null;
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
    const judging = judgeEvaluated(skills, ctx, choices, prefetch ? prefetch.trees() : TREE_EVALUATORS);
    // Each skill's own findings (its supporting files looked at on disk) while the tree runtimes' reports are
    // computed on the runtime worker, where this thread would otherwise wait.
    const own = skills.map(ownFindings);
    const { judged, judgement } = await judging;
    // Every report is in: the runtime worker, and its heap (each file of the roots it read), go now rather than
    // after the output is printed.
    treeWorker?.dispose();
    treeWorker = undefined;
    const judgedEntries = skills.map((s, i) => toRuntimeEntry(s, judged[i] as (typeof judged)[number], show, own[i]));
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
        const colour = r.colour;
        io.out(formatMatrixTable(matrix, makeStyle(colour)));
      }
    } else if (format === 'json') writeCheckJson(entries, io.out, undefined, extensions, extensionsConfig, runtimeConfigs);
    else if (format === 'sarif')
      io.out(formatSarif([...entries, ...extensions, ...extensionsConfig, ...runtimeConfigs], { version: VERSION, cwd: io.cwd, baseline: baseline !== null }));
    else if (format === 'github') io.out(formatGithub([...entries, ...extensions, ...extensionsConfig, ...runtimeConfigs]));
    else {
      const colour = r.colour;
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
  for (const runtime of Object.keys(TREE_EVALUATORS) as RuntimeId[]) out[runtime] = (root, ctx, only) => worker().evaluate(runtime, root, ctx, only);
  return out;
}
