// `skill-author lsp --stdio`: the language server. Everything runs in this process — analysis, probes
// (only when the client says the workspace is trusted), the scans of the skill roots — never on an editor's
// UI or extension-host thread. Nothing but JSON-RPC is written to stdout; logs go to the client
// (window/logMessage), and a failure is one line there, never a stack trace.

import { createConnection, type InitializeParams, type InitializeResult, ProposedFeatures, TextDocumentSyncKind } from 'vscode-languageserver/node';
import { registerCustomHandlers } from './handlers/custom';
import { DocumentHandler } from './handlers/documents';
import { messageOf } from './handlers/guard';
import { registerLanguageHandlers } from './handlers/language';
import { DIAGNOSTIC_PROVIDER, pullsDiagnostics, registerPullHandlers } from './handlers/pull';
import { WorkspaceHandler } from './handlers/workspace';
import { SkillService } from './service';
import { initialSettings } from './settings';
import { EXPLAIN_CONSTRAINT_COMMAND, IndexRequest, PreviewRequest, ProbeLogRequest, ReprobeRequest, ScaffoldRequest, SkillsRequest } from '../shared/protocol';

export interface ServerOptions {
  /** `--trusted`: the workspace is trusted whatever the client says. */
  trusted: boolean;
  /** The CLI's version (serverInfo). */
  version: string;
  /** The transport's streams (`--stdio`); without them the transport is the one named on the command line
   *  (`--node-ipc` when VS Code's client forks dist/lsp.js). */
  input?: NodeJS.ReadableStream;
  output?: NodeJS.WritableStream;
}

export function startServer(options: ServerOptions): void {
  // Given as streams, the connection exits when the client closes its end (code 0 after shutdown, else 1).
  const connection =
    options.input && options.output ? createConnection(ProposedFeatures.all, options.input, options.output) : createConnection(ProposedFeatures.all);
  let service: SkillService | null = null;
  let workspace: WorkspaceHandler | null = null;

  // A bug must not kill the server nor print a stack trace: one line to the client's log.
  // Once the client is gone there is no one to tell: exit quietly.
  const internal = (e: unknown): void => {
    try {
      connection.console.error(`internal error: ${messageOf(e)} (please report this)`);
    } catch {
      process.exit(1);
    }
  };
  process.on('uncaughtException', internal);
  process.on('unhandledRejection', internal);

  connection.onInitialize((params: InitializeParams): InitializeResult => {
    const problems: string[] = [];
    const settings = initialSettings(params.initializationOptions, options.trusted, problems);
    service = new SkillService(settings, {
      info: (m) => connection.console.log(m),
      warn: (m) => connection.console.warn(m),
      error: (m) => connection.console.error(m),
    });
    const folders = params.workspaceFolders?.map((f) => f.uri) ?? (params.rootUri ? [params.rootUri] : []);
    service.workspace.setFolders(folders);
    service.applyRoots();
    // A client that pulls diagnostics gets them only by pulling (each finding once).
    const pull = pullsDiagnostics(params.capabilities);
    const docs = new DocumentHandler(connection, service, pull);
    registerLanguageHandlers(connection, service, docs, params.capabilities);
    registerCustomHandlers(connection, service, docs);
    workspace = new WorkspaceHandler(connection, service, docs, params.capabilities);
    if (pull) registerPullHandlers(connection, docs, workspace, params.capabilities);
    const s = service;
    connection.onInitialized(() => {
      for (const p of problems) connection.console.warn(p);
      connection.console.info(
        `skill-author ${options.version}: ${s.workspace.roots().length} root(s); probes ${s.settings.trusted ? (s.settings.probes ? 'on' : 'off') : 'off (the workspace is not trusted)'}`,
      );
      void workspace?.initialized();
    });
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: { includeText: false } },
        hoverProvider: true,
        completionProvider: { triggerCharacters: [' ', '[', ',', ':', '/', '('], resolveProvider: false },
        codeActionProvider: { codeActionKinds: ['quickfix'] },
        definitionProvider: true,
        ...(pull ? { diagnosticProvider: DIAGNOSTIC_PROVIDER } : {}),
        executeCommandProvider: { commands: [EXPLAIN_CONSTRAINT_COMMAND] },
        workspace: { workspaceFolders: { supported: true, changeNotifications: true } },
        experimental: {
          skillAuthor: {
            requests: [SkillsRequest.method, PreviewRequest.method, IndexRequest.method, ProbeLogRequest.method, ReprobeRequest.method, ScaffoldRequest.method],
          },
        },
      },
      serverInfo: { name: 'skill-author', version: options.version },
    };
  });
  connection.onShutdown(() => {
    workspace?.dispose();
    service?.dispose();
  });
  connection.listen();
}
