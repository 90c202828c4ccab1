// The extension's entry point: build the one context object and register each feature with it. VS Code
// activates the extension when a `skill` document opens, the workspace contains a SKILL.md, the Skills view
// opens or one of its commands runs (package.json `activationEvents`). Activation must stay cheap: no
// scanning, probing or schema compiling here: the language server (started a moment later) does all of
// that in its own process, and the features mirror what it sends.
import type * as vscode from 'vscode';
import * as client from './client';
import { createApi, type SkillAuthorApi } from './api';
import * as commands from './commands';
import { SkillAuthorContext } from './context';
import * as decorations from './decorations';
import * as diagnostics from './diagnostics';
import * as languageStatus from './languageStatus';
import * as preview from './preview';
import * as skills from './skills';
import * as tree from './tree';

export function activate(extensionContext: vscode.ExtensionContext): SkillAuthorApi {
  return createApi(start(extensionContext));
}

/** Builds the context and registers every feature with it. */
export function start(extensionContext: vscode.ExtensionContext): SkillAuthorContext {
  const started = performance.now();
  const ctx = new SkillAuthorContext(extensionContext);
  extensionContext.subscriptions.push(ctx);
  ctx.register(client.register);
  ctx.register(skills.register);
  ctx.register(diagnostics.register);
  ctx.register(commands.register);
  ctx.register(preview.register);
  ctx.register(languageStatus.register);
  ctx.register(tree.register);
  ctx.register(decorations.register);
  ctx.activationMs = performance.now() - started;
  ctx.output.info(`activated in ${ctx.activationMs.toFixed(1)} ms`);
  return ctx;
}

export function deactivate(): void {
  // Everything is disposed through the context, which extensionContext.subscriptions owns.
}
