// `skill-author lsp --stdio`: the language server. Everything runs in this process — analysis, probes
// (only when the client says the workspace is trusted), the scans of the skill roots — never on an editor's
// UI or extension-host thread. Nothing but JSON-RPC is written to stdout; logs go to the client
// (window/logMessage), and a failure is one line there, never a stack trace.

import * as path from 'node:path';
import { createConnection, type InitializeParams, type InitializeResult, ProposedFeatures, TextDocumentSyncKind } from 'vscode-languageserver/node';
import { registerCustomHandlers } from './handlers/custom';
import { DocumentHandler } from './handlers/documents';
import { messageOf } from './handlers/guard';
import { registerLanguageHandlers } from './handlers/language';
import { DIAGNOSTIC_PROVIDER, pullsDiagnostics, registerPullHandlers } from './handlers/pull';
import { WorkspaceHandler } from './handlers/workspace';
import { SkillService } from './service';
import { initialSettings } from './settings';
import { SkillModel } from './skills';
import { registerSkillsHandlers } from './handlers/skills';
import { fileOf } from './documents';
import { SEMANTIC_TOKENS_LEGEND } from './features/semanticTokens';
import {
  AgentViewRequest,
  EXPLAIN_CONSTRAINT_COMMAND,
  IndexRequest,
  VersionsRequest,
  PreviewRequest,
  ProbeLogRequest,
  RefreshRequest,
  ReprobeRequest,
  ScaffoldRequest,
  SkillsIdleRequest,
  SkillsRequest,
} from '../shared/protocol';

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
  let skills: SkillModel | null = null;

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
    const logger = {
      info: (m: string) => connection.console.log(m),
      warn: (m: string) => connection.console.warn(m),
      error: (m: string) => connection.console.error(m),
    };
    service = new SkillService(settings, logger);
    const folders = params.workspaceFolders?.map((f) => ({ uri: f.uri, name: f.name })) ?? (params.rootUri ? [params.rootUri] : []);
    service.workspace.setFolders(folders);
    service.applyRoots();
    // A client that pulls diagnostics gets them only by pulling (each finding once).
    const pull = pullsDiagnostics(params.capabilities);
    const docs = new DocumentHandler(connection, service, pull);
    // The skills of the roots, scanned once and kept current (from file events and the open documents' checks).
    const model = (skills = new SkillModel(service, logger));
    docs.onSkillOpened = (uri) => withFile(uri, (f) => model.documentOpened(f));
    docs.onSkillChecked = (uri, version, c) => withFile(uri, (f) => model.documentChecked(f, { version, entry: c.entry, skill: c.skill }));
    docs.onSkillClosed = (uri) => withFile(uri, (f) => model.documentClosed(f));
    registerLanguageHandlers(connection, service, docs, params.capabilities);
    registerCustomHandlers(connection, service, docs, model);
    workspace = new WorkspaceHandler(connection, service, docs, params.capabilities, model);
    const ws = workspace;
    registerSkillsHandlers(connection, service, model, params.capabilities, (change) => ws.modelChanged(change));
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
        semanticTokensProvider: { legend: SEMANTIC_TOKENS_LEGEND, full: true },
        ...(pull ? { diagnosticProvider: DIAGNOSTIC_PROVIDER } : {}),
        executeCommandProvider: { commands: [EXPLAIN_CONSTRAINT_COMMAND] },
        workspace: { workspaceFolders: { supported: true, changeNotifications: true } },
        experimental: {
          skillAuthor: {
            requests: [
              SkillsRequest.method,
              PreviewRequest.method,
              IndexRequest.method,
              ProbeLogRequest.method,
              ReprobeRequest.method,
              SkillsIdleRequest.method,
              RefreshRequest.method,
              AgentViewRequest.method,
              ScaffoldRequest.method,
              VersionsRequest.method,
            ],
          },
        },
      },
      serverInfo: { name: 'skill-author', version: options.version },
    };
  });
  connection.onShutdown(() => {
    workspace?.dispose();
    skills?.dispose();
    service?.dispose();
  });
  connection.listen();
}

/** `fn` of the file system path of a `file:` URI (other schemes are no skills of the roots). */
function withFile(uri: string, fn: (file: string) => void): void {
  const file = fileOf(uri);
  if (file) fn(path.resolve(file));
}
