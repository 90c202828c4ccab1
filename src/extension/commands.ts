// Commands that act on the whole model: refresh, re-probe, show the output channel.
import * as vscode from 'vscode';
import type { SkillAuthorContext } from './context';

export function register(ctx: SkillAuthorContext): vscode.Disposable {
  return vscode.Disposable.from(
    vscode.commands.registerCommand('skillAuthor.refresh', () =>
      vscode.window.withProgress({ location: { viewId: 'skillAuthor.skills' }, title: 'Scanning skills' }, async () => {
        const store = ctx.store;
        await store.refresh();
        await store.whenIdle();
      }),
    ),
    vscode.commands.registerCommand('skillAuthor.reprobe', () =>
      vscode.window.withProgress({ location: { viewId: 'skillAuthor.skills' }, title: 'Re-probing dependencies' }, () => ctx.store.reprobe()),
    ),
    vscode.commands.registerCommand('skillAuthor.showOutput', () => ctx.output.show(true)),
    // Not contributed (so not in the palette): figures for `npm run bench` and the tests.
    vscode.commands.registerCommand('skillAuthor.internal.stats', () => ({
      activationMs: ctx.activationMs,
      lastLiveRun: ctx.lastLiveRun,
      lastUpdate: ctx.storeIfCreated?.lastUpdate ?? null,
      skills: ctx.storeIfCreated?.all().length ?? null,
    })),
  );
}
