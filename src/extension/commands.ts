// Every command the extension contributes, in one table (the rust-analyzer `createCommands` habit): the
// command's id, and the function that builds its handler from the one context. extension.ts registers them
// all at activation; the handlers live with their features. (The language server's own command,
// `skillAuthor.explainConstraint`, is registered by the language client.) A command never needs the engine or the store
// to exist before it runs: each handler asks the context for what it uses.
import * as vscode from 'vscode';
import type { SkillAuthorContext } from './context';
import { newSkillCommand } from './newSkill';
import { chooseHermesTools, previewBanner, previewPromptIndex } from './preview';
import { addSupportingFileCommand } from './supportingFiles';
import { copyReport, groupByAgent, groupByRoot, openItem, previewItem, selectAgent, selectRuntimes, showAll, showHiddenOnly } from './treeCommands';
import { clientOf } from './client';
import { storeOf } from './skills';

type Handler = (...args: unknown[]) => unknown;
export type CommandFactory = (ctx: SkillAuthorContext) => Handler;

/** Rescan every root (the Skills view's progress shows while it runs). */
const refresh: CommandFactory = (ctx) => () =>
  vscode.window.withProgress({ location: { viewId: 'skillAuthor.skills' }, title: 'Scanning skills' }, async () => {
    await storeOf(ctx).refresh();
  });

/** Forget every probe result and run them again (in the language server, which evaluates every skill again). */
const reprobe: CommandFactory = (ctx) => () =>
  vscode.window.withProgress({ location: { viewId: 'skillAuthor.skills' }, title: 'Re-probing dependencies' }, async () => {
    await clientOf(ctx)?.reprobe();
    await storeOf(ctx).whenIdle();
  });

export function createCommands(): Record<string, CommandFactory> {
  return {
    'skillAuthor.refresh': refresh,
    'skillAuthor.reprobe': reprobe,
    'skillAuthor.showOutput': (ctx) => () => ctx.output.show(true),
    'skillAuthor.newSkill': (ctx) => (arg) => newSkillCommand(ctx, arg),
    'skillAuthor.addSupportingFile': (ctx) => (arg) => addSupportingFileCommand(ctx, arg),
    'skillAuthor.previewBanner': (ctx) => (arg) => previewBanner(ctx, arg),
    'skillAuthor.previewPromptIndex': (ctx) => (format, agent) => previewPromptIndex(ctx, format, agent),
    'skillAuthor.hermesTools': (ctx) => (arg) => chooseHermesTools(ctx, arg),
    'skillAuthor.selectAgent': (ctx) => (id) => selectAgent(ctx, id),
    'skillAuthor.selectRuntimes': (ctx) => (ids) => selectRuntimes(ctx, ids),
    'skillAuthor.tree.groupByAgent': (ctx) => () => groupByAgent(ctx),
    'skillAuthor.tree.groupByRoot': (ctx) => () => groupByRoot(ctx),
    'skillAuthor.tree.showHiddenOnly': (ctx) => () => showHiddenOnly(ctx),
    'skillAuthor.tree.showAll': (ctx) => () => showAll(ctx),
    'skillAuthor.tree.open': (ctx) => (arg) => openItem(ctx, arg),
    'skillAuthor.tree.copyReport': (ctx) => (arg) => copyReport(ctx, arg),
    'skillAuthor.tree.previewBanner': (ctx) => (arg) => previewItem(ctx, arg),
  };
}

/** Registers every command of the table. */
export function register(ctx: SkillAuthorContext): vscode.Disposable {
  return vscode.Disposable.from(...Object.entries(createCommands()).map(([id, factory]) => vscode.commands.registerCommand(id, factory(ctx))));
}
