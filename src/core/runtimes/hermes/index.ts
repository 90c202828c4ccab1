// The Hermes runtime profile: what Hermes Agent (NousResearch/hermes-agent at commit 306e2d23, and at
// 780e0980 for the rules that differ there) does with a skills folder, in the shared vocabulary of
// src/core/runtimes/types.ts.
//
// A map of this folder, in the order Hermes works:
//   versions.ts    — the commits emulated (the context's `versions.hermes`, else 306e2d23) and what differs
//   discover.ts    — which SKILL.md files Hermes finds (os.walk, excluded and support folders, sort order)
//   read.ts        — bytes → text → frontmatter (fences, PyYAML or the line-splitting fallback)
//   yaml11.ts      — PyYAML 1.1 values (yes → True, 1.10 → 1.1, dates, merges) on top of the `yaml` package
//   pyvalue.ts     — Python values and the operations Hermes applies (str(), ==, in, json.dumps)
//   load.ts        — one SKILL.md read once, parsed whole and as skills_list's first 4000 characters
//   host.ts        — HERMES_HOME, config.yaml, .env, the OS and the environment probes
//   gate.ts        — platforms, environments, disabled, conditional activation
//   render.ts      — the <available_skills> block, cold and warm
//   skills-list.ts — the skills_list() tool
//   readiness.ts   — required variables and credential files (setup_needed)
//   view.ts        — the skill_view() tool
//   emulate.ts     — runs all of the above once for a folder
//   findings.ts    — the quirks that bite an author, placed on the SKILL.md line
//   words.ts       — the sentences, in Hermes's terms
//   position.ts    — where a field sits in SKILL.md
//
// Nothing from a skill file is ever executed or passed to a shell: Hermes at this commit runs no command
// for a skill (`prerequisites.commands` is advisory), and neither do we.

import * as path from 'node:path';
import {
  colorOfVerdict,
  type HiddenBy,
  type RuntimeContext,
  type RuntimeReport,
  type RuntimeSkillVerdict,
  type RuntimeVerdict,
  type TreeScope,
} from '../types';
import { readHermes, runHermes, viewSkills, type HermesRun } from './emulate';
import { hermesFindings } from './findings';
import { extractConditions, hidingCondition } from './gate';
import type { HermesOptions } from './host';
import { pyRepr, pyStr } from './pyvalue';
import { probeSkipped } from './discover';
import { FsView } from '../../machine/fsview';
import { reasons } from './words';

export { runHermes, type HermesRun } from './emulate';
export { pyStr, pyRepr } from './pyvalue';

function shown(v: unknown): string {
  try {
    return pyRepr(v as never);
  } catch {
    return '…';
  }
}

function verdictOf(run: HermesRun, i: number): RuntimeSkillVerdict {
  const skill = run.skills[i];
  const rec = run.cold.build.records[i];
  const view = run.views[i];
  const own = run.cold.own[i] ?? null;
  const found = skill?.found ?? { file: '', rel: '' };
  const dir = path.dirname(found.file);
  const fm = skill?.fm.fields;
  // The name and category Hermes's index uses for this file, even when the build crashed before it.
  const nameFromFm = fm?.get('name');
  const parts = found.rel.split('/');
  const folder = parts.length >= 2 ? (parts[parts.length - 2] ?? '') : path.basename(run.root);
  let name = rec?.name ?? null;
  if (name === null) {
    try {
      name = nameFromFm === undefined ? folder : pyStr(nameFromFm);
    } catch {
      name = folder;
    }
  }
  const category = rec?.category ?? (parts.length > 2 ? parts.slice(0, -2).join('/') : parts.length === 2 ? (parts[0] ?? '') : 'general');
  const hiddenBy: HiddenBy[] = [];
  const why: string[] = [];
  let verdict: RuntimeVerdict;
  // Only Hermes's own lists (required variables, credential files), so it fits the shared `missing` shape.
  const missing: { env?: string[]; files?: string[] } = {};
  const r = view?.readiness ?? null;
  if (r?.missingEnv.length) missing.env = [...r.missingEnv];
  if (r?.missingFiles.length) missing.files = [...r.missingFiles];

  const indexError = run.cold.build.error;
  if (skill && skill.text === null) {
    verdict = 'not_loadable';
    why.push(
      skill.readProblem === 'not-utf8'
        ? reasons.notUtf8(skill.readError ?? '')
        : skill.readProblem === 'too-large'
          ? reasons.tooLarge()
          : reasons.unreadable(skill.readError ?? ''),
    );
    if (indexError) why.push(reasons.indexError(indexError));
  } else {
    if (indexError) {
      hiddenBy.push('index_error');
      why.push(reasons.indexError(indexError));
    }
    const exclusion = own ?? (rec?.excludedBy === 'duplicate_name' ? 'duplicate_name' : null);
    if (exclusion && exclusion !== 'index_error') {
      hiddenBy.push(exclusion);
      const f = skill?.fm.fields;
      if (exclusion === 'platform') why.push(reasons.platform(shown(f?.get('platforms') ?? null), run.host.sysPlatform));
      else if (exclusion === 'environment') why.push(reasons.environment(shown(f?.get('environments') ?? null), [...run.host.environments]));
      else if (exclusion === 'disabled') {
        const byName = run.host.disabled.has(name);
        const which = byName ? name : folder;
        why.push(reasons.disabled(which, !byName, run.host.platformDisabled.has(which) ? run.host.platformName : null));
      } else if (exclusion === 'conditions' && f) {
        const c = hidingCondition(extractConditions(f), run.host.tools, run.host.toolsets);
        why.push(c ? reasons.conditions(c.key, c.item) : 'Hidden from the index by its conditional activation (metadata.hermes).');
      } else if (exclusion === 'duplicate_name') why.push(reasons.duplicate(name, category));
    }
    if (hiddenBy.length) verdict = 'hidden';
    else if (view && !view.success && (view.failure === 'json' || view.failure === 'error' || view.failure === 'read')) {
      verdict = 'not_loadable';
      why.push(reasons.viewFails(String(view.json.error ?? '')));
    } else if (r?.setupNeeded) {
      verdict = 'needs_setup';
      why.push(reasons.setup(r.missingEnv, r.missingFiles));
    } else {
      verdict = 'loaded';
      why.push(reasons.loaded(name, category));
    }
  }
  return {
    runtime: 'hermes',
    file: found.file,
    dir,
    id: run.ids[i] ?? '.',
    name,
    category,
    verdict,
    color: colorOfVerdict(verdict),
    hiddenBy,
    missing,
    reasons: why,
  };
}

/** Hermes's view of `root` as its skills folder (`$HERMES_HOME/skills` by default): a verdict per
 *  SKILL.md it discovers, the exact `<available_skills>` block of a cold start, and findings. With `only`, the
 *  verdicts and findings of those files alone: the whole root is read meanwhile, and skill_view is called
 *  once the files are known, for them. */
export async function evaluateHermes(root: string, ctx: RuntimeContext, options: HermesOptions = {}, only?: TreeScope): Promise<RuntimeReport> {
  if (!only) return reportOf(runHermes(root, ctx, options));
  const view = options.fsView ?? new FsView();
  const run = readHermes(root, ctx, { ...options, fsView: view }, true);
  const files = await only;
  if (!files) {
    probeSkipped(run.discovery, view);
    viewSkills(run, run.ids.keys());
    return reportOf(run);
  }
  // A pruned folder is looked into only when a file asked for may be its SKILL.md or one a level below.
  const near = new Set([...files].flatMap((f) => [path.dirname(f), path.dirname(path.dirname(f))]));
  probeSkipped(run.discovery, view, (dir) => near.has(dir));
  viewSkills(run, pickedOf(run, files));
  return reportOf(run, files);
}

/** The positions in `run.skills` of the files in `files`. */
function pickedOf(run: HermesRun, files: ReadonlySet<string>): number[] {
  return run.skills.flatMap((s, i) => (files.has(s.found.file) ? [i] : []));
}

/** The report for an existing run (the CLI and tests may want the run too); with `files` (each skill among
 *  them viewed), the verdicts and findings of those files only. */
export function reportOf(run: HermesRun, files?: ReadonlySet<string>): RuntimeReport {
  return {
    runtime: 'hermes',
    root: run.root,
    skills: files ? pickedOf(run, files).map((i) => verdictOf(run, i)) : run.skills.map((_, i) => verdictOf(run, i)),
    index: run.cold.build.block,
    indexError: run.cold.build.error,
    findings: hermesFindings(run, files),
  };
}
