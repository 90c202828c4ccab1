// Language features on SKILL.md in the real VS Code: completion from the field tables of the runtimes that
// apply to the skill (and from the workspace and the environment), hovers with what the runtime makes of a requirement on this machine, and quick fixes that
// remove our findings. Completions and hovers go through `vscode.executeCompletionItemProvider` /
// `vscode.executeHoverProvider`, so VS Code's own providers for the `skill` language answer too: ours are told
// apart by their `detail` (VS Code's header completions have none) and by exact hover texts.
// Fix tests write a skill into a temporary fixture folder (skills/lang-tmp, deleted afterwards), wait for
// the finding, apply the action's edit, and wait for the finding to go.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { FIELDS_BY_RUNTIME } from '../../src/core/runtimes/fields';
import { RUNTIME_LABELS } from '../../src/core/runtimes/registry';
import type { RuntimeId } from '../../src/core/runtimes/types';
import { codeOf, extension, fixturePath, fixtureUri, nextEvent, openSkill, withEnvFile, workspaceRoot, workspaceSettingsCleanup } from '../utils/vscode';
import { waitFor } from '../utils/wait';

const SOURCE = 'skill-author';
const TMP = 'lang-tmp';
const FAKE_BIN = path.resolve(workspaceRoot().fsPath, '..', 'bin');

interface Api {
  skills(): Promise<Array<{ id: string; path: string; verdict: string }>>;
}

/** How a runtime's words on a field start in a hover or a completion's documentation: `**Runtime:** words`. */
function runtimeSays(runtime: RuntimeId, ...keys: string[]): string {
  const f = FIELDS_BY_RUNTIME[runtime].find((x) => x.path.join('.') === keys.join('.'));
  assert.ok(f, `${runtime} reads no ${keys.join('.')}`);
  return `**${RUNTIME_LABELS[runtime]}:** ${f.description}`;
}

/** The keys a runtime's table has at the top of the frontmatter. */
const topKeys = (runtime: RuntimeId): string[] => FIELDS_BY_RUNTIME[runtime].filter((f) => f.path.length === 1).map((f) => f.path[0] as string);

// ---- documents -------------------------------------------------------------------------------------------

/** An unsaved SKILL.md in a folder named `folder` (nothing on disk). */
async function untitledSkill(folder: string, content: string, language?: string): Promise<vscode.TextEditor> {
  const uri = vscode.Uri.file(fixturePath('skills', TMP, folder, 'SKILL.md')).with({ scheme: 'untitled' });
  const doc = await vscode.workspace.openTextDocument(uri);
  const editor = await vscode.window.showTextDocument(doc);
  if (language) await vscode.languages.setTextDocumentLanguage(doc, language);
  if (content) assert.ok(await editor.edit((b) => b.insert(new vscode.Position(0, 0), content)));
  return editor;
}

/**
 * A SKILL.md written to skills/lang-tmp/<folder>/ and opened through the workbench (`vscode.open`), as a user
 * opens it: closing its editor then closes the document too. (A document opened with `openTextDocument` stays
 * alive for minutes after its editor closed, and once the file is deleted VS Code lists it struck through.)
 */
async function tempSkill(folder: string, content: string): Promise<vscode.TextEditor> {
  const file = fixturePath('skills', TMP, folder, 'SKILL.md');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  const uri = vscode.Uri.file(file);
  await vscode.commands.executeCommand('vscode.open', uri);
  const editor = vscode.window.activeTextEditor;
  assert.ok(editor && editor.document.uri.toString() === uri.toString(), `${file} is not the active editor`);
  return editor;
}

async function closeWithoutSaving(editor: vscode.TextEditor): Promise<void> {
  await vscode.window.showTextDocument(editor.document);
  await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
}

/** The position of `needle` (plus `delta` characters) in the document. */
function at(doc: vscode.TextDocument, needle: string, delta = 0): vscode.Position {
  const i = doc.getText().indexOf(needle);
  assert.ok(i >= 0, `no ${JSON.stringify(needle)} in the document`);
  return doc.positionAt(i + delta);
}

// ---- providers -------------------------------------------------------------------------------------------

const labelOf = (i: vscode.CompletionItem): string => (typeof i.label === 'string' ? i.label : i.label.label);
const insertOf = (i: vscode.CompletionItem): string | undefined => (typeof i.insertText === 'string' ? i.insertText : i.insertText?.value);
const docOf = (i: vscode.CompletionItem): string | undefined => (typeof i.documentation === 'string' ? i.documentation : i.documentation?.value);

async function allCompletions(doc: vscode.TextDocument, pos: vscode.Position): Promise<vscode.CompletionItem[]> {
  const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', doc.uri, pos);
  return list.items;
}

/** Our completions (every one has a detail; VS Code's header keys and word completions have none). */
async function completions(doc: vscode.TextDocument, pos: vscode.Position): Promise<vscode.CompletionItem[]> {
  return (await allCompletions(doc, pos)).filter(
    (i) => i.kind !== vscode.CompletionItemKind.Snippet && i.kind !== vscode.CompletionItemKind.Text && !!i.detail,
  );
}

async function labels(doc: vscode.TextDocument, pos: vscode.Position): Promise<string[]> {
  return (await completions(doc, pos)).map(labelOf).sort();
}

async function hovers(doc: vscode.TextDocument, pos: vscode.Position): Promise<string[]> {
  const hs = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', doc.uri, pos);
  return hs.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value)));
}

async function assertHover(doc: vscode.TextDocument, pos: vscode.Position, expected: string): Promise<void> {
  const texts = await hovers(doc, pos);
  assert.ok(texts.includes(expected), `hover ${JSON.stringify(texts)} should include ${JSON.stringify(expected)}`);
}

/** One of the hovers at `pos` starts with `lead` (a runtime's words; its source link follows). */
async function assertHoverStarts(doc: vscode.TextDocument, pos: vscode.Position, lead: string): Promise<string> {
  const texts = await hovers(doc, pos);
  const found = texts.find((t) => t.startsWith(lead));
  assert.ok(found, `hover ${JSON.stringify(texts)} should start with ${JSON.stringify(lead)}`);
  return found;
}

// ---- diagnostics and fixes -------------------------------------------------------------------------------

function ours(uri: vscode.Uri, code: string): vscode.Diagnostic[] {
  return vscode.languages.getDiagnostics(uri).filter((d) => d.source === SOURCE && codeOf(d) === code);
}

/** Our `code` diagnostics on `uri` once `present` says whether there are any. */
async function whenDiagnostic(uri: vscode.Uri, code: string, present: boolean): Promise<vscode.Diagnostic[]> {
  const holds = (): boolean => ours(uri, code).length > 0 === present;
  if (!holds()) {
    const key = uri.toString();
    await nextEvent(
      `${code} ${present ? 'reported' : 'gone'}`,
      vscode.languages.onDidChangeDiagnostics,
      (e) => e.uris.some((u) => u.toString() === key) && holds(),
    );
  }
  return ours(uri, code);
}

async function actionsAt(doc: vscode.TextDocument, range: vscode.Range): Promise<vscode.CodeAction[]> {
  const all = await vscode.commands.executeCommand<Array<vscode.CodeAction | vscode.Command>>('vscode.executeCodeActionProvider', doc.uri, range);
  return all.filter((a): a is vscode.CodeAction => 'title' in a && !('command' in a && typeof a.command === 'string'));
}

/**
 * Writes the skill, waits for `code`, applies the quick fix titled `title` (asserting it is a preferred
 * quickfix), checks the exact resulting text and waits for the finding to go.
 */
async function assertFix(folder: string, before: string, code: string, title: string, after: string): Promise<void> {
  const editor = await tempSkill(folder, before);
  const doc = editor.document;
  try {
    const [d] = await whenDiagnostic(doc.uri, code, true);
    assert.ok(d);
    const actions = await actionsAt(doc, d.range);
    const action = actions.find((a) => a.title === title);
    assert.ok(action, `no "${title}" among ${JSON.stringify(actions.map((a) => a.title))}`);
    assert.equal(action.kind?.value, vscode.CodeActionKind.QuickFix.value);
    assert.equal(action.isPreferred, true);
    assert.ok(action.edit, 'the fix carries an edit');
    assert.ok(await vscode.workspace.applyEdit(action.edit));
    assert.equal(doc.getText(), after);
    await whenDiagnostic(doc.uri, code, false);
  } finally {
    await closeWithoutSaving(editor);
  }
}

const skillText = (name: string, fm: string): string =>
  `---\nname: ${name}\ndescription: A fixture of the language tests.\n${fm}---\n\n# Fixture\n\nDo the thing.\n`;

describe('Language features', () => {
  before(async () => {
    // Known binaries come from the workspace scan.
    await (extension().exports as Api).skills();
  });
  after(async () => {
    // Nothing of this file stays on screen or in the Problems panel: editors closed (the fix tests' were
    // reverted and closed one by one), the temporary skills deleted, and with them their findings.
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const dir = fixturePath('skills', TMP);
    // Through VS Code's file service (the explorer follows at once; an `rm -r` behind its back is the
    // diagnostics tests' case).
    await vscode.workspace.fs.delete(vscode.Uri.file(dir), { recursive: true, useTrash: false });
    const left = (): string[] =>
      vscode.languages
        .getDiagnostics()
        .filter(([uri, ds]) => uri.fsPath.startsWith(dir + path.sep) && ds.some((d) => d.source === SOURCE))
        .map(([uri]) => uri.toString());
    await waitFor('no finding of ours left on the deleted temporary skills', () => left().length === 0, 20_000).catch(() => {
      throw new Error(`findings left on deleted files: ${JSON.stringify(left())}`);
    });
  });

  describe('completion', () => {
    it('at the top level: the fields of the runtimes that apply, and those that would bring one in, marked so', async () => {
      // Nothing ties this skill to a runtime: the open format applies.
      const editor = await untitledSkill('lang-top', '---\nname: lang-top\ndescription: d\n\n---\n\n# Body\n');
      try {
        const doc = editor.document;
        const items = await completions(doc, new vscode.Position(3, 0));
        const names = items.map(labelOf);
        for (const k of topKeys('agentskills').filter((k) => k !== 'name' && k !== 'description'))
          assert.ok(names.includes(k), `${k} in ${JSON.stringify(names)}`);
        for (const k of ['when_to_use', 'homepage', 'max_chars']) assert.ok(!names.includes(k), `${k} is read only by runtimes that do not apply`);
        const license = items.find((i) => labelOf(i) === 'license');
        assert.equal(license?.detail, 'text · Agent Skills clients');
        assert.ok(docOf(license!)?.startsWith(runtimeSays('agentskills', 'license')));
        assert.equal(insertOf(license!), 'license: ');
        const requires = items.find((i) => labelOf(i) === 'requires');
        assert.equal(requires?.detail, 'map · makes nexo-rs apply');
        assert.ok(docOf(requires!)?.startsWith(`Writing \`requires\` makes nexo-rs apply to this skill.\n\n${runtimeSays('nexo', 'requires')}`));
        assert.equal(insertOf(requires!), 'requires:\n  $0');
        assert.equal(requires?.command?.command, 'editor.action.triggerSuggest');
        assert.equal(items.find((i) => labelOf(i) === 'platforms')?.detail, 'list (or text) · makes Hermes apply');
      } finally {
        await closeWithoutSaving(editor);
      }
    });

    it('a Hermes skill: Hermes’s fields in Hermes’s words', async () => {
      const editor = await untitledSkill('lang-hermes-fields', '---\nname: lang-hermes-fields\ndescription: d\nplatforms: [linux]\n\n---\n\n# Body\n');
      try {
        const items = await completions(editor.document, new vscode.Position(4, 0));
        const env = items.find((i) => labelOf(i) === 'required_environment_variables');
        assert.equal(env?.detail, 'list or map · Hermes');
        assert.ok(docOf(env!)?.startsWith(runtimeSays('hermes', 'required_environment_variables')), docOf(env!));
        assert.match(
          docOf(env!) ?? '',
          /\[NousResearch\/hermes-agent tools\/skills_tool\.py\]\(https:\/\/github\.com\/NousResearch\/hermes-agent\/blob\/HEAD\/tools\/skills_tool\.py\)$/,
        );
        const names = items.map(labelOf);
        assert.ok(!names.includes('license') || items.find((i) => labelOf(i) === 'license')?.detail === 'text · Hermes', 'license is Hermes’s here');
        assert.ok(!names.includes('compatibility') || !/Agent Skills/.test(items.find((i) => labelOf(i) === 'compatibility')?.detail ?? ''));
      } finally {
        await closeWithoutSaving(editor);
      }
    });

    it('pinned by skillAuthor.runtimes: only the pinned runtime’s fields; a hover on another runtime’s key says who reads it', async () => {
      const config = vscode.workspace.getConfiguration('skillAuthor');
      const cleanUpSettings = await workspaceSettingsCleanup();
      const editor = await untitledSkill('lang-pinned', '---\nname: lang-pinned\ndescription: d\nplatforms: [linux]\n\n---\n\n# Body\n');
      try {
        await config.update('runtimes', ['claude-code'], vscode.ConfigurationTarget.Workspace);
        const doc = editor.document;
        const expected = topKeys('claude-code')
          .filter((k) => k !== 'name' && k !== 'description')
          .sort();
        await waitFor('Claude Code’s fields only', async () => JSON.stringify(await labels(doc, new vscode.Position(4, 0))) === JSON.stringify(expected));
        const md = await assertHoverStarts(
          doc,
          at(doc, 'platforms', 2),
          'Not read by the runtime that applies to this skill (Claude Code), so it has no effect here. Hermes would read it:',
        );
        assert.ok(md.includes(runtimeSays('hermes', 'platforms')), md);
      } finally {
        await config.update('runtimes', undefined, vscode.ConfigurationTarget.Workspace);
        await cleanUpSettings();
        await closeWithoutSaving(editor);
      }
    });

    it('inside requires: exactly the keys not yet present; mode values with their documentation', async () => {
      const editor = await untitledSkill('lang-requires', '---\nname: lang-requires\ndescription: d\nrequires:\n  bins: [x]\n  \n---\n\n# Body\n');
      try {
        const doc = editor.document;
        assert.deepEqual(await labels(doc, new vscode.Position(5, 2)), ['bin_versions', 'env', 'mode']);
        const mode = (await completions(doc, new vscode.Position(5, 2))).find((i) => labelOf(i) === 'mode');
        assert.equal(insertOf(mode!), 'mode: ');
        assert.ok(await editor.edit((b) => b.insert(new vscode.Position(5, 2), 'mode: ')));
        const values = await completions(doc, new vscode.Position(5, 8));
        assert.deepEqual(values.map(labelOf).sort(), ['disable', 'strict', 'warn']);
        for (const v of values) assert.ok(docOf(v)?.startsWith(runtimeSays('nexo', 'requires', 'mode')), docOf(v));
        assert.equal(values.find((v) => labelOf(v) === 'warn')?.detail, 'warn loads it behind a > ⚠️ MISSING DEPS banner');
      } finally {
        await closeWithoutSaving(editor);
      }
    });

    it('nested maps: metadata.hermes', async () => {
      const editor = await untitledSkill('lang-hermes', '---\nname: lang-hermes\ndescription: d\nmetadata:\n  hermes:\n    tags: [a]\n    \n---\n\n# Body\n');
      try {
        assert.deepEqual(await labels(editor.document, new vscode.Position(6, 4)), [
          'config',
          'fallback_for_tools',
          'fallback_for_toolsets',
          'related_skills',
          'requires_tools',
          'requires_toolsets',
        ]);
      } finally {
        await closeWithoutSaving(editor);
      }
    });

    it('binaries used elsewhere in the workspace, in bins lists and as bin_versions keys', async () => {
      const editor = await untitledSkill(
        'lang-bins',
        '---\nname: lang-bins\ndescription: d\nrequires:\n  bins: [sa-fake-old, ]\n  bin_versions:\n    \n---\n\n# Body\n',
      );
      try {
        const doc = editor.document;
        const inList = await labels(doc, at(doc, ', ]', 2));
        for (const b of ['sa-fake-ffmpeg', 'sa-definitely-missing-tool', 'ffmpeg']) assert.ok(inList.includes(b), `${b} in ${JSON.stringify(inList)}`);
        assert.ok(!inList.includes('sa-fake-old'), 'an entry already listed is not offered again');
        const keys = await completions(doc, new vscode.Position(6, 4));
        assert.equal(labelOf(keys[0]!), 'sa-fake-old', "this skill's own binary comes first");
        assert.equal(keys[0]?.detail, 'binary listed in this skill');
        assert.equal(insertOf(keys[0]!), 'sa-fake-old: ">=$1"$0');
        assert.ok(keys.some((k) => labelOf(k) === 'sa-fake-ffmpeg' && k.detail === 'binary used by another skill in this workspace'));
      } finally {
        await closeWithoutSaving(editor);
      }
    });

    it('environment variable names in env lists, never their values', async () => {
      // The variable comes from an env file (skillAuthor.envFiles): the language server's environment is the
      // one it started with, as a runtime's would be, and env files are how a user adds to it.
      const secret = 'lang-test-value-must-not-appear';
      const restore = await withEnvFile(`SA_LANG_COMPLETION_VAR=${secret}\n`);
      const editor = await untitledSkill('lang-env', '---\nname: lang-env\ndescription: d\nrequires:\n  env: [HOME, ]\n---\n\n# Body\n');
      try {
        const doc = editor.document;
        const items = await waitFor('the env file’s variable offered', async () => {
          const now = await completions(doc, at(doc, ', ]', 2));
          return now.some((i) => labelOf(i) === 'SA_LANG_COMPLETION_VAR') && now;
        });
        const names = items.map(labelOf);
        assert.ok(!names.includes('HOME'), 'an entry already listed is not offered again');
        for (const i of items) assert.ok(!JSON.stringify([labelOf(i), i.detail, docOf(i), insertOf(i)]).includes(secret), `${labelOf(i)} leaks a value`);
      } finally {
        await restore();
        await closeWithoutSaving(editor);
      }
    });

    it('nothing of ours in the body', async () => {
      const editor = await untitledSkill('lang-body', '---\nname: lang-body\ndescription: d\n---\n\nmode: \n');
      try {
        assert.deepEqual(await completions(editor.document, new vscode.Position(5, 6)), []);
      } finally {
        await closeWithoutSaving(editor);
      }
    });

    it('snippets: contributed for `skill`, offered by the provider for a markdown SKILL.md, the name from the folder', async () => {
      const skillDoc = await tempSkill('lang-snippet', '');
      try {
        const doc = skillDoc.document;
        assert.equal(doc.languageId, 'skill');
        const contributed = (await allCompletions(doc, new vscode.Position(0, 0))).filter((i) => i.kind === vscode.CompletionItemKind.Snippet).map(labelOf);
        assert.ok(contributed.includes('skill') && contributed.includes('requires'), JSON.stringify(contributed));

        await vscode.languages.setTextDocumentLanguage(doc, 'markdown');
        const md = skillDoc.document;
        const snippet = (await allCompletions(md, new vscode.Position(0, 0))).find(
          (i) => i.kind === vscode.CompletionItemKind.Snippet && i.detail === 'New skill',
        );
        assert.ok(snippet, 'the provider offers "New skill" in a blank markdown SKILL.md');
        assert.ok(snippet.insertText instanceof vscode.SnippetString);
        const editor = await vscode.window.showTextDocument(md);
        assert.ok(await editor.insertSnippet(snippet.insertText));
        const text = md.getText();
        assert.ok(text.startsWith('---\nname: lang-snippet\ndescription: What this skill does. Use when …\n---\n\n# Lang snippet\n'), JSON.stringify(text));

        // At the frontmatter's top level (no `requires` yet): the requires block.
        assert.ok(await editor.edit((b) => b.insert(new vscode.Position(3, 0), '\n')));
        const block = (await allCompletions(md, new vscode.Position(3, 0))).find(
          (i) => i.kind === vscode.CompletionItemKind.Snippet && i.detail === 'Requirements (nexo-rs requires)',
        );
        assert.ok(block, 'the requires block is offered at the top level');
        assert.match(insertOf(block) ?? '', /^requires:\n {2}bins: \[/);
      } finally {
        await closeWithoutSaving(skillDoc);
      }
    });
  });

  describe('hover', () => {
    // The hover tests open fixture skills read-only; close them after each.
    afterEach(async () => {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    });

    it('keys at any depth: each runtime that reads it, in its own words', async () => {
      const editor = await openSkill('skills', 'tools', 'probe-ok', 'SKILL.md');
      const doc = editor.document;
      await assertHoverStarts(doc, at(doc, 'bin_versions', 2), runtimeSays('nexo', 'requires', 'bin_versions'));
      await assertHoverStarts(doc, at(doc, '  bins', 3), runtimeSays('nexo', 'requires', 'bins'));
      const hermes = await untitledSkill(
        'lang-hover-keys',
        '---\nname: lang-hover-keys\ndescription: d\nmetadata:\n  hermes:\n    tags: [media]\n  openclaw:\n    always: true\n---\n\n# Body\n',
      );
      try {
        await assertHoverStarts(hermes.document, at(hermes.document, 'tags', 1), runtimeSays('hermes', 'metadata', 'hermes', 'tags'));
        // `metadata` is read by several runtimes that apply here (Hermes, OpenClaw): each one speaks.
        const md = await assertHoverStarts(hermes.document, at(hermes.document, 'metadata', 1), runtimeSays('hermes', 'metadata'));
        assert.ok(md.includes(`\n\n${runtimeSays('openclaw', 'metadata')}`), md);
        assert.ok(!md.includes('**nexo-rs:**'), 'nexo-rs does not apply');
      } finally {
        await closeWithoutSaving(hermes);
      }
    });

    it('a binary: its resolved path and version', async () => {
      const doc = (await openSkill('skills', 'tools', 'probe-ok', 'SKILL.md')).document;
      const bin = path.join(FAKE_BIN, 'sa-fake-ffmpeg');
      await assertHover(
        doc,
        at(doc, '[sa-fake-ffmpeg', 3),
        `sa-fake-ffmpeg is found: \`${bin}\`\n\nVersion 4.4.2 (from \`sa-fake-ffmpeg --version\`) satisfies \`>=4.0, <5\`.`,
      );
      // The bin_versions key: the same facts.
      await assertHover(
        doc,
        at(doc, '    sa-fake-ffmpeg:', 6),
        `sa-fake-ffmpeg is found: \`${bin}\`\n\nVersion 4.4.2 (from \`sa-fake-ffmpeg --version\`) satisfies \`>=4.0, <5\`.`,
      );
    });

    it('a missing binary: where it was searched', async () => {
      const doc = (await openSkill('skills', 'tools', 'strict-missing', 'SKILL.md')).document;
      const texts = await hovers(doc, at(doc, 'sa-definitely-missing-tool]', 2));
      const text = texts.find((t) => t.startsWith('sa-definitely-missing-tool is not found on PATH (searched: '));
      assert.ok(text, JSON.stringify(texts));
      assert.ok(text.includes(path.join(FAKE_BIN, 'sa-definitely-missing-tool')), 'the fake-bin folder is among the places searched');
    });

    it('a constraint: its meaning and whether the installed version satisfies it', async () => {
      const ok = (await openSkill('skills', 'tools', 'probe-ok', 'SKILL.md')).document;
      await assertHover(
        ok,
        at(ok, '">=4.0, <5"', 3),
        `\`>=4.0, <5\` means ≥ 4.0.0 and < 5.0.0.\n\nSatisfied by the installed version 4.4.2 (\`${path.join(FAKE_BIN, 'sa-fake-ffmpeg')}\`).`,
      );
      const old = (await openSkill('skills', 'tools', 'probe-old', 'SKILL.md')).document;
      await assertHover(
        old,
        at(old, '">=1.0"', 3),
        `\`>=1.0\` means ≥ 1.0.0.\n\nNot satisfied: the installed version is 0.9.0 (\`${path.join(FAKE_BIN, 'sa-fake-old')}\`).`,
      );
    });

    it('a field with a diagnostic still has its hover', async () => {
      const doc = (await openSkill('skills', 'bad-constraint', 'SKILL.md')).document;
      const [d] = await whenDiagnostic(doc.uri, 'constraint-invalid', true);
      assert.ok(d);
      const texts = await hovers(doc, d.range.start.translate(0, 2));
      assert.ok(
        texts.includes('`>=4.0 <5` is not a valid Cargo-style constraint (the problem above says why), so the runtime counts this dependency as missing.'),
        JSON.stringify(texts),
      );
      // The finding's own text (shown in the same hover by VS Code) is not repeated.
      assert.ok(!texts.some((t) => t.includes('space-separated comparators')), JSON.stringify(texts));
    });

    it('an env var: whether it is set, never its value', async () => {
      const doc = (await openSkill('skills', 'tools', 'needs-env', 'SKILL.md')).document;
      const pos = at(doc, 'SA_TEST_API_KEY]', 2);
      const secret = 'lang-hover-secret-4711';
      const hoverSays = (text: string) => waitFor(`the hover to say ${JSON.stringify(text)}`, async () => (await hovers(doc, pos)).includes(text));
      let restore = await withEnvFile(`SA_TEST_API_KEY=${secret}\n`);
      try {
        await hoverSays('SA_TEST_API_KEY is set (its value is never shown).');
        assert.ok(!(await hovers(doc, pos)).some((t) => t.includes(secret)), 'the value never appears');
        await restore();
        await hoverSays('SA_TEST_API_KEY is not set.');
        restore = await withEnvFile('SA_TEST_API_KEY="   "\n');
        await hoverSays('SA_TEST_API_KEY is set but blank, which counts as missing.');
      } finally {
        await restore();
      }
    });

    it('mode: what it does with the current results, and where it comes from', async () => {
      const editor = await untitledSkill(
        'lang-hover-mode',
        '---\nname: lang-hover-mode\ndescription: d\nrequires:\n  bins: [sa-definitely-missing-tool]\n  mode: strict\n---\n\n# Body\n',
      );
      try {
        const doc = editor.document;
        const says = 'strict: this skill is hidden because sa-definitely-missing-tool is not found.\n\nMode from `requires.mode` in this file.';
        await assertHover(doc, at(doc, 'strict', 2), says);
        const md = await assertHoverStarts(doc, at(doc, 'mode:', 1), runtimeSays('nexo', 'requires', 'mode'));
        assert.ok(md.endsWith(`\n\n---\n\n${says}`), md);
      } finally {
        await closeWithoutSaving(editor);
      }
      const saved = process.env['SA_TEST_API_KEY'];
      delete process.env['SA_TEST_API_KEY'];
      try {
        const warn = (await openSkill('skills', 'tools', 'needs-env', 'SKILL.md')).document;
        await assertHover(
          warn,
          at(warn, 'warn', 1),
          'warn: this skill is loaded with a MISSING DEPS banner because SA_TEST_API_KEY is unset.\n\nMode from `requires.mode` in this file.',
        );
      } finally {
        if (saved !== undefined) process.env['SA_TEST_API_KEY'] = saved;
      }
    });
  });

  describe('quick fixes', () => {
    /** On `skill` documents the name findings are left to VS Code's validator unless showOverlapping is on. */
    async function withOverlapping(fn: () => Promise<void>): Promise<void> {
      const section = vscode.workspace.getConfiguration('skillAuthor.diagnostics');
      await section.update('showOverlapping', true, vscode.ConfigurationTarget.Global);
      try {
        await fn();
      } finally {
        await section.update('showOverlapping', undefined, vscode.ConfigurationTarget.Global);
      }
    }

    it('name-dir-mismatch: set name to the folder name', async () => {
      await withOverlapping(() =>
        assertFix(
          'lang-fix-name',
          skillText('other-name', ''),
          'name-dir-mismatch',
          'Set `name` to the folder name `lang-fix-name`',
          skillText('lang-fix-name', ''),
        ),
      );
    });

    it('name-dir-mismatch: offered on a `skill` document where VS Code reports the mismatch', async () => {
      const editor = await tempSkill('lang-fix-name-vscode', skillText('other-name', ''));
      try {
        const doc = editor.document;
        const actions = await actionsAt(doc, new vscode.Range(at(doc, 'other-name'), at(doc, 'other-name', 10)));
        const action = actions.find((a) => a.title === 'Set `name` to the folder name `lang-fix-name-vscode`');
        assert.ok(action?.edit && action.isPreferred, JSON.stringify(actions.map((a) => a.title)));
      } finally {
        await closeWithoutSaving(editor);
      }
    });

    it('name-charset: the suggested name', async () => {
      await withOverlapping(() =>
        assertFix(
          'lang-fix-charset',
          skillText('Lang Fix Charset', ''),
          'name-charset',
          'Change `name` to `lang-fix-charset`',
          skillText('lang-fix-charset', ''),
        ),
      );
    });

    it('yaml-syntax: quote a value that broke on a colon', async () => {
      const before = '---\nname: lang-fix-colon\ndescription: Use when: the user asks\n---\n\n# Fixture\n\nDo it.\n';
      const after = '---\nname: lang-fix-colon\ndescription: "Use when: the user asks"\n---\n\n# Fixture\n\nDo it.\n';
      await assertFix('lang-fix-colon', before, 'yaml-syntax', 'Quote the value: "Use when: the user asks"', after);
    });

    it('constraint-invalid: npm space-separated comparators into Cargo form', async () => {
      const fm = (c: string): string => skillText('lang-fix-constraint', `requires:\n  bins: [sa-fake-ffmpeg]\n  bin_versions:\n    sa-fake-ffmpeg: ${c}\n`);
      await assertFix('lang-fix-constraint', fm('">=4.0 <5"'), 'constraint-invalid', 'Use Cargo syntax: `>=4.0, <5`', fm('">=4.0, <5"'));
    });

    it('constraint-invalid with `||`: an explanation that edits nothing', async () => {
      const text = skillText('lang-fix-or', 'requires:\n  bin_versions:\n    ffmpeg: "^4 || ^5"\n');
      const editor = await tempSkill('lang-fix-or', text);
      const doc = editor.document;
      try {
        const [d] = await whenDiagnostic(doc.uri, 'constraint-invalid', true);
        assert.ok(d);
        const actions = await actionsAt(doc, d.range);
        const explain = actions.find((a) => a.title === 'Why `||` has no Cargo equivalent (nothing to rewrite)');
        assert.ok(explain, JSON.stringify(actions.map((a) => a.title)));
        assert.equal(explain.edit, undefined, 'no edit');
        assert.notEqual(explain.isPreferred, true);
        assert.equal(explain.command?.command, 'skillAuthor.explainConstraint');
        assert.match(String(explain.command?.arguments?.[0]), /no single equivalent/);
        await vscode.commands.executeCommand(explain.command.command, ...(explain.command.arguments ?? []));
        assert.equal(doc.getText(), text);
        assert.equal(doc.isDirty, false);
        assert.ok(!actions.some((a) => a.edit && a.diagnostics?.some((x) => codeOf(x) === 'constraint-invalid')), 'no rewrite is offered for ||');
      } finally {
        await closeWithoutSaving(editor);
      }
    });

    it('requirements-ignored: `bins: ffmpeg` becomes a list', async () => {
      await assertFix(
        'lang-fix-bins',
        skillText('lang-fix-bins', 'requires:\n  bins: ffmpeg\n'),
        'requirements-ignored',
        'Make `bins` a list: [ffmpeg]',
        skillText('lang-fix-bins', 'requires:\n  bins: [ffmpeg]\n'),
      );
    });

    it('requirements-ignored: a misspelt mode and an unquoted version', async () => {
      await assertFix(
        'lang-fix-mode',
        skillText('lang-fix-mode', 'requires:\n  mode: warnn\n'),
        'requirements-ignored',
        'Change to `warn`',
        skillText('lang-fix-mode', 'requires:\n  mode: warn\n'),
      );
      await assertFix(
        'lang-fix-float',
        skillText('lang-fix-float', 'requires:\n  bin_versions:\n    sa-fake-ffmpeg: 4.0\n'),
        'requirements-ignored',
        'Quote it: "4.0"',
        skillText('lang-fix-float', 'requires:\n  bin_versions:\n    sa-fake-ffmpeg: "4.0"\n'),
      );
    });

    it('requires-duplicate: remove the repeat', async () => {
      await assertFix(
        'lang-fix-dup',
        skillText('lang-fix-dup', 'requires:\n  bins: [sa-fake-ffmpeg, sa-fake-old, sa-fake-ffmpeg]\n'),
        'requires-duplicate',
        'Remove the repeated `sa-fake-ffmpeg`',
        skillText('lang-fix-dup', 'requires:\n  bins: [sa-fake-ffmpeg, sa-fake-old]\n'),
      );
    });

    it('duplicate-key: remove the repeated key', async () => {
      await assertFix(
        'lang-fix-dupkey',
        skillText('lang-fix-dupkey', 'license: MIT\nlicense: Apache-2.0\n'),
        'duplicate-key',
        'Remove the repeated `license` (keep the first)',
        skillText('lang-fix-dupkey', 'license: MIT\n'),
      );
    });

    it('scalar-not-string: quote it', async () => {
      await assertFix(
        'lang-fix-version',
        skillText('lang-fix-version', 'version: 1.10\n'),
        'scalar-not-string',
        'Quote it: "1.10"',
        skillText('lang-fix-version', 'version: "1.10"\n'),
      );
    });

    it('unknown-field near miss: rename it', async () => {
      await assertFix(
        'lang-fix-typo',
        skillText('lang-fix-typo', 'require:\n  bins: [sa-fake-ffmpeg]\n'),
        'unknown-field',
        'Rename to `requires`',
        skillText('lang-fix-typo', 'requires:\n  bins: [sa-fake-ffmpeg]\n'),
      );
    });

    it('a file with a BOM: the fix lands where the finding is', async () => {
      const body = skillText('lang-fix-bom', 'version: 1.10\n');
      const editor = await tempSkill('lang-fix-bom', `\uFEFF${body}`);
      const doc = editor.document;
      try {
        assert.equal(doc.getText(), body, 'VS Code hides the BOM');
        const [d] = await whenDiagnostic(doc.uri, 'scalar-not-string', true);
        assert.ok(d);
        assert.ok(d.range.isEqual(new vscode.Range(at(doc, '1.10'), at(doc, '1.10', 4))), 'the finding is on the value');
        const action = (await actionsAt(doc, d.range)).find((a) => a.title === 'Quote it: "1.10"');
        assert.ok(action?.edit);
        assert.ok(await vscode.workspace.applyEdit(action.edit));
        assert.equal(doc.getText(), skillText('lang-fix-bom', 'version: "1.10"\n'));
        await whenDiagnostic(doc.uri, 'scalar-not-string', false);
      } finally {
        await closeWithoutSaving(editor);
      }
    });

    it('a skill hidden by strict: add `mode: warn` inside requires', async () => {
      const editor = await tempSkill('lang-fix-warn', skillText('lang-fix-warn', 'requires:\n  bins: [sa-definitely-missing-tool]\n'));
      const doc = editor.document;
      try {
        const title = 'Load with a MISSING DEPS banner instead of hiding the skill (mode: warn)';
        const onBody = await actionsAt(doc, new vscode.Range(at(doc, '# Fixture'), at(doc, '# Fixture')));
        assert.ok(!onBody.some((a) => a.title === title), 'only offered on the requirements');
        const action = await waitFor('the mode: warn action', async () =>
          (await actionsAt(doc, new vscode.Range(at(doc, 'requires'), at(doc, 'requires')))).find((a) => a.title === title),
        );
        assert.equal(action.kind?.value, vscode.CodeActionKind.QuickFix.value);
        assert.ok(action.edit);
        assert.ok(await vscode.workspace.applyEdit(action.edit));
        assert.equal(doc.getText(), skillText('lang-fix-warn', 'requires:\n  bins: [sa-definitely-missing-tool]\n  mode: warn\n'));
        await assertHover(
          doc,
          at(doc, 'mode: warn', 7),
          'warn: this skill is loaded with a MISSING DEPS banner because sa-definitely-missing-tool is not found.\n\nMode from `requires.mode` in this file.',
        );
        const again = await actionsAt(doc, new vscode.Range(at(doc, 'requires'), at(doc, 'requires')));
        assert.ok(!again.some((a) => a.title === title), 'no longer offered once the skill is visible');
      } finally {
        await closeWithoutSaving(editor);
      }
    });

    it('an OpenClaw finding: `os: [macos]` becomes darwin, and the finding goes once saved', async () => {
      // Directly under the skills root, where OpenClaw looks (one level down); its findings are the saved file's.
      const dir = fixtureUri('skills', 'lang-claw');
      const file = vscode.Uri.joinPath(dir, 'SKILL.md');
      const text = (os: string): string => skillText('lang-claw', `metadata: {"openclaw": {"os": ["${os}"]}}\n`);
      try {
        await vscode.workspace.fs.writeFile(file, Buffer.from(text('macos')));
        await vscode.commands.executeCommand('vscode.open', file);
        const doc = vscode.window.activeTextEditor?.document;
        assert.ok(doc && doc.uri.toString() === file.toString());
        const [d] = await whenDiagnostic(doc.uri, 'openclaw-os-value', true);
        assert.ok(d);
        assert.ok(d.range.contains(at(doc, 'macos')), 'the finding is on the value');
        let titles: string[] = [];
        const action = await waitFor('the OpenClaw fix', async () => {
          const actions = await actionsAt(doc, d.range);
          titles = actions.map((a) => a.title);
          return actions.find((a) => a.title === 'Use darwin');
        }).catch(() => assert.fail(`no "Use darwin" among ${JSON.stringify(titles)} at ${JSON.stringify(d.range)}`));
        assert.ok(action.edit, 'the fix carries an edit');
        assert.equal(action.isPreferred, true);
        assert.ok(await vscode.workspace.applyEdit(action.edit));
        assert.equal(doc.getText(), text('darwin'));
        assert.ok(await doc.save());
        // OpenClaw's findings are the saved file's, from the store's judgement of its skills root.
        await waitFor('openclaw-os-value gone', () => ours(doc.uri, 'openclaw-os-value').length === 0, 30_000);
      } finally {
        await vscode.commands.executeCommand('workbench.action.closeAllEditors');
        await vscode.workspace.fs.delete(dir, { recursive: true }).then(undefined, () => undefined);
      }
    });
  });
});
