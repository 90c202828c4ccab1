// "New Skill…": asks for a name (checked live by the analyzer's own name rules, in the language server, and against existing folders)
// and a description, writes `<folder>/<name>/SKILL.md` with both in its frontmatter and a heading as body,
// and opens it. It never overwrites: an existing `<folder>/<name>` (file or folder) is refused.
//
// Where: the folder the command was invoked on (explorer context menu), else the workspace's first skills
// root (the folder its skills live in, e.g. `skills/`), else `<workspace>/skills` when it exists, else the
// first workspace folder. A skill folder itself is never used as the parent (runtimes do not look for skills
// inside a skill), its parent is.
//
// For automation (tests, other extensions) the command takes an options object instead of a URI:
//   vscode.commands.executeCommand('skillAuthor.newSkill', { folder?: Uri, name?: string, description?: string })
// A given `name` / `description` skips its prompt; when one is invalid, or the folder exists, the command
// rejects with the reason instead of showing it. It resolves with the new SKILL.md's URI (undefined when the
// user cancelled).
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { FieldProblem } from '../core/assist/scaffold';
import type { ScaffoldParams, ScaffoldResult } from '../shared/protocol';
import { clientOf } from './client';
import type { SkillAuthorContext } from './context';
import { storeOf } from './skills';

export interface NewSkillOptions {
  folder?: vscode.Uri;
  name?: string;
  description?: string;
}

/** The language server's analyzer on what was typed (the extension bundles no analyzer). */
function scaffold(ctx: SkillAuthorContext, params: ScaffoldParams): Promise<ScaffoldResult> {
  const client = clientOf(ctx);
  if (!client) throw new Error('the language server is not registered');
  return client.scaffold(params);
}

const INPUT_SEVERITY: Record<FieldProblem['severity'], vscode.InputBoxValidationSeverity> = {
  error: vscode.InputBoxValidationSeverity.Error,
  warning: vscode.InputBoxValidationSeverity.Warning,
  information: vscode.InputBoxValidationSeverity.Info,
};

class Refused extends Error {}

async function exists(uri: vscode.Uri): Promise<boolean> {
  try {
    await vscode.workspace.fs.stat(uri);
    return true;
  } catch {
    return false;
  }
}

async function isDirectory(uri: vscode.Uri): Promise<boolean> {
  try {
    return ((await vscode.workspace.fs.stat(uri)).type & vscode.FileType.Directory) !== 0;
  } catch {
    return false;
  }
}

/** The folder a new skill goes into when none was given (see the header). */
async function defaultFolder(ctx: SkillAuthorContext): Promise<vscode.Uri | undefined> {
  const folders = (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file');
  const store = storeOf(ctx);
  if (!store.ready) await store.whenIdle();
  const workspacePaths = new Set(folders.map((f) => f.uri.fsPath));
  // The workspace's skill roots that hold skills (a root is listed only when it does).
  const used = new Set(store.all().map((s) => s.location.root));
  const skillRoots = store.roots.filter((r) => r.kind === 'workspace' && !workspacePaths.has(r.path) && used.has(r.path)).map((r) => r.path);
  // In workspace-folder order, then by path.
  const rank = (p: string): number => folders.findIndex((f) => p.startsWith(f.uri.fsPath + path.sep));
  skillRoots.sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
  if (skillRoots[0]) return vscode.Uri.file(skillRoots[0]);
  const first = folders[0]?.uri;
  if (!first) return undefined;
  const conventional = vscode.Uri.joinPath(first, 'skills');
  return (await isDirectory(conventional)) ? conventional : first;
}

/** The name's problem as an input-box message: the analyzer's findings first, then an existing folder. */
async function nameMessage(ctx: SkillAuthorContext, folder: vscode.Uri, name: string): Promise<vscode.InputBoxValidationMessage | undefined> {
  const problem = (await scaffold(ctx, { name })).nameProblems[0];
  if (problem?.severity === 'error') return { message: problem.message, severity: INPUT_SEVERITY.error };
  if (await exists(vscode.Uri.joinPath(folder, name))) {
    return {
      message: `\`${name}\` already exists in ${vscode.workspace.asRelativePath(folder)}: New Skill never overwrites. Choose another name.`,
      severity: INPUT_SEVERITY.error,
    };
  }
  return problem ? { message: problem.message, severity: INPUT_SEVERITY[problem.severity] } : undefined;
}

async function descriptionMessage(ctx: SkillAuthorContext, description: string): Promise<vscode.InputBoxValidationMessage | undefined> {
  const problem = (await scaffold(ctx, { description })).descriptionProblems[0];
  return problem ? { message: problem.message, severity: INPUT_SEVERITY[problem.severity] } : undefined;
}

/** Writes `<folder>/<name>/SKILL.md`; refuses when `<folder>/<name>` exists (checked atomically on disk). */
async function createSkill(ctx: SkillAuthorContext, folder: vscode.Uri, name: string, description: string): Promise<vscode.Uri> {
  const dir = vscode.Uri.joinPath(folder, name);
  const file = vscode.Uri.joinPath(dir, 'SKILL.md');
  const text = (await scaffold(ctx, { name, description })).text ?? '';
  const refused = (): Refused => new Refused(`\`${name}\` already exists in ${vscode.workspace.asRelativePath(folder)}: New Skill never overwrites.`);
  if (dir.scheme === 'file') {
    // mkdir without `recursive` fails when the folder exists, so a folder made meanwhile is never written into.
    await fs.promises.mkdir(folder.fsPath, { recursive: true });
    try {
      await fs.promises.mkdir(dir.fsPath);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EEXIST') throw refused();
      throw err;
    }
    await fs.promises.writeFile(file.fsPath, text, { encoding: 'utf8', flag: 'wx' });
  } else {
    if (await exists(dir)) throw refused();
    await vscode.workspace.fs.createDirectory(dir);
    await vscode.workspace.fs.writeFile(file, Buffer.from(text, 'utf8'));
  }
  return file;
}

async function newSkill(ctx: SkillAuthorContext, arg: unknown): Promise<vscode.Uri | undefined> {
  const options: NewSkillOptions = arg instanceof vscode.Uri ? { folder: arg } : arg && typeof arg === 'object' ? (arg as NewSkillOptions) : {};
  let folder = options.folder ?? (await defaultFolder(ctx));
  if (!folder) throw new Refused('Open a folder first: New Skill creates the skill in the workspace.');
  // A file (its context menu, or a path to one): its folder. A folder that does not exist yet is created.
  if ((await exists(folder)) && !(await isDirectory(folder))) folder = vscode.Uri.joinPath(folder, '..');
  if (await exists(vscode.Uri.joinPath(folder, 'SKILL.md'))) folder = vscode.Uri.joinPath(folder, '..');
  const where = vscode.workspace.asRelativePath(folder);

  let name = options.name;
  if (name === undefined) {
    const target = folder;
    name = await vscode.window.showInputBox({
      title: 'New Skill (1/2): name',
      prompt: `Lowercase letters, digits and hyphens, at most 64 characters; also the name of its folder in ${where}.`,
      placeHolder: 'e.g. pdf-tools',
      ignoreFocusOut: true,
      validateInput: (value) => nameMessage(ctx, target, value),
    });
    if (name === undefined) return undefined;
  }
  const nameProblem = await nameMessage(ctx, folder, name);
  if (nameProblem?.severity === vscode.InputBoxValidationSeverity.Error) throw new Refused(nameProblem.message);

  let description = options.description;
  if (description === undefined) {
    description = await vscode.window.showInputBox({
      title: `New Skill (2/2): description of ${name}`,
      prompt: 'What the skill does and when to use it: the model decides from this text whether to load the skill.',
      placeHolder: 'e.g. Extracts text and tables from PDF files. Use when the user shares a PDF.',
      ignoreFocusOut: true,
      validateInput: (value) => descriptionMessage(ctx, value),
    });
    if (description === undefined) return undefined;
  }
  const descriptionProblem = await descriptionMessage(ctx, description);
  if (descriptionProblem?.severity === vscode.InputBoxValidationSeverity.Error) throw new Refused(descriptionProblem.message);

  const file = await createSkill(ctx, folder, name, description);
  ctx.output.info(`new skill ${file.fsPath}`);
  const editor = await vscode.window.showTextDocument(file);
  // The cursor after the heading, where the instructions go.
  const end = editor.document.lineAt(editor.document.lineCount - 1).range.end;
  editor.selection = new vscode.Selection(end, end);
  return file;
}

/** `skillAuthor.newSkill`: automation gets the reason of a refusal as the rejection; people as a message. */
export async function newSkillCommand(ctx: SkillAuthorContext, arg?: unknown): Promise<vscode.Uri | undefined> {
  const automated = arg !== undefined && !(arg instanceof vscode.Uri);
  try {
    return await newSkill(ctx, arg);
  } catch (err) {
    // Automation gets the reason as the rejection; people get it as a message.
    if (automated) throw err;
    const message = err instanceof Error ? err.message : String(err);
    if (!(err instanceof Refused)) ctx.output.error(`New Skill failed: ${err instanceof Error ? (err.stack ?? err.message) : message}`);
    void vscode.window.showErrorMessage(`Skill Author: ${message}`);
    return undefined;
  }
}
