// The README's pictures of the extension (docs/images/hover.png, diagnostic-hover.png, preview-banner.png, preview-index.png), taken
// by the outer runner (test-results/<name>.png) in the state each test has just asserted: the hover's text
// comes from the hover provider and must be on screen, the previews' text must equal the CLI's output. When a
// picture is good, copy it to docs/images/ by hand. Without the code-server runner the screenshots are
// skipped, the assertions are not.
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import * as path from 'node:path';
import { promisify } from 'node:util';
import * as vscode from 'vscode';
import { extension, fixturePath, fixtureUri, openSkill, runner, workspaceRoot } from '../utils/vscode';
import { waitFor } from '../utils/wait';

const FAKE_BIN = path.resolve(workspaceRoot().fsPath, '..', 'bin');
/** The editor area (not the modal editor part VS Code 1.139 also has). */
const EDITOR_AREA = { selector: '.part.editor:not(.modal-editor-part)' };

/** `node dist/cli.js ARGS`'s standard output, run by the extension host's Node with its environment. */
async function cli(...args: string[]): Promise<string> {
  const script = path.join(extension().extensionPath, 'dist', 'cli.js');
  const { stdout } = await promisify(execFile)(process.execPath, [script, ...args], { env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' } });
  return stdout;
}

/** test-results/<name>.png of the editor area's top `maxHeight` pixels, once every text shows in an editor. */
async function shootEditors(name: string, texts: string[], maxHeight: number): Promise<void> {
  await runner.screenshot(name, { expect: texts.map((text) => ({ selector: '.view-lines', text })), clip: { ...EDITOR_AREA, maxHeight } });
}

/** test-results/<name>.png of the hover at `pos` as the keyboard shows it (Ctrl+K Ctrl+I), once every text
 *  shows in it; below the line (user setting `editor.hover.above`: false, restored) so the frontmatter above
 *  stays in view. */
async function shootHover(editor: vscode.TextEditor, pos: vscode.Position, name: string, texts: string[], maxHeight: number): Promise<void> {
  const editorSettings = vscode.workspace.getConfiguration('editor');
  await editorSettings.update('hover.above', false, vscode.ConfigurationTarget.Global);
  try {
    editor.selection = new vscode.Selection(pos, pos);
    await vscode.commands.executeCommand('editor.action.showHover');
    await runner.screenshot(name, { expect: texts.map((text) => ({ selector: '.monaco-hover', text })), clip: { ...EDITOR_AREA, maxHeight } });
  } finally {
    await vscode.commands.executeCommand('editor.action.hideHover');
    await editorSettings.update('hover.above', undefined, vscode.ConfigurationTarget.Global);
  }
}

function visible(uri: vscode.Uri): vscode.TextEditor {
  const editor = vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === uri.toString());
  assert.ok(editor, `${uri.toString()} is not visible`);
  return editor;
}

describe('README screenshots', () => {
  before(async function () {
    if (!vscode.workspace.isTrusted) this.skip(); // the pictures show probed versions
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('workbench.action.closePanel');
  });
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('hover.png: the hover on a binary shows its resolved path and probed version', async () => {
    const editor = await openSkill('skills', 'tools', 'probe-ok', 'SKILL.md');
    const doc = editor.document;
    // The binary's key under bin_versions (line 7): the hover opens below it, the whole frontmatter stays in view.
    const pos = doc.positionAt(doc.getText().indexOf('    sa-fake-ffmpeg:') + 6);
    const bin = path.join(FAKE_BIN, 'sa-fake-ffmpeg');
    const expected = `sa-fake-ffmpeg is found: \`${bin}\`\n\nVersion 4.4.2 (from \`sa-fake-ffmpeg --version\`) satisfies \`>=4.0, <5\`.`;
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', doc.uri, pos);
    const texts = hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value)));
    assert.ok(texts.includes(expected), JSON.stringify(texts));
    await shootHover(editor, pos, 'hover', [`sa-fake-ffmpeg is found: ${bin}`, 'Version 4.4.2 (from sa-fake-ffmpeg --version) satisfies >=4.0, <5.'], 345);
  });

  it('diagnostic-hover.png: a finding in the editor, with its hover and quick fix', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const editor = await openSkill('skills', 'bad-constraint', 'SKILL.md');
    const doc = editor.document;
    const start = doc.getText().indexOf('">=4.0 <5"');
    const range = new vscode.Range(doc.positionAt(start), doc.positionAt(start + '">=4.0 <5"'.length));
    const finding = await waitFor('the constraint-invalid finding', () =>
      vscode.languages.getDiagnostics(doc.uri).find((d) => d.source === 'skill-author' && JSON.stringify(d.code).includes('constraint-invalid')),
    );
    assert.deepEqual([finding.range.start, finding.range.end], [range.start, range.end]);
    const pos = range.start.translate(0, 3);
    const fixes = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', doc.uri, new vscode.Range(pos, pos));
    assert.ok(
      fixes.some((f) => f.title.includes('>=4.0, <5')),
      JSON.stringify(fixes.map((f) => f.title)),
    );
    await shootHover(editor, pos, 'diagnostic-hover', ['space-separated comparators are npm syntax', 'constraint-invalid', 'the problem above says why'], 420);
  });

  it('preview-banner.png: the SKILL.md and, beside it, what the model sees (the banner byte for byte)', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const source = await openSkill('skills', 'preview-banner', 'SKILL.md');
    const uri = await vscode.commands.executeCommand<vscode.Uri>('skillAuthor.previewBanner', fixtureUri('skills', 'preview-banner'));
    const preview = visible(uri);
    assert.equal(preview.viewColumn, vscode.ViewColumn.Two);
    assert.equal(visible(source.document.uri).viewColumn, vscode.ViewColumn.One);
    const text = preview.document.getText();
    assert.equal(`${text}\n`, await cli('banner', fixturePath('skills', 'preview-banner'), '--render', '--no-cache'));
    assert.ok(text.startsWith('> ⚠️ MISSING DEPS for skill `preview-banner`:\n'), text);
    await shootEditors('preview-banner', ['MISSING DEPS for skill', 'sa-preview-missing-bin'], 380);
  });

  it('preview-index.png: the prompt index of every skill and an agent’s, as `index` prints them', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllGroups');
    const all = await vscode.commands.executeCommand<vscode.Uri>('skillAuthor.previewPromptIndex', 'hermes');
    // It opened beside the empty first group: show it there instead, so the next one opens beside it.
    const opened = vscode.window.tabGroups.all
      .flatMap((g) => g.tabs)
      .filter((t) => t.input instanceof vscode.TabInputText && t.input.uri.toString() === all.toString());
    await vscode.window.showTextDocument(visible(all).document, { viewColumn: vscode.ViewColumn.One, preserveFocus: false });
    assert.ok(await vscode.window.tabGroups.close(opened));
    const kate = await vscode.commands.executeCommand<vscode.Uri>('skillAuthor.previewPromptIndex', 'nexo', 'kate');
    const allText = visible(all).document.getText();
    const kateText = visible(kate).document.getText();
    assert.notEqual(visible(all).viewColumn, visible(kate).viewColumn, 'side by side');
    assert.equal(`${allText}\n`, await cli('index', '--format', 'hermes', '--no-cache', fixturePath('skills')));
    assert.equal(
      `${kateText}\n`,
      await cli('index', '--format', 'nexo', '--agent', 'kate', '--agents-file', fixturePath('config', 'agents.yaml'), '--no-cache', fixturePath('skills')),
    );
    assert.ok(allText.includes('\n  tools: Skills that need command-line tools.\n'), allText);
    assert.ok(kateText.startsWith('# SKILLS\n\n## probe-ok\n'), kateText);
    await shootEditors('preview-index', ['<available_skills>', '# SKILLS'], 548);
  });
});
