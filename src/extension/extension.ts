// The extension's entry point: build the one context object and register each feature with it. VS Code
// activates the extension when a `skill` document opens or the workspace contains a SKILL.md (package.json
// `activationEvents`). Activation must stay cheap: no scanning, probing or schema compiling here — the
// context creates the engine on first use, and features do their work when documents ask for it.
import type * as vscode from 'vscode';
import { SkillAuthorContext } from './context';
import * as diagnostics from './diagnostics';

export function activate(extensionContext: vscode.ExtensionContext): void {
  const ctx = new SkillAuthorContext(extensionContext);
  extensionContext.subscriptions.push(ctx);
  ctx.register(diagnostics.register);
}

export function deactivate(): void {
  // Everything is disposed through the context, which extensionContext.subscriptions owns.
}
