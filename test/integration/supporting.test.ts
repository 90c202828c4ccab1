// Supporting files in the real VS Code: the Problems panel's link and script findings (the same as the CLI's),
// path completion, go to definition, and "Add Supporting File…" driven through its automation argument.
// The skill is written into the fixture workspace by the test and removed afterwards.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { api, checkJson, codeOf, extension, fixturePath, ours } from '../utils/vscode';
import { waitFor } from '../utils/wait';

const DIR = fixturePath('skills', 'supporting-demo');
const FILE = path.join(DIR, 'SKILL.md');
const TEXT = [
  '---',
  'name: supporting-demo',
  'description: Use when a test needs a skill with supporting files.',
  '---',
  '# Supporting demo',
  '',
  'Read [the guide](references/guide.md) and [the API](references/api.md).',
  'Then run `./scripts/run.sh --now`.',
  '',
  'See [](references/',
  '',
].join('\n');

const summary = (uri: vscode.Uri): string[] =>
  ours(uri)
    .map((d) => `${codeOf(d)} ${d.range.start.line + 1}:${d.range.start.character + 1}`)
    .sort();

async function addSupportingFile(options: { uri?: vscode.Uri; folder?: string; name?: string }): Promise<vscode.Uri | string> {
  try {
    return await vscode.commands.executeCommand<vscode.Uri>('skillAuthor.addSupportingFile', options);
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}

describe('Supporting files', function () {
  this.timeout(60_000);
  let doc: vscode.TextDocument;

  before(async () => {
    fs.mkdirSync(path.join(DIR, 'references'), { recursive: true });
    fs.mkdirSync(path.join(DIR, 'scripts'), { recursive: true });
    fs.writeFileSync(path.join(DIR, 'references', 'guide.md'), '# Guide\n');
    fs.writeFileSync(path.join(DIR, 'scripts', 'run.sh'), '#!/bin/sh\necho run\n', { mode: 0o644 });
    fs.chmodSync(path.join(DIR, 'scripts', 'run.sh'), 0o644);
    fs.writeFileSync(FILE, TEXT);
    await api();
    doc = await vscode.workspace.openTextDocument(vscode.Uri.file(FILE));
    await vscode.window.showTextDocument(doc);
  });

  after(async () => {
    for (const tab of vscode.window.tabGroups.all.flatMap((g) => g.tabs)) {
      if (tab.input instanceof vscode.TabInputText && tab.input.uri.fsPath.startsWith(DIR + path.sep)) {
        const open = vscode.workspace.textDocuments.find((d) => d.uri.fsPath === (tab.input as vscode.TabInputText).uri.fsPath);
        if (open?.isDirty) await open.save();
        await vscode.window.tabGroups.close(tab);
      }
    }
    fs.rmSync(DIR, { recursive: true, force: true });
    const a = await api();
    await waitFor('the demo skill to leave the skill list', async () => !(await a.skills()).some((e) => e.path === FILE));
  });

  it('the Problems panel has the broken link and the script that is not executable, as the CLI does', async () => {
    const expected = ['link-broken 7:53', 'script-not-executable 8:11'];
    await waitFor('the supporting-file findings', () => JSON.stringify(summary(doc.uri)) === JSON.stringify(expected) || undefined, 15_000).catch(() => {
      assert.deepEqual(summary(doc.uri), expected);
    });
    const broken = ours(doc.uri).find((d) => codeOf(d) === 'link-broken');
    assert.equal(broken?.severity, vscode.DiagnosticSeverity.Warning);
    assert.equal(doc.getText(broken?.range), 'references/api.md');
    assert.match(broken?.message ?? '', /`references\/api\.md` is not in the skill folder/);
    const [cli] = await checkJson([path.relative(fixturePath(), DIR)]);
    assert.deepEqual(cli?.diagnostics.map((d) => `${d.code} ${d.line}:${d.column}`).sort(), expected);
    assert.deepEqual(
      cli?.diagnostics.map((d) => d.message),
      ours(doc.uri)
        .sort((x, y) => x.range.start.compareTo(y.range.start))
        .map((d) => d.message),
    );
  });

  it('completes paths inside the skill folder in a link and after references/', async () => {
    const line = doc.lineAt(9);
    const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', doc.uri, line.range.end, '/');
    const labels = list.items.map((i) => (typeof i.label === 'string' ? i.label : i.label.label));
    assert.ok(labels.includes('guide.md'), labels.join(', '));
    const top = await vscode.commands.executeCommand<vscode.CompletionList>(
      'vscode.executeCompletionItemProvider',
      doc.uri,
      new vscode.Position(9, 'See []('.length),
      '(',
    );
    const topLabels = top.items.map((i) => (typeof i.label === 'string' ? i.label : i.label.label));
    assert.ok(topLabels.includes('references/') && topLabels.includes('scripts/'), topLabels.join(', '));
    // (VS Code's own Markdown path completion may offer it; ours, which names the path in `detail`, does not.)
    assert.ok(!top.items.some((i) => i.detail === 'SKILL.md'), 'SKILL.md itself is not offered');
    // In a code span, after a support folder (no other provider completes there).
    const span = await vscode.commands.executeCommand<vscode.CompletionList>(
      'vscode.executeCompletionItemProvider',
      doc.uri,
      new vscode.Position(7, 'Then run `./scripts/'.length),
      '/',
    );
    assert.ok(
      span.items.some((i) => i.detail === 'scripts/run.sh'),
      span.items.map((i) => i.detail).join(', '),
    );
  });

  it('goes to the definition of a path the body points at', async () => {
    const at = doc.positionAt(doc.getText().indexOf('references/guide.md') + 5);
    const found = await vscode.commands.executeCommand<Array<vscode.Location | vscode.LocationLink>>('vscode.executeDefinitionProvider', doc.uri, at);
    const uris = found.map((l) => ('targetUri' in l ? l.targetUri : l.uri).fsPath);
    assert.deepEqual(uris, [fs.realpathSync(path.join(DIR, 'references', 'guide.md'))]);
  });

  it('Add Supporting File creates the file, inserts its link at the cursor, and the broken link goes', async () => {
    const editor = await vscode.window.showTextDocument(doc);
    const end = doc.lineAt(10).range.end;
    editor.selection = new vscode.Selection(end, end);
    const result = await addSupportingFile({ uri: doc.uri, folder: 'references', name: 'api.md' });
    assert.ok(result instanceof vscode.Uri, String(result));
    assert.equal(result.fsPath, path.join(DIR, 'references', 'api.md'));
    assert.equal(fs.readFileSync(result.fsPath, 'utf8'), '# api\n');
    assert.equal(doc.lineAt(10).text, '[api.md](references/api.md)');
    await waitFor('the link-broken finding to go', () => (summary(doc.uri).some((s) => s.startsWith('link-broken')) ? undefined : true), 15_000);

    const nested = await addSupportingFile({ uri: doc.uri, folder: 'scripts', name: 'tools/check.sh' });
    assert.ok(nested instanceof vscode.Uri, String(nested));
    assert.equal(fs.statSync(nested.fsPath).mode & 0o111, 0o111, 'a new script is executable');
  });

  it('from a Skills view item, the link goes at the end of the body', async () => {
    // The view's skill node (src/extension/tree.ts `SkillNode`), as its context menu passes it.
    const node = { kind: 'skill', file: FILE, folder: 'assets', name: 'logo.txt' };
    const result = await vscode.commands.executeCommand<vscode.Uri | undefined>('skillAuthor.addSupportingFile', node);
    assert.equal(result?.fsPath, path.join(DIR, 'assets', 'logo.txt'));
    assert.equal(fs.readFileSync(result.fsPath, 'utf8'), '');
    assert.equal(doc.lineAt(doc.lineCount - 2).text, '[logo.txt](assets/logo.txt)');
    assert.equal(doc.lineAt(doc.lineCount - 1).text, '');
    const menu = (extension().packageJSON as { contributes: { menus: Record<string, Array<{ command: string; when?: string }>> } }).contributes.menus;
    assert.ok(menu['view/item/context']?.some((m) => m.command === 'skillAuthor.addSupportingFile' && /viewItem/.test(m.when ?? '')));
    assert.ok(menu['commandPalette']?.some((m) => m.command === 'skillAuthor.addSupportingFile' && m.when === 'resourceFilename == SKILL.md'));
  });

  it('link-backslash has the quick fix check --fix applies', async () => {
    const editor = await vscode.window.showTextDocument(doc);
    const line = doc.lineCount - 1;
    await editor.edit((e) => e.insert(new vscode.Position(line, 0), 'Also [the guide](references\\guide.md).\n'));
    const finding = await waitFor('the link-backslash finding', () => ours(doc.uri).find((d) => codeOf(d) === 'link-backslash'), 15_000);
    assert.equal(doc.getText(finding.range), 'references\\guide.md');
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
      'vscode.executeCodeActionProvider',
      doc.uri,
      finding.range,
      vscode.CodeActionKind.QuickFix.value,
    );
    const fix = actions.find((a) => a.title === 'Use `/`: `references/guide.md`');
    assert.ok(fix?.edit, actions.map((a) => a.title).join(', '));
    assert.ok(await vscode.workspace.applyEdit(fix.edit));
    assert.equal(doc.lineAt(line).text, 'Also [the guide](references/guide.md).');
  });

  it('a skill nobody opened follows its folder: the API and the Problems panel lose link-broken once the file appears', async () => {
    const dir = fixturePath('skills', 'supporting-closed');
    const file = path.join(dir, 'SKILL.md');
    const codes = async (): Promise<string[]> =>
      (await api()).skills().then((all) => all.find((e) => e.path === file)?.diagnostics.map((d) => d.code) ?? ['(not listed)']);
    fs.mkdirSync(dir);
    try {
      fs.writeFileSync(file, '---\nname: supporting-closed\ndescription: Never opened by the test.\n---\nRead [the notes](references/notes.md).\n');
      await waitFor('link-broken on the closed skill', async () => (await codes()).includes('link-broken') || undefined);
      await waitFor('link-broken in the Problems panel', () => ours(vscode.Uri.file(file)).some((d) => codeOf(d) === 'link-broken') || undefined);
      fs.mkdirSync(path.join(dir, 'references'));
      fs.writeFileSync(path.join(dir, 'references', 'notes.md'), '# Notes\n');
      await waitFor('link-broken gone from the API', async () => !(await codes()).includes('link-broken') || undefined);
      await waitFor('link-broken gone from the Problems panel', () => !ours(vscode.Uri.file(file)).some((d) => codeOf(d) === 'link-broken') || undefined);
      // The file goes again: the finding is back.
      fs.rmSync(path.join(dir, 'references'), { recursive: true });
      await waitFor('link-broken back', async () => (await codes()).includes('link-broken') || undefined);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('Add Supporting File refuses bad names, an unknown folder and an existing file', async () => {
    for (const [options, reason] of [
      [{ folder: 'references', name: '../escape.md' }, /`\.\.` would leave the folder/],
      [{ folder: 'references', name: '/etc/passwd' }, /relative to the folder/],
      [{ folder: 'references', name: 'a\\b.md' }, /Use `\/`/],
      [{ folder: 'references', name: 'a//b.md' }, /empty or `\.` segment/],
      [{ folder: 'lib', name: 'x.md' }, /not one of references, scripts, templates, assets/],
      [{ folder: 'references', name: 'guide.md' }, /already exists/],
    ] as const) {
      const result = await addSupportingFile({ uri: doc.uri, ...options });
      assert.equal(typeof result, 'string', JSON.stringify(options));
      assert.match(result as string, reason);
    }
    assert.ok(!fs.existsSync(path.join(DIR, 'escape.md')));
    assert.equal(fs.readFileSync(path.join(DIR, 'references', 'guide.md'), 'utf8'), '# Guide\n', 'never overwritten');
  });
});
