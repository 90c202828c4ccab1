// Helpers for the integration tests, which run in the VS Code extension host (they import `vscode`). Tests
// wait on events (`nextEvent`) or poll with a deadline (`waitFor`, in wait.ts): never a fixed sleep.
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import * as vscode from 'vscode';
import type { Entry } from '../../src/core/check/entry';
import type { SkillAuthorApi } from '../../src/extension/api';
import type { Inspector } from '../integration/host/inspect';
import { CLI } from './cli';
import type { RunnerReply, RunnerRequest } from './protocol';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const manifest = require('../../../package.json') as { publisher: string; name: string };

/** `publisher.name` from the repo's package.json. */
export const EXTENSION_ID = `${manifest.publisher}.${manifest.name}`;

export function extension(): vscode.Extension<unknown> {
  const ext = vscode.extensions.getExtension(EXTENSION_ID);
  if (!ext) throw new Error(`extension ${EXTENSION_ID} is not loaded in this VS Code`);
  return ext;
}

/** The extension's API, activating it first if needed. */
export async function api(): Promise<SkillAuthorApi> {
  const ext = extension();
  return (ext.isActive ? ext.exports : await ext.activate()) as SkillAuthorApi;
}

/** The diagnostics' `source` the extension publishes under. */
const SOURCE = 'skill-author';

/** Our diagnostics on `uri` (those of other extensions left out). */
export function ours(uri: vscode.Uri): vscode.Diagnostic[] {
  return vscode.languages.getDiagnostics(uri).filter((d) => d.source === SOURCE);
}

/** A diagnostic's code as a string (VS Code has it as a string, a number or `{value, target}`). */
export function codeOf(d: vscode.Diagnostic): string | undefined {
  const c = d.code;
  return c === undefined ? undefined : typeof c === 'object' ? String(c.value) : String(c);
}

/** What the tests read of the extension that VS Code has no API for (host/inspect.ts): the test host's
 *  extension adds it to the API object it returns. */
export function inspect(): Inspector {
  const exports = extension().exports as { inspect?: Inspector } | undefined;
  if (!exports?.inspect) throw new Error('the extension is not active, or not the test host (test/integration/host)');
  return exports.inspect;
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

/** For a test that writes workspace settings: a function that removes the fixture's `.vscode` folder afterwards
 *  when it did not exist before (call it once the settings are set back). */
export async function workspaceSettingsCleanup(): Promise<() => Promise<void>> {
  const dir = fixtureUri('.vscode');
  const had = await vscode.workspace.fs.stat(dir).then(
    () => true,
    () => false,
  );
  return async () => {
    if (!had) await vscode.workspace.fs.delete(dir, { recursive: true }).then(undefined, () => undefined);
  };
}

/** The fixture workspace as a local path (the extension host runs on the same machine as the files). */
export function fixturePath(...segments: string[]): string {
  return join(workspaceRoot().fsPath, ...segments);
}

export async function openSkill(...segments: string[]): Promise<vscode.TextEditor> {
  const doc = await vscode.workspace.openTextDocument(fixtureUri(...segments));
  return vscode.window.showTextDocument(doc);
}

/** `skill-author check --json ARGS` run by the extension host's Node, with the host's PATH and environment. */
export async function checkJson(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<Entry[]> {
  const { stdout } = await promisify(execFile)(process.execPath, [CLI, 'check', '--json', '--no-cache', ...args], {
    env,
    cwd: fixturePath(),
    maxBuffer: 16 * 1024 * 1024,
  }).catch((e: { stdout?: string; code?: number }) => {
    // Exit 1 means "a skill has errors or is hidden": the JSON is still complete.
    if (e.code === 1 && e.stdout) return { stdout: e.stdout };
    throw e;
  });
  const parsed = JSON.parse(stdout) as { version: number; skills: Entry[] };
  assert.equal(parsed.version, 2);
  // The CLI prints paths relative to its working directory when they lie below it; the API's are absolute.
  return parsed.skills.map((e) => ({ ...e, path: resolve(fixturePath(), e.path) }));
}

/** `node dist/cli.js ARGS` with the extension host's environment (no shell; Electron runs as Node). */
export async function runCli(args: string[]): Promise<{ stdout: string; stderr: string }> {
  const script = join(extension().extensionPath, 'dist', 'cli.js');
  return promisify(execFile)(process.execPath, [script, ...args], { env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' }, maxBuffer: 16 * 1024 * 1024 });
}

/** The API's entries equal the CLI's, skill by skill (matched by `key`, the path by default). */
export function assertSameEntries(apiEntries: Entry[], cliEntries: Entry[], key: (e: Entry) => string = (e) => e.path): void {
  assert.deepEqual(apiEntries.map(key).sort(), cliEntries.map(key).sort(), 'the same skills');
  const cliBy = new Map(cliEntries.map((e) => [key(e), e]));
  for (const e of apiEntries) assert.deepEqual(e, cliBy.get(key(e)), `entry ${key(e)}`);
}

/** Resolves with the first event that satisfies `predicate`; fails after `timeoutMs`. */
export function nextEvent<T>(what: string, event: vscode.Event<T>, predicate: (e: T) => boolean = () => true, timeoutMs = 10_000): Promise<T> {
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

// ---- the outer runner ------------------------------------------------------------------------------------

type ScreenshotOptions = Omit<Extract<RunnerRequest, { action: 'screenshot' }>, 'action' | 'name'>;

interface RunnerClient {
  request(r: RunnerRequest, timeoutMs: number): Promise<RunnerReply>;
}

let client: RunnerClient | undefined;

/** index.ts hands over the report channel (undefined: no outer runner, e.g. @vscode/test-electron). */
export function setRunnerClient(c: RunnerClient | undefined): void {
  client = c;
}

async function ask(r: RunnerRequest, timeoutMs: number): Promise<RunnerReply> {
  if (!client) throw new Error(`no outer runner listens: ${r.action} needs test/integration/run.mjs`);
  const reply = await client.request(r, timeoutMs);
  if (!reply.ok) throw new Error(`the runner could not ${r.action}: ${reply.error ?? 'no reason given'}`);
  return reply;
}

/**
 * What the outer runner (test/integration/run.mjs) does for a test, from outside the workbench: screenshots of
 * the browser page and clicks a user would make. Under @vscode/test-electron nobody listens: `available` is
 * false, `screenshot` does nothing, and tests that need a click skip (`this.skip()`).
 */
export const runner = {
  get available(): boolean {
    return client !== undefined;
  },
  /**
   * Saves test-results/<name>.png once every `expect`ed element is visible (else rejects: no blind shots);
   * resolves with the file and its size, or undefined when no runner listens.
   */
  async screenshot(name: string, options: ScreenshotOptions = {}): Promise<RunnerReply | undefined> {
    if (!client) return undefined;
    return ask({ action: 'screenshot', name, ...options }, 25_000);
  },
  /** Grants workspace trust through the workbench's own UI (see protocol.ts); rejects when no runner listens. */
  async grantTrust(): Promise<void> {
    await ask({ action: 'grantTrust' }, 25_000);
  },
};

/** Adds an env file holding `text` to `skillAuthor.envFiles` (user settings): how a user gives the language
 *  server variables its environment lacks (it keeps the one it started with, as a runtime would). Resolves
 *  with its undo. */
export async function withEnvFile(text: string): Promise<() => Promise<void>> {
  const dir = mkdtempSync(join(tmpdir(), 'sa-env-file-'));
  const file = join(dir, 'test.env');
  writeFileSync(file, text);
  await vscode.workspace.getConfiguration('skillAuthor').update('envFiles', [file], vscode.ConfigurationTarget.Global);
  return async () => {
    await vscode.workspace.getConfiguration('skillAuthor').update('envFiles', undefined, vscode.ConfigurationTarget.Global);
    rmSync(dir, { recursive: true, force: true });
  };
}
