// Previews of what the model sees (one skill, and the prompt index) and the SKILL.md language status item, in
// the real VS Code. The model's text is compared byte for byte with the CLI (`dist/cli.js`, run from the
// extension host with its own Node and environment, so both see the same PATH and fake binaries).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { LanguageStatusState } from './host/inspect';
import { ENV } from '../utils/protocol';
import { checkJson, fixturePath, fixtureUri, inspect, nextEvent, openSkill, runCli } from '../utils/vscode';
import { waitFor } from '../utils/wait';

/** In an untrusted workspace the extension spawns no probe: the CLI's equivalent is `--no-probe`. */
const untrusted = process.env[ENV.untrusted] === '1';

/** The CLI as the extension would run it here (no probe when untrusted). */
async function cli(...args: string[]): Promise<{ stdout: string; stderr: string }> {
  return runCli([...args, ...(untrusted ? ['--no-probe'] : [])]);
}

/** The preview document's text once it satisfies `predicate` (at once, or at a later change of it). */
async function previewWhen(uri: vscode.Uri, what: string, predicate: (text: string) => boolean, timeoutMs = 10_000): Promise<string> {
  const doc = await vscode.workspace.openTextDocument(uri);
  if (predicate(doc.getText())) return doc.getText();
  const key = uri.toString();
  await nextEvent(
    `${what} (now: ${JSON.stringify(doc.getText())})`,
    vscode.workspace.onDidChangeTextDocument,
    (e) => e.document.uri.toString() === key && predicate(e.document.getText()),
    timeoutMs,
  );
  return doc.getText();
}

/** Asserts that the preview shows exactly `expected` (waiting for a refresh under way, then comparing). */
async function expectPreview(uri: vscode.Uri, expected: string): Promise<void> {
  const doc = await vscode.workspace.openTextDocument(uri);
  try {
    await previewWhen(uri, `${uri.toString()} to show the expected text`, (t) => t === expected);
  } catch {
    // Fall through to the comparison, which shows the difference.
  }
  assert.equal(doc.getText(), expected);
}

async function replaceText(doc: vscode.TextDocument, text: string): Promise<void> {
  const edit = new vscode.WorkspaceEdit();
  edit.replace(doc.uri, new vscode.Range(0, 0, doc.lineCount, 0), text);
  assert.ok(await vscode.workspace.applyEdit(edit), 'the edit was not applied');
}

async function revertAndClose(doc: vscode.TextDocument): Promise<void> {
  await vscode.window.showTextDocument(doc);
  if (doc.isDirty) await vscode.commands.executeCommand('workbench.action.files.revert');
  await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
}

const BANNER_TEXT = [
  '> ⚠️ MISSING DEPS for skill `preview-banner`:',
  '>   - bin not found: sa-preview-missing-bin',
  '>   - env unset: SA_PREVIEW_UNSET_VAR',
  '>   - version mismatch: sa-fake-old requires >=1.0 (found 0.9.0)',
  '> Calls into this skill may fail.',
  '',
  '# Preview banner',
  '',
  'The model sees this body after the banner.',
].join('\n');

const HIDDEN_SUMMARY = 'Hidden (strict): bin sa-preview-missing-bin not found; SA_PREVIEW_UNSET_VAR unset; sa-fake-old version not satisfied.';

describe('Preview what the model sees', () => {
  before(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('opens beside the editor, keeps the focus, and shows the banner and body exactly as `banner --render` prints them', async function () {
    if (untrusted) this.skip(); // the version mismatch needs a probe
    const editor = await openSkill('skills', 'preview-banner', 'SKILL.md');
    const uri = await vscode.commands.executeCommand<vscode.Uri>('skillAuthor.previewBanner', fixtureUri('skills', 'preview-banner'));
    assert.equal(uri.scheme, 'skill-author-preview');
    assert.equal(path.posix.basename(uri.path), 'preview-banner (model view).md');
    const shown = vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === uri.toString());
    assert.ok(shown, 'the preview is not visible');
    assert.equal(shown.viewColumn, vscode.ViewColumn.Two);
    assert.equal(shown.document.languageId, 'markdown');
    assert.equal(vscode.window.activeTextEditor?.document.uri.toString(), editor.document.uri.toString(), 'the preview took the focus');
    assert.equal(shown.document.getText(), BANNER_TEXT);
    const { stdout } = await cli('banner', fixturePath('skills', 'preview-banner'), '--render', '--no-cache');
    assert.equal(stdout, `${shown.document.getText()}\n`);
  });

  it("previews the active editor's SKILL.md by default, identical to the CLI", async () => {
    await openSkill('skills', 'hello-world', 'SKILL.md');
    const uri = await vscode.commands.executeCommand<vscode.Uri>('skillAuthor.previewBanner');
    const doc = await vscode.workspace.openTextDocument(uri);
    assert.equal(doc.getText(), '# Hello, world\n\nSay hello to the user, using their name when you know it.');
    const { stdout } = await cli('banner', fixturePath('skills', 'hello-world', 'SKILL.md'), '--render', '--no-cache');
    assert.equal(stdout, `${doc.getText()}\n`);
  });

  it('cuts the body at max_chars with the runtime marker', async () => {
    const uri = await vscode.commands.executeCommand<vscode.Uri>('skillAuthor.previewBanner', fixtureUri('skills', 'preview-truncated', 'SKILL.md'));
    const doc = await vscode.workspace.openTextDocument(uri);
    assert.equal(doc.getText(), '# Preview truncated\n\nOnly the first fort\n\n…[truncated to 40 chars]');
    const { stdout } = await cli('banner', fixturePath('skills', 'preview-truncated'), '--render', '--no-cache');
    assert.equal(stdout, `${doc.getText()}\n`);
  });

  it('says that the model never sees a hidden skill, and why', async function () {
    if (untrusted) this.skip();
    const uri = await vscode.commands.executeCommand<vscode.Uri>('skillAuthor.previewBanner', fixtureUri('skills', 'preview-hidden'));
    const doc = await vscode.workspace.openTextDocument(uri);
    assert.equal(
      doc.getText(),
      [
        '# The model never sees `preview-hidden`',
        '',
        HIDDEN_SUMMARY,
        '',
        '- **nexo-rs: Hidden (strict)** (verdict `hidden`)',
        '- Mode: `strict` (the default: the frontmatter sets no `requires.mode`)',
        '- Missing:',
        '  - bin `sa-preview-missing-bin`: not found on PATH',
        '  - env `SA_PREVIEW_UNSET_VAR`: unset',
        '  - version `sa-fake-old >=1.0`: found 0.9.0, required >=1.0',
        '',
        'Neither its name and description (in the prompt index) nor its instructions reach the model.',
      ].join('\n'),
    );
    // The CLI agrees: nothing for the model, the same verdict and summary.
    const { stdout, stderr } = await cli('banner', fixturePath('skills', 'preview-hidden'), '--render', '--no-cache');
    assert.equal(stdout, '');
    assert.equal(stderr, `skill-author: the model never sees \`preview-hidden\`: nexo-rs: hidden (strict) — ${HIDDEN_SUMMARY}\n`);
  });

  it("says which runtime keeps a skill nexo-rs does not judge from the model, in that runtime's words", async () => {
    const dir = fixturePath('skills', 'preview-mac-only');
    fs.mkdirSync(dir);
    try {
      fs.writeFileSync(path.join(dir, 'SKILL.md'), '---\nname: preview-mac-only\ndescription: Only on macOS.\nplatforms: [macos]\n---\n\nBody.\n');
      const uri = await vscode.commands.executeCommand<vscode.Uri>('skillAuthor.previewBanner', vscode.Uri.file(dir));
      const text = await previewWhen(uri, 'the Hermes statement', (t) => t.startsWith('# '));
      const [entry] = (await checkJson([dir])).filter((e) => e.id === 'preview-mac-only');
      assert.equal(entry?.runtime, 'hermes');
      assert.equal(
        text,
        [
          '# The model never sees `preview-mac-only`',
          '',
          `- Hermes: **hidden (platform)** — ${entry?.runtimes[0]?.reasons.join(' ')}`,
          '',
          'Neither its name and description (in the prompt index) nor its instructions reach the model.',
        ].join('\n'),
      );
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names the mode and its source for a disabled skill', async () => {
    const uri = await vscode.commands.executeCommand<vscode.Uri>('skillAuthor.previewBanner', fixtureUri('skills', 'preview-disabled'));
    const doc = await vscode.workspace.openTextDocument(uri);
    assert.equal(
      doc.getText(),
      [
        '# The model never sees `preview-disabled`',
        '',
        'mode: disable — the skill is always dropped.',
        '',
        '- **nexo-rs: Disabled** (verdict `skipped_disabled`)',
        "- Mode: `disable` (from the frontmatter's `requires.mode`)",
        '',
        'Neither its name and description (in the prompt index) nor its instructions reach the model.',
      ].join('\n'),
    );
  });

  it('follows unsaved edits, and the file again after a revert', async () => {
    const editor = await openSkill('skills', 'preview-edit', 'SKILL.md');
    const doc = editor.document;
    const original = doc.getText();
    const uri = await vscode.commands.executeCommand<vscode.Uri>('skillAuthor.previewBanner');
    const shown = '# Preview edit\n\nThe tests add requirements here and revert them.';
    await expectPreview(uri, shown);
    try {
      // Warn mode with an unset variable: the banner appears in front of the edited body.
      const edited = original
        .replace('---\n\n#', 'requires:\n  env: [SA_PREVIEW_UNSET_VAR]\n  mode: warn\n---\n\n#')
        .replace('The tests add requirements here and revert them.', 'Edited body.');
      const changed = previewWhen(uri, 'the preview to show the banner of the edit', (t) => t.startsWith('> ⚠️'));
      await replaceText(doc, edited);
      assert.equal(
        await changed,
        '> ⚠️ MISSING DEPS for skill `preview-edit`:\n>   - env unset: SA_PREVIEW_UNSET_VAR\n> Calls into this skill may fail.\n\n# Preview edit\n\nEdited body.',
      );
      // Strict mode: hidden.
      const hidden = previewWhen(uri, 'the preview to say the skill is hidden', (t) => t.startsWith('# The model never sees `preview-edit`'));
      await replaceText(doc, edited.replace('  mode: warn\n', ''));
      assert.ok((await hidden).includes('\n  - env `SA_PREVIEW_UNSET_VAR`: unset\n'));
    } finally {
      const back = previewWhen(uri, 'the preview to show the file again', (t) => t === shown);
      await revertAndClose(doc);
      await back;
    }
  });
});

describe('Preview prompt index', () => {
  const root = (): string => fixturePath('skills');
  const agentsFile = (): string => fixturePath('config', 'agents.yaml');

  before(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    // Every verdict from the current environment (another test may have changed a variable the CLI reads).
    await vscode.commands.executeCommand('skillAuthor.reprobe');
  });
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  for (const format of ['hermes', 'xml', 'nexo', 'openclaw'] as const) {
    const flag = format === 'openclaw' ? '--runtime' : '--format';
    it(`shows the ${format} index of every visible skill as \`index ${flag} ${format}\` prints it`, async () => {
      const uri = await vscode.commands.executeCommand<vscode.Uri>('skillAuthor.previewPromptIndex', format);
      // The title names the version of the runtime the index speaks for.
      assert.match(path.posix.basename(uri.path), new RegExp(`^Prompt index \\(${format} ${format === 'openclaw' ? '2026\\.9\\.6' : '[0-9a-z.-]+'}\\)\\.md$`));
      const { stdout } = await cli('index', flag, format, '--no-cache', root());
      await expectPreview(uri, stdout.replace(/\n$/, ''));
      const doc = await vscode.workspace.openTextDocument(uri);
      assert.equal(doc.languageId, 'markdown');
      if (format === 'hermes') {
        // The category description from tools/DESCRIPTION.md; Hermes reads no `requires`, so the skill
        // nexo-rs hides is listed.
        assert.ok(doc.getText().includes('\n  tools: Skills that need command-line tools.\n'), doc.getText());
        assert.ok(doc.getText().includes('\n    - preview-hidden'), doc.getText());
        assert.ok(doc.getText().includes('\n    - preview-banner: Loaded with a MISSING DEPS banner (warn mode) in the prev...\n'), doc.getText());
      }
      // OpenClaw's prompt section, with the skill's location.
      if (format === 'openclaw') assert.ok(doc.getText().includes(`<location>${path.join(root(), 'hello-world', 'SKILL.md')}</location>`), doc.getText());
    });
  }

  for (const format of ['nexo', 'hermes'] as const) {
    it(`shows an agent's ${format} index as \`index --agent\` prints it`, async function () {
      const uri = await vscode.commands.executeCommand<vscode.Uri>('skillAuthor.previewPromptIndex', format, 'kate');
      assert.match(path.posix.basename(uri.path), new RegExp(`^Prompt index \\(${format} [0-9a-z.-]+, agent kate\\)\\.md$`));
      const { stdout } = await cli('index', '--format', format, '--agent', 'kate', '--agents-file', agentsFile(), '--no-cache', root());
      await expectPreview(uri, stdout.replace(/\n$/, ''));
      if (format === 'nexo') {
        // kate's order, and her override: strict-missing is loaded with its banner.
        const text = (await vscode.workspace.openTextDocument(uri)).getText();
        assert.ok(text.startsWith('# SKILLS\n\n## probe-ok\n'), text);
        assert.ok(
          text.includes('## strict-missing\n> Needs a tool nobody has; hidden in strict mode.\n\n> ⚠️ MISSING DEPS for skill `strict-missing`:\n'),
          text,
        );
      }
    });
  }

  it("follows Hermes's tools and toolsets chosen for the preview, as `index --toolsets` prints it", async () => {
    const config = vscode.workspace.getConfiguration('skillAuthor');
    const settingsDir = fixtureUri('.vscode');
    const hadSettings = fs.existsSync(settingsDir.fsPath);
    const dir = fixturePath('skills', 'preview-toolsets');
    const uri = await vscode.commands.executeCommand<vscode.Uri>('skillAuthor.previewPromptIndex', 'hermes');
    const listed = (t: string): boolean => t.includes('\n    - preview-toolsets: ');
    try {
      fs.mkdirSync(dir);
      fs.writeFileSync(
        path.join(dir, 'SKILL.md'),
        '---\nname: preview-toolsets\ndescription: Only where Hermes has the sa-web toolset.\nmetadata:\n  hermes:\n    requires_toolsets: [sa-web]\n---\n\nBody.\n',
      );
      // Conditions not applied (the default): listed, as the CLI without --toolsets lists it.
      await previewWhen(uri, 'the new skill in the Hermes index', listed);
      // Hermes has another toolset only: left out.
      await vscode.commands.executeCommand('skillAuthor.hermesTools', { toolsets: ['sa-other'], tools: null });
      assert.deepEqual(config.inspect('hermes.toolsets')?.workspaceValue, ['sa-other']);
      const without = await previewWhen(uri, 'the skill left out without its toolset', (t) => !listed(t));
      assert.equal(`${without}\n`, (await cli('index', '--format', 'hermes', '--toolsets', 'sa-other', '--no-cache', root())).stdout);
      // Hermes has it: listed again.
      await vscode.commands.executeCommand('skillAuthor.hermesTools', { toolsets: ['sa-web'], tools: null });
      const withIt = await previewWhen(uri, 'the skill listed with its toolset', listed);
      assert.equal(`${withIt}\n`, (await cli('index', '--format', 'hermes', '--toolsets', 'sa-web', '--no-cache', root())).stdout);
      // A malformed argument changes nothing.
      await vscode.commands.executeCommand('skillAuthor.hermesTools', { toolsets: 'sa-web' });
      assert.deepEqual(config.inspect('hermes.toolsets')?.workspaceValue, ['sa-web']);
      // None given again: the settings are unset.
      await vscode.commands.executeCommand('skillAuthor.hermesTools', { toolsets: null, tools: null });
      assert.equal(config.inspect('hermes.toolsets')?.workspaceValue, undefined);
      assert.equal(config.inspect('hermes.tools')?.workspaceValue, undefined);
    } finally {
      await config.update('hermes.toolsets', undefined, vscode.ConfigurationTarget.Workspace);
      await config.update('hermes.tools', undefined, vscode.ConfigurationTarget.Workspace);
      if (!hadSettings) fs.rmSync(settingsDir.fsPath, { recursive: true, force: true });
      const gone = previewWhen(uri, 'the removed skill to leave the index', (t) => !t.includes('preview-toolsets'));
      fs.rmSync(dir, { recursive: true, force: true });
      await gone;
    }
  });

  it('follows the store when a skill appears and goes', async () => {
    const uri = await vscode.commands.executeCommand<vscode.Uri>('skillAuthor.previewPromptIndex', 'xml');
    const dir = fixturePath('skills', 'preview-index-tmp');
    const location = `<location>${path.join(dir, 'SKILL.md')}</location>`;
    await previewWhen(uri, 'the xml index', (t) => t.startsWith('<available_skills>'));
    try {
      const appeared = previewWhen(uri, 'the new skill in the index', (t) => t.includes(location));
      fs.mkdirSync(dir);
      fs.writeFileSync(path.join(dir, 'SKILL.md'), '---\nname: preview-index-tmp\ndescription: Created & removed by a test.\n---\n\nBody.\n');
      const text = await appeared;
      assert.ok(text.includes('    <name>preview-index-tmp</name>\n    <description>Created &amp; removed by a test.</description>\n'), text);
      const { stdout } = await cli('index', '--format', 'xml', '--no-cache', root());
      assert.equal(`${text}\n`, stdout);
    } finally {
      const gone = previewWhen(uri, 'the removed skill to leave the index', (t) => !t.includes(location));
      fs.rmSync(dir, { recursive: true, force: true });
      await gone;
    }
  });
});

async function statusWhen(file: string, text: string): Promise<LanguageStatusState> {
  let last: LanguageStatusState | undefined;
  try {
    return await waitFor(`the language status to read ${JSON.stringify(text)} for ${file}`, async () => {
      last = inspect().languageStatus();
      return last.file === file && !last.busy && last.text === text ? last : undefined;
    });
  } catch (err) {
    throw new Error(`${err instanceof Error ? err.message : String(err)}; last state: ${JSON.stringify(last)}`, { cause: err });
  }
}

describe('Language status of SKILL.md', () => {
  before(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  // The verdict that speaks for the skill, in the words of the runtime it is for, and which runtimes judge it.
  const NEXO = { text: '$(server-environment) nexo-rs', detail: 'detected: nexo-rs eec3f33 (it declares `requires`, which nexo-rs reads)' };
  const OPEN_FORMAT = {
    text: '$(server-environment) Agent Skills clients',
    detail: 'detected: Agent Skills clients spec-874e339c (nothing ties it to one runtime, so it is read as the open Agent Skills format)',
  };
  const cases: Array<[string, string, string, vscode.LanguageStatusSeverity, boolean, { text: string; detail: string }]> = [
    [
      'hello-world',
      'Agent Skills clients: Loaded',
      'an Agent Skills client gates nothing on the machine: it offers the skill to the model as `hello-world`.',
      vscode.LanguageStatusSeverity.Information,
      false,
      OPEN_FORMAT,
    ],
    [
      'preview-banner',
      'nexo-rs: Loaded + banner · 3 missing',
      'Loaded with a MISSING DEPS banner (warn): bin sa-preview-missing-bin not found; SA_PREVIEW_UNSET_VAR unset; sa-fake-old version not satisfied.',
      vscode.LanguageStatusSeverity.Warning,
      true,
      NEXO,
    ],
    ['preview-hidden', 'nexo-rs: Hidden (strict) · 3 missing', HIDDEN_SUMMARY, vscode.LanguageStatusSeverity.Error, true, NEXO],
    ['preview-disabled', 'nexo-rs: Disabled', 'mode: disable — the skill is always dropped.', vscode.LanguageStatusSeverity.Error, false, NEXO],
  ];
  for (const [skill, text, detail, severity, probes, runtimes] of cases) {
    it(`reads "${text}" for ${skill}, with the verdict's severity and a link to the preview`, async function () {
      if (probes && untrusted) this.skip();
      const editor = await openSkill('skills', skill, 'SKILL.md');
      const file = editor.document.uri.fsPath;
      const state = await statusWhen(file, text);
      assert.deepEqual(state, { text, detail, severity, busy: false, file, command: { command: 'skillAuthor.previewBanner', arguments: [file] }, runtimes });
    });
  }

  it('follows edits of the active SKILL.md', async () => {
    const editor = await openSkill('skills', 'preview-edit', 'SKILL.md');
    const doc = editor.document;
    const file = doc.uri.fsPath;
    await statusWhen(file, 'Agent Skills clients: Loaded');
    try {
      await replaceText(doc, doc.getText().replace('---\n\n#', 'requires:\n  bins: [sa-preview-missing-bin]\n---\n\n#'));
      // `requires` makes it a nexo-rs skill.
      const hidden = await statusWhen(file, 'nexo-rs: Hidden (strict) · 1 missing');
      assert.equal(hidden.detail, 'Hidden (strict): bin sa-preview-missing-bin not found.');
      assert.equal(hidden.severity, vscode.LanguageStatusSeverity.Error);
      await replaceText(doc, doc.getText().replace('  bins: [sa-preview-missing-bin]\n', '  bins: [sa-preview-missing-bin]\n  mode: warn\n'));
      const banner = await statusWhen(file, 'nexo-rs: Loaded + banner · 1 missing');
      assert.equal(banner.severity, vscode.LanguageStatusSeverity.Warning);
    } finally {
      await revertAndClose(doc);
    }
  });

  it('opens the preview through its command', async () => {
    const editor = await openSkill('skills', 'preview-truncated', 'SKILL.md');
    const state = await statusWhen(editor.document.uri.fsPath, 'Agent Skills clients: Loaded');
    assert.ok(state.command);
    const uri = await vscode.commands.executeCommand<vscode.Uri>(state.command.command, ...state.command.arguments);
    assert.equal((await vscode.workspace.openTextDocument(uri)).getText(), '# Preview truncated\n\nOnly the first fort\n\n…[truncated to 40 chars]');
  });
});
