// Go to definition for a skill's supporting files: a relative link (`[x](references/api.md)`), a code span
// naming a file (`` `scripts/run.sh` ``) or a bare `references/…`, `templates/…`, `assets/…`, `scripts/…`
// path in SKILL.md leads to that file, resolved against the skill folder as the agent resolves it. Only
// files that exist are offered; URLs and anchors are left to the client.

import { existsSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Location, Position } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { fileOf } from '../documents';

const PATTERNS: readonly RegExp[] = [
  /\]\(\s*<?([^)\s>]+)/g, // a markdown link's target
  /`([^`\s]+)`/g, // a code span holding one word
  /(?<![\w/.-])((?:\.\/)?(?:references|templates|assets|scripts)\/[\w./@%+-]*[\w/@%+-])/g, // a bare supporting-file path
];

/** The supporting-file reference under the cursor on this line, as written, with its columns. */
export function referenceAt(line: string, character: number): { target: string; start: number; end: number } | null {
  for (const re of PATTERNS) {
    re.lastIndex = 0;
    for (const m of line.matchAll(re)) {
      const target = m[1] as string;
      const start = (m.index ?? 0) + m[0].indexOf(target);
      const end = start + target.length;
      if (character >= start && character <= end) return { target, start, end };
    }
  }
  return null;
}

/** A written reference as a file of the skill folder, or null (a URL, an anchor, outside the disk). */
export function resolveReference(skillDir: string, written: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(written) || written.startsWith('#')) return null;
  let target = written.replace(/[?#].*$/, '');
  try {
    target = decodeURIComponent(target);
  } catch {
    // Not percent-encoded after all: take it as written.
  }
  if (!target || path.isAbsolute(target)) return null;
  return path.resolve(skillDir, target);
}

export function definition(doc: TextDocument, at: Position): Location | null {
  const file = fileOf(doc.uri);
  if (!file) return null;
  const lineText = doc.getText({ start: { line: at.line, character: 0 }, end: { line: at.line + 1, character: 0 } }).replace(/\r?\n$/, '');
  const ref = referenceAt(lineText, at.character);
  const target = ref && resolveReference(path.dirname(file), ref.target);
  if (!target || !existsSync(target)) return null;
  try {
    if (!statSync(target).isFile()) return null;
  } catch {
    return null;
  }
  return { uri: pathToFileURL(target).href, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } } };
}
