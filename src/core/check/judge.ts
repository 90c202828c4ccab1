// Each skill judged by the runtimes that apply to it (src/core/runtimes/detect.ts), in one vocabulary.
// Runtimes that decide per tree (Hermes, OpenClaw: duplicate names, categories, prompt limits) are run once
// per skills root and their verdicts looked up per file; nexo-rs's verdict comes from the engine's own
// evaluation; the runtimes that gate nothing are judged per file. How each runtime judges is its profile's
// word (src/core/runtimes/profiles.ts, RuntimeJudging).

import * as path from 'node:path';
import { type Applicability, applicableRuntimes } from '../runtimes/detect';
import { profileOf } from '../runtimes/profiles';
import {
  colorOfVerdict,
  type TreeEvaluator,
  type RuntimeContext,
  type RuntimeFinding,
  type RuntimeId,
  type RuntimeReport,
  type RuntimeSkillVerdict,
  type SkillInput,
} from '../runtimes/types';
import { RUNTIME_LABELS } from '../runtimes/registry';
import { type RuntimeChoices, TREE_EVALUATORS } from '../runtimes';
import { type EvaluatedSkill, nexoVerdictOf } from './engine';
import { listingReportFor, listingVerdictOf, type ListingRuns, workingFolderFor } from './listingJudge';

export type { TreeEvaluator } from '../runtimes/types';

/** One skill as the judge needs it: where it is, what it says, and the engine's verdict for the runtime the
 *  engine judges itself (nexo-rs; RuntimeJudging `engine`). */
export interface JudgeSkill extends SkillInput {
  /** The root it was found under (the folder a tree runtime reads as its skills folder). */
  root: string;
  /** The verdict of the engine's own evaluation (its gate ran on this machine). */
  evaluated: () => RuntimeSkillVerdict;
}

export interface JudgeOptions {
  ctx: RuntimeContext;
  /** Runtimes the user pinned (`--runtime`); empty: detect per skill. */
  pinned: readonly RuntimeId[];
  nexoSkillsDirs?: readonly string[];
  trees: Partial<Record<RuntimeId, TreeEvaluator>>;
  /** Where a tree runtime reads skills for this skill (default: the skill's root). */
  treeRootOf?: (runtime: RuntimeId, skill: JudgeSkill) => string;
  /** The agent CLIs' starts to reuse and add to (the language server keeps them until a file changes);
   *  absent: this judgement's own. */
  starts?: ListingRuns;
}

export interface JudgedSkill {
  skill: JudgeSkill;
  applicable: Applicability[];
  verdicts: RuntimeSkillVerdict[];
  findings: RuntimeFinding[];
}

export interface Judgement {
  skills: JudgedSkill[];
  /** Every tree runtime's report, per root it was run on. */
  reports: RuntimeReport[];
}

type ReportLookup = { verdicts: Map<string, RuntimeSkillVerdict>; findings: Map<string, RuntimeFinding[]> };

/** Each report's verdicts and findings by file, built once per report: a caller judging a root's skills in
 *  batches (the language server) reuses it instead of indexing the whole report again for every batch. */
const LOOKUPS = new WeakMap<RuntimeReport, ReportLookup>();

function lookupOf(report: RuntimeReport): ReportLookup {
  let l = LOOKUPS.get(report);
  if (!l) {
    const verdicts = new Map<string, RuntimeSkillVerdict>();
    for (const v of report.skills) if (!verdicts.has(v.file)) verdicts.set(v.file, v);
    const findings = new Map<string, RuntimeFinding[]>();
    for (const f of report.findings) {
      const list = findings.get(f.file);
      if (list) list.push(f);
      else findings.set(f.file, [f]);
    }
    LOOKUPS.set(report, (l = { verdicts, findings }));
  }
  return l;
}

export async function judge(skills: readonly JudgeSkill[], options: JudgeOptions): Promise<Judgement> {
  const applicable = skills.map((s) =>
    applicableRuntimes({
      dir: s.dir,
      data: s.data,
      home: options.ctx.home,
      env: options.ctx.env,
      pinned: options.pinned,
      ...(options.nexoSkillsDirs ? { nexoSkillsDirs: options.nexoSkillsDirs } : {}),
    }),
  );
  // Tree runtimes: one run per (runtime, root), asked for the files judged by it there.
  const rootOf = options.treeRootOf ?? ((_r: RuntimeId, s: JudgeSkill) => s.root);
  const scopes = new Map<string, { runtime: RuntimeId; root: string; files: Set<string> }>();
  skills.forEach((skill, i) => {
    for (const a of applicable[i] ?? []) {
      if (!options.trees[a.runtime]) continue;
      const root = rootOf(a.runtime, skill);
      const key = `${a.runtime}\0${root}`;
      const scope = scopes.get(key);
      if (scope) scope.files.add(skill.file);
      else scopes.set(key, { runtime: a.runtime, root, files: new Set([skill.file]) });
    }
  });
  const runs = new Map<string, Promise<RuntimeReport>>();
  for (const [key, { runtime, root, files }] of scopes) runs.set(key, (options.trees[runtime] as TreeEvaluator)(root, options.ctx, Promise.resolve(files)));
  // The agent CLIs: one start per (runtime, working folder), made when a skill first needs it.
  const starts: ListingRuns = options.starts ?? new Map();
  // Every verdict but the tree runtimes' is given while their reports are computed (on a worker thread, in
  // the CLI); theirs are put in their place, in the order of `applicable`, once the reports are in.
  const pending: Array<Array<RuntimeSkillVerdict | null>> = [];
  const found: RuntimeFinding[][][] = [];
  skills.forEach((skill, i) => {
    const verdicts: Array<RuntimeSkillVerdict | null> = [];
    const findings: RuntimeFinding[][] = [];
    for (const a of applicable[i] ?? []) {
      const judging = profileOf(a.runtime).judging;
      if (judging.kind === 'engine') {
        verdicts.push(skill.evaluated());
        findings.push([]);
      } else if (judging.kind === 'listing') {
        const cwd = workingFolderFor(judging.listing, skill.dir, options.ctx);
        const start = listingReportFor(starts, a.runtime, judging.listing, cwd, options.ctx);
        const judged = listingVerdictOf(a.runtime, judging.listing, start, skill, cwd, options.ctx);
        verdicts.push(judged.verdict);
        findings.push(judged.findings);
      } else if (judging.kind === 'file') {
        const g = judging.judge(skill);
        verdicts.push(g.verdict);
        findings.push(g.findings);
      } else {
        verdicts.push(null);
        findings.push([]);
      }
    }
    pending.push(verdicts);
    found.push(findings);
  });
  const reports = new Map<string, RuntimeReport>();
  await Promise.all([...runs].map(async ([k, p]) => reports.set(k, await p)));
  // Each report's verdicts and findings by file, built once (a scan of the whole report per skill is
  // quadratic in the size of the root). The first verdict for a file wins, as `find` would have it.
  const judged: JudgedSkill[] = skills.map((skill, i) => {
    const given = pending[i] ?? [];
    const verdicts: RuntimeSkillVerdict[] = [];
    const findings: RuntimeFinding[] = [];
    (applicable[i] ?? []).forEach((a, k) => {
      const known = given[k];
      if (known) {
        verdicts.push(known);
        findings.push(...(found[i]?.[k] ?? []));
        return;
      }
      const root = rootOf(a.runtime, skill);
      const key = `${a.runtime}\0${root}`;
      const report = reports.get(key);
      const lookup = report ? lookupOf(report) : null;
      const mine = lookup?.verdicts.get(skill.file);
      verdicts.push(
        mine ??
          (report?.refusal ? refusedBy(a.runtime, skill, report.refusal) : notFoundBy(a.runtime, skill, root, report ? null : 'not emulated in this build')),
      );
      const own = lookup?.findings.get(skill.file);
      if (own) findings.push(...own);
    });
    // Every verdict names the version it speaks for.
    const versions = options.ctx.versions;
    const stamped = versions ? verdicts.map((v) => (versions[v.runtime] !== undefined ? { ...v, version: versions[v.runtime] as string } : v)) : verdicts;
    return { skill, applicable: applicable[i] ?? [], verdicts: stamped, findings };
  });
  return { skills: judged, reports: [...reports.values(), ...[...starts.values()].map((s) => s.report)] };
}

function notFoundBy(runtime: RuntimeId, skill: JudgeSkill, root: string, why: string | null): RuntimeSkillVerdict {
  const label = RUNTIME_LABELS[runtime];
  return {
    runtime,
    file: skill.file,
    dir: skill.dir,
    id: path.basename(skill.dir),
    name: '',
    category: null,
    verdict: 'not_found',
    color: colorOfVerdict('not_found'),
    hiddenBy: [],
    missing: {},
    reasons: [why ? `${label}: ${why}.` : `${label} does not find this SKILL.md when it reads ${root} as its skills folder.`],
  };
}

/** A skill of a root whose runtime refused its configuration and so read no skill at all. */
function refusedBy(runtime: RuntimeId, skill: JudgeSkill, refusal: NonNullable<RuntimeReport['refusal']>): RuntimeSkillVerdict {
  return {
    ...notFoundBy(runtime, skill, '', null),
    verdict: 'hidden',
    color: colorOfVerdict('hidden'),
    hiddenBy: ['config_refused'],
    reasons: [
      `${RUNTIME_LABELS[runtime]} ${refusal.version} refuses its configuration ${refusal.file}, so it lists no skill: ${refusal.message.split('\n').join(' ')}`,
    ],
  };
}

const RANK: Record<RuntimeSkillVerdict['color'], number> = { green: 0, amber: 1, red: 2 };

/** The verdict that speaks for a skill across its runtimes: the worst one (red over amber over green), the
 *  first in runtime order among equals; so a CI gate on the top-level colour fails when any runtime would. */
export function worstVerdict(verdicts: readonly RuntimeSkillVerdict[]): RuntimeSkillVerdict | undefined {
  let worst: RuntimeSkillVerdict | undefined;
  for (const v of verdicts) if (!worst || RANK[v.color] > RANK[worst.color]) worst = v;
  return worst;
}

const UNREADABLE = new Set(['file-unreadable', 'file-too-large', 'file-encoding']);

export function judgeSkillOf(s: EvaluatedSkill): JudgeSkill {
  const a = s.analysis;
  const problem = a?.diagnostics.find((d) => UNREADABLE.has(d.code))?.message;
  const readable = Boolean(a && problem === undefined);
  return {
    file: s.location.file,
    dir: s.location.dir,
    root: s.location.root,
    // A cached analysis reads and re-analyzes its file for `text`: only on demand (nothing in a check does).
    get text(): string | null {
      return a && readable ? a.text : null;
    },
    readable,
    blank: readable && a ? a.textBlank : false,
    ...(problem !== undefined ? { problem } : {}),
    data: a?.data ?? null,
    evaluated: () => nexoVerdictOf(s),
  };
}

/** `trees`: the tree runtimes' evaluators (the editor passes ones that keep reports per root). */
export async function judgeEvaluated(
  skills: readonly EvaluatedSkill[],
  ctx: RuntimeContext,
  choices: RuntimeChoices = {},
  trees: Partial<Record<RuntimeId, TreeEvaluator>> = TREE_EVALUATORS,
  starts?: ListingRuns,
): Promise<{ judged: JudgedSkill[]; judgement: Judgement }> {
  const judgement = await judge(skills.map(judgeSkillOf), {
    ctx,
    pinned: choices.pinned ?? [],
    trees,
    ...(starts ? { starts } : {}),
    ...(choices.nexoSkillsDirs ? { nexoSkillsDirs: choices.nexoSkillsDirs } : {}),
  });
  return { judged: judgement.skills, judgement };
}
