// What only our clients show: the skills of the roots with each runtime's verdict (`check --json`'s
// entries), what the model sees of one skill, a runtime's prompt index, the probe log.

import * as path from 'node:path';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { analyzeSkillFile } from '../../core/check/cache';
import { readSkillText } from '../../core/skill/catalog';
import { LISTING_RUNTIMES } from '../../core/runtimes/profiles';
import { bannerFor, contentFor, type EvaluatedSkill, mergeCategoryDescriptions, renderIndex } from '../../core/check/engine';
import { isVisible } from '../../core/runtimes/nexo/status';
import { CHECK_JSON_VERSION, type Entry } from '../../core/check/entry';
import { modelView } from '../../core/check/modelView';
import { RUNTIME_IDS, RUNTIME_LABELS } from '../../core/runtimes/registry';
import type { RuntimeId } from '../../core/runtimes/types';
import type { IndexParams, IndexResult, PreviewResult, SkillsParams, SkillsResult } from '../../shared/protocol';
import { fileOf } from '../documents';
import type { SkillService } from '../service';
import type { SkillModel } from '../skills';

export class RequestError extends Error {}

function pathsOf(service: SkillService, roots: unknown): string[] {
  if (roots === undefined) return service.workspace.roots();
  if (!Array.isArray(roots) || !roots.every((r) => typeof r === 'string')) throw new RequestError('`roots` must be a list of paths');
  return roots.map((r: string) => path.resolve(service.workspace.cwd(), r));
}

/** `model`: the skills model, whose analyses of unchanged files are used instead of reading them again (the
 *  roots asked for may group the skills otherwise, so the walk and the judging are this request's own). */
export async function skills(
  service: SkillService,
  params: SkillsParams | undefined,
  open: readonly TextDocument[],
  signal?: AbortSignal,
  model?: SkillModel,
): Promise<SkillsResult> {
  const roots = pathsOf(service, params?.roots);
  const { entries } = await service.scan(roots, open, signal, model ? (l) => model.analysisFor(l) : undefined);
  return { version: CHECK_JSON_VERSION, roots, skills: entries };
}

export async function preview(
  service: SkillService,
  uri: unknown,
  open: (uri: string) => TextDocument | undefined,
  signal?: AbortSignal,
): Promise<PreviewResult | null> {
  if (typeof uri !== 'string') throw new RequestError('`uri` must be a string');
  const doc = open(uri);
  let skill: EvaluatedSkill;
  let entry: Entry;
  if (doc) {
    // The version the diagnostics were published for was judged already: its check is reused as it is.
    const r = service.checkOf(doc.uri, doc.version) ?? (await service.entryOf(doc, signal));
    skill = r.skill;
    entry = r.entry;
  } else {
    const file = fileOf(uri);
    if (!file || path.basename(file) !== 'SKILL.md') return null;
    const location = service.workspace.locate(file);
    const analysis = analyzeSkillFile(await readSkillText(file), file);
    skill = { location, analysis, status: await service.engine().evaluate(analysis, undefined, signal), id: location.id };
    entry = (await service.judge([skill]))[0] as Entry;
  }
  // What nexo-rs shows the model (the banner is nexo-rs's), as `banner --render` prints it.
  const visible = isVisible(skill.status.verdict);
  return { uri, verdict: entry.verdict, visible, banner: bannerFor(skill), content: visible ? contentFor(skill) : '', page: modelView(skill, entry), entry };
}

export async function index(service: SkillService, params: IndexParams | undefined, signal?: AbortSignal, model?: SkillModel): Promise<IndexResult> {
  const runtime = params?.runtime;
  if (!runtime || !RUNTIME_IDS.includes(runtime)) throw new RequestError(`\`runtime\` must be one of ${RUNTIME_IDS.join(', ')}`);
  const listing = LISTING_RUNTIMES[runtime];
  if (listing) {
    // The section the agent CLI sends the model when started in the workspace's folder (or `root`), its own
    // skills left out, as `index --runtime claude-code` prints it.
    const cwd = params?.root !== undefined ? (pathsOf(service, [params.root])[0] as string) : service.workspace.cwd();
    const { ctx } = service.context();
    const run = listing.start(ctx, cwd, ctx.versions?.[runtime] ?? '');
    return { runtime, root: cwd, index: run.section, error: run.section ? null : `${RUNTIME_LABELS[runtime]} started in ${cwd} sends no skills section` };
  }
  if (params?.agent !== undefined || params?.allRoots === true) {
    if (!model) throw new RequestError('the skills model is not available');
    return params.agent !== undefined ? agentIndex(model, runtime, params.agent) : modelIndex(service, model, runtime);
  }
  const root = params?.root !== undefined ? (pathsOf(service, [params.root])[0] as string) : service.workspace.roots()[0];
  if (!root) throw new RequestError('no root: the workspace has no folder; pass `root`');
  const tree = await service.treeIndex(runtime, root);
  if (tree) return { runtime, root, index: tree.index, error: tree.error };
  const { skills: evaluated, catalogs } = await service.engine().checkPaths([root], signal, undefined, model ? (l) => model.analysisFor(l) : undefined);
  const text = await renderIndex(evaluated, runtime === 'agentskills' ? 'xml' : 'nexo', mergeCategoryDescriptions(catalogs));
  return { runtime, root, index: text, error: null };
}

/** The index of every root of the skills model, as the Skills view lists them: the tree runtimes' blocks
 *  root by root, joined (the reasons, when no root printed one); nexo-rs's and the Agent Skills list over
 *  every skill in the CLI's order, with every root's category descriptions. */
async function modelIndex(service: SkillService, model: SkillModel, runtime: RuntimeId): Promise<IndexResult> {
  await model.whenIdle();
  const records = model.all();
  const roots = [...new Set(records.map((r) => r.root.path))].sort();
  if (runtime === 'hermes' || runtime === 'openclaw') {
    const blocks: string[] = [];
    const failures: string[] = [];
    for (const root of roots) {
      const tree = await service.treeIndex(runtime, root);
      if (tree?.index) blocks.push(tree.index);
      if (tree?.error) failures.push(`- \`${root}\`: ${tree.error}`);
    }
    return { runtime, root: '', index: blocks.join('\n'), error: blocks.length === 0 && failures.length ? failures.join('\n') : null };
  }
  const categories = new Map<string, string>();
  for (const root of roots) for (const [category, file] of model.categoryDescriptions(root)) if (!categories.has(category)) categories.set(category, file);
  const text = await renderIndex(cliOrder(records), runtime === 'agentskills' ? 'xml' : 'nexo', categories);
  return { runtime, root: '', index: text, error: null };
}

/** One nexo-rs agent's skills, in its order with its overrides, in the engine's layout of the runtime (as
 *  `index --agent ID --format F`); OpenClaw's prompt is always a whole root's. */
async function agentIndex(model: SkillModel, runtime: RuntimeId, agent: unknown): Promise<IndexResult> {
  if (typeof agent !== 'string') throw new RequestError('`agent` must be a string');
  if (runtime === 'openclaw') throw new RequestError("OpenClaw's prompt is always a whole root's: it has no index of one agent");
  const view = await model.agentView(agent);
  if (!view) return { runtime, root: '', index: '', error: `no agents file of the workspace defines agent \`${agent}\`` };
  const text = await renderIndex(view.skills, runtime === 'agentskills' ? 'xml' : runtime === 'hermes' ? 'hermes' : 'nexo', new Map());
  return { runtime, root: view.agent.skillsDir, index: text, error: null };
}

/** The order `check` lists skills in: category, folder name, path. */
function cliOrder<S extends EvaluatedSkill>(skills: readonly S[]): S[] {
  const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
  return [...skills].sort((a, b) => cmp(a.location.category, b.location.category) || cmp(a.id, b.id) || cmp(a.location.file, b.location.file));
}
