// The standard language features, each a thin handler over its feature (src/server/features/).

import type { ClientCapabilities, Connection } from 'vscode-languageserver';
import { kindOf } from '../documents';
import { codeActions, manifestCodeActions } from '../features/codeActions';
import { completion, manifestCompletion, TRIGGER_SUGGEST } from '../features/completion';
import { EXPLAIN_CONSTRAINT_COMMAND, type SkillAuthorClientCapabilities } from '../../shared/protocol';
import { DOCS_URL } from '../../core/types';
import { definition } from '../features/definition';
import { hover, manifestHover } from '../features/hover';
import { manifestSemanticTokens } from '../features/semanticTokens';
import type { SkillService } from '../service';
import type { DocumentHandler } from './documents';
import { guard, messageOf } from './guard';
import { RequestError } from '../features/custom';

/** The documentation's section on the runtime behaviours the engine emulates (constraint dialect included). */
const EMULATION_URL = `${DOCS_URL}/runtimes.md#what-each-profile-emulates-and-warns-about`;

export function registerLanguageHandlers(connection: Connection, service: SkillService, docs: DocumentHandler, caps: ClientCapabilities): void {
  const skillDoc = (uri: string) => {
    const doc = docs.documents.get(uri);
    return doc && kindOf(uri) === 'skill' ? doc : undefined;
  };
  const manifestDoc = (uri: string) => {
    const doc = docs.documents.get(uri);
    return doc && kindOf(uri) === 'manifest' ? doc : undefined;
  };
  const item = caps.textDocument?.completion?.completionItem;
  const ours = (caps.experimental as { skillAuthor?: SkillAuthorClientCapabilities } | undefined)?.skillAuthor;
  const clientCommands = Array.isArray(ours?.clientCommands) ? ours.clientCommands : [];
  const completionClient = {
    snippets: item?.snippetSupport === true,
    insertReplace: item?.insertReplaceSupport === true,
    retrigger: clientCommands.includes(TRIGGER_SUGGEST),
  };

  connection.onHover(
    guard(connection, 'textDocument/hover', async (p, signal) => {
      const manifest = manifestDoc(p.textDocument.uri);
      if (manifest) return manifestHover(manifest, p.position);
      const doc = skillDoc(p.textDocument.uri);
      return doc ? hover(service, doc, p.position, signal) : null;
    }),
  );
  // Only a manifest is coloured: a SKILL.md keeps its Markdown grammar alone.
  connection.languages.semanticTokens.on(
    guard(connection, 'textDocument/semanticTokens/full', (p) => {
      const manifest = manifestDoc(p.textDocument.uri);
      return manifest ? manifestSemanticTokens(manifest) : { data: [] };
    }),
  );
  connection.onCompletion(
    guard(connection, 'textDocument/completion', (p) => {
      const manifest = manifestDoc(p.textDocument.uri);
      if (manifest) return manifestCompletion(manifest, p.position, completionClient);
      const doc = skillDoc(p.textDocument.uri);
      return doc ? completion(service, doc, p.position, completionClient) : null;
    }),
  );
  connection.onCodeAction(
    guard(connection, 'textDocument/codeAction', async (p, signal) => {
      const manifest = manifestDoc(p.textDocument.uri);
      if (manifest)
        return manifestCodeActions(service, manifest, p.range, { diagnostics: p.context.diagnostics, ...(p.context.only ? { only: p.context.only } : {}) });
      const doc = skillDoc(p.textDocument.uri);
      return doc
        ? codeActions(service, doc, p.range, { diagnostics: p.context.diagnostics, ...(p.context.only ? { only: p.context.only } : {}) }, signal)
        : null;
    }),
  );
  // The code action that explains why a constraint has no rewrite: the explanation as a message, with a button
  // opening the documentation's section on the constraint dialect. Answered at once; the message stays until dismissed.
  connection.onExecuteCommand(
    guard(connection, 'workspace/executeCommand', (p) => {
      if (p.command !== EXPLAIN_CONSTRAINT_COMMAND) throw new RequestError(`unknown command \`${p.command}\``);
      const message = p.arguments?.[0];
      if (typeof message !== 'string') throw new RequestError('the explanation must be a string');
      void connection.window
        .showInformationMessage(message, { title: 'Open the documentation' })
        .then((choice) => (choice ? connection.window.showDocument({ uri: EMULATION_URL, external: true }) : undefined))
        .catch((e: unknown) => connection.console.warn(`showing the explanation failed: ${messageOf(e)}`));
      return null;
    }),
  );
  connection.onDefinition(
    guard(connection, 'textDocument/definition', (p) => {
      const doc = skillDoc(p.textDocument.uri);
      return doc ? definition(service, doc, p.position) : null;
    }),
  );
}
