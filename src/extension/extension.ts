// The extension's entry point. For now it only proves the loop: VS Code activates it when a `skill`
// document opens (package.json `activationEvents`), and the language itself is declared in `contributes`.
// The features (diagnostics, completions, the Skills tree, previews) register here in a later change,
// each as a `register(context)` that returns a Disposable owned by `context.subscriptions`.
import type * as vscode from 'vscode';

export function activate(_context: vscode.ExtensionContext): void {
  // Nothing to set up yet: activation must stay cheap (no scanning, probing or schema compiling).
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
