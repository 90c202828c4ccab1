// `skill-author index`: the prompt index the model sees, as the runtime builds it: an agent CLI's skills
// section from where it starts, Hermes's or OpenClaw's block for a skills folder, nexo-rs's or an Agent
// Skills client's index of the skills found.

import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { type AgentIndexFormat, type EvaluatedSkill, mergeCategoryDescriptions, renderIndex } from '../../core/check/engine';
import { listingBudgetWords } from '../../core/runtimes/words';
import { resolvedVersionOf, TREE_EVALUATORS } from '../../core/runtimes';
import { RUNTIME_LABELS } from '../../core/runtimes/registry';
import { LISTING_RUNTIMES } from '../../core/runtimes/profiles';
import type { RuntimeContext, RuntimeId } from '../../core/runtimes/types';
import { relativeTo } from '../format';
import { type CliRun, type Command, type Io, UsageError } from '../context';
import { agentSkills } from './agent';

export const promptIndex: Command = {
  name: 'index',
  options: ['help', 'agent', 'agents-file', 'no-probe', 'no-cache', 'format'],
  runtimeOptions: true,
  help: `skill-author index [PATH…] [options]

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
  run: cmdIndex,
};

/** `index` names, on stderr, the runtime and version whose index it prints (stdout is the index alone). */
function versionHeader(ctx: RuntimeContext, runtime: RuntimeId, io: Io): void {
  const r = resolvedVersionOf(ctx, runtime);
  if (!r) return;
  const how = r.source === 'installed' ? `installed at ${r.foundAt}` : r.source === 'newest' ? 'the newest emulated' : 'as asked';
  io.err(`skill-author: the index of ${RUNTIME_LABELS[runtime]} ${r.version} (${how})\n`);
  if (r.note) io.err(`skill-author: note: ${r.note}\n`);
}

async function cmdIndex(r: CliRun): Promise<number> {
  const { io, values } = r;
  const choices = r.choices;
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
    const targets = r.paths();
    const ctx = r.ctx;
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
  const targets = r.paths();
  const tree = TREE_EVALUATORS[runtime];
  if (tree && values['agent'] === undefined) {
    // The runtime reads each PATH as its skills folder and prints its own block (nothing when it prints none).
    const ctx = r.ctx;
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
  const engine = r.engine();
  try {
    let skills: EvaluatedSkill[];
    let categories = new Map<string, string>();
    if (values['agent'] !== undefined) ({ skills } = await agentSkills(engine, values, targets[0] ?? io.cwd, io));
    else {
      const result = await engine.checkPaths(targets);
      skills = result.skills;
      categories = mergeCategoryDescriptions(result.catalogs);
    }
    versionHeader(r.ctx, runtime, io);
    const format: AgentIndexFormat = runtime === 'agentskills' ? 'xml' : runtime === 'nexo' ? 'nexo' : 'hermes';
    const text = await renderIndex(skills, format, categories);
    if (text) io.out(`${text}\n`);
    return 0;
  } finally {
    engine.dispose();
  }
}
