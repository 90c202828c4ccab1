// The standard language features, each a thin handler over its feature (src/server/features/).

import type { ClientCapabilities, Connection } from 'vscode-languageserver';
import { kindOf } from '../documents';
import { codeActions } from '../features/codeActions';
import { completion } from '../features/completion';
import { definition } from '../features/definition';
import { hover } from '../features/hover';
import type { SkillService } from '../service';
import type { DocumentHandler } from './documents';
import { guard } from './guard';

export function registerLanguageHandlers(connection: Connection, service: SkillService, docs: DocumentHandler, caps: ClientCapabilities): void {
  const skillDoc = (uri: string) => {
    const doc = docs.documents.get(uri);
    return doc && kindOf(uri) === 'skill' ? doc : undefined;
  };
  const item = caps.textDocument?.completion?.completionItem;
  const completionClient = { snippets: item?.snippetSupport === true, insertReplace: item?.insertReplaceSupport === true };
  const actionClient = { disabled: caps.textDocument?.codeAction?.disabledSupport === true };

  connection.onHover(
    guard(connection, 'textDocument/hover', async (p, signal) => {
      const doc = skillDoc(p.textDocument.uri);
      return doc ? hover(service, doc, p.position, signal) : null;
    }),
  );
  connection.onCompletion(
    guard(connection, 'textDocument/completion', (p) => {
      const doc = skillDoc(p.textDocument.uri);
      return doc ? completion(service, doc, p.position, completionClient) : null;
    }),
  );
  connection.onCodeAction(
    guard(connection, 'textDocument/codeAction', async (p, signal) => {
      const doc = skillDoc(p.textDocument.uri);
      return doc
        ? codeActions(service, doc, p.range, { diagnostics: p.context.diagnostics, ...(p.context.only ? { only: p.context.only } : {}) }, actionClient, signal)
        : null;
    }),
  );
  connection.onDefinition(
    guard(connection, 'textDocument/definition', (p) => {
      const doc = skillDoc(p.textDocument.uri);
      return doc ? definition(doc, p.position) : null;
    }),
  );
}
