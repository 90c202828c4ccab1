// Hover on SKILL.md frontmatter: the schema's words for a key, and what the runtime makes of the hovered
// requirement on this machine (src/core/assist.ts hoverMarkdown). Plain markdown, no HTML.

import type { Hover, Position } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { hoverMarkdown, hoverTopic, nodeAt } from '../../core/assist';
import { offsetRange } from '../convert';
import type { SkillService } from '../service';

export async function hover(service: SkillService, doc: TextDocument, at: Position, signal?: AbortSignal): Promise<Hover | null> {
  const analyzed = service.documents.analysisOf(doc);
  if (!analyzed) return null;
  const { analysis, shift } = analyzed;
  const hit = nodeAt(analysis, doc.offsetAt(at) + shift);
  const topic = hit && hoverTopic(hit);
  if (!hit || !topic) return null;
  const status = topic === 'schema' ? null : await service.evaluate(analyzed, signal);
  const markdown = hoverMarkdown(analysis, hit, { status, env: service.engine().env, overrides: [] });
  if (!markdown) return null;
  return { contents: { kind: 'markdown', value: markdown }, range: offsetRange(doc, hit.start, hit.end, shift) };
}
