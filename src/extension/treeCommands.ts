// The Skills view's commands (listed in the command table, commands.ts): grouping and filter (view title),
// agent selection, the runtime picker, and the item actions (open, copy the missing-dependencies report,
// preview what the model sees). Item actions take the view's
// node (menus), an item's URI (`…/SKILL.md`, `…/SKILL.md?agent=<id>`, what the item's click passes; or a
// skill folder), or nothing (the active editor's SKILL.md).
import { promises as fs } from 'node:fs';
import * as vscode from 'vscode';
import { parseRuntimeSpec, RUNTIMES, runtimeSpecs } from '../core/runtimes/registry';
import type { RuntimeId } from '../core/runtimes/types';
import type { SkillAuthorContext } from './context';
import { existingStore, type SkillStore, storeOf } from './skills';
import { brokenAgentsFile } from './agentsFile';
import { type SkillsTree, TREE } from './tree';

/** The Skills view (registered by tree.ts before any command can run). */
function viewOf(ctx: SkillAuthorContext): SkillsTree {
  const tree = ctx.peek(TREE);
  if (!tree) throw new Error('Skill Author: the Skills view is not registered');
  return tree;
}

export async function groupByAgent(ctx: SkillAuthorContext): Promise<string | undefined> {
  const store = storeOf(ctx);
  if (store.agents().length === 0 && !store.ready) await store.whenIdle();
  if (store.agents().length === 0) {
    // The message is also the command's result (VS Code shows no notification during extension tests).
    const message = noAgentsMessage(store);
    void vscode.window.showInformationMessage(message);
    return message;
  }
  await viewOf(ctx).setGroupBy('agent');
  return undefined;
}

export const groupByRoot = (ctx: SkillAuthorContext): Promise<void> => viewOf(ctx).setGroupBy('root');
export const showHiddenOnly = (ctx: SkillAuthorContext): Promise<void> => viewOf(ctx).setHiddenOnly(true);
export const showAll = (ctx: SkillAuthorContext): Promise<void> => viewOf(ctx).setHiddenOnly(false);

export async function openItem(ctx: SkillAuthorContext, arg: unknown): Promise<void> {
  // At once, whatever probes are under way: opening needs no verdict.
  const file = viewOf(ctx).fileOf(arg);
  if (!file) return void vscode.window.showWarningMessage('Skill Author: select a skill in the Skills view first.');
  // Only a regular file is opened. The view lists a SKILL.md that is a folder, a named pipe or a broken
  // link (the runtime cannot load it); VS Code cannot open one either and would say "an unknown error
  // occurred" or "is a directory", so the command says what the store found instead.
  const why = await notAFile(ctx, file);
  if (why) return void vscode.window.showWarningMessage(`Skill Author: ${why}`);
  const uri = vscode.Uri.file(file);
  try {
    await vscode.window.showTextDocument(uri, { preview: true });
  } catch {
    // Not text to VS Code (binary bytes, an encoding it cannot show): its own editor says so and offers
    // to open it anyway.
    await vscode.commands.executeCommand('vscode.open', uri, { preview: true });
  }
}

export async function copyReport(ctx: SkillAuthorContext, arg: unknown): Promise<void> {
  const tree = viewOf(ctx);
  const shown = await tree.target(arg);
  if (!shown) return void vscode.window.showWarningMessage('Skill Author: select a skill in the Skills view first.');
  await vscode.env.clipboard.writeText(tree.report(shown));
  vscode.window.setStatusBarMessage(`Skill Author: report for ${shown.skill.id} copied`, 3000);
}

export function previewItem(ctx: SkillAuthorContext, arg: unknown): Thenable<unknown> | undefined {
  const file = viewOf(ctx).fileOf(arg);
  if (!file) return void vscode.window.showWarningMessage('Skill Author: select a skill in the Skills view first.');
  // The preview itself belongs to `skillAuthor.previewBanner`; it gets the plain SKILL.md URI.
  return vscode.commands.executeCommand('skillAuthor.previewBanner', vscode.Uri.file(file));
}

/** Why `file` cannot be opened in an editor (not there, not a regular file), or undefined when it can. */
async function notAFile(ctx: SkillAuthorContext, file: string): Promise<string | undefined> {
  let isFile = false;
  try {
    isFile = (await fs.stat(file)).isFile();
  } catch {
    // gone, a broken or looping link, unreadable folder: the store's finding names it best
  }
  if (isFile) return undefined;
  const unreadable = existingStore(ctx)?.get(file)?.unreadable;
  return `${file}: ${unreadable ?? 'there is no SKILL.md file here.'}`;
}

/** Why there is no agent to pick: the agents file in use is broken (the view's message, with its first error),
 *  defines none, or there is no agents file at all. */
function noAgentsMessage(store: SkillStore): string {
  const broken = brokenAgentsFile(store);
  if (broken) return `Skill Author: ${broken}`;
  const file = store.agentsFileList[0];
  if (file) return `Skill Author: the agents file ${vscode.workspace.asRelativePath(file.path)} defines no agent.`;
  return 'Skill Author: no agents file found (config/agents.yaml or agents.yaml in a workspace folder, or the skillAuthor.agentsFile setting).';
}

/** Pick the agent whose view the tree, the previews and the index use; `id` skips the quick pick. */
export async function selectAgent(ctx: SkillAuthorContext, arg: unknown): Promise<void> {
  const id = typeof arg === 'string' ? arg : undefined;
  const store = storeOf(ctx);
  if (store.agents().length === 0 && !store.ready) await store.whenIdle();
  const agents = store.agents();
  if (agents.length === 0) return void vscode.window.showInformationMessage(noAgentsMessage(store));
  let chosen = id;
  if (chosen === undefined) {
    const selected = store.selectedAgentId;
    const items = store.agentsFileList.flatMap((file) =>
      file.agents.map((a) => ({
        label: a.id,
        ...(a.id === selected ? { description: 'selected' } : {}),
        detail: `${a.skills.length} skill${a.skills.length === 1 ? '' : 's'} · ${vscode.workspace.asRelativePath(file.path, false)}`,
      })),
    );
    const pick = await vscode.window.showQuickPick(items, { title: 'Select Agent', placeHolder: 'The agent whose skills the Skills view lists' });
    if (!pick) return;
    chosen = pick.label;
  }
  if (!agents.some((a) => a.id === chosen)) return void vscode.window.showWarningMessage(`Skill Author: no agent \`${chosen}\` in the agents file.`);
  await store.selectAgent(chosen);
  await viewOf(ctx).setGroupBy('agent');
}

/**
 * Pin the runtimes every skill is judged for (the `skillAuthor.runtimes` setting, as `--runtime` on the
 * command line); none picked: each skill is judged by the runtimes that apply to it. `ids` (an array of
 * runtimes, each `id` or `id@version`; `[]` to detect) skips the quick pick. A runtime picked again keeps
 * the version it was pinned at. Written to the workspace's settings when a folder is open, else to the user's.
 */
export async function selectRuntimes(ctx: SkillAuthorContext, ids: unknown): Promise<void> {
  let chosen: string[];
  const pinned = ctx.config.runtimes.pinned;
  if (Array.isArray(ids)) {
    const unknown = ids.filter((i) => typeof i !== 'string' || !parseRuntimeSpec(i));
    if (unknown.length)
      return void vscode.window.showWarningMessage(
        `Skill Author: unknown runtime ${unknown.map((u) => JSON.stringify(u)).join(', ')}; known: ${runtimeSpecs().join(', ')}.`,
      );
    chosen = (ids as string[]).map((i) => i.trim());
  } else {
    const pinnedSpec = (id: RuntimeId): string | undefined => pinned.find((p) => parseRuntimeSpec(p)?.runtime === id);
    const items = RUNTIMES.map((r) => ({
      id: r.id,
      label: r.label,
      description: pinnedSpec(r.id) ?? `${r.id} (${r.versions.map((v) => v.version).join(', ')})`,
      detail: r.summary,
      picked: pinnedSpec(r.id) !== undefined,
    }));
    const picks = await vscode.window.showQuickPick(items, {
      title: 'Select Runtimes',
      placeHolder: pinned.length
        ? 'The runtimes every skill is judged for (none: detected per skill)'
        : 'Now: detected per skill. Pick runtimes to judge every skill for them',
      canPickMany: true,
    });
    if (!picks) return;
    chosen = picks.map((p) => pinnedSpec(p.id) ?? p.id);
  }
  const target = vscode.workspace.workspaceFolders?.length ? vscode.ConfigurationTarget.Workspace : vscode.ConfigurationTarget.Global;
  await vscode.workspace.getConfiguration('skillAuthor').update('runtimes', chosen.length ? chosen : undefined, target);
}
