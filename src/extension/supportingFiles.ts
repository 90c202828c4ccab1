// A skill's supporting files in the extension: the command **Add Supporting File…** (their findings, path
// completion and go to definition are the language server's).
//
// Nothing here runs anything: the command writes one new file the author named. Creating a file is what the
// author asked for in their own editor, like any edit, so the command works in an untrusted workspace too
// (Restricted Mode forbids running the workspace's code, not editing it).
//
// For automation (tests, other extensions) the command takes an options object:
//   vscode.commands.executeCommand('skillAuthor.addSupportingFile', { uri?: Uri | string, folder?: string, name?: string })
// `uri` is the SKILL.md (or its folder); default: the active editor's SKILL.md. A given `folder` / `name`
// skips its prompt; when one is invalid or the file exists, the command rejects with the reason. It
// resolves with the new file's URI (undefined when the user cancelled). The link goes at the cursor when
// the SKILL.md is the active editor, else (from the Skills view) at the end of the body.
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { resolveInside } from '../core/supporting/files';
import { linkDestination, SUPPORT_FOLDERS, type SupportFolder, supportFileNameProblem } from '../core/supporting/links';
import type { SkillAuthorContext } from './context';
import { isSkillDocument } from './documents';

const FOLDER_DETAIL: Record<SupportFolder, string> = {
  references: 'Documentation the agent reads when it needs it (REFERENCE.md, API notes, forms).',
  scripts: 'Code the agent runs (shell, Python, Node).',
  templates: 'Files the agent fills in or copies.',
  assets: 'Static files: images, data, schemas.',
};

class Refused extends Error {}

interface AddOptions {
  uri?: vscode.Uri | string;
  folder?: string;
  name?: string;
}

/** The SKILL.md the command is for, and whether it came from the Skills view (a tree node). */
async function targetOf(arg: unknown): Promise<{ file: string; fromTree: boolean } | undefined> {
  const fromUri = (u: unknown): string | undefined => {
    const uri = u instanceof vscode.Uri ? u : typeof u === 'string' ? (u.includes('://') ? vscode.Uri.parse(u) : vscode.Uri.file(u)) : undefined;
    if (!uri || uri.scheme !== 'file') return undefined;
    return path.basename(uri.fsPath) === 'SKILL.md' ? uri.fsPath : path.join(uri.fsPath, 'SKILL.md');
  };
  if (arg instanceof vscode.Uri) {
    const file = fromUri(arg);
    return file ? { file, fromTree: true } : undefined;
  }
  if (arg && typeof arg === 'object') {
    const node = arg as { kind?: unknown; file?: unknown; uri?: unknown };
    // The Skills view's skill node (src/extension/tree.ts `SkillNode`).
    if (node.kind === 'skill' && typeof node.file === 'string') return { file: node.file, fromTree: true };
    if (node.kind === 'agentSkill') {
      // An agent's skill: the view's own command knows its file; it opens it, and the link goes at its end.
      await vscode.commands.executeCommand('skillAuthor.tree.open', arg);
      const doc = vscode.window.activeTextEditor?.document;
      return doc && isSkillDocument(doc) && doc.uri.scheme === 'file' ? { file: doc.uri.fsPath, fromTree: true } : undefined;
    }
    if (node.uri !== undefined) {
      const file = fromUri(node.uri);
      return file ? { file, fromTree: false } : undefined;
    }
  }
  const doc = vscode.window.activeTextEditor?.document;
  return doc && isSkillDocument(doc) && doc.uri.scheme === 'file' ? { file: doc.uri.fsPath, fromTree: false } : undefined;
}

/** What a new file starts with: a heading for Markdown, a shebang for a script. */
function starter(folder: SupportFolder, name: string): { text: string; mode: number } {
  const ext = path.posix.extname(name).toLowerCase();
  const base = path.posix.basename(name, ext);
  if (ext === '.md' || ext === '.markdown') return { text: `# ${base}\n`, mode: 0o644 };
  if (folder === 'scripts') {
    const shebang =
      ext === '.sh' || ext === ''
        ? '#!/usr/bin/env bash\nset -euo pipefail\n'
        : ext === '.py'
          ? '#!/usr/bin/env python3\n'
          : ext === '.js' || ext === '.mjs'
            ? '#!/usr/bin/env node\n'
            : '';
    // A script the body may run directly needs the executable bit (`script-not-executable`).
    return { text: shebang, mode: shebang ? 0o755 : 0o644 };
  }
  return { text: '', mode: 0o644 };
}

async function addSupportingFile(ctx: SkillAuthorContext, arg: unknown): Promise<vscode.Uri | undefined> {
  const options: AddOptions = arg && typeof arg === 'object' && !(arg instanceof vscode.Uri) ? (arg as AddOptions) : {};
  const target = await targetOf(arg);
  if (!target) throw new Refused('open a SKILL.md (or select a skill in the Skills view) first.');
  const skillFile = target.file;
  const skillDir = path.dirname(skillFile);
  let root: string;
  try {
    root = fs.realpathSync(skillDir);
  } catch {
    throw new Refused(`the skill folder ${skillDir} does not exist.`);
  }

  let folder = options.folder;
  if (folder === undefined) {
    const picked = await vscode.window.showQuickPick(
      SUPPORT_FOLDERS.map((f) => ({ label: `${f}/`, description: FOLDER_DETAIL[f], folder: f })),
      { title: 'Add Supporting File', placeHolder: 'The folder it goes in' },
    );
    if (!picked) return undefined;
    folder = picked.folder;
  }
  if (!(SUPPORT_FOLDERS as readonly string[]).includes(folder)) throw new Refused(`\`${folder}\` is not one of ${SUPPORT_FOLDERS.join(', ')}.`);
  const inFolder = folder as SupportFolder;

  const problem = (name: string): string | undefined => {
    const why = supportFileNameProblem(name);
    if (why) return why;
    const r = resolveInside(root, [inFolder, ...name.split('/')]);
    if (r.kind === 'escapes') return `${inFolder}/${name} would lead outside the skill folder (a symbolic link).`;
    if (r.kind === 'loop') return `${inFolder}/${name} runs into a loop of symbolic links.`;
    if (r.kind !== 'missing' && r.kind !== 'unknown') return `${inFolder}/${name} already exists.`;
    return undefined;
  };
  let name = options.name;
  if (name === undefined) {
    name = await vscode.window.showInputBox({
      title: `Add Supporting File: ${inFolder}/`,
      prompt: `The file's path inside ${inFolder}/ (use / for sub-folders)`,
      placeHolder: inFolder === 'scripts' ? 'run.sh' : inFolder === 'references' ? 'REFERENCE.md' : '',
      validateInput: (v) => problem(v),
    });
    if (name === undefined) return undefined;
  }
  const why = problem(name);
  if (why) throw new Refused(why);

  // Created without following anything: the parent folders inside the skill, then the file itself, `wx`
  // (never overwriting one that appeared meanwhile).
  const rel = `${inFolder}/${name}`;
  const file = path.join(skillDir, ...rel.split('/'));
  const { text, mode } = starter(inFolder, name);
  try {
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    await fs.promises.writeFile(file, text, { flag: 'wx', mode });
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new Refused(code === 'EEXIST' ? `${rel} already exists.` : `${rel} cannot be created (${code ?? (e instanceof Error ? e.message : String(e))}).`);
  }
  await insertLink(skillFile, rel, path.posix.basename(name), target.fromTree);
  const uri = vscode.Uri.file(file);
  await vscode.window.showTextDocument(uri, { preview: false });
  return uri;
}

/** Inserts `[label](rel)` at the cursor of the SKILL.md's active editor, or at the end of its body. */
async function insertLink(skillFile: string, rel: string, label: string, atEnd: boolean): Promise<void> {
  const link = `[${label.replace(/([[\]\\])/g, '\\$1')}](${linkDestination(rel)})`;
  const editor = vscode.window.activeTextEditor;
  const edit = new vscode.WorkspaceEdit();
  if (!atEnd && editor && editor.document.uri.scheme === 'file' && editor.document.uri.fsPath === skillFile) {
    edit.insert(editor.document.uri, editor.selection.active, link);
  } else {
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(skillFile));
    const last = doc.lineAt(doc.lineCount - 1);
    const eol = doc.eol === vscode.EndOfLine.CRLF ? '\r\n' : '\n';
    edit.insert(doc.uri, last.range.end, `${last.isEmptyOrWhitespace ? '' : eol}${eol}${link}${eol}`);
  }
  if (!(await vscode.workspace.applyEdit(edit))) throw new Error(`could not insert the link into ${skillFile}`);
}

/** `skillAuthor.addSupportingFile`: a tree node or a URI comes from a menu (a person), who gets a refusal
 *  as a message; an options object from code, which gets it as the rejection. */
export async function addSupportingFileCommand(ctx: SkillAuthorContext, arg?: unknown): Promise<vscode.Uri | undefined> {
  const automated = arg !== undefined && !(arg instanceof vscode.Uri) && !(arg && typeof arg === 'object' && 'kind' in arg);
  try {
    return await addSupportingFile(ctx, arg);
  } catch (err) {
    if (automated) throw err;
    const message = err instanceof Error ? err.message : String(err);
    if (!(err instanceof Refused)) ctx.output.error(`Add Supporting File failed: ${err instanceof Error ? (err.stack ?? err.message) : message}`);
    void vscode.window.showErrorMessage(`Skill Author: ${message}`);
    return undefined;
  }
}
