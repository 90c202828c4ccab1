// The agent CLIs (Claude Code, Codex, Copilot CLI) judged as they decide: one start of the runtime in a working
// folder lists every skill it finds there at once, with its budget, so a skill's verdict is its state in that
// start's section (src/core/runtimes/listing.ts). The working folder is the check's own, unless the skill lives
// in a project that folder cannot see (then the project's folder, as if the runtime were started there). A
// skill the runtime does not find from there is said in its terms (the profile's `notFound`).

import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ListedSkill, ListingRun } from '../runtimes/listing';
import { RUNTIME_LABELS } from '../runtimes/registry';
import {
  colorOfVerdict,
  type HiddenBy,
  type ListingJudging,
  type RuntimeContext,
  type RuntimeFinding,
  type RuntimeId,
  type RuntimeReport,
  type RuntimeSkillVerdict,
  type RuntimeVerdict,
  type SkillInput,
} from '../runtimes/types';

export interface ListingStart {
  run: ListingRun;
  report: RuntimeReport;
  cwd: string;
  byFile: Map<string, ListedSkill>;
  /** The same, by real path, built on the first miss (a check may reach a skill by another spelling). */
  byReal: Map<string, ListedSkill> | null;
}

export type ListingRuns = Map<string, ListingStart>;

/** The folder the runtime is taken to start in for a skill at `dir`. */
export function workingFolderFor(listing: ListingJudging, dir: string, ctx: RuntimeContext): string {
  const project = listing.projectOf(path.resolve(dir), ctx.home);
  // A user's skills folder is read from any working folder.
  if (project === null || project === path.resolve(ctx.home)) return ctx.cwd;
  const cwd = path.resolve(ctx.cwd);
  const related = cwd === project || cwd.startsWith(project === path.sep ? project : project + path.sep) || project.startsWith(cwd + path.sep);
  return related ? cwd : project;
}

function title(runtime: RuntimeId, ctx: RuntimeContext): string {
  const v = ctx.versions?.[runtime];
  return v ? `${RUNTIME_LABELS[runtime]} ${v}` : RUNTIME_LABELS[runtime];
}

export function listingReportFor(runs: ListingRuns, runtime: RuntimeId, listing: ListingJudging, cwd: string, ctx: RuntimeContext): ListingStart {
  const key = `${runtime}\0${cwd}`;
  let start = runs.get(key);
  if (start) return start;
  let run: ListingRun;
  let indexError: string | null = null;
  try {
    run = listing.start(ctx, cwd, ctx.versions?.[runtime] ?? '');
  } catch (e) {
    // An emulation fault is said, never thrown at the user: the runtime then lists nothing we can vouch for.
    indexError = `the emulation failed: ${e instanceof Error ? e.message : String(e)}`;
    run = { section: '', skills: [], stderr: [], budget: null, builtins: [] };
  }
  const byFile = new Map<string, ListedSkill>();
  for (const s of run.skills) {
    const k = path.resolve(s.file);
    // A file found twice (Codex lists both): the listed one speaks for it.
    const before = byFile.get(k);
    if (!before || (before.listing === 'absent' && s.listing !== 'absent')) byFile.set(k, s);
  }
  const report: RuntimeReport = {
    runtime,
    root: cwd,
    skills: [],
    index: run.section,
    indexError,
    findings: [],
    listingBudget: run.budget,
    builtins: run.builtins,
    stderr: run.stderr,
  };
  start = { run, report, cwd, byFile, byReal: null };
  for (const s of run.skills) report.skills.push(verdictOf(runtime, s, ctx));
  runs.set(key, start);
  return start;
}

function realOf(p: string): string {
  try {
    return fs.realpathSync.native(p);
  } catch {
    return p;
  }
}

function lookup(start: ListingStart, file: string): ListedSkill | undefined {
  const direct = start.byFile.get(path.resolve(file));
  if (direct) return direct;
  if (!start.byReal) {
    start.byReal = new Map();
    for (const [k, s] of start.byFile) if (!start.byReal.has(realOf(k))) start.byReal.set(realOf(k), s);
  }
  return start.byReal.get(realOf(file));
}

function base(runtime: RuntimeId, file: string, dir: string, name: string): Omit<RuntimeSkillVerdict, 'verdict' | 'color' | 'hiddenBy' | 'reasons'> {
  return { runtime, file, dir, id: path.basename(dir), name, category: null, missing: {} };
}

function verdictOf(runtime: RuntimeId, s: ListedSkill, ctx: RuntimeContext): RuntimeSkillVerdict {
  const label = title(runtime, ctx);
  let verdict: RuntimeVerdict = 'loaded';
  let hiddenBy: HiddenBy[] = [];
  if (s.listing === 'absent') {
    switch (s.absentBecause) {
      case 'shadowed':
        [verdict, hiddenBy] = ['hidden', ['duplicate_name']];
        break;
      case 'conditional':
        [verdict, hiddenBy] = ['hidden', ['conditions']];
        break;
      case 'budget':
        [verdict, hiddenBy] = ['hidden', ['limit']];
        break;
      case 'unreadable':
        verdict = 'not_loadable';
        break;
      case 'not_read':
        verdict = 'not_found';
        break;
      case 'setup':
        verdict = 'needs_setup';
        break;
      default:
        [verdict, hiddenBy] = ['hidden', [/skillOverrides|config|setting|disabled/i.test(s.why ?? '') ? 'config' : 'invocation']];
    }
  }
  const reasons = [listingSentence(label, s)];
  return {
    ...base(runtime, s.file, s.dir, s.listedAs ?? ''),
    verdict,
    // A skill listed without its whole description is offered, but not as its author wrote it.
    color: s.listing === 'cut' || s.listing === 'name_only' ? 'amber' : colorOfVerdict(verdict),
    hiddenBy,
    reasons,
    listing: s.listing,
    listedAs: s.listedAs,
  };
}

function listingSentence(label: string, s: ListedSkill): string {
  switch (s.listing) {
    case 'full':
      return `${label} lists it as \`${s.listedAs ?? ''}\`, with its whole description.`;
    case 'cut':
      return `${label} lists it as \`${s.listedAs ?? ''}\` with its description cut: ${s.why ?? 'shortened'}.`;
    case 'name_only':
      return `${label} lists it as \`${s.listedAs ?? ''}\` by name only: ${s.why ?? 'without its description'}.`;
    default:
      return `${label} does not list it: ${s.why ?? 'not found'}.`;
  }
}

function wholeFile(runtime: RuntimeId, file: string, code: string, severity: RuntimeFinding['severity'], message: string): RuntimeFinding {
  return { runtime, file, code, severity, message, line: 1, column: 1, endLine: 1, endColumn: 1 };
}

/** One skill's verdict and findings from the start that speaks for it. */
export function listingVerdictOf(
  runtime: RuntimeId,
  listing: ListingJudging,
  start: ListingStart,
  skill: SkillInput,
  cwd: string,
  ctx: RuntimeContext,
): { verdict: RuntimeSkillVerdict; findings: RuntimeFinding[] } {
  const label = title(runtime, ctx);
  const found = lookup(start, skill.file);
  const findings: RuntimeFinding[] = [];
  if (!found) {
    const nf = listing.notFound(path.resolve(skill.dir), cwd, ctx);
    const verdict: RuntimeVerdict = nf.because === 'conditional' ? 'hidden' : 'not_found';
    if (nf.because === 'not_read')
      findings.push(wholeFile(runtime, skill.file, `${runtime}-not-read`, 'warning', `${label} never lists this skill: ${nf.why}.`));
    return {
      verdict: {
        ...base(runtime, skill.file, skill.dir, ''),
        verdict,
        color: colorOfVerdict(verdict),
        hiddenBy: nf.because === 'conditional' ? ['conditions'] : [],
        reasons: [`${label} does not list it: ${nf.why}.`],
        listing: 'absent',
        listedAs: null,
      },
      findings,
    };
  }
  const v = { ...verdictOf(runtime, found, ctx), file: skill.file, dir: skill.dir };
  const why = found.why ?? '';
  if (found.listing === 'cut')
    findings.push(wholeFile(runtime, skill.file, `${runtime}-description-cut`, 'warning', `${label} cuts this skill's description: ${why}.`));
  else if (found.listing === 'name_only')
    findings.push(
      wholeFile(
        runtime,
        skill.file,
        `${runtime}-name-only`,
        'warning',
        `${label} lists this skill by name only: ${why}. The model sees no description to choose it by.`,
      ),
    );
  else if (found.listing === 'absent') {
    if (found.absentBecause === 'shadowed')
      findings.push(wholeFile(runtime, skill.file, `${runtime}-shadowed`, 'warning', `${label} never lists this skill: ${why}.`));
    else if (found.absentBecause === 'unreadable')
      findings.push(wholeFile(runtime, skill.file, `${runtime}-unreadable`, 'error', `${label} refuses this file: ${why}.`));
    else if (found.absentBecause === 'budget')
      findings.push(wholeFile(runtime, skill.file, `${runtime}-dropped`, 'warning', `${label} leaves this skill out: ${why}.`));
  }
  // The name shown is not the one written: the runtime lists the folder (and the name only when it may).
  const authored = skill.data?.['name'];
  const folder = path.basename(skill.dir);
  if (runtime === 'claude-code' && found.listedAs && typeof authored === 'string' && authored !== folder && found.listedAs === folder)
    findings.push(
      wholeFile(
        runtime,
        skill.file,
        'claude-code-name-not-shown',
        'information',
        `${label} lists this skill as \`${folder}\`, the folder's name: \`${authored}\` is not shown beside it (a shown name is made of letters, digits, \`_ : . -\`, at most 256 characters, and is not another skill's folder or a name already shown).`,
      ),
    );
  return { verdict: v, findings };
}
