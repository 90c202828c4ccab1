// Semantic tokens: how an editor colours a nexo-rs `plugin.toml` (VS Code ships no TOML grammar; Neovim
// colours what the server says). The pieces come from the engine (core/assist/manifestTokens.ts); this file
// only encodes them as LSP wants them.

import { type SemanticTokens, SemanticTokensBuilder, type SemanticTokensLegend } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { MANIFEST_TOKEN_TYPES, manifestTokens } from '../../core/assist/manifestTokens';
import { HUGE_CHARS } from '../documents';

export const SEMANTIC_TOKENS_LEGEND: SemanticTokensLegend = { tokenTypes: [...MANIFEST_TOKEN_TYPES], tokenModifiers: [] };

/** The manifest's tokens, encoded relative to each other; none for a text too big for per-edit requests. */
export function manifestSemanticTokens(doc: TextDocument): SemanticTokens {
  const builder = new SemanticTokensBuilder();
  const text = doc.getText();
  if (text.length > HUGE_CHARS) return builder.build();
  for (const t of manifestTokens(text)) {
    const p = doc.positionAt(t.start);
    builder.push(p.line, p.character, t.end - t.start, MANIFEST_TOKEN_TYPES.indexOf(t.type), 0);
  }
  return builder.build();
}
