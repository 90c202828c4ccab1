// The extension as the integration tests run it: the product's own start and API (src/extension), plus
// `inspect` on the API object — what the tests read that VS Code has no API for (inspect.ts). Bundled into
// out/host/extension.js by scripts/build.mjs; test/integration/run.mjs hands VS Code a copy of the manifest
// whose `main` is this bundle. The product bundle (dist/extension.js) carries none of it.
import type * as vscode from 'vscode';
import { createApi, type SkillAuthorApi } from '../../../src/extension/api';
import { start } from '../../../src/extension/extension';
import { createInspector, type Inspector } from './inspect';

export function activate(extensionContext: vscode.ExtensionContext): SkillAuthorApi & { inspect: Inspector } {
  const ctx = start(extensionContext);
  return { ...createApi(ctx), inspect: createInspector(ctx) };
}

export function deactivate(): void {
  // The context, owned by extensionContext.subscriptions, disposes everything.
}
