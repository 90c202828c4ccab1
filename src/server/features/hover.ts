// Hover on SKILL.md frontmatter (src/core/assist/assist.ts hoverMarkdown): what each runtime that applies to the
// skill (pinned by `runtimes`, else detected) does with a key, in its own words, and what the runtime makes
// of the hovered requirement on this machine — a binary's path and version, a constraint in plain words, whether
// a variable is set (never its value), what the mode does, with the agents' `skill_overrides` of the agents
// file in use. Plain markdown, no HTML.

import * as path from 'node:path';
import type { Hover, Position } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { hoverMarkdown, hoverTopic, nodeAt } from '../../core/assist/hover';
import { manifestHover as manifestHoverAt } from '../../core/assist/manifest';
import { runtimeTitle } from '../../core/runtimes/registry';
import { verdictWords } from '../../core/runtimes/words';
import { offsetRange } from '../convert';
import { documentPath, fileOf, HUGE_CHARS } from '../documents';
import type { SkillService } from '../service';

export async function hover(service: SkillService, doc: TextDocument, at: Position, signal?: AbortSignal): Promise<Hover | null> {
  const analyzed = service.documents.analysisOf(doc);
  if (!analyzed) return null;
  const { analysis, shift } = analyzed;
  const hit = nodeAt(analysis, doc.offsetAt(at) + shift);
  const topic = hit && hoverTopic(hit);
  if (!hit || !topic) return null;
  const status = topic === 'schema' ? null : await service.evaluate(analyzed, signal);
  const file = fileOf(doc.uri);
  // An unsaved SKILL.md is judged where it would be saved (its path); overrides name files on disk only.
  const overrides = file && topic === 'mode' ? (await service.agents(), service.overridesFor(path.dirname(file))) : [];
  const scope = service.scopeOf(documentPath(doc.uri), analysis);
  let markdown = hoverMarkdown(analysis, hit, { status, env: service.engine().env, overrides, scope });
  // On `name` and `description`: how each agent CLI that applies lists the skill, from the document's last check.
  if (hit.path.length === 1 && (hit.path[0] === 'name' || hit.path[0] === 'description')) {
    const listed = (service.checkOf(doc.uri, doc.version)?.entry.runtimes ?? []).filter((r) => r.listing !== undefined);
    const lines = listed.map((r) => `- ${runtimeTitle(r.runtime, r.runtime_version)}: **${verdictWords(r)}** — ${r.reasons.join(' ')}`);
    if (lines.length) markdown = [markdown, `**What the model is shown**\n\n${lines.join('\n')}`].filter(Boolean).join('\n\n');
  }
  if (!markdown) return null;
  return { contents: { kind: 'markdown', value: markdown }, range: offsetRange(doc, hit.start, hit.end, shift) };
}

/** Hover in a nexo-rs `plugin.toml` (src/core/assist/manifest.ts): the table or key under the cursor from the
 *  manifest's field table — its type, default and what nexo-rs eec3f33 does with it. */
export function manifestHover(doc: TextDocument, at: Position): Hover | null {
  const text = doc.getText();
  if (text.length > HUGE_CHARS) return null;
  const hit = manifestHoverAt(text, doc.offsetAt(at));
  if (!hit) return null;
  return { contents: { kind: 'markdown', value: hit.markdown }, range: offsetRange(doc, hit.start, hit.end) };
}
