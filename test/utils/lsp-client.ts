// A language client for the tests: `node dist/cli.js lsp --stdio …` as a real child process, spoken to in
// JSON-RPC over its stdin/stdout (vscode-jsonrpc, the protocol's own message types). It records every
// publishDiagnostics and log message, and everything the server wrote to stderr.
import { type CheckedParams, CheckedNotification } from '../../src/shared/protocol';
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { createMessageConnection, type MessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node';
import {
  type ClientCapabilities,
  DiagnosticRefreshRequest,
  DidChangeTextDocumentNotification,
  DidCloseTextDocumentNotification,
  DidOpenTextDocumentNotification,
  DidSaveTextDocumentNotification,
  ExitNotification,
  InitializedNotification,
  InitializeRequest,
  type InitializeResult,
  LogMessageNotification,
  type LogMessageParams,
  PublishDiagnosticsNotification,
  type PublishDiagnosticsParams,
  ShutdownRequest,
  type TextDocumentContentChangeEvent,
} from 'vscode-languageserver-protocol';
import { CLI, REPO } from './cli';
import { writeUnder } from './fs';

export const CAPABILITIES: ClientCapabilities = {
  textDocument: {
    synchronization: { didSave: true },
    publishDiagnostics: { relatedInformation: false, versionSupport: true, codeDescriptionSupport: true },
    hover: { contentFormat: ['markdown', 'plaintext'] },
    completion: { completionItem: { snippetSupport: true, insertReplaceSupport: true } },
    codeAction: { codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix'] } }, disabledSupport: true },
    definition: {},
  },
  workspace: { workspaceFolders: true, configuration: false },
};

/** A client that pulls diagnostics (LSP 3.17) and may be asked to pull again (VS Code's, with its client). */
export const PULL_CAPABILITIES: ClientCapabilities = {
  ...CAPABILITIES,
  textDocument: { ...CAPABILITIES.textDocument, diagnostic: { dynamicRegistration: false, relatedDocumentSupport: false } },
  workspace: { ...CAPABILITIES.workspace, diagnostics: { refreshSupport: true } },
};

export class LspClient {
  readonly conn: MessageConnection;
  readonly published: PublishDiagnosticsParams[] = [];
  readonly logs: LogMessageParams[] = [];
  /** The server's `skillAuthor/checked` notifications, in order. */
  readonly checks: CheckedParams[] = [];
  /** How many times the server asked to pull diagnostics again (workspace/diagnostic/refresh). */
  refreshes = 0;
  stderr = '';
  private readonly exited: Promise<number | null>;
  private waiters: Array<() => void> = [];

  constructor(readonly proc: ChildProcess) {
    this.conn = createMessageConnection(new StreamMessageReader(proc.stdout!), new StreamMessageWriter(proc.stdin!));
    proc.stderr!.setEncoding('utf8').on('data', (s: string) => (this.stderr += s));
    this.exited = new Promise((resolve) => proc.on('exit', (code) => resolve(code)));
    this.conn.onNotification(PublishDiagnosticsNotification.type, (p) => {
      this.published.push(p);
      for (const w of this.waiters.splice(0)) w();
    });
    this.conn.onNotification(LogMessageNotification.type, (p) => void this.logs.push(p));
    this.conn.onNotification(CheckedNotification.type, (p) => void this.checks.push(p));
    this.conn.onRequest(DiagnosticRefreshRequest.type, () => {
      this.refreshes++;
      return null;
    });
    // Answer whatever the server asks (none of these tests give it configuration).
    this.conn.onRequest(() => null);
    this.conn.listen();
  }

  static start(options: { cwd: string; env: NodeJS.ProcessEnv; args?: string[] }): LspClient {
    const proc = spawn(process.execPath, [CLI, 'lsp', '--stdio', ...(options.args ?? [])], {
      cwd: options.cwd,
      env: options.env,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    return new LspClient(proc);
  }

  async initialize(rootPath: string, initializationOptions?: unknown, capabilities: ClientCapabilities = CAPABILITIES): Promise<InitializeResult> {
    const rootUri = uriOf(rootPath);
    const result = await this.conn.sendRequest(InitializeRequest.type, {
      processId: process.pid,
      rootUri,
      workspaceFolders: [{ uri: rootUri, name: path.basename(rootPath) }],
      capabilities,
      ...(initializationOptions !== undefined ? { initializationOptions } : {}),
    });
    await this.conn.sendNotification(InitializedNotification.type, {});
    return result;
  }

  async open(file: string, text: string, version = 1, languageId = 'markdown'): Promise<string> {
    const uri = file.includes(':') && !file.startsWith('/') ? file : uriOf(file);
    await this.conn.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId, version, text } });
    return uri;
  }

  async change(uri: string, version: number, changes: TextDocumentContentChangeEvent[]): Promise<void> {
    await this.conn.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri, version }, contentChanges: changes });
  }

  async save(uri: string): Promise<void> {
    await this.conn.sendNotification(DidSaveTextDocumentNotification.type, { textDocument: { uri } });
  }
  async close(uri: string): Promise<void> {
    await this.conn.sendNotification(DidCloseTextDocumentNotification.type, { textDocument: { uri } });
  }

  /** The first diagnostics published for `uri` (with `version`, when given) after `from` publications. */
  async diagnostics(uri: string, options: { version?: number; from?: number; ms?: number } = {}): Promise<PublishDiagnosticsParams> {
    const deadline = Date.now() + (options.ms ?? 20000);
    for (;;) {
      const hit = this.published.slice(options.from ?? 0).find((p) => p.uri === uri && (options.version === undefined || p.version === options.version));
      if (hit) return hit;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no diagnostics for ${uri}${options.version !== undefined ? ` version ${options.version}` : ''}; stderr: ${this.stderr}`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiters.push(() => (clearTimeout(t), resolve()));
      });
    }
  }

  /** shutdown, exit: the server's exit code. */
  async stop(): Promise<number | null> {
    await this.conn.sendRequest(ShutdownRequest.type);
    await this.conn.sendNotification(ExitNotification.type);
    const code = await this.exited;
    this.conn.dispose();
    return code;
  }

  kill(): void {
    if (this.proc.exitCode === null) this.proc.kill('SIGKILL');
    this.conn.dispose();
  }
}

export function uriOf(file: string): string {
  return new URL(`file://${path.resolve(file).split('/').map(encodeURIComponent).join('/')}`).href;
}

const SEVERITY = ['', 'error', 'warning', 'information', 'hint'];

/** A published diagnostic as `check --json` prints a finding (1-based positions). */
export function asFinding(d: PublishDiagnosticsParams['diagnostics'][number]): Record<string, unknown> {
  const runtime = (d.data as { runtime?: string } | undefined)?.runtime;
  return {
    code: d.code,
    severity: SEVERITY[d.severity ?? 1],
    message: d.message,
    line: d.range.start.line + 1,
    column: d.range.start.character + 1,
    endLine: d.range.end.line + 1,
    endColumn: d.range.end.character + 1,
    ...(runtime ? { runtime } : {}),
  };
}

/** A workspace for a server under test: `<tmp>/ws` holding `files` (path → text, with `modeOf`'s mode), an
 *  empty HOME, and an environment whose PATH has the fixture binaries (test/fixtures/bin) and the system's. */
export function tempWorkspace(
  prefix: string,
  files: Readonly<Record<string, string>>,
  modeOf: (rel: string) => number | undefined = () => undefined,
): { tmp: string; ws: string; env: NodeJS.ProcessEnv } {
  const tmp = mkdtempSync(path.join(tmpdir(), prefix));
  const ws = path.join(tmp, 'ws');
  mkdirSync(path.join(tmp, 'home'));
  const env = {
    PATH: `${path.join(REPO, 'test', 'fixtures', 'bin')}${path.delimiter}/usr/bin${path.delimiter}/bin`,
    HOME: path.join(tmp, 'home'),
    XDG_CACHE_HOME: path.join(tmp, 'cache'),
  };
  for (const [rel, text] of Object.entries(files)) writeUnder(ws, rel, text, modeOf(rel));
  return { tmp, ws, env };
}
