// What the extension needs to know about a SKILL.md document: whether it is one, and whether a tab still
// shows it. The analysis of its text is the language server's (one per edit, src/server/documents.ts): the
// extension host analyses nothing on a keystroke.
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';

/** URI schemes that hold a user's skill; others (git:, output:, diff sides…) are views, not files to lint. */
const SCHEMES = ['file', 'untitled', 'vscode-remote', 'vscode-vfs', 'vscode-userdata'];
const SCHEME_SET: ReadonlySet<string> = new Set(SCHEMES);

/** Every SKILL.md, whatever its language id (`skill` in VS Code 1.139, markdown in older releases). The
 *  providers also check `isSkillDocument` (exact file name case). */
export const SKILL_SELECTOR: vscode.DocumentSelector = SCHEMES.map((scheme) => ({ scheme, pattern: '**/SKILL.md' }));

export function isSkillDocument(doc: vscode.TextDocument): boolean {
  return SCHEME_SET.has(doc.uri.scheme) && path.posix.basename(doc.uri.path) === 'SKILL.md';
}

/** True while a tab of the workbench shows `uri` (a text editor, or either side of a diff). */
export function isShownInTab(uri: vscode.Uri): boolean {
  const key = uri.toString();
  for (const group of vscode.window.tabGroups.all) {
    for (const tab of group.tabs) {
      const input = tab.input;
      if (input instanceof vscode.TabInputText && input.uri.toString() === key) return true;
      if (input instanceof vscode.TabInputTextDiff && (input.modified.toString() === key || input.original.toString() === key)) return true;
    }
  }
  return false;
}

/**
 * True for a `file:` URI whose file is gone from disk (deleted, or moved away) and that no tab shows. Its
 * findings must go: VS Code keeps a document alive in the extension host for minutes after its last editor
 * closed, with no close event, so "the document is open" cannot be the test. Findings of a deleted file whose
 * editor is still open stay, as VS Code's own TypeScript diagnostics do, until that editor closes.
 */
export function isOrphaned(uri: vscode.Uri): boolean {
  return uri.scheme === 'file' && !isShownInTab(uri) && !onDisk(uri.fsPath);
}

/** Whether the path names something on disk: a dangling symbolic link counts (its findings say it dangles). */
function onDisk(p: string): boolean {
  try {
    fs.lstatSync(p);
    return true;
  } catch {
    return false;
  }
}
