// Go to definition for a skill's supporting files: on a path the body points at
// (a link `[x](references/api.md)`, an image, a code span or a command naming a file — the links the engine's
// analysis found, src/core/supporting/links.ts), the file it names inside the skill folder. Resolved as the
// agent resolves it, link by link, never out of the skill folder (`resolveInside`: a `..` or a symbolic link
// leading elsewhere goes nowhere), and only to a file that exists (its real path).

import { pathToFileURL } from 'node:url';
import type { Location, Position } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { resolveInside } from '../../core/supporting/files';
import { pathShape } from '../../core/supporting/links';
import { skillFolderOf } from '../documents';
import type { SkillService } from '../service';

export function definition(service: SkillService, doc: TextDocument, at: Position): Location | null {
  const folder = skillFolderOf(service.documents, doc);
  if (!folder) return null;
  const { analyzed, root } = folder;
  const offset = doc.offsetAt(at) + analyzed.shift;
  const link = analyzed.analysis.links.find((l) => l.start <= offset && offset <= l.end);
  if (!link) return null;
  const shape = pathShape(link.path);
  if (shape.kind !== 'inside') return null;
  const r = resolveInside(root, shape.segments);
  if (r.kind !== 'file') return null;
  return { uri: pathToFileURL(r.real).href, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } } };
}
