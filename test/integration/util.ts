// Helpers for integration tests. Tests wait on events or poll with a deadline: never a fixed sleep.
import * as vscode from 'vscode';
import { join } from 'node:path';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const manifest = require('../../../package.json') as { publisher: string; name: string };

/** `publisher.name` from the repo's package.json. */
export const EXTENSION_ID = `${manifest.publisher}.${manifest.name}`;

export function extension(): vscode.Extension<unknown> {
  const ext = vscode.extensions.getExtension(EXTENSION_ID);
  if (!ext) throw new Error(`extension ${EXTENSION_ID} is not loaded in this VS Code`);
  return ext;
}

/** The fixture workspace (test/fixtures/workspace), opened by both runners. */
export function workspaceRoot(): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder) throw new Error('no workspace folder is open (the runner opens test/fixtures/workspace)');
  return folder.uri;
}

export function fixtureUri(...segments: string[]): vscode.Uri {
  return vscode.Uri.joinPath(workspaceRoot(), ...segments);
}

/** The fixture workspace as a local path (the extension host runs on the same machine as the files). */
export function fixturePath(...segments: string[]): string {
  return join(workspaceRoot().fsPath, ...segments);
}

export async function openSkill(...segments: string[]): Promise<vscode.TextEditor> {
  const doc = await vscode.workspace.openTextDocument(fixtureUri(...segments));
  return vscode.window.showTextDocument(doc);
}

/**
 * Polls `probe` until it returns a truthy value, and returns that value; fails after `timeoutMs` with
 * `what` in the message. For states that have no event to wait on (e.g. `Extension.isActive`).
 */
export async function waitFor<T>(
  what: string,
  probe: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  timeoutMs = 10_000,
  intervalMs = 20,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** Resolves with the first event that satisfies `predicate`; fails after `timeoutMs`. */
export function nextEvent<T>(
  what: string,
  event: vscode.Event<T>,
  predicate: (e: T) => boolean = () => true,
  timeoutMs = 10_000,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      sub.dispose();
      reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}`));
    }, timeoutMs);
    const sub = event((e) => {
      if (!predicate(e)) return;
      clearTimeout(timer);
      sub.dispose();
      resolve(e);
    });
  });
}
