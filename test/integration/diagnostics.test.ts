// Live diagnostics in the real VS Code: the engine's findings on SKILL.md documents, with code, severity,
// range and tags, following edits, respecting the overlap with VS Code's own `skill` validator, and cleared
// on close. Every wait is on `onDidChangeDiagnostics` (or the edit/command promise): no fixed sleeps.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { SkillAuthorApi } from '../../src/extension/api';
import { codeOf, extension, fixturePath, fixtureUri, nextEvent, openSkill, ours, runner } from '../utils/vscode';
import { waitFor } from '../utils/wait';

const SOURCE = 'skill-author';
const CODES_URL = 'https://github.com/skill-author/skill-author/blob/main/docs/codes.md';

/** Our diagnostics on `uri` (VS Code's own, under `prompts-diagnostics-provider`, have another source). */
function codes(uri: vscode.Uri): string[] {
  return ours(uri)
    .map(codeOf)
    .filter((c): c is string => c !== undefined)
    .sort();
}

/**
 * Our diagnostics on `uri` once `predicate` holds: at once if it already does, else at the first
 * `onDidChangeDiagnostics` for `uri` after which it does. Checking and subscribing happen in the same tick,
 * so no change can slip between them.
 */
async function diagnosticsWhen(
  what: string,
  uri: vscode.Uri,
  predicate: (diags: vscode.Diagnostic[]) => boolean,
  timeoutMs?: number,
): Promise<vscode.Diagnostic[]> {
  if (predicate(ours(uri))) return ours(uri);
  const key = uri.toString();
  await nextEvent(
    `${what} (now: ${JSON.stringify(codes(uri))})`,
    vscode.languages.onDidChangeDiagnostics,
    (e) => e.uris.some((u) => u.toString() === key) && predicate(ours(uri)),
    timeoutMs,
  );
  return ours(uri);
}

const withCode = (code: string) => (diags: vscode.Diagnostic[]) => diags.some((d) => codeOf(d) === code);
const withoutCode = (code: string) => (diags: vscode.Diagnostic[]) => !diags.some((d) => codeOf(d) === code);

function find(diags: vscode.Diagnostic[], code: string): vscode.Diagnostic {
  const d = diags.find((x) => codeOf(x) === code);
  assert.ok(d, `no ${code} among ${JSON.stringify(diags.map(codeOf))}`);
  return d;
}

/** The range of the first occurrence of `needle` on `line` (0-based) of `doc`. */
function rangeOf(doc: vscode.TextDocument, line: number, needle: string): vscode.Range {
  const at = doc.lineAt(line).text.indexOf(needle);
  assert.ok(at >= 0, `line ${line} has no ${JSON.stringify(needle)}: ${doc.lineAt(line).text}`);
  return new vscode.Range(line, at, line, at + needle.length);
}

async function revertAndClose(editor: vscode.TextEditor): Promise<void> {
  await vscode.window.showTextDocument(editor.document);
  if (editor.document.isDirty) await vscode.commands.executeCommand('workbench.action.files.revert');
  await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
}

async function setShowOverlapping(value: boolean | undefined): Promise<void> {
  // User (global) settings live in the runner's temporary user-data folder, so the repo's fixture workspace
  // never gets a .vscode/settings.json.
  await vscode.workspace.getConfiguration('skillAuthor.diagnostics').update('showOverlapping', value, vscode.ConfigurationTarget.Global);
}

describe('Live diagnostics', () => {
  it('reports a known problem on open with its code, link, severity and range', async () => {
    const editor = await openSkill('skills', 'bad-constraint', 'SKILL.md');
    const doc = editor.document;
    const diags = await diagnosticsWhen('constraint-invalid on bad-constraint', doc.uri, withCode('constraint-invalid'));
    const d = find(diags, 'constraint-invalid');
    assert.equal(d.severity, vscode.DiagnosticSeverity.Error);
    assert.equal(d.source, SOURCE);
    assert.ok(typeof d.code === 'object', 'code should carry a link to the README table');
    assert.equal(d.code.target.toString(true), CODES_URL);
    assert.match(d.message, /space-separated comparators are npm syntax/);
    // `    ffmpeg: ">=4.0 <5"` (line 7, 1-based): the engine points at the space between the comparators.
    // The error is the space between two comparators; a one-space squiggle is invisible, so the engine
    // marks the whole quoted value.
    assert.ok(d.range.isEqual(rangeOf(doc, 6, '">=4.0 <5"')), `range ${JSON.stringify(d.range)}`);
    assert.deepEqual(codes(doc.uri), ['constraint-invalid'], 'the fixture has exactly one problem');
  });

  it('follows edits: `bins: ffmpeg` yields requirements-ignored, the fix removes it', async () => {
    const editor = await openSkill('skills', 'edit-me', 'SKILL.md');
    const doc = editor.document;
    try {
      assert.equal(doc.lineAt(3).text, '---', 'fixture: the frontmatter closes on line 4');
      await diagnosticsWhen('edit-me analyzed clean', doc.uri, (d) => d.length === 0);

      // TextEditor.edit: insert a `requires` block whose `bins` is a string (nexo-rs drops the frontmatter).
      const started = Date.now();
      const inserted = await editor.edit((b) => b.insert(new vscode.Position(3, 0), 'requires:\n  bins: ffmpeg\n'));
      assert.ok(inserted);
      const broken = await diagnosticsWhen('requirements-ignored after the edit', doc.uri, withCode('requirements-ignored'));
      const elapsed = Date.now() - started;
      const d = find(broken, 'requirements-ignored');
      assert.equal(d.severity, vscode.DiagnosticSeverity.Error);
      assert.equal(d.range.start.line, 4, 'on the `bins: ffmpeg` line');
      assert.ok(d.range.isEqual(rangeOf(doc, 4, 'ffmpeg')), `range ${JSON.stringify(d.range)} should cover the value`);
      assert.ok(elapsed < 2_000, `diagnostics followed the edit after ${elapsed} ms`);

      // WorkspaceEdit: the fix the message suggests.
      const fix = new vscode.WorkspaceEdit();
      fix.replace(doc.uri, rangeOf(doc, 4, 'ffmpeg'), '[ffmpeg]');
      assert.ok(await vscode.workspace.applyEdit(fix));
      await diagnosticsWhen('requirements-ignored gone after the fix', doc.uri, withoutCode('requirements-ignored'));
      assert.deepEqual(codes(doc.uri), []);
    } finally {
      await revertAndClose(editor);
    }
  });

  it('marks unknown fields as Unnecessary', async () => {
    const editor = await openSkill('skills', 'unknown-field', 'SKILL.md');
    const diags = await diagnosticsWhen('unknown-field', editor.document.uri, withCode('unknown-field'));
    const d = find(diags, 'unknown-field');
    assert.deepEqual(d.tags, [vscode.DiagnosticTag.Unnecessary]);
    assert.equal(d.severity, vscode.DiagnosticSeverity.Information);
    assert.ok(d.range.isEqual(rangeOf(editor.document, 3, 'colour')), `range ${JSON.stringify(d.range)}`);
  });

  it('leaves name-dir-mismatch to VS Code on `skill` documents unless showOverlapping is set', async () => {
    const editor = await openSkill('skills', 'wrong-folder', 'SKILL.md');
    const uri = editor.document.uri;
    assert.equal(editor.document.languageId, 'skill');
    // scalar-not-string comes from the same analysis: once it is there, the filter has had its say.
    await diagnosticsWhen('scalar-not-string on wrong-folder', uri, withCode('scalar-not-string'));
    assert.deepEqual(codes(uri), ['scalar-not-string'], 'name-dir-mismatch hidden by default');
    try {
      await setShowOverlapping(true);
      const shown = await diagnosticsWhen('name-dir-mismatch with showOverlapping', uri, withCode('name-dir-mismatch'));
      const d = find(shown, 'name-dir-mismatch');
      assert.equal(d.severity, vscode.DiagnosticSeverity.Warning);
      assert.ok(d.range.isEqual(rangeOf(editor.document, 1, 'other-name')), `range ${JSON.stringify(d.range)}`);
    } finally {
      await setShowOverlapping(undefined);
    }
    await diagnosticsWhen('name-dir-mismatch hidden again', uri, withoutCode('name-dir-mismatch'));
    assert.deepEqual(codes(uri), ['scalar-not-string']);
  });

  it('reports the overlapping codes when the document is not a `skill` document (older VS Code: markdown)', async () => {
    const editor = await openSkill('skills', 'wrong-folder', 'SKILL.md');
    const uri = editor.document.uri;
    await diagnosticsWhen('wrong-folder analyzed', uri, withCode('scalar-not-string'));
    try {
      const doc = await vscode.languages.setTextDocumentLanguage(editor.document, 'markdown');
      assert.equal(doc.languageId, 'markdown');
      await diagnosticsWhen('name-dir-mismatch on the markdown document', uri, withCode('name-dir-mismatch'));
    } finally {
      const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
      if (doc) await vscode.languages.setTextDocumentLanguage(doc, 'skill');
    }
    await diagnosticsWhen('name-dir-mismatch hidden on the skill document', uri, withoutCode('name-dir-mismatch'));
  });

  it('on close, replaces the editor’s findings with those of the file on disk', async () => {
    // Opened through the workbench (`vscode.open`), not `openTextDocument`: a document an extension opened
    // stays alive in the extension host for minutes after its editor closes, so no close event would come.
    // This fixture is opened by no other test for the same reason.
    const uri = fixtureUri('skills', 'close-me', 'SKILL.md');
    const opened = diagnosticsWhen('unknown-field before closing', uri, withCode('unknown-field'));
    await vscode.commands.executeCommand('vscode.open', uri);
    await opened;
    const editor = vscode.window.activeTextEditor;
    assert.ok(editor && editor.document.uri.toString() === uri.toString());
    // An unsaved second unknown field: two findings while the editor is open…
    await editor.edit((b) => b.insert(new vscode.Position(3, 0), 'shade: dark\n'));
    await diagnosticsWhen('two unknown fields in the edited buffer', uri, (d) => d.filter((x) => codeOf(x) === 'unknown-field').length === 2);
    const closed = nextEvent('the document to close', vscode.workspace.onDidCloseTextDocument, (d) => d.uri.toString() === uri.toString());
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    await closed;
    // …and, once closed without saving, the one the file on disk has (the background findings).
    const after = await diagnosticsWhen('the file’s own finding after close', uri, (d) => d.length === 1);
    assert.equal(codeOf(after[0] as vscode.Diagnostic), 'unknown-field');
    assert.equal((after[0] as vscode.Diagnostic).range.start.line, 3, 'the range comes from the file: `colour:` on line 4');
  });

  it('reports problems of SKILL.md files nobody opened, and follows them on disk', async () => {
    // `background-only` is opened by no test: its finding comes from the background scan.
    const never = fixtureUri('skills', 'background-only', 'SKILL.md');
    const found = await diagnosticsWhen('constraint-invalid on a never-opened file', never, withCode('constraint-invalid'), 20_000);
    const d = found.find((x) => codeOf(x) === 'constraint-invalid') as vscode.Diagnostic;
    assert.deepEqual([d.range.start.line, d.range.start.character], [6, 16], 'the range points at `||`');
    assert.ok(!vscode.workspace.textDocuments.some((t) => t.uri.toString() === never.toString()), 'the file was opened');

    // A skill created on disk (not through the editor) gets its findings; deleting it clears them.
    const dir = fixtureUri('skills', 'made-on-disk');
    const file = vscode.Uri.joinPath(dir, 'SKILL.md');
    try {
      await vscode.workspace.fs.writeFile(
        file,
        Buffer.from('---\nname: made-on-disk\ndescription: Written by a test.\nrequires:\n  bins: ffmpeg\n---\nBody.\n'),
      );
      await diagnosticsWhen('requirements-ignored on a file created on disk', file, withCode('requirements-ignored'), 20_000);
      await vscode.workspace.fs.writeFile(file, Buffer.from('---\nname: made-on-disk\ndescription: Written by a test.\n---\nBody.\n'));
      await diagnosticsWhen('findings gone after the file was fixed on disk', file, (x) => x.length === 0, 20_000);
      await vscode.workspace.fs.writeFile(file, Buffer.from('---\nname: made-on-disk\ndescription: Written by a test.\ncolour: red\n---\nBody.\n'));
      await diagnosticsWhen('unknown-field after a second write', file, withCode('unknown-field'), 20_000);
    } finally {
      await vscode.workspace.fs.delete(dir, { recursive: true });
    }
    await diagnosticsWhen('no findings once the skill folder is deleted', file, (x) => x.length === 0, 20_000);
  });

  describe('a SKILL.md deleted or moved on disk', () => {
    // Temporary skills under skills/diag-gone-*, written and removed with node's fs (outside VS Code, as a
    // `git checkout`, a script or another editor would). Each is opened with `openTextDocument`: its document
    // then outlives its editor in the extension host (for minutes, with no close event), which is what left
    // findings of deleted files in the Problems panel. VS Code's rule for TypeScript is the one kept: the
    // findings of a deleted file stay while an editor shows it, and go when it closes.
    const made: string[] = [];
    const tmpSkill = (folder: string): { dir: string; file: string; uri: vscode.Uri } => {
      const dir = fixturePath('skills', folder);
      made.push(dir);
      fs.mkdirSync(dir, { recursive: true });
      const file = path.join(dir, 'SKILL.md');
      fs.writeFileSync(file, `---\nname: ${folder}\ndescription: Written and removed by a test.\ncolour: red\n---\nBody.\n`);
      return { dir, file, uri: vscode.Uri.file(file) };
    };
    /** Resolves once the skill store has seen `file` go (the file watcher's event has been handled). */
    const storeDropped = async (file: string): Promise<void> => {
      const api = (await extension().activate()) as SkillAuthorApi;
      await nextEvent(`the store to drop ${file}`, api.onDidChangeSkills, (c) => c.removed.includes(file), 20_000);
    };
    /** A temporary skill opened, analyzed, and its editor closed: its document stays open, in no tab. */
    const lingering = async (folder: string): Promise<{ dir: string; uri: vscode.Uri }> => {
      const { dir, uri } = tmpSkill(folder);
      const doc = await vscode.workspace.openTextDocument(uri);
      await vscode.window.showTextDocument(doc);
      await diagnosticsWhen('unknown-field on the new file', uri, withCode('unknown-field'));
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
      assert.ok(!doc.isClosed && vscode.workspace.textDocuments.includes(doc), 'precondition: the document outlives its editor');
      return { dir, uri };
    };
    after(() => {
      for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
    });

    it('drops its findings when no editor shows it, although its document is still open', async () => {
      const { dir, uri } = await lingering('diag-gone-closed');
      fs.rmSync(dir, { recursive: true, force: true });
      await diagnosticsWhen('no findings once the file is deleted and no editor shows it', uri, (d) => d.length === 0, 20_000);
    });

    it('keeps the findings of a deleted file while its editor is open (unsaved edits included), drops them when it closes', async () => {
      const { dir, file, uri } = tmpSkill('diag-gone-open');
      const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
      const fields = (n: number) => (d: vscode.Diagnostic[]) => d.filter((x) => codeOf(x) === 'unknown-field').length === n;
      // Every state of the findings from the deletion on, until an edit made after the deletion was analyzed
      // (its debounced run comes after the extension's handling of the deletion event).
      const seen: string[][] = [];
      const recorder = vscode.languages.onDidChangeDiagnostics((e) => {
        if (e.uris.some((u) => u.toString() === uri.toString())) seen.push(codes(uri));
      });
      try {
        await diagnosticsWhen('unknown-field on the new file', uri, fields(1));
        // The skills model has it (the watcher's creation event may come a moment after the file): its
        // deletion below is then a change the model must see.
        const api = (await extension().activate()) as SkillAuthorApi;
        await waitFor('the new skill in the model', async () => (await api.skills()).some((e) => e.path === file), 20_000);
        assert.ok(await editor.edit((b) => b.insert(new vscode.Position(3, 0), 'shade: dark\n')));
        await diagnosticsWhen('two unknown fields in the edited buffer', uri, fields(2));
        seen.length = 0;
        const dropped = storeDropped(file);
        fs.rmSync(dir, { recursive: true, force: true });
        await dropped;
        assert.ok(fields(2)(ours(uri)), `findings while the editor is open: ${JSON.stringify(codes(uri))}`);
        assert.ok(await editor.edit((b) => b.insert(new vscode.Position(3, 0), 'tint: blue\n')));
        await diagnosticsWhen('three unknown fields in the edited buffer', uri, fields(3));
        assert.ok(!seen.some((c) => c.length === 0), `the findings of the open editor never went: ${JSON.stringify(seen)}`);
      } finally {
        recorder.dispose();
        await vscode.window.showTextDocument(editor.document);
        await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
      }
      await diagnosticsWhen('no findings once the editor of the deleted file closed', uri, (d) => d.length === 0, 20_000);
    });

    it('moves the findings with a skill folder renamed on disk', async () => {
      const { dir, uri } = await lingering('diag-gone-renamed');
      const moved = fixturePath('skills', 'diag-gone-moved');
      made.push(moved);
      const movedUri = vscode.Uri.file(path.join(moved, 'SKILL.md'));
      fs.renameSync(dir, moved);
      await diagnosticsWhen('the findings at the new path', movedUri, withCode('unknown-field'), 20_000);
      await diagnosticsWhen('no findings left at the old path', uri, (d) => d.length === 0, 20_000);
    });
  });

  it('ignores markdown files that are not SKILL.md', async () => {
    // README.md at the fixture root: a markdown document, never analyzed (it would get frontmatter-missing).
    const doc = await vscode.workspace.openTextDocument(fixtureUri('README.md'));
    await vscode.window.showTextDocument(doc);
    // Nothing to wait for that would prove absence by itself: open a SKILL.md after it and wait for that one;
    // both were scheduled on open with the same (zero) delay, so the README's turn has passed.
    const skill = await openSkill('skills', 'bad-constraint', 'SKILL.md');
    await diagnosticsWhen('bad-constraint analyzed', skill.document.uri, withCode('constraint-invalid'));
    assert.deepEqual(ours(doc.uri), []);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('restarts a language server that died, says so, and findings follow edits again', async () => {
    const editor = await openSkill('skills', 'edit-me', 'SKILL.md');
    const doc = editor.document;
    try {
      await diagnosticsWhen('edit-me analyzed clean', doc.uri, (d) => d.length === 0);
      const before = languageServers();
      assert.equal(before.length, 1, `one language server runs: ${JSON.stringify(before)}`);
      process.kill(before[0] as number, 'SIGKILL');
      const after = await waitFor(
        'a new language server',
        () => {
          const now = languageServers();
          return now.length === 1 && now[0] !== before[0] ? now : undefined;
        },
        20_000,
      );
      assert.notEqual(after[0], before[0]);
      // The new server has the document (the client opens it again) and follows its edits.
      assert.ok(await editor.edit((b) => b.insert(new vscode.Position(3, 0), 'requires:\n  bins: ffmpeg\n')));
      await diagnosticsWhen('requirements-ignored from the new server', doc.uri, withCode('requirements-ignored'), 20_000);
      // The skills the Skills view and the API read are the new server's model, whole again.
      const api = (await extension().activate()) as SkillAuthorApi;
      const skills = await api.skills();
      assert.ok(skills.length >= 10 && skills.some((e) => e.path === doc.uri.fsPath), `${skills.length} skills after the restart`);
      // The user is told, in words, in the workbench.
      await vscode.commands.executeCommand('notifications.showList');
      await runner.screenshot('server-restarted', {
        expect: [{ selector: '.notifications-center', text: 'the language server stopped unexpectedly and was restarted' }],
      });
      await vscode.commands.executeCommand('notifications.hideList');
    } finally {
      await revertAndClose(editor);
    }
  });
});

/** The language servers this extension host started: its children running dist/lsp.js (from /proc). */
function languageServers(): number[] {
  const out: number[] = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      // Field 4 (after the parenthesised command, which may hold spaces) is the parent's pid.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid !== process.pid) continue;
      const cmd = fs.readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0');
      if (cmd.some((a) => a.endsWith(`${path.sep}dist${path.sep}lsp.js`))) out.push(Number(name));
    } catch {
      // the process ended meanwhile
    }
  }
  return out;
}

// A root-level hook (outside any `describe`): it runs after every test file, so the runner's screenshot
// (test-results/workbench.png) shows a squiggle in an editor and the Problems panel, whatever ran last.
after(async () => {
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  const editor = await openSkill('skills', 'bad-constraint', 'SKILL.md');
  await diagnosticsWhen('bad-constraint for the screenshot', editor.document.uri, withCode('constraint-invalid'));
  await vscode.commands.executeCommand('workbench.actions.view.problems');
  await vscode.window.showTextDocument(editor.document, { preserveFocus: false, selection: new vscode.Range(6, 18, 6, 18) });
});
