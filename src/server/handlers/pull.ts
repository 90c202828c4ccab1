// Pull diagnostics (LSP 3.17), for clients that announce `textDocument.diagnostic`: textDocument/diagnostic
// answers with the check of the open document's current version (the one check of that version, the same a
// push would have published), workspace/diagnostic with every file of the roots as the last scan found them.
// A resultId is a hash of the findings: a client that holds them already is told `unchanged`.

import {
  type CancellationToken,
  type ClientCapabilities,
  type Connection,
  DiagnosticRefreshRequest,
  type DiagnosticServerCancellationData,
  type DocumentDiagnosticReport,
  type ResponseError,
} from 'vscode-languageserver';
import type { DocumentHandler } from './documents';
import { RequestError } from '../features/custom';
import { guard, messageOf } from './guard';
import type { WorkspaceHandler } from './workspace';

/** Whether the client pulls diagnostics (then the server registers the provider and pushes none for them). */
export function pullsDiagnostics(caps: ClientCapabilities): boolean {
  const d = caps.textDocument?.diagnostic;
  return typeof d === 'object' && d !== null;
}

export const DIAGNOSTIC_PROVIDER = { identifier: 'skill-author', interFileDependencies: true, workspaceDiagnostics: true } as const;

/** `guard` for the diagnostic requests, whose errors may carry `retriggerRequest` (ours carry no data). */
function guarded<P, R>(
  connection: Connection,
  method: string,
  fn: (params: P, signal: AbortSignal) => Promise<R>,
): (params: P, token: CancellationToken) => Promise<R | ResponseError<DiagnosticServerCancellationData>> {
  const g = guard(connection, method, fn);
  return (params, token) => g(params, token) as Promise<R | ResponseError<DiagnosticServerCancellationData>>;
}

export function registerPullHandlers(connection: Connection, docs: DocumentHandler, workspace: WorkspaceHandler, caps: ClientCapabilities): void {
  connection.languages.diagnostics.on(
    guarded(connection, 'textDocument/diagnostic', async (p, signal): Promise<DocumentDiagnosticReport> => {
      const uri: unknown = (p as { textDocument?: { uri?: unknown } } | null)?.textDocument?.uri;
      if (typeof uri !== 'string') throw new RequestError('`textDocument.uri` must be a string');
      // Not open (or not a file the server serves): nothing; the workspace report has the roots' files.
      const r = await docs.current(uri, signal);
      if (!r) return { kind: 'full', items: [] };
      if (p.previousResultId === r.resultId) return { kind: 'unchanged', resultId: r.resultId };
      return { kind: 'full', resultId: r.resultId, items: r.diagnostics };
    }),
  );
  connection.languages.diagnostics.onWorkspace((params, token, _workDone, progress) =>
    guarded(connection, 'workspace/diagnostic', (p: typeof params, signal) => workspace.workspaceDiagnostics(p, signal, progress))(params, token),
  );
  // Files, settings or probes changed: the client asks again (its pulls wait for the checks and scan due).
  if (caps.workspace?.diagnostics?.refreshSupport === true) {
    let queued = false;
    docs.onInvalidated = () => {
      if (queued) return;
      queued = true;
      setImmediate(() => {
        queued = false;
        connection
          .sendRequest(DiagnosticRefreshRequest.type)
          .catch((e: unknown) => connection.console.warn(`workspace/diagnostic/refresh failed: ${messageOf(e)}`));
      });
    };
  }
}
