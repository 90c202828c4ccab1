// Runs the whole emulation once for a skills folder: discovery, one read per SKILL.md, the cold and warm
// index builds, skills_list, and skill_view by folder path for every skill (or, for a report asked for some
// files only, for theirs: every other skill is still read, since it shapes the index, names and duplicates).
// The façade (index.ts) maps this onto the shared verdict vocabulary; the golden test compares it with
// Hermes's own answers.

import * as path from 'node:path';
import { FsView } from '../../machine/fsview';
import type { RuntimeContext } from '../types';
import { discover, skillIdOf, type Discovery } from './discover';
import { externalSkillDirs, makeHost, type Host, type HermesOptions } from './host';
import { loadSkill, type LoadedSkill } from './load';
import { HermesReadCache } from './readCache';
import { buildCold, buildWarm, type ColdResult, type ExternalTree, type IndexBuild } from './render';
import { pyResolve } from './readiness';
import { skillsList, type SkillsListResult } from './skills-list';
import { skillView, viewIndex, type ViewIndex, type ViewResult } from './view';

export interface HermesRun {
  root: string;
  host: Host;
  discovery: Discovery;
  skills: LoadedSkill[];
  /** Folders from config.yaml `skills.external_dirs`: in the index, skills_list and skill_view, but
   *  judged with their own root, not here. */
  externals: ExternalTree[];
  cold: ColdResult;
  warm: IndexBuild;
  list: SkillsListResult;
  viewIndex: ViewIndex;
  /** skill_view(<folder path>) per skill; in a run read for some files only (`readHermes`, then `viewSkills`
   *  for them), only theirs are there. */
  views: ViewResult[];
  /** The identity skill_view takes for each skill (`a/b`, or `.` for the root SKILL.md). */
  ids: string[];
}

export function runHermes(rootIn: string, ctx: RuntimeContext, options: HermesOptions = {}): HermesRun {
  const run = readHermes(rootIn, ctx, options);
  viewSkills(run, run.ids.keys());
  return run;
}

/** skill_view for the skills at `indices` (by position in `run.skills`), put in their places of `run.views`. */
export function viewSkills(run: HermesRun, indices: Iterable<number>): void {
  for (const i of indices) {
    const id = run.ids[i];
    if (id !== undefined) run.views[i] = skillView(id, run.viewIndex, run.host);
  }
}

/** Everything of a run but skill_view: `views` is empty until `viewSkills` fills it. With `probeLater`, the
 *  folders the discovery pruned are not looked into yet (`probeSkipped`: only their findings need them). */
export function readHermes(rootIn: string, ctx: RuntimeContext, options: HermesOptions = {}, probeLater = false): HermesRun {
  const root = path.resolve(ctx.cwd || process.cwd(), rootIn);
  // One view of the tree for the whole run: the discovery, skill_view's `rglob` and each skill's linked files
  // list the same folders, each read once; the host's files and every SKILL.md are read through it too.
  const view = options.fsView ?? new FsView();
  const host = makeHost(ctx, { ...options, fsView: view });
  const rootExists = view.isDir(root);
  const discovery = rootExists ? discover(root, view, !probeLater) : { skills: [], descriptions: [], skipped: [], notes: [] };
  // What was read and parsed of each file on an earlier run of the same Hermes version, when the caller keeps
  // a cache (the CLI).
  const cache = ctx.readCache ? new HermesReadCache(ctx.readCache, root, host.version) : null;
  const skills = discovery.skills.map((f) => loadSkill(f, cache, host.version, view));
  const externals: ExternalTree[] = externalSkillDirs(host, root, ctx.home, (p) => pyResolve(p, view)).map((dir) => {
    // What an external folder prunes is said when that folder is judged as a root of its own.
    const d = discover(dir, view, false);
    return { dir, skills: d.skills.map((f) => loadSkill(f, cache, host.version, view)), descriptions: d.descriptions };
  });
  cache?.save();
  const cold = buildCold(skills, discovery.descriptions, root, host, rootExists, externals);
  // The warm build is not part of a report (its verdicts and index are the cold start's): made when asked.
  let warm: IndexBuild | undefined;
  const list = skillsList(skills, host, externals);
  const listed = (list.json.skills as { name: unknown }[] | undefined)?.map((s) => s.name) ?? [];
  const vi = viewIndex(
    root,
    skills,
    listed.filter((n): n is string => typeof n === 'string'),
    externals,
    view,
  );
  const ids = skills.map((s) => skillIdOf(s.found.rel));
  return {
    root,
    host,
    discovery,
    skills,
    externals,
    cold,
    get warm(): IndexBuild {
      return (warm ??= buildWarm(cold, skills, discovery.descriptions, root, host, rootExists, externals));
    },
    list,
    viewIndex: vi,
    views: [],
    ids,
  };
}
